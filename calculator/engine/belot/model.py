"""Bulgarian belot's input values: contracts, doubles, its two kinds of played deal, its profile.

Everything here is immutable. Enum values are plain strings, so a value converts to JSON as it is.
The teams, cards and declarations every game shares are in ``calculator.engine.core``.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum

from ..core.deals import AllPassed, CardPoints
from ..core.declarations import NO_DECLARATIONS, TeamDeclarations
from ..core.teams import Team


class Contract(StrEnum):
    """Contracts, low to high."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"
    NO_TRUMPS = "no_trumps"
    ALL_TRUMPS = "all_trumps"

    @property
    def is_suit(self) -> bool:
        return self not in (Contract.NO_TRUMPS, Contract.ALL_TRUMPS)


class Double(StrEnum):
    NONE = "none"
    CONTRA = "contra"
    RECONTRA = "recontra"

    @property
    def multiplier(self) -> int:
        return _MULTIPLIERS[self]


_MULTIPLIERS = {Double.NONE: 1, Double.CONTRA: 2, Double.RECONTRA: 4}

# All card points of a deal, last trick included (no trumps before doubling).
CARD_TOTALS = {
    Contract.CLUBS: 162,
    Contract.DIAMONDS: 162,
    Contract.HEARTS: 162,
    Contract.SPADES: 162,
    Contract.NO_TRUMPS: 130,
    Contract.ALL_TRUMPS: 258,
}

# Game points of a deal before declarations: the card total / 10, rounded.
BASE_VALUES = {contract: 16 if contract.is_suit else 26 for contract in Contract}

# Card points one team cannot have, whatever cards it took (no card is worth 1, and in all
# trumps nothing is worth 1, 2 or 5); the other team's side of each is impossible too.
IMPOSSIBLE_CARD_POINTS = {
    Contract.CLUBS: frozenset({1, 161}),
    Contract.DIAMONDS: frozenset({1, 161}),
    Contract.HEARTS: frozenset({1, 161}),
    Contract.SPADES: frozenset({1, 161}),
    Contract.NO_TRUMPS: frozenset({1, 129}),
    Contract.ALL_TRUMPS: frozenset({1, 2, 5, 253, 256, 257}),
}

# Game points = raw total / 10, rounded up from this last digit: (team with more, with fewer).
# On a tie the defenders round as the team with more, the bidders as the team with fewer.
ROUND_UP_FROM = {contract: (7, 6) for contract in Contract}
ROUND_UP_FROM[Contract.ALL_TRUMPS] = (5, 4)
ROUND_UP_FROM[Contract.NO_TRUMPS] = (5, 5)

CAPOT_BONUS = 90
MAX_BELOTS = {contract: 1 if contract.is_suit else 4 for contract in Contract}
MAX_BELOTS[Contract.NO_TRUMPS] = 0


@dataclass(frozen=True, slots=True)
class PlayedDeal:
    """A played deal. Card points may be left out when a capot says them."""

    bidders: Team
    contract: Contract
    card_points: CardPoints | None = None
    double: Double = Double.NONE
    capot: Team | None = None
    declarations_a: TeamDeclarations = NO_DECLARATIONS
    declarations_b: TeamDeclarations = NO_DECLARATIONS

    def declarations(self, team: Team) -> TeamDeclarations:
        return self.declarations_a if team is Team.A else self.declarations_b


@dataclass(frozen=True, slots=True)
class InsideDeal:
    """A lost deal entered without card points: the defenders take everything."""

    bidders: Team
    contract: Contract
    double: Double = Double.NONE
    declarations_a: TeamDeclarations = NO_DECLARATIONS
    declarations_b: TeamDeclarations = NO_DECLARATIONS

    def declarations(self, team: Team) -> TeamDeclarations:
        return self.declarations_a if team is Team.A else self.declarations_b


Deal = AllPassed | PlayedDeal | InsideDeal


class Outcome(StrEnum):
    """What a played deal came to (a result's ``outcome``)."""

    MADE = "made"  # the bidders had more raw points
    INSIDE = "inside"  # the bidders had fewer
    HANGING = "hanging"  # equal raw points


class DeclarationComparison(StrEnum):
    SEPARATE = "separate"  # sequences and carrés compared separately
    POOL = "pool"  # the strongest single declaration takes the whole pool


class ContraTie(StrEnum):
    ALL_HANG = "all_hang"  # a tied deal with contra: everything hangs
    BIDDERS_HANG = "bidders_hang"  # the defenders record their share, the bidders' share hangs


@dataclass(frozen=True, slots=True)
class RuleProfile:
    """The rules a match is scored by: the spec's defaults, each switchable."""

    target: int = 151
    declaration_comparison: DeclarationComparison = DeclarationComparison.SEPARATE
    no_trumps_capot_doubled: bool = False
    contra_tie: ContraTie = ContraTie.ALL_HANG
    capot_cannot_end_game: bool = True

    def capot_bonus(self, contract: Contract) -> int:
        if contract is Contract.NO_TRUMPS and self.no_trumps_capot_doubled:
            return 2 * CAPOT_BONUS
        return CAPOT_BONUS


DEFAULT_PROFILE = RuleProfile()
