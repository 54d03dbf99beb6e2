"""A match's forms: a new match (teams, target, house rules, game) and a match's file to import
(the engine reads it; its problems become form errors)."""

import json
import re

from django import forms
from django.utils.translation import gettext_lazy as _

from calculator import engine
from calculator.engine import ContraTie, DeclarationComparison
from calculator.engine.core.game import FORMAT_VERSION as GAMES_VERSION
from calculator.games import problems
from calculator.games.belot.forms import BOUNDS
from calculator.games.choice import GameChoice, posted_rules
from calculator.models import GAME_CHOICES, Match
from calculator.shared.names import (
    NAME_FIELDS,
    NAME_MAX,
    NameField,
    SeatSelect,
    clean_name,
    default_team_names,
    seat_default,
)

TARGET_MIN = 11


TARGET_MAX = 9999


# Bulgarian belot's house rules, the Match's own columns (a French game's are its house_rules).
BELOT_RULES = (
    "target",
    "declaration_comparison",
    "no_trumps_capot_doubled",
    "contra_tie",
    "capot_cannot_end_game",
)


class MatchForm(GameChoice, forms.ModelForm):
    """Start a match: team names, players in seating order, the first dealer, the game and its
    house rules."""

    target = forms.IntegerField(
        label=_("Points to win a game"),
        min_value=TARGET_MIN,
        max_value=TARGET_MAX,
        initial=151,
        widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
        help_text=_("A game ends when a team reaches this total."),
        error_messages=BOUNDS,
    )
    declaration_comparison = forms.ChoiceField(
        label=_("Comparing declarations"),
        choices=[
            (DeclarationComparison.SEPARATE.value, _("Sequences and carrés separately")),
            (DeclarationComparison.POOL.value, _("One pool: the strongest declaration takes all")),
        ],
        initial=DeclarationComparison.SEPARATE.value,
        widget=forms.RadioSelect,
    )
    no_trumps_capot_doubled = forms.BooleanField(
        label=_("Double the capot bonus in no trumps"),
        required=False,
        help_text=_("Off: a no-trumps capot is worth 26 + 9 = 35. On: (13 + 9) × 2 = 44."),
    )
    contra_tie = forms.ChoiceField(
        label=_("A tied deal with contra"),
        choices=[
            (ContraTie.ALL_HANG.value, _("Everything hangs")),
            (
                ContraTie.BIDDERS_HANG.value,
                _("The defenders record their share; the bidders' hangs"),
            ),
        ],
        initial=ContraTie.ALL_HANG.value,
        widget=forms.RadioSelect,
    )
    capot_cannot_end_game = forms.BooleanField(
        label=_("A capot cannot end the game"),
        required=False,
        initial=True,
        help_text=_("On: after a capot that reaches the target, one more deal is played."),
    )

    games_to_win = forms.TypedChoiceField(
        label=_("The match is played to"),
        choices=[
            ("", _("No end: game after game")),
            (1, _("One won game")),
            (2, _("Two won games (best of three)")),
            (3, _("Three won games (best of five)")),
        ],
        coerce=int,
        empty_value=None,
        required=False,
        initial="",
        widget=forms.RadioSelect,
    )

    class Meta:
        model = Match
        fields = [
            "team_a",
            "team_b",
            "game",
            "games_to_win",
            "player_1",
            "player_2",
            "player_3",
            "player_4",
            "first_dealer",
            "target",
            "declaration_comparison",
            "no_trumps_capot_doubled",
            "contra_tie",
            "capot_cannot_end_game",
        ]
        labels = {
            "team_a": _("Team 1"),
            "team_b": _("Team 2"),
            "player_1": _("Player 1 (team 1)"),
            "player_2": _("Player 2 (team 2)"),
            "player_3": _("Player 3 (team 1)"),
            "player_4": _("Player 4 (team 2)"),
        }
        widgets = {
            "first_dealer": forms.RadioSelect,
        }
        field_classes = dict.fromkeys(NAME_FIELDS, NameField)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        us, them = default_team_names()
        self.fields["team_a"].initial = us
        self.fields["team_b"].initial = them
        self.fields["first_dealer"] = forms.TypedChoiceField(
            label=_("Who deals first"),
            choices=[(seat, self._seat_label(seat)) for seat in range(4)],
            coerce=int,
            initial=0,
            widget=SeatSelect,
        )
        for name in NAME_FIELDS:
            self.fields[name].widget.attrs.update({"maxlength": NAME_MAX, "autocomplete": "off"})
        self.add_game_fields()
        if self.chosen_game() != "belot":  # belot's fields are on the page, but not read
            for name in BELOT_RULES:
                self.fields[name].required = False

    def _seat_label(self, seat: int) -> str:
        """A player's name once it is typed (the page's script does the same as it is typed)
        or given (a rematch's), else "Player 1"."""
        given = self.data if self.is_bound else self.initial
        typed = clean_name(str(given.get(f"player_{seat + 1}", "")))
        return typed or seat_default(seat)

    def clean(self):
        cleaned = super().clean()
        if cleaned.get("team_a") and cleaned.get("team_a") == cleaned.get("team_b"):
            self.add_error("team_b", _("The two teams need different names."))
        cleaned = self.clean_game_rules(cleaned)
        if cleaned["house_rules"] is not None:
            for name in BELOT_RULES:  # the match's columns keep belot's defaults
                self.errors.pop(name, None)
                cleaned[name] = Match._meta.get_field(name).default
            cleaned["target"] = cleaned["house_rules"]["target"]
        return cleaned

    def save(self, commit=True):
        self.instance.house_rules = self.cleaned_data["house_rules"]
        return super().save(commit)


