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
