"""Fixed rules text reaches a database seeded before the fix, and text edited in the admin stays.

`load_rules --if-unedited` and migrations 0005, 0006 and 0007 write a section's shipped text in one language only
where the stored text is a version the site shipped (rules/shipped.json). The database here is
seeded as a production site's could be: the Ukrainian classic-belote chapter as shipped before
the under-trump duty was added (tests/rules/data), the Bulgarian scoring chapter edited in the
admin, a chapter saved unchanged through the admin's form (CRLF line ends), a translation
emptied, a chapter missing, and a section the admin made."""

import re
from importlib import import_module
from io import StringIO
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import call_command

from rules.content import LANGUAGES, TITLE, all_sections, read_section
from rules.models import Section
from rules.seed import fingerprint, shipped_fingerprints

BEFORE_UNDERTRUMP = Path(__file__).parent / "data" / "classic-belote.uk.before-undertrump.html"
UNDERTRUMP = "тут треба <strong>класти молодший козир</strong>"  # the fixed fact, in uk
EDITED = "<p>За нашата маса закръгляме само нагоре.</p>"


def old_classic_uk() -> tuple[str, str]:
    match = TITLE.match(BEFORE_UNDERTRUMP.read_text(encoding="utf-8"))
    return match["title"].strip(), match["body"].strip()


def test_every_shipped_text_is_recorded_as_a_version_the_site_shipped():
    shipped = shipped_fingerprints()
    missing = [
        f"{section['slug']} ({language})"
        for section in all_sections()
        for language in LANGUAGES
        if fingerprint(section["title"][language], section["body"][language])
        not in shipped.get(section["slug"], {}).get(language, ())
    ]
    assert missing == [], "run scripts/rules_shipped_versions.py and commit rules/shipped.json"


def test_the_old_chapter_is_a_shipped_version_without_the_under_trump_duty():
    title, body = old_classic_uk()
    assert fingerprint(title, body) in shipped_fingerprints()["classic-belote"]["uk"]
    assert UNDERTRUMP not in body and UNDERTRUMP in read_section("classic-belote", "uk")[1]


def test_a_fingerprint_ignores_line_ends_and_the_ends_whitespace_but_not_a_word():
    title, body = read_section("players", "ru")
    same = fingerprint(title, body)
    assert fingerprint(f" {title}\n", body.replace("\n", "\r\n") + "\r\n") == same
    assert fingerprint(title, body.replace("вчетвером", "вчетвером ", 1)) != same
    assert fingerprint(body, title) != same


@pytest.fixture
def seeded_before_the_fix():
    """A database as a site seeded before the fix and then edited in the admin could hold."""
    title, body = old_classic_uk()
    Section.objects.filter(slug="classic-belote").update(title_uk=title, body_uk=body)
    scoring = Section.objects.get(slug="scoring")
    Section.objects.filter(pk=scoring.pk).update(body_bg=scoring.body_bg + EDITED)
    players = read_section("players", "ru")[1].replace("\n", "\r\n")
    Section.objects.filter(slug="players").update(body_ru=players)
    Section.objects.filter(slug="glossary").update(title_ru="", body_ru=None)
    Section.objects.filter(slug="contree").delete()
    Section.objects.create(slug="club-night", order=5, title_bg="Клубна вечер", body_bg="<p>…</p>")
    return scoring.body_bg + EDITED, players


@pytest.mark.django_db
def test_load_rules_if_unedited_updates_shipped_text_and_keeps_edited_text(seeded_before_the_fix):
    edited_scoring, players_crlf = seeded_before_the_fix
    out, err = StringIO(), StringIO()
    call_command("load_rules", "--if-unedited", stdout=out, stderr=err)

    classic = Section.objects.get(slug="classic-belote")
    assert (classic.title_uk, classic.body_uk) == read_section("classic-belote", "uk")
    assert Section.objects.get(slug="scoring").body_bg == edited_scoring
    assert Section.objects.get(slug="players").body_ru == players_crlf  # the same version
    glossary = Section.objects.get(slug="glossary")
    assert (glossary.title_ru, glossary.body_ru) == read_section("glossary", "ru")
    assert Section.objects.get(slug="contree").body_ru == read_section("contree", "ru")[1]
    assert Section.objects.get(slug="club-night").title_bg == "Клубна вечер"
    slugs = [section["slug"] for section in all_sections()]
    assert list(Section.objects.exclude(slug="club-night").values_list("slug", flat=True)) == slugs

    assert out.getvalue().startswith("Rules text: 2 texts brought to the shipped version")
    assert "1 sections added, 1 texts kept as edited" in out.getvalue()
    assert "Added: contree" in out.getvalue()
    assert "scoring (bg)" in err.getvalue() and "classic-belote" not in err.getvalue()


@pytest.mark.django_db
def test_the_rules_page_shows_the_text_brought_up_to_date_at_once(client):
    title, body = old_classic_uk()
    Section.objects.filter(slug="classic-belote").update(title_uk=title, body_uk=body)
    assert UNDERTRUMP not in client.get("/uk/rules/").content.decode()  # and the page is kept
    call_command("load_rules", "--if-unedited", stdout=StringIO())
    page = client.get("/uk/rules/").content.decode()
    assert UNDERTRUMP in re.sub(r"[\s\u00a0]+", " ", page)


