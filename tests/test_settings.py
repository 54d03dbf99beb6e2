import json
import subprocess
import sys

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
