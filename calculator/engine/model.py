"""The engine's input values: enums, declarations, deals and the rule profile.

Everything here is immutable. Enum values are plain strings, so a value converts to JSON as it is.
No Django imports: the engine is a pure Python module.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Team(StrEnum):
    A = "A"
    B = "B"

    @property
    def other(self) -> Team:
        return _OTHER[self]

    @property
    def field_suffix(self) -> str:
        """How error fields name the team: ``declarations_a``, ``belots_b``."""
        return "a" if self is Team.A else "b"


_OTHER = {Team.A: Team.B, Team.B: Team.A}
TEAMS = (Team.A, Team.B)  # iterating over an enum is slow; scoring a match does it often


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


class Rank(StrEnum):
    """Card ranks in the natural order of sequences: 7 8 9 10 J Q K A."""

    SEVEN = "7"
    EIGHT = "8"
    NINE = "9"
    TEN = "10"
    JACK = "J"
    QUEEN = "Q"
    KING = "K"
    ACE = "A"

    @property
    def order(self) -> int:
        """Position in a sequence: 0 for the seven, 7 for the ace."""
        return _SEQUENCE_ORDER[self]


_SEQUENCE_ORDER = {rank: index for index, rank in enumerate(Rank)}

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

CAPOT_BONUS = 90
BELOT_POINTS = 20
SEQUENCE_MIN_LENGTH = 3
SEQUENCE_MAX_LENGTH = 8
MAX_BELOTS = {contract: 1 if contract.is_suit else 4 for contract in Contract}
MAX_BELOTS[Contract.NO_TRUMPS] = 0


@dataclass(frozen=True, slots=True)
class Sequence:
    """Cards in a row in one suit. The top card is needed only to break a tie."""

    length: int
    top: Rank | None = None

    @property
    def points(self) -> int:
        if self.length >= 5:
            return 100
        return 50 if self.length == 4 else 20


# Carrés strongest first; 7s and 8s do not count.
CARRE_ORDER = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN)
CARRE_STRENGTH = {rank: len(CARRE_ORDER) - index for index, rank in enumerate(CARRE_ORDER)}
CARRE_POINTS = {rank: 200 if rank is Rank.JACK else 150 if rank is Rank.NINE else 100
                for rank in CARRE_ORDER}  # fmt: skip


@dataclass(frozen=True, slots=True)
class Carre:
    """Four cards of one rank."""

    rank: Rank

    @property
    def points(self) -> int:
        return CARRE_POINTS[self.rank]


@dataclass(frozen=True, slots=True)
class Belot:
    """King and queen of trumps in one hand; one value per belot in a result."""

    @property
    def points(self) -> int:
        return BELOT_POINTS


@dataclass(frozen=True, slots=True)
class TeamDeclarations:
    """What one team declared in a deal."""

    sequences: tuple[Sequence, ...] = ()
    carres: tuple[Carre, ...] = ()
    belots: int = 0


NO_DECLARATIONS = TeamDeclarations()


@dataclass(frozen=True, slots=True)
class CardPoints:
    """The card points of one team, last trick included, in no trumps before doubling."""

    team: Team
    points: int


@dataclass(frozen=True, slots=True)
class AllPassed:
    """A thrown-in deal: all four players passed."""


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
