"""The organizer's forms: a new tournament, and more pairs between rounds."""

import copy
import datetime

from django import forms
from django.utils.translation import gettext_lazy as _

from calculator.games.belot.forms import BOUNDS
from calculator.games.choice import GameChoice
from calculator.matches.forms import BELOT_RULES, MatchForm
from calculator.models import FORMAT_CHOICES, PAIRS_MAX, ROUND_ROBIN, SWISS
from calculator.pairing import MAX_ROUND_ROBIN_PAIRS
from calculator.shared.names import NAME_MAX, NameField, clean_name, draws_something
from calculator.tournaments.services import PAIR_TWICE, PAIRS_FULL, ROUND_ROBIN_SIZE, pair_key

SEPARATOR = "/"
PAIR_LINE = _(
    "Line %(line)s: write the pair's two players separated by “/”, for example: Ана / Боби."
)
NAME_TOO_LONG = _("Line %(line)s: a name has at most %(max)s characters.")
NAME_DRAWS_NOTHING = _(
    "Line %(line)s: a name needs a letter, a digit or another sign that can be seen."
)
SAME_NAMES = _("Line %(line)s: the two players of a pair need different names.")
TOO_FEW = _("A tournament needs at least 2 pairs, not %(count)s.")
# Bulgarian belot's target, bounded in a tournament so that a best of 3 ends well within the
# deals a table's match holds (models.TABLE_DEALS_MAX: random deals to 1,001 took 220 at most in
# 200 matches). The French games' targets offered go to 2,000, and their deals count 10 times more.
TARGET_MAX = 1001


class PairsField(forms.CharField):
    """Pairs, one a line, the two players' names separated by "/": each name cleaned
    (``clean_name``), blank lines left out. Gives a list of (first, second)."""

    widget = forms.Textarea(attrs={"rows": 8, "autocomplete": "off", "spellcheck": "false"})

    def to_python(self, value):
        lines = super().to_python(value).splitlines()
        return [(number, line) for number, line in enumerate(lines, start=1) if clean_name(line)]

    def validate(self, value):
        if self.required and not value:
            raise forms.ValidationError(self.error_messages["required"], code="required")

    def clean(self, value):
        lines = super().clean(value)
        pairs, seen = [], set()
        for number, line in lines:
            pair = _pair(number, line)
            if pair_key(*pair) in seen:
                raise forms.ValidationError(
                    PAIR_TWICE % {"pair": f"{pair[0]} & {pair[1]}"}, code="pair_twice"
                )
            seen.add(pair_key(*pair))
            pairs.append(pair)
        if len(pairs) > PAIRS_MAX:
            raise forms.ValidationError(PAIRS_FULL % {"max": PAIRS_MAX}, code="pairs_full")
        return pairs


def _split(line: str) -> list[str]:
    """The line's two names: split at its one " / ", else at its one "/" (so that a name
    with a slash of its own, "A/B", can still be written "A/B / C")."""
    spaced = line.split(f" {SEPARATOR} ")
    return spaced if len(spaced) == 2 else line.split(SEPARATOR)


def _pair(number: int, line: str) -> tuple[str, str]:
    parts = _split(line)
    names = [clean_name(part) for part in parts]
    if len(names) != 2 or not all(names):
        raise forms.ValidationError(PAIR_LINE % {"line": number}, code="pair_line")
    if not all(draws_something(name) for name in names):
        raise forms.ValidationError(NAME_DRAWS_NOTHING % {"line": number}, code="draws_nothing")
    if any(len(name) > NAME_MAX for name in names):
        raise forms.ValidationError(
            NAME_TOO_LONG % {"line": number, "max": NAME_MAX}, code="name_too_long"
        )
    if names[0].casefold() == names[1].casefold():
        raise forms.ValidationError(SAME_NAMES % {"line": number}, code="same_names")
    return names[0], names[1]


PAIRS_HELP = _("One pair a line, the two players separated by “/”: Ана / Боби.")


