"""The French games' steps in the visitor's language: one sentence per step code of classic
belote (``engine/classic/steps.py``) and of contrée and coinche (``engine/contree/steps.py``),
each with the anchor of the rules' chapter that explains it (``classic-*``, ``contree-*``).

Codes the games share with Bulgarian belot (the declarations' comparison) keep belot's
sentences (``calculator/games/belot/why.py``) and take the French chapter's anchor.
"""

from __future__ import annotations

from collections.abc import Callable

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from calculator.games import words
from calculator.games.french.contree_why import (
    _belote_to_defenders,
    _bid,
    _contract,
    _converted,
    _score_bid,
    _score_failed,
    _score_made,
    _score_made_contre,
    _taken_by_capot,
)
from calculator.games.words import (
    Explanation,
    Params,
    Sentence,
    TeamNames,
    _both,
    _ending,
    _html,
    _other,
    _sum,
    _team,
    _teams,
)
from calculator.games.words import contract_name as suit_name

Steps = dict[str, Callable[[Params, TeamNames], Sentence]]


def explain_deal(result, team_names: TeamNames, *, carried_from: int | None = None):
    """One sentence per step of a French game's ``result`` (as :func:`why.explain`)."""
    table = _CONTREE if hasattr(result, "bid") else _CLASSIC
    explanations = []
    for step in result.steps:
        if carried_from is not None and step.code in ("hanging_taken", "hanging_kept"):
            explanations.append(_carried(result.hanging_in, carried_from))
        describe = table.get(step.code)
        if step.code == "rounding" and step.params["exact"] == step.params["points"]:
            continue  # nothing was rounded: no line to say so
        if describe is not None:
            template, params, rule = describe(step.params, team_names)
            explanations.append(Explanation(_html(template, params), rule))
    return explanations


def _carried(points: int, game: int) -> Explanation:
    text = ngettext(
        "%(count)s point was waiting when game %(game)s ended: it carries over into this game.",
        "%(count)s points were waiting when game %(game)s ended: they carry over into this game.",
        points,
    )
    return Explanation(_html(text, {"count": points, "game": game}), "classic-litige")


def _anchored(describe, rule: str):
    """Belot's sentence for a shared code, with the French chapter's anchor."""

    def sentence(p: Params, names: TeamNames) -> Sentence:
        text, values, _rule = describe(p, names)
        return text, values, rule

    return sentence


def _all_passed(p: Params, names: TeamNames) -> Sentence:
    text = _("All four passed: the cards are thrown in and the next player deals.")
    return text, {}, None


def _taken(p: Params, names: TeamNames) -> Sentence:
    values = {"team": _team(names, p["taker"]), "trump": suit_name(p["trump"])}
    return _("%(team)s took, trumps %(trump)s."), values, "classic-bidding"


