"""A tournament's writes and what its pages read: the pairs, the rounds, each table's match.

The pairing and the standings are the pure package's (calculator/pairing/, see
docs/tournaments.md); this module feeds it the tournament as the database holds it, and a
match's result only once the engine says the match is over: its winner, and each side's points
(the games' totals added up). Every write locks the tournament's row and checks again what the
organizer's form checked, so that two taps or two phones cannot start a round twice.
"""

import logging
import sys
from dataclasses import dataclass, field
from functools import cached_property

from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction
from django.db.models import Sum
from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext_lazy

from belot_site.lru import BoundedStore
from calculator import engine, stats
from calculator.models import (
    PAIRS_MAX,
    ROUND_ROBIN,
    SWISS_ROUNDS_MAX,
    Match,
    Tournament,
    TournamentPair,
    TournamentRound,
    TournamentTable,
)
from calculator.pairing import (
    MAX_ROUND_ROBIN_PAIRS,
    MatchResult,
    Pair,
    RoundPairings,
    RoundResult,
    TournamentError,
    knockout_first_round,
    knockout_next_round,
    knockout_places,
    knockout_rounds,
    round_robin,
    standings,
    swiss_pairings,
)
from calculator.services import pair_name
from calculator.tournament_swap import SWAP_KNOCKOUT, SWAP_ROUND_ROBIN, order_of, pairings_of

ROUND_OPEN = _(
    "Round %(number)s is still being played: a round can be started, and pairs added or "
    "withdrawn, once every match of the round before is finished."
)
ROUND_STARTED = _("Round %(number)s has already been started.")
ROUND_NOT_NEXT = _("The next round is round %(number)s.")
SWISS_ROUNDS_FULL = ngettext_lazy(
    "A tournament has at most %(max)s Swiss round: the knock-out stage can follow it.",
    "A tournament has at most %(max)s Swiss rounds: the knock-out stage can follow them.",
    "max",
)
TOO_FEW_PAIRS = _("A round needs at least 2 pairs that play, not %(count)s.")
ROUND_ROBIN_OVER = _("Every round of the round robin has been played.")
ROUND_ROBIN_FIXED = _(
    "A round robin's rounds are drawn up when it starts: pairs can no longer be added or withdrawn."
)
PAIR_TWICE = _("The pair %(pair)s is in the tournament already.")
PAIRS_FULL = _("A tournament has at most %(max)s pairs.")
ROUND_ROBIN_SIZE = _("A round robin is for 2 to %(max)s pairs, not %(count)s.")
PAIR_WITHDRAWN = _("This pair has already withdrawn.")
PAIR_GONE_TOO_LONG = _(
    "Only a pair withdrawn since the last round was played can come back: this one has "
    "missed a round already."
)
HAND_STALE = _(
    "The tournament changed while the page was open (a deal saved, a result entered): "
    "nothing was written. Check the table's score below and enter the result again."
)
HAND_TIE = _(
    "A match has a winner: the points cannot be equal. Enter each side's points as the "
    "paper sheet has them."
)
HAND_GAMES = _(
    "In a best of 3 the winner has won 2 games and the other side 0 or 1: enter the games "
    "as %(games)s."
)
HAND_HAS_DEALS = _(
    "Table %(number)s's match has deals saved already: its score is kept there. Correct "
    "the deals on the match's page instead of entering a result by hand."
)
HAND_NOT_CURRENT = _(
    "A result can be entered by hand only for a table of round %(number)s, the round being played."
)
ROUND_STALE = _(
    "The tournament changed while the pairings of round %(number)s were shown (a result "
    "corrected, a pair added or withdrawn), and nothing was started. Look at the new "
    "pairings and start the round again."
)
ROUND_STALE_KNOCKOUT = _(
    "The tournament changed while the bracket's round %(number)s was shown (a result "
    "corrected), and nothing was started. Look at its ties as they are now and start the "
    "round again."
)
KNOCKOUT_SIZES = (2, 4, 8, 16)
KNOCKOUT_SWISS_ONLY = _("A knock-out stage follows Swiss rounds; a round robin has none.")
KNOCKOUT_NO_ROUNDS = _("The knock-out stage starts after the Swiss rounds: play a round first.")
KNOCKOUT_STARTED = _("The knock-out stage has already started.")
KNOCKOUT_TOO_BIG = _(
    "A knock-out of the top %(size)s needs %(size)s pairs that play; there are %(count)s."
)
KNOCKOUT_SIZE = _("A knock-out stage takes the top 2, 4, 8 or 16 pairs of the standings.")
KNOCKOUT_STALE = _(
    "The tournament changed while the knock-out's bracket was shown (a result corrected, a "
    "pair added or withdrawn), and nothing was started. Here is the bracket as the standings "
    "make it now: check it and start the knock-out stage again."
)
KNOCKOUT_FIXED = _("The knock-out stage has started: pairs can no longer be added or withdrawn.")
KNOCKOUT_OVER = _("The final has been played: the tournament is over.")
# The checks above come first, so the pure package refusing the pairings would be a fault of the
# site's: the organizer is told so in words, and the package's codes go to the log.
PAIRING_REFUSED = _(
    "The site could not draw up the pairings of round %(number)s, and nothing was changed. "
    "Check the list of pairs and try again."
)

