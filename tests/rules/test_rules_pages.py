import re

import pytest
from django.contrib.auth import get_user_model
from django.utils import translation

from rules.models import Section
from tests.html import assert_valid_html

pytestmark = pytest.mark.django_db

TITLES = {
    "bg": "Правила на българския белот",
    "uk": "Правила болгарського белоту",
    "ru": "Правила болгарского белота",
}


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_rules_page_speaks_its_language(client, language):
    response = client.get(f"/{language}/rules/")
    html = response.content.decode()
    assert response.status_code == 200
    assert f'<html lang="{language}">' in html
    assert f"<title>{TITLES[language]}</title>" in html
    assert 'hreflang="bg"' in html and 'hreflang="uk"' in html and 'hreflang="ru"' in html
    section = Section.objects.get(slug="scoring")
    assert getattr(section, f"title_{language}") in html


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_rules_page_is_valid_html(client, language):
    assert_valid_html(client.get(f"/{language}/rules/").content)


def test_switcher_names_each_language_in_itself_and_keeps_the_page(client):
    html = client.get("/uk/rules/").content.decode()
    assert 'href="/bg/rules/" hreflang="bg" lang="bg">Български</a>' in html
    assert 'href="/uk/rules/" hreflang="uk" lang="uk" aria-current="true">Українська</a>' in html
    assert 'href="/ru/rules/" hreflang="ru" lang="ru">Русский</a>' in html


def test_table_of_contents_links_every_section(client):
    html = client.get("/bg/rules/").content.decode()
    for slug in Section.objects.values_list("slug", flat=True):
        assert f'<a href="#{slug}">' in html
        assert f'id="{slug}"' in html


def test_missing_translation_falls_back_to_bulgarian_and_says_so(client):
    section = Section.objects.get(slug="dealing")
    section.title_ru = ""
    section.body_ru = ""
    section.save()
    html = client.get("/ru/rules/").content.decode()
    assert section.title_bg in html
    assert "Этот раздел ещё не переведён, поэтому он показан на болгарском." in html
    assert (
        '<section class="rules-section" id="dealing" aria-labelledby="dealing-title" lang="bg">'
        in html
    )


@pytest.mark.parametrize(
    ("accept", "expected"),
    [("uk-UA,uk;q=0.9", "/uk/"), ("ru,en;q=0.5", "/ru/"), ("en-US,en", "/bg/"), ("", "/bg/")],
)
def test_root_redirects_by_accept_language(client, accept, expected):
    response = client.get("/", headers={"accept-language": accept})
    assert response.status_code == 302
    assert response["Location"] == expected


def test_root_prefers_the_remembered_language_over_the_browser(client):
    client.get("/ru/rules/")
    response = client.get("/", headers={"accept-language": "uk"})
    assert response["Location"] == "/ru/"


@pytest.mark.parametrize(
    ("language", "text"),
    [("bg", "Прочети правилата"), ("uk", "Читати правила"), ("ru", "Читать правила")],
)
def test_home_page_is_translated(client, language, text):
    response = client.get(f"/{language}/")
    assert text in response.content.decode()
    assert_valid_html(response.content)


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("bg", "Страницата не е намерена"),
        ("uk", "Сторінку не знайдено"),
        ("ru", "Страница не найдена"),
    ],
)
def test_not_found_page_is_translated(client, language, text):
    response = client.get(f"/{language}/no-such-page/")
    assert response.status_code == 404
    assert text in response.content.decode()
    assert f'<html lang="{language}">' in response.content.decode()


def test_admin_edits_a_section_in_each_language(client):
    admin = get_user_model().objects.create_superuser(
        "admin", "admin@example.com", "pw-long-enough"
    )
    client.force_login(admin)
    section = Section.objects.get(slug="play")
    url = f"/admin/rules/section/{section.pk}/change/"
    page = client.get(url).content.decode()
    assert 'id="id_title_uk"' in page and 'id="id_body_ru"' in page
    # The language tabs' script comes from this site, not a CDN the CSP would block.
    assert "/static/vendor/jquery-ui/jquery-ui.min.js" in page and "googleapis" not in page
    data = {
        "slug": section.slug,
        "order": section.order,
        "title_bg": "Игра (редакция)",
        "title_uk": "Гра (редакція)",
        "title_ru": "Игра (правка)",
        "body_bg": "<p>Нов текст.</p>",
        "body_uk": "<p>Новий текст.</p>",
        "body_ru": "<p>Новый текст.</p>",
    }
    response = client.post(url, data)
    assert response.status_code == 302
    for language, title in [
        ("bg", "Игра (редакция)"),
        ("uk", "Гра (редакція)"),
        ("ru", "Игра (правка)"),
    ]:
        assert title in client.get(f"/{language}/rules/").content.decode()


@pytest.mark.parametrize(
    ("language", "forms"),
    [
        ("bg", {1: "минута", 2: "минути", 5: "минути", 11: "минути", 21: "минути"}),
        (
            "uk",
            {
                1: "хвилина",
                2: "хвилини",
                5: "хвилин",
                11: "хвилин",
                21: "хвилина",
                22: "хвилини",
                25: "хвилин",
            },
        ),
        (
            "ru",
            {
                1: "минута",
                2: "минуты",
                5: "минут",
                11: "минут",
                21: "минута",
                22: "минуты",
                25: "минут",
            },
        ),
    ],
)
def test_reading_time_uses_the_right_plural_form(language, forms):
    from rules.views import reading_time

    with translation.override(language):
        for count, word in forms.items():
            said = reading_time(count).replace("\xa0", " ")  # a number keeps its word
            assert said.endswith(f"{count} {word}"), (count, said)


