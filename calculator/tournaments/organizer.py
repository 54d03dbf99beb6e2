"""The organizer's writes: a new tournament, pairs added, withdrawn or back, a round previewed
(with its swaps) and started, the knock-out previewed and started, a table's result entered by
hand. Each asks for the organizer's link (``keeper_key``)."""

from django.contrib import messages
from django.core.exceptions import ValidationError
from django.http import Http404
from django.shortcuts import get_object_or_404, redirect, render
from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from belot_site.methods import require_page_and_form, require_POST, require_safe
from calculator.models import TournamentPair, TournamentTable
from calculator.pairing import knockout_stage
from calculator.shared import posted
from calculator.shared.access import tournament_view
from calculator.shared.stages import ROUND_NAMES, match_name, stage_of
from calculator.tournaments import swap as tournament_swap
from calculator.tournaments.forms import HandResultForm, PairsAddForm, TournamentForm
from calculator.tournaments.public import _context, _private, _remember
from calculator.tournaments.services import (
    knockout_proposal,
    round_proposal,
    tournament_create,
    tournament_hand_result,
    tournament_knockout_start,
    tournament_pair_return,
    tournament_pair_withdraw,
    tournament_pairs_add,
    tournament_round_start,
)
from calculator.tournaments.state import tournament_state, tournament_version


@require_page_and_form
def tournament_new(request):
    form = TournamentForm(request.POST or None)
    if request.method == "POST" and form.is_valid():
        try:
            tournament = tournament_create(**form.tournament_fields())
        except ValidationError as error:
            form.add_error("pairs", error)
        else:
            return _remember(redirect(tournament.get_keeper_url()), request, tournament)
    status = 400 if form.errors else 200
    return render(request, "calculator/tournament_new.html", {"form": form}, status=status)


def _keeper_page_again(request, tournament, error=None, pairs_form=None, hand=None):
    """The organizer's page with the reason a change was refused (400); nothing was written.
    ``hand``: a table's result typed by hand and refused, shown again in its open panel."""
    context = {**_context(request, tournament, True), "pairs_form": pairs_form or PairsAddForm()}
    if error is not None:
        context["refusals"] = error.messages
    context["hand"] = hand
    return _private(render(request, "calculator/tournament_keeper.html", context, status=400))


@require_POST
@tournament_view(keeper_only=True)
def tournament_pairs_add_view(request, tournament, is_keeper):
    form = PairsAddForm(request.POST)
    if form.is_valid():
        try:
            tournament_pairs_add(tournament=tournament, pairs=form.cleaned_data["pairs"])
        except ValidationError as error:  # as the tournament is now: said at the top
            return _keeper_page_again(request, tournament, error, pairs_form=form)
        messages.success(request, _("The pairs were added."))
        return redirect(tournament.get_keeper_url())
    return _keeper_page_again(request, tournament, pairs_form=form)


@require_POST
@tournament_view(keeper_only=True)
def tournament_pair_withdraw_view(request, tournament, is_keeper, pair):
    return _pair_change(
        request, tournament, pair, tournament_pair_withdraw, _("%(pair)s withdrew.")
    )


@require_POST
@tournament_view(keeper_only=True)
def tournament_pair_return_view(request, tournament, is_keeper, pair):
    """A withdrawn pair plays on: a withdrawal tapped by mistake is taken back."""
    return _pair_change(request, tournament, pair, tournament_pair_return, _("%(pair)s plays on."))


def _pair_change(request, tournament, pair, change, done):
    """``change(tournament=, pair=)`` for the pair of the URL's id; ``done`` said on success."""
    if pair >= 2**31:  # no pair's id, and past what a database column holds
        raise Http404
    pair = get_object_or_404(TournamentPair, pk=pair, tournament=tournament)
    try:
        change(tournament=tournament, pair=pair)
    except ValidationError as error:
        return _keeper_page_again(request, tournament, error)
    messages.success(request, done % {"pair": pair.name})
    return redirect(tournament.get_keeper_url())


@require_POST
@tournament_view(keeper_only=True)
def tournament_round_start_view(request, tournament, is_keeper):
    """Start the round: with the pairings the preview showed (``order`` and the ``version`` it
    was made at), or, without them, as the site pairs it."""
    number = posted._posted_number(request)
    if number < 1:
        raise Http404
    order = None
    if "order" in request.POST:
        order = tournament_swap.order_parsed(request.POST["order"]) or []
    try:
        tournament_round_start(
            tournament=tournament,
            number=number,
            order=order,
            version=request.POST.get("version", ""),
        )
    except ValidationError as error:
        if error.code == "round_started":  # a second tap: the round is there
            messages.info(request, error.messages[0])
            return redirect(tournament.get_keeper_url())
        return _keeper_page_again(request, tournament, error)
    messages.success(request, _("Round %(number)s has started.") % {"number": number})
    return redirect(tournament.get_keeper_url())


