"""A tournament as its pages read it: its rounds and tables, each table's result from its
match's stored summary, and the standings (worked out by calculator/pairing/); read once per
version of the tournament and kept in this process."""

import sys
from dataclasses import dataclass, field
from functools import cached_property

from django.db.models import Sum

from belot_site.lru import BoundedStore
from calculator import engine
from calculator.matches import summary
from calculator.models import (
    ROUND_ROBIN,
    Match,
    Tournament,
    TournamentPair,
    TournamentRound,
    TournamentTable,
)
from calculator.pairing import (
    MatchResult,
    Pair,
    RoundPairings,
    RoundResult,
    knockout_places,
    knockout_rounds,
    round_robin,
    standings,
)

KNOCKOUT_SIZES = (2, 4, 8, 16)


# What a table's standings need of its match's summary (calculator/tables/stats.py, summarize).
FIGURES = ("deals", "games", "winner", "points", "playing")


NO_DEALS = {"deals": 0, "games": [], "winner": None, "points": [0, 0], "playing": [0, 0]}


@dataclass(frozen=True)
class TableState:
    """A table of a round with what the engine's fold of its match gives: the match's summary
    (``FIGURES``), kept per version of the match (matches/summary.py, ``match_summaries``)."""

    table: TournamentTable
    figures: dict

    @property
    def match(self) -> Match:
        return self.table.match

    @property
    def by_hand(self) -> bool:
        """Whether the organizer entered the result by hand (the table kept it on paper)."""
        return self.table.hand_points_a is not None

    @property
    def finished(self) -> bool:
        return self.by_hand or self.figures["winner"] is not None

    @property
    def deals(self) -> int:
        return self.figures["deals"]

    @property
    def games_won(self) -> tuple[int, int]:
        if self.by_hand:
            return self.table.hand_games_a, self.table.hand_games_b
        games = self.figures["games"]
        return games.count("A"), games.count("B")

    @property
    def points(self) -> tuple[int, int]:
        """Each side's points: the totals of its games added up, the game in play included."""
        if self.by_hand:
            return self.table.hand_points_a, self.table.hand_points_b
        (ended_a, ended_b), (playing_a, playing_b) = self.figures["points"], self.figures["playing"]
        return ended_a + playing_a, ended_b + playing_b

    @cached_property
    def result(self) -> MatchResult | None:
        """The finished match as the standings read it; None while it is being played."""
        table = self.table
        if self.by_hand:
            games_a, games_b = self.games_won  # never equal (hand_games)
            winner = table.pair_a_id if games_a > games_b else table.pair_b_id
            return MatchResult(table.pair_a_id, table.pair_b_id, winner, *self.points)
        won = self.figures["winner"]
        if won is None:
            return None
        winner = table.pair_a_id if won == engine.Team.A.value else table.pair_b_id
        return MatchResult(table.pair_a_id, table.pair_b_id, winner, *self.figures["points"])


@dataclass(frozen=True)
class RoundState:
    round: TournamentRound
    tables: tuple[TableState, ...]

    @property
    def number(self) -> int:
        return self.round.number

    @cached_property
    def finished(self) -> bool:
        return all(table.finished for table in self.tables)

    def result(self) -> RoundResult:
        """The round's finished matches (all of them once it is finished) and its bye."""
        matches = tuple(r for table in self.tables if (r := table.result) is not None)
        return RoundResult(self.number, matches, self.round.bye_id)


