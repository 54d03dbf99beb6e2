"""The words every game's sentences share: the names of contracts, doubles, ranks and
declarations, a team's name in a sentence, and the steps worded alike in every game.

Every string is translated when a function is called, never at import, so the active language
decides. Team names are user input: they are escaped here."""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from django.utils.html import conditional_escape, format_html
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext, pgettext, pgettext_lazy

from belot_site.typography import tie
from calculator.engine import Belot, Carre, Contract, DeclarationOutcome, Double, Rank, Team

TeamNames = tuple[str, str]


Params = Mapping[str, Any]


Sentence = tuple[str, dict[str, Any], str | None]  # (translated template, its values, rule anchor)


@dataclass(frozen=True)
class Explanation:
    """One step of a deal as a sentence, and the rules-page anchor that explains it (or None)."""

    text: SafeString
    rule: str | None


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


def declared_on_sheet(outcomes: tuple[DeclarationOutcome, ...], team: Team) -> str:
    """What ``team`` scored from its declarations in a deal, short, as a score sheet writes it
    under the team's points: "белот, 2 терци, каре валета". Only the counted ones, each once:
    the belots first, then the sequences, longest first, then the carrés as declared. Every
    game's result lists its belots (the French belote too) among its declarations."""
    counts: dict[tuple, int] = {}
    for outcome in outcomes:
        if outcome.counted and outcome.team is team:
            key = _sheet_key(outcome.declaration)
            counts[key] = counts.get(key, 0) + 1
    order = sorted(counts, key=lambda key: (key[0] != "belot", key[0] != "sequence", -key[1]))
    return ", ".join(_sheet_name(key, counts[key]) for key in order)


def _sheet_key(declaration) -> tuple:
    """("belot", 0), ("sequence", 3, 4 or 5: a quinte is five or more) or ("carre", 0, rank)."""
    if isinstance(declaration, Belot):
        return ("belot", 0)
    if isinstance(declaration, Carre):
        return ("carre", 0, declaration.rank)
    return ("sequence", min(declaration.length, 5))


def _sheet_name(key: tuple, count: int) -> str:
    if key[0] == "carre":  # a rank's carré is one in a deal: never two of them
        return ", ".join([declaration_name("carre", rank=key[2])] * count)
    if count == 1:
        return declaration_name(key[0], length=key[1] or None)
    return _SHEET_COUNTS[key](count) % {"count": count}


_SHEET_COUNTS = {
    # Translators: two or more of a declaration of one team in one deal, on the score sheet.
    ("belot", 0): lambda n: npgettext("declarations", "%(count)s belot", "%(count)s belots", n),
    ("sequence", 3): lambda n: npgettext("declarations", "%(count)s terce", "%(count)s terces", n),
    ("sequence", 4): lambda n: npgettext(
        "declarations", "%(count)s quarte", "%(count)s quartes", n
    ),
    ("sequence", 5): lambda n: npgettext(
        "declarations", "%(count)s quinte", "%(count)s quintes", n
    ),
}


def _quoted(name: Any) -> str:
    return pgettext("a name quoted in a sentence", "“%(name)s”") % {"name": name}


class _Name(str):
    """A team's name in quotes: user text, shown exactly as typed (no space of it is tied).
    ``bare`` is the name alone, which a page isolates inside the quotes (``_html``)."""

    bare: str


def _team(names: TeamNames, team: Any) -> str:
    """A team's name as it appears in a sentence (in quotes); ``team`` is "A" or "B"."""
    bare = names[0] if team == "A" else names[1]
    name = _Name(_quoted(bare))
    name.bare = bare
    return name


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
            # Isolated (<bdi>) inside its quotes: a right-to-left name would otherwise carry the
            # numbers and signs beside it over to its side.
            # (the quotes are the translation's, trusted as the template is)
            names.append(mark_safe(_quoted(format_html("<bdi>{}</bdi>", value.bare))))
        else:
            values[key] = conditional_escape(value)
    # One pass: a name that looks like a marker is never read as one.
    text = _MARKER.sub(lambda found: names[int(found[1])], tie(template % values))
    return mark_safe(text)


_MARKER = re.compile("\ue000([0-9]+)\ue001")


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


def _both(names: TeamNames) -> dict[str, str]:
    return {"team_a": _team(names, "A"), "team_b": _team(names, "B")}


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


def _declarations_cancelled_tie(p: Params, names: TeamNames) -> Sentence:
    text = _(
        "Declarations: both teams' best is a %(best)s, so all are cancelled "
        "(%(team_a)s %(points_a)s, %(team_b)s %(points_b)s)."
    )
    return text, _tie(p, names), "house-declarations"


def _sum(*parts: int) -> str:
    """A team's raw total as a sum of its non-zero parts: "87 + 20 = 107", or just "75"."""
    shown = [str(part) for part in parts[1:] if part]
    if not shown:
        return str(parts[0])
    return " + ".join([str(parts[0]), *shown]) + f" = {sum(parts)}"


def _teams(p: Params, names: TeamNames) -> dict:
    """The step's values with the taker and the defence named."""
    values = dict(p)
    for key in ("taker", "defenders", "team"):
        if p.get(key) is not None:
            values[key] = _team(names, p[key])
    return values


def _ending(points: int, ending: str, no_ending: str) -> str:
    """The sentence that ends with ``points`` (the belote-rebelote the taker keeps, or all the
    defence scores), or, when they are 0, the sentence without that end (it would say "keep 0",
    "score 0")."""
    return ending if points else no_ending
