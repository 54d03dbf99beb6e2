"""A table's statistics, taken from the engine's folds of its matches (docs/statistics.md).

Nothing here scores a deal. Each match is folded by the engine (``Match.fold``) and what the
statistics need of it (per team: contracts bid and their outcome, capots, contras, counted
declarations, points; the winners of its games and of the match) is stored as its
``MatchSummary``, tagged with the match's version. Any write to a match raises its version, so a
corrected deal makes that summary stale and the next statistics page folds that match again.
A table's statistics then only add up the summaries of its matches in the date range: 500
matches take a few milliseconds, however many deals they hold (benchmarks/stats.py). A
tournament's standings read the same summaries of its tables' matches (``match_summaries``):
a deal saved at one table folds that table's match again, not the tournament's.
"""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass, field
from operator import add

from . import engine
from .models import Deal, Match, MatchSummary, Table

SUMMARY_FORMAT = 1  # stats.json's format: a consumer of version 1 reads every key it read
# A stored summary of an older format is folded again (2: the French figures; 3: each side's
# points, which a tournament's standings read).
STORED_FORMAT = 3
GAMES = ("belot", "classic", "contree", "coinche")  # the order a table's games are shown in
CONTRACT_KINDS = ("suit", "no_trumps", "all_trumps")
OUTCOMES = ("bid", "made", "inside", "hanging")
# What one team did in a match, counted from the engine's results.
TEAM_COUNTS = (
    *(f"{outcome}_{kind}" for kind in CONTRACT_KINDS for outcome in OUTCOMES),
    "capots_made",
    "capots_suffered",
    "contra_won",
    "contra_lost",
    "recontra_won",
    "recontra_lost",
    "terces",
    "quartes",
    "quintes",
    "carres",
    "belots",
    "declaration_points",
    "points",
)
TEAMS = (engine.Team.A, engine.Team.B)
POINTS = TEAM_COUNTS.index("points")


def contract_kind(contract: engine.Contract) -> str:
    return "suit" if contract.is_suit else contract.value


def _declaration_kind(declaration) -> str:
    if isinstance(declaration, engine.Belot):
        return "belots"
    if isinstance(declaration, engine.Carre):
        return "carres"
    return (
        "quintes" if declaration.length >= 5 else "quartes" if declaration.length == 4 else "terces"
    )


def _count_deal(counts: list[dict], result: engine.DealResult) -> None:
    """Add one deal's result (as the engine gave it) to both teams' counts."""
    for team, points in zip(TEAMS, (result.written.a, result.written.b), strict=True):
        counts[team is engine.Team.B]["points"] += points
    if result.kind is engine.DealKind.ALL_PASSED:
        return
    if not isinstance(result, engine.DealResult):
        return  # a French game's deal: its points and games count, its own figures not yet
    bidders = counts[result.bidders is engine.Team.B]
    kind = contract_kind(result.contract)
    bidders[f"bid_{kind}"] += 1
    bidders[f"{result.outcome.value}_{kind}"] += 1
    if result.capot is not None:
        counts[result.capot is engine.Team.B]["capots_made"] += 1
        counts[result.capot is engine.Team.A]["capots_suffered"] += 1
    if result.double is not engine.Double.NONE and result.winner is not None:
        counts[result.winner is engine.Team.B][f"{result.double.value}_won"] += 1
        counts[result.winner is engine.Team.A][f"{result.double.value}_lost"] += 1
    for outcome in result.counted:
        team = counts[outcome.team is engine.Team.B]
        team[_declaration_kind(outcome.declaration)] += 1
        team["declaration_points"] += outcome.points


