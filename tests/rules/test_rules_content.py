import re

import pytest
from django.core.management import call_command

from rules.content import FOLDER, LANGUAGES, ContentError, all_sections, read_section
from rules.models import Section

EXPECTED_SLUGS = [
    "players",
    "dealing",
    "bidding",
    "play",
    "declarations",
    "card-values",
    "scoring",
    "worked-deal",
    "game-end",
    "score-sheet",
    "irregularities",
    "house-rules",
    "glossary",
    "related-games",
    "classic-belote",
    "contree",
]
# Anchors the calculator links "why?" to, and those of the worked deal, the sheet and the
# irregularities chapters; they must exist in every language.
REQUIRED_ANCHORS = {
    "dealing": ["all-pass"],
    "bidding": ["contracts", "contra-recontra"],
    "declarations": [
        "sequences",
        "long-runs",
        "carres",
        "belot",
        "declarations-timing",
        "showing-declarations",
        "declaration-comparison",
    ],
    "card-values": ["totals"],
    "scoring": ["raw-totals", "made-inside", "rounding", "hanging", "contra-scoring", "capot"],
    "worked-deal": [
        "worked-deal-hands",
        "worked-deal-bidding",
        "worked-deal-tricks",
        "worked-deal-count",
        "worked-deal-score",
    ],
    "game-end": ["target", "tie-at-end", "capot-cannot-end", "match", "match-hanging"],
    "score-sheet": ["score-sheet-columns", "score-sheet-marks", "score-sheet-example"],
    "irregularities": ["revoke", "misdeal", "wrong-card-count", "false-declaration"],
    "house-rules": [
        "house-target",
        "house-declarations",
        "house-no-trumps-capot",
        "house-contra-tie",
        "house-capot-end",
        "local-customs",
        "custom-partner-trick",
        "custom-belot-trump",
    ],
    "related-games": ["french-belote", "related-contree"],
    # The French games' chapters: the calculator links its explanation of their deals here.
    "classic-belote": [
        "classic-basics",
        "classic-dealing",
        "classic-bidding",
        "classic-belote-rebelote",
        "classic-declarations",
        "classic-declaration-comparison",
        "classic-scoring",
        "classic-inside",
        "classic-litige",
        "classic-capot",
        "classic-house-rules",
        "classic-game-end",
        "classic-examples",
    ],
    "contree": [
        "contree-basics",
        "contree-bidding",
        "contree-contre",
        "contree-requirement",
        "contree-scoring",
        "contree-failed",
        "contree-contre-scoring",
        "contree-capot",
        "contree-belote",
        "contree-rounding",
        "contree-no-and-all-trumps",
        "contree-house-rules",
        "contree-game-end",
        "contree-examples",
    ],
}


def anchors(body: str) -> list[str]:
    return re.findall(r'\bid="([^"]+)"', body)


def test_shipped_sections_come_in_the_page_order():
    assert [section["slug"] for section in all_sections()] == EXPECTED_SLUGS


def test_every_section_has_one_file_per_language_and_nothing_else():
    expected = {f"{slug}.html" for slug in EXPECTED_SLUGS}
    for language in LANGUAGES:
        assert {path.name for path in (FOLDER / language).iterdir()} == expected, language


def test_a_file_without_its_title_line_is_refused(tmp_path, monkeypatch):
    (tmp_path / "bg").mkdir()
    (tmp_path / "bg" / "x.html").write_text("<p>No title.</p>\n", encoding="utf-8")
    monkeypatch.setattr("rules.content.FOLDER", tmp_path)
    with pytest.raises(ContentError, match="must start with"):
        read_section("x", "bg")
    with pytest.raises(ContentError, match="missing"):
        read_section("x", "uk")


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


@pytest.mark.parametrize("section", all_sections(), ids=lambda section: section["slug"])
def test_links_are_the_same_in_every_language(section):
    """A link one translation has and another lacks is a cross-reference lost in translation."""
    links = {
        language: re.findall(r'href="#([^"]+)"', section["body"][language])
        for language in LANGUAGES
    }
    assert sorted(links["uk"]) == sorted(links["bg"])
    assert sorted(links["ru"]) == sorted(links["bg"])


def test_anchors_are_unique_across_the_whole_page():
    every = [section["slug"] for section in all_sections()]
    for section in all_sections():
        every += anchors(section["body"]["bg"])
    assert len(every) == len(set(every))


def test_every_internal_link_in_the_text_points_at_an_anchor():
    every = {section["slug"] for section in all_sections()}
    for section in all_sections():
        every |= set(anchors(section["body"]["bg"]))
    for section in all_sections():
        for language in LANGUAGES:
            for target in re.findall(r'href="#([^"]+)"', section["body"][language]):
                assert target in every, (section["slug"], language, target)


@pytest.mark.parametrize("language", LANGUAGES)
def test_no_multiplication_is_written_with_a_letter_x(language):
    for section in all_sections():
        assert not re.search(r"\d\s?x\s?\d|\(x\d\)", section["body"][language]), section["slug"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_deal_is_worth_exactly_16_or_26_and_never_about_that(language):
    about = {"bg": "около 16", "uk": "близько 16", "ru": "около 16"}[language]
    text = " ".join(section["body"][language] for section in all_sections())
    assert about not in text
    totals = next(s for s in all_sections() if s["slug"] == "card-values")["body"][language]
    exactly = {"bg": "точно 16", "uk": "рівно 16", "ru": "ровно 16"}[language]
    assert exactly in totals


@pytest.mark.django_db
def test_a_fresh_database_has_every_section_in_every_language():
    sections = list(Section.objects.all())
    assert [section.slug for section in sections] == EXPECTED_SLUGS
    for section in sections:
        for language in LANGUAGES:
            assert getattr(section, f"title_{language}")
            assert getattr(section, f"body_{language}")


@pytest.mark.django_db(transaction=True)
def test_after_a_flush_the_rules_are_back_as_the_migrations_left_them():
    """A transactional test ends with a flush; a test that runs after it on the same worker
    still finds the rules (tests/conftest.py: _rules_come_back_after_a_flush)."""
    call_command("flush", interactive=False, verbosity=0)
    assert [section.slug for section in Section.objects.all()] == EXPECTED_SLUGS