logger = logging.getLogger(__name__)


def pair_key(first: str, second: str) -> frozenset:
    """What makes two pairs the same pair: the same two names, in either order, in any case."""
    return frozenset((first.casefold(), second.casefold()))


def _refuse(message, code: str, **params):
    raise ValidationError(message, code=code, params=params or None)


# Reading a tournament


# What a table's standings need of its match's summary (calculator/stats.py, summarize).
FIGURES = ("deals", "games", "winner", "points", "playing")
NO_DEALS = {"deals": 0, "games": [], "winner": None, "points": [0, 0], "playing": [0, 0]}


@dataclass(frozen=True)
class TableState:
    """A table of a round with what the engine's fold of its match gives: the match's summary
    (``FIGURES``), kept per version of the match (calculator/stats.py, ``match_summaries``)."""

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
    their summaries were stored are folded by the engine (calculator/stats.py). The writes
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
    figures = stats.match_summaries(matches, FIGURES)
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
    figures = stats.match_summaries([table.match for table in fresh.values()], FIGURES)

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


# Writing


def _check_new_pairs(existing, pairs: list[tuple[str, str]]) -> None:
    known = {pair_key(p.player_1, p.player_2) for p in existing}
    for first, second in pairs:
        if pair_key(first, second) in known:
            _refuse(PAIR_TWICE, "pair_twice", pair=f"{first} & {second}")
        known.add(pair_key(first, second))
    if len(known) > PAIRS_MAX:
        _refuse(PAIRS_FULL, "pairs_full", max=PAIRS_MAX)


def _add_pairs(tournament: Tournament, pairs, first_round: int) -> None:
    last = tournament.pairs.order_by("-seed").values_list("seed", flat=True).first() or 0
    TournamentPair.objects.bulk_create(
        TournamentPair(
            tournament=tournament,
            seed=last + offset,
            player_1=first,
            player_2=second,
            first_round=first_round,
        )
        for offset, (first, second) in enumerate(pairs, start=1)
    )


def tournament_create(*, pairs: list[tuple[str, str]], **fields) -> Tournament:
    """A new tournament (``fields``: its name, date, game, house rules, match format and
    format) with its pairs in the order given; ValidationError and nothing saved if two of
    them are the same pair."""
    _check_new_pairs([], pairs)
    if fields.get("format") == ROUND_ROBIN and not 2 <= len(pairs) <= MAX_ROUND_ROBIN_PAIRS:
        _refuse(ROUND_ROBIN_SIZE, "round_robin_size", max=MAX_ROUND_ROBIN_PAIRS, count=len(pairs))
    with transaction.atomic():
        tournament = Tournament.objects.create(**fields)
        _add_pairs(tournament, pairs, first_round=1)
    return tournament


def _locked(tournament: Tournament) -> Tournament:
    return Tournament.objects.select_for_update().get(pk=tournament.pk)


def _touch(tournament: Tournament) -> None:
    tournament.version += 1
    tournament.save(update_fields=["version", "updated"])


