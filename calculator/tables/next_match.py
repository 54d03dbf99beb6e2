"""The next match of a finished table match: the same four players, their seats rotated or
chosen again (the page is at the match's address, /m/<key>/next/)."""

from django.contrib import messages
from django.http import Http404
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from belot_site.methods import require_page_and_form
from calculator.matches.deals import _changed
from calculator.matches.services import DealConflict, match_state, next_match_offered
from calculator.models import Match
from calculator.shared.access import match_view
from calculator.shared.posted import _posted_version
from calculator.tables.forms import NextMatchForm
from calculator.tables.services import match_next


@require_page_and_form
@match_view(scorer_only=True)
def match_next_view(request, match, is_scorer):
    """The next match of a finished table match, from its scorer's link: the scorer starts it
    without the table's keeper's link (which a scorer may not have, and is never shown here)."""
    state = match_state(match)
    following = Match.objects.filter(follows=match).first()
    if following is not None and request.method != "POST":
        return redirect(following.get_scorer_url())
    if request.method != "POST":
        if not next_match_offered(match, state.fold):
            raise Http404
        return _next_page(request, state, NextMatchForm(match=match), match.version)
    form = NextMatchForm(request.POST, match=match)
    if following is None and not form.is_valid():
        return _next_page(request, state, form, _posted_version(request), status=400)
    data = form.cleaned_data if following is None else {}
    try:
        following, started = match_next(
            match=match,
            version=_posted_version(request),
            seats=data.get("seats", []),
            first_dealer=data.get("first_dealer", 0),
        )
    except DealConflict:
        return _changed(request, match)
    except ValueError:
        raise Http404 from None
    if not started:
        messages.info(request, _("The next match had already been started: here it is."))
    return redirect(following.get_scorer_url())


def _next_page(request, state, form, version, status=200):
    context = {"match": state.match, "fold": state.fold, "form": form, "version": version}
    return render(request, "calculator/match_next.html", context, status=status)
