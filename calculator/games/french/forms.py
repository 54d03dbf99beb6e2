"""A deal of classic belote, contrée or coinche as the scorer enters it.

The same page, preview and save as Bulgarian belot's (``DealForm``), with the French games'
fields: the taker and the trump suit; in contrée and coinche the bid (80 to 160, or capot; or
all passed) and contre or surcontre; one team's card points or a capot; the belote-rebelote;
the declarations when the game plays them. A contrée or coinche match whose house rule plays no
trumps and all trumps offers them beside the four suits: no belote in no trumps, and in all
trumps each team's count of belotes (as many as the house rule allows), where a suit asks only
who held the one belote; their card points on 162 or raw, as the house rule enters them.
Nothing is scored here: the form builds the engine's deal and the match's game scores it.
"""

from django import forms
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext_lazy as _

from calculator import engine
from calculator.engine import CardPoints, Contre, InTrumps, Suit, Team, TeamDeclarations, Trumps
from calculator.engine.contree.model import BIDS, CAPOT_BID
from calculator.games import words
from calculator.games.belot.forms import BOUNDS, SEQUENCE_KINDS, TEAMS, DealForm

PASSED = "passed"  # the bid field's all passed: nobody bid, the cards are thrown in


def _suit_label(suit: Suit | Trumps) -> SafeString:
    """A suit's symbol and name ("♥ hearts"), each in a span of its own: the chip stands the
    symbol above the name, so that six contracts fit one row of a phone. No trumps and all
    trumps by their names alone, as belot's contract buttons say them."""
    name = format_html('<span class="name">{}</span>', words.contract_name(suit.value))
    if isinstance(suit, Trumps):
        return name
    return format_html('<span class="sign">{}</span> {}', words.contract_symbol(suit.value), name)


class BidField(forms.CharField):
    """The bid as big buttons; any posted value reaches the engine, which says what is wrong
    with a bid of 85 in the visitor's language."""

    widget = forms.RadioSelect

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        choices = [(str(bid), str(bid)) for bid in BIDS if bid != CAPOT_BID]
        self.widget.choices = [
            (PASSED, _("All passed")),
            *choices,
            (str(CAPOT_BID), _("Capot")),
        ]


