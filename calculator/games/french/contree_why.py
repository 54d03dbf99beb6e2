"""Contrée's and coinche's own steps in the visitor's language: the bid (in a suit, no trumps
or all trumps), the raw card points' conversion, whether the contract was made and what each
side scores. ``why.py`` puts them together with the steps the French games share."""

from __future__ import annotations

from django.utils.translation import gettext as _
from django.utils.translation import ngettext

from calculator import engine
from calculator.games.words import (
    Params,
    Sentence,
    TeamNames,
    _ending,
    _sum,
    _team,
    _teams,
)
from calculator.games.words import contract_name as suit_name


def _bid(p: Params, names: TeamNames) -> Sentence:
    values = {"team": _team(names, p["taker"]), "trump": suit_name(p["trump"]), "bid": p["bid"]}
    values["multiplier"] = p["multiplier"]
    capot = p["bid"] == 250
    if p["trump"] in NO_SUIT:
        return _bid_no_suit(p, values, capot)
    if p["contre"] == "contre":
        text = (
            _("Bid: capot in %(trump)s by %(team)s, with contra (×%(multiplier)s).")
            if capot
            else _("Bid: %(bid)s in %(trump)s by %(team)s, with contra (×%(multiplier)s).")
        )
        return text, values, "contree-contre"
    if p["contre"] == "surcontre":
        text = (
            _("Bid: capot in %(trump)s by %(team)s, with recontra (×%(multiplier)s).")
            if capot
            else _("Bid: %(bid)s in %(trump)s by %(team)s, with recontra (×%(multiplier)s).")
        )
        return text, values, "contree-contre"
    if capot:
        return _("Bid: capot in %(trump)s by %(team)s."), values, "contree-bidding"
    return _("Bid: %(bid)s in %(trump)s by %(team)s."), values, "contree-bidding"


NO_SUIT = tuple(trumps.value for trumps in engine.Trumps)  # no trumps, all trumps (house rule)


def _bid_no_suit(p: Params, values: dict, capot: bool) -> Sentence:
    """The bid in no trumps or all trumps: the contract's name stands after the bid as it is,
    not as a suit does ("100 in hearts", but "100, no trumps")."""
    if p["contre"] == "contre":
        text = (
            _("Bid: capot, %(trump)s, by %(team)s, with contra (×%(multiplier)s).")
            if capot
            else _("Bid: %(bid)s, %(trump)s, by %(team)s, with contra (×%(multiplier)s).")
        )
        return text, values, "contree-contre"
    if p["contre"] == "surcontre":
        text = (
            _("Bid: capot, %(trump)s, by %(team)s, with recontra (×%(multiplier)s).")
            if capot
            else _("Bid: %(bid)s, %(trump)s, by %(team)s, with recontra (×%(multiplier)s).")
        )
        return text, values, "contree-contre"
    if capot:
        return _("Bid: capot, %(trump)s, by %(team)s."), values, "contree-bidding"
    return _("Bid: %(bid)s, %(trump)s, by %(team)s."), values, "contree-bidding"


def _converted(p: Params, names: TeamNames) -> Sentence:
    """House rule: no trumps' or all trumps' card points counted raw, converted to 162."""
    if p["trump"] == "no_trumps":
        text = _(
            "Card points counted raw in no trumps: %(taker)s %(raw_taker)s of %(raw_total)s, "
            "%(raw_taker)s × %(total)s / %(raw_total)s = %(points_taker)s of %(total)s to the "
            "nearest point; %(defenders)s the rest, %(points_defenders)s."
        )
    else:
        text = _(
            "Card points counted raw in all trumps: %(taker)s %(raw_taker)s of %(raw_total)s, "
            "%(raw_taker)s × %(total)s / %(raw_total)s = %(points_taker)s of %(total)s to the "
            "nearest point; %(defenders)s the rest, %(points_defenders)s."
        )
    return text, _teams(p, names), "contree-no-and-all-trumps"


def _contract(kind: str):
    def sentence(p: Params, names: TeamNames) -> Sentence:
        texts = {
            "made": _(
                "Contract made: %(taker)s %(total_taker)s, at least %(bid)s and more than "
                "%(defenders)s %(total_defenders)s."
            ),
            "short": _("Contract failed: %(taker)s %(total_taker)s, less than the bid of %(bid)s."),
            "behind": _(
                "Contract failed: %(taker)s %(total_taker)s reach the bid of %(bid)s but not "
                "more than %(defenders)s %(total_defenders)s."
            ),
            "capot_made": _("Capot made: %(taker)s took every trick."),
            "capot_failed": _("Capot failed: %(defenders)s took a trick."),
        }
        rule = "contree-requirement" if kind == "made" else "contree-failed"
        if kind.startswith("capot"):
            rule = "contree-capot"
        return texts[kind], _teams(p, names), rule

    return sentence


