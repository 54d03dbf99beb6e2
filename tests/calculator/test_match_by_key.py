"""Every page of a match starts by reading it by its key (calculator/shared/access.py,
``match_by_key``), with its row written out once per connection instead of through the ORM:
the match it gives is the ORM's own, field by field and type by type, on SQLite and on
PostgreSQL, in one query."""

import pytest
from django.db import connections

from calculator import engine
from calculator.models import Match, Table, TournamentTable
from calculator.shared.access import MatchRow, match_by_key

from .test_tournament_hand import enter
from .test_tournament_http import create, finish, start_round, tables

pytestmark = pytest.mark.django_db


def as_read(match: Match) -> dict:
    return {field.attname: getattr(match, field.attname) for field in Match._meta.concrete_fields}


def the_orms(match: Match) -> dict:
    return as_read(Match.objects.get(pk=match.pk))


def typed(values: dict) -> dict:
    return {name: (type(value), value) for name, value in values.items()}


@pytest.fixture
def full_match() -> Match:
    """A match with every kind of field filled: texts (hostile ones), numbers, switches,
    JSON, dates and both foreign keys."""
    table = Table.objects.create(name="Петък", players=["Ана", "Боби"])
    first = Match.objects.create(team_a="Ние", team_b="Вие", table=table)
    return Match.objects.create(
        game="coinche",
        house_rules={"target": 701, "switches": [True, None, "%s {0}"]},
        team_a="<b>%(x)s</b> {0}",
        team_b="\u202eОрли\u200b",
        player_1="А" * 40,
        player_3="Боби",
        first_dealer=2,
        target=701,
        no_trumps_capot_doubled=True,
        capot_cannot_end_game=False,
        games_to_win=2,
        table=table,
        follows=first,
        version=7,
        undo={"deals": [{"number": 3}]},
    )


@pytest.mark.parametrize("key", ["scorer_key", "watch_key"])
def test_a_match_read_by_either_key_is_the_orms_field_by_field_and_type_by_type(full_match, key):
    read = match_by_key(getattr(full_match, key))

    assert typed(as_read(read)) == typed(the_orms(full_match))
    assert read.updated.tzinfo is not None and read.house_rules["target"] == 701
    assert read.table.name == "Петък" and read.follows.team_a == "Ние"  # the keys lead on
    assert read._state.adding is False and read._state.db == "default"
    assert read.hand_result is False and read.result_by_hand() is False


def test_a_match_read_by_its_key_saves_as_any_other(full_match):
    read = match_by_key(full_match.scorer_key)
    read.team_a = "Лъвове"
    read.save(update_fields=["team_a"])

    assert the_orms(full_match) == {**as_read(read), "team_a": "Лъвове"}


def test_a_match_is_read_in_one_query_and_a_wrong_key_finds_none(
    full_match, django_assert_num_queries
):
    with django_assert_num_queries(1):
        assert match_by_key(full_match.watch_key).pk == full_match.pk
    with django_assert_num_queries(1):
        assert match_by_key("x" * 24) is None


def test_the_row_is_written_out_once_per_connection(full_match):
    match_by_key(full_match.watch_key)
    reader = MatchRow.of(connections["default"])

    match_by_key(full_match.scorer_key)
    assert MatchRow.of(connections["default"]) is reader
    assert reader.names == [field.attname for field in Match._meta.concrete_fields]


def test_a_tournament_tables_hand_result_is_read_with_the_row(client):
    tournament = create(client)
    start_round(client, tournament, 1)
    played, on_paper, *_ = tables(tournament, 1)
    assert enter(client, tournament, on_paper, (151, 80)).status_code == 302
    assert TournamentTable.objects.get(pk=on_paper.pk).hand_points_a == 151

    by_hand = match_by_key(on_paper.match.watch_key)
    assert by_hand.hand_result is True and by_hand.result_by_hand() is True
    not_by_hand = match_by_key(played.match.scorer_key)
    assert not_by_hand.hand_result is False and not_by_hand.result_by_hand() is False


def test_whether_a_later_round_closed_a_tournament_match_is_read_with_the_row(
    client, django_assert_num_queries
):
    tournament = create(client)
    start_round(client, tournament, 1)
    first, *_ = tables(tournament, 1)
    for table in tables(tournament, 1):
        finish(table.match, engine.Team.A)
    scorer_key, watch_key = first.match.scorer_key, first.match.watch_key
    with django_assert_num_queries(1):
        open_round = match_by_key(scorer_key)
        assert open_round.later_round is False and open_round.round_closed() is False
    assert start_round(client, tournament, 2).status_code == 302
    with django_assert_num_queries(1):
        closed = match_by_key(watch_key)
        assert closed.later_round is True and closed.round_closed() is True
    # read otherwise, the match asks
    assert Match.objects.get(pk=first.match_id).round_closed() is True
    (second_round, *_) = tables(tournament, 2)
    assert Match.objects.get(pk=second_round.match_id).round_closed() is False
