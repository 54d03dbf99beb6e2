"""Contrée and coinche's input values: the bid, contre and surcontre, the played deal, the
outcomes and the rule profile.

All eight cards are dealt; each bid names a trump and the points the team promises, 80 to 160
by tens or capot (all eight tricks, worth 250). The FFB calls the game contrée without
declarations and coinche with them: ``ContreeProfile.declarations`` says which one a match plays.

A house rule (``no_and_all_trumps``) also lets a bid name no trumps ("sans atout", SA) or all
trumps ("tout atout", TA), :class:`~calculator.engine.french.Trumps`: scored as a suit
contract on 162 card points, with no belote in SA and up to four in TA (the TA belote's house
rule, ``all_trumps_belote``); a scorer may count their card points raw and let the engine
convert them (``card_points_entry``).
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from enum import StrEnum

from ..core.cards import BELOT_POINTS, Suit
from ..core.deals import AllPassed, CardPoints
from ..core.declarations import (
    NO_DECLARATIONS,
    USUAL_VALUES,
    DeclarationValues,
    InTrumps,
    TeamDeclarations,
)
from ..core.teams import Team
from ..french import (
    CARD_TOTAL,
    IMPOSSIBLE_CARD_POINTS,
    MAX_BELOTES,
    NO_TRUMPS_VALUES,
    TRUMPS,
    Trumps,
)

CAPOT_BID = 250  # a capot bid: all eight tricks
BIDS = (*range(80, 161, 10), CAPOT_BID)
CONTRE_PACKAGE = 160  # what a contred contract is worth before the bid, a made capot 250
CAPOT_PACKAGE = 250
FAILED_BASES = (160, 162)
SURCONTRE_MULTIPLIERS = (4, 3)
TARGETS = (701, 1000, 2000)  # what a form offers; any positive whole target is valid
# Card points counted raw (house rule): no trumps with plain values (A 11, 10 10, K 4, Q 3, J 2),
# all trumps with trump values (J 20, 9 14, A 11, 10 10, K 4, Q 3), the last trick's 10 in
# both; and the totals no set of cards gives (as Bulgarian belot's no trumps and all trumps).
RAW_TOTALS = {Trumps.NO: 130, Trumps.ALL: 258}
RAW_IMPOSSIBLE = {Trumps.NO: frozenset({1, 129}),
                  Trumps.ALL: frozenset({1, 2, 5, 253, 256, 257})}  # fmt: skip
# On the 162 scale: no trumps' cards are worth A 19, 10 10, K 4, Q 3, J 2 (no card is worth 1);
# all trumps' J 14, 9 9, A 6, 10 5, K 3, Q 1, so any total from 0 to 162 can be made.
IMPOSSIBLE_162 = {Trumps.NO: IMPOSSIBLE_CARD_POINTS, Trumps.ALL: frozenset()}
MAX_ALL_TRUMPS_BELOTES = 4  # a king and queen of each suit


class Contre(StrEnum):
    NONE = "none"
    CONTRE = "contre"  # an opponent doubled: x2
    SURCONTRE = "surcontre"  # the taker's team doubled again: x4 (x3 under a house rule)


@dataclass(frozen=True, slots=True)
class ContreeDeal:
    """A played deal: who took, the bid and its trump, contre, one team's card points (or a
    capot), belote and (coinche) declarations.

    ``card_points`` is left out when ``capot`` names the team that took every trick.
    ``sequence_in_trumps`` is asked only when both teams' best sequences are equal.
    """

    taker: Team
    bid: int
    trump: Suit | Trumps
    contre: Contre = Contre.NONE
    card_points: CardPoints | None = None
    capot: Team | None = None
    declarations_a: TeamDeclarations = NO_DECLARATIONS
    declarations_b: TeamDeclarations = NO_DECLARATIONS
    sequence_in_trumps: InTrumps | None = None

    def declarations(self, team: Team) -> TeamDeclarations:
        return self.declarations_a if team is Team.A else self.declarations_b

    @property
    def capot_bid(self) -> bool:
        return self.bid == CAPOT_BID


ContreeDealInput = AllPassed | ContreeDeal


class ContreeOutcome(StrEnum):
    """What a played deal came to (a result's ``outcome``)."""

    MADE = "made"  # the taker reached the bid and had more than the defence
    FAILED = "failed"  # "dedans", "chuté"


class FailedBelote(StrEnum):
    """Whose is the taker's belote when the contract fails (house rule)."""

    KEPT = "kept"  # the taker's team keeps it ("imprenable")
    DEFENDERS = "defenders"  # it goes to the defence with the rest


class Scoring(StrEnum):
    """What a deal scores (house rule)."""

    POINTS_AND_BID = "points_and_bid"  # points made + the bid
    BID_ONLY = "bid_only"  # the bid alone


class AllTrumpsBelote(StrEnum):
    """The belote in all trumps (house rule): a king and queen of any suit in one hand."""

    ANY_SUIT = "any_suit"  # up to four, 20 each (FFB 11.3)
    NONE = "none"  # not played (Board Game Arena)
    ONE_ONLY = "one_only"  # one in the deal at most, 20
    FIVE_EACH = "five_each"  # up to four, 5 each
    TEN_EACH = "ten_each"  # up to four, 10 each


# (most belotes in a deal, points each) in all trumps, by the house rule
ALL_TRUMPS_BELOTES = {
    AllTrumpsBelote.ANY_SUIT: (MAX_ALL_TRUMPS_BELOTES, BELOT_POINTS),
    AllTrumpsBelote.NONE: (0, BELOT_POINTS),
    AllTrumpsBelote.ONE_ONLY: (1, BELOT_POINTS),
    AllTrumpsBelote.FIVE_EACH: (MAX_ALL_TRUMPS_BELOTES, 5),
    AllTrumpsBelote.TEN_EACH: (MAX_ALL_TRUMPS_BELOTES, 10),
}


class CardPointsEntry(StrEnum):
    """How a no trumps or all trumps deal's card points are entered (house rule)."""

    ON_162 = "on_162"  # on the usual 162 scale, as a suit contract's
    RAW = "raw"  # raw: no trumps out of 130, all trumps out of 258; the engine converts


@dataclass(frozen=True, slots=True)
class ContreeProfile:
    """The rules a contrée (``declarations=False``) or coinche match is scored by."""

    declarations: bool = False  # the game: contrée without, coinche with declarations
    target: int = 701
    rounding: bool = True  # each team's score of a deal to the nearest ten, 5 up
    failed_base: int = 160  # a failed contract gives the defence this + the bid
    failed_belote: FailedBelote = FailedBelote.KEPT
    surcontre: int = 4  # the surcontre's multiplier, 4 or 3
    scoring: Scoring = Scoring.POINTS_AND_BID
    no_and_all_trumps: bool = False  # bids may also name no trumps (SA) or all trumps (TA)
    all_trumps_belote: AllTrumpsBelote = AllTrumpsBelote.ANY_SUIT
    card_points_entry: CardPointsEntry = CardPointsEntry.ON_162

    def multiplier(self, contre: Contre) -> int:
        if contre is Contre.SURCONTRE:
            return self.surcontre
        return 2 if contre is Contre.CONTRE else 1

    @property
    def trumps(self) -> tuple[Suit | Trumps, ...]:
        """What a deal's trump may be: the four suits, and SA and TA under the house rule."""
        return TRUMPS if self.no_and_all_trumps else tuple(Suit)

    def raw(self, trump: Suit | Trumps) -> bool:
        """Whether ``trump``'s card points are entered raw, to be converted to the 162 scale."""
        return isinstance(trump, Trumps) and self.card_points_entry is CardPointsEntry.RAW

    def card_points_total(self, trump: Suit | Trumps) -> int:
        """The card points a deal in ``trump`` holds as they are entered: 162, or raw 130
        (no trumps) or 258 (all trumps)."""
        return RAW_TOTALS[trump] if self.raw(trump) else CARD_TOTAL

    def impossible_card_points(self, trump: Suit | Trumps) -> frozenset[int]:
        """The entered card points that no set of cards makes."""
        if self.raw(trump):
            return RAW_IMPOSSIBLE[trump]
        return IMPOSSIBLE_162[trump] if isinstance(trump, Trumps) else IMPOSSIBLE_CARD_POINTS

    def max_belotes(self, trump: Suit | Trumps) -> int:
        """How many belotes a deal in ``trump`` may hold, both teams together."""
        if trump is Trumps.NO:
            return 0
        if trump is Trumps.ALL:
            return ALL_TRUMPS_BELOTES[self.all_trumps_belote][0]
        return MAX_BELOTES

    def belote_points(self, trump: Suit | Trumps) -> int:
        """What one belote is worth in ``trump``: 20, or 5 or 10 in all trumps by house rule."""
        if trump is Trumps.ALL:
            return ALL_TRUMPS_BELOTES[self.all_trumps_belote][1]
        return BELOT_POINTS

    def declaration_values(self, trump: Suit | Trumps) -> DeclarationValues:
        """What carrés and belotes are worth in ``trump``: no trumps has its own carrés (and
        no belote), all trumps the house rule's belote, a suit the usual values."""
        if trump is Trumps.NO:
            return NO_TRUMPS_VALUES
        if trump is Trumps.ALL:
            return replace(USUAL_VALUES, belot=self.belote_points(trump))
        return USUAL_VALUES


DEFAULT_PROFILE = ContreeProfile()  # contrée
COINCHE_PROFILE = ContreeProfile(declarations=True)
