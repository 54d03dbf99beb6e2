"""Choosing a match's game and its house rules, where a match is made (the home page, a table).

Every French game's switches are on the page at once (without JavaScript the scorer sees them
all); only the chosen game's are read. Each switch is the engine's own (``game.switches``): its
posted value is the profile dict's (``game.profile_to_dict``), which the engine reads back.
"""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext_lazy as _

from calculator.engine import GAMES
from calculator.models import GAME_CHOICES

# The fieldset of house rules each French game reads: contrée and coinche share theirs.
RULES_OF = {"classic": "classic", "contree": "contree", "coinche": "contree"}

# (label, one line that explains it, {value as the profile dict writes it: its label})
SWITCHES = {
    "classic": {
        "target": (
            _("Points to win a game"),
            _("A game ends when a team reaches this total."),
            {501: "501", 1000: "1000"},
        ),
        "rounding": (
            _("Rounding"),
            _("Classic belote counts exact points; some tables round each score as in contrée."),
            {False: _("Exact points"), True: _("To the nearest ten (84 → 80, 85 → 90)")},
        ),
        "tie": (
            _("Equal totals"),
            _("What a deal gives when the taker's total equals the defence's."),
            {
                "litige": _("Disputed: the taker's points wait for the next deal's winner"),
                "inside": _("The taker is inside"),
                "made": _("The taker made it"),
            },
        ),
        "declarations": (
            _("Declarations"),
            _("Off: only the belote-rebelote counts, no sequences or carrés."),
            {True: _("Sequences and carrés count"), False: _("Only the belote-rebelote")},
        ),
    },
    "contree": {
        "target": (
            _("Points to win a game"),
            _("A game ends when a team reaches this total."),
            {701: "701", 1000: "1000", 2000: "2000"},
        ),
        "rounding": (
            _("Rounding"),
            _("Each team's score of a deal to the nearest ten, 5 up, as the FFB counts."),
            {True: _("To the nearest ten (84 → 80, 85 → 90)"), False: _("Exact points")},
        ),
        "failed_base": (
            _("A failed contract gives the defence"),
            _("The card points of a failed deal: 160 as the FFB counts, or all 162."),
            {160: _("160 + the bid"), 162: _("162 + the bid")},
        ),
        "failed_belote": (
            _("The belote-rebelote of a failed taker"),
            _("Whose are the 20 points of the belote when the contract fails."),
            {"kept": _("Stays with its team"), "defenders": _("Goes to the defence")},
        ),
        "surcontre": (
            _("Recontra"),
            _("What a recontra (surcontre) multiplies by."),
            {4: "×4", 3: "×3"},
        ),
        "scoring": (
            _("What a deal scores"),
            _("Bid only: the contract's team scores the bid, the card points only decide it."),
            {"points_and_bid": _("Points + bid"), "bid_only": _("Bid only")},
        ),
        # The two after it matter only when it is on (match-form.js hides them while it is off).
        "no_and_all_trumps": (
            _("No trumps and all trumps"),
            _("On: a bid may also name no trumps or all trumps, scored as a suit contract."),
            {False: _("Suits only"), True: _("Also no trumps and all trumps")},
        ),
        "all_trumps_belote": (
            _("Belote-rebelote in all trumps"),
            _("A king and queen of the same suit in one hand, as the table counts them."),
            {
                "any_suit": _("In any suit, up to four, 20 each"),
                "none": _("Not counted"),
                "one_only": _("One in the deal at most, 20"),
                "five_each": _("Up to four, 5 each"),
                "ten_each": _("Up to four, 10 each"),
            },
        ),
        "card_points_entry": (
            _("Card points in no trumps and all trumps"),
            _(
                "Raw: counted out of 130 (no trumps) or 258 (all trumps); the site converts them "
                "to 162."
            ),
            {"on_162": _("Out of 162, as in a suit"), "raw": _("Raw, converted to 162")},
        ),
    },
}


TARGET_NOT_OFFERED = _("%(value)s is not one of the targets offered here: %(choices)s.")


class TargetField(forms.ChoiceField):
    """A French game's target: one the home page offers, though the engine counts to any
    positive whole number. An imported file's target meets the same choices
    (docs/deal-format.md, "Targets"), so every stored match can be started again from a form."""

    def validate(self, value):
        try:
            super().validate(value)
        except ValidationError as error:
            if error.code != "invalid_choice":
                raise
            offered = ", ".join(str(choice) for choice, _label in self.choices)
            raise ValidationError(
                TARGET_NOT_OFFERED,
                code="invalid_choice",
                params={"value": value, "choices": offered},
            ) from None


def _posted(value) -> str:
    """A profile dict's value as a radio button's: true, false, 501, litige."""
    return str(value).lower() if isinstance(value, bool) else str(value)


def _read(posted: str):
    """The profile dict's value back from a radio button's."""
    if posted in ("true", "false"):
        return posted == "true"
    return int(posted) if posted.isdigit() else posted


def switch_name(rules: str, switch: str) -> str:
    return f"{rules}_{switch}"


def posted_rules(game: str, house_rules: dict) -> dict[str, str]:
    """A French game and its house rules (the profile dict) as the home page's form posts them:
    what an import gives ``MatchForm``, so a file meets the same choices as a scorer."""
    rules = RULES_OF[game]
    posted = {switch_name(rules, switch): _posted(value) for switch, value in house_rules.items()}
    return {"game": game, **posted}


class GameChoice:
    """A mixin for a form that makes a match: the game, and the French games' house rules."""

    def add_game_fields(self) -> None:
        self.fields["game"] = forms.ChoiceField(
            label=_("Game"),
            choices=GAME_CHOICES,
            initial="belot",
            required=False,  # a form posted without it (an older page, an import) is belot's
            widget=forms.RadioSelect,
        )
        for rules, switches in SWITCHES.items():
            defaults = GAMES[rules].profile_to_dict(GAMES[rules].default_profile)
            for switch, (label, help_text, choices) in switches.items():
                field = TargetField if switch == "target" else forms.ChoiceField
                self.fields[switch_name(rules, switch)] = field(
                    label=label,
                    help_text=help_text,
                    choices=[(_posted(value), text) for value, text in choices.items()],
                    initial=_posted(defaults[switch]),
                    required=False,
                    widget=forms.RadioSelect,
                )

    def rule_fields(self, rules: str) -> list:
        return [self[switch_name(rules, switch)] for switch in SWITCHES[rules]]

    @property
    def classic_fields(self):
        return self.rule_fields("classic")

    @property
    def contree_fields(self):
        return self.rule_fields("contree")

    def clean_game(self) -> str:
        return self.cleaned_data.get("game") or "belot"

    def chosen_game(self) -> str:
        """The game the form was posted with (before validation), belot if none."""
        game = self.data.get("game") if self.is_bound else None
        return game if game in RULES_OF else "belot"

    def clean_game_rules(self, cleaned: dict) -> dict:
        """Add ``house_rules`` (the chosen French game's profile dict) to ``cleaned``."""
        game = cleaned.get("game") or "belot"
        if game == "belot":
            cleaned["house_rules"] = None
            return cleaned
        rules = RULES_OF[game]
        values = {}
        for switch in SWITCHES[rules]:
            posted = (
                cleaned.get(switch_name(rules, switch))
                or self.fields[switch_name(rules, switch)].initial
            )
            values[switch] = _read(posted)
        engine_game = GAMES[game]
        profile = engine_game.profile_from_dict(values)
        cleaned["house_rules"] = engine_game.profile_to_dict(profile)
        return cleaned
