"""The engine's output in the visitor's language: names, one sentence per step, error messages.

The engine explains a deal as :class:`~calculator.engine.Step` codes with values and refuses bad
input with :class:`~calculator.engine.Problem` codes; this module turns both into short translated
sentences for players at the card table. Every string is translated when a function is called,
never at import, so the active language decides.

Team names are user input. :func:`explain` escapes them and returns safe HTML;
:func:`problem_message` returns plain text, which Django escapes where it is rendered (form errors).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.html import conditional_escape
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext, pgettext_lazy

from belot_site.typography import tie

from .engine import Contract, DealResult, Double, Problem, Rank, Step

TeamNames = tuple[str, str]
Params = Mapping[str, Any]
Sentence = tuple[str, dict[str, Any], str | None]  # (translated template, its values, rule anchor)


@dataclass(frozen=True)
class Explanation:
    """One step of a deal as a sentence, and the rules-page anchor that explains it (or None)."""

    text: SafeString
    rule: str | None


# Names


# Each name translated when it is asked for, not all of them every time one is: a deal page
# names the six contracts on its buttons, a match page one per deal.
_CONTRACT_NAMES = {
    Contract.CLUBS: pgettext_lazy("contract", "clubs"),
    Contract.DIAMONDS: pgettext_lazy("contract", "diamonds"),
    Contract.HEARTS: pgettext_lazy("contract", "hearts"),
    Contract.SPADES: pgettext_lazy("contract", "spades"),
    Contract.NO_TRUMPS: pgettext_lazy("contract", "no trumps"),
    Contract.ALL_TRUMPS: pgettext_lazy("contract", "all trumps"),
}


def contract_name(contract: Contract | str) -> str:
    return str(_CONTRACT_NAMES[Contract(contract)])


_SUIT_SYMBOLS = {
    Contract.CLUBS: "♣",
    Contract.DIAMONDS: "♦",
    Contract.HEARTS: "♥",
    Contract.SPADES: "♠",
}


def contract_symbol(contract: Contract | str) -> str:
    """A suit's symbol; a short mark for no trumps and all trumps, as players write them."""
    contract = Contract(contract)
    if contract is Contract.NO_TRUMPS:
        # Translators: short mark for "no trumps" in a score sheet's column (bg "БК").
        return pgettext("contract symbol", "NT")
    if contract is Contract.ALL_TRUMPS:
        # Translators: short mark for "all trumps" in a score sheet's column (bg "ВК").
        return pgettext("contract symbol", "AT")
    return _SUIT_SYMBOLS[contract]


def double_name(double: Double | str) -> str:
    """ "contra" or "recontra"; an empty string when there was none."""
    double = Double(double)
    if double is Double.CONTRA:
        return pgettext("double", "contra")
    if double is Double.RECONTRA:
        return pgettext("double", "recontra")
    return ""


_RANK_NAMES = {
    Rank.SEVEN: pgettext_lazy("rank", "seven"),
    Rank.EIGHT: pgettext_lazy("rank", "eight"),
    Rank.NINE: pgettext_lazy("rank", "nine"),
    Rank.TEN: pgettext_lazy("rank", "ten"),
    Rank.JACK: pgettext_lazy("rank", "jack"),
    Rank.QUEEN: pgettext_lazy("rank", "queen"),
    Rank.KING: pgettext_lazy("rank", "king"),
    Rank.ACE: pgettext_lazy("rank", "ace"),
}


def rank_name(rank: Rank | str) -> str:
    """A card rank as players name it: "nine", "jack", "king"."""
    return str(_RANK_NAMES[Rank(rank)])


_TOP_CARD_NAMES = {
    Rank.SEVEN: pgettext_lazy("top card, as in: terce to the king", "seven"),
    Rank.EIGHT: pgettext_lazy("top card, as in: terce to the king", "eight"),
    Rank.NINE: pgettext_lazy("top card, as in: terce to the king", "nine"),
    Rank.TEN: pgettext_lazy("top card, as in: terce to the king", "ten"),
    Rank.JACK: pgettext_lazy("top card, as in: terce to the king", "jack"),
    Rank.QUEEN: pgettext_lazy("top card, as in: terce to the king", "queen"),
    Rank.KING: pgettext_lazy("top card, as in: terce to the king", "king"),
    Rank.ACE: pgettext_lazy("top card, as in: terce to the king", "ace"),
}


