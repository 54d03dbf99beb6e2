"""The home page (this phone's matches, tables and tournaments, and the forms to start one) and
"Forget this phone's matches"."""

from django.contrib import messages
from django.shortcuts import redirect, render
from django.utils.translation import gettext as _

from belot_site.methods import require_POST, require_safe
from calculator.matches.forms import ImportForm, MatchForm
from calculator.models import Match, Table, Tournament
from calculator.shared.recent import (
    RECENT_COOKIE,
    RECENT_TABLES_COOKIE,
    RECENT_TOURNAMENTS_COOKIE,
    _in_order,
    recent_keys,
)
from calculator.tables.forms import TableForm


@require_safe
def home(request):
    keys, table_keys = recent_keys(request), recent_keys(request, RECENT_TABLES_COOKIE)
    tournament_keys = recent_keys(request, RECENT_TOURNAMENTS_COOKIE)
    recent = Match.objects.filter(scorer_key__in=keys)
    tables = Table.objects.filter(keeper_key__in=table_keys)
    tournaments = Tournament.objects.filter(keeper_key__in=tournament_keys)
    return render(
        request,
        "calculator/home.html",
        {
            "form": MatchForm(),
            "import_form": ImportForm(),
            "table_form": TableForm(),
            "recent": _in_order(recent, keys, "scorer_key"),
            "recent_tables": _in_order(tables, table_keys, "keeper_key"),
            "recent_tournaments": _in_order(tournaments, tournament_keys, "keeper_key"),
        },
    )


@require_POST
def forget(request):
    """Forget this phone's matches: the home page's lists (their cookies), and, by the
    Clear-Site-Data header, the service worker's caches and the deal drafts (local storage),
    which the page's script clears as well before it posts. The language and theme stay."""
    response = redirect("home")
    for cookie in (RECENT_COOKIE, RECENT_TABLES_COOKIE, RECENT_TOURNAMENTS_COOKIE):
        response.delete_cookie(cookie, samesite="Lax")
    response["Clear-Site-Data"] = '"cache", "storage"'
    messages.success(request, _("This phone has forgotten its matches, tables and tournaments."))
    return response
