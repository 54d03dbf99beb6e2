import gc
import shutil
import subprocess

import pytest

# What lets a test open the database (pytest-django refuses it to every other test).
DATABASE_FIXTURES = {
    "db",
    "transactional_db",
    "django_db_reset_sequences",
    "django_db_serialized_rollback",
    "live_server",
    "admin_user",
    "admin_client",
}
# Modules whose tests read the database's or the cache's settings without opening the database
# (a server started on DATABASE_URL, the settings parsed from it, the cache's backend): they
# answer differently on PostgreSQL even so.
READ_THE_SETTINGS = {
    "test_outage.py",
    "test_settings.py",
    "test_environ.py",
    "test_cache.py",
    "test_health.py",
}


# Python's cyclic garbage collector, tuned for a test process: what exists once the suite is
# collected is frozen (never scanned again), and the youngest generation is collected after
# 50,000 allocations instead of 700. The suite's requests allocate many short-lived objects and
# few cycles: the tests without a browser took 198 CPU-s instead of 207, the Django-level ones
# alone 12 % less (docs/performance.md, "make test"). Every generation is still collected.
GC_THRESHOLDS = (50_000, 20, 20)


def pytest_collection_finish(session):
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


def database_free(item) -> bool:
    if item.get_closest_marker("django_db") or item.get_closest_marker("own_database"):
        return False
    if DATABASE_FIXTURES & set(getattr(item, "fixturenames", ())):
        return False
    return item.path.name not in READ_THE_SETTINGS


def pytest_collection_modifyitems(items):
    """Tests that never open the database are marked ``database_free``: they run the same on
    any database, and CI's run on PostgreSQL alone (the cache each worker's memory, as on
    SQLite) leaves them out (.ci/run).

    Tests marked ``long`` start first among the browser tests.

    pytest-django orders the tests as Django does (database tests, then transactional ones, the
    browser tests among them, then those without a database), and pytest-xdist's ``worksteal``
    hands each worker a run of tests in that order, stealing from the other's end
    when one runs out; a worker's last two tests are not stolen. A test of 10 s and more at the
    end of a run keeps one worker busy while the other waits: the tournament night, last in
    file order, once kept one of the two cores idle for the last 37 s of a 317 s `make test`
    (docs/performance.md, "make test"). Moved to the head of the browser tests, which stay
    together so that each worker starts Chromium once (tests/e2e/conftest.py, ``browsers``).
    This runs after pytest-django's own reordering (``tryfirst`` there).
    """
    for item in items:
        if database_free(item):
            item.add_marker(pytest.mark.database_free)
    first = next((i for i, item in enumerate(items) if item.get_closest_marker("browser")), None)
    if first is None:
        return
    items[first:] = sorted(items[first:], key=lambda item: not item.get_closest_marker("long"))


# The families the site's pages are drawn in, for their Cyrillic text: static/css/site.css's
# system-ui, and the monospace in which a browser sizes a field by its own columns.
FONT_FAMILIES = ("system-ui:lang=bg", "monospace:lang=bg")


def pytest_terminal_summary(terminalreporter):
    """Where a browser test failed, the fonts Chromium drew its pages in: a page's width and what
    fits on a line depend on them (Chromium asks fontconfig, as fc-match does). The browser
    tests pass with DejaVu Sans alone and with Nimbus Sans (14 % narrower) as system-ui."""
    stats = terminalreporter.stats
    reports = [*stats.get("failed", ()), *stats.get("error", ())]
    if not any("browser" in getattr(report, "keywords", ()) for report in reports):
        return
    if not shutil.which("fc-match"):
        return
    fonts = []
    for family in FONT_FAMILIES:
        found = subprocess.run(["fc-match", "-f", "%{family[0]}", family], capture_output=True)
        fonts.append(f"{family.split(':')[0]}: {found.stdout.decode()}")
    terminalreporter.write_line("Chromium's fonts here (fc-match): " + "; ".join(fonts))