@pytest.mark.django_db
def test_a_bulgarian_text_brought_up_to_date_keeps_the_untranslated_columns_in_step():
    Section.objects.filter(slug="bidding").update(title_bg="", body_bg="")
    call_command("load_rules", "--if-unedited", stdout=StringIO())
    row = Section.objects.rewrite(False).values("title", "body", "title_bg", "body_bg")
    bidding = row.get(slug="bidding")
    assert bidding["title"] == bidding["title_bg"] == read_section("bidding", "bg")[0]
    assert bidding["body"] == bidding["body_bg"] == read_section("bidding", "bg")[1]


@pytest.mark.django_db
def test_an_up_to_date_database_is_left_as_it_is():
    before = list(Section.objects.values())
    out = StringIO()
    call_command("load_rules", "--if-unedited", stdout=out, stderr=StringIO())
    assert list(Section.objects.values()) == before
    assert (
        "0 texts brought to the shipped version, 0 sections added, 0 texts kept" in out.getvalue()
    )


@pytest.mark.django_db
def test_migration_0005_does_the_same_and_names_the_text_it_kept(seeded_before_the_fix, capsys):
    edited_scoring, _players = seeded_before_the_fix
    import_module("rules.migrations.0005_refresh_unedited_text").refresh(apps, None)
    assert (
        Section.objects.get(slug="classic-belote").body_uk
        == read_section("classic-belote", "uk")[1]
    )
    assert Section.objects.get(slug="scoring").body_bg == edited_scoring
    assert "kept as it is: scoring (bg)" in capsys.readouterr().out


@pytest.mark.django_db
def test_load_rules_without_the_switch_still_overwrites_every_edit(seeded_before_the_fix):
    call_command("load_rules", stdout=StringIO())
    assert Section.objects.get(slug="scoring").body_bg == read_section("scoring", "bg")[1]


BEFORE_NO_AND_ALL_TRUMPS = (
    Path(__file__).parent / "data" / "contree.ru.before-no-and-all-trumps.html"
)
NO_AND_ALL_TRUMPS = 'id="contree-no-and-all-trumps"'


@pytest.mark.django_db
def test_migration_0006_brings_no_and_all_trumps_to_the_contree_chapter_and_keeps_edits(capsys):
    match = TITLE.match(BEFORE_NO_AND_ALL_TRUMPS.read_text(encoding="utf-8"))
    title, body = match["title"].strip(), match["body"].strip()
    assert fingerprint(title, body) in shipped_fingerprints()["contree"]["ru"]
    assert NO_AND_ALL_TRUMPS not in body
    Section.objects.filter(slug="contree").update(title_ru=title, body_ru=body)
    edited = read_section("contree", "bg")[1].replace(NO_AND_ALL_TRUMPS, 'id="x"') + EDITED
    Section.objects.filter(slug="contree").update(body_bg=edited)

    import_module("rules.migrations.0006_no_and_all_trumps_text").refresh(apps, None)

    contree = Section.objects.get(slug="contree")
    assert (contree.title_ru, contree.body_ru) == read_section("contree", "ru")
    assert NO_AND_ALL_TRUMPS in contree.body_ru and NO_AND_ALL_TRUMPS in contree.body_uk
    assert contree.body_bg == edited
    assert "kept as it is: contree (bg)" in capsys.readouterr().out


DATA = Path(__file__).parent / "data"
# Each later migration that brings corrected text: a section as a database seeded before it holds
# it (a version the site shipped), a sentence the correction wrote, and a section edited in the
# admin meanwhile, which the migration keeps and names.
CORRECTIONS = [
    pytest.param(
        "0007_native_readings_text",
        ("classic-belote", "ru", DATA / "classic-belote.ru.before-team-names.html"),
        "побеждает команда «Мы»: у неё больше",
        ("game-end", "uk"),
        id="0007",
    ),
    pytest.param(
        "0008_third_readings_text",
        ("game-end", "bg", DATA / "game-end.bg.before-third-reading.html"),
        "но отбор „Вие“ изкарва играта",
        ("declarations", "ru"),
        id="0008",
    ),
    pytest.param(
        "0009_fourth_readings_text",
        ("play", "ru", DATA / "play.ru.before-fourth-reading.html"),
        "вы обязаны положить",
        ("declarations", "uk"),
        id="0009",
    ),
    pytest.param(
        "0010_fifth_readings_text",
        ("contree", "ru", DATA / "contree.ru.before-fifth-reading.html"),
        "В игре контре (",
        ("declarations", "bg"),
        id="0010",
    ),
]


@pytest.mark.django_db
@pytest.mark.parametrize(("migration", "before", "corrected", "edited_section"), CORRECTIONS)
def test_a_migration_brings_the_readings_corrections_and_keeps_edits(
    capsys, migration, before, corrected, edited_section
):
    slug, language, path = before
    match = TITLE.match(path.read_text(encoding="utf-8"))
    title, body = match["title"].strip(), match["body"].strip()
    assert fingerprint(title, body) in shipped_fingerprints()[slug][language]
    assert corrected not in body
    Section.objects.filter(slug=slug).update(
        **{f"title_{language}": title, f"body_{language}": body}
    )
    edited_slug, edited_language = edited_section
    edited = read_section(edited_slug, edited_language)[1] + EDITED
    Section.objects.filter(slug=edited_slug).update(**{f"body_{edited_language}": edited})

    import_module(f"rules.migrations.{migration}").refresh(apps, None)

    section = Section.objects.get(slug=slug)
    stored = getattr(section, f"title_{language}"), getattr(section, f"body_{language}")
    assert stored == read_section(slug, language)
    assert corrected in stored[1]
    assert getattr(Section.objects.get(slug=edited_slug), f"body_{edited_language}") == edited
    assert f"kept as it is: {edited_slug} ({edited_language})" in capsys.readouterr().out