# What one team did in a French game's match (docs/statistics.md, "The French games").
FRENCH_DECLARATIONS = ("belotes", "terces", "quartes", "quintes", "carres", "declaration_points")
CLASSIC_COUNTS = (
    "taken", "made", "inside", "litige", "capots_made", "capots_suffered", *FRENCH_DECLARATIONS,
)  # fmt: skip
BID_LEVELS = (*(str(bid) for bid in engine.contree.BIDS[:-1]), "capot")  # 80 ... 160, capot
NO_SUIT = tuple(trumps.value for trumps in engine.Trumps)  # no trumps, all trumps (house rule)
CONTREE_COUNTS = (
    "taken", "made", "failed",
    *(f"{outcome}_{level}" for level in BID_LEVELS for outcome in ("taken", "made")),
    *(f"{outcome}_{kind}" for kind in NO_SUIT for outcome in ("taken", "made")),
    *(f"{contre}_{side}" for contre in ("contre", "surcontre") for side in ("won", "lost")),
    "capots_made", "capots_suffered", *FRENCH_DECLARATIONS,
)  # fmt: skip
FRENCH_COUNTS = {"classic": CLASSIC_COUNTS, "contree": CONTREE_COUNTS, "coinche": CONTREE_COUNTS}


def _bid_level(bid: int) -> str:
    return "capot" if bid == engine.contree.CAPOT_BID else str(bid)


def _count_french(counts: list[dict], result) -> None:
    """Add a classic belote, contrée or coinche deal's result (the engine's) to both teams'."""
    if result.kind is engine.DealKind.ALL_PASSED:
        return
    taker = counts[result.taker is engine.Team.B]
    outcome = result.outcome.value  # made, inside or litige (classic); made or failed
    taker["taken"] += 1
    taker[outcome] += 1
    if isinstance(result, engine.ContreeResult):
        level = _bid_level(result.bid)
        taker[f"taken_{level}"] += 1
        taker[f"made_{level}"] += outcome == "made"
        if isinstance(result.trump, engine.Trumps):
            taker[f"taken_{result.trump.value}"] += 1
            taker[f"made_{result.trump.value}"] += outcome == "made"
        if result.contre is not engine.Contre.NONE and result.winner is not None:
            counts[result.winner is engine.Team.B][f"{result.contre.value}_won"] += 1
            counts[result.winner is engine.Team.A][f"{result.contre.value}_lost"] += 1
    if result.capot is not None:
        counts[result.capot is engine.Team.B]["capots_made"] += 1
        counts[result.capot is engine.Team.A]["capots_suffered"] += 1
    for team, belote in zip(counts, (result.belote.a, result.belote.b), strict=True):
        team["belotes"] += belote > 0
    for declared in result.counted:
        if not isinstance(declared.declaration, engine.Belot):
            counts[declared.team is engine.Team.B][_declaration_kind(declared.declaration)] += 1
    scored = result.declaration_points
    for team, points in zip(counts, (scored.a, scored.b), strict=True):
        team["declaration_points"] += points  # as scored: a capot takes the defence's


def summarize(fold: engine.Match, game: str = "belot") -> dict:
    """What the statistics keep of one folded match (JSON-able)."""
    counts = [dict.fromkeys(TEAM_COUNTS, 0), dict.fromkeys(TEAM_COUNTS, 0)]
    names = FRENCH_COUNTS.get(game, ())
    french = [dict.fromkeys(names, 0), dict.fromkeys(names, 0)]
    played = 0
    for deal in fold.deals:
        _count_deal(counts, deal.result)
        if names:
            _count_french(french, deal.result)
        played += deal.result.kind is not engine.DealKind.ALL_PASSED
    summary = {
        "format": STORED_FORMAT,
        "deals": len(fold.deals),
        "played": played,
        "games": [game.winner.value for game in fold.games],
        "winner": fold.match_winner.value if fold.match_winner else None,
        "teams": counts,
        # Each side's points as a tournament counts them: its finished games' totals added
        # up, and its total in the game being played (0 once a game has just ended).
        "points": [sum(game.totals.a for game in fold.games), sum(g.totals.b for g in fold.games)],
        "playing": [0, 0] if fold.game_over or not fold.deals else [fold.totals.a, fold.totals.b],
    }
    if names:
        summary["french"] = french
    return summary


def _fold_stored(match: Match, records: list[dict]) -> engine.Match:
    inputs = [match.read_deal(data) for data in records[: engine.MAX_DEALS]]
    return match.fold(inputs)


