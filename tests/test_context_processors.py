"""The language switcher's links (belot_site/context_processors.py): kept for the last
addresses, and the very links that working them out anew gives."""

import pytest
from django.utils import translation

from belot_site import context_processors
from belot_site.context_processors import KEPT_PATH_MAX, _translated, _url_in

PATHS = [
    "/bg/",
    "/uk/rules/",
    "/ru/rules/?x=1",
    "/m/AbCdEfGhIjKlMnOpQrSt/",
    "/m/AbCdEfGhIjKlMnOpQrSt/deal/7/",
    "/t/AbCdEfGhIjKlMnOpQrSt/?next=%2F&a=<b>",
    "/no/such/page/",
]


@pytest.mark.parametrize("current", ["bg", "uk", "ru"])
def test_a_kept_link_is_the_one_worked_out_anew_in_every_language(current):
    context_processors._kept.cache_clear()
    with translation.override(current):
        for path in PATHS:
            for code in ("bg", "uk", "ru"):
                fresh = _translated(path, code)
                assert _url_in(path, code) == fresh  # worked out, then kept
                assert _url_in(path, code) == fresh  # from the store
    assert context_processors._kept.cache_info().hits == len(PATHS) * 3


def test_a_link_depends_on_the_language_the_page_is_in():
    context_processors._kept.cache_clear()
    links = {}
    for current in ("bg", "uk"):
        with translation.override(current):
            links[current] = _url_in("/bg/rules/", "ru")
    assert links["bg"] == "/ru/rules/"
    assert links["uk"] == _translated_in("uk", "/bg/rules/", "ru") != links["bg"]


def _translated_in(current: str, path: str, code: str) -> str:
    with translation.override(current):
        return _translated(path, code)


def test_a_long_address_is_worked_out_each_time_and_not_kept():
    context_processors._kept.cache_clear()
    path = "/bg/rules/?" + "q" * KEPT_PATH_MAX
    with translation.override("bg"):
        assert _url_in(path, "uk") == _translated(path, "uk")
    assert context_processors._kept.cache_info().currsize == 0
