"""A deal's pages and writes: entry, preview, correction, deleting the last deal, undo and all
passed, each saved at the version the scorer saw."""

import hashlib
import json

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils.translation import gettext as _
from django.utils.translation import gettext_lazy

from belot_site.methods import require_page_and_form, require_POST
from calculator import engine
from calculator.games import problems
from calculator.games.belot.forms import DealForm
from calculator.games.french.forms import FrenchDealForm
from calculator.matches.preview import deal_name, preview_context
from calculator.matches.services import (
    DealConflict,
    DealGone,
    MatchChanged,
    MatchClosed,
    closed_to_deals,
    deal_delete_last,
    deal_record,
    deal_replace,
    deal_undo,
    match_state,
    table_full,
)
from calculator.matches.teams import team_name, winner_first
from calculator.models import Match
from calculator.shared.access import match_view
from calculator.shared.posted import _posted_number, _posted_version

MATCH_OVER = gettext_lazy(
    "The match is over: %(team)s won it, %(a)s:%(b)s in games. Start a new match to play on."
)


MATCH_OVER_NOT_RECORDED = gettext_lazy(
    "The match is over: %(team)s won it, %(a)s:%(b)s in games, so the deal you entered was not "
    "recorded. It is below as you entered it; to play on, start a new match."
)


def match_over(state, message=MATCH_OVER) -> str:
    """Who won the match that is over, in ``message``: the deal page of a match that another
    phone finished says so, not only that "a team" won."""
    fold = state.fold
    a, b = winner_first(fold.games_won, fold.match_winner)
    return str(message) % {"team": team_name(state.match, fold.match_winner), "a": a, "b": b}


def preview_key(number: int, deal: engine.Deal, match: Match | None = None) -> str:
    """Ties a save to the preview the scorer saw: the same deal, at the same place."""
    data = engine.deal_to_dict(deal) if match is None else match.deal_data(deal)
    text = json.dumps([number, data], sort_keys=True)
    return hashlib.sha256(text.encode()).hexdigest()[:20]


def deal_form_class(match: Match) -> type[DealForm]:
    """The deal form of the match's game: Bulgarian belot's, or the French games' one."""
    return DealForm if match.is_belot else FrenchDealForm


def _deal_form(state, data=None, initial=None, number=None):
    number = number or state.next_number
    hanging = state.fold.deals[number - 2].hanging if number > 1 else 0
    form_class = deal_form_class(state.match)
    return form_class(data, initial=initial, match=state.match, hanging=hanging)


def _conflict(request, match):
    """A deal recorded already (a second tap, another phone): back to the current score."""
    warning = _(
        "That deal had already been recorded (from another phone, or by a second tap). "
        "Here is the current score."
    )
    return _to_score(request, match, warning)


def _changed(request, match):
    """A write from a page older than the match: nothing written, back to the current score."""
    warning = _(
        "The match was changed on another phone in the meantime, so nothing was saved. "
        "Here is the current score."
    )
    return _to_score(request, match, warning)


def _to_score(request, match, warning: str):
    messages.warning(request, warning)
    return redirect(match.get_scorer_url())


def _closed(request, match, why):
    """A deal's write to a tournament table's match whose result is settled (entered by hand,
    or a later round started): nothing written, the scorer's page says why (and offers no deal
    to enter)."""
    messages.error(request, why)
    return redirect(match.get_scorer_url())


def _refused(request, match, error: engine.DealError):
    """The engine refused the write (a match past MAX_DEALS deals): say why on the match page."""
    for problem in error.problems:
        messages.error(request, problems.problem_message(problem, (match.team_a, match.team_b)))
    return redirect(match.get_scorer_url())


def _full(state) -> engine.DealError | None:
    """The error a new deal would get in a match that already has MAX_DEALS deals, or a
    tournament table's TABLE_DEALS_MAX (services.table_full)."""
    if state.next_number <= engine.MAX_DEALS:
        return table_full(state.match, state.next_number)
    params = {"count": state.next_number, "max": engine.MAX_DEALS}
    return engine.DealError([engine.Problem("too_many_deals", "deals", params)])


