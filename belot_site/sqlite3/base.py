"""Django's SQLite backend, with the writers of one machine taking turns as they come.

SQLite lets one writer in at a time. The site's transactions are immediate (settings), so each
asks for the write lock at its BEGIN, and one that finds it taken waits in SQLite's busy handler,
which sleeps and tries again, each sleep longer than the last (1, 2, 5, 10, 15, 20, 25 ... up to
100 ms). A writer that wakes just after another took the lock sleeps again: under a table's
saves at once, one save could lose its turn again and again while newer ones went in.

So a writer takes two turns before its BEGIN, and finds SQLite's own lock free but for a
process that does not take them (the sqlite3 shell, say):

- its worker's: the threads of a process queue on a lock of their own, and each is let in as
  soon as the one before it ends (docs/performance.md, "A worker's writers take turns");
- the machine's: the workers (and ``manage.py``) take an exclusive ``flock`` on a file beside
  the database (``<database>-writers``), asked for again every half millisecond while another
  process holds it. Before, a worker's writer that found the other worker's inside slept in
  SQLite's busy handler while the other worker's queue went in one after the other: in the
  load benchmark's mix, that sleep was longer than the lock was then held (mean 6 ms against
  5, p99 80-90 ms), and the saves' p95 was 128-147 ms against 81-91 ms with the file's turn
  (docs/performance.md, "The machine's writers take turns"). The kernel lets go of a flock when
  its process ends, however it ends.

A turn ends with its transaction: committed, rolled back, or its connection closed. A writer
waits for both turns together as long as SQLite's own busy timeout (the ``timeout`` option), then
fails as SQLite would ("database is locked"). An in-memory database has no file and no other
process: there the worker's turn is all.
"""

import fcntl
import logging
import os
import threading
import time

from django.db import OperationalError
from django.db.backends.sqlite3 import base

logger = logging.getLogger(__name__)

# How often a writer asks again for the machine's turn while another process holds it, and,
# after LONG_WAIT seconds of waiting (an import, a migration), how often then.
PAUSE = 0.0005
LONG_WAIT, LONG_PAUSE = 0.1, 0.002


class MachineTurn:
    """The turn of the processes writing to one database file: an exclusive ``flock`` on the
    file ``path``. Every process opens the file itself (a flock belongs to an open file, which a
    forked process would otherwise share with its parent).

    The turn only orders the writers; SQLite's own lock keeps them apart. So a process that
    cannot open the file (made by another user, and not readable) writes without it, as before
    there was one, and logs once why."""

    def __init__(self, path: str):
        self.path = path
        self.pid = self.fd = None

    def _fd(self) -> int | None:
        if self.pid != os.getpid():
            self.pid = os.getpid()
            try:
                # Read-only is enough for a flock, so any user who can read the file shares
                # the turn, whoever made it first (the server or a `manage.py` run as root).
                self.fd = os.open(self.path, os.O_RDONLY | os.O_CREAT | os.O_CLOEXEC, 0o644)
            except OSError as error:
                self.fd = None
                logger.warning("Writing without the writers' turn file %s: %s", self.path, error)
        return self.fd

    def take(self, deadline: float) -> bool:
        """Take the turn, waiting until ``deadline`` (time.monotonic) at most."""
        fd = self._fd()
        if fd is None:
            return True
        started = time.monotonic()
        while True:
            try:
                fcntl.flock(fd, fcntl.LOCK_EX | fcntl.LOCK_NB)
                return True
            except BlockingIOError:
                pass
            now = time.monotonic()
            if now >= deadline:
                return False
            time.sleep(PAUSE if now - started < LONG_WAIT else LONG_PAUSE)

    def give_back(self) -> None:
        if self.fd is not None:
            fcntl.flock(self.fd, fcntl.LOCK_UN)


class DatabaseWrapper(base.DatabaseWrapper):
    writers = threading.Lock()  # one for the whole process: every thread's connection
    machine_turns: dict[str, MachineTurn] = {}  # by lock file; used with ``writers`` held
    holds_turn = False
    machine_turn = None  # the MachineTurn this connection holds

    def _start_transaction_under_autocommit(self):
        try:
            if self.transaction_mode in ("IMMEDIATE", "EXCLUSIVE"):
                self._take_turns()
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._end_turn()  # whichever turns it took
            raise

    def _take_turns(self) -> None:
        """The worker's turn, then the machine's, within the busy timeout together."""
        waited = self.settings_dict["OPTIONS"].get("timeout", 5)
        deadline = time.monotonic() + waited
        if not self.writers.acquire(timeout=waited):
            raise OperationalError("database is locked")
        self.holds_turn = True
        if self.is_in_memory_db():
            return
        path = f"{self.settings_dict['NAME']}-writers"
        turn = self.machine_turns.get(path)
        if turn is None:
            turn = self.machine_turns[path] = MachineTurn(path)
        if not turn.take(deadline):
            raise OperationalError("database is locked")
        self.machine_turn = turn

    def _end_turn(self):
        if self.machine_turn is not None:
            turn, self.machine_turn = self.machine_turn, None
            turn.give_back()
        if self.holds_turn:
            self.holds_turn = False
            self.writers.release()

    def commit(self):
        try:
            super().commit()
        finally:
            self._end_turn()

    def rollback(self):
        try:
            super().rollback()
        finally:
            self._end_turn()

    def close(self):
        try:
            super().close()
        finally:
            self._end_turn()
