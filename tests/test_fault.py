"""A server killed while deals are being saved loses no acknowledged deal and keeps no half of one.

The real server (2 workers, belot_site/serve.py as `make serve` starts it) serves a temporary SQLite file with
the site's WAL and immediate-transaction options. Four phones enter deals on their own matches
(preview, then save) while the whole process group gets SIGKILL; then the server starts again on
the same file and port. Takes about 5 s.
"""

import http.client
import json
import random
import sqlite3
import threading
import time
from datetime import datetime

import pytest

from benchmarks.load import Phone, Site, deal_for, site_env, sqlite_url
from calculator import engine

# Its servers and commands run on SQLite files of their own, without Redis, whatever the
# suite runs on (CI leaves it out of the run on PostgreSQL alone).
pytestmark = pytest.mark.own_database

PHONES = 4
DEALS_MAX = 200  # per phone; the kill comes long before
KILL_AFTER = 30  # acknowledged deals in all
# A cap, not a deadline: the phones reach KILL_AFTER in a second or two here, and on a machine
# however busy the kill waits for them; only a server that stops answering meets the cap.
SECONDS_MAX = 300


class Scorer(threading.Thread):
    """A phone entering deals one after another until the server stops answering."""

    def __init__(self, port: int, index: int):
        super().__init__(daemon=True)
        self.phone = Phone(port, timeout=10)
        self.key = self.phone.start_match(f"Ние {index}", "Вие")
        self.sent, self.acknowledged, self.other = [], [], []
        self.deadline = time.monotonic() + SECONDS_MAX

    def run(self) -> None:
        for number in range(1, DEALS_MAX + 1):
            if time.monotonic() > self.deadline:
                return
            self.sent.append(number)
            try:
                outcome = self.phone.record_deal(self.key, deal_for(number)[0])
            except (OSError, http.client.HTTPException):  # the kill: no answer, or half of one
                return
            if outcome != "saved":
                self.other.append(f"deal {number}: {outcome}")
                return
            self.acknowledged.append(number)


def read_matches(database) -> dict[str, dict]:
    """Straight from the file: each match's deals, and when the match was last written."""
    with sqlite3.connect(database) as db:
        matches = {
            key: {"updated": datetime.fromisoformat(updated), "deals": []}
            for key, updated in db.execute("SELECT scorer_key, updated FROM calculator_match")
        }
        rows = db.execute(
            "SELECT m.scorer_key, d.number, d.data, d.created FROM calculator_deal d"
            " JOIN calculator_match m ON m.id = d.match_id ORDER BY d.match_id, d.number"
        )
        for key, number, data, created in rows:
            matches[key]["deals"].append(
                (number, json.loads(data), datetime.fromisoformat(created))
            )
    return matches


@pytest.fixture
def site(tmp_path):
    server = Site(site_env(sqlite_url(tmp_path / "db.sqlite3")), tmp_path / "server.log")
    server.manage("migrate", "--noinput")
    yield server
    server.stop()


def test_a_killed_server_keeps_every_acknowledged_deal_and_no_half_saved_one(site, tmp_path):
    site.start()
    scorers = [Scorer(site.port, index) for index in range(PHONES)]
    for scorer in scorers:
        scorer.start()
    deadline = time.monotonic() + SECONDS_MAX
    while sum(len(s.acknowledged) for s in scorers) < KILL_AFTER and time.monotonic() < deadline:
        if not any(scorer.is_alive() for scorer in scorers):
            break  # every phone stopped before the kill: the assertions below say why
        time.sleep(0.005)
    time.sleep(random.uniform(0, 0.05))  # anywhere in a preview or a save
    site.kill()
    for scorer in scorers:
        scorer.join(15)
    assert not any(scorer.is_alive() for scorer in scorers), "a phone still waits for an answer"
    assert [scorer.other for scorer in scorers] == [[]] * PHONES
    assert sum(len(scorer.acknowledged) for scorer in scorers) >= KILL_AFTER

    database = tmp_path / "db.sqlite3"
    with sqlite3.connect(database) as db:
        assert db.execute("PRAGMA integrity_check").fetchall() == [("ok",)]
    matches = read_matches(database)
    for scorer in scorers:
        deals = matches[scorer.key]["deals"]
        numbers = [number for number, _data, _created in deals]
        # Every acknowledged deal is there, and at most the one in flight at the kill besides.
        assert numbers == list(range(1, len(numbers) + 1)), scorer.key
        assert scorer.acknowledged == list(range(1, len(scorer.acknowledged) + 1))
        assert len(scorer.acknowledged) <= len(numbers) <= len(scorer.sent), scorer.key
        # Each row is the whole deal that phone sent under that number...
        assert [engine.deal_from_dict(data) for _n, data, _c in deals] == [
            deal_for(number)[1] for number in numbers
        ]
        # ...and the match row was written in the same transaction as the last deal.
        if deals:
            assert matches[scorer.key]["updated"] >= deals[-1][2], scorer.key

    site.start()
    for scorer in scorers:
        scorer.phone.close()  # its connection died with the server
        # The restarted server gives the match back whole, the engine folds it...
        export = json.loads(scorer.phone.get(f"/m/{scorer.key}/export.json").body)
        del export["teams"], export["players"]
        profile, first_dealer, exported = engine.match_from_dict(export)
        engine.fold_match(profile, first_dealer, exported)
        numbers = range(1, len(matches[scorer.key]["deals"]) + 1)
        assert list(exported) == [deal_for(number)[1] for number in numbers]
        # ...and takes the next deal, entered on a deal page opened anew: the page the phone had
        # is older than the match when the kill came after a save but before its answer (the
        # site then rightly refuses it as a write from an older page, and says so).
        scorer.phone.versions.pop(scorer.key, None)
        assert scorer.phone.record_deal(scorer.key, deal_for(len(numbers) + 1)[0]) == "saved"
