"""Why a French game goes on past its target: a team that lost a deal and wrote nothing in it
but its belote does not win the game on that belote alone (docs: french-scoring.md). The match
page and the deal's preview say so whenever a team is over the target only that way."""

from django.utils.translation import gettext as _

from calculator import engine

TEAMS = (engine.Team.A, engine.Team.B)


def belote_alone_notes(
    names: tuple[str, str], deal: engine.MatchDeal | None, target: int
) -> list[str]:
    """What to say after ``deal`` (a match's deal in its place), with the teams' ``names``:
    one line per team over ``target`` only by its belote in that deal, which it lost, while
    the game goes on. Nothing for Bulgarian belot, whose results have no such belote."""
    alone = getattr(deal.result, "belote_alone", None) if deal is not None else None
    if alone is None or deal.game_over:
        return []
    text = _(
        "%(team)s is over the target only by its belote in a deal it lost, and a team does not "
        "win on its belote alone: the game goes on."
    )
    return [
        text % {"team": names[team is engine.Team.B]}
        for team in TEAMS
        if alone.of(team) and deal.totals.of(team) >= target
    ]
