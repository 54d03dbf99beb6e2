"""A rematch: after a match of no table (nor tournament) ends, its scorer starts another with the
same teams, players, game and house rules in one tap. The new-match form comes prefilled, the
deal passed on to the player after the last deal's dealer; the scorer changes what they like,
then starts it. The new match is a match of its own (its own keys), made by the usual form."""

from django.http import Http404
from django.shortcuts import render

from belot_site.methods import require_safe
from calculator.engine import Match as Fold
from calculator.games.choice import posted_rules
from calculator.matches.forms import BELOT_RULES, MatchForm
from calculator.matches.services import match_state
from calculator.models import Match
from calculator.shared.access import match_view


def rematch_offered(match: Match, fold: Fold) -> bool:
    """A finished match that belongs to no table and no tournament: those have their own next
    match."""
    return fold.match_over and match.table_id is None and match.tournament_place() is None


def rematch_initial(match: Match, fold: Fold) -> dict:
    """The new-match form's values for a rematch of ``match``, as the form posts them."""
    initial = {
        "team_a": match.team_a,
        "team_b": match.team_b,
        "game": match.game,
        "games_to_win": "" if match.games_to_win is None else str(match.games_to_win),
        **{f"player_{seat}": name for seat, name in enumerate(match.players, start=1)},
        "first_dealer": fold.dealer,  # the player after the last deal's dealer
    }
    if match.is_belot:
        initial.update({name: getattr(match, name) for name in BELOT_RULES})
    else:
        initial.update(posted_rules(match.game, match.house_rules or {}))
    return initial


@require_safe
@match_view(scorer_only=True)
def match_rematch(request, match, is_scorer):
    fold = match_state(match).fold
    if not rematch_offered(match, fold):
        raise Http404
    form = MatchForm(initial=rematch_initial(match, fold))
    return render(request, "calculator/match_rematch.html", {"form": form, "match": match})
