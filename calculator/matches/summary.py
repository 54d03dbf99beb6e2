"""What the statistics need of one match, taken from the engine's fold of it (docs/statistics.md).

Nothing here scores a deal. Each match is folded by the engine (``Match.fold``) and what the
statistics need of it (per team: contracts bid and their outcome, capots, contras, counted
declarations, points; the winners of its games and of the match) is stored as its
``MatchSummary``, tagged with the match's version. Any write to a match raises its version, so a
corrected deal makes that summary stale and the next statistics page folds that match again.
A table's statistics (tables/stats.py) and a tournament's standings read the same summaries
(``match_summaries``): a deal saved at one table folds that table's match again, not the
tournament's."""

from __future__ import annotations

from collections import defaultdict

from calculator import engine
from calculator.models import Deal, Match, MatchSummary

# A stored summary of an older format is folded again (2: the French figures; 3: each side's
# points, which a tournament's standings read).
STORED_FORMAT = 3


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