IMPORT_MAX_BYTES = 1_000_000


class ImportForm(forms.Form):
    """A match of any game exported from this site (JSON, docs/deal-format.md), imported as a
    new match of that game.

    The names and settings in the file go through MatchForm, so an import meets exactly the
    rules of a match started on the site; its deals are then checked by the engine.
    ``cleaned_data["match"]`` is what ``services.match_import`` takes.
    """

    file = forms.FileField(
        label=_("Match file (JSON)"),
        help_text=_(
            "A match downloaded from its page, of any game: Bulgarian belot, classic belote, "
            "contrée or coinche. It becomes a new match of the same game, with its house rules."
        ),
    )

    def clean_file(self):
        upload = self.cleaned_data["file"]
        if upload.size > IMPORT_MAX_BYTES:
            raise forms.ValidationError(_("The file is too large for a match export."))
        try:
            data = json.loads(upload.read().decode("utf-8"))
        except (ValueError, RecursionError):  # not UTF-8, not JSON, or JSON no sane file has
            raise forms.ValidationError(_("This file is not a match export.")) from None
        if not isinstance(data, dict):
            raise forms.ValidationError(_("This file is not a match export."))
        teams = data.pop("teams", None)
        players = data.pop("players", None)
        games_to_win = data.pop("games_to_win", None)
        try:
            game, profile, first_dealer, deals = engine.read_match(data)
        except engine.DealError as error:
            game = data.get("game") if data.get("version") == GAMES_VERSION else None
            raise forms.ValidationError(self._describe(error, game)) from None
        form_data = _match_form_data(game, profile, first_dealer, teams, players)
        form_data["games_to_win"] = "" if games_to_win is None else games_to_win
        match_form = MatchForm(form_data)
        if not match_form.is_valid():
            raise forms.ValidationError(_form_errors(match_form))
        match = match_form.save(commit=False)
        try:
            match.fold(deals)
        except engine.DealError as error:
            raise forms.ValidationError(self._describe(error)) from None
        return {"match": match, "deals": deals}

    def _describe(self, error: engine.DealError, game: str | None = None) -> list[str]:
        names = default_team_names()
        found = [_file_problem(problem, names, game) for problem in error.problems[:3]]
        if error.deal_index is not None:
            where = _("Deal %(number)s in the file:") % {"number": error.deal_index + 1}
            found = [f"{where} {message}" for message in found]
        return found

    def clean(self):
        cleaned = super().clean()
        if "file" in cleaned:
            cleaned["match"] = cleaned["file"]
        return cleaned