def _refresh(stale: list[Match]) -> dict[int, dict]:
    """Fold the matches whose summaries are missing or stale, and store their summaries. Their
    rows are read again first, then their deals: a summary is never tagged with a version
    newer than its deals (a deal saved meanwhile makes it stale, and it is folded again)."""
    if not stale:
        return {}
    stale = list(Match.objects.filter(pk__in=[match.pk for match in stale]))
    records = defaultdict(list)
    rows = Deal.objects.filter(match__in=stale).order_by("match_id", "number")
    for match_id, data in rows.values_list("match_id", "data").iterator(chunk_size=2000):
        records[match_id].append(data)
    summaries = {}
    for match in stale:
        try:
            fold = _fold_stored(match, records[match.pk])
            summaries[match.pk] = summarize(fold, match.game)
        except engine.DealError:  # stored before a rule refused it: left out, not a 500
            summaries[match.pk] = None
    # Two pages refreshing the same match at once write the same summary: the last one stays.
    MatchSummary.objects.bulk_create(
        [
            MatchSummary(match=match, version=match.version, data=summaries[match.pk])
            for match in stale
        ],
        update_conflicts=True,
        unique_fields=["match"],
        update_fields=["version", "data"],
    )
    return summaries


def team_vector(summary: dict, team: int) -> tuple[int, ...]:
    counts = summary["teams"][team]
    return tuple(counts[key] for key in TEAM_COUNTS)


@dataclass
class Record:
    """The statistics of one player, one pair or the whole table."""

    matches: int = 0
    matches_won: int = 0
    games: int = 0
    games_won: int = 0
    deals: int = 0  # played deals (all passed left out)
    longest_streak: int = 0
    streak: int = 0  # the current run of won games, while adding up
    # The counts in TEAM_COUNTS' order: adding a match is one map() over two tuples, which a
    # table of 500 matches does 5,000 times.
    values: list = field(default_factory=lambda: [0] * len(TEAM_COUNTS))
    french: dict = field(default_factory=dict)  # a French game's counts (FRENCH_COUNTS)

    @property
    def counts(self) -> dict[str, int]:
        return dict(zip(TEAM_COUNTS, self.values, strict=True))

    def add_table(self, summary: dict) -> None:
        """A match as the whole table counts it: both teams' counts, each game once."""
        self.matches += summary["winner"] is not None
        self.games += len(summary["games"])
        self.deals += summary["played"]
        for team in (0, 1):
            self.values = list(map(add, self.values, team_vector(summary, team)))
            self._add_french(summary, team)

    def _add_french(self, summary: dict, team: int) -> None:
        for key, value in summary["french"][team].items() if "french" in summary else ():
            self.french[key] = self.french.get(key, 0) + value

    def add(self, summary: dict, team: int, *, won_match: bool | None, vector=None) -> None:
        if won_match is not None:
            self.matches += 1
            self.matches_won += won_match
        self.deals += summary["played"]
        vector = team_vector(summary, team) if vector is None else vector
        self.values = list(map(add, self.values, vector))
        self._add_french(summary, team)
        side = "B" if team else "A"
        for winner in summary["games"]:
            self.games += 1
            won = winner == side
            self.games_won += won
            self.streak = self.streak + 1 if won else 0
            self.longest_streak = max(self.longest_streak, self.streak)

    @property
    def win_rate(self) -> float | None:
        """Games won of games played, 0 to 1 (None before any game ended)."""
        return self.games_won / self.games if self.games else None

    @property
    def match_win_rate(self) -> float | None:
        return self.matches_won / self.matches if self.matches else None

    @property
    def points_per_deal(self) -> float | None:
        return self.values[POINTS] / self.deals if self.deals else None

    def as_dict(self) -> dict:
        counts = self.counts
        rate = self.win_rate
        per_deal = self.points_per_deal
        match_rate = self.match_win_rate
        data = {
            "matches_played": self.matches,
            "matches_won": self.matches_won,
            "match_win_rate": None if match_rate is None else round(match_rate, 4),
            "games_played": self.games,
            "games_won": self.games_won,
            "win_rate": None if rate is None else round(rate, 4),
            "deals_played": self.deals,
            "points": counts["points"],
            "points_per_deal": None if per_deal is None else round(per_deal, 2),
            "longest_streak": self.longest_streak,
        }
        data["contracts"] = {
            kind: {outcome: counts[f"{outcome}_{kind}"] for outcome in OUTCOMES}
            for kind in CONTRACT_KINDS
        }
        names = ("capots_made", "capots_suffered", "contra_won", "contra_lost")
        data |= {name: counts[name] for name in (*names, "recontra_won", "recontra_lost")}
        kinds = ("terces", "quartes", "quintes", "carres", "belots")
        data["declarations"] = {kind: counts[kind] for kind in kinds}
        data["declaration_points"] = counts["declaration_points"]
        return data

    def game_dict(self, game: str) -> dict:
        """The figures of one game's matches (stats.json's "games"): belot's as as_dict gives
        them, a French game's the common ones and its own ("figures")."""
        data = self.as_dict()
        if game not in FRENCH_COUNTS:
            return data
        common = {key: data[key] for key in COMMON_KEYS}
        return common | {"figures": dict.fromkeys(FRENCH_COUNTS[game], 0) | self.french}

    def no_suit_contracts(self) -> list[tuple[str, int, int]]:
        """(contract, taken, made) for no trumps and all trumps; empty when neither was
        taken (a match without the house rule, or one that never bid them)."""
        french = self.french
        rows = [
            (kind, french.get(f"taken_{kind}", 0), french.get(f"made_{kind}", 0))
            for kind in NO_SUIT
        ]
        return rows if any(taken for _kind, taken, _made in rows) else []

    def bid_levels(self) -> list[tuple[str, int, int]]:
        """(level, taken, made) for contrée's bids 80 ... 160 and capot."""
        french = self.french
        return [
            (level, french.get(f"taken_{level}", 0), french.get(f"made_{level}", 0))
            for level in BID_LEVELS
        ]


