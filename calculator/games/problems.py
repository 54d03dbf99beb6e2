"""What the scorer should fix: the engine's Problem codes (every game's) in one translated
sentence each. Plain text, which Django escapes where it is rendered (form errors)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext as _
from django.utils.translation import ngettext, pgettext

from calculator.engine import Contract, Problem
from calculator.games.words import (
    Params,
    TeamNames,
    _carre_name,
    _quoted,
    _team,
    contract_name,
    rank_name,
)


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
        "In no trumps no suit is trumps, and in all trumps every suit is: equal sequences "
        "cancel each other, so leave whose sequence was in trumps empty."
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
