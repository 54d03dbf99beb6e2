import json
import subprocess
import sys

import pytest
from django.conf import settings


def database_from(url: str) -> dict:
    """DATABASES["default"] as the settings module builds it from DATABASE_URL."""
    code = (
        "import json; from belot_site import settings as s;"
        "print(json.dumps(s.DATABASES['default'], default=str))"
    )
    result = subprocess.run(
        [sys.executable, "-c", code],
        capture_output=True,
        text=True,
        check=True,
        cwd=settings.BASE_DIR,
        env={"DATABASE_URL": url, "PATH": "/usr/bin:/bin"},
    )
    return json.loads(result.stdout)


def test_a_sqlite_database_url_keeps_wal_and_immediate_transactions():
    database = database_from("sqlite:////tmp/belot-test.sqlite3")
    assert database["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    assert "journal_mode=WAL" in database["OPTIONS"]["init_command"]


def test_a_postgres_database_url_gets_no_sqlite_options():
    database = database_from("postgres://postgres@127.0.0.1:5432/belot")
    assert "transaction_mode" not in database.get("OPTIONS", {})


def test_a_postgres_database_url_gets_an_end_to_every_wait():
    """docs/security.md, "When the database stops answering"."""
    database = database_from("postgres://postgres@127.0.0.1:5432/belot")
    assert database["ENGINE"] == "belot_site.postgresql"
    options = database["OPTIONS"]
    assert options["options"].startswith("-c statement_timeout=5000 ")
    assert options["connect_timeout"] == 3
    assert options["keepalives"] == 1 and options["tcp_user_timeout"] == 6000
    assert settings.DATABASE_ANSWER_SECONDS > settings.DATABASE_STATEMENT_SECONDS


def test_a_statement_timeout_in_the_url_wins_for_a_long_maintenance_command():
    database = database_from(
        "postgres://postgres@127.0.0.1:5432/belot?options=-c%20statement_timeout%3D0"
    )
    assert database["OPTIONS"]["options"].startswith("-c statement_timeout=5000 ")
    assert database["OPTIONS"]["options"].endswith(" -c statement_timeout=0")


def test_a_postgres_database_sends_the_values_apart_and_its_errors_leave_them_out():
    """docs/security.md, "Keys and PostgreSQL's log"; tests/test_keys_in_postgresql.py shows it."""
    options = database_from("postgres://postgres@127.0.0.1:5432/belot")["OPTIONS"]
    assert options["server_side_binding"] is True
    assert "-c log_parameter_max_length_on_error=0" in options["options"]


@pytest.mark.parametrize(
    ("options", "seconds"),
    [
        ("-c statement_timeout=5000", 6),
        ("-c statement_timeout=5000 -c statement_timeout=0", None),
        ("-c statement_timeout=5000 -c statement_timeout=30s", 31),
        ("-c search_path=belot -c statement_timeout=2min", 121),
        ("-c search_path=belot", None),
        ("", None),
    ],
)
def test_the_wait_for_an_answer_ends_a_second_after_the_statement_timeout_in_effect(
    options, seconds
):
    from belot_site.postgresql.base import answer_seconds

    assert answer_seconds(options) == seconds
