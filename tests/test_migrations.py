"""The newest migration keeps what an existing database holds: rows written under the schema
before it (a table with a match of two deals, a tournament with its pairs, a round and its
table's match) are all there afterwards, read through today's models, and the match scores as
it did."""

import datetime

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from calculator import engine
from calculator.models import Deal, Match, Table, Tournament, TournamentPair, TournamentTable

APP = "calculator"
MADE = engine.PlayedDeal(
    engine.Team.A, engine.Contract.HEARTS, engine.CardPoints(engine.Team.A, 100)
)
INSIDE = engine.PlayedDeal(
    engine.Team.B, engine.Contract.SPADES, engine.CardPoints(engine.Team.A, 120)
)


def newest_and_previous() -> tuple[tuple[str, str], tuple[str, str]]:
    graph = MigrationExecutor(connection).loader.graph
    newest = graph.leaf_nodes(APP)[0]
    previous = next(parent for parent in graph.node_map[newest].parents if parent[0] == APP)
    return newest, previous


def migrate(target) -> MigrationExecutor:
    executor = MigrationExecutor(connection)
    executor.migrate([target])
    executor.loader.build_graph()  # the graph as the database now stands
    return executor


def write_rows(apps) -> dict:
    """Rows as the schema before the newest migration has them, through its own models."""
    table = apps.get_model(APP, "Table").objects.create(name="Friday", players=["Ана", "Боби"])
    match = apps.get_model(APP, "Match").objects.create(
        team_a="Ние", team_b="Вие", table=table, version=2
    )
    deals = apps.get_model(APP, "Deal")
    for number, deal in enumerate([MADE, INSIDE], start=1):
        deals.objects.create(match=match, number=number, data=engine.deal_to_dict(deal))
    tournament = apps.get_model(APP, "Tournament").objects.create(
        name="Купа", date=datetime.date(2026, 3, 1)
    )
    pairs = apps.get_model(APP, "TournamentPair")
    first = pairs.objects.create(tournament=tournament, seed=1, player_1="А", player_2="Б")
    second = pairs.objects.create(tournament=tournament, seed=2, player_1="В", player_2="Г")
    round_ = apps.get_model(APP, "TournamentRound").objects.create(tournament=tournament, number=1)
    played = apps.get_model(APP, "Match").objects.create(team_a="А & Б", team_b="В & Г")
    apps.get_model(APP, "TournamentTable").objects.create(
        round=round_, number=1, pair_a=first, pair_b=second, match=played
    )
    return {"table": table.pk, "match": match.pk, "tournament": tournament.pk}


@pytest.mark.django_db(transaction=True)
def test_the_newest_migration_keeps_every_row_of_the_schema_before_it():
    newest, previous = newest_and_previous()
    try:
        executor = migrate(previous)
        keys = write_rows(executor.loader.project_state(previous).apps)
        migrate(newest)
    finally:
        migrate(newest)  # whatever failed, the next test finds today's schema

    table = Table.objects.get(pk=keys["table"])
    assert (table.name, table.players) == ("Friday", ["Ана", "Боби"])
    match = Match.objects.get(pk=keys["match"])
    assert (match.team_a, match.team_b, match.table, match.version) == ("Ние", "Вие", table, 2)
    stored = [deal.data for deal in Deal.objects.filter(match=match).order_by("number")]
    assert stored == [engine.deal_to_dict(MADE), engine.deal_to_dict(INSIDE)]
    read = [engine.deal_from_dict(data) for data in stored]
    assert read == [MADE, INSIDE]
    assert match.fold(read) == Match(team_a="Ние", team_b="Вие").fold([MADE, INSIDE])

    tournament = Tournament.objects.get(pk=keys["tournament"])
    assert (tournament.name, tournament.date) == ("Купа", datetime.date(2026, 3, 1))
    pairs = TournamentPair.objects.filter(tournament=tournament).order_by("seed")
    assert [(pair.player_1, pair.player_2) for pair in pairs] == [("А", "Б"), ("В", "Г")]
    (seat,) = TournamentTable.objects.filter(round__tournament=tournament)
    assert (seat.round.number, seat.pair_a, seat.pair_b) == (1, pairs[0], pairs[1])
    assert (seat.match.team_a, seat.match.team_b) == ("А & Б", "В & Г")
