"""A match's writes: a deal saved, corrected, deleted, undone, all at the version the scorer saw
(DealConflict otherwise, nothing written), and the match's file exported and imported; and
the match folded by the engine, kept per version."""

from collections.abc import Sequence
from dataclasses import dataclass, replace

from django.db import IntegrityError, transaction
from django.utils.translation import gettext_lazy as _

from belot_site.lru import BoundedStore
from calculator import engine
from calculator.models import TABLE_DEALS_MAX, Deal, Match, TournamentTable


class DealConflict(Exception):
    """The match is no longer what the scorer saw: another phone (or a retry, or an older tab)
    changed it since. Nothing was written."""


class MatchChanged(DealConflict):
    """The match is no longer at the version the scorer saw."""


class DealGone(DealConflict):
    """The deal to delete is no longer there: another phone deleted it first (it was the last
    deal, and the match now ends just before it)."""


RESULT_BY_HAND = _(
    "The organizer entered this table's result by hand (the table kept the score on paper): "
    "deals can no longer be saved in this match, and nothing was saved."
)


ROUND_CLOSED = _(
    "The tournament's next round has started, drawn up from this match's result: its deals can "
    "no longer be changed, and nothing was saved."
)


class MatchClosed(DealConflict):
    """The match is a tournament table's whose result is settled: no deal is written to it.
    Nothing was written; ``message`` says why, to its scorer."""

    message = ""


class ResultByHand(MatchClosed):
    """The organizer entered the table's result by hand: its result is that one."""

    message = RESULT_BY_HAND


class RoundClosed(MatchClosed):
    """A later round of the tournament has started, paired on the match's result as it is."""

    message = ROUND_CLOSED


def closed_to_deals(match: Match) -> str | None:
    """Why no deal can be written to ``match`` any more (a tournament table's, settled), or
    None. Read with the match's row where it was opened by its key (shared/access.py)."""
    if match.result_by_hand():
        return RESULT_BY_HAND
    if match.round_closed():
        return ROUND_CLOSED
    return None


@dataclass(frozen=True)
class MatchState:
    """A match with its deals folded by the engine."""

    match: Match
    deals: tuple[Deal, ...]
    inputs: tuple[engine.Deal, ...]  # the deals as the engine reads them
    fold: engine.Match
    # False for a match stored before there was a limit, with more deals than MAX_DEALS: the
    # state holds its first MAX_DEALS only, and a write to it reads the stored deals.
    complete: bool = True

    @property
    def next_number(self) -> int:
        return len(self.deals) + 1


def match_state(match: Match) -> MatchState:
    """The match folded by the engine; folded once per change of the match in this process
    (and not even once after this process's own writes, which leave their fold: _remember)."""
    key = _key(match)
    state = _states.get(key)
    if state is None:
        state = _fold(match)
        _states.put(key, state)
    return replace(state, match=match)  # this request's own row, not another thread's


def _key(match: Match) -> tuple:
    return (match.pk, match.version, match.updated)


def _fold(match: Match) -> MatchState:
    # A match stored before there was a limit may have more deals: its first MAX_DEALS are
    # shown, so that no page of it costs more than the largest allowed match.
    deals = tuple(match.deals.all()[: engine.MAX_DEALS + 1])
    complete = len(deals) <= engine.MAX_DEALS
    deals = deals[: engine.MAX_DEALS]
    inputs = tuple(match.read_deal(deal.data) for deal in deals)
    fold = match.fold(inputs)
    return MatchState(match=match, deals=deals, inputs=inputs, fold=fold, complete=complete)


def _remember(match: Match, deals, inputs, fold: engine.Match) -> None:
    """What a write leaves, kept as the match's state once it is committed: the page the scorer
    is sent to next neither reads the deals again nor scores them. ``match`` is the written
    row (its new version and time are the key), ``fold`` the engine's fold of ``inputs``."""
    state = MatchState(match=match, deals=tuple(deals), inputs=tuple(inputs), fold=fold)
    key = _key(match)
    transaction.on_commit(lambda: _states.put(key, state))


# The last folded matches of this process, at most 4,000 deals in all (a folded 2,000-deal
# match takes about 8 MB). The key holds the match's version and the time of its last change,
# which every write sets (the match page's ETag holds the time too): a changed match is folded
# again.
_states = BoundedStore(
    2 * engine.MAX_DEALS, lambda _key, state: len(state.deals), largest=engine.MAX_DEALS
)


