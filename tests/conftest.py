import pytest


@pytest.fixture(autouse=True)
def _plain_static_storage(settings):
    """Tests render pages without running collectstatic first."""
    settings.STORAGES = {
        **settings.STORAGES,
        "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
    }


@pytest.fixture(autouse=True)
def _empty_cache():
    """Counters and cached pages never leak from one test into the next."""
    from django.core.cache import cache

    cache.clear()
    yield
    cache.clear()


@pytest.fixture(scope="session")
def django_db_modify_db_settings(django_db_modify_db_settings_parallel_suffix, tmp_path_factory):
    """SQLite tests use a database file, not Django's shared in-memory one.

    Threads in tests/test_concurrency.py need what the site runs on: separate connections to one
    file, with WAL and immediate transactions (an in-memory database has no WAL and locks whole
    tables instead). The path is unique to the session and to each xdist worker.
    """
    from django.conf import settings

    database = settings.DATABASES["default"]
    test = database.setdefault("TEST", {})
    if database["ENGINE"] == "django.db.backends.sqlite3" and not test.get("NAME"):
        test["NAME"] = str(tmp_path_factory.mktemp("db") / "test.sqlite3")