def _taken_by_capot(p: Params, names: TeamNames) -> Sentence:
    count = p["points"]
    text = ngettext(
        "%(team)s took every trick: the declarations of the other team (%(count)s point) are "
        "theirs.",
        "%(team)s took every trick: the declarations of the other team (%(count)s points) are "
        "theirs.",
        count,
    )
    return text, {"team": _team(names, p["team"]), "count": count}, "contree-capot"


def _belote_to_defenders(p: Params, names: TeamNames) -> Sentence:
    text = _("House rule: the belote-rebelote of a failed taker goes to %(team)s (+%(points)s).")
    return text, _teams(p, names), "contree-house-rules"


def _score_made(p: Params, names: TeamNames) -> Sentence:
    text = _(
        "%(taker)s score %(total_taker)s + %(bid)s = %(points_taker)s; "
        "%(defenders)s score %(points_defenders)s."
    )
    return text, _teams(p, names), "contree-scoring"


def _package(p: Params) -> str:
    return _sum(p["base"], p["bid"], p["declarations"], p["belote"])


def _score_made_contre(p: Params, names: TeamNames) -> Sentence:
    values = _teams(p, names) | {"sum": _package(p)}
    text = _ending(
        p["belote_defenders"],
        _(
            "%(taker)s score (%(sum)s) × %(multiplier)s = %(points)s; "
            "%(defenders)s score %(belote_defenders)s."
        ),
        _("%(taker)s score (%(sum)s) × %(multiplier)s = %(points)s."),
    )
    return text, values, "contree-contre-scoring"


def _score_failed(p: Params, names: TeamNames) -> Sentence:
    values = _teams(p, names) | {"sum": _package(p)}
    if p["multiplier"] == 1:  # no contre: the sum is the score, "× 1" would say nothing
        text = _ending(
            p["belote_taker"],
            _("%(defenders)s score %(sum)s; %(taker)s keep %(belote_taker)s."),
            _("%(defenders)s score %(sum)s."),
        )
        return text, values, "contree-failed"
    text = _ending(
        p["belote_taker"],
        _(
            "%(defenders)s score (%(sum)s) × %(multiplier)s = %(points)s; "
            "%(taker)s keep %(belote_taker)s."
        ),
        _("%(defenders)s score (%(sum)s) × %(multiplier)s = %(points)s."),
    )
    return text, values, "contree-failed"


def _score_bid(made: bool):
    def sentence(p: Params, names: TeamNames) -> Sentence:
        values = _teams(p, names) | {"sum": _sum(p["bid"], p["belote"])}
        if p["multiplier"] == 1:  # no contre: the sum is the score, "× 1" would say nothing
            if made:
                text = _ending(
                    p["belote_defenders"],
                    _(
                        "Bid only (house rule): %(taker)s score %(sum)s; "
                        "%(defenders)s score %(belote_defenders)s."
                    ),
                    _("Bid only (house rule): %(taker)s score %(sum)s."),
                )
            else:
                text = _ending(
                    p["belote_taker"],
                    _(
                        "Bid only (house rule): %(defenders)s score %(sum)s; "
                        "%(taker)s keep %(belote_taker)s."
                    ),
                    _("Bid only (house rule): %(defenders)s score %(sum)s."),
                )
            return text, values, "contree-house-rules"
        if made:
            text = _ending(
                p["belote_defenders"],
                _(
                    "Bid only (house rule): %(taker)s score (%(sum)s) × %(multiplier)s = "
                    "%(points)s; %(defenders)s score %(belote_defenders)s."
                ),
                _(
                    "Bid only (house rule): %(taker)s score (%(sum)s) × %(multiplier)s = "
                    "%(points)s."
                ),
            )
        else:
            text = _ending(
                p["belote_taker"],
                _(
                    "Bid only (house rule): %(defenders)s score (%(sum)s) × %(multiplier)s = "
                    "%(points)s; %(taker)s keep %(belote_taker)s."
                ),
                _(
                    "Bid only (house rule): %(defenders)s score (%(sum)s) × %(multiplier)s = "
                    "%(points)s."
                ),
            )
        return text, values, "contree-house-rules"

    return sentence
