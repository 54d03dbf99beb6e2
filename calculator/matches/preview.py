"""A deal before it is saved: its score, its sentences (why), and what a correction changes
(the winner of a game, the games after it); and the offer to undo the last change."""

from django.urls import reverse
from django.utils.translation import gettext as _

from calculator import engine
from calculator.games.belot import why
from calculator.games.belote_alone import belote_alone_notes
from calculator.games.french import why as explain_french
from calculator.matches.services import MatchState, corrected_fold, undoable
from calculator.matches.teams import seat_name, team_name, team_names
from calculator.shared.questions import QUESTION, questions


def _fold_with(state: MatchState, number: int, deal: engine.Deal) -> engine.Match | None:
    """The match with ``deal`` in its place (a new last deal, or a correction), folded by the
    engine; ``None`` if the engine refuses the match so. A new last deal is folded on from the
    match as it is, a correction from the deal before it: the earlier deals are not scored
    again."""
    try:
        if number > len(state.inputs):
            return state.match.fold_on(state.fold, [deal])
        return corrected_fold(state, number, deal)
    except engine.DealError:
        return None


def correction_effects(
    before: engine.Match, after: engine.Match, number: int, names, *, belot: bool = True
) -> list:
    """What a correction of deal ``number`` changes beyond that deal, in sentences: the score
    after the last deal, the hanging points, games whose winner changes, deals that move to
    another game. Only the two folds are compared; no scoring happens here. Outside belot
    (``belot`` false) the points that wait are a litige's, and are called so."""
    effects = []
    was, now = before.deals[-1], after.deals[-1]
    if (was.game, was.totals) != (now.game, now.totals):
        text = _(
            "The score after the last deal becomes %(a)s:%(b)s in game %(game)s "
            "(now %(was_a)s:%(was_b)s in game %(was_game)s)."
        )
        values = {"a": now.totals.a, "b": now.totals.b, "game": now.game}
        values |= {"was_a": was.totals.a, "was_b": was.totals.b, "was_game": was.game}
        effects.append(text % values)
    if before.hanging != after.hanging:
        if belot:
            text = _("Points hanging after the last deal become %(points)s (now %(was)s).")
        else:
            text = _(
                "Points of a disputed deal waiting after the last deal become %(points)s "
                "(now %(was)s)."
            )
        effects.append(text % {"points": after.hanging, "was": before.hanging})
    return effects + _winner_changes(before, after, names) + _moves(before, after, number)


def _winner_changes(before: engine.Match, after: engine.Match, names) -> list[str]:
    winners_before = {game.number: game.winner for game in before.games}
    winners_after = {game.number: game.winner for game in after.games}
    changes = []
    for game in sorted(winners_before.keys() | winners_after.keys()):
        was, now = winners_before.get(game), winners_after.get(game)
        values = {"game": game, "team": _name_of(names, now), "was": _name_of(names, was)}
        if was == now:
            continue
        if now is None:
            text = _("Game %(game)s is then not finished (now won by %(was)s).")
        elif was is None:
            text = _("Game %(game)s then ends, won by %(team)s.")
        else:
            text = _("Game %(game)s is then won by %(team)s, not by %(was)s.")
        changes.append(text % values)
    return changes


def _name_of(names, team: engine.Team | None) -> str:
    return "" if team is None else names[0] if team is engine.Team.A else names[1]


def _moves(before: engine.Match, after: engine.Match, number: int) -> list[str]:
    """Runs of later deals that move to another game, named as the history names them."""
    runs: list[dict] = []
    for old, new in zip(before.deals[number:], after.deals[number:], strict=True):
        if old.game == new.game:
            continue
        last = runs[-1] if runs else None
        if last and (last["game"], last["new_game"], last["last"]) == (
            old.game,
            new.game,
            old.number - 1,
        ):
            last["last"], last["new_last"] = old.number, new.number
        else:
            runs.append(
                {
                    "game": old.game,
                    "first": old.number,
                    "last": old.number,
                    "new_game": new.game,
                    "new_first": new.number,
                    "new_last": new.number,
                }
            )
    one = _("Game %(game)s, deal %(first)s then becomes game %(new_game)s, deal %(new_first)s.")
    many = _(
        "Game %(game)s, deals %(first)s–%(last)s then become game %(new_game)s, "
        "deals %(new_first)s–%(new_last)s."
    )
    return [(one if run["first"] == run["last"] else many) % run for run in runs]


# The codes of a field's own messages (required, not a number, out of its bounds, not one of
# its choices), which do not name the field: next to it on the page they need not, in the
# preview's list they do.
FIELD_CODES = {"required", "invalid", "min_value", "max_value", "invalid_choice", "invalid_list"}