COMMON_KEYS = (
    "matches_played", "matches_won", "match_win_rate", "games_played", "games_won", "win_rate",
    "deals_played", "points", "points_per_deal", "longest_streak",
)  # fmt: skip


@dataclass
class MatchLine:
    """One match of the table, as its lists show it."""

    match: Match
    summary: dict | None
    seats: tuple[str, str, str, str]

    @property
    def pairs(self) -> tuple[tuple[str, str], tuple[str, str]]:
        return pair_of(self.seats[0], self.seats[2]), pair_of(self.seats[1], self.seats[3])

    @property
    def games_won(self) -> tuple[int, int]:
        games = self.summary["games"] if self.summary else []
        return games.count("A"), games.count("B")

    @property
    def winner(self) -> int | None:
        winner = self.summary and self.summary["winner"]
        return None if not winner else int(winner == "B")


def pair_of(first: str, second: str) -> tuple[str, str]:
    return tuple(sorted((first, second)))


@dataclass
class TableStats:
    table: Table
    since: datetime.date | None
    until: datetime.date | None
    lines: list[MatchLine]
    total: Record
    players: dict[str, Record]
    pairs: dict[tuple[str, str], Record]
    head_to_head: dict[tuple[tuple, tuple], list[int]]  # (pair, pair) sorted: [won, won] matches
    partners: dict[str, dict[str, Record]]  # player: partner: record together
    points_over_time: dict[str, list[int]]  # player: running points after each match
    by_game: dict = field(default_factory=dict)  # game: its matches' TableStats, GAMES' order

    @property
    def games(self) -> list[str]:
        return list(self.by_game)

    @property
    def only_belot(self) -> bool:
        """Nothing but belot played (or nothing yet): the pages look as before the French games."""
        return set(self.by_game) <= {"belot"}


def _in_range(matches, since, until):
    if since is not None:
        matches = matches.filter(created__date__gte=since)
    if until is not None:
        matches = matches.filter(created__date__lte=until)
    return matches


