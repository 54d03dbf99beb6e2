"""Why a deal of Bulgarian belot scored as it did: one sentence per step of the engine's
result, in the visitor's language (the French games' are games/french/why.py).

Team names are user input: :func:`explain` escapes them and returns safe HTML."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from calculator.engine import DealResult, Double, Step
from calculator.games.words import (
    Explanation,
    Params,
    Sentence,
    TeamNames,
    _both,
    _card_points,
    _declarations_cancelled_tie,
    _declarations_unopposed,
    _declarations_won,
    _html,
    _sum,
    _team,
    _tie,
    _won,
    contract_name,
    double_name,
)


def explain(
    result: DealResult, team_names: TeamNames, *, carried_from: int | None = None
) -> list[Explanation]:
    """One sentence per step of ``result``; ``team_names`` are team A's and team B's names.

    ``carried_from`` is the number of the previous game when the points hanging into this deal
    were left hanging as that game ended (the deal is the first played one of its game, or an
    all-passed one before it): one more sentence then says where they come from, before the one
    that gives them to a team or keeps them waiting.
    """
    explanations = []
    for step in result.steps:
        if carried_from is not None and step.code in ("hanging_taken", "hanging_kept"):
            explanations.append(_carried(result.hanging_in, carried_from))
        explanation = explain_step(step, team_names)
        if explanation is not None:
            explanations.append(explanation)
    return explanations


def _carried(points: int, game: int) -> Explanation:
    text = ngettext(
        "%(count)s point was hanging when game %(game)s ended: it carries over into this game.",
        "%(count)s points were hanging when game %(game)s ended: they carry over into this game.",
        points,
    )
    return Explanation(_html(text, {"count": points, "game": game}), "match-hanging")


def explain_step(step: Step, team_names: TeamNames) -> Explanation | None:
    """One step as a sentence, or ``None`` for a step code newer than this module."""
    describe = _STEPS.get(step.code)
    if describe is None:
        return None
    template, params, rule = describe(step.params, team_names)
    return Explanation(_html(template, params), rule)


def _all_passed(p: Params, names: TeamNames) -> Sentence:
    text = _("All four passed: the cards are thrown in and the next player deals.")
    return text, {}, "all-pass"


def _contract(p: Params, names: TeamNames) -> Sentence:
    values = {"contract": contract_name(p["contract"]), "team": _team(names, p["bidders"])}
    double = Double(p["double"])
    if double is Double.CONTRA:
        text = _("Contract: %(contract)s with contra (×2), bid by %(team)s.")
    elif double is Double.RECONTRA:
        text = _("Contract: %(contract)s with recontra (×4), bid by %(team)s.")
    else:
        return _("Contract: %(contract)s, bid by %(team)s."), values, "contracts"
    return text, values, "contra-recontra"


def _card_points_doubled(p: Params, names: TeamNames) -> Sentence:
    text = _("No trumps doubles the card points: %(team_a)s %(a)s, %(team_b)s %(b)s.")
    return text, {**_both(names), "a": p["a"], "b": p["b"]}, "totals"


def _capot(p: Params, names: TeamNames) -> Sentence:
    values = {"team": _team(names, p["team"]), "bonus": p["bonus"]}
    if p["bonus"] > 90:  # the house rule that doubles it in no trumps
        text = _("Capot: %(team)s took every trick, +%(bonus)s (doubled in no trumps).")
        return text, values, "house-no-trumps-capot"
    return _("Capot: %(team)s took every trick, +%(bonus)s."), values, "capot"


def _declarations_void_no_trick(p: Params, names: TeamNames) -> Sentence:
    count = p["points"]
    text = ngettext(
        "%(team)s took no trick: their declarations (%(count)s point) do not count.",
        "%(team)s took no trick: their declarations (%(count)s points) do not count.",
        count,
    )
    return text, {"team": _team(names, p["team"]), "count": count}, "capot"


def _sequences_unopposed(p: Params, names: TeamNames) -> Sentence:
    count = p["points"]
    text = ngettext(
        "Only %(team)s have sequences: +%(count)s point.",
        "Only %(team)s have sequences: +%(count)s points.",
        count,
    )
    return text, {"team": _team(names, p["team"]), "count": count}, "sequences"


def _carres_unopposed(p: Params, names: TeamNames) -> Sentence:
    count = p["points"]
    text = ngettext(
        "Only %(team)s declared carrés: +%(count)s point.",
        "Only %(team)s declared carrés: +%(count)s points.",
        count,
    )
    return text, {"team": _team(names, p["team"]), "count": count}, "carres"


def _sequences_won(p: Params, names: TeamNames) -> Sentence:
    text = ngettext(
        "Sequences go to %(team)s (%(best)s; %(loser)s: %(other)s): +%(count)s point; "
        "the sequences of %(loser)s (%(cancelled)s) do not count.",
        "Sequences go to %(team)s (%(best)s; %(loser)s: %(other)s): +%(count)s points; "
        "the sequences of %(loser)s (%(cancelled)s) do not count.",
        p["points"],
    )
    return text, _won(p, names, "sequence"), "declaration-comparison"


def _carres_won(p: Params, names: TeamNames) -> Sentence:
    text = ngettext(
        "Carrés go to %(team)s (%(best)s; %(loser)s: %(other)s): +%(count)s point; "
        "the carrés of %(loser)s (%(cancelled)s) do not count.",
        "Carrés go to %(team)s (%(best)s; %(loser)s: %(other)s): +%(count)s points; "
        "the carrés of %(loser)s (%(cancelled)s) do not count.",
        p["points"],
    )
    return text, _won(p, names, "carre"), "declaration-comparison"


def _sequences_cancelled_tie(p: Params, names: TeamNames) -> Sentence:
    text = _(
        "Sequences: both teams' best is a %(best)s, so all are cancelled "
        "(%(team_a)s %(points_a)s, %(team_b)s %(points_b)s)."
    )
    return text, _tie(p, names), "declaration-comparison"


def _belot(p: Params, names: TeamNames) -> Sentence:
    count, points = p["count"], p["points"]
    values = {"team": _team(names, p["team"]), "points": points}
    if count == 1:
        return _("Belot for %(team)s: +%(points)s."), values, "belot"
    text = _("Belots for %(team)s: %(count)s × %(each)s = +%(points)s.")
    return text, {**values, "count": count, "each": points // count}, "belot"


def _raw_totals(p: Params, names: TeamNames) -> Sentence:
    values = {
        **_both(names),
        "sum_a": _sum(p["card_points_a"], p["declarations_a"], p["capot_a"]),
        "sum_b": _sum(p["card_points_b"], p["declarations_b"], p["capot_b"]),
    }
    return _("Totals: %(team_a)s %(sum_a)s, %(team_b)s %(sum_b)s."), values, "raw-totals"


def _rounding(p: Params, names: TeamNames) -> Sentence:
    count, rule = p["points"], p["rule"]
    if rule == "more":
        text = ngettext(
            "%(team)s: %(raw)s → %(count)s point (more points: up from %(up_from)s).",
            "%(team)s: %(raw)s → %(count)s points (more points: up from %(up_from)s).",
            count,
        )
    elif rule == "fewer":
        text = ngettext(
            "%(team)s: %(raw)s → %(count)s point (fewer points: up from %(up_from)s).",
            "%(team)s: %(raw)s → %(count)s points (fewer points: up from %(up_from)s).",
            count,
        )
    elif rule == "tie_defenders":
        text = ngettext(
            "%(team)s: %(raw)s → %(count)s point (a tie: the defenders round as the team "
            "with more, up from %(up_from)s).",
            "%(team)s: %(raw)s → %(count)s points (a tie: the defenders round as the team "
            "with more, up from %(up_from)s).",
            count,
        )
    else:
        text = ngettext(
            "%(team)s: %(raw)s → %(count)s point (a tie: the bidders round as the team "
            "with fewer, up from %(up_from)s).",
            "%(team)s: %(raw)s → %(count)s points (a tie: the bidders round as the team "
            "with fewer, up from %(up_from)s).",
            count,
        )
    values = {"team": _team(names, p["team"]), "raw": p["raw"], "count": count}
    return text, {**values, "up_from": p["up_from"]}, "rounding"


def _outcome_values(p: Params, names: TeamNames) -> dict[str, Any]:
    """Every value of an outcome step, with the teams named."""
    values = dict(p)
    for key in ("bidders", "defenders", "team"):
        if p.get(key) is not None:
            values[key] = _team(names, p[key])
    if "double" in p:
        values["double"] = double_name(p["double"])
    if "points" in p:
        values["count"] = p["points"]
    return values


def _outcome_made(p: Params, names: TeamNames) -> Sentence:
    text = _(
        "Made: %(raw_bidders)s to %(raw_defenders)s for %(bidders)s "
        "→ %(points_bidders)s to %(points_defenders)s."
    )
    return text, _outcome_values(p, names), "made-inside"


def _outcome_inside(p: Params, names: TeamNames) -> Sentence:
    text = ngettext(
        "Inside: %(bidders)s have %(raw_bidders)s to %(raw_defenders)s, so %(defenders)s write "
        "everything: %(points_defenders)s + %(points_bidders)s = %(count)s point.",
        "Inside: %(bidders)s have %(raw_bidders)s to %(raw_defenders)s, so %(defenders)s write "
        "everything: %(points_defenders)s + %(points_bidders)s = %(count)s points.",
        p["points"],
    )
    return text, _outcome_values(p, names), "made-inside"


def _outcome_inside_declared(p: Params, names: TeamNames) -> Sentence:
    """An inside deal entered without card points: the deal's value, declarations, the double."""
    base, declarations, points = p["base"], p["declarations"], p["points"]
    value = f"{base} + {declarations}" if declarations else str(base)
    multiplier = points // (base + declarations)  # the step leaves the double out
    if multiplier > 1:
        value = f"({value}) × {multiplier}" if declarations else f"{value} × {multiplier}"
    values = {**_outcome_values(p, names), "value": value}
    if value == str(points):
        text = ngettext(
            "Inside: %(defenders)s write the whole deal, %(count)s point.",
            "Inside: %(defenders)s write the whole deal, %(count)s points.",
            points,
        )
    else:
        text = ngettext(
            "Inside: %(defenders)s write the whole deal, %(value)s = %(count)s point.",
            "Inside: %(defenders)s write the whole deal, %(value)s = %(count)s points.",
            points,
        )
    return text, values, "made-inside"


