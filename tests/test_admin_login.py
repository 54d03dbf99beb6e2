"""The admin login: wrong passwords are slowed, the real admin is never locked out."""

from datetime import timedelta

import pytest
from axes.models import AccessAttempt
from django.conf import settings
from django.contrib.auth.models import User
from django.test import Client

pytestmark = pytest.mark.django_db


@pytest.fixture(autouse=True)
def _fast_password_hashing(settings):
    """These tests sign in hundreds of times in this process: a fast hasher saves most of a
    minute (the site keeps Django's slow default; tests that sign in to a server of their own
    must keep it too, since that process only knows the default)."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


PASSWORD = "a long and right password 42"
CAFE = "198.51.100.7"


@pytest.fixture
def admin_user():
    return User.objects.create_superuser("boss", "boss@belot.example", PASSWORD)


def login(client, password, username="boss"):
    return client.post("/admin/login/?next=/admin/", {"username": username, "password": password})


def signed_in(response) -> bool:
    return response.status_code == 302 and response["Location"] == "/admin/"


def guess(client, times, username="boss"):
    """Wrong passwords: the form says so until the limit, whose last one locks the pair out."""
    limit = settings.AXES_FAILURE_LIMIT
    for attempt in range(1, times + 1):
        expected = 200 if attempt < limit else 429
        assert login(client, f"guess {attempt}", username).status_code == expected


def test_after_ten_wrong_passwords_even_the_right_one_waits(admin_user, settings):
    guesser = Client(REMOTE_ADDR=CAFE, HTTP_ACCEPT_LANGUAGE="uk")
    guess(guesser, settings.AXES_FAILURE_LIMIT)
    refused = login(guesser, PASSWORD)
    assert refused.status_code == 429
    assert refused["Retry-After"] == "900"
    html = refused.content.decode()
    assert "Забагато хибних паролів" in html and "15 хвилин" in html
    assert "_auth_user_id" not in guesser.session


def test_fewer_wrong_passwords_are_not_held_against_the_admin(admin_user, settings):
    client = Client(REMOTE_ADDR=CAFE)
    guess(client, settings.AXES_FAILURE_LIMIT - 1)
    assert signed_in(login(client, PASSWORD))


def test_a_guesser_locks_out_neither_other_addresses_nor_other_accounts(admin_user, settings):
    guess(Client(REMOTE_ADDR=CAFE), settings.AXES_FAILURE_LIMIT)
    assert signed_in(login(Client(REMOTE_ADDR="203.0.113.9"), PASSWORD))
    User.objects.create_superuser("editor", "", PASSWORD)
    assert signed_in(login(Client(REMOTE_ADDR=CAFE), PASSWORD, username="editor"))


def test_wrong_passwords_from_every_address_of_one_ipv6_64_count_together(admin_user, settings):
    """A guesser given a /64 could take a new address for each password."""
    for attempt in range(1, settings.AXES_FAILURE_LIMIT + 1):
        guesser = Client(REMOTE_ADDR=f"2001:db8:1:2::{attempt:x}")
        expected = 200 if attempt < settings.AXES_FAILURE_LIMIT else 429
        assert login(guesser, f"guess {attempt}").status_code == expected
    assert login(Client(REMOTE_ADDR="2001:db8:1:2:ffff::1"), PASSWORD).status_code == 429
    assert AccessAttempt.objects.get().ip_address == "2001:db8:1:2::"
    assert signed_in(login(Client(REMOTE_ADDR="2001:db8:1:3::1"), PASSWORD))


def test_the_real_admin_behind_the_guessers_address_still_signs_in(admin_user, settings):
    """A device where the account has signed in before is never locked out."""
    admin = Client(REMOTE_ADDR=CAFE)
    assert signed_in(login(admin, PASSWORD))
    assert admin.cookies["admin_device"]["path"] == "/admin/"
    admin.post("/admin/logout/")
    guess(Client(REMOTE_ADDR=CAFE), settings.AXES_FAILURE_LIMIT + 5)
    assert login(Client(REMOTE_ADDR=CAFE), PASSWORD).status_code == 429
    assert signed_in(login(admin, PASSWORD))


def test_a_forged_device_cookie_does_not_help(admin_user, settings):
    guesser = Client(REMOTE_ADDR=CAFE)
    guesser.cookies["admin_device"] = "boss"
    guess(guesser, settings.AXES_FAILURE_LIMIT)
    assert login(guesser, PASSWORD).status_code == 429


def test_after_the_wait_the_admin_signs_in_again(admin_user, settings):
    client = Client(REMOTE_ADDR=CAFE)
    guess(client, settings.AXES_FAILURE_LIMIT)
    assert login(client, PASSWORD).status_code == 429
    long_ago = AccessAttempt.objects.get().attempt_time - timedelta(minutes=16)
    AccessAttempt.objects.update(attempt_time=long_ago)
    assert signed_in(login(client, PASSWORD))


def test_behind_a_proxy_the_configured_header_tells_guessers_apart(admin_user, settings):
    settings.CLIENT_IP_HEADER = "HTTP_X_REAL_IP"
    proxy = Client(REMOTE_ADDR="127.0.0.1")
    for attempt in range(settings.AXES_FAILURE_LIMIT):
        proxy.post(
            "/admin/login/", {"username": "boss", "password": f"x{attempt}"}, HTTP_X_REAL_IP=CAFE
        )
    assert (
        proxy.post(
            "/admin/login/", {"username": "boss", "password": PASSWORD}, HTTP_X_REAL_IP=CAFE
        ).status_code
        == 429
    )
    other = proxy.post(
        "/admin/login/?next=/admin/",
        {"username": "boss", "password": PASSWORD},
        HTTP_X_REAL_IP="203.0.113.9",
    )
    assert signed_in(other)