def _top_card_name(rank: Rank | str) -> str:
    """A sequence's top card in the form that follows "to the" (uk and ru: genitive)."""
    return str(_TOP_CARD_NAMES[Rank(rank)])


_CARRE_NAMES = {
    Rank.SEVEN: pgettext_lazy("declaration", "carré of sevens"),
    Rank.EIGHT: pgettext_lazy("declaration", "carré of eights"),
    Rank.NINE: pgettext_lazy("declaration", "carré of nines"),
    Rank.TEN: pgettext_lazy("declaration", "carré of tens"),
    Rank.JACK: pgettext_lazy("declaration", "carré of jacks"),
    Rank.QUEEN: pgettext_lazy("declaration", "carré of queens"),
    Rank.KING: pgettext_lazy("declaration", "carré of kings"),
    Rank.ACE: pgettext_lazy("declaration", "carré of aces"),
}


def _carre_name(rank: Rank | str | None) -> str:
    return pgettext("declaration", "carré") if rank is None else str(_CARRE_NAMES[Rank(rank)])


def _sequence_name(length: int | None) -> str:
    if length is None:
        return pgettext("declaration", "sequence")
    if length <= 3:
        return pgettext("declaration", "terce")
    return pgettext("declaration", "quarte") if length == 4 else pgettext("declaration", "quinte")


def declaration_name(
    kind: str,
    *,
    length: int | None = None,
    top: Rank | str | None = None,
    rank: Rank | str | None = None,
) -> str:
    """Name a declaration as players do: "terce", "quarte to the king", "carré of nines", "belot".

    ``kind`` is "sequence", "carre" or "belot"; a sequence is named by its ``length`` (six or more
    in a row is still a quinte) and, when given, its ``top`` card; a carré by its ``rank``.
    """
    if kind == "belot":
        return pgettext("declaration", "belot")
    if kind == "carre":
        return _carre_name(rank)
    name = _sequence_name(length)
    if top is None:
        return name
    template = pgettext("declaration", "%(declaration)s to the %(card)s")
    return template % {"declaration": name, "card": _top_card_name(top)}


def _quoted(name: Any) -> str:
    return pgettext("a name quoted in a sentence", "“%(name)s”") % {"name": name}


class _Name(str):
    """A team's name in quotes: user text, shown exactly as typed (no space of it is tied)."""


def _team(names: TeamNames, team: Any) -> str:
    """A team's name as it appears in a sentence (in quotes); ``team`` is "A" or "B"."""
    return _Name(_quoted(names[0] if team == "A" else names[1]))


def _other(team: Any) -> str:
    return "B" if team == "A" else "A"


def _html(template: str, params: Mapping[str, Any]) -> SafeString:
    """The translated template (trusted) filled with escaped values (team names are user input),
    with no-break spaces where a phone's line must not break ("16 точки", "× 2"). The names
    themselves are left as typed: they stand aside, as markers, while the sentence is tied."""
    values, names = {}, []
    for key, value in params.items():
        if isinstance(value, _Name):
            values[key] = f"\ue000{len(names)}\ue001"
            names.append(conditional_escape(value))
        else:
            values[key] = conditional_escape(value)
    # One pass: a name that looks like a marker is never read as one.
    text = _MARKER.sub(lambda found: names[int(found[1])], tie(template % values))
    return mark_safe(text)


_MARKER = re.compile("\ue000([0-9]+)\ue001")


# Steps


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