def page_html(client, language: str) -> str:
    return client.get(f"/{language}/rules/").content.decode()


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_every_internal_link_on_the_rules_page_leads_somewhere(client, language):
    html = page_html(client, language)
    anchors = set(re.findall(r'\bid="([^"]+)"', html))
    links = re.findall(r'href="#([^"]*)"', html)
    assert len(links) > 100  # the contents, the cross-references, the way back
    assert not [link for link in links if link not in anchors]


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_the_contents_list_every_subsection_folded_without_javascript(client, language):
    html = page_html(client, language)
    contents = html.split('<ol class="toc-list">', 1)[1].split("</nav>", 1)[0]
    for section in Section.objects.all():
        body = getattr(section, f"body_{language}")
        for anchor in re.findall(r'<h3 id="([^"]+)"', body):
            assert f'<a href="#{anchor}">' in contents, (section.slug, anchor)
    assert contents.count("<details>") == Section.objects.count()
    assert "<details open" not in contents


def test_the_quick_find_waits_for_its_script_and_the_script_is_kept_offline(client):
    html = page_html(client, "bg")
    assert '<div class="quick-find script-only" role="search"' in html
    assert re.search(r'<script src="/static/js/rules[^"]*\.js" defer></script>', html)
    assert "<script>" not in html  # no inline script: the CSP forbids them
    assert "js/rules" in client.get("/sw.js").content.decode()


def test_subsection_titles_lose_their_markup_in_the_contents():
    from rules.views import subsections

    body = '<p>x</p><h3 id="a">One <em>two</em></h3><p>y</p><h3 id="b">Three</h3>'
    assert subsections(body) == [{"id": "a", "title": "One two"}, {"id": "b", "title": "Three"}]


def test_the_new_chapters_reach_a_database_seeded_before_them():
    """Migration 0003 adds missing sections in place and leaves the others' text alone."""
    from importlib import import_module

    from django.apps import apps

    migration = import_module("rules.migrations.0003_new_chapters")
    Section.objects.filter(slug__in=["worked-deal", "score-sheet", "irregularities"]).delete()
    Section.objects.filter(slug="scoring").update(title_bg="Точкуване (редакция)")
    migration.add_new_chapters(apps, None)
    assert [s.slug for s in Section.objects.all()] == [
        s.slug for s in sorted(Section.objects.all(), key=lambda s: s.order)
    ]
    slugs = list(Section.objects.values_list("slug", flat=True))
    assert slugs.index("worked-deal") == slugs.index("scoring") + 1
    assert "irregularities" in slugs and "score-sheet" in slugs
    assert Section.objects.get(slug="scoring").title_bg == "Точкуване (редакция)"


def test_the_french_chapters_reach_a_database_seeded_before_them():
    """Migration 0004 adds classic belote and contrée after related-games and leaves the text
    already there alone, related-games's included (`manage.py load_rules` rewrites it)."""
    from importlib import import_module

    from django.apps import apps

    migration = import_module("rules.migrations.0004_french_chapters")
    Section.objects.filter(slug__in=["classic-belote", "contree"]).delete()
    Section.objects.filter(slug="related-games").update(title_bg="Сродни игри (редакция)")
    migration.add_french_chapters(apps, None)
    slugs = list(Section.objects.values_list("slug", flat=True))
    assert slugs[-3:] == ["related-games", "classic-belote", "contree"]
    assert Section.objects.get(slug="related-games").title_bg == "Сродни игри (редакция)"
    assert Section.objects.get(slug="contree").title_uk.startswith("Контре")


def test_the_rules_page_is_sent_compressed_to_a_browser_that_takes_gzip(client):
    plain = client.get("/bg/rules/")
    packed = client.get("/bg/rules/", HTTP_ACCEPT_ENCODING="gzip")
    assert packed["Content-Encoding"] == "gzip"
    assert len(packed.content) * 3 < len(plain.content)
    assert "Accept-Encoding" in packed["Vary"]


@pytest.mark.parametrize("language", ["bg", "uk", "ru"])
def test_an_empty_table_takes_the_same_rules_as_a_full_one_in_any_active_language(language):
    """load_sections writes an empty table in one insert (a fresh install, or a transactional
    test's flush: tests/conftest.py) and a full one section by section; both leave each
    language's text in its own column, whatever language is active."""
    from rules.content import all_sections
    from rules.seed import load_sections

    fields = ["slug", "order", "title", "body", "title_bg", "title_uk", "title_ru", "body_bg"]
    fields += ["body_uk", "body_ru"]
    with translation.override(language):
        Section.objects.all().delete()
        count = load_sections(Section)
        columns = Section.objects.rewrite(False)  # "title" is its column, not the active one's
        inserted = list(columns.values(*fields))
        Section.objects.update(title_uk="", body_ru="", order=0)
        assert load_sections(Section) == count
        rewritten = list(columns.values(*fields))
    assert len(inserted) == count == len(all_sections())
    assert inserted == rewritten
    scoring = next(row for row in inserted if row["slug"] == "scoring")
    assert scoring["title"] == scoring["title_bg"] != scoring["title_uk"] != scoring["title_ru"]
