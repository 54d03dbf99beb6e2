"""Scorers writing at the same time lose nothing and record nothing twice.

Each thread is a phone with its own test client and its own database connection, against the
database the suite runs on (a SQLite file with WAL and immediate transactions, or PostgreSQL).
A save is acknowledged when it redirects to the match page without a message; a conflict
redirects there with the "already recorded" warning. Afterwards the stored deals are compared
with the acknowledgements.
"""

import contextlib
import fcntl
import functools
import os
import threading
import time
from concurrent.futures import ThreadPoolExecutor
from types import SimpleNamespace

import pytest
from django.contrib import messages
from django.contrib.messages.storage.cookie import CookieStorage
from django.db import DEFAULT_DB_ALIAS, OperationalError, connection, connections, transaction
from django.http import HttpRequest
from django.test import Client
from django.urls import reverse

from calculator import engine
from calculator.models import Deal, Match, Table
from calculator.tables import views as table_views
from tests.calculator.conftest import (
    create_match,
    current_version,
    deal_fields,
    preview_key_of,
    saved_from,
)
from tests.calculator.test_table_http import create_table

pytestmark = pytest.mark.django_db(transaction=True)

A, B = engine.Team.A, engine.Team.B
HEARTS, SPADES = engine.Contract.HEARTS, engine.Contract.SPADES

# A cycle of deals as the form takes them, with the engine's value for each; None: all passed.
DEALS = [
    ({"card_points": 87}, engine.PlayedDeal(A, HEARTS, engine.CardPoints(A, 87))),
    (None, engine.AllPassed()),
    (
        {"bidders": "B", "contract": "spades", "card_points": 95, "points_team": "B"},
        engine.PlayedDeal(B, SPADES, engine.CardPoints(B, 95)),
    ),
    (
        {"contract": "all_trumps", "card_points": 200, "quartes_a": 1, "belots_b": 1},
        engine.PlayedDeal(
            A,
            engine.Contract.ALL_TRUMPS,
            engine.CardPoints(A, 200),
            declarations_a=engine.TeamDeclarations(sequences=(engine.Sequence(4),)),
            declarations_b=engine.TeamDeclarations(belots=1),
        ),
    ),
    (
        {"bidders": "B", "contract": "no_trumps", "capot": "B"},
        engine.PlayedDeal(B, engine.Contract.NO_TRUMPS, capot=B),
    ),
]
SCORERS, DEALS_EACH = 8, 25  # each scorer goes through every deal of DEALS several times
RACERS, ROUNDS = 4, 40
TABLE_ROUNDS, ROSTER_RACERS = 10, 6


def save_outcome(client, match, response) -> str:
    """What a save got: "saved", "conflict" (the match page with a warning, or a new deal's
    page again with what was typed and a warning), or the status. The message is then cleared,
    as the match page would show it, so that it cannot count for the next save."""
    if response.status_code == 200 and 'class="message warning"' in response.content.decode():
        return "conflict"  # another phone's deal took the number: this one comes back
    if response.status_code != 302 or response["Location"] != match.get_scorer_url():
        return f"status {response.status_code}"
    request = HttpRequest()
    morsel = response.cookies.get("messages")
    request.COOKIES = {"messages": morsel.value} if morsel is not None else {}
    levels = [note.level for note in CookieStorage(request)]
    client.cookies.pop("messages", None)
    if not levels:
        return "saved"
    return "conflict" if levels == [messages.WARNING] else f"messages {levels}"


def preview(client, match, data):
    """The preview the deal page's script asks for as the scorer types; with its key."""
    return client.post(f"/m/{match.scorer_key}/deal/preview/", data)


def post_deal(client, match, number, fields):
    """One deal as a phone sends it: preview, then save with the preview's key."""
    if fields is None:
        data = {"number": number, "version": current_version(match)}
        return client.post(f"/m/{match.scorer_key}/all-passed/", data)
    data = deal_fields(number, version=current_version(match), **fields)
    shown = preview(client, match, data)
    if shown.status_code != 200:
        return shown
    return client.post(f"/m/{match.scorer_key}/deal/", {**data, **saved_from(shown)})


