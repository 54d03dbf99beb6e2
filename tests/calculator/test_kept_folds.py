"""A write leaves the match's new state (its deals and their fold) for the next page, which then
reads no deal and scores none (calculator/matches/services.py, ``_remember``). That state must be the
one folding the stored deals gives, for every write and every game; it is kept only once the
write is committed, and never for a match stored with more deals than a match may have."""

import dataclasses
import random

import pytest
from django.db import transaction

from benchmarks.engine import random_deal, random_french_deal
from calculator import engine
from calculator.engine import GAMES
from calculator.matches import services
from calculator.matches.services import (
    deal_delete_last,
    deal_record,
    deal_replace,
    deal_undo,
    match_state,
)
from calculator.models import Deal, Match

pytestmark = pytest.mark.django_db

GAME_NAMES = ["belot", "classic", "contree", "coinche"]


def new_match(game: str, count: int, seed: int = 7) -> Match:
    rng = random.Random(seed)
    if game == "belot":
        match = Match.objects.create(team_a="Ние", team_b="Вие")
        deals = [random_deal(rng) for _ in range(count)]
    else:
        profile = GAMES[game].default_profile
        rules = GAMES[game].profile_to_dict(profile)
        match = Match.objects.create(
            team_a="Ние", team_b="Вие", game=game, target=profile.target, house_rules=rules
        )
        deals = [random_french_deal(rng, game) for _ in range(count)]
    Deal.objects.bulk_create(
        Deal(match=match, number=number, data=match.deal_data(deal))
        for number, deal in enumerate(deals, start=1)
    )
    return match


def kept(match: Match) -> services.MatchState | None:
    fresh = Match.objects.get(pk=match.pk)
    return services._states.get(services._key(fresh))


def assert_kept_as_folded(match: Match) -> None:
    """The state kept for the match's row as it is now is the one its stored deals fold to."""
    state = kept(match)
    assert state is not None, "nothing kept: the next page folds the match again"
    folded = services._fold(Match.objects.get(pk=match.pk))
    assert state.fold == folded.fold
    assert state.inputs == folded.inputs
    assert state.complete and folded.complete
    rows = [(d.pk, d.number, d.data, d.created) for d in state.deals]
    assert rows == [(d.pk, d.number, d.data, d.created) for d in folded.deals]


def version(match: Match) -> int:
    return Match.objects.get(pk=match.pk).version


def next_deal(match: Match, seed: int = 11):
    rng = random.Random(seed)
    return random_deal(rng) if match.is_belot else random_french_deal(rng, match.game)


@pytest.fixture
def committed(django_capture_on_commit_callbacks):
    """Each write as if committed: what it leaves for after its commit is run."""

    def write(action, **arguments):
        with django_capture_on_commit_callbacks(execute=True):
            return action(**arguments)

    return write


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_new_deal_leaves_the_match_as_folding_its_stored_deals_gives(committed, game):
    match = new_match(game, 30)
    match_state(match)
    committed(deal_record, match=match, version=0, number=31, deal=next_deal(match))
    assert_kept_as_folded(match)
    passed = engine.AllPassed()
    committed(deal_record, match=match, version=1, number=32, deal=passed)
    assert_kept_as_folded(match)


@pytest.mark.parametrize("game", GAME_NAMES)
@pytest.mark.parametrize("number", [1, 15, 30])
def test_a_correction_leaves_the_match_as_folding_its_stored_deals_gives(committed, game, number):
    match = new_match(game, 30)
    corrected = next_deal(match, seed=number)
    committed(deal_replace, match=match, version=0, number=number, deal=corrected)
    assert Match.objects.get(pk=match.pk).deals.get(number=number).data == match.deal_data(
        corrected
    )
    assert_kept_as_folded(match)
    same = match_state(Match.objects.get(pk=match.pk)).inputs[number - 1]
    committed(deal_replace, match=match, version=1, number=number, deal=same)  # unchanged
    assert_kept_as_folded(match)


@pytest.mark.parametrize("game", GAME_NAMES)
def test_a_delete_and_its_undo_leave_the_match_as_folding_its_stored_deals_gives(committed, game):
    match = new_match(game, 30)
    committed(deal_delete_last, match=match, version=0, number=30)
    assert_kept_as_folded(match)
    committed(deal_undo, match=match, version=1)
    assert_kept_as_folded(match)
    assert len(kept(match).deals) == 30
    committed(deal_record, match=match, version=2, number=31, deal=engine.AllPassed())
    committed(deal_undo, match=match, version=3)  # all passed taken back
    assert_kept_as_folded(match)
    assert len(kept(match).deals) == 30


def test_the_page_after_a_write_reads_the_match_only(client, committed, django_assert_num_queries):
    match = new_match("belot", 200)
    committed(deal_record, match=match, version=0, number=201, deal=engine.AllPassed())
    with django_assert_num_queries(1):  # the match's row; its deals are those the save left
        assert client.get(f"/m/{match.watch_key}/").status_code == 200


def test_a_write_rolled_back_leaves_nothing_kept(django_capture_on_commit_callbacks):
    match = new_match("belot", 5)
    captured = django_capture_on_commit_callbacks(execute=True)
    with captured, pytest.raises(RuntimeError), transaction.atomic():
        record = deal_record(match=match, version=0, number=6, deal=engine.AllPassed())
        raise RuntimeError("the commit fails")
    assert services._states.get(services._key(record.match)) is None
    assert Match.objects.get(pk=match.pk).version == 0 and match.deals.count() == 5


def test_a_refused_correction_leaves_nothing_and_keeps_nothing(committed):
    match = new_match("belot", 10)
    wrong = engine.PlayedDeal(
        engine.Team.A, engine.Contract.HEARTS, engine.CardPoints(engine.Team.A, 170)
    )
    before = list(match.deals.values_list("data", flat=True))
    with pytest.raises(engine.DealError):
        committed(deal_replace, match=match, version=0, number=4, deal=wrong)
    assert list(match.deals.values_list("data", flat=True)) == before
    assert version(match) == 0


def test_a_match_stored_with_more_deals_than_allowed_is_still_checked_whole(committed, monkeypatch):
    """Its state holds its first MAX_DEALS deals: a correction is refused as before (the match
    has too many deals), and what a delete leaves is read again, not kept."""
    match = new_match("belot", 7)
    monkeypatch.setattr(engine, "MAX_DEALS", 5)
    monkeypatch.setattr(engine.match, "MAX_DEALS", 5)
    assert not match_state(match).complete
    with pytest.raises(engine.DealError) as refused:
        committed(deal_replace, match=match, version=0, number=2, deal=engine.AllPassed())
    assert refused.value.problems[0].code == "too_many_deals"
    committed(deal_delete_last, match=match, version=0, number=7)
    assert kept(match) is None
    state = match_state(Match.objects.get(pk=match.pk))
    assert len(state.deals) == 5 and not state.complete
    assert dataclasses.replace(state, match=None).fold == services._fold(match).fold