def match_summaries(matches, keys: tuple[str, ...] | None = None) -> dict[int, dict | None]:
    """Each match's up-to-date summary by its id (None: a match the engine refuses, left
    out). The stored ones are read; those missing, stale (the match's version moved) or of an
    older format are folded and stored (``_refresh``). ``matches`` need only their id and
    version; ``keys``: only these keys of the summaries, read out of the stored JSON by the
    database (a tournament's tables need 5 of them)."""
    ids = [match.pk for match in matches]
    columns = ("data",) if keys is None else tuple(f"data__{key}" for key in keys)
    rows = MatchSummary.objects.filter(match__in=ids).values_list(
        "match_id", "version", "data__format", *columns
    )
    stored = {
        match_id: (version, stored_format, values)
        for match_id, version, stored_format, *values in rows.iterator(chunk_size=1000)
    }
    # A match left out (its summary None) has no format: only its version makes it stale.
    stale = [
        m
        for m in matches
        if stored.get(m.pk, (None,))[0] != m.version or stored[m.pk][1] not in (None, STORED_FORMAT)
    ]
    found = _refresh(stale)
    if keys is not None:
        found = {
            pk: None if summary is None else {key: summary[key] for key in keys}
            for pk, summary in found.items()
        }
    for pk, (_version, stored_format, values) in stored.items():
        if pk in found:
            continue
        if keys is None:
            found[pk] = values[0]
        else:
            found[pk] = None if stored_format is None else dict(zip(keys, values, strict=True))
    return found


def table_matches(table: Table, since=None, until=None) -> list[MatchLine]:
    """The table's matches in the range, oldest first, each with its up-to-date summary."""
    matches = list(_in_range(table.matches.order_by("created", "pk"), since, until))
    data = match_summaries(matches)
    return [MatchLine(m, data.get(m.pk), tuple(m.players)) for m in matches]


def table_stats(table: Table, since=None, until=None) -> TableStats:
    """Every match added up, and each game's matches on their own (``by_game``)."""
    lines = table_matches(table, since, until)
    found = aggregate(table, lines, since, until)
    for game in GAMES:
        of_game = [line for line in lines if line.match.game == game]
        if of_game:
            found.by_game[game] = aggregate(table, of_game, since, until)
    return found


def aggregate(table: Table, lines: list[MatchLine], since=None, until=None) -> TableStats:
    """Add up the matches' summaries, oldest match first (the streaks need the order)."""
    stats = TableStats(
        table, since, until, lines, Record(), {}, {}, {}, defaultdict(dict), defaultdict(list)
    )
    for line in lines:
        if line.summary is not None:
            _add_match(stats, line)
    return stats


def _add_match(stats: TableStats, line: MatchLine) -> None:
    summary = line.summary
    stats.total.add_table(summary)
    finished = summary["winner"] is not None
    for team in (0, 1):
        won = (line.winner == team) if finished else None
        first, second = line.seats[team], line.seats[team + 2]
        if not (first and second) or first == second:
            continue  # a match added with unnamed players counts for the table only
        vector = team_vector(summary, team)
        pair = pair_of(first, second)
        stats.pairs.setdefault(pair, Record()).add(summary, team, won_match=won, vector=vector)
        for player, partner in ((first, second), (second, first)):
            for record in (
                stats.players.setdefault(player, Record()),
                stats.partners[player].setdefault(partner, Record()),
            ):
                record.add(summary, team, won_match=won, vector=vector)
            running = stats.points_over_time[player]
            points = summary["teams"][team]["points"]
            running.append((running[-1] if running else 0) + points)
    _add_head_to_head(stats, line)


def _add_head_to_head(stats: TableStats, line: MatchLine) -> None:
    if line.winner is None or not all(line.seats):
        return
    pairs = line.pairs
    key = tuple(sorted(pairs))
    results = stats.head_to_head.setdefault(key, [0, 0])
    results[key.index(pairs[line.winner])] += 1


