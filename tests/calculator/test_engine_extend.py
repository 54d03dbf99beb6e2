"""Folding on: a folded match extended by more deals is the match folded whole, in every game;
and a folded match cut back to its first deals is those deals folded alone.

A new deal's preview and its save fold one deal on from the match as it is
(``Game.extend_match``, ``engine.extend_match``) instead of scoring every earlier deal again;
nothing may tell the two apart, a refusal and its deal's index included. A deleted last deal
leaves the match cut back (``engine.truncate_match``), and a correction is folded on from the
match cut back to the deal before it.
"""

import pytest
from hypothesis import given
from hypothesis import strategies as st

from calculator import engine
from calculator.engine import (
    BELOT,
    GAMES,
    AllPassed,
    CardPoints,
    Contract,
    DealError,
    PlayedDeal,
    Team,
    extend_match,
    fold_match,
    truncate_match,
)
from tests.calculator.test_engine_french_properties import classic_cases, contree_cases
from tests.calculator.test_engine_properties import ENGINE, deals, profiles

games_to_win = st.sampled_from([None, 1, 2, 3])


def folded_or_refused(fold):
    try:
        return fold(), None
    except DealError as error:
        return None, (error.deal_index, error.problems)


def check_split(game, profile, first_dealer, deal_list, wins, split):
    whole, refused = folded_or_refused(
        lambda: game.fold_match(profile, first_dealer, deal_list, wins)
    )
    head, tail = deal_list[:split], deal_list[split:]
    if refused is not None and refused[0] < split:
        return  # the first part alone is refused: nothing to extend
    start = game.fold_match(profile, first_dealer, head, wins)
    extended, refused_on = folded_or_refused(lambda: game.extend_match(start, tail))
    assert (extended, refused_on) == (whole, refused)
    check_cut(game, profile, first_dealer, deal_list, wins, split)
    check_correction(game, profile, first_dealer, deal_list, wins, split)


def folding(game, profile, first_dealer, deal_list, wins):
    """The deals that fold (up to the first refused one, if any) and their match."""
    try:
        return deal_list, game.fold_match(profile, first_dealer, deal_list, wins)
    except DealError as error:
        if error.deal_index is None:
            return [], None
        deal_list = deal_list[: error.deal_index]
        return deal_list, game.fold_match(profile, first_dealer, deal_list, wins)


def check_cut(game, profile, first_dealer, deal_list, wins, split):
    """The match cut back to its first ``split`` deals is those deals folded alone."""
    deal_list, whole = folding(game, profile, first_dealer, deal_list, wins)
    if whole is None:
        return
    split = min(split, len(deal_list))
    head = game.fold_match(profile, first_dealer, deal_list[:split], wins)
    assert truncate_match(whole, split) == head


def check_correction(game, profile, first_dealer, deal_list, wins, index):
    """Deal ``index`` corrected to another deal of the match (the last but ``index``) is the
    corrected deals folded whole, a refusal and its deal's index included."""
    deal_list, whole = folding(game, profile, first_dealer, deal_list, wins)
    if whole is None or index >= len(deal_list):
        return
    deal = deal_list[-1 - index]
    corrected = [*deal_list[:index], deal, *deal_list[index + 1 :]]
    expected = folded_or_refused(lambda: game.fold_match(profile, first_dealer, corrected, wins))
    got = folded_or_refused(lambda: game.correct_match(whole, deal_list, index, deal))
    assert got == expected


@ENGINE
@given(st.lists(deals, max_size=40), profiles, st.integers(0, 3), games_to_win, st.data())
def test_a_belot_match_folded_on_is_the_match_folded_whole(
    deal_list, profile, first_dealer, wins, data
):
    split = data.draw(st.integers(0, len(deal_list)))
    check_split(GAMES["belot"], profile, first_dealer, deal_list, wins, split)


@ENGINE
@given(classic_cases(lists=True), st.integers(0, 3), games_to_win, st.data())
def test_a_classic_match_folded_on_is_the_match_folded_whole(case, first_dealer, wins, data):
    profile, deal_list = case
    split = data.draw(st.integers(0, len(deal_list)))
    check_split(GAMES["classic"], profile, first_dealer, deal_list, wins, split)


@ENGINE
@given(contree_cases(lists=True), st.integers(0, 3), games_to_win, st.data())
def test_a_contree_match_folded_on_is_the_match_folded_whole(case, first_dealer, wins, data):
    game, profile, deal_list = case
    split = data.draw(st.integers(0, len(deal_list)))
    check_split(game, profile, first_dealer, deal_list, wins, split)


MADE = PlayedDeal(Team.A, Contract.ALL_TRUMPS, CardPoints(Team.A, 258))  # 26 a deal


def test_extending_an_empty_match_is_folding():
    empty = fold_match()
    assert extend_match(empty, [MADE, AllPassed()]) == fold_match(deals=[MADE, AllPassed()])
    assert extend_match(empty, []) == empty


