import json
import re
import unicodedata

import regex
from django import forms
from django.utils.translation import gettext_lazy as _
from django.utils.translation import pgettext_lazy

from . import engine, explain
from .engine import ContraTie, DeclarationComparison
from .engine.core.game import FORMAT_VERSION as GAMES_VERSION
from .engine.model import CARRE_ORDER
from .game_forms import GameChoice, posted_rules
from .models import GAME_CHOICES, ROSTER_MAX, Match
from .questions import problem_error
from .services import IN_ANOTHER_TABLE, IN_THIS_TABLE, NAME_TWICE, ROSTER_FULL

NAME_MAX = 40
TARGET_MIN = 11
TARGET_MAX = 9999


# Symbols and marks whose glyph is empty by design: the blank Braille pattern (an empty cell),
# the object replacement character (a placeholder for an embedded object: nothing to draw in
# text), the musical null notehead and the Khitan small script filler.
DRAWS_NOTHING = (
    "\N{BRAILLE PATTERN BLANK}\N{OBJECT REPLACEMENT CHARACTER}"
    "\N{MUSICAL SYMBOL NULL NOTEHEAD}\N{KHITAN SMALL SCRIPT FILLER}"
)
# What a reader never sees, by Unicode property rather than by a list: every default-ignorable
# code point (zero-width spaces and joiners, direction marks, the byte order mark, the Hangul
# fillers, variation selectors, tags), every other control, format, private-use, surrogate or
# unassigned one, and the few symbols and marks above.
INVISIBLE = regex.compile(rf"[\p{{Default_Ignorable_Code_Point}}\p{{C}}{DRAWS_NOTHING}]+")
# What draws something on its own: a letter, a digit, a punctuation mark or a symbol, of any
# script. A combining mark only draws over another character, and a space draws nothing.
DRAWN = regex.compile(r"[\p{L}\p{N}\p{P}\p{S}]")
NAME_DRAWS_NOTHING = _("A name needs a letter, a digit or another sign that can be seen.")


def clean_name(value: str) -> str:
    """A team or player name as the site keeps it, whether typed in the form or imported.

    White space of any kind (a line break, U+2000 to U+200A, the ideographic space) is a space;
    invisible characters (``INVISIBLE``) go; then the text is normalised (NFC) and its spaces
    collapsed, so that "B", "B\u200b", "B\u3164" and "B" + a combining mark written apart are
    told apart only by what a reader sees.
    """
    spaced = "".join(" " if char.isspace() else char for char in value)
    return " ".join(unicodedata.normalize("NFC", INVISIBLE.sub("", spaced)).split())


def draws_something(name: str) -> bool:
    """Whether a cleaned name shows on the page: not only combining marks (``\u0301\u0301``
    draws an accent over nothing, or nothing at all)."""
    return DRAWN.search(name) is not None


class NameField(forms.CharField):
    """A name, cleaned (``clean_name``) before its length is checked; one that draws nothing
    is refused."""

    def to_python(self, value):
        return clean_name(super().to_python(value))

    def validate(self, value):
        super().validate(value)
        if value and not draws_something(value):
            raise forms.ValidationError(NAME_DRAWS_NOTHING, code="draws_nothing")


NAME_FIELDS = ("team_a", "team_b", "player_1", "player_2", "player_3", "player_4")


def default_team_names() -> tuple[str, str]:
    # Translators: the scorer's own team, as players say it at the table ("we").
    return str(pgettext_lazy("team", "Us")), str(pgettext_lazy("team", "Them"))


def seat_default(seat: int) -> str:
    return _("Player %(number)s") % {"number": seat + 1}


class SeatSelect(forms.RadioSelect):
    """The first-dealer choice; each seat carries its "Player 1" for the page's script, which
    names the seats as the players' names are typed."""

    def create_option(self, name, value, *args, **kwargs):
        option = super().create_option(name, value, *args, **kwargs)
        option["attrs"]["data-seat-default"] = seat_default(int(value))
        return option


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
        error_messages={
            "min_value": _("At least %(limit_value)s, not %(value)s."),
            "max_value": _("At most %(limit_value)s, not %(value)s."),
        },
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


SEQUENCE_KINDS = (("quinte", 5), ("quarte", 4), ("terce", 3))
CARRE_RANKS = [rank.value for rank in CARRE_ORDER]
TEAMS = ("a", "b")


def sequence_kind(length: int) -> str:
    return "quinte" if length >= 5 else "quarte" if length == 4 else "terce"