def _card_points(p: Params, names: TeamNames) -> Sentence:
    given, total = p["given"], p["total"]
    if given is None:  # a capot says them: all to the team that took every trick (its 162,
        # or the French games' 252 for a capot: the other team has none in either)
        team = "A" if p["a"] > p["b"] else "B"
        text = _("Card points: all %(total)s to %(team)s.")
        return text, {"total": total, "team": _team(names, team)}, "totals"
    points = p["a"] if given == "A" else p["b"]
    values = {
        "team": _team(names, given),
        "other": _team(names, _other(given)),
        "points": points,
        "total": total,
        "rest": total - points,
    }
    text = _("Card points: %(team)s %(points)s, so %(other)s %(total)s − %(points)s = %(rest)s.")
    return text, values, "totals"


def _card_points_doubled(p: Params, names: TeamNames) -> Sentence:
    text = _("No trumps doubles the card points: %(team_a)s %(a)s, %(team_b)s %(b)s.")
    return text, {**_both(names), "a": p["a"], "b": p["b"]}, "totals"


def _both(names: TeamNames) -> dict[str, str]:
    return {"team_a": _team(names, "A"), "team_b": _team(names, "B")}


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


def _declarations_unopposed(p: Params, names: TeamNames) -> Sentence:
    count = p["points"]
    text = ngettext(
        "Only %(team)s have declarations: +%(count)s point.",
        "Only %(team)s have declarations: +%(count)s points.",
        count,
    )
    return text, {"team": _team(names, p["team"]), "count": count}, "house-declarations"


def _won(p: Params, names: TeamNames, kind: str | None = None) -> dict[str, Any]:
    """The values of a ``*_won`` step: the winner, both teams' best declarations, the points."""
    best = declaration_name(
        kind or p["kind"], length=p.get("length"), top=p.get("top"), rank=p.get("rank")
    )
    other = declaration_name(
        kind or p["other_kind"],
        length=p.get("other_length"),
        top=p.get("other_top"),
        rank=p.get("other_rank"),
    )
    values = {"team": _team(names, p["team"]), "loser": _team(names, _other(p["team"]))}
    values |= {"best": best, "other": other}
    return {**values, "count": p["points"], "cancelled": p["cancelled"]}


# The other team is named, never called "the defenders": it may be the bidders.


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


def _declarations_won(p: Params, names: TeamNames) -> Sentence:
    text = ngettext(
        "Declarations go to %(team)s (%(best)s; %(loser)s: %(other)s): +%(count)s point; "
        "the declarations of %(loser)s (%(cancelled)s) do not count.",
        "Declarations go to %(team)s (%(best)s; %(loser)s: %(other)s): +%(count)s points; "
        "the declarations of %(loser)s (%(cancelled)s) do not count.",
        p["points"],
    )
    return text, _won(p, names), "house-declarations"


def _tie(p: Params, names: TeamNames) -> dict[str, Any]:
    """A full tie: both teams' best sequences have the same points and top card."""
    best = declaration_name("sequence", length=p["length_a"], top=p["top"])
    return {**_both(names), "best": best, "points_a": p["points_a"], "points_b": p["points_b"]}


def _sequences_cancelled_tie(p: Params, names: TeamNames) -> Sentence:
    text = _(
        "Sequences: both teams' best is a %(best)s, so all are cancelled "
        "(%(team_a)s %(points_a)s, %(team_b)s %(points_b)s)."
    )
    return text, _tie(p, names), "declaration-comparison"


def _declarations_cancelled_tie(p: Params, names: TeamNames) -> Sentence:
    text = _(
        "Declarations: both teams' best is a %(best)s, so all are cancelled "
        "(%(team_a)s %(points_a)s, %(team_b)s %(points_b)s)."
    )
    return text, _tie(p, names), "house-declarations"