def in_thread(work):
    """Run ``work`` as a phone would: its own connection, closed when done."""

    def run(*args):
        try:
            return work(*args)
        finally:
            connections.close_all()

    return run


def stored(match: Match) -> list[tuple[int, dict]]:
    return list(Deal.objects.filter(match=match).order_by("number").values_list("number", "data"))


def test_the_suite_shares_a_database_file_with_wal_and_immediate_transactions():
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only")
    assert not connection.creation.is_in_memory_db(connection.settings_dict["NAME"])
    connection.ensure_connection()  # the mode is read from the settings when it connects
    assert connection.transaction_mode == "IMMEDIATE"
    with connection.cursor() as cursor:
        cursor.execute("PRAGMA journal_mode")
        assert cursor.fetchone()[0] == "wal"


def sqlite_only():
    if connection.vendor != "sqlite":
        pytest.skip("SQLite only")


class Turns:
    """The backend's lock, counting the writers that found it taken."""

    def __init__(self):
        self.lock, self.waited = threading.Lock(), 0
        self.waiting = threading.Event()  # a writer found it taken and waits

    def acquire(self, timeout: float) -> bool:
        if self.lock.acquire(blocking=False):
            return True
        self.waited += 1
        self.waiting.set()
        return self.lock.acquire(timeout=timeout)

    def release(self) -> None:
        self.lock.release()


def test_a_worker_s_writers_take_turns_and_the_next_goes_in_when_one_ends(client, monkeypatch):
    """belot_site/sqlite3: a writer waits for the one before it on the worker's own lock (not
    in SQLite's sleeping busy handler) and goes in once it commits or rolls back."""
    sqlite_only()
    match = create_match(client)
    happened, first_in, let_go = [], threading.Event(), threading.Event()
    turns = Turns()
    monkeypatch.setattr(type(connections[DEFAULT_DB_ALIAS]), "writers", turns)

    @in_thread
    def first(end: str):
        with contextlib.suppress(RuntimeError), transaction.atomic():
            Match.objects.filter(pk=match.pk).update(team_a="Първи")
            happened.append("first in")
            first_in.set()
            let_go.wait(30)
            happened.append(f"first {end}")
            if end == "rolls back":
                raise RuntimeError(end)

    @in_thread
    def second():
        with transaction.atomic():
            happened.append("second in")
            return Match.objects.get(pk=match.pk).team_a

    for end, seen in (("commits", "Първи"), ("rolls back", match.team_a)):
        Match.objects.filter(pk=match.pk).update(team_a=match.team_a)
        happened.clear(), first_in.clear(), let_go.clear(), turns.waiting.clear()
        with ThreadPoolExecutor(2) as pool:
            one = pool.submit(first, end)
            assert first_in.wait(30)
            two = pool.submit(second)
            # It waits while the first holds the turn: let go once it does, however long the
            # machine takes to get it there (a fixed half second was not always enough).
            assert turns.waiting.wait(30)
            happened.append("let go")
            let_go.set()
            one.result(30)
            assert two.result(30) == seen
        assert happened == ["first in", "let go", f"first {end}", "second in"], end
    assert turns.waited == 2  # each time, the second waited for its turn on the worker's lock


class OtherProcess:
    """Another process's hold on the machine's turn (belot_site/sqlite3): the lock file opened
    on its own, as a second process opens it (a flock belongs to an open file); counts the
    writers that found the turn taken."""

    def __init__(self, monkeypatch):
        from belot_site.sqlite3 import base

        self.path = f"{connection.settings_dict['NAME']}-writers"
        self.fd = os.open(self.path, os.O_RDWR | os.O_CREAT)
        self.refused = 0
        self.waiting = threading.Event()
        flock = fcntl.flock

        def counted(fd, operation):
            try:
                return flock(fd, operation)
            except BlockingIOError:
                self.refused += 1
                self.waiting.set()
                raise

        monkeypatch.setattr(base, "fcntl", SimpleNamespace(**{**vars(fcntl), "flock": counted}))

    def take(self):
        fcntl.flock(self.fd, fcntl.LOCK_EX | fcntl.LOCK_NB)

    def give_back(self):
        fcntl.flock(self.fd, fcntl.LOCK_UN)

    def close(self):
        os.close(self.fd)