def test_a_refused_deal_is_named_by_its_place_in_the_whole_match():
    start = fold_match(deals=[MADE, MADE])
    wrong = PlayedDeal(Team.A, Contract.HEARTS, CardPoints(Team.A, 170))
    with pytest.raises(DealError) as refused:
        extend_match(start, [AllPassed(), wrong])
    assert refused.value.deal_index == 3
    assert [p.code for p in refused.value.problems] == ["card_points_out_of_range"]


def test_a_deal_after_the_match_is_over_is_refused():
    over = fold_match(deals=[MADE] * 6, games_to_win=1)
    assert over.match_over
    with pytest.raises(DealError) as refused:
        extend_match(over, [MADE])
    assert (refused.value.deal_index, refused.value.problems[0].code) == (6, "match_over")


def test_no_match_grows_past_the_most_deals(monkeypatch):
    monkeypatch.setattr(engine.match, "MAX_DEALS", 3)
    start = fold_match(deals=[MADE, MADE])
    assert len(extend_match(start, [MADE]).deals) == 3
    with pytest.raises(DealError) as refused:
        extend_match(start, [MADE, MADE])
    assert refused.value.deal_index is None
    assert refused.value.problems[0].code == "too_many_deals"
    assert refused.value.problems[0].params == {"count": 4, "max": 3}


def test_a_match_cut_back_to_no_deal_is_a_new_match():
    played = fold_match(first_dealer=2, deals=[MADE, AllPassed(), MADE], games_to_win=2)
    assert truncate_match(played, 0) == fold_match(first_dealer=2, games_to_win=2)
    assert truncate_match(played, 3) == played


def test_a_match_cut_back_keeps_the_points_hanging_then():
    tied = PlayedDeal(Team.A, Contract.ALL_TRUMPS, CardPoints(Team.A, 129))  # 13 hang
    played = fold_match(deals=[MADE, tied, tied, MADE])
    for count in range(5):
        assert truncate_match(played, count) == fold_match(deals=[MADE, tied, tied, MADE][:count])
    assert truncate_match(played, 3).hanging == 26


def test_a_won_match_cut_back_before_its_last_deal_goes_on():
    over = fold_match(deals=[MADE] * 12, games_to_win=2)
    assert over.match_over and len(over.games) == 2
    cut = truncate_match(over, 11)
    assert not cut.match_over and len(cut.games) == 1
    assert cut == fold_match(deals=[MADE] * 11, games_to_win=2)
    assert truncate_match(over, 6) == fold_match(deals=[MADE] * 6, games_to_win=2)


def test_a_match_has_no_more_first_deals_than_its_deals():
    for count in (-1, 3):
        with pytest.raises(ValueError):
            truncate_match(fold_match(deals=[MADE, MADE]), count)


TIED = PlayedDeal(Team.A, Contract.ALL_TRUMPS, CardPoints(Team.A, 129))  # 13 hang


@pytest.mark.parametrize(
    ("index", "deal"),
    [(0, TIED), (1, MADE), (2, AllPassed()), (3, TIED), (0, MADE)],
)
def test_a_correction_scores_again_the_deals_that_find_other_points_waiting(index, deal):
    """A tie makes points hang for the next deals: corrected to a made deal, or made a tie,
    the deals after it carry other points, and are scored again."""
    deal_list = [MADE, TIED, MADE, AllPassed(), MADE, TIED, TIED, MADE]
    whole = fold_match(deals=deal_list, games_to_win=3)
    corrected = [*deal_list[:index], deal, *deal_list[index + 1 :]]
    got = BELOT.correct_match(whole, deal_list, index, deal)
    assert got == fold_match(deals=corrected, games_to_win=3)


def test_a_correction_that_ends_the_match_earlier_refuses_the_deals_after_it():
    deal_list = [MADE] * 5 + [AllPassed(), MADE]  # 130, then 156: the match is won
    whole = fold_match(deals=deal_list, games_to_win=1)
    corrected = [*deal_list[:5], MADE, *deal_list[6:]]  # 156 after deal 6
    with pytest.raises(DealError) as refused:
        fold_match(deals=corrected, games_to_win=1)
    with pytest.raises(DealError) as refused_too:
        BELOT.correct_match(whole, deal_list, 5, MADE)
    assert refused_too.value.deal_index == refused.value.deal_index == 6
    assert refused_too.value.problems == refused.value.problems


def test_a_correction_to_a_wrong_deal_is_refused_as_folding_refuses_it():
    wrong = PlayedDeal(Team.A, Contract.HEARTS, CardPoints(Team.A, 170))
    deal_list = [MADE, AllPassed(), MADE]
    with pytest.raises(DealError) as refused:
        BELOT.correct_match(fold_match(deals=deal_list), deal_list, 1, wrong)
    assert refused.value.deal_index == 1
    assert [p.code for p in refused.value.problems] == ["card_points_out_of_range"]