def leaderboard(records: dict) -> list[tuple]:
    """(name, record) by win rate, then games won, then name; those without a game last."""
    return sorted(
        records.items(),
        key=lambda item: (
            item[1].win_rate is None,
            -(item[1].win_rate or 0),
            -item[1].games_won,
            item[0],
        ),
    )


def _record_json(record: Record) -> dict:
    return record.as_dict()


PERSONAL_KEYS = ("matches_won", "games_won", "win_rate", "match_win_rate", "longest_streak")


def _game_json(game: str, found: TableStats) -> dict:
    total = found.total.game_dict(game)
    return {
        "game": game,
        "total": {key: value for key, value in total.items() if key not in PERSONAL_KEYS},
        "players": [
            {"name": name, **record.game_dict(game)} for name, record in leaderboard(found.players)
        ],
        "pairs": [
            {"players": list(pair), **record.game_dict(game)}
            for pair, record in leaderboard(found.pairs)
        ],
        "head_to_head": _head_to_head_json(found),
    }


def _head_to_head_json(found: TableStats) -> list[dict]:
    return [
        {"pairs": [list(a), list(b)], "matches_won": won}
        for (a, b), won in sorted(found.head_to_head.items())
    ]


def as_json(found: TableStats) -> dict:
    """stats.json: every field is described in docs/statistics.md."""
    return {
        "format": SUMMARY_FORMAT,
        "table": {"name": found.table.name, "players": found.table.players},
        "since": found.since.isoformat() if found.since else None,
        "until": found.until.isoformat() if found.until else None,
        "total": {
            key: value for key, value in found.total.as_dict().items() if key not in PERSONAL_KEYS
        },
        "players": [
            {"name": name, **record.as_dict()} for name, record in leaderboard(found.players)
        ],
        "pairs": [
            {"players": list(pair), **record.as_dict()} for pair, record in leaderboard(found.pairs)
        ],
        "head_to_head": _head_to_head_json(found),
        "matches": [_match_json(line) for line in found.lines],
        "games": [_game_json(game, of_game) for game, of_game in found.by_game.items()],
    }


def _match_json(line: MatchLine) -> dict:
    match = line.match
    return {
        "created": match.created.isoformat(),
        "teams": [match.team_a, match.team_b],
        "players": list(line.seats),
        "game": match.game,
        "games_to_win": match.games_to_win,
        "games_won": list(line.games_won),
        "winner": line.winner,
        "deals": line.summary["deals"] if line.summary else 0,
    }


CSV_HEADER = (
    "match", "date", "game", "deal", "player_1", "player_2", "player_3", "player_4", "dealer",
    "bidders", "contract", "double", "result", "capot", "points_a", "points_b", "total_a",
    "total_b", "hanging",
)  # fmt: skip


def deal_rows(table: Table):
    """The CSV's rows: a header, then every deal of the table's matches, oldest match first,
    as the engine folds it. Teams are "A" (players 1 and 3) and "B" (players 2 and 4)."""
    yield CSV_HEADER
    for number, match in enumerate(table.matches.order_by("created", "pk"), start=1):
        records = list(match.deals.values_list("data", flat=True))
        try:
            fold = _fold_stored(match, records)
        except engine.DealError:
            continue
        for deal in fold.deals:
            yield _deal_row(number, match, deal)


def _deal_row(number: int, match: Match, deal: engine.MatchDeal) -> tuple:
    result = deal.result
    passed = result.kind is engine.DealKind.ALL_PASSED
    outcome = "all_passed" if passed else result.outcome.value
    if isinstance(result, engine.DealResult):
        bidders, contract, double = result.bidders, result.contract, result.double.value
    else:  # a French game's: its taker, trump suit and contre (none in classic belote)
        bidders, contract = result.taker, result.trump
        double = getattr(result, "contre", engine.Contre.NONE).value
    return (
        number, match.created.date().isoformat(), deal.game, deal.number, *match.players,
        deal.dealer + 1, bidders or "", contract or "", double,
        outcome, result.capot or "", result.written.a, result.written.b, deal.totals.a,
        deal.totals.b, deal.hanging,
    )  # fmt: skip