@dataclass(frozen=True)
class TournamentState:
    """The tournament at one version: the same for every page and every phone until it
    changes, so what is worked out from it (the standings, a round's pairings) is worked out
    once and kept with it (``tournament_state``)."""

    tournament: Tournament
    pairs: tuple[TournamentPair, ...]  # in seed order
    rounds: tuple[RoundState, ...]
    version: str = ""  # tournament_version's, when it was read with it
    # What the pages work out from it, once (``kept``): a round's pairings, each pair's matches.
    memo: dict = field(default_factory=dict, compare=False, repr=False)

    def kept(self, name, make):
        """``make()``, worked out once for this state: the same for every page at its version.
        (Two threads may both work it out the first time; they find the same.)"""
        if name not in self.memo:
            self.memo[name] = make()
        return self.memo[name]

    @cached_property
    def open_round(self) -> RoundState | None:
        last = self.rounds[-1] if self.rounds else None
        return last if last is not None and not last.finished else None

    @property
    def next_number(self) -> int:
        return len(self.rounds) + 1

    @cached_property
    def by_id(self) -> dict[int, TournamentPair]:
        return {pair.pk: pair for pair in self.pairs}

    @cached_property
    def match_versions(self) -> dict[int, int]:
        """Each table's match by its id: the version it was read at."""
        return {t.table.match_id: t.match.version for r in self.rounds for t in r.tables}

    def pure_pairs(self) -> list[Pair]:
        return [Pair(p.pk, p.first_round, p.withdrawn_from) for p in self.pairs]

    @property
    def knockout_started(self) -> bool:
        return self.tournament.knockout_from is not None

    @cached_property
    def swiss_rounds(self) -> tuple[RoundState, ...]:
        """The rounds before the knock-out stage (all of them until it starts)."""
        first = self.tournament.knockout_from
        return tuple(r for r in self.rounds if first is None or r.number < first)

    @cached_property
    def knockout_rounds(self) -> tuple[RoundState, ...]:
        return self.rounds[len(self.swiss_rounds) :]

    def results(self) -> list[RoundResult]:
        """What the standings are made from: every finished match, and each round's bye, of
        the rounds before the knock-out (its matches decide who goes on, not the standings)."""
        return list(self._results)

    @cached_property
    def _results(self) -> tuple[RoundResult, ...]:
        return tuple(round_.result() for round_ in self.swiss_rounds)

    def knockout_ranking(self) -> list[int]:
        """The pairs that play on, best first: what the knock-out is seeded by."""
        number = self.tournament.knockout_from or self.next_number
        playing = {pair.pk for pair in self.playing(number)}
        return [line.pair for line in self.standings() if line.pair in playing]

    @cached_property
    def knockout_sizes(self) -> tuple[int, ...]:
        """The knock-outs the organizer can start now (none while a round is played)."""
        if (
            self.tournament.format == ROUND_ROBIN
            or self.knockout_started
            or not self.rounds
            or self.open_round is not None
        ):
            return ()
        count = len(self.playing(self.next_number))
        return tuple(size for size in KNOCKOUT_SIZES if size <= count)

    @cached_property
    def champion(self) -> TournamentPair | None:
        """The winner of the final (table 1 of the knock-out's last round), once it is played."""
        played = self.knockout_rounds
        if not played or len(played) < knockout_rounds(self.tournament.knockout_size):
            return None
        final = played[-1].tables[0]
        return self.by_id[final.result.winner] if final.finished else None

    def classification(self) -> list[TournamentPair] | None:
        """The final classification once the knock-out's last round is played (the final and
        the match for third place): 1st to 4th from them, then the rest by the standings."""
        played = self.knockout_rounds
        if not played or not played[-1].finished:
            return None
        ranking = [line.pair for line in self.standings()]
        results = [round_.result() for round_ in played]
        places = knockout_places(ranking, results, self.tournament.knockout_size)
        return None if places is None else [self.by_id[pair] for pair in places]

    def playing(self, number: int) -> list[TournamentPair]:
        return [
            p for p, pure in zip(self.pairs, self.pure_pairs(), strict=True) if pure.plays(number)
        ]

    def standings(self):
        """The standings (calculator/pairing/standings.py), worked out once per state."""
        return self._standings

    @cached_property
    def _standings(self):
        return standings(self.pure_pairs(), self.results(), bye_points=self.tournament.bye_points)

    def schedule(self) -> tuple[RoundPairings, ...]:
        """A round robin's rounds, drawn up from the pairs that play its first round."""
        return round_robin([pair.pk for pair in self.playing(1)])

    @cached_property
    def rounds_in_all(self) -> int | None:
        """How many rounds a round robin has (None: Swiss rounds, as many as the organizer
        starts, up to SWISS_ROUNDS_MAX)."""
        if self.tournament.format != ROUND_ROBIN or not 2 <= len(self.playing(1)) <= 12:
            return None
        return len(self.schedule())


def _tables(tournament: Tournament, pairs: dict, rounds: dict, matches=None) -> dict[int, list]:
    """Each round's tables by the round's id (only those of ``matches``, a list of match ids,
    if given), each with its match (what its pages link: its keys, and its version) and its
    pairs and round set from those read already (no query each)."""
    found = TournamentTable.objects.filter(round__tournament=tournament)
    if matches is not None:
        found = found.filter(match__in=matches)
    found = (
        found.select_related("match")
        .only(*TABLE_COLUMNS, *(f"match__{name}" for name in MATCH_COLUMNS))
        .order_by("round_id", "number")
    )
    by_round = {pk: [] for pk in rounds}
    pair_a, pair_b = TournamentTable.pair_a.field, TournamentTable.pair_b.field
    for table in found.iterator(chunk_size=1000):
        pair_a.set_cached_value(table, pairs[table.pair_a_id])
        pair_b.set_cached_value(table, pairs[table.pair_b_id])
        TournamentTable.round.field.set_cached_value(table, rounds[table.round_id])
        by_round[table.round_id].append(table)
    return by_round


TABLE_COLUMNS = (
    "round", "number", "pair_a", "pair_b", "match",
    "hand_points_a", "hand_points_b", "hand_games_a", "hand_games_b",
)  # fmt: skip


MATCH_COLUMNS = ("version", "updated", "scorer_key", "watch_key")