def problems(form, *, missing: bool = False) -> list[str]:
    """The form's messages, each saying which field it is about. "Required" ones only when
    ``missing`` (a Save refused): while the scorer fills in the form, an empty field is not a
    mistake. A question is never one."""
    if not form.is_bound:
        return []
    # ValidationError's own iteration fills in its params (if any) and leaves a message that
    # has none as it is: a team name with "%" in it is text, not a template.
    return [
        _labelled(form, name, error, message)
        for name, errors in form.errors.as_data().items()
        for error in errors
        if error.code != QUESTION and (missing or error.code != "required")
        for message in error
    ]


def _labelled(form, name: str, error, message: str) -> str:
    """``message`` with its field's label before it (and the team's name, for a field of one
    team) where it is one of the field's own messages; else as it is."""
    field = form.fields.get(name)
    own = field is not None and error.code in FIELD_CODES
    if not own or str(error.message) not in {str(m) for m in field.error_messages.values()}:
        return message
    label = str(field.label)
    message = message[:1].lower() + message[1:]  # after the colon, the sentence goes on
    side = name[-2:]
    team = form.match.team_a if side == "_a" else form.match.team_b if side == "_b" else None
    if team is not None and team != label:  # all trumps' belotes are labelled by the team
        values = {"field": label, "team": team, "message": message}
        # Translators: %(team)s comes as the bare name here; this text puts it in quotation marks.
        return _("%(field)s of %(team)s: %(message)s") % values
    return _("%(field)s: %(message)s") % {"field": label, "message": message}


def place_of(fold: engine.Match, number: int) -> tuple[int, int]:
    """(game, deal in that game) of deal ``number`` (from 1), or of the next deal: the one
    number per deal that the pages show ("game 2, deal 5")."""
    if number <= len(fold.deals):
        played = fold.deals[number - 1]
        return played.game, played.number
    if fold.game_over or not fold.deals:
        return fold.game + 1 if fold.game_over else fold.game, 1
    return fold.game, fold.deals[-1].number + 1


def deal_name(fold: engine.Match, number: int) -> str:
    game, in_game = place_of(fold, number)
    return _("Game %(game)s, deal %(deal)s") % {"game": game, "deal": in_game}


def undo_offer(state: MatchState) -> dict | None:
    """What the scorer can take back now, said the way the history says it."""
    undo = undoable(state.match)
    if undo is None:
        return None
    values = {"deal": deal_name(state.fold, undo["number"])}
    if undo["action"] == "delete":
        text = _("%(deal)s was deleted.") % values
    else:
        text = _("All passed recorded (%(deal)s).") % values
    return {"text": text, "version": state.match.version}


def carried_from(fold: engine.Match, number: int) -> int | None:
    """The previous game's number when deal ``number`` (from 1) takes in points that were left
    hanging as that game ended: no deal of its game before it was played. Else ``None``."""
    played = fold.deals[number - 1]
    if played.game == 1 or not getattr(played.result, "hanging_in", 0):
        return None
    before = fold.deals[number - played.number : number - 1]  # the earlier deals of its game
    if any(deal.result.kind is not engine.DealKind.ALL_PASSED for deal in before):
        return None
    return played.game - 1


def preview_context(state: MatchState, form, number: int, *, missing: bool = False) -> dict:
    if form.is_bound:
        form.is_valid()  # before anything reads it: validation decides which top cards to ask
    match = state.match
    game, in_game = place_of(state.fold, number)
    known = number <= len(state.fold.deals)
    dealer = state.fold.deals[number - 1].dealer if known else state.fold.dealer
    context = {
        "match": match,
        "form": form,
        "number": number,
        "editing": number < state.next_number,
        "game": game,
        "deal_in_game": in_game,
        "dealer": seat_name(match, dealer),
        "first_player": seat_name(match, engine.first_player(dealer)),
        "teams_a": form.declaration_fields("a"),
        "teams_b": form.declaration_fields("b"),
        "preview": None,
        "problems": problems(form, missing=missing),
        "questions": questions(form),
    }
    if form.deal is not None and form.result is not None:
        folded = _fold_with(state, number, form.deal)
        after = folded.deals[number - 1] if folded else None
        result = after.result if after else form.result
        editing = folded is not None and number < state.next_number
        ends_match = folded is not None and folded.match_over and number == len(folded.deals)
        context["preview"] = {
            "effects": correction_effects(
                state.fold, folded, number, team_names(match), belot=match.is_belot
            )
            if editing
            else [],
            "result": result,
            "steps": (why.explain if match.is_belot else explain_french.explain_deal)(
                result,
                team_names(match),
                carried_from=carried_from(folded, number) if folded else None,
            ),
            "after": after,
            "belote_alone": belote_alone_notes(team_names(match), after, folded.profile.target)
            if after
            else [],
            "winner": team_name(match, after.winner) if after else "",
            # The last deal of the match: it ends the match too, and the page says who won it.
            "match_over": ends_match,
            "match_winner": team_name(match, folded.match_winner) if ends_match else "",
            "url": reverse("calculator:deal-new", args=[match.scorer_key]),
        }
    return context