class TournamentForm(GameChoice, forms.Form):
    """A new tournament: its name, date, format, how a match is played, the game and its
    house rules, and its pairs in order (their seeds)."""

    name = NameField(label=_("Name of the tournament"), max_length=NAME_MAX)
    # The ISO date whatever the language: what an <input type=date> reads and sends.
    date = forms.DateField(
        label=_("Date"), widget=forms.DateInput(format="%Y-%m-%d", attrs={"type": "date"})
    )
    format = forms.ChoiceField(
        label=_("Format"),
        choices=FORMAT_CHOICES,
        initial=SWISS,
        widget=forms.RadioSelect,
        help_text=_(
            "Swiss: pairs with as many wins meet, never twice. Round robin: everyone meets "
            "everyone, for 2 to 12 pairs."
        ),
    )
    games_to_win = forms.TypedChoiceField(
        label=_("A match is played to"),
        choices=[(1, _("One won game")), (2, _("Two won games (best of three)"))],
        coerce=int,
        initial=1,
        widget=forms.RadioSelect,
    )
    pairs = PairsField(label=_("Pairs"), help_text=PAIRS_HELP)

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["name"].widget.attrs.update({"maxlength": NAME_MAX, "autocomplete": "off"})
        self.fields["date"].initial = datetime.date.today
        self.add_game_fields()
        for name in BELOT_RULES:  # Bulgarian belot's house rules, as a match's form has them
            self.fields[name] = copy.deepcopy(MatchForm.base_fields[name])
            if self.chosen_game() != "belot":  # on the page, but not read
                self.fields[name].required = False
        target = self.fields["target"]  # a match's, but to TARGET_MAX ("At most 1001, not …")
        self.fields["target"] = forms.IntegerField(
            label=target.label,
            min_value=target.min_value,
            max_value=TARGET_MAX,
            initial=target.initial,
            required=target.required,
            widget=target.widget,
            help_text=target.help_text,
            error_messages=target.error_messages,
        )
        self.order_fields(["name", "date", "format", "games_to_win", "pairs", "game"])

    def clean_pairs(self):
        pairs = self.cleaned_data["pairs"]
        if len(pairs) < 2:
            raise forms.ValidationError(TOO_FEW % {"count": len(pairs)}, code="too_few")
        return pairs

    def clean(self):
        cleaned = self.clean_game_rules(super().clean())
        pairs = cleaned.get("pairs")
        if cleaned.get("format") == ROUND_ROBIN and pairs and len(pairs) > MAX_ROUND_ROBIN_PAIRS:
            params = {"max": MAX_ROUND_ROBIN_PAIRS, "count": len(pairs)}
            self.add_error("pairs", ROUND_ROBIN_SIZE % params)
        if cleaned["house_rules"] is None:
            cleaned["house_rules"] = {name: cleaned.get(name) for name in BELOT_RULES}
        else:
            for name in BELOT_RULES:  # on the page, but not read
                self.errors.pop(name, None)
        return cleaned

    def tournament_fields(self) -> dict:
        data = self.cleaned_data
        names = ("name", "date", "format", "games_to_win", "game", "house_rules", "pairs")
        return {name: data[name] for name in names}


class PairsAddForm(forms.Form):
    """More pairs between rounds (checked again as they are saved)."""

    pairs = PairsField(label=_("New pairs"), help_text=PAIRS_HELP)


POINTS_OF = _("Points of “%(pair)s”")
GAMES_OF = _("Games won by “%(pair)s”")


class HandResultForm(forms.Form):
    """A table's result from its paper sheet: each side's points and, in a best of 3, the
    games won (whether it has a winner is the service's to say: tournament_hand_result). The
    fields are labelled with the table's two pairs, as the organizer's page shows them."""

    version = forms.CharField(widget=forms.HiddenInput, max_length=40)
    points_a = forms.IntegerField(min_value=0, max_value=9999, error_messages=BOUNDS)
    points_b = forms.IntegerField(min_value=0, max_value=9999, error_messages=BOUNDS)
    games_a = forms.IntegerField(min_value=0, max_value=2, required=False, error_messages=BOUNDS)
    games_b = forms.IntegerField(min_value=0, max_value=2, required=False, error_messages=BOUNDS)

    def __init__(self, *args, pairs: tuple[str, str], **kwargs):
        super().__init__(*args, **kwargs)
        for side, pair in zip("ab", pairs, strict=True):
            self.fields[f"points_{side}"].label = POINTS_OF % {"pair": pair}
            self.fields[f"games_{side}"].label = GAMES_OF % {"pair": pair}

    def result(self) -> dict:
        data = self.cleaned_data
        games = (data["games_a"], data["games_b"])
        return {
            "version": data["version"],
            "points": (data["points_a"], data["points_b"]),
            "games": None if None in games else games,
        }