def read_state(tournament: Tournament, version: str = "") -> TournamentState:
    """The tournament as the database holds it now, with each table's match's summary: a
    fixed number of queries however many tables it has, and only the matches changed since
    their summaries were stored are folded by the engine (calculator/tables/stats.py). The writes
    read it so, ``tournament`` being their locked row; the pages through
    ``tournament_state``."""
    pairs = tuple(tournament.pairs.all())
    by_id = {pair.pk: pair for pair in pairs}
    rounds = {round_.pk: round_ for round_ in tournament.rounds.all()}
    for round_ in rounds.values():
        if round_.bye_id is not None:
            TournamentRound.bye.field.set_cached_value(round_, by_id[round_.bye_id])
    tables = _tables(tournament, by_id, rounds)
    matches = [table.match for of_round in tables.values() for table in of_round]
    figures = summary.match_summaries(matches, FIGURES)
    return TournamentState(
        tournament=tournament,
        pairs=pairs,
        rounds=tuple(
            RoundState(
                round_,
                tuple(
                    TableState(table, figures.get(table.match_id) or NO_DEALS)
                    for table in tables[round_.pk]
                ),
            )
            for round_ in sorted(rounds.values(), key=lambda round_: round_.number)
        ),
        version=version,
    )


def _moved_on(kept: TournamentState, row: Tournament, version: str) -> TournamentState | None:
    """``kept`` at ``version`` when only its matches changed since (deals saved at tables): the
    tables whose match's version moved are read again with their summaries, the others kept
    as they are. None when the organizer changed something (a round, a pair, a result by
    hand: the tournament's own version moved): then it is read whole."""
    if (kept.tournament.version, kept.tournament.updated) != (row.version, row.updated):
        return None
    tables = TournamentTable.objects.filter(round__tournament=row)
    now = dict(tables.values_list("match_id", "match__version"))
    known = kept.match_versions
    if now.keys() != known.keys():
        return None
    changed = [match for match, version in now.items() if known[match] != version]
    rounds = {round_.round.pk: round_.round for round_ in kept.rounds}
    read = _tables(row, kept.by_id, rounds, matches=changed)
    fresh = {table.match_id: table for of_round in read.values() for table in of_round}
    figures = summary.match_summaries([table.match for table in fresh.values()], FIGURES)

    def again(table: TableState) -> TableState:
        new = fresh.get(table.table.match_id)
        return table if new is None else TableState(new, figures.get(new.match_id) or NO_DEALS)

    return TournamentState(
        tournament=row,
        pairs=kept.pairs,
        rounds=tuple(
            RoundState(r.round, tuple(map(again, r.tables))) if read.get(r.round.pk) else r
            for r in kept.rounds
        ),
        version=version,
    )


def _order(version: str) -> tuple[int, ...]:
    return tuple(int(part) for part in version.split("-"))


def _cost(_key, state: TournamentState) -> int:
    """What a kept state takes in memory, a little more than it does: with tracemalloc, 960
    tables of 128 pairs took 2.7 MB, and 3.2 MB with what the pages keep with it (``kept``)
    in three languages. It never changes while the state is kept, as BoundedStore needs."""
    tables = sum(len(round_.tables) for round_ in state.rounds)
    return 3584 * tables + 1024 * len(state.pairs) + sys.getsizeof(state)


# The tournaments' states last read in this process, the newest of each tournament: every page of
# a tournament at one version shares one, and a new version reads again only the tables whose
# match changed (``_moved_on``). At most STATES_BYTES of them (the largest tournament's: 3.5 MB).
STATES_BYTES = 24 * 1024 * 1024


_states = BoundedStore(STATES_BYTES, _cost, largest=STATES_BYTES // 4)


def tournament_state(tournament: Tournament) -> TournamentState:
    """The tournament as its pages show it. Its version is read first (one query: its row,
    read again so that the state's fields are those of that version, and the sum of its
    matches' versions); the state kept in this process is taken if it is at that version,
    else moved on to it (``_moved_on``) or read whole (``read_state``), and kept if newer."""
    row = (
        Tournament.objects.filter(pk=tournament.pk)
        .annotate(matches=Sum("rounds__tables__match__version"))
        .get()
    )
    version = f"{row.version}-{row.matches or 0}"
    kept = _states.get(row.pk)
    if kept is not None and kept.version == version and kept.tournament.updated == row.updated:
        return kept
    state = None if kept is None else _moved_on(kept, row, version)
    if state is None:
        state = read_state(row, version)
    if kept is None or _order(version) >= _order(kept.version):  # older: read for this one
        _states.put(row.pk, state)
    return state


def tournament_version(tournament: Tournament) -> str:
    """What the standings page polls: the organizer's writes and every write to one of its
    matches raise it (a match's version only goes up, so their sum does too)."""
    total = (
        Match.objects.filter(tournament_table__round__tournament=tournament)
        .aggregate(total=Sum("version"))
        .get("total")
    )
    return f"{tournament.version}-{total or 0}"