def _between_rounds(state: TournamentState) -> None:
    """Refuse a change of the pairs while a round is played, or once a round robin began."""
    if state.open_round is not None:
        _refuse(ROUND_OPEN, "round_open", number=state.open_round.number)
    if state.tournament.format == ROUND_ROBIN and state.rounds:
        _refuse(ROUND_ROBIN_FIXED, "round_robin_fixed")
    if state.knockout_started:
        _refuse(KNOCKOUT_FIXED, "knockout_fixed")


def tournament_pairs_add(*, tournament: Tournament, pairs: list[tuple[str, str]]) -> None:
    """Add ``pairs`` between rounds: they play from the next round on, from 0 wins."""
    with transaction.atomic():
        tournament = _locked(tournament)
        state = read_state(tournament)
        _between_rounds(state)
        _check_new_pairs(state.pairs, pairs)
        if tournament.format == ROUND_ROBIN and len(state.pairs) + len(pairs) > 12:
            count = len(state.pairs) + len(pairs)
            _refuse(ROUND_ROBIN_SIZE, "round_robin_size", max=MAX_ROUND_ROBIN_PAIRS, count=count)
        _add_pairs(tournament, pairs, first_round=state.next_number)
        _touch(tournament)


def tournament_pair_withdraw(*, tournament: Tournament, pair: TournamentPair) -> None:
    """Withdraw ``pair`` between rounds: it keeps its results and plays no more. A pair that
    has played no round yet leaves the list altogether."""
    with transaction.atomic():
        tournament = _locked(tournament)
        state = read_state(tournament)
        pair = TournamentPair.objects.select_for_update().get(pk=pair.pk)
        if pair.withdrawn_from is not None:
            _refuse(PAIR_WITHDRAWN, "pair_withdrawn")
        _between_rounds(state)
        if pair.first_round >= state.next_number:
            pair.delete()
        else:
            pair.withdrawn_from = state.next_number
            pair.save(update_fields=["withdrawn_from"])
        _touch(tournament)


def tournament_pair_return(*, tournament: Tournament, pair: TournamentPair) -> None:
    """Take back the withdrawal of ``pair`` (a mistaken tap) before the round it was
    withdrawn from starts: it plays on as if it had never withdrawn."""
    with transaction.atomic():
        tournament = _locked(tournament)
        state = read_state(tournament)
        pair = TournamentPair.objects.select_for_update().get(pk=pair.pk)
        if pair.withdrawn_from is None:
            return
        _between_rounds(state)
        if pair.withdrawn_from != state.next_number:
            _refuse(PAIR_GONE_TOO_LONG, "pair_gone_too_long")
        pair.withdrawn_from = None
        pair.save(update_fields=["withdrawn_from"])
        _touch(tournament)


def _pairings(state: TournamentState, number: int) -> RoundPairings:
    """Round ``number``'s pairings, drawn up once per state (a Swiss round of 128 pairs takes
    tens of milliseconds): the preview asked again shows the kept ones."""
    return state.kept(("pairings", number), lambda: _drawn_up(state, number))


def _drawn_up(state: TournamentState, number: int) -> RoundPairings:
    tournament = state.tournament
    if state.knockout_started:
        if state.champion is not None:
            _refuse(KNOCKOUT_OVER, "knockout_over")
        played = [round_.result() for round_ in state.knockout_rounds]
        return knockout_next_round(played, tournament.knockout_size)
    if tournament.format == ROUND_ROBIN:
        schedule = state.schedule()
        if number > len(schedule):
            _refuse(ROUND_ROBIN_OVER, "round_robin_over")
        return schedule[number - 1]
    return swiss_pairings(state.pure_pairs(), state.results(), bye_points=tournament.bye_points)