@pytest.fixture(scope="session", autouse=True)
def _plain_static_storage(django_test_environment):
    """Tests render pages without running collectstatic first.

    Set once for the whole run, not test by test: between two tests the live server still
    answers what a page of the test before asks late (a watch page's poll in flight as its
    context was put back), and with the site's own storage back for that moment the 404 page's
    static links failed for want of a manifest. The 500 reached the next test through the test
    client, which takes any request's exception in the process as its own (CI, 2026-12-04:
    test_watching.py failed in create_match)."""
    from django.conf import settings
    from django.test import override_settings

    plain = {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"}
    with override_settings(STORAGES={**settings.STORAGES, "staticfiles": plain}):
        yield


@pytest.fixture(scope="session", autouse=True)
def _rules_come_back_after_a_flush():
    """A transactional test (the browser tests, the threads of test_concurrency) ends with a
    flush, which empties the rules the data migrations seeded. pytest-django runs those tests
    after the others, but pytest-xdist's work stealing can hand a worker a test that reads the
    rules after it: so after every flush, as after ``migrate``, the rules are put back the way
    the migrations leave them. Django's flush sends ``post_migrate``, as it does for the content
    types and permissions it puts back."""
    from django.contrib.contenttypes.models import ContentType
    from django.db.models.signals import post_migrate

    from rules.models import Section
    from rules.seed import load_sections

    def put_back(sender, using, **kwargs):
        if sender.name == "rules" and not Section.objects.using(using).exists():
            load_sections(Section)
        ContentType.objects.clear_cache()  # its rows are gone (django_db_setup below says why)

    post_migrate.connect(put_back, weak=False, dispatch_uid="tests: rules after a flush")
    yield
    post_migrate.disconnect(dispatch_uid="tests: rules after a flush")


@pytest.fixture(scope="session", autouse=True)
def _redis_database_per_worker():
    """With REDIS_URL and pytest-xdist, each worker has a Redis database of its own.

    Every test empties the cache (``_empty_cache``: FLUSHDB on Redis); two workers sharing one
    database would empty each other's mid-test. Worker N uses the database of REDIS_URL + N: CI
    picks a first database with as many empty ones from it as there are workers (.ci/run).
    """
    import os

    from asgiref.local import Local
    from django.conf import settings
    from django.core.cache import caches

    cache = settings.CACHES["default"]
    worker = os.environ.get("PYTEST_XDIST_WORKER", "gw0")
    index = int(worker.removeprefix("gw") or 0)
    if "redis" not in cache["BACKEND"].lower() or index == 0:
        return
    base, _, database = cache["LOCATION"].rpartition("/")
    if int(database or 0) + index > 15:
        pytest.exit(f"Redis database {int(database or 0) + index} for worker {worker}: past 15")
    cache["LOCATION"] = f"{base}/{int(database or 0) + index}"
    # The handler holds this very dict; a cache object made before now is dropped.
    caches._connections = Local(caches.thread_critical)


@pytest.fixture(autouse=True)
def _empty_cache(request, _redis_database_per_worker):
    """Counters and cached pages never leak from one test into the next.

    A test marked ``database_free`` runs the same on any database and any cache, so CI runs it
    once, on SQLite (.ci/run): that holds only while it reaches neither. pytest-django refuses
    it the database; here it is refused Django's cache (``caches`` and ``cache`` alike), so that
    a test that needs the cache says so, with a database marker or in READ_THE_SETTINGS."""
    from django.core.cache import CacheHandler, cache

    if request.node.get_closest_marker("database_free"):

        def refused(self, alias):
            raise AssertionError(
                f"{request.node.nodeid} is marked database_free but uses the cache {alias!r}: "
                "mark it django_db, or add its module to READ_THE_SETTINGS (tests/conftest.py)"
            )

        with pytest.MonkeyPatch.context() as patch:
            patch.setattr(CacheHandler, "__getitem__", refused)
            yield
        return
    cache.clear()
    yield
    cache.clear()


@pytest.fixture(scope="session")
def django_db_setup(django_db_setup):
    """Once the test database is migrated, a transactional test's flush does not make the
    content types and permissions again: that was half of the flush (some 40 ms of 80 on a slow
    machine, after each of some 250 tests). No test reads a permission (the admin's users are
    superusers), and a content type is made when first asked for (ContentType.objects)."""
    from django.contrib.auth.management import create_permissions
    from django.contrib.contenttypes.management import create_contenttypes
    from django.db.models.signals import post_migrate

    uid = "django.contrib.auth.management.create_permissions"
    post_migrate.disconnect(create_contenttypes)
    post_migrate.disconnect(create_permissions, dispatch_uid=uid)
    yield
    post_migrate.connect(create_contenttypes)
    post_migrate.connect(create_permissions, dispatch_uid=uid)


@pytest.fixture(scope="session")
def django_db_modify_db_settings(request, tmp_path_factory):
    """SQLite tests use a database file, not Django's shared in-memory one.

    Threads in tests/test_concurrency.py need what the site runs on: separate connections to one
    file, with WAL and immediate transactions (an in-memory database has no WAL and locks whole
    tables instead). The path is unique to the session and to each xdist worker.
    """
    from django.conf import settings

    database = settings.DATABASES["default"]
    test = database.setdefault("TEST", {})
    if database["ENGINE"] == "belot_site.sqlite3" and not test.get("NAME"):
        test["NAME"] = str(tmp_path_factory.mktemp("db") / "test.sqlite3")
    # Then pytest-django's suffix for each xdist worker (it takes only Django's own SQLite
    # backend for one, so the name is set first).
    request.getfixturevalue("django_db_modify_db_settings_parallel_suffix")
