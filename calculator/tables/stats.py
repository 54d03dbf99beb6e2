"""A table's statistics, added up from the stored summaries of its matches
(matches/summary.py, docs/statistics.md): the leaderboards of players and pairs, partners,
head to head, points over time, each game's figures; stats.json and the deals' CSV rows.

Nothing here scores a deal. A table's statistics only add up the summaries of its matches in
the date range: 500 matches take a few milliseconds, however many deals they hold
(benchmarks/stats.py)."""

from __future__ import annotations

import datetime
from collections import defaultdict
from dataclasses import dataclass, field
from operator import add

from calculator import engine
from calculator.matches.summary import (
    BID_LEVELS,
    CONTRACT_KINDS,
    FRENCH_COUNTS,
    NO_SUIT,
    OUTCOMES,
    POINTS,
    TEAM_COUNTS,
    _fold_stored,
    match_summaries,
    team_vector,
)
from calculator.models import Match, Table

SUMMARY_FORMAT = 1  # stats.json's format: a consumer of version 1 reads every key it read


GAMES = ("belot", "classic", "contree", "coinche")  # the order a table's games are shown in


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