def round_proposal(state: TournamentState, number: int) -> RoundPairings:
    """Round ``number``'s pairings as the site draws them up (nothing stored). ValidationError
    if that round has started already, the round before is still played, it would be a Swiss
    round past SWISS_ROUNDS_MAX or too few pairs play."""
    if number < state.next_number:
        _refuse(ROUND_STARTED, "round_started", number=number)
    if state.open_round is not None:
        _refuse(ROUND_OPEN, "round_open", number=state.open_round.number)
    if number != state.next_number:
        _refuse(ROUND_NOT_NEXT, "round_not_next", number=state.next_number)
    swiss = state.tournament.format != ROUND_ROBIN and not state.knockout_started
    if swiss and number > SWISS_ROUNDS_MAX:
        _refuse(SWISS_ROUNDS_FULL, "swiss_rounds_full", max=SWISS_ROUNDS_MAX)
    playing = state.playing(number)
    if len(playing) < 2:
        _refuse(TOO_FEW_PAIRS, "too_few_pairs", count=len(playing))
    try:
        return _pairings(state, number)
    except TournamentError as error:
        logger.error("round %s not paired: %s", number, ", ".join(error.codes))
        _refuse(PAIRING_REFUSED, "pairing_refused", number=number)


def tournament_round_start(
    *, tournament: Tournament, number: int, order: list[int] | None = None, version: str = ""
) -> TournamentRound:
    """Start round ``number`` (the next one, as the organizer's page showed it), a match for
    each table: with the pairings of the pure package, or, given ``order``, exactly the
    pairings the organizer's preview showed at ``version`` (tournament_swap.py).
    ValidationError, and nothing written, if that round has started already, the round before
    is still played, too few pairs play, or the tournament changed since the preview."""
    try:
        with transaction.atomic():
            tournament = _locked(tournament)
            state = read_state(tournament)
            pairings = round_proposal(state, number)
            if order is not None:
                if version != tournament_version(tournament):
                    stale = ROUND_STALE_KNOCKOUT if state.knockout_started else ROUND_STALE
                    _refuse(stale, "round_stale", number=number)
                if order != order_of(pairings):
                    if tournament.format == ROUND_ROBIN:
                        _refuse(SWAP_ROUND_ROBIN, "swap_round_robin")
                    if state.knockout_started:
                        _refuse(SWAP_KNOCKOUT, "swap_knockout")
                    pairings = pairings_of(pairings, order)
            round_ = _round_create(state, pairings)
            _touch(tournament)
            return round_
    except IntegrityError:  # another tap's round came first
        _refuse(ROUND_STARTED, "round_started", number=number)


def knockout_proposal(state: TournamentState, size: int) -> RoundPairings:
    """The knock-out's first round of the top ``size`` as the site draws it up (nothing
    stored). ValidationError in a round robin, before any round, while a round is played,
    for a size other than 4, 8 or 16 or larger than the pairs that play, or once it has
    started."""
    if state.tournament.format == ROUND_ROBIN:
        _refuse(KNOCKOUT_SWISS_ONLY, "knockout_swiss_only")
    if state.knockout_started:
        _refuse(KNOCKOUT_STARTED, "knockout_started")
    if not state.rounds:
        _refuse(KNOCKOUT_NO_ROUNDS, "knockout_no_rounds")
    if state.open_round is not None:
        _refuse(ROUND_OPEN, "round_open", number=state.open_round.number)
    count = len(state.playing(state.next_number))
    if size not in KNOCKOUT_SIZES:
        _refuse(KNOCKOUT_SIZE, "knockout_size")
    if size > count:
        _refuse(KNOCKOUT_TOO_BIG, "knockout_too_big", size=size, count=count)
    number = state.next_number
    try:
        return knockout_first_round(state.knockout_ranking(), size, number)
    except TournamentError as error:
        logger.error("knock-out not paired: %s", ", ".join(error.codes))
        _refuse(PAIRING_REFUSED, "pairing_refused", number=number)


