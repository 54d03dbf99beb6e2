"""Cards: ranks in the order of sequences, suits, and what the rank of a carré is worth.

The same 32 cards serve every game; each game says what its contracts and card totals are.
"""

from __future__ import annotations

from enum import StrEnum


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
RANKS = tuple(Rank)


class Suit(StrEnum):
    """The four suits, low to high as Bulgarian belot bids them."""

    CLUBS = "clubs"
    DIAMONDS = "diamonds"
    HEARTS = "hearts"
    SPADES = "spades"


# Carrés strongest first; 7s and 8s do not count.
CARRE_ORDER = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN)
CARRE_STRENGTH = {rank: len(CARRE_ORDER) - index for index, rank in enumerate(CARRE_ORDER)}
CARRE_POINTS = {rank: 200 if rank is Rank.JACK else 150 if rank is Rank.NINE else 100
                for rank in CARRE_ORDER}  # fmt: skip

BELOT_POINTS = 20  # king and queen of trumps in one hand: belot, belote-rebelote
SEQUENCE_MIN_LENGTH = 3
SEQUENCE_MAX_LENGTH = 8
HAND_SIZE = 8