@require_page_and_form
@match_view(scorer_only=True)
def deal_new(request, match, is_scorer):
    if (why := closed_to_deals(match)) is not None:
        return _closed(request, match, why)
    state = match_state(match)
    if (full := _full(state)) is not None:
        return _refused(request, match, full)
    if state.fold.match_over:  # no deal form for a deal the engine would refuse
        if request.method == "POST":  # typed while another phone saved the match's last deal
            return _number_taken(request, state, _posted_number(request))
        messages.error(request, match_over(state))
        return redirect(match.get_scorer_url())
    if request.method != "POST":
        form = _deal_form(state)
        context = _deal_context(state, form, state.next_number, state.match.version)
        return render(request, "calculator/deal.html", context)
    number = _posted_number(request)
    if number != state.next_number or _saved_from_an_older_page(request, match):
        return _number_taken(request, state, number)
    form = _deal_form(state, data=request.POST)
    if _save_as_previewed(request, form, number):
        try:
            deal_record(
                match=match, version=_posted_version(request), number=number, deal=form.deal
            )
        except MatchClosed as closed:
            return _closed(request, match, closed.message)
        except (MatchChanged, DealConflict):
            return _number_taken(request, match_state(match), number)
        except engine.DealError as error:
            return _refused(request, match, error)
        return redirect(match.get_scorer_url())
    return _deal_page_again(request, state, form, number)


def _deal_page_again(request, state, form, number):
    """The deal page shown again after a POST: its preview, or the reasons Save was refused
    (400). Still the page made from the version its scorer saw, whatever the match's version
    is now."""
    refused = request.POST.get("action") == "save" and form.deal is None  # validated already
    context = _deal_context(state, form, number, _posted_version(request), refused=refused)
    return render(request, "calculator/deal.html", context, status=400 if refused else 200)


def _number_taken(request, state, number):
    """A new deal sent from a page older than the match (``state``, as it is now).

    The same deal recorded already under its number is a second tap (or two phones typing the
    same deal): back to the score. Anything else, another phone's deal under that number, a
    correction, a deletion, is the match changing while this deal was typed; nothing is lost:
    the page comes back with what the scorer typed, previewed as the match's next deal as it is
    now, to be checked and saved again.
    """
    if 1 <= number < state.next_number:
        form = _deal_form(state, data=request.POST, number=number)
        recorded = state.deals[number - 1].data
        if form.is_valid() and state.match.deal_data(form.deal) == recorded:
            return _conflict(request, state.match)
    changed = _(
        "The match was changed on another phone while you entered this deal, so it was "
        "not saved yet. Check what will be recorded now, then tap Save again."
    )
    return _as_the_next_deal(request, state, changed)


def _as_the_next_deal(request, state, warning: str, *, action: str | None = None):
    """What the scorer typed, previewed as the match's next deal as it is now (``state``) and
    saying ``warning``, its Save recording it; the page's form sent to ``action`` if that is
    not the page's own address. Once the match is over, what was typed with no Save
    (``_after_the_match``); once it is full, back to the score."""
    if state.fold.match_over:
        return _after_the_match(request, state)
    if _full(state) is not None:
        return _changed(request, state.match)  # no deal can be added any more
    messages.warning(request, warning)
    form = _deal_form(state, data=request.POST)
    # On purpose the match's number and version now: the scorer is shown the match as it is.
    context = _deal_context(state, form, state.next_number, state.match.version)
    if action is not None:
        context["form_action"] = action
    return render(request, "calculator/deal.html", context)


def _after_the_match(request, state):
    """A new deal sent once the match is over (another phone saved the deal that ended it),
    not the deal recorded: nothing is written. The page comes back with what the scorer typed,
    to compare with what was recorded, and says who won the match; it offers no Save, only the
    way back to the match (400)."""
    messages.error(request, match_over(state, MATCH_OVER_NOT_RECORDED))
    form = _deal_form(state, data=request.POST)
    context = _deal_context(state, form, state.next_number, state.match.version)
    context.update(preview=None, problems=[], questions=[], refused=match_over(state), over=True)
    return render(request, "calculator/deal.html", context, status=400)


