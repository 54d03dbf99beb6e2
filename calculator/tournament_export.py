"""A tournament's standings as data: standings.json and standings.csv (docs/tournaments.md).

Both are read from the same figures as the standings page: ``tournament_state`` and the pure
package's standings, in their order, with each pair's matches round by round.
"""

from .tournament_services import TournamentState

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
        },
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
TOURNAMENT_COLUMNS = ("tournament", "date", "game", "format", "rounds")


def csv_rows(state: TournamentState):
    """standings.csv: a header, then one row a pair in the order of the standings; each round
    adds four columns (opponent, score, result, table), and the tournament's own figures end
    every row."""
    data = as_json(state)
    rounds = data["tournament"]["rounds"]
    round_columns = [
        f"round_{number}_{what}"
        for number in range(1, rounds + 1)
        for what in ("opponent", "score", "result", "table")
    ]
    yield [*LINE_COLUMNS, *round_columns, *TOURNAMENT_COLUMNS]
    about = data["tournament"]
    about = [about["name"], about["date"], about["game"], about["format"], about["rounds"]]
    for line in data["standings"]:
        player_1, player_2 = line["players"]
        figures = {**line, "player_1": player_1, "player_2": player_2}
        figures["withdrawn"] = int(line["withdrawn"])
        yield [figures[column] for column in LINE_COLUMNS] + _round_cells(line, rounds) + about


def _round_cells(line: dict, rounds: int) -> list:
    cells = [""] * (4 * rounds)
    for match in line["matches"]:
        at = 4 * (match["round"] - 1)
        score = "{}:{}".format(*match["points"])
        result = "bye" if match["bye"] else match["result"]
        cells[at : at + 4] = [match["opponent"] or "", score, result, match["table"] or ""]
    return cells