def _asked_int(request, name: str) -> int | None:
    value = request.GET.get(name, "")
    return int(value) if value.isdigit() and len(value) <= 10 else None


@require_safe
@tournament_view(keeper_only=True)
def tournament_round_preview(request, tournament, is_keeper):
    """The next round's pairings before it starts, nothing stored: two pairs can be swapped
    (the page is made again with the new order) and "Start round N" starts exactly them."""
    state = tournament_state(tournament)
    number = _asked_int(request, "number") or state.next_number
    try:
        proposal = round_proposal(state, number)
    except ValidationError as error:
        if error.code == "round_started":
            messages.info(request, error.messages[0])
            return redirect(tournament.get_keeper_url())
        return _keeper_page_again(request, tournament, error)
    version = tournament_version(tournament)
    order, refusals = _order_shown(request, state, proposal, version)
    pairings = tournament_swap.pairings_of(proposal, order)
    context = {
        **_context(request, tournament, True, state),
        "number": number,
        "pairings": [
            (
                pairing.table,
                state.by_id[pairing.a],
                state.by_id[pairing.b],
                match_name(tournament, number, pairing.table),
            )
            for pairing in pairings.pairings
        ],
        "bye": state.by_id.get(pairings.bye),
        "round_name": _round_name(tournament, number),
        "order": " ".join(map(str, order)),
        "preview_version": version,
        # a knock-out's ties may be rematches of the Swiss rounds, as they should
        "warnings": () if state.knockout_started else tournament_swap.warnings(state, pairings),
        "refusals": refusals,
        "playing": [state.by_id[pair] for pair in order],
        "swiss": tournament.format == "swiss" and not state.knockout_started,
        "swap_fields": (("first", _("The first pair")), ("second", _("The second pair"))),
    }
    response = render(
        request, "calculator/tournament_round.html", context, status=400 if refusals else 200
    )
    return _private(response)


def _round_name(tournament, number: int) -> str:
    """A knock-out round's heading: its stage ("Semi-finals"; the final round is named by its
    final); "" for a Swiss round."""
    stage = stage_of(tournament, number)
    return str(ROUND_NAMES[stage]) if stage else ""


def _order_shown(request, state, proposal, version: str) -> tuple[list[int], list[str]]:
    """The pairings to show, and why a swap was refused: the site's own at first; the order
    the swap form carried, with the two pairs chosen swapped. A stale page's order is
    refused (the tournament changed: the site's pairings are shown again)."""
    order = tournament_swap.order_of(proposal)
    if "order" not in request.GET:
        return order, []
    try:
        if request.GET.get("version") != version:
            raise ValidationError(tournament_swap.PAIRINGS_CHANGED)
        asked = tournament_swap.order_parsed(request.GET["order"])
        order = tournament_swap.order_of(tournament_swap.pairings_of(proposal, asked))
        first, second = _asked_int(request, "first"), _asked_int(request, "second")
        return tournament_swap.order_swapped(state, order, first, second), []
    except ValidationError as error:
        return order, error.messages


@require_POST
@tournament_view(keeper_only=True)
def tournament_hand_result_view(request, tournament, is_keeper, table):
    """The result of a table that kept the score on paper, entered by the organizer."""
    if table >= 2**31:
        raise Http404
    tables = TournamentTable.objects.select_related("pair_a", "pair_b")
    table = get_object_or_404(tables, pk=table, round__tournament=tournament)
    form = HandResultForm(request.POST, pairs=(table.pair_a.name, table.pair_b.name))
    if not form.is_valid():
        return _hand_result_again(request, tournament, table, form)
    try:
        tournament_hand_result(tournament=tournament, table=table, **form.result())
    except ValidationError as error:
        return _hand_result_again(request, tournament, table, form, error)
    messages.success(
        request, _("The result of table %(number)s was entered.") % {"number": table.number}
    )
    return redirect(tournament.get_keeper_url())


# The boxes a refusal of the numbers themselves is about: marked invalid beside its words.
HAND_REFUSED_FIELDS = {
    "hand_tie": ("points_a", "points_b"),
    "hand_games": ("games_a", "games_b"),
}