def _outcome_hanging(p: Params, names: TeamNames) -> Sentence:
    text = ngettext(
        "Hanging: %(raw)s each. %(defenders)s write %(points_defenders)s; "
        "%(count)s point of %(bidders)s hangs.",
        "Hanging: %(raw)s each. %(defenders)s write %(points_defenders)s; "
        "%(count)s points of %(bidders)s hang.",
        p["points_hanging"],
    )
    values = {**_outcome_values(p, names), "count": p["points_hanging"]}
    return text, values, "made-inside"


def _outcome_contra_made(p: Params, names: TeamNames) -> Sentence:
    text = ngettext(
        "Made (%(double)s): %(raw_bidders)s to %(raw_defenders)s for %(bidders)s, who write "
        "everything: %(base)s × %(multiplier)s = %(count)s point.",
        "Made (%(double)s): %(raw_bidders)s to %(raw_defenders)s for %(bidders)s, who write "
        "everything: %(base)s × %(multiplier)s = %(count)s points.",
        p["points"],
    )
    return text, _outcome_values(p, names), "contra-scoring"


def _outcome_contra_inside(p: Params, names: TeamNames) -> Sentence:
    text = ngettext(
        "Inside (%(double)s): %(bidders)s have %(raw_bidders)s to %(raw_defenders)s, so "
        "%(team)s write everything: %(base)s × %(multiplier)s = %(count)s point.",
        "Inside (%(double)s): %(bidders)s have %(raw_bidders)s to %(raw_defenders)s, so "
        "%(team)s write everything: %(base)s × %(multiplier)s = %(count)s points.",
        p["points"],
    )
    return text, _outcome_values(p, names), "contra-scoring"


