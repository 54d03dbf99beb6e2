"""Django's SQLite backend, with the writers of one server worker taking turns as they come.

SQLite lets one writer in at a time. The site's transactions are immediate (settings), so each
asks for the write lock at its BEGIN, and one that finds it taken waits in SQLite's busy handler,
which sleeps and tries again, each sleep longer than the last (up to 100 ms). A writer that wakes
just after another took the lock sleeps again: under a table's saves at once, one save could
lose its turn again and again while newer ones went in (the load benchmark's saves on SQLite:
p50 81-99 ms, p95 0.7-1.2 s; docs/performance.md). Here the threads of a worker queue on a lock
of their own before their BEGIN and each is let in as soon as the one before it ends; SQLite's
busy handler orders only the few workers of a machine, one writer each at most.

A turn ends with its transaction: committed, rolled back, or its connection closed. A writer
waits for its turn as long as SQLite's own busy timeout (the ``timeout`` option), then fails as
SQLite would ("database is locked").
"""

import threading

from django.db import OperationalError
from django.db.backends.sqlite3 import base


class DatabaseWrapper(base.DatabaseWrapper):
    writers = threading.Lock()  # one for the whole process: every thread's connection
    holds_turn = False

    def _start_transaction_under_autocommit(self):
        if self.transaction_mode in ("IMMEDIATE", "EXCLUSIVE"):
            waited = self.settings_dict["OPTIONS"].get("timeout", 5)
            if not self.writers.acquire(timeout=waited):
                raise OperationalError("database is locked")
            self.holds_turn = True
        try:
            super()._start_transaction_under_autocommit()
        except BaseException:
            self._end_turn()
            raise

    def _end_turn(self):
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