HAND_FIELDS = ("points_a", "points_b", "games_a", "games_b")


def _hand_result_again(request, tournament, table, form, error=None):
    """The organizer's page again after a table's result was refused, nothing written: the
    table's panel open, the numbers as they were typed, and why beside them (each box's own
    error under it; a result without a winner above the boxes). A refusal that is not about the
    numbers (the page was out of date, the round is over, the match has deals) stays at the top
    of the page, where it says what changed; the numbers are kept all the same. The form keeps
    the page's version now: a second tap of Save writes what it shows."""
    about_numbers = error is None or error.code in HAND_REFUSED_FIELDS
    invalid = set(HAND_REFUSED_FIELDS.get(getattr(error, "code", None), ()))
    invalid |= {name for name in HAND_FIELDS if name in form.errors}
    # what is about no box of its own (a version missing or too long: a page no one saw)
    refusals = [
        *(error.messages if error is not None and about_numbers else ()),
        *(m for name, errors in form.errors.items() if name not in HAND_FIELDS for m in errors),
    ]
    refused_id = f"hand-{table.pk}-refused"
    first = next((name for name in HAND_FIELDS if name in invalid), None)
    boxes = {}
    for name in HAND_FIELDS:
        errors_id = f"hand-{table.pk}-{name}-errors"
        errors = form.errors.get(name, [])
        described = [refused_id] if refusals and name in invalid else []
        boxes[name] = {
            "value": form.data.get(name, ""),
            "errors": errors,
            "errors_id": errors_id,
            "invalid": name in invalid,
            "described": " ".join(described + ([errors_id] if errors else [])),
            # the first box to fix takes the focus: the page opens where it is
            "focus": name == first,
        }
    hand = {"table": table.pk, "refusals": refusals, "refused_id": refused_id, "boxes": boxes}
    return _keeper_page_again(request, tournament, None if about_numbers else error, hand=hand)


@require_POST
@tournament_view(keeper_only=True)
def tournament_knockout_view(request, tournament, is_keeper):
    """The knock-out stage of the top 4, 8 or 16 after the Swiss rounds: as its preview showed
    it (``version``), or, without one, as the site draws it up now."""
    size = posted._posted_int(request, "size")  # -1 if it is none: refused in words
    try:
        tournament_knockout_start(
            tournament=tournament, size=size, version=request.POST.get("version")
        )
    except ValidationError as error:
        if error.code == "knockout_started":  # a second tap: it is there
            messages.info(request, error.messages[0])
            return redirect(tournament.get_keeper_url())
        if error.code == "knockout_stale":  # the bracket as it is now, to look at again
            return _knockout_page(request, tournament, size, error.messages)
        return _keeper_page_again(request, tournament, error)
    started = ngettext(
        "The knock-out stage of the top %(size)s pair has started.",
        "The knock-out stage of the top %(size)s pairs has started.",
        size,
    )
    messages.success(request, started % {"size": size})
    return redirect(tournament.get_keeper_url())


@require_safe
@tournament_view(keeper_only=True)
def tournament_knockout_preview(request, tournament, is_keeper):
    """The knock-out's first round before it starts, nothing stored: the bracket of the top
    ``size``, and "Start the knock-out stage" tied to the version it was made at."""
    return _knockout_page(request, tournament, _asked_int(request, "size") or -1)


def _knockout_page(request, tournament, size: int, refusals=()):
    state = tournament_state(tournament)
    try:
        proposal = knockout_proposal(state, size)
    except ValidationError as error:
        if error.code == "knockout_started":
            messages.info(request, error.messages[0])
            return redirect(tournament.get_keeper_url())
        return _keeper_page_again(request, tournament, error)
    seeds = {pair: seed for seed, pair in enumerate(state.knockout_ranking(), start=1)}
    context = {
        **_context(request, tournament, True, state),
        "size": size,
        "number": proposal.number,
        "round_name": ROUND_NAMES[knockout_stage(size, 0)],
        "ties": [
            (
                pairing.table,
                (seeds[pairing.a], state.by_id[pairing.a]),
                (seeds[pairing.b], state.by_id[pairing.b]),
            )
            for pairing in proposal.pairings
        ],
        "preview_version": tournament_version(tournament),
        "refusals": refusals,
    }
    response = render(
        request, "calculator/tournament_knockout.html", context, status=400 if refusals else 200
    )
    return _private(response)