def _outcome_contra_hanging(p: Params, names: TeamNames) -> Sentence:
    text = ngettext(
        "Hanging (%(double)s): %(raw)s each, so everything hangs: "
        "%(base)s × %(multiplier)s = %(count)s point.",
        "Hanging (%(double)s): %(raw)s each, so everything hangs: "
        "%(base)s × %(multiplier)s = %(count)s points.",
        p["points"],
    )
    return text, _outcome_values(p, names), "contra-scoring"


def _outcome_contra_hanging_split(p: Params, names: TeamNames) -> Sentence:
    text = ngettext(
        "Hanging (%(double)s): %(raw)s each. %(defenders)s write %(points_defenders)s; "
        "%(count)s point of %(bidders)s hangs.",
        "Hanging (%(double)s): %(raw)s each. %(defenders)s write %(points_defenders)s; "
        "%(count)s points of %(bidders)s hang.",
        p["points_hanging"],
    )
    values = {**_outcome_values(p, names), "count": p["points_hanging"]}
    return text, values, "house-contra-tie"


def _hanging_added(p: Params, names: TeamNames) -> Sentence:
    points, pot = p["points"], p["pot"]
    if pot == points:
        text = ngettext(
            "%(count)s point hangs: it goes to the team with more points in the next played deal.",
            "%(count)s points hang: they go to the team with more points in the next played deal.",
            pot,
        )
    else:
        text = ngettext(
            "Now %(count)s point hangs in all (+%(points)s): it goes to the team with more "
            "points in the next played deal.",
            "Now %(count)s points hang in all (+%(points)s): they go to the team with more "
            "points in the next played deal.",
            pot,
        )
    return text, {"count": pot, "points": points}, "hanging"