def _saved_from_an_older_page(request, match) -> bool:
    """Save tapped on a page made from an older version of the match than the stored one.

    Such a Save records nothing whatever its preview: without a script the page's preview may
    be older than what was typed, and "check, then Save again" would come back at the page's
    old version, for the next Save to hear only then that the match changed. It goes straight
    to the page that says so, at the match's version now."""
    return request.POST.get("action") == "save" and _posted_version(request) != match.version


def _save_as_previewed(request, form, number) -> bool:
    """True when the scorer tapped Save on a valid deal whose preview they have seen.

    The form is validated here in any case: the page shows its preview and its problems."""
    if not form.is_valid() or request.POST.get("action") != "save":
        return False
    if request.POST.get("preview_key") == preview_key(number, form.deal, form.match):
        return True
    messages.info(request, _("Check what will be recorded, then tap Save again."))
    return False


@require_POST
@match_view(scorer_only=True)
def deal_preview(request, match, is_scorer):
    """The preview alone, for the page's script: the same server-side engine, no reload."""
    state = match_state(match)
    number = _posted_number(request)
    taken = None  # a new deal's number that another phone's deal took meanwhile
    if request.GET.get("new") and number != state.next_number:
        taken = number if 1 <= number < state.next_number else None
        number = state.next_number  # as its Save will come back: the next deal
    elif not 1 <= number <= state.next_number:
        number = state.next_number
    form = _deal_form(state, data=request.POST, number=number)
    context = _deal_context(state, form, number)  # no version: the page keeps its own
    if taken is not None:
        context["number_taken"] = deal_name(state.fold, taken)
    form.forget_missing()
    if (why := closed_to_deals(match)) is not None:  # a page opened before: its Save would
        context.update(preview=None, problems=[], questions=[], refused=why)  # be refused
    elif state.fold.match_over and number == state.next_number:  # no deal comes after the last
        context.update(preview=None, problems=[], questions=[], refused=match_over(state))
    return render(request, "calculator/_preview_response.html", context)


@require_page_and_form
@match_view(scorer_only=True)
def deal_edit(request, match, is_scorer, number):
    if (why := closed_to_deals(match)) is not None:
        return _closed(request, match, why)
    state = match_state(match)
    if not 1 <= number < state.next_number or state.deals[number - 1].data["kind"] == "all_passed":
        if request.method == "POST":  # deleted (or undone) on another phone meanwhile
            return _correction_gone(request, state)
        raise Http404
    stored = state.deals[number - 1].data
    if request.method != "POST":
        # Bound to what is stored: the page opens on the deal's result as it is recorded now.
        initial = deal_form_class(match).initial_from(stored)
        form = _deal_form(state, data=initial, number=number)
        context = _deal_context(state, form, number, state.match.version)
        return render(request, "calculator/deal.html", context)
    if _saved_from_an_older_page(request, match):
        return _correction_again(request, state, number)
    form = _deal_form(state, data=request.POST, number=number)
    if _save_as_previewed(request, form, number):
        try:
            deal_replace(
                match=match, version=_posted_version(request), number=number, deal=form.deal
            )
        except MatchClosed as closed:
            return _closed(request, match, closed.message)
        except MatchChanged:
            return _correction_again(request, match_state(match), number)
        except DealConflict:  # deleted on another phone between the checks and the write
            return _correction_gone(request, match_state(match))
        except engine.DealError as error:
            return _refused(request, match, error)
        corrected = _("%(deal)s was corrected.") % {"deal": deal_name(state.fold, number)}
        messages.success(request, corrected)
        return redirect(match.get_scorer_url())
    return _deal_page_again(request, state, form, number)


