"""The deal form of Bulgarian belot: contract, double, card points, declarations and belots, as
the scorer enters them; the engine scores what it gives (the French games' form extends it,
games/french/forms.py)."""

from django import forms
from django.utils.translation import gettext_lazy as _

from calculator import engine
from calculator.engine.model import CARRE_ORDER
from calculator.games import problems, words
from calculator.models import Match
from calculator.shared.questions import problem_error

SEQUENCE_KINDS = (("quinte", 5), ("quarte", 4), ("terce", 3))


CARRE_RANKS = [rank.value for rank in CARRE_ORDER]


TEAMS = ("a", "b")

# A number's bounds in the site's own words (Django's say "Ensure this value is ..."): the
# declarations' counts, and the points a match's game is played to.
BOUNDS = {
    "min_value": _("At least %(limit_value)s, not %(value)s."),
    "max_value": _("At most %(limit_value)s, not %(value)s."),
}


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
    # No bounds here: the engine says what a deal's card points may be, in the page's language
    # and with the contract's total ("between 0 and 162, not -5"; a bound of the form's own
    # said "at most 999").
    card_points = forms.IntegerField(
        label=_("Card points"),
        required=False,
        widget=forms.NumberInput(
            attrs={"min": 0, "inputmode": "numeric", "pattern": "[0-9]*", "autocomplete": "off"}
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
        count |= {"error_messages": BOUNDS}
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
        message = problems.problem_message(problem, names)
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
    name = words.contract_name(contract)
    return f"{words.contract_symbol(contract)} {name}" if contract.is_suit else name
