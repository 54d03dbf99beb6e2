import re

import pytest

from rules.content import all_sections
from rules.models import Section

LANGUAGES = ("bg", "uk", "ru")
EXPECTED_SLUGS = [
    "players",
    "dealing",
    "bidding",
    "play",
    "declarations",
    "card-values",
    "scoring",
    "game-end",
    "house-rules",
    "glossary",
    "related-games",
]
# Anchors the calculator links "why?" to; they must exist in every language.
REQUIRED_ANCHORS = {
    "dealing": ["all-pass"],
    "bidding": ["contracts", "contra-recontra"],
    "declarations": ["sequences", "carres", "belot", "declaration-comparison"],
    "card-values": ["totals"],
    "scoring": ["raw-totals", "made-inside", "rounding", "hanging", "contra-scoring", "capot"],
    "game-end": ["target", "tie-at-end", "capot-cannot-end", "match"],
    "house-rules": [
        "house-target",
        "house-declarations",
        "house-no-trumps-capot",
        "house-contra-tie",
        "house-capot-end",
    ],
}


def anchors(body: str) -> list[str]:
    return re.findall(r'\bid="([^"]+)"', body)


def test_shipped_sections_come_in_the_page_order():
    assert [section["slug"] for section in all_sections()] == EXPECTED_SLUGS


@pytest.mark.parametrize("section", all_sections(), ids=lambda section: section["slug"])
def test_every_section_has_its_own_text_in_every_language(section):
    for language in LANGUAGES:
        assert section["title"][language].strip()
        assert len(section["body"][language]) > 300, language
    # Written, not copied: the three languages are different texts.
    bodies = {section["body"][language] for language in LANGUAGES}
    assert len(bodies) == 3


@pytest.mark.parametrize("section", all_sections(), ids=lambda section: section["slug"])
def test_anchors_are_the_same_in_every_language(section):
    bg = anchors(section["body"]["bg"])
    for language in ("uk", "ru"):
        assert anchors(section["body"][language]) == bg, language
    for anchor in REQUIRED_ANCHORS.get(section["slug"], []):
        assert anchor in bg


def test_anchors_are_unique_across_the_whole_page():
    every = [section["slug"] for section in all_sections()]
    for section in all_sections():
        every += anchors(section["body"]["bg"])
    assert len(every) == len(set(every))


@pytest.mark.django_db
def test_a_fresh_database_has_every_section_in_every_language():
    sections = list(Section.objects.all())
    assert [section.slug for section in sections] == EXPECTED_SLUGS
    for section in sections:
        for language in LANGUAGES:
            assert getattr(section, f"title_{language}")
            assert getattr(section, f"body_{language}")