def _belot(p: Params, names: TeamNames) -> Sentence:
    count, points = p["count"], p["points"]
    values = {"team": _team(names, p["team"]), "points": points}
    if count == 1:
        return _("Belot for %(team)s: +%(points)s."), values, "belot"
    text = _("Belots for %(team)s: %(count)s × %(each)s = +%(points)s.")
    return text, {**values, "count": count, "each": points // count}, "belot"


def _sum(*parts: int) -> str:
    """A team's raw total as a sum of its non-zero parts: "87 + 20 = 107", or just "75"."""
    shown = [str(part) for part in parts[1:] if part]
    if not shown:
        return str(parts[0])
    return " + ".join([str(parts[0]), *shown]) + f" = {sum(parts)}"


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


# Problems


def problem_message(problem: Problem, team_names: TeamNames) -> str:
    """What the scorer should fix, in one translated sentence.

    Plain text, not escaped: a form error or a template escapes it where it is shown.
    """
    describe = _PROBLEMS.get(problem.code)
    if describe is None:  # a code newer than this module
        return _("This entry cannot be scored: please check it.")
    template, values = describe(problem.params, team_names)
    return template % values


Message = tuple[str, dict[str, Any]]


def _card_points_missing(p: Params, names: TeamNames) -> Message:
    return _("Enter the card points of one team, the last trick included."), {}


def _card_points_out_of_range(p: Params, names: TeamNames) -> Message:
    text = _("Card points must be between 0 and %(total)s, not %(points)s.")
    return text, {"total": p["total"], "points": p["points"]}


def _card_points_impossible(p: Params, names: TeamNames) -> Message:
    text = _("No set of cards gives %(points)s in %(contract)s. Check the count.")
    return text, {"points": p["points"], "contract": contract_name(p["contract"])}


def _capot_card_points_mismatch(p: Params, names: TeamNames) -> Message:
    text = _(
        "With a capot by %(capot)s, the card points of %(team)s must be %(expected)s, "
        "not %(points)s."
    )
    values = {"capot": _team(names, p["capot"]), "team": _team(names, p["team"])}
    return text, {**values, "expected": p["expected"], "points": p["points"]}


def _declarations_in_no_trumps(p: Params, names: TeamNames) -> Message:
    text = _("There are no declarations in no trumps: remove those of %(team)s.")
    return text, {"team": _team(names, p["team"])}


def _belot_in_no_trumps(p: Params, names: TeamNames) -> Message:
    text = _("There is no belot in no trumps: remove the belot of %(team)s.")
    return text, {"team": _team(names, p["team"])}


def _too_many_belots(p: Params, names: TeamNames) -> Message:
    if Contract(p["contract"]).is_suit:
        text = _("A suit contract has at most one belot in a deal (you entered %(count)s).")
    elif p.get("max") == 1:  # contrée's house rule: one belote in all trumps
        text = _(
            "This match counts at most one belote-rebelote in all trumps, by its house rule "
            "(you entered %(count)s)."
        )
    else:
        text = _("All trumps has at most four belots, one per suit (you entered %(count)s).")
    return text, {"count": p["count"]}


def _belots_invalid(p: Params, names: TeamNames) -> Message:
    text = _("The number of belots of %(team)s must be a whole number, 0 or more.")
    return text, {"team": _team(names, p["team"])}


def _carre_rank_invalid(p: Params, names: TeamNames) -> Message:
    text = _("Carrés of sevens and eights do not count: remove the %(carre)s of %(team)s.")
    return text, {"carre": _carre_name(p["rank"]), "team": _team(names, p["team"])}


def _carre_duplicate(p: Params, names: TeamNames) -> Message:
    teams = set(p["teams"])
    values = {"carre": _carre_name(p["rank"])}
    if len(teams) > 1:
        text = _(
            "Both teams entered the %(carre)s, but the deck has only one: "
            "keep it for the team that had it."
        )
        return text, values
    text = _("%(team)s entered the %(carre)s more than once, but the deck has only one.")
    return text, {**values, "team": _team(names, teams.pop())}


def _sequence_length_invalid(p: Params, names: TeamNames) -> Message:
    text = _(
        "A sequence has %(min)s to %(max)s cards, not %(length)s: "
        "check the declarations of %(team)s."
    )
    values = {"min": p["min"], "max": p["max"], "length": p["length"]}
    return text, {**values, "team": _team(names, p["team"])}


def _sequence_top_too_low(p: Params, names: TeamNames) -> Message:
    text = _(
        "In a sequence of %(length)s cards the top card is at least a %(lowest)s, "
        "not a %(top)s: check the declarations of %(team)s."
    )
    values = {"length": p["length"], "team": _team(names, p["team"])}
    return text, {**values, "lowest": rank_name(p["lowest"]), "top": rank_name(p["top"])}


def _declarations_exceed_hand(p: Params, names: TeamNames) -> Message:
    count = p["cards"]
    text = ngettext(
        "The declarations of %(team)s take %(count)s card: they do not fit in two hands of 8.",
        "The declarations of %(team)s take %(count)s cards: they do not fit in two hands of 8.",
        count,
    )
    return text, {"team": _team(names, p["team"]), "count": count}


def _sequence_top_card_needed(p: Params, names: TeamNames) -> Message:
    length = p["length"]
    if length == 3:
        text = _(
            "The best sequences of both teams are worth the same: choose the top card of "
            "the highest terce of %(team)s."
        )
    elif length == 4:
        text = _(
            "The best sequences of both teams are worth the same: choose the top card of "
            "the highest quarte of %(team)s."
        )
    else:
        text = _(
            "The best sequences of both teams are worth the same: choose the top card of "
            "the highest quinte of %(team)s."
        )
    return text, {"team": _team(names, p["team"])}


def _value_invalid(p: Params, names: TeamNames) -> Message:
    text = _("This value is not valid: %(value)s. Check the entry and try again.")
    return text, {"value": _quoted(p["value"])}


def _hanging_invalid(p: Params, names: TeamNames) -> Message:
    return _("Hanging points must be a whole number, 0 or more."), {}


def _target_invalid(p: Params, names: TeamNames) -> Message:
    text = _("The points to win a game must be a whole number above 0, not %(target)s.")
    return text, {"target": p["target"]}


def _dealer_invalid(p: Params, names: TeamNames) -> Message:
    return _("Choose the first dealer: one of the four players."), {}


def _too_many_deals(p: Params, names: TeamNames) -> Message:
    text = _(
        "A match has at most %(max)s deals, and this one would have %(count)s. Start a new match."
    )
    return text, {"max": p["max"], "count": p["count"]}


def _too_many_table_deals(p: Params, names: TeamNames) -> Message:
    text = _(
        "A match at a tournament's table has at most %(max)s deals, and this one would have "
        "%(count)s: nothing was saved. A match ends long before; check the deals entered, or "
        "ask the organizer."
    )
    return text, {"max": p["max"], "count": p["count"]}


def _games_to_win_invalid(p: Params, names: TeamNames) -> Message:
    return _("A match is played to 1, 2 or 3 won games."), {}


def _match_over(p: Params, names: TeamNames) -> Message:
    text = ngettext(
        "The match is over: a team has won %(games)s game. Start a new match to play on.",
        "The match is over: a team has won %(games)s games. Start a new match to play on.",
        p["games"],
    )
    return text, {"games": p["games"]}


def _path(p: Params) -> str:
    """Where in a saved record the problem is: "declarations.A.sequences.0.top"."""
    path = p.get("path")
    return _quoted(path) if path else pgettext("data path", "the whole record")


def _format_not_object(p: Params, names: TeamNames) -> Message:
    text = _("The data is damaged: %(path)s is not a group of fields.")
    return text, {"path": _path(p)}


def _format_key_missing(p: Params, names: TeamNames) -> Message:
    return _("The data is damaged: %(path)s is missing."), {"path": _path(p)}


def _format_key_unknown(p: Params, names: TeamNames) -> Message:
    return _("The data has a field this site does not know: %(path)s."), {"path": _path(p)}


def _format_value_invalid(p: Params, names: TeamNames) -> Message:
    text = _("The data is damaged: %(path)s is %(value)s, but should be %(expected)s.")
    values = {"value": _quoted(p["value"]), "expected": p["expected"]}
    return text, {**values, "path": _path(p)}


def _format_version_unsupported(p: Params, names: TeamNames) -> Message:
    text = _("The data is in format version %(version)s; this site reads version %(supported)s.")
    supported = ", ".join(str(version) for version in p["supported"])
    return text, {"version": p["version"], "supported": supported}


# The French games' own problems


def _bid_invalid(p: Params, names: TeamNames) -> Message:
    text = _("A bid is 80 to 160 in tens, or capot: %(bid)s is not one.")
    return text, {"bid": p["bid"]}


def _contre_all_passed(p: Params, names: TeamNames) -> Message:
    return _("All four passed: nobody could say contra. Choose a bid, or no contra."), {}


def _capot_card_points_given(p: Params, names: TeamNames) -> Message:
    text = _(
        "A capot by %(capot)s gives the card points itself (252 and 0): leave the card points "
        "empty."
    )
    return text, {"capot": _team(names, p["capot"])}


def _declarations_not_played(p: Params, names: TeamNames) -> Message:
    text = _("This game counts no sequences or carrés: remove those of %(team)s.")
    return text, {"team": _team(names, p["team"])}


def _sequence_in_trumps_needed(p: Params, names: TeamNames) -> Message:
    return _("The best sequences of both teams are equal: say whose was in trumps."), {}


def _trumps_not_played(p: Params, names: TeamNames) -> Message:
    return _("This match is played in a trump suit only: choose one of the four suits."), {}


def _belot_in_all_trumps(p: Params, names: TeamNames) -> Message:
    text = _(
        "This match counts no belote-rebelote in all trumps, by its house rule: remove that "
        "of %(team)s."
    )
    return text, {"team": _team(names, p["team"])}


def _sequence_in_trumps_no_suit(p: Params, names: TeamNames) -> Message:
    text = _(
        "No trumps and all trumps have no trump suit: equal sequences cancel each other, so "
        "leave whose sequence was in trumps empty."
    )
    return text, {}


def _sequence_in_trumps_undeclared(p: Params, names: TeamNames) -> Message:
    text = _("%(team)s declared no sequence, so theirs cannot be in trumps.")
    return text, {"team": _team(names, p["team"])}


_PROBLEMS: dict[str, Callable[[Params, TeamNames], Message]] = {
    "bid_invalid": _bid_invalid,
    "contre_all_passed": _contre_all_passed,
    "capot_card_points_given": _capot_card_points_given,
    "declarations_not_played": _declarations_not_played,
    "sequence_in_trumps_needed": _sequence_in_trumps_needed,
    "sequence_in_trumps_undeclared": _sequence_in_trumps_undeclared,
    "trumps_not_played": _trumps_not_played,
    "belot_in_all_trumps": _belot_in_all_trumps,
    "sequence_in_trumps_no_suit": _sequence_in_trumps_no_suit,
    "card_points_missing": _card_points_missing,
    "card_points_out_of_range": _card_points_out_of_range,
    "card_points_impossible": _card_points_impossible,
    "capot_card_points_mismatch": _capot_card_points_mismatch,
    "declarations_in_no_trumps": _declarations_in_no_trumps,
    "belot_in_no_trumps": _belot_in_no_trumps,
    "too_many_belots": _too_many_belots,
    "belots_invalid": _belots_invalid,
    "carre_rank_invalid": _carre_rank_invalid,
    "carre_duplicate": _carre_duplicate,
    "sequence_length_invalid": _sequence_length_invalid,
    "sequence_top_too_low": _sequence_top_too_low,
    "declarations_exceed_hand": _declarations_exceed_hand,
    "sequence_top_card_needed": _sequence_top_card_needed,
    "value_invalid": _value_invalid,
    "hanging_invalid": _hanging_invalid,
    "target_invalid": _target_invalid,
    "dealer_invalid": _dealer_invalid,
    "too_many_deals": _too_many_deals,
    "too_many_table_deals": _too_many_table_deals,
    "games_to_win_invalid": _games_to_win_invalid,
    "match_over": _match_over,
    "format_not_object": _format_not_object,
    "format_key_missing": _format_key_missing,
    "format_key_unknown": _format_key_unknown,
    "format_value_invalid": _format_value_invalid,
    "format_version_unsupported": _format_version_unsupported,
}