def _hanging_taken(p: Params, names: TeamNames) -> Sentence:
    count = p["points"]
    text = ngettext(
        "%(team)s also take the %(count)s hanging point.",
        "%(team)s also take the %(count)s hanging points.",
        count,
    )
    return text, {"team": _team(names, p["team"]), "count": count}, "hanging"


def _hanging_kept(p: Params, names: TeamNames) -> Sentence:
    count = p["points"]
    text = ngettext(
        "Nobody takes the %(count)s point that was hanging: it waits for the next played deal.",
        "Nobody takes the %(count)s points that were hanging: they wait for the next played deal.",
        count,
    )
    return text, {"count": count}, "hanging"


def _written(p: Params, names: TeamNames) -> Sentence:
    text = _("Written: %(team_a)s %(a)s, %(team_b)s %(b)s.")
    return text, {**_both(names), "a": p["a"], "b": p["b"]}, None


_STEPS: dict[str, Callable[[Params, TeamNames], Sentence]] = {
    "all_passed": _all_passed,
    "contract": _contract,
    "card_points": _card_points,
    "card_points_doubled": _card_points_doubled,
    "capot": _capot,
    "declarations_void_no_trick": _declarations_void_no_trick,
    "sequences_unopposed": _sequences_unopposed,
    "sequences_won": _sequences_won,
    "sequences_cancelled_tie": _sequences_cancelled_tie,
    "carres_unopposed": _carres_unopposed,
    "carres_won": _carres_won,
    "declarations_unopposed": _declarations_unopposed,
    "declarations_won": _declarations_won,
    "declarations_cancelled_tie": _declarations_cancelled_tie,
    "belot": _belot,
    "raw_totals": _raw_totals,
    "rounding": _rounding,
    "outcome_made": _outcome_made,
    "outcome_inside": _outcome_inside,
    "outcome_inside_declared": _outcome_inside_declared,
    "outcome_hanging": _outcome_hanging,
    "outcome_contra_made": _outcome_contra_made,
    "outcome_contra_inside": _outcome_contra_inside,
    "outcome_contra_hanging": _outcome_contra_hanging,
    "outcome_contra_hanging_split": _outcome_contra_hanging_split,
    "hanging_added": _hanging_added,
    "hanging_taken": _hanging_taken,
    "hanging_kept": _hanging_kept,
    "written": _written,
}