def tournament_knockout_start(
    *, tournament: Tournament, size: int, version: str | None = None
) -> TournamentRound:
    """Start the knock-out stage of the top ``size`` of the standings after the Swiss rounds:
    its first round, seeded in the bracket (calculator/pairing/knockout.py), as the
    organizer's preview showed it at ``version`` (None: as the site draws it up now).
    Refused, and nothing written, as ``knockout_proposal`` says, or if the tournament
    changed since the preview (a result corrected, a pair added or withdrawn: the bracket
    may be another one)."""
    try:
        with transaction.atomic():
            tournament = _locked(tournament)
            state = read_state(tournament)
            pairings = knockout_proposal(state, size)
            if version is not None and version != tournament_version(tournament):
                _refuse(KNOCKOUT_STALE, "knockout_stale")
            round_ = _round_create(state, pairings)
            tournament.knockout_size, tournament.knockout_from = size, pairings.number
            tournament.version += 1
            tournament.save(update_fields=["knockout_size", "knockout_from", "version", "updated"])
            return round_
    except IntegrityError:
        _refuse(KNOCKOUT_STARTED, "knockout_started")


def _round_create(state: TournamentState, pairings: RoundPairings) -> TournamentRound:
    tournament, pairs = state.tournament, state.by_id
    round_ = TournamentRound.objects.create(
        tournament=tournament, number=pairings.number, bye_id=pairings.bye
    )
    for pairing in pairings.pairings:
        a, b = pairs[pairing.a], pairs[pairing.b]
        match = Match.objects.create(
            team_a=pair_name(a.player_1, a.player_2),
            team_b=pair_name(b.player_1, b.player_2),
            player_1=a.player_1,
            player_2=b.player_1,
            player_3=a.player_2,
            player_4=b.player_2,
            **tournament.match_fields(),
        )
        TournamentTable.objects.create(
            round=round_, number=pairing.table, pair_a=a, pair_b=b, match=match
        )
    return round_


def hand_games(games_to_win: int, points: tuple[int, int], games: tuple | None) -> tuple:
    """The games each side won, as a hand result stores them; ValidationError if the result
    has no winner (equal points in one game, games that are no finished best of 3)."""
    if games_to_win == 1:
        if points[0] == points[1]:
            _refuse(HAND_TIE, "hand_tie")
        return (1, 0) if points[0] > points[1] else (0, 1)
    if games is None or sorted(games) not in ([0, 2], [1, 2]):
        _refuse(HAND_GAMES, "hand_games", games="2:0, 2:1, 1:2, 0:2")
    return tuple(games)


def tournament_hand_result(
    *,
    tournament: Tournament,
    table: TournamentTable,
    version: str,
    points: tuple[int, int],
    games: tuple[int, int] | None = None,
) -> None:
    """Enter by hand the result of ``table`` (a table of the round being played, or of the
    last round while the next has not started, to correct it) as the organizer's page at
    ``version`` showed it: each side's points and, in a best of 3, the games won. Refused,
    and nothing written, if the tournament changed since, if the match has deals saved, or if
    the result has no winner."""
    with transaction.atomic():
        tournament = _locked(tournament)
        match = Match.objects.select_for_update().get(pk=table.match_id)
        table = TournamentTable.objects.select_for_update().get(pk=table.pk)
        if tournament_version(tournament) != version:
            _refuse(HAND_STALE, "hand_stale")
        last = tournament.rounds.order_by("-number").first()
        if last is None or table.round_id != last.pk:
            _refuse(HAND_NOT_CURRENT, "hand_not_current", number=last.number if last else 1)
        if match.deals.exists():
            _refuse(HAND_HAS_DEALS, "hand_has_deals", number=table.number)
        games = hand_games(tournament.games_to_win, points, games)
        table.hand_points_a, table.hand_points_b = points
        table.hand_games_a, table.hand_games_b = games
        table.save(update_fields=["hand_points_a", "hand_points_b", "hand_games_a", "hand_games_b"])
        # The match is closed to deals from now on (calculator/services.py refuses them): its
        # pages open at their scorers' and watchers' phones are out of date.
        match.version += 1
        match.undo = None
        match.save(update_fields=["version", "undo", "updated"])
        _touch(tournament)


def tournament_version(tournament: Tournament) -> str:
    """What the standings page polls: the organizer's writes and every write to one of its
    matches raise it (a match's version only goes up, so their sum does too)."""
    total = (
        Match.objects.filter(tournament_table__round__tournament=tournament)
        .aggregate(total=Sum("version"))
        .get("total")
    )
    return f"{tournament.version}-{total or 0}"