class FrenchDealForm(DealForm):
    """One deal of a French game; ``deal`` is the engine's value (``AllPassed`` when the bid
    says all passed), ``result`` the match's game's result."""

    def __init__(self, data=None, *args, match, hanging: int = 0, **kwargs):
        super().__init__(data, *args, match=match, hanging=hanging, **kwargs)
        self.game = match.engine_game
        self.bidding = match.game in ("contree", "coinche")
        self.declares = self.game.name == "coinche" or (
            self.game.name == "classic" and self.profile.declarations
        )
        self.in_trumps_needed = False
        teams = self.fields["bidders"].choices
        for name in ("result", "contract", "double"):
            del self.fields[name]
        self.fields["bidders"].label = _("Bidding team") if self.bidding else _("Taking team")
        # No trumps and all trumps beside the suits when the match's house rule plays them.
        trumps = self.profile.trumps if self.bidding else tuple(Suit)
        self.fields["trump"] = forms.ChoiceField(
            label=_("Trumps"),
            choices=[(trump.value, _suit_label(trump)) for trump in trumps],
            required=False,
            widget=forms.RadioSelect,
        )
        if self.bidding:
            self.fields["bid"] = BidField(label=_("The bid"))
            self.fields["contre"] = forms.ChoiceField(
                label=_("Contra"),
                choices=[
                    (Contre.NONE.value, _("No contra")),
                    (Contre.CONTRE.value, _("Contra ×2")),
                    (Contre.SURCONTRE.value, self._surcontre_label()),
                ],
                initial=Contre.NONE.value,
                required=False,  # none unless said
                widget=forms.RadioSelect,
            )
        self.fields["belote"] = forms.ChoiceField(
            label=_("Belote-rebelote"),
            choices=[("", _("Nobody")), *teams],
            required=False,
            initial="",
            widget=forms.RadioSelect,
        )
        self.fields["sequence_in_trumps"] = forms.ChoiceField(
            label=_("Whose best sequence was in trumps?"),
            choices=[("", "—"), *teams, (InTrumps.NEITHER.value, _("Neither"))],
            required=False,
        )
        # All trumps' belotes, each team's count, when the house rule counts any.
        self.all_trumps_belotes = (
            self.profile.max_belotes(Trumps.ALL) if Trumps.ALL in trumps else 0
        )
        names = {"a": match.team_a, "b": match.team_b}
        for team in TEAMS:
            del self.fields[f"belots_{team}"]
            if self.all_trumps_belotes:
                self.fields[f"belots_{team}"] = forms.IntegerField(
                    label=names[team],
                    min_value=0,
                    max_value=self.all_trumps_belotes,
                    error_messages=BOUNDS,
                    initial=0,
                    required=False,
                    widget=forms.NumberInput(attrs={"inputmode": "numeric", "class": "count"}),
                )
            if not self.declares:
                for kind, _length in SEQUENCE_KINDS:
                    del self.fields[f"{kind}s_{team}"], self.fields[f"{kind}_top_{team}"]
                del self.fields[f"carres_{team}"]

    def _surcontre_label(self) -> str:
        if self.profile.surcontre == 3:
            return _("Recontra ×3")
        return _("Recontra ×4")

    def declaration_fields(self, team: str) -> dict:
        """Belot's declaration fields but its belots (one belote-rebelote a deal: ``belote``)."""
        if not self.declares:
            return {}
        names = [f"{kind}s_{team}" for kind, _length in SEQUENCE_KINDS]
        tops = [f"{kind}_top_{team}" for kind, _length in SEQUENCE_KINDS]
        return {
            "counts": [self[name] for name in names],
            "tops": [{"field": self[name], "hidden": not self._asks(name)} for name in tops],
            "carres": self[f"carres_{team}"],
        }

    @property
    def unasked_tops(self) -> set[str]:
        """The fields the page keeps hidden now: the top cards and whose sequence was in
        trumps until asked, the belote-rebelote in no trumps and all trumps (all trumps asks
        each team's count instead, in its own box: ``hides_all_trumps_belotes``)."""
        tops = super().unasked_tops if self.declares else set()
        hidden = tops | ({"sequence_in_trumps"} if not self.asks_in_trumps else set())
        if self.hides_belote:
            hidden.add("belote")
        return hidden

    @property
    def all_trumps_belote_fields(self) -> list:
        return [self[f"belots_{team}"] for team in TEAMS]

    @property
    def chosen_trump(self) -> str:
        """The trump as posted (or as stored, when a deal is opened for correction)."""
        return (self.data.get("trump") if self.is_bound else self.initial.get("trump")) or ""

    @property
    def hides_belote(self) -> bool:
        return self.chosen_trump in (Trumps.NO.value, Trumps.ALL.value)

    @property
    def hides_all_trumps_belotes(self) -> bool:
        return self.chosen_trump != Trumps.ALL.value

    @property
    def raw_points(self) -> bool:
        """The chosen trump's card points are entered raw (no trumps or all trumps, under the
        house rule), to be converted by the engine."""
        try:
            trump = engine.trump_of(self.chosen_trump)
        except ValueError:
            return False
        return self.bidding and self.profile.raw(trump)

    @property
    def chosen_capot(self) -> str:
        """The team of the capot as posted (or as stored, for a correction); "" for none."""
        return (self.data.get("capot") if self.is_bound else self.initial.get("capot")) or ""

    @property
    def card_points_help(self) -> str:
        """What the card points box takes for the chosen trump; with a capot, that it is not
        read (the page's script turns it off)."""
        if self.chosen_capot:
            return _(
                "A capot gives the card points itself (252 and 0): what the box holds is not "
                "counted."
            )
        if self.raw_points and self.chosen_trump == Trumps.NO.value:
            return _(
                "Raw, out of 130, last trick included: aces 11, tens 10, kings 4, queens 3, "
                "jacks 2. The site converts them to 162."
            )
        if self.raw_points:
            return _(
                "Raw, out of 258, last trick included: jacks 20, nines 14, aces 11, tens 10, "
                "kings 4, queens 3. The site converts them to 162."
            )
        return _("Of 162, last trick included (10 for the last trick).")

    @property
    def asks_in_trumps(self) -> bool:
        return self.in_trumps_needed or bool(self.data.get("sequence_in_trumps"))

    def _declarations(self, team: str) -> TeamDeclarations:
        trump = self.cleaned_data.get("trump")
        if trump == Trumps.ALL.value:  # each team's count, when the house rule counts any
            belote = self.cleaned_data.get(f"belots_{team}") or 0
        elif trump == Trumps.NO.value:  # none: the choice is hidden and not read
            belote = 0
        else:
            belote = int(self.cleaned_data.get("belote") == team.upper())
        if not self.declares:
            return TeamDeclarations(belots=belote)
        declared = super()._declarations(team)
        return TeamDeclarations(declared.sequences, declared.carres, belote)

    def _passed(self) -> bool:
        return self.bidding and self.cleaned_data.get("bid") == PASSED

    def build_deal(self):
        data = self.cleaned_data
        points = data.get("card_points")
        fields = {
            "taker": Team(data["bidders"]),
            "trump": engine.trump_of(data["trump"]),
            "card_points": None
            if points is None
            else CardPoints(Team(data["points_team"] or data["bidders"]), points),
            "capot": Team(data["capot"]) if data.get("capot") else None,
            "declarations_a": self._declarations("a"),
            "declarations_b": self._declarations("b"),
            "sequence_in_trumps": InTrumps(data["sequence_in_trumps"])
            if data.get("sequence_in_trumps")
            else None,
        }
        if not self.bidding:
            return engine.ClassicDeal(**fields)
        bid = data["bid"]
        bid = int(bid) if bid.isascii() and bid.isdigit() and len(bid) < 5 else bid
        contre = Contre(data.get("contre") or Contre.NONE.value)
        return engine.ContreeDeal(bid=bid, contre=contre, **fields)

    def clean(self):
        cleaned = forms.Form.clean(self)
        if self.bidding and cleaned.get("bid") == PASSED:
            for name in ("bidders", "trump"):
                self.errors.pop(name, None)
            return self._clean_passed(cleaned)
        if not cleaned.get("trump") and "trump" not in self.errors:
            self.add_error("trump", forms.ValidationError(_("Choose the trumps."), "required"))
        if cleaned.get("capot"):  # it gives the card points itself: the box is not read
            self.errors.pop("card_points", None)
            self.errors.pop("points_team", None)
            cleaned["card_points"] = None
        if self.errors:
            return cleaned
        self._score(self.build_deal())
        return cleaned

    def _clean_passed(self, cleaned):
        """All passed: the engine reads it from its dict, which refuses a contre with it."""
        data = {"version": 2, "game": self.game.name, "kind": "all_passed"}
        if cleaned.get("contre") not in (None, "", Contre.NONE.value):
            data["contre"] = cleaned["contre"]
        try:
            self._score(self.game.deal_from_dict(data, self.profile))
        except engine.DealError as error:
            for problem in error.problems:
                self._add_problem(problem)
        return cleaned

    def _score(self, deal) -> None:
        try:
            self.result = self.game.score_deal(deal, self.profile, self.hanging)
        except engine.DealError as error:
            for problem in error.problems:
                self._add_problem(problem)
            return
        self.deal = deal

    def _add_problem(self, problem: engine.Problem) -> None:
        field = problem.field or ""
        if problem.code == "sequence_in_trumps_needed":
            self.in_trumps_needed = True
        elif self.cleaned_data.get("trump") == Trumps.ALL.value and "belots_a" in self.fields:
            pass  # all trumps' belotes: each team's count has its own field
        elif field.startswith("belots") or problem.code == "too_many_belots":
            problem = engine.Problem(problem.code, "belote", problem.params)
        super()._add_problem(problem)

    @classmethod
    def initial_from(cls, data: dict) -> dict:
        """Form values for a stored deal (format version 2), for correcting it."""
        initial = {
            "bidders": data["taker"],
            "trump": data["trump"],
            "points_team": data["taker"],
            "capot": data.get("capot") or "",
            "sequence_in_trumps": data.get("sequence_in_trumps") or "",
            "belote": "",
        }
        if "bid" in data:
            initial |= {"bid": str(data["bid"]), "contre": data.get("contre", "none")}
        if card_points := data.get("card_points"):
            initial |= {"points_team": card_points["team"], "card_points": card_points["points"]}
        declared = data.get("declarations", {})
        for team in TEAMS:
            belots = declared.get(team.upper(), {}).get("belots")
            all_trumps = data["trump"] == Trumps.ALL.value
            initial[f"belots_{team}"] = (belots or 0) if all_trumps else 0
            if belots and not all_trumps:
                initial["belote"] = team.upper()
        return (
            DealForm.initial_from(
                {"kind": "played", "bidders": data["taker"], "contract": data["trump"], **data}
            )
            | initial
        )