def _locked(match: Match) -> Match:
    # On PostgreSQL the row lock queues writers of the same match; SQLite's immediate
    # transactions already hold the database's write lock.
    return Match.objects.select_for_update().get(pk=match.pk)


def _open_for_deals(match: Match) -> None:
    """Refuse a deal's write to a tournament table's match whose result the organizer entered
    by hand, or whose tournament has started a later round. Asked of the locked row (it has
    neither read with it, so each asks in a query of its own, which sees what was committed
    before the lock was granted): the organizer's hand result, and the start of a round, lock
    the same row (calculator/tournaments/services.py), so of such a write and theirs one is
    always refused or waits."""
    if match.result_by_hand():
        raise ResultByHand(match.pk)
    if match.round_closed():
        raise RoundClosed(match.pk)


def table_full(match: Match, number: int) -> engine.DealError | None:
    """The refusal of deal ``number`` in a tournament table's match, past the TABLE_DEALS_MAX
    deals such a match can hold (a match elsewhere: engine.MAX_DEALS); None if it fits. Asked
    only past that number, so no other deal costs a query."""
    if number <= TABLE_DEALS_MAX or not TournamentTable.objects.filter(match=match).exists():
        return None
    params = {"count": number, "max": TABLE_DEALS_MAX}
    return engine.DealError([engine.Problem("too_many_table_deals", "deals", params)])


def _still_at(match: Match, version: int) -> None:
    """Refuse a write made on an older view of the match (checked after the deal's number, so
    that a second tap hears that its deal is recorded, not that something else changed)."""
    if match.version != version:
        raise MatchChanged(version)


def _touch(match: Match, undo: dict | None = None) -> None:
    """Count a write: the match's version goes up; ``undo`` says how to take this write back."""
    match.version += 1
    match.undo = None if undo is None else {**undo, "version": match.version}
    match.save(update_fields=["updated", "version", "undo"])


def _check(match: Match, deals: list[engine.Deal]) -> None:
    """Raise engine.DealError if the match with these deals is not a valid one."""
    match.fold(deals)


def _stored(match: Match) -> list[engine.Deal]:
    return [match.read_deal(data) for data in match.deals.values_list("data", flat=True)]


def deal_record(*, match: Match, version: int, number: int, deal: engine.Deal) -> Deal:
    """Record ``deal`` as deal ``number``, which must be the match's next one, in the match
    as its scorer saw it (``version``)."""
    try:
        with transaction.atomic():
            match = _locked(match)
            _open_for_deals(match)
            # The deals as stored now: every write changes the match's version and time, by
            # which the fold is kept (match_state), so the locked row's fold is these deals'.
            state = match_state(match)
            if number != state.next_number:
                raise DealConflict(number)
            _still_at(match, version)
            if (full := table_full(match, number)) is not None:
                raise full
            fold = match.fold_on(state.fold, [deal])  # engine.DealError if the engine refuses
            record = Deal.objects.create(match=match, number=number, data=match.deal_data(deal))
            passed = isinstance(deal, engine.AllPassed)
            _touch(match, {"action": "all_passed", "number": number} if passed else None)
            if state.complete:
                _remember(match, (*state.deals, record), (*state.inputs, deal), fold)
            return record
    except IntegrityError as error:
        raise DealConflict(number) from error


def deal_replace(*, match: Match, version: int, number: int, deal: engine.Deal) -> Deal:
    """Correct deal ``number`` of the match at ``version``; everything after it is derived
    again."""
    with transaction.atomic():
        match = _locked(match)
        _open_for_deals(match)
        state = match_state(match)  # the stored deals' (deal_record says why)
        record = Deal.objects.filter(match=match, number=number).first()
        if record is None:
            raise DealConflict(number)
        _still_at(match, version)
        if not state.complete:
            stored = _stored(match)
            stored[number - 1] = deal
            _check(match, stored)
        else:  # raises engine.DealError if the engine refuses
            fold = corrected_fold(state, number, deal)
        record.data = match.deal_data(deal)
        record.save(update_fields=["data"])
        _touch(match)
        if state.complete:
            deals = (*state.deals[: number - 1], record, *state.deals[number:])
            inputs = (*state.inputs[: number - 1], deal, *state.inputs[number:])
            _remember(match, deals, inputs, fold)
        return record


