"""A table's statistics: a small table worked by hand, corrections, and properties that hold
for any table (hypothesis)."""

import datetime

import pytest
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st

from calculator import engine
from calculator.engine import (
    AllPassed,
    CardPoints,
    Contract,
    Double,
    PlayedDeal,
    Sequence,
    Team,
    TeamDeclarations,
)
from calculator.matches import summary
from calculator.matches.services import deal_replace
from calculator.models import Deal, Match, Table
from calculator.tables import stats
from tests.calculator.test_engine_properties import deals as any_deals

A, B = Team.A, Team.B
ANA, BOBI, VIKI, GOGO = "Ана", "Боби", "Вики", "Гого"


def store(table, seats, games_to_win, deals):
    match = Match.objects.create(
        table=table,
        team_a=f"{seats[0]} & {seats[2]}",
        team_b=f"{seats[1]} & {seats[3]}",
        player_1=seats[0],
        player_2=seats[1],
        player_3=seats[2],
        player_4=seats[3],
        target=11,  # one made deal ends a game
        games_to_win=games_to_win,
    )
    Deal.objects.bulk_create(
        Deal(match=match, number=number, data=engine.deal_to_dict(deal))
        for number, deal in enumerate(deals, start=1)
    )
    return match


# Match 1: Ана & Вики against Боби & Гого, to two won games.
#   1. Ана & Вики bid hearts and take 162 card points, with a terce and a belot: 202 raw, 20 : 0.
#   2. Боби & Гого bid all trumps, contra, and take 258: 26 doubled, 0 : 52.
#   3. Ана & Вики bid no trumps and take 30 (60 doubled): inside, 0 : 26. Боби & Гого win 2 : 1.
MATCH_1 = [
    PlayedDeal(A, Contract.HEARTS, CardPoints(A, 162),
               declarations_a=TeamDeclarations(sequences=(Sequence(3),), belots=1)),
    PlayedDeal(B, Contract.ALL_TRUMPS, CardPoints(B, 258), double=Double.CONTRA),
    PlayedDeal(A, Contract.NO_TRUMPS, CardPoints(A, 30)),
]  # fmt: skip
# Match 2, partners swapped: Ана & Гого against Боби & Вики, to one won game.
#   1. All passed.
#   2. Ана & Гого bid spades and make a capot: 162 + 90 = 252, 25 : 0; a capot cannot end a game.
#   3. Боби & Вики bid clubs, 81 to 81: hanging; Ана & Гого write 8 (33 : 0) and win the match.
MATCH_2 = [
    AllPassed(),
    PlayedDeal(A, Contract.SPADES, None, capot=A),
    PlayedDeal(B, Contract.CLUBS, CardPoints(B, 81)),
]


@pytest.fixture
def table(db):
    table = Table.objects.create(name="Петък", players=[ANA, BOBI, VIKI, GOGO])
    store(table, [ANA, BOBI, VIKI, GOGO], 2, MATCH_1)
    store(table, [ANA, BOBI, GOGO, VIKI], 1, MATCH_2)
    return table


def won(record):
    return (record.matches_won, record.matches, record.games_won, record.games)


def test_matches_and_games_won_per_player(table):
    found = stats.table_stats(table)

    assert won(found.players[ANA]) == (1, 2, 2, 4)
    assert won(found.players[BOBI]) == (1, 2, 2, 4)
    assert won(found.players[VIKI]) == (0, 2, 1, 4)
    assert won(found.players[GOGO]) == (2, 2, 3, 4)
    assert [name for name, _ in stats.leaderboard(found.players)] == [GOGO, ANA, BOBI, VIKI]


def test_the_longest_run_of_won_games_follows_the_matches_in_order(table):
    found = stats.table_stats(table)

    # Гого: lost game 1, won games 2 and 3 of match 1 and the one game of match 2.
    assert found.players[GOGO].longest_streak == 3
    assert found.players[BOBI].longest_streak == 2
    assert found.players[ANA].longest_streak == 1


def test_contracts_capots_contras_and_declarations_of_a_player(table):
    data = stats.table_stats(table).players[ANA].as_dict()

    assert data["contracts"]["suit"] == {"bid": 2, "made": 2, "inside": 0, "hanging": 0}
    assert data["contracts"]["no_trumps"] == {"bid": 1, "made": 0, "inside": 1, "hanging": 0}
    assert data["contracts"]["all_trumps"]["bid"] == 0
    assert (data["capots_made"], data["capots_suffered"]) == (1, 0)
    assert (data["contra_won"], data["contra_lost"]) == (0, 1)
    assert data["declarations"] == {"terces": 1, "quartes": 0, "quintes": 0, "carres": 0,
                                    "belots": 1}  # fmt: skip
    assert data["declaration_points"] == 40
    # 20 + 0 + 0 in match 1, 25 + 8 in match 2, over 5 played deals (all passed left out).
    assert (data["points"], data["deals_played"], data["points_per_deal"]) == (53, 5, 10.6)