@pytest.fixture
def other_process(monkeypatch):
    sqlite_only()
    other = OtherProcess(monkeypatch)
    yield other
    other.close()


def test_a_writer_waits_while_another_process_writes_and_goes_in_when_it_ends(
    client, other_process
):
    match = create_match(client)
    other_process.take()

    @in_thread
    def write():
        with transaction.atomic():
            Match.objects.filter(pk=match.pk).update(team_a="После")

    with ThreadPoolExecutor(1) as pool:
        done = pool.submit(write)
        assert other_process.waiting.wait(30)  # it found the turn taken and asks again
        assert not done.done()
        assert Match.objects.get(pk=match.pk).team_a == match.team_a
        other_process.give_back()
        done.result(30)
    assert Match.objects.get(pk=match.pk).team_a == "После"
    other_process.take()  # the writer gave the machine's turn back with its commit
    other_process.give_back()


@pytest.mark.parametrize("holder", ["another thread of the worker", "another process"])
def test_a_writer_that_waits_past_the_busy_timeout_fails_as_sqlite_would(
    client, monkeypatch, request, holder
):
    sqlite_only()
    match = create_match(client)
    monkeypatch.setitem(connection.settings_dict["OPTIONS"], "timeout", 0.2)
    if holder == "another process":
        other = request.getfixturevalue("other_process")
        take, give_back = other.take, other.give_back
    else:
        writers = type(connections[DEFAULT_DB_ALIAS]).writers
        take, give_back = functools.partial(writers.acquire, timeout=5), writers.release
    take()
    try:

        @in_thread
        def late():
            with transaction.atomic():
                Match.objects.filter(pk=match.pk).update(team_a="Късно")

        with pytest.raises(OperationalError, match="database is locked"):
            late()
        if holder == "another process":
            assert other.refused > 1  # it asked again until its time was up
    finally:
        give_back()
    assert Match.objects.get(pk=match.pk).team_a == match.team_a
    # Both turns were given back: the next writer of this process goes in.
    late()
    assert Match.objects.get(pk=match.pk).team_a == "Късно"


def test_a_forked_process_opens_the_turn_s_file_itself(tmp_path, monkeypatch):
    """A flock belongs to an open file: a worker forked from a process that had opened the
    lock file would share its turn through it, and both would write at once."""
    from belot_site.sqlite3.base import MachineTurn

    turn = MachineTurn(str(tmp_path / "db.sqlite3-writers"))
    assert turn.take(time.monotonic() + 5)
    parent = os.getpid()
    monkeypatch.setattr(os, "getpid", lambda: parent + 1)  # the same object, in a child
    try:
        assert not turn.take(time.monotonic() + 0.05)
    finally:
        monkeypatch.undo()
        os.close(turn.fd)  # the "child's" file; the parent's is closed with the process


def test_a_process_that_cannot_open_the_turn_s_file_writes_without_it_and_says_why(
    client, tmp_path, monkeypatch, caplog
):
    """The turn only orders the writers (SQLite's lock keeps them apart): a file another user
    made and this one cannot open costs the order, never a write."""
    sqlite_only()
    from belot_site.sqlite3.base import MachineTurn

    match = create_match(client)
    path = f"{connection.settings_dict['NAME']}-writers"
    unopenable = MachineTurn(str(tmp_path / "gone" / "db.sqlite3-writers"))
    DatabaseWrapper = type(connections[DEFAULT_DB_ALIAS])  # noqa: N806
    monkeypatch.setitem(DatabaseWrapper.machine_turns, path, unopenable)
    for name in ("Първо", "Второ"):
        with transaction.atomic():
            Match.objects.filter(pk=match.pk).update(team_a=name)
        assert Match.objects.get(pk=match.pk).team_a == name
    said = [r.getMessage() for r in caplog.records if r.name == "belot_site.sqlite3.base"]
    assert len(said) == 1, said  # once for the process, not once a write
    assert "writers' turn file" in said[0] and "No such file" in said[0]