def corrected_fold(state: MatchState, number: int, deal: engine.Deal) -> engine.Match:
    """The match with deal ``number`` corrected to ``deal``: the same as folding every deal
    again, but the earlier ones are not scored again, nor the later ones that find as many
    points waiting (Match.fold_corrected), and nothing is folded when ``deal`` is the deal as
    it is. Raises engine.DealError."""
    if deal == state.inputs[number - 1]:
        return state.fold
    return state.match.fold_corrected(state.fold, state.inputs, number - 1, deal)


def deal_delete_last(*, match: Match, version: int, number: int) -> engine.Deal:
    """Delete deal ``number`` of the match at ``version`` if it is the last one; returns it."""
    with transaction.atomic():
        match = _locked(match)
        _open_for_deals(match)
        state = match_state(match)
        last = Deal.objects.filter(match=match).order_by("-number").first()
        if (0 if last is None else last.number) + 1 == number:
            raise DealGone(number)
        if last is None or last.number != number:
            raise DealConflict(number)
        _still_at(match, version)
        deleted = match.read_deal(last.data)
        last.delete()
        _touch(match, {"action": "delete", "number": number, "deal": last.data})
        if state.complete:
            _remember_cut(match, state)
        return deleted


def _remember_cut(match: Match, state: MatchState) -> None:
    """The match's state without its last deal, which this write deleted."""
    fold = engine.truncate_match(state.fold, len(state.deals) - 1)
    _remember(match, state.deals[:-1], state.inputs[:-1], fold)


def undoable(match: Match) -> dict | None:
    """The last write if it can still be taken back: nothing has been written since."""
    undo = match.undo
    return undo if undo and undo.get("version") == match.version else None


def deal_undo(*, match: Match, version: int) -> dict:
    """Take back the last write of the match at ``version`` (a delete or all passed); returns
    what was taken back. DealConflict when something was written since."""
    with transaction.atomic():
        match = _locked(match)
        _open_for_deals(match)
        _still_at(match, version)
        undo = undoable(match)
        if undo is None:
            raise DealConflict(version)
        state = match_state(match)
        if undo["action"] == "delete":
            record = Deal.objects.create(match=match, number=undo["number"], data=undo["deal"])
            _touch(match)
            if state.complete:
                _remember_back(match, state, record)
        else:
            Deal.objects.filter(match=match, number=undo["number"]).delete()
            _touch(match)
            if state.complete:
                _remember_cut(match, state)
        return undo


def _remember_back(match: Match, state: MatchState, record: Deal) -> None:
    """The match's state with its deleted last deal back (``record``). The deal stood there
    before, so the engine takes it again; if it did not, the next page folds the match."""
    deal = match.read_deal(record.data)
    try:
        fold = match.fold_on(state.fold, [deal])
    except engine.DealError:
        return
    _remember(match, (*state.deals, record), (*state.inputs, deal), fold)


def match_import(*, match: Match, deals: Sequence[engine.Deal]) -> Match:
    """Save ``match`` (new, unsaved, checked by ImportForm) with its ``deals``, all or nothing."""
    match.fold(deals)
    with transaction.atomic():
        match.save()
        Deal.objects.bulk_create(
            Deal(match=match, number=number, data=match.deal_data(deal))
            for number, deal in enumerate(deals, start=1)
        )
    return match


def match_export(state: MatchState) -> dict:
    """The match in the engine's documented format, with the team and player names."""
    match = state.match
    write = engine.match_to_dict if match.is_belot else match.engine_game.match_to_dict
    data = write(match.profile, match.first_dealer, list(state.inputs))
    data["teams"] = {"A": match.team_a, "B": match.team_b}
    data["players"] = match.players
    if match.games_to_win:
        data["games_to_win"] = match.games_to_win
    return data


def next_match_offered(match: Match, fold: engine.Match) -> bool:
    """Whether the finished match can have a "Next match": a table's, its four players named."""
    players = match.players
    return match.table_id is not None and fold.match_over and len(set(filter(None, players))) == 4