GAME_UNKNOWN = _(
    "This file is of a game the calculator does not count (“%(game)s”): it counts Bulgarian "
    "belot, classic belote, contrée and coinche."
)


VERSION_UNKNOWN = _(
    "This file is in format version %(version)s, which this site does not read: it reads "
    "version 1 (Bulgarian belot) and version 2 (every game)."
)


NOT_THE_GAMES_DEAL = _("Deal %(number)s in the file is not a deal of “%(game)s”: %(problem)s")


def _file_problem(problem: engine.Problem, names, game) -> str:
    """A problem of an imported file as one sentence: the engine's, or what it means in a file
    (a game or a version this site does not read, a deal of another game than the file's)."""
    if problem.field == "game" and problem.code == "format_value_invalid":
        return GAME_UNKNOWN % {"game": problem.params["value"]}
    if problem.field == "version" and problem.code == "format_version_unsupported":
        return VERSION_UNKNOWN % {"version": problem.params["version"]}
    message = problems.problem_message(problem, names)
    index = _other_games_deal(problem)
    label = dict(GAME_CHOICES).get(game) if isinstance(game, str) else None
    if index is None or label is None:
        return message
    return NOT_THE_GAMES_DEAL % {"number": index + 1, "game": label, "problem": message}


def _other_games_deal(problem: engine.Problem) -> int | None:
    """The index of the deal ``problem`` shows to be of another game than its file's: one of
    its own keys missing or unknown, or its ``game`` not the file's."""
    found = re.fullmatch(r"deals\.(\d+)\.([a-z_]+)", problem.field or "")
    if found is None:
        return None
    keys = problem.code in ("format_key_unknown", "format_key_missing")
    game = problem.code == "format_value_invalid" and found.group(2) == "game"
    return int(found.group(1)) if keys or game else None


TEAMS_NOT_NAMES = _(
    "The file's “teams” are not the two teams' names: an export writes two texts, under “A” "
    "and “B”."
)


PLAYERS_NOT_NAMES = _(
    "The file's “players” are not the four players' names: an export writes four texts, "
    "empty for a seat without a name."
)


def _match_form_data(game: engine.Game, profile, first_dealer: int, teams, players) -> dict:
    """MatchForm's data for an imported file: its names (the default team names when it has
    none), its game and its house rules, as the home page posts them. Names that are not what
    an export writes (teams as a list, five players, a number for a name) are refused, never
    dropped."""
    us, them = default_team_names()
    teams = {} if teams is None else teams
    if not isinstance(teams, dict) or not _texts(teams.values()) or teams.keys() - {"A", "B"}:
        raise forms.ValidationError(TEAMS_NOT_NAMES)
    players = ["", "", "", ""] if players is None else players
    if not isinstance(players, list) or len(players) != 4 or not _texts(players):
        raise forms.ValidationError(PLAYERS_NOT_NAMES)
    data = {
        "team_a": clean_name(teams.get("A", "")) or us,
        "team_b": clean_name(teams.get("B", "")) or them,
        "first_dealer": first_dealer,
        **_rules_data(game, profile),
    }
    for seat, player in enumerate(players, start=1):
        data[f"player_{seat}"] = clean_name(player)
    return data


def _rules_data(game: engine.Game, profile) -> dict:
    """Belot's house rules are MatchForm's own fields (a form without a game is belot's); a
    French game's are its switches."""
    if game.name == "belot":
        return engine.profile_to_dict(profile)
    return posted_rules(game.name, game.profile_to_dict(profile))


def _texts(values) -> bool:
    return all(isinstance(value, str) for value in values)


def _form_errors(form: forms.Form) -> list[str]:
    """A form's errors as sentences for another form: "Points to win a game: ..."."""
    found = []
    for name, errors in form.errors.items():
        label = form.fields[name].label if name in form.fields else None
        for message in errors:
            found.append(
                _("%(field)s: %(message)s") % {"field": label, "message": message}
                if label
                else message
            )
    return found