def top_choices(length: int) -> list[tuple[str, str]]:
    """Top cards a sequence of ``length`` can have: a terce ends at the 9 or higher."""
    lowest = min(length, 5) - 1
    return [("", "—")] + [(rank.value, rank.value) for rank in engine.Rank if rank.order >= lowest]


class DealForm(forms.Form):
    """One played or inside deal as the scorer enters it; ``deal`` is the engine's value.

    Problems the engine finds are shown next to the field they concern. A sequence's top card
    is asked for only when the engine needs it to break a tie (``top_needed``).
    """

    result = forms.ChoiceField(
        label=_("Result"),
        choices=[("played", _("Played")), ("inside", _("Inside, without card points"))],
        initial="played",
        widget=forms.RadioSelect,
    )
    bidders = forms.ChoiceField(label=_("Bidding team"), widget=forms.RadioSelect)
    contract = forms.ChoiceField(label=_("Contract"), widget=forms.RadioSelect)
    double = forms.ChoiceField(
        label=_("Contra"),
        choices=[
            ("none", _("No contra")),
            ("contra", _("Contra ×2")),
            ("recontra", _("Recontra ×4")),
        ],
        initial="none",
        widget=forms.RadioSelect,
    )
    # Not asked: the card points are the bidders' unless the scorer picks the other team (the
    # page's script follows the bidders; without it the server does, here).
    points_team = forms.ChoiceField(
        label=_("Card points of"), required=False, widget=forms.RadioSelect
    )
    # No upper bound here: the engine says what a deal's card points may be, in the page's
    # language and with the contract's total (a bound of the form's own said "at most 999").
    card_points = forms.IntegerField(
        label=_("Card points"),
        required=False,
        min_value=0,
        widget=forms.NumberInput(
            attrs={"inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}
        ),
        help_text=_("Last trick included; in no trumps before doubling."),
    )
    capot = forms.ChoiceField(label=_("Capot"), required=False, widget=forms.RadioSelect)

    def __init__(self, data=None, *args, match: Match, hanging: int = 0, **kwargs):
        if data is not None and not data.get("points_team") and data.get("bidders"):
            data = data.copy()
            data["points_team"] = data["bidders"]
        super().__init__(data, *args, **kwargs)
        self.match = match
        self.profile = match.profile
        self.hanging = hanging
        self.top_needed: set[str] = set()
        self.deal: engine.Deal | None = None
        self.result: engine.DealResult | None = None
        teams = [("A", match.team_a), ("B", match.team_b)]
        self.fields["bidders"].choices = teams
        self.fields["points_team"].choices = teams
        self.fields["capot"].choices = [("", _("No capot")), *teams]
        self.fields["capot"].initial = ""
        self.fields["contract"].choices = [
            (contract.value, _contract_label(contract)) for contract in engine.Contract
        ]
        self.fields.update(DECLARATION_FIELDS)

    @staticmethod
    def _declaration_fields(team: str) -> dict[str, forms.Field]:
        """One team's declarations: its sequences' counts and top cards, its carrés, its belots."""
        count = {"min_value": 0, "max_value": 4, "initial": 0, "required": False}
        number = forms.NumberInput(attrs={"inputmode": "numeric", "class": "count"})
        labels = {"terce": _("Terces"), "quarte": _("Quartes"), "quinte": _("Quintes")}
        top_labels = {
            "terce": _("Top card of the highest terce"),
            "quarte": _("Top card of the highest quarte"),
            "quinte": _("Top card of the highest quinte"),
        }
        fields = {}
        for kind, length in SEQUENCE_KINDS:
            fields[f"{kind}s_{team}"] = forms.IntegerField(
                label=labels[kind], widget=number, **count
            )
            fields[f"{kind}_top_{team}"] = forms.ChoiceField(
                label=top_labels[kind],
                choices=top_choices(length),
                required=False,
            )
        fields[f"carres_{team}"] = forms.MultipleChoiceField(
            label=_("Carrés"),
            choices=[(rank, rank) for rank in CARRE_RANKS],
            required=False,
            widget=forms.CheckboxSelectMultiple,
        )
        fields[f"belots_{team}"] = forms.IntegerField(label=_("Belots"), widget=number, **count)
        return fields

    def declaration_fields(self, team: str) -> dict:
        """The bound fields of one team's declarations, for the template.

        Every top-card field is on the page; ``asked`` says which ones show: those the engine
        asks for, and those already answered (the page's script shows them as the live
        preview asks, without a reload).
        """
        names = [f"{kind}s_{team}" for kind, _length in SEQUENCE_KINDS]
        tops = [f"{kind}_top_{team}" for kind, _length in SEQUENCE_KINDS]
        return {
            "counts": [self[name] for name in names],
            "tops": [{"field": self[name], "hidden": not self._asks(name)} for name in tops],
            "carres": self[f"carres_{team}"],
            "belots": self[f"belots_{team}"],
        }

    @property
    def unasked_tops(self) -> set[str]:
        """The top-card fields the page keeps hidden now."""
        tops = [f"{kind}_top_{team}" for kind, _length in SEQUENCE_KINDS for team in TEAMS]
        return {name for name in tops if not self._asks(name)}

    def _asks(self, name: str) -> bool:
        return name in self.top_needed or bool(self.data.get(name) or self.initial.get(name))

    def _declarations(self, team: str) -> engine.TeamDeclarations:
        data = self.cleaned_data
        sequences = []
        for kind, length in SEQUENCE_KINDS:
            top = data.get(f"{kind}_top_{team}") or None
            for index in range(data.get(f"{kind}s_{team}") or 0):
                rank = engine.Rank(top) if top and index == 0 else None
                sequences.append(engine.Sequence(length, rank))
        return engine.TeamDeclarations(
            sequences=tuple(sequences),
            # Strongest first, as on the page, whatever order the boxes were ticked in.
            carres=tuple(
                engine.Carre(engine.Rank(rank))
                for rank in sorted(data.get(f"carres_{team}", []), key=CARRE_RANKS.index)
            ),
            belots=data.get(f"belots_{team}") or 0,
        )

    def build_deal(self) -> engine.Deal:
        data = self.cleaned_data
        common = {
            "bidders": engine.Team(data["bidders"]),
            "contract": engine.Contract(data["contract"]),
            "double": engine.Double(data["double"]),
            "declarations_a": self._declarations("a"),
            "declarations_b": self._declarations("b"),
        }
        if data["result"] == "inside":
            return engine.InsideDeal(**common)
        points = data.get("card_points")
        return engine.PlayedDeal(
            **common,
            card_points=None
            if points is None
            else engine.CardPoints(engine.Team(data["points_team"] or data["bidders"]), points),
            capot=engine.Team(data["capot"]) if data.get("capot") else None,
        )

    def clean(self):
        cleaned = super().clean()
        if self.errors:
            return cleaned
        deal = self.build_deal()
        try:
            self.result = engine.score_deal(deal, self.profile, self.hanging)
        except engine.DealError as error:
            for problem in error.problems:
                self._add_problem(problem)
            return cleaned
        self.deal = deal
        return cleaned

    def forget_missing(self) -> None:
        """Drop the "this field is required" errors: while the scorer is still filling in the
        form (the live preview), an empty field is not a mistake to point at."""
        for name, errors in list(self.errors.as_data().items()):
            kept = [error for error in errors if error.code != "required"]
            if kept:
                self.errors[name] = self.error_class(kept)
            else:
                del self.errors[name]

    def _add_problem(self, problem: engine.Problem) -> None:
        names = (self.match.team_a, self.match.team_b)
        message = explain.problem_message(problem, names)
        field = problem.field or ""
        team = str(problem.params.get("team", "")).lower()
        if problem.code == "sequence_top_card_needed":
            length = problem.params.get("length", 3)
            field = f"{sequence_kind(length)}_top_{team}"
            self.top_needed.add(field)
        elif field.startswith("declarations_"):
            field = f"terces_{field[-1]}"
        elif field.startswith("belots_"):
            field = f"belots_{field[-1]}"
        elif field == "belots":
            field = "belots_a"
        self.add_error(field if field in self.fields else None, problem_error(problem, message))

    @classmethod
    def initial_from(cls, data: dict) -> dict:
        """Form values for a stored deal (the engine's dict format), for editing it."""
        initial = {
            "result": data["kind"],
            "bidders": data["bidders"],
            "contract": data["contract"],
            "double": data.get("double", "none"),
            "points_team": data["bidders"],
        }
        card_points = data.get("card_points")
        if card_points:
            initial["points_team"] = card_points["team"]
            initial["card_points"] = card_points["points"]
        initial["capot"] = data.get("capot") or ""
        for team in TEAMS:
            declared = data.get("declarations", {}).get(team.upper(), {})
            for kind, _length in SEQUENCE_KINDS:
                mine = [
                    s for s in declared.get("sequences", []) if sequence_kind(s["length"]) == kind
                ]
                initial[f"{kind}s_{team}"] = len(mine)
                # One top card per kind: the highest one's (docs/deal-entry.md).
                tops = [engine.Rank(s["top"]) for s in mine if s.get("top")]
                if tops:
                    initial[f"{kind}_top_{team}"] = max(tops, key=lambda rank: rank.order).value
            initial[f"carres_{team}"] = declared.get("carres", [])
            initial[f"belots_{team}"] = declared.get("belots", 0)
        return initial


# The declarations' 16 fields are the same in every deal form: made once, and shared by the
# forms (a form's fields dict is its own, so a French form may leave some out, but no form
# changes a field itself). Made for every form, they cost a third of its construction;
# declared on the class, Django would copy them for every form, which costs more still.
DECLARATION_FIELDS = {
    name: field for team in TEAMS for name, field in DealForm._declaration_fields(team).items()
}


def _contract_label(contract: engine.Contract) -> str:
    """A contract button: the suit's symbol and name ("♥ купа"), or the name alone."""
    name = explain.contract_name(contract)
    return f"{explain.contract_symbol(contract)} {name}" if contract.is_suit else name


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
    message = explain.problem_message(problem, names)
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


# Tables


class RosterField(forms.CharField):
    """Player names, one a line: each cleaned (``clean_name``), blank lines left out."""

    widget = forms.Textarea(attrs={"rows": 6, "autocomplete": "off", "spellcheck": "false"})

    def to_python(self, value):
        return [
            name for line in super().to_python(value).splitlines() if (name := clean_name(line))
        ]

    def validate(self, value):
        if self.required and not value:
            raise forms.ValidationError(self.error_messages["required"], code="required")

    def run_validators(self, value):
        for name in value:
            if not draws_something(name):
                raise forms.ValidationError(NAME_DRAWS_NOTHING, code="draws_nothing")
            if len(name) > NAME_MAX:
                raise forms.ValidationError(
                    _("A name has at most %(max)s characters: “%(name)s” is longer.")
                    % {"max": NAME_MAX, "name": name[:NAME_MAX] + "…"}
                )
        if len(set(value)) != len(value):
            raise forms.ValidationError(NAME_TWICE, code="name_twice")


class TableForm(forms.Form):
    """A new table: its name and its players."""

    name = NameField(label=_("Name of the table"), max_length=NAME_MAX)
    players = RosterField(
        label=_("Players"),
        help_text=_("One name a line: 4 to %(max)s players.") % {"max": ROSTER_MAX},
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].widget.attrs.update({"maxlength": NAME_MAX, "autocomplete": "off"})

    def clean_players(self):
        players = self.cleaned_data["players"]
        if not 4 <= len(players) <= ROSTER_MAX:
            raise forms.ValidationError(
                _("A table has 4 to %(max)s players, not %(count)s.")
                % {"max": ROSTER_MAX, "count": len(players)}
            )
        return players


class RosterAddForm(forms.Form):
    """More players for a table's roster (checked again as the roster is saved:
    services.table_players_add)."""

    players = RosterField(label=_("New players"), help_text=_("One name a line."))

    def __init__(self, *args, table, **kwargs):
        super().__init__(*args, **kwargs)
        self.table = table

    def clean_players(self):
        players = self.cleaned_data["players"]
        if set(players) & set(self.table.players):
            raise forms.ValidationError(NAME_TWICE, code="name_twice")
        if len(self.table.players) + len(players) > ROSTER_MAX:
            raise forms.ValidationError(ROSTER_FULL, params={"max": ROSTER_MAX})
        return players


class TableMatchForm(GameChoice, forms.Form):
    """A match of a table: four players of its roster in their seats, the first dealer, how
    many won games make the match, its game and (a French game's) house rules."""

    first_dealer = forms.TypedChoiceField(
        label=_("Who deals first"), coerce=int, initial=0, widget=SeatSelect
    )
    games_to_win = forms.TypedChoiceField(
        label=_("The match is played to"),
        choices=[
            (1, _("One won game")),
            (2, _("Two won games (best of three)")),
            (3, _("Three won games (best of five)")),
        ],
        coerce=int,
        initial=2,
        widget=forms.RadioSelect,
    )

    def __init__(self, *args, table, players=None, seats=None, **kwargs):
        """``players`` to choose from (the table's roster), ``seats`` chosen at first (the
        roster's first four)."""
        super().__init__(*args, **kwargs)
        self.table = table
        players = table.players if players is None else players
        seats = players[:4] if seats is None else seats
        choices = [("", "—")] + [(name, name) for name in players]
        labels = (
            _("Player 1 (team 1)"),
            _("Player 2 (team 2)"),
            _("Player 3 (team 1)"),
            _("Player 4 (team 2)"),
        )
        for seat, label in enumerate(labels):
            self.fields[f"seat_{seat}"] = forms.ChoiceField(
                label=label, choices=choices, initial=seats[seat]
            )
        self.order_fields(["seat_0", "seat_1", "seat_2", "seat_3"])
        self.fields["first_dealer"].choices = [(seat, self._seat_label(seat)) for seat in range(4)]
        self.add_game_fields()

    def _seat_label(self, seat: int) -> str:
        """The name in the seat, as the home page's form names it (the page's script follows
        the choice as it changes), else "Player 1"."""
        name = f"seat_{seat}"
        chosen = self.data.get(name) if self.is_bound else self.fields[name].initial
        known = dict(self.fields[name].choices)
        return (
            chosen if isinstance(chosen, str) and chosen in known and chosen else seat_default(seat)
        )

    @property
    def seat_fields(self):
        return [self[f"seat_{seat}"] for seat in range(4)]

    def clean(self):
        cleaned = super().clean()
        seats = [cleaned.get(f"seat_{seat}") for seat in range(4)]
        if all(seats) and len(set(seats)) < 4:
            raise forms.ValidationError(_("Choose four different players."))
        cleaned["seats"] = seats
        return self.clean_game_rules(cleaned)

    def game_fields(self) -> dict:
        """The new match's fields for its game: belot's usual house rules, or a French game's."""
        rules = self.cleaned_data.get("house_rules")
        if rules is None:
            return {}
        return {"game": self.cleaned_data["game"], "house_rules": rules, "target": rules["target"]}


def rotated_seats(players: list[str]) -> list[str]:
    """The next match's seats: the first player stays, the others move one seat on, so that
    every player partners each of the other three in turn, match after match."""
    return [players[0], players[2], players[3], players[1]]


class NextMatchForm(TableMatchForm):
    """The next match of a finished table match: its four players with their seats rotated, or
    any of the table's players in each seat (the keeper's form offers the same roster); its
    games and house rules are the finished match's."""

    def __init__(self, *args, match, **kwargs):
        roster = match.table.players if match.table else []  # (no table: refused later)
        super().__init__(
            *args,
            table=match.table,
            players=[*roster, *(name for name in match.players if name not in roster)],
            seats=rotated_seats(match.players),
            **kwargs,
        )
        del self.fields["games_to_win"]
        del self.fields["game"]  # the finished match's, as its house rules


class MatchAddForm(forms.Form):
    """An existing match joins a table: its scorer's link proves that its keeper asks (checked
    again as the match joins: services.table_match_add).

    ``wrong_key`` says that the link held a key that opens no match: it counts towards the
    wrong-key limit (calculator/access.py), as a wrong link in the address bar does.
    """

    link = forms.CharField(
        label=_("The scorer's link of the match"),
        max_length=300,
        widget=forms.TextInput(attrs={"autocomplete": "off", "inputmode": "url"}),
    )

    def __init__(self, *args, table, **kwargs):
        super().__init__(*args, **kwargs)
        self.table = table
        self.wrong_key = False

    def clean_link(self):
        found = re.search(
            r"(?:^|/m/)([A-Za-z0-9_-]{16,64})/?(?:[?#].*)?$", self.cleaned_data["link"].strip()
        )
        match = found and Match.objects.filter(scorer_key=found.group(1)).first()
        if not match:
            self.wrong_key = bool(found)
            raise forms.ValidationError(
                _(
                    "This is not the scorer's link of a match. Open the match and copy the link "
                    "under “The scorer's link”."
                )
            )
        if match.table_id is not None and match.table_id != self.table.pk:
            raise forms.ValidationError(IN_ANOTHER_TABLE)
        if match.table_id == self.table.pk:
            raise forms.ValidationError(IN_THIS_TABLE)
        new = {name for name in match.players if name} - set(self.table.players)
        if len(self.table.players) + len(new) > ROSTER_MAX:
            raise forms.ValidationError(ROSTER_FULL, params={"max": ROSTER_MAX})
        return match


class DateRangeForm(forms.Form):
    """The statistics' date range (?since=…&until=…); either end may be left open."""

    since = forms.DateField(
        label=_("From"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )
    until = forms.DateField(
        label=_("To"), required=False, widget=forms.DateInput(attrs={"type": "date"})
    )

    def clean(self):
        cleaned = super().clean()
        since, until = cleaned.get("since"), cleaned.get("until")
        if since and until and since > until:
            raise forms.ValidationError(_("The first date must not be after the second."))
        return cleaned
