"""The teams and the seats of a match by name, and who leads."""

from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from calculator import engine
from calculator.shared.names import names_joined


def seat_name(match, seat: int) -> str:
    return match.players[seat] or _("Player %(number)s") % {"number": seat + 1}


def team_players(match) -> tuple[str, str] | None:
    """Each team's players as the score sheet names them ("Ана и Вики", "Оксана й Петро"): the
    names given
    (team A: seats 1 and 3, team B: 2 and 4), none for an empty seat; None when no seat has
    one, as the default names ("Player 1") would say nothing."""
    players = match.players
    if not any(players):
        return None
    return _both_names(players[0], players[2]), _both_names(players[1], players[3])


def _both_names(first: str, second: str) -> str:
    if first and second:
        # Translators: the two players of a team, after its name on the score sheet.
        text = pgettext("two players", "%(first)s and %(second)s")
        return names_joined(text, {"first": first, "second": second})
    return first or second


def team_names(match) -> tuple[str, str]:
    return match.team_a, match.team_b


def team_name(match, team: engine.Team | None) -> str:
    if team is None:
        return ""
    return match.team_a if team is engine.Team.A else match.team_b


def lead(totals: engine.TeamPoints, winner: engine.Team | None) -> int:
    """How many points a game's winner is ahead by. 0 or less in the French games when the
    other team is over the target only by its belote in a deal it lost: it did not reach it."""
    if winner is None:
        return 0
    return totals.of(winner) - totals.of(winner.other)


def winner_first(points: engine.TeamPoints, winner: engine.Team | None) -> tuple[int, int]:
    """A result said with its winner's side first ("2:1" in every language), whichever team
    won; in the teams' order while there is no winner."""
    if winner is None:
        return points.a, points.b
    return points.of(winner), points.of(winner.other)
