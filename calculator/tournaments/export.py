"""A tournament's standings as data: standings.json and standings.csv (docs/tournaments.md).

Both are read from the same figures as the standings page: ``tournament_state`` and the pure
package's standings, in their order, with each pair's matches round by round.
"""

from calculator.shared.stages import stage_of
from calculator.tournaments.state import TournamentState

EXPORT_FORMAT = 1  # standings.json's format: a consumer of version 1 reads every key it read


def _matches(state: TournamentState) -> dict[int, list[dict]]:
    """Each pair's rounds in order: its opponent, its points and the opponent's, the result."""
    rows = {pair.pk: [] for pair in state.pairs}
    bye_points = state.tournament.bye_points
    for round_ in state.rounds:
        if round_.round.bye_id is not None:
            rows[round_.round.bye_id].append(
                {
                    "round": round_.number,
                    "bye": True,
                    "table": None,
                    "opponent": None,
                    "points": [bye_points, 0],
                    "result": "won",
                    "by_hand": False,
                }
            )
        for table in round_.tables:
            a, b = table.table.pair_a_id, table.table.pair_b_id
            result = table.result
            for pair, other, points in ((a, b, table.points), (b, a, table.points[::-1])):
                rows[pair].append(
                    {
                        "round": round_.number,
                        "bye": False,
                        "table": table.table.number,
                        "opponent": state.by_id[other].name,
                        "points": list(points),
                        "result": _result(result, pair),
                        "by_hand": table.by_hand,
                    }
                )
    for pair_rows in rows.values():
        pair_rows.sort(key=lambda row: row["round"])
    return rows


def _result(result, pair) -> str:
    if result is None:
        return "playing"
    return "won" if result.winner == pair else "lost"


def _knockout(state: TournamentState) -> dict | None:
    """The bracket: each round of the knock-out with its ties, each tie's two pairs with
    their places in the standings after the Swiss rounds, its score and its winner."""
    if not state.knockout_started:
        return None
    places = {pair: place for place, pair in enumerate(state.knockout_ranking(), start=1)}
    names = {pair.pk: pair.name for pair in state.pairs}
    rounds = []
    for round_ in state.knockout_rounds:
        ties = []
        for table in round_.tables:
            a, b, result = table.table.pair_a_id, table.table.pair_b_id, table.result
            ties.append(
                {
                    "table": table.table.number,
                    "stage": stage_of(state.tournament, round_.number, table.table.number),
                    "pairs": [names[a], names[b]],
                    "places": [places.get(a), places.get(b)],
                    "points": list(table.points),
                    "games": list(table.games_won),
                    "finished": result is not None,
                    "winner": names[result.winner] if result is not None else None,
                    "by_hand": table.by_hand,
                }
            )
        stage = stage_of(state.tournament, round_.number)
        rounds.append({"round": round_.number, "stage": stage, "matches": ties})
    tournament = state.tournament
    return {
        "size": tournament.knockout_size,
        "first_round": tournament.knockout_from,
        "rounds": rounds,
    }


def _winner(state: TournamentState) -> str | None:
    """The tournament's winner: the knock-out final's, or a round robin's first once its
    last round is played; None until then (Swiss rounds alone end when the organizer says)."""
    if state.knockout_started:
        return state.champion.name if state.champion is not None else None
    over = state.rounds_in_all is not None and len(state.rounds) == state.rounds_in_all
    if over and state.open_round is None:
        return state.by_id[state.standings()[0].pair].name
    return None


def _classification(state: TournamentState) -> list[dict] | None:
    """The final classification once the knock-out's last round is played: each place, its
    pair, and what decided it ("final", "third_place", or "standings" for the rest)."""
    pairs = state.classification()
    if pairs is None:
        return None
    decided = ["final", "final"]
    if len(state.knockout_rounds[-1].tables) > 1:
        decided += ["third_place", "third_place"]
    return [
        {
            "place": place,
            "pair": pair.name,
            "decided_by": decided[place - 1] if place <= len(decided) else "standings",
        }
        for place, pair in enumerate(pairs, start=1)
    ]


