"""standings.json and standings.csv with the knock-out stage: the bracket's rounds,
ties and winners, the tournament's winner, and each result entered by hand, in a file that is
the same in every language; the CSV keeps its byte order mark and writes a name a spreadsheet
would take for a formula as text."""

import codecs

import pytest

from calculator import engine
from calculator.models import Tournament
from calculator.pairing import bracket_seeds
from calculator.shared.spreadsheet import FORMULA_START
from calculator.tournaments.state import tournament_state

from .test_tournament_exports import get_csv, get_json
from .test_tournament_hand import enter
from .test_tournament_http import HOSTILE, LANGUAGES, create, finish, start_round, tables
from .test_tournament_knockout import knockout, play, swiss

# Eight pairs, one of hostile names and two a spreadsheet would read as formulas.
PAIRS = "\n".join(
    [
        f"{HOSTILE[0]} / {HOSTILE[1]}",
        "=SUM(A1) / +Ана",
        "-Боби / @cmd|' /C calc'!A0",
        *(f"Играч{n} / Партньор{n}" for n in range(4, 9)),
    ]
)


def final_played(client):
    """Two Swiss rounds, the knock-out of the top 4: semi-finals by hand and on the match,
    the final and the match for third place by hand, each to its first pair."""
    tournament = create(client, pairs=PAIRS)
    swiss(client, tournament, 2)
    assert knockout(client, tournament, 4).status_code == 302
    first, second = tables(tournament, 3)
    assert enter(client, tournament, first, (40, 151)).status_code == 302  # to the 4th seed
    finish(second.match, engine.Team.A)  # played at the table: to the 2nd seed
    assert start_round(client, tournament, 4).status_code == 302
    play(client, tournament, 4, first_wins=lambda table: True)
    return Tournament.objects.get(pk=tournament.pk)


@pytest.mark.django_db
def test_standings_json_holds_the_bracket_and_the_tournaments_winner(client):
    tournament = final_played(client)
    state = tournament_state(tournament)
    ranking = state.knockout_ranking()
    names = {pair.pk: pair.name for pair in state.pairs}
    _, data = get_json(client, tournament.view_key)

    about = data["tournament"]
    champion = state.champion
    assert champion is not None and about["winner"] == champion.name
    knockout_data = data["knockout"]
    assert (knockout_data["size"], knockout_data["first_round"]) == (4, 3)
    semis, final = knockout_data["rounds"]
    assert (semis["round"], semis["stage"], final["round"], final["stage"]) == (
        3,
        "semi_finals",
        4,
        "final",
    )
    seeds = bracket_seeds(4)
    assert [tie["places"] for tie in semis["matches"]] == [list(seeds[:2]), list(seeds[2:])]
    assert [tie["pairs"] for tie in semis["matches"]] == [
        [names[ranking[seeds[0] - 1]], names[ranking[seeds[1] - 1]]],
        [names[ranking[seeds[2] - 1]], names[ranking[seeds[3] - 1]]],
    ]
    by_hand, played = semis["matches"]
    assert by_hand == {
        "table": 1,
        "stage": "semi_finals",
        "pairs": by_hand["pairs"],
        "places": [1, 4],
        "points": [40, 151],
        "games": [0, 1],
        "finished": True,
        "winner": by_hand["pairs"][1],
        "by_hand": True,
    }
    assert played["by_hand"] is False and played["finished"] is True
    assert played["winner"] == played["pairs"][0] and played["points"][0] > played["points"][1]
    tie, third = final["matches"]
    assert (tie["stage"], third["stage"]) == ("final", "third_place")
    assert tie["pairs"] == [by_hand["winner"], played["winner"]]
    assert tie["winner"] == champion.name == by_hand["winner"]
    assert tie["places"] == [4, 2]
    losers = [pair for tie_ in semis["matches"] for pair in tie_["pairs"] if pair != tie_["winner"]]
    assert third["pairs"] == losers and third["winner"] == losers[0]
    # the final classification: the final, the match for third place, then the standings
    places = [tie["winner"], tie["pairs"][1], third["winner"], third["pairs"][1]]
    rest = [line["pair"] for line in data["standings"] if line["pair"] not in places]
    assert data["classification"] == [
        {"place": place, "pair": pair, "decided_by": decided}
        for place, (pair, decided) in enumerate(
            zip(
                places + rest, ["final"] * 2 + ["third_place"] * 2 + ["standings"] * 4, strict=True
            ),
            start=1,
        )
    ]
    # the names as they are: JSON is no spreadsheet
    assert "=SUM(A1) & +Ана" in {line["pair"] for line in data["standings"]}


