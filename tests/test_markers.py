"""The markers CI's runs on PostgreSQL select by (tests/conftest.py, .ci/run)."""

from pathlib import Path

import pytest

from tests.conftest import READ_THE_SETTINGS

TESTS = Path(__file__).resolve().parent


def test_a_test_that_never_opens_the_database_is_database_free(request):
    assert request.node.get_closest_marker("database_free")


def test_a_database_free_test_is_refused_the_cache_as_it_is_the_database():
    """So CI may run it on SQLite alone: it cannot answer differently on PostgreSQL or Redis."""
    from django.core.cache import cache, caches

    with pytest.raises(AssertionError, match="is marked database_free but uses the cache"):
        cache.get("any")
    with pytest.raises(AssertionError, match="uses the cache 'default'"):
        caches["default"]


@pytest.mark.django_db
def test_a_test_marked_for_the_database_may_use_the_cache(request):
    from django.core.cache import cache

    cache.set("key", "value")
    assert cache.get("key") == "value"


@pytest.mark.django_db
def test_a_test_marked_for_the_database_is_not(request):
    assert not request.node.get_closest_marker("database_free")


def test_a_test_asking_for_the_database_by_fixture_is_not(request, db):
    assert not request.node.get_closest_marker("database_free")


@pytest.mark.own_database
def test_a_test_with_a_database_of_its_own_is_not(request):
    assert not request.node.get_closest_marker("database_free")


def test_the_modules_that_read_the_settings_are_still_there():
    """A module renamed would silently be marked database_free, and left out on PostgreSQL."""
    assert all((TESTS / name).is_file() for name in READ_THE_SETTINGS)


def test_the_plain_static_storage_holds_between_tests_too(request):
    """Set for the whole run (tests/conftest.py, _plain_static_storage), not by each test's
    own settings, which are put back between tests while the live server may still answer a
    page of the test before."""
    from django.conf import settings

    assert "settings" not in request.fixturenames
    storage = settings.STORAGES["staticfiles"]["BACKEND"]
    assert storage == "django.contrib.staticfiles.storage.StaticFilesStorage"
