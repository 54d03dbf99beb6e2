"""The French chapters say the play duties as the FFB's texts do: in classic belote a player
who cannot follow, facing an opponent's trump they cannot beat, must still play a lower trump
(FFB 2016, 5.2), unless the partner holds the trick; in contrée and coinche a lower trump is
not obligatory (FFB contrée / coinche, 5.2), as in Bulgarian belot."""

import re

import pytest

from rules.content import LANGUAGES
from tests.rules.test_french_examples import part, text

# The words one sentence must hold, each in the words of docs/terms.md ("undertrumping").
CLASSIC_DUTY = {
    "bg": ("противник", "цакал", "надцакаш", "трябва", "подцака"),
    "uk": ("суперник", "побив козирем", "перебити нічим", "однаково", "молодший козир"),
    "ru": ("соперник", "побил козырем", "перебить нечем", "всё равно", "младший козырь"),
}
PARTNER_HOLDS_THE_TRICK = {
    "bg": ("партньора", "каквато карта искаш"),
    "uk": ("партнер", "будь-яку карту"),
    "ru": ("партнёр", "любую карту"),
}
NOT_OBLIGATORY = {
    "bg": ("подцакването", "не е задължително"),
    "uk": ("молодший козир", "не обов’язково"),
    "ru": ("младший козырь", "не обязательно"),
}


def sentences(html: str) -> list[str]:
    return re.split(r"(?<=[.!?:;])\s+", text(html))


def said_in_one_sentence(html: str, words: tuple[str, ...]) -> bool:
    return any(all(word in sentence for word in words) for sentence in sentences(html))


@pytest.mark.parametrize("language", LANGUAGES)
def test_classic_belote_says_a_player_must_still_play_a_lower_trump(language):
    basics = part("classic-belote", language, "classic-basics")

    assert said_in_one_sentence(basics, CLASSIC_DUTY[language])
    assert said_in_one_sentence(basics, PARTNER_HOLDS_THE_TRICK[language])
    assert not said_in_one_sentence(basics, NOT_OBLIGATORY[language])


@pytest.mark.parametrize("language", LANGUAGES)
def test_contree_says_a_lower_trump_is_not_obligatory_there(language):
    basics = part("contree", language, "contree-basics")

    assert said_in_one_sentence(basics, NOT_OBLIGATORY[language])
    assert not said_in_one_sentence(basics, CLASSIC_DUTY[language])