def as_json(state: TournamentState) -> dict:
    """standings.json: every field is described in docs/tournaments.md."""
    tournament = state.tournament
    matches = _matches(state)
    return {
        "format": EXPORT_FORMAT,
        "tournament": {
            "name": tournament.name,
            "date": tournament.date.isoformat(),
            "game": tournament.game,
            "format": tournament.format,
            "games_to_win": tournament.games_to_win,
            "bye_points": tournament.bye_points,
            "rounds": len(state.rounds),
            "rounds_in_all": state.rounds_in_all,
            "round_finished": not state.rounds or state.open_round is None,
            "winner": _winner(state),
        },
        "knockout": _knockout(state),
        "classification": _classification(state),
        "standings": [
            _line_json(line, state.by_id[line.pair], matches[line.pair])
            for line in state.standings()
        ],
    }


def _line_json(line, pair, matches: list[dict]) -> dict:
    return {
        "place": line.place,
        "seed": line.seed,
        "pair": pair.name,
        "players": [pair.player_1, pair.player_2],
        "withdrawn": line.withdrawn,
        "wins": line.wins,
        "losses": line.losses,
        "byes": line.byes,
        "played": line.played,
        "points_difference": line.points_difference,
        "points_for": line.points_for,
        "points_against": line.points_against,
        "buchholz": line.buchholz,
        "head_to_head": line.head_to_head,
        "matches": matches,
    }


LINE_COLUMNS = (
    "place",
    "seed",
    "pair",
    "player_1",
    "player_2",
    "withdrawn",
    "wins",
    "losses",
    "byes",
    "played",
    "points_difference",
    "points_for",
    "points_against",
    "buchholz",
    "head_to_head",
)
KNOCKOUT_COLUMNS = ("knockout_place", "knockout_reached", "final_place")
ROUND_COLUMNS = ("opponent", "score", "result", "table", "by_hand")
TOURNAMENT_COLUMNS = ("tournament", "date", "game", "format", "rounds", "knockout_size", "winner")


def csv_rows(state: TournamentState):
    """standings.csv: a header, then one row a pair in the order of the standings; the
    pair's place in the knock-out, how far it went and its place in the final classification;
    each round adds five columns
    (opponent, score, result, table, entered by hand), and the tournament's own figures end
    every row."""
    data = as_json(state)
    rounds = data["tournament"]["rounds"]
    round_columns = [
        f"round_{number}_{what}" for number in range(1, rounds + 1) for what in ROUND_COLUMNS
    ]
    yield [*LINE_COLUMNS, *KNOCKOUT_COLUMNS, *round_columns, *TOURNAMENT_COLUMNS]
    about = data["tournament"]
    knockout = data["knockout"]
    about = [
        about["name"],
        about["date"],
        about["game"],
        about["format"],
        about["rounds"],
        knockout["size"] if knockout else "",
        about["winner"] or "",
    ]
    reached = _reached(state)
    classification = state.classification() or ()
    final_places = {pair.pk: place for place, pair in enumerate(classification, start=1)}
    for pure, line in zip(state.standings(), data["standings"], strict=True):
        player_1, player_2 = line["players"]
        figures = {**line, "player_1": player_1, "player_2": player_2}
        figures["withdrawn"] = int(line["withdrawn"])
        place, stage = reached.get(pure.pair, ("", ""))
        yield [
            *(figures[column] for column in LINE_COLUMNS),
            place,
            stage,
            final_places.get(pure.pair, ""),
            *_round_cells(line, rounds),
            *about,
        ]


def _reached(state: TournamentState) -> dict[int, tuple]:
    """Each pair of the knock-out by its id: its place in the bracket, and the stage of its
    last match (a semi-final's loser: "third_place"), or "winner"."""
    if not state.knockout_started:
        return {}
    places = {pair: place for place, pair in enumerate(state.knockout_ranking(), start=1)}
    reached = {}
    for round_ in state.knockout_rounds:
        for table in round_.tables:
            stage = stage_of(state.tournament, round_.number, table.table.number)
            for pair in (table.table.pair_a_id, table.table.pair_b_id):
                reached[pair] = (places.get(pair), stage)
    if state.champion is not None:
        reached[state.champion.pk] = (reached[state.champion.pk][0], "winner")
    return reached


def _round_cells(line: dict, rounds: int) -> list:
    width = len(ROUND_COLUMNS)
    cells = [""] * (width * rounds)
    for match in line["matches"]:
        at = width * (match["round"] - 1)
        score = "{}:{}".format(*match["points"])
        result = "bye" if match["bye"] else match["result"]
        by_hand = "" if match["bye"] else int(match["by_hand"])  # a bye has no table to keep
        cells[at : at + width] = [
            match["opponent"] or "",
            score,
            result,
            match["table"] or "",
            by_hand,
        ]
    return cells