def test_the_other_side_of_the_same_deals(table):
    bobi = stats.table_stats(table).players[BOBI].as_dict()

    assert bobi["contracts"]["all_trumps"] == {"bid": 1, "made": 1, "inside": 0, "hanging": 0}
    assert bobi["contracts"]["suit"] == {"bid": 1, "made": 0, "inside": 0, "hanging": 1}
    assert (bobi["contra_won"], bobi["capots_suffered"]) == (1, 1)
    assert bobi["points"] == 52 + 26 + 0


def test_pairs_and_head_to_head(table):
    found = stats.table_stats(table)

    assert won(found.pairs[(ANA, VIKI)]) == (0, 1, 1, 3)
    assert won(found.pairs[(BOBI, GOGO)]) == (1, 1, 2, 3)
    assert won(found.pairs[(ANA, GOGO)]) == (1, 1, 1, 1)
    assert found.head_to_head == {
        ((ANA, VIKI), (BOBI, GOGO)): [0, 1],
        ((ANA, GOGO), (BOBI, VIKI)): [1, 0],
    }
    assert won(found.partners[GOGO][BOBI]) == (1, 1, 2, 3)


def test_the_table_counts_each_match_and_game_once(table):
    total = stats.table_stats(table).total

    assert (total.matches, total.games, total.deals) == (2, 4, 5)
    assert total.counts["capots_made"] == total.counts["capots_suffered"] == 1


def test_correcting_a_deal_corrects_the_statistics(table):
    stats.table_stats(table)  # the summaries are stored
    first = table.matches.order_by("created", "pk").first()
    made = PlayedDeal(A, Contract.NO_TRUMPS, CardPoints(A, 100))

    deal_replace(match=first, version=first.version, number=3, deal=made)

    found = stats.table_stats(table)
    assert won(found.players[ANA]) == (2, 2, 3, 4)
    assert found.players[ANA].as_dict()["contracts"]["no_trumps"]["made"] == 1


def test_stored_summaries_are_reused_until_the_match_changes(table, django_assert_num_queries):
    stats.table_stats(table)

    with django_assert_num_queries(2):  # the matches, their summaries (version and data)
        stats.table_stats(table)


def test_a_date_range_leaves_other_matches_out(table):
    first = table.matches.order_by("pk").first()
    Match.objects.filter(pk=first.pk).update(created="2025-01-10T12:00:00Z")
    found = stats.table_stats(table, since=datetime.date(2026, 1, 1))

    assert found.total.matches == 1 and won(found.players[GOGO]) == (1, 1, 1, 1)
    assert won(stats.table_stats(table).players[GOGO]) == (2, 2, 3, 4)


# Properties over random tables


def _line(seats, games_to_win, deal_list):
    match = Match(
        player_1=seats[0], player_2=seats[1], player_3=seats[2], player_4=seats[3],
        target=151, games_to_win=games_to_win,
    )  # fmt: skip
    try:
        fold = match.fold(deal_list)
    except engine.DealError:
        assume(False)
    return stats.MatchLine(match, summary.summarize(fold), tuple(seats))


ROSTER = ["a", "b", "c", "d", "e"]
matches = st.tuples(
    st.permutations(ROSTER).map(lambda names: names[:4]),
    st.sampled_from([None, 1, 2, 3]),
    st.lists(any_deals, max_size=40),
)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(matches, max_size=5))
def test_games_and_matches_add_up_for_any_table(drawn):
    found = stats.aggregate(Table(name="x"), [_line(*match) for match in drawn])
    total, players, pairs = found.total, found.players.values(), found.pairs.values()

    # Each game has one winning pair, and each pair two players.
    assert sum(record.games_won for record in pairs) == total.games
    assert sum(record.games_won for record in players) == 2 * total.games
    assert sum(record.games for record in players) == 4 * total.games
    assert sum(record.matches_won for record in pairs) == total.matches
    assert sum(sum(won) for won in found.head_to_head.values()) == total.matches
    for record in [*players, *pairs]:
        assert record.games_won <= record.games and record.matches_won <= record.matches
        assert record.longest_streak <= record.games_won
        for kind in summary.CONTRACT_KINDS:
            outcomes = [record.counts[f"{o}_{kind}"] for o in ("made", "inside", "hanging")]
            assert sum(outcomes) == record.counts[f"bid_{kind}"]
    assert total.counts["capots_made"] == total.counts["capots_suffered"]
    assert total.counts["contra_won"] == total.counts["contra_lost"]