def _belote(rule: str):
    def sentence(p: Params, names: TeamNames) -> Sentence:
        values = {"team": _team(names, p["team"]), "points": p["points"]}
        count = p.get("count", 1)
        if count > 1:  # all trumps: a belote in each of several suits
            text = _("Belote-rebelote for %(team)s: %(count)s × %(each)s = +%(points)s.")
            return text, {**values, "count": count, "each": p["points"] // count}, rule
        return _("Belote-rebelote for %(team)s: +%(points)s."), values, rule

    return sentence


def _capot(rule: str):
    def sentence(p: Params, names: TeamNames) -> Sentence:
        values = {"team": _team(names, p["team"]), "bonus": p["bonus"]}
        text = _("Capot: %(team)s took every trick: 252 card points (162 + %(bonus)s).")
        return text, values, rule

    return sentence


def _totals(rule: str):
    def sentence(p: Params, names: TeamNames) -> Sentence:
        values = {
            **_both(names),
            "sum_a": _sum(p["card_points_a"], p["declarations_a"], p["belote_a"]),
            "sum_b": _sum(p["card_points_b"], p["declarations_b"], p["belote_b"]),
        }
        return _("Totals: %(team_a)s %(sum_a)s, %(team_b)s %(sum_b)s."), values, rule

    return sentence


def _made(p: Params, names: TeamNames) -> Sentence:
    text = _(
        "Made: %(taker)s %(total_taker)s, more than %(defenders)s %(total_defenders)s: "
        "each team scores its total."
    )
    return text, _teams(p, names), "classic-scoring"


def _made_tie(p: Params, names: TeamNames) -> Sentence:
    text = _(
        "Equal totals (%(total)s each) count as made by the house rule: each team scores its total."
    )
    return text, _teams(p, names), "classic-house-rules"


def _inside_values(p: Params, names: TeamNames) -> dict:
    values = _teams(p, names)
    values["sum"] = _sum(p["card_points"], p["declarations"], p["belote_defenders"])
    return values


def _inside(p: Params, names: TeamNames) -> Sentence:
    text = _ending(
        p["belote_taker"],
        _(
            "Inside: %(taker)s %(total_taker)s, less than %(defenders)s %(total_defenders)s: "
            "%(defenders)s score everything, %(sum)s; %(taker)s keep %(belote_taker)s."
        ),
        _(
            "Inside: %(taker)s %(total_taker)s, less than %(defenders)s %(total_defenders)s: "
            "%(defenders)s score everything, %(sum)s."
        ),
    )
    return text, _inside_values(p, names), "classic-inside"


def _inside_tie(p: Params, names: TeamNames) -> Sentence:
    text = _ending(
        p["belote_taker"],
        _(
            "Equal totals (%(total)s each) count as inside by the house rule: %(defenders)s "
            "score everything, %(sum)s; %(taker)s keep %(belote_taker)s."
        ),
        _(
            "Equal totals (%(total)s each) count as inside by the house rule: %(defenders)s "
            "score everything, %(sum)s."
        ),
    )
    return text, _inside_values(p, names), "classic-house-rules"


def _litige(p: Params, names: TeamNames) -> Sentence:
    text = _(
        "Disputed deal: equal totals, %(total)s each. %(defenders)s score theirs; the points "
        "of %(taker)s wait for the winner of the next played deal."
    )
    return text, _teams(p, names), "classic-litige"


def _rounding(rule: str):
    def sentence(p: Params, names: TeamNames) -> Sentence:
        count = p["points"]
        text = ngettext(
            "%(team)s: %(exact)s → %(count)s point (to the nearest ten, 5 up).",
            "%(team)s: %(exact)s → %(count)s points (to the nearest ten, 5 up).",
            count,
        )
        values = {"team": _team(names, p["team"]), "exact": p["exact"], "count": count}
        return text, values, rule

    return sentence


def _hanging_added(p: Params, names: TeamNames) -> Sentence:
    points, pot = p["points"], p["pot"]
    if pot == points:
        text = ngettext(
            "%(count)s point waits: it goes to the winner of the next played deal.",
            "%(count)s points wait: they go to the winner of the next played deal.",
            pot,
        )
    else:
        text = ngettext(
            "Now %(count)s point waits in all (+%(points)s): it goes to the winner of the "
            "next played deal.",
            "Now %(count)s points wait in all (+%(points)s): they go to the winner of the "
            "next played deal.",
            pot,
        )
    return text, {"count": pot, "points": points}, "classic-litige"


def _hanging_taken(p: Params, names: TeamNames) -> Sentence:
    count = p["points"]
    text = ngettext(
        "%(team)s won this deal and also take the %(count)s point that was waiting.",
        "%(team)s won this deal and also take the %(count)s points that were waiting.",
        count,
    )
    return text, {"team": _team(names, p["team"]), "count": count}, "classic-litige"


def _hanging_kept(p: Params, names: TeamNames) -> Sentence:
    count = p["points"]
    text = ngettext(
        "Nobody won this deal: the %(count)s point that was waiting keeps waiting.",
        "Nobody won this deal: the %(count)s points that were waiting keep waiting.",
        count,
    )
    return text, {"count": count}, "classic-litige"


def _written(p: Params, names: TeamNames) -> Sentence:
    text = _("Written: %(team_a)s %(a)s, %(team_b)s %(b)s.")
    return text, {**_both(names), "a": p["a"], "b": p["b"]}, None


def _won_in_trumps(rule: str):
    def sentence(p: Params, names: TeamNames) -> Sentence:
        best = words.declaration_name("sequence", length=p["length"], top=p["top"])
        values = {"team": _team(names, p["team"]), "loser": _team(names, _other(p["team"]))}
        values |= {"best": best, "count": p["points"], "cancelled": p["cancelled"]}
        text = ngettext(
            "The best sequences are equal (%(best)s), but that of %(team)s is in trumps: "
            "+%(count)s point; those of %(loser)s (%(cancelled)s) do not count.",
            "The best sequences are equal (%(best)s), but that of %(team)s is in trumps: "
            "+%(count)s points; those of %(loser)s (%(cancelled)s) do not count.",
            p["points"],
        )
        return text, values, rule

    return sentence


def _declarations(rule: str) -> Steps:
    return {
        "declarations_unopposed": _anchored(words._declarations_unopposed, rule),
        "declarations_won": _anchored(words._declarations_won, rule),
        "declarations_won_in_trumps": _won_in_trumps(rule),
        "declarations_cancelled_tie": _anchored(words._declarations_cancelled_tie, rule),
    }


# Contrée and coinche


_CLASSIC: Steps = {
    "all_passed": _all_passed,
    "taken": _taken,
    "card_points": _anchored(words._card_points, "classic-scoring"),
    "capot": _capot("classic-capot"),
    **_declarations("classic-declaration-comparison"),
    "belot": _belote("classic-belote-rebelote"),
    "totals": _totals("classic-scoring"),
    "made": _made,
    "made_tie": _made_tie,
    "inside": _inside,
    "inside_tie": _inside_tie,
    "litige": _litige,
    "rounding": _rounding("classic-house-rules"),
    "hanging_added": _hanging_added,
    "hanging_taken": _hanging_taken,
    "hanging_kept": _hanging_kept,
    "written": _written,
}

_CONTREE: Steps = {
    "all_passed": _all_passed,
    "bid": _bid,
    "card_points_converted": _converted,
    "card_points": _anchored(words._card_points, "contree-scoring"),
    "capot": _capot("contree-capot"),
    **_declarations("classic-declaration-comparison"),
    "belot": _belote("contree-belote"),
    "declarations_taken_by_capot": _taken_by_capot,
    "totals": _totals("contree-requirement"),
    "contract_made": _contract("made"),
    "contract_failed_short": _contract("short"),
    "contract_failed_behind": _contract("behind"),
    "capot_made": _contract("capot_made"),
    "capot_failed": _contract("capot_failed"),
    "belote_to_defenders": _belote_to_defenders,
    "score_made": _score_made,
    "score_made_contre": _score_made_contre,
    "score_failed": _score_failed,
    "score_bid_made": _score_bid(True),
    "score_bid_failed": _score_bid(False),
    "rounding": _rounding("contree-rounding"),
    "written": _written,
}