def test_eight_scorers_recording_twenty_five_deals_each_at_once_lose_nothing(client):
    matches = [create_match(client, team_a=f"Ние {n}") for n in range(SCORERS)]

    @in_thread
    def scorer(index, match):
        phone, outcomes = Client(), []
        for number in range(1, DEALS_EACH + 1):
            fields, _deal = DEALS[(index + number) % len(DEALS)]
            outcomes.append(save_outcome(phone, match, post_deal(phone, match, number, fields)))
        return outcomes

    with ThreadPoolExecutor(SCORERS) as pool:
        results = list(pool.map(scorer, range(SCORERS), matches, timeout=120))

    for index, (match, outcomes) in enumerate(zip(matches, results, strict=True)):
        assert outcomes == ["saved"] * DEALS_EACH, f"scorer {index}"
        expected = [DEALS[(index + n) % len(DEALS)][1] for n in range(1, DEALS_EACH + 1)]
        assert stored(match) == [
            (number, engine.deal_to_dict(deal)) for number, deal in enumerate(expected, start=1)
        ]
    assert Deal.objects.count() == SCORERS * DEALS_EACH


def test_four_phones_racing_for_the_same_deal_record_it_exactly_once(client):
    match = create_match(client)
    start = threading.Barrier(RACERS, timeout=60)

    def race_deal(racer, number):
        """Odd rounds: each phone a different deal (to tell which one won); even: all passed."""
        if number % 2 == 0:
            return None, engine.AllPassed()
        points = 82 + 7 * racer
        return {"card_points": points}, engine.PlayedDeal(A, HEARTS, engine.CardPoints(A, points))

    @in_thread
    def racer(index):
        phone, outcomes = Client(), []
        url = f"/m/{match.scorer_key}/deal/"
        try:
            for number in range(1, ROUNDS + 1):
                fields, _deal = race_deal(index, number)
                if fields is None:
                    seen = {"number": number, "version": current_version(match)}
                    start.wait()
                    response = phone.post(f"/m/{match.scorer_key}/all-passed/", seen)
                else:
                    data = deal_fields(number, version=current_version(match), **fields)
                    shown = preview(phone, match, data)
                    assert shown.status_code == 200
                    key = preview_key_of(shown)
                    start.wait()
                    save = {**data, "action": "save", "preview_key": key}
                    response = phone.post(url, save)
                outcomes.append(save_outcome(phone, match, response))
                # Everyone has answered before the next deal is previewed.
                start.wait()
        except BaseException:
            start.abort()
            raise
        return outcomes

    with ThreadPoolExecutor(RACERS) as pool:
        results = list(pool.map(racer, range(RACERS), timeout=120))

    by_round = [[outcomes[number] for outcomes in results] for number in range(ROUNDS)]
    for number, outcomes in enumerate(by_round, start=1):
        assert sorted(outcomes) == ["conflict"] * (RACERS - 1) + ["saved"], f"deal {number}"
    rows = stored(match)
    assert [number for number, _data in rows] == list(range(1, ROUNDS + 1))
    for (number, data), outcomes in zip(rows, by_round, strict=True):
        winner = outcomes.index("saved")
        assert data == engine.deal_to_dict(race_deal(winner, number)[1]), f"deal {number}"
    engine.fold_match(
        match.profile, match.first_dealer, [engine.deal_from_dict(d) for _, d in rows]
    )


# A table's keepers at the same time: the form's checks hold again inside the locked transaction


def race(count: int, work) -> list:
    """``work(index)`` in ``count`` threads, each with its own connection, released at once."""
    start = threading.Barrier(count, timeout=60)

    @in_thread
    def racer(index):
        start.wait()
        return work(index)

    with ThreadPoolExecutor(count) as pool:
        return list(pool.map(racer, range(count), timeout=120))


def checked_first(monkeypatch, service: str, count: int) -> None:
    """The worst interleaving, every time: each of ``count`` requests has passed its form's
    checks against the table as it was before any of them calls ``service`` to write."""
    write = getattr(table_views, service)
    checked = threading.Barrier(count, timeout=60)

    def after_every_check(**kwargs):
        checked.wait()
        return write(**kwargs)

    monkeypatch.setattr(table_views, service, after_every_check)


def refused_with(response, text: str) -> bool:
    return response.status_code == 400 and text in response.content.decode()