@pytest.mark.django_db
def test_standings_json_has_no_bracket_nor_winner_before_the_final(client):
    tournament = create(client, pairs=PAIRS)
    swiss(client, tournament, 1)
    _, data = get_json(client, tournament.view_key)
    assert data["knockout"] is None and data["tournament"]["winner"] is None
    assert data["classification"] is None
    knockout(client, tournament, 8)
    _, data = get_json(client, tournament.view_key)
    (quarters,) = data["knockout"]["rounds"]
    assert quarters["stage"] == "quarter_finals" and len(quarters["matches"]) == 4
    assert all(tie["winner"] is None and not tie["finished"] for tie in quarters["matches"])
    assert data["tournament"]["winner"] is None and data["classification"] is None


@pytest.mark.django_db
def test_a_round_robins_winner_is_its_first_once_every_round_is_played(client):
    tournament = create(client, format="round_robin", pairs="А / Б\nВ / Г\nД / Е")
    for number in (1, 2):
        swiss_round = start_round(client, tournament, number)
        assert swiss_round.status_code == 302
        play(client, tournament, number)
        _, data = get_json(client, tournament.view_key)
        assert data["tournament"]["winner"] is None
    start_round(client, tournament, 3)
    play(client, tournament, 3)
    _, data = get_json(client, tournament.view_key)
    assert data["tournament"]["winner"] == data["standings"][0]["pair"]
    assert data["knockout"] is None


@pytest.mark.django_db
def test_standings_csv_says_the_bracket_the_winner_and_what_was_entered_by_hand(client):
    tournament = final_played(client)
    state = tournament_state(tournament)
    response, rows = get_csv(client, tournament.view_key)
    assert response.content.startswith(codecs.BOM_UTF8 + b"place,seed,pair,")
    assert response.content.count(codecs.BOM_UTF8) == 1
    header, body = rows[0], rows[1:]
    assert header[-2:] == ["knockout_size", "winner"]
    for number in range(1, 5):
        assert f"round_{number}_by_hand" in header
    assert "round_5_by_hand" not in header
    cells = [dict(zip(header, row, strict=True)) for row in body]
    assert len(cells) == 8 and all(len(row) == len(header) for row in body)
    champion = state.champion
    safe = lambda name: "'" + name if name.startswith(FORMULA_START) else name  # noqa: E731
    assert {row["winner"] for row in cells} == {safe(champion.name)}
    assert {row["knockout_size"] for row in cells} == {"4"}
    reached = {row["pair"]: (row["knockout_place"], row["knockout_reached"]) for row in cells}
    assert reached[safe(champion.name)] == ("4", "winner")
    assert sorted(stage for _place, stage in reached.values()) == sorted(
        ["winner", "final", "third_place", "third_place", "", "", "", ""]
    )
    # the final classification: 1 to 4 from the knock-out, then the rest in the standings' order
    final_places = [int(row["final_place"]) for row in cells]
    assert sorted(final_places) == list(range(1, 9))
    assert final_places[4:] == [5, 6, 7, 8]  # the rows are in the order of the standings
    by_place = {int(row["final_place"]): row["pair"] for row in cells}
    assert by_place[1] == safe(champion.name)
    classification = [safe(pair.name) for pair in state.classification()]
    assert [by_place[place] for place in range(1, 9)] == classification
    # round 3's table 1 was entered by hand, table 2 played; round 4 (the final) by hand
    semis = tables(tournament, 3)
    for row in cells:
        pair = next((p for p in state.pairs if safe(p.name) == row["pair"]), None)
        assert pair is not None
        if pair.pk in (semis[0].pair_a_id, semis[0].pair_b_id):
            assert row["round_3_by_hand"] == "1" and row["round_4_by_hand"] in ("1", "")
        elif pair.pk in (semis[1].pair_a_id, semis[1].pair_b_id):
            assert row["round_3_by_hand"] == "0"
        else:
            assert row["round_3_by_hand"] == "" and row["round_2_by_hand"] == "1"
    # no cell a spreadsheet would run as a formula
    texts = [cell for row in body for cell in row if not cell.lstrip("-").isdigit()]
    assert not [cell for cell in texts if cell.startswith(FORMULA_START)]
    assert any(cell.startswith("'=SUM(A1)") for row in body for cell in row)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_exports_with_a_bracket_are_the_same_in_every_language(client, language):
    tournament = final_played(client)
    json_bg, _ = get_json(client, tournament.view_key, "bg")
    csv_bg, _ = get_csv(client, tournament.view_key, "bg")
    assert get_json(client, tournament.view_key, language)[0].content == json_bg.content
    assert get_csv(client, tournament.view_key, language)[0].content == csv_bg.content