def _correction_again(request, state, number):
    """A correction sent from a page older than the match (``state``, as it is now): nothing
    is lost. The page comes back with what the scorer typed, previewed against the match as it
    is now and carrying its version, so that the next Save records it; unless the deal is gone
    or all passed now (``_correction_gone``)."""
    if not 1 <= number < state.next_number or state.deals[number - 1].data["kind"] == "all_passed":
        return _correction_gone(request, state)
    messages.warning(
        request,
        _(
            "The match was changed on another phone while you corrected this deal, so the "
            "correction was not saved yet. Check what will be recorded now, then tap Save again."
        ),
    )
    form = _deal_form(state, data=request.POST, number=number)
    context = _deal_context(state, form, number, state.match.version)
    return render(request, "calculator/deal.html", context)


def _correction_gone(request, state):
    """A correction of a deal that another phone deleted meanwhile (``state``, the match as it
    is now): nothing is written, and nothing typed is lost. It comes back as the match's next
    deal, its Save a new deal's."""
    gone = _(
        "The deal you were correcting was deleted on another phone, so the correction was not "
        "saved. What you typed is here as a new deal: check what will be recorded, then tap "
        "Save to record it."
    )
    new_deal = reverse("calculator:deal-new", args=[state.match.scorer_key])
    return _as_the_next_deal(request, state, gone, action=new_deal)


@require_POST
@match_view(scorer_only=True)
def deal_delete(request, match, is_scorer, number):
    try:
        deal_delete_last(match=match, version=_posted_version(request), number=number)
    except MatchClosed as closed:
        return _closed(request, match, closed.message)
    except DealGone:  # deleted first by another phone or a second tap: the match page offers
        name = deal_name(match_state(match).fold, number)  # to undo that delete
        gone = _(
            "%(deal)s had already been deleted (on another phone, or by a second tap). "
            "Here is the current score."
        )
        return _to_score(request, match, gone % {"deal": name})
    except DealConflict:
        return _changed(request, match)
    return redirect(match.get_scorer_url())  # which offers to undo it


@require_POST
@match_view(scorer_only=True)
def deal_undo_view(request, match, is_scorer):
    """Take back the last delete or all passed, if nothing was written since."""
    fold = match_state(match).fold  # as the scorer saw it: it names the deal either way
    try:
        undone = deal_undo(match=match, version=_posted_version(request))
    except MatchClosed as closed:
        return _closed(request, match, closed.message)
    except DealConflict:
        return _changed(request, match)
    name = deal_name(fold, undone["number"])
    if undone["action"] == "delete":
        messages.success(request, _("%(deal)s is back.") % {"deal": name})
    else:
        again = _("All passed taken back: %(deal)s is still to be played.")
        messages.success(request, again % {"deal": name})
    return redirect(match.get_scorer_url())


@require_POST
@match_view(scorer_only=True)
def deal_all_passed(request, match, is_scorer):
    try:
        deal_record(
            match=match,
            version=_posted_version(request),
            number=_posted_number(request),
            deal=engine.AllPassed(),
        )
    except MatchClosed as closed:
        return _closed(request, match, closed.message)
    except MatchChanged:
        return _changed(request, match)
    except DealConflict:
        return _conflict(request, match)
    except engine.DealError as error:
        return _refused(request, match, error)
    return redirect(match.get_scorer_url())


def _deal_context(state, form, number, version: int | None = None, *, refused=False):
    """The deal page's context; ``version`` is the match's version the page is made from (none
    for the live preview, which leaves the page's own alone; a version no page could have
    posted is left empty, and a save with it is refused). A page that comes back from a
    ``refused`` Save opens at its preview, which then lists what is missing too, not only
    where (the page's script scrolls there as the form's #preview does without one)."""
    context = preview_context(state, form, number, missing=refused)
    context["save_refused"] = refused
    context["version"] = version if version is not None and version >= 0 else ""
    if form.deal is not None:
        context["preview_key"] = preview_key(number, form.deal, form.match)
    context["rules_url"] = reverse("rules:index")
    return context