def test_one_match_added_to_two_tables_at_once_joins_exactly_one(client, monkeypatch):
    keepers = [Client(), Client()]
    tables = [create_table(keeper) for keeper in keepers]
    rosters = [table.players for table in tables]
    checked_first(monkeypatch, "table_match_add", 2)
    for round_ in range(TABLE_ROUNDS):
        match = create_match(client, player_1="Ана", player_2=f"Нов {round_}")

        def add(index, match=match):
            url = reverse("calculator:table-add", args=[tables[index].keeper_key])
            response = keepers[index].post(url, {"link": f"/m/{match.scorer_key}/"})
            if response.status_code == 302:
                return "added"
            return "taken" if refused_with(response, "Този мач вече е на друга маса.") else "?"

        outcomes = race(2, add)
        assert sorted(outcomes) == ["added", "taken"], f"round {round_}: {outcomes}"
        winner = outcomes.index("added")
        match.refresh_from_db()
        assert match.table_id == tables[winner].pk, f"round {round_}"
        rosters[winner] = [*rosters[winner], f"Нов {round_}"]
        for table, roster in zip(tables, rosters, strict=True):
            table.refresh_from_db()
            assert table.players == roster, f"round {round_}"


def roster_outcome(response) -> str:
    if response.status_code == 302:
        return "added"
    full = refused_with(response, "На една маса има най-много 16 играчи.")
    return "full" if full else f"status {response.status_code}"


def test_players_added_to_a_roster_at_once_never_take_it_past_its_limit(client, monkeypatch):
    table = create_table(client)  # 5 players; 16 at most: room for two lots of 4
    keepers = [Client() for _ in range(ROSTER_RACERS)]
    url = reverse("calculator:table-players", args=[table.keeper_key])
    checked_first(monkeypatch, "table_players_add", ROSTER_RACERS)

    def add(index):
        names = "\n".join(f"Играч {index}-{n}" for n in range(4))
        return roster_outcome(keepers[index].post(url, {"players": names}))

    outcomes = race(ROSTER_RACERS, add)
    table.refresh_from_db()
    assert sorted(outcomes) == ["added"] * 2 + ["full"] * (ROSTER_RACERS - 2), outcomes
    added = [index for index, outcome in enumerate(outcomes) if outcome == "added"]
    assert sorted(table.players[5:]) == sorted(f"Играч {i}-{n}" for i in added for n in range(4))


def test_matches_bringing_new_players_at_once_never_take_a_roster_past_its_limit(
    client, monkeypatch
):
    table = create_table(client)  # 5 players; 16 at most: room for two matches of 4 new ones
    keepers = [Client() for _ in range(ROSTER_RACERS)]
    matches = [
        create_match(client, **{f"player_{seat}": f"Гост {index}-{seat}" for seat in range(1, 5)})
        for index in range(ROSTER_RACERS)
    ]
    url = reverse("calculator:table-add", args=[table.keeper_key])
    checked_first(monkeypatch, "table_match_add", ROSTER_RACERS)

    def add(index):
        return roster_outcome(
            keepers[index].post(url, {"link": f"/m/{matches[index].scorer_key}/"})
        )

    outcomes = race(ROSTER_RACERS, add)
    table.refresh_from_db()
    assert sorted(outcomes) == ["added"] * 2 + ["full"] * (ROSTER_RACERS - 2), outcomes
    assert len(table.players) == 13
    joined = set(Match.objects.filter(table=table).values_list("pk", flat=True))
    assert joined == {m.pk for m, out in zip(matches, outcomes, strict=True) if out == "added"}


def test_two_new_tables_for_one_match_at_once_make_one_table(client, monkeypatch):
    match = create_match(client, player_1="Ана")
    phones = [Client(), Client()]
    checked_first(monkeypatch, "table_create", 2)

    def create(index):
        data = {"name": f"Маса {index}", "players": "Ана\nБоби\nВики\nГого"}
        response = phones[index].post(f"/bg/table/new/?match={match.scorer_key}", data)
        if response.status_code == 302:
            return "created"
        return "taken" if refused_with(response, "Този мач вече е на друга маса.") else "?"

    outcomes = race(2, create)
    assert sorted(outcomes) == ["created", "taken"], outcomes
    match.refresh_from_db()
    assert Table.objects.get().name == f"Маса {outcomes.index('created')}" == match.table.name
