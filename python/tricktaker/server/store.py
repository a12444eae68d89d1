"""The server's store: every table, its seats and its event log in one SQLite file.

An event is appended and committed before the action is acknowledged to anyone, so a server
killed at any moment (``kill -9``) starts again with every acknowledged action: on start it
reads every table and replays its log. The file runs in WAL mode with ``synchronous=NORMAL``:
a commit survives the process dying at once (the write-ahead log is in the operating system's
hands), though not a power cut that loses the last moments; ``durable=True`` syncs every commit
to the disk as well (``synchronous=FULL``). Seat tokens are kept as SHA-256 hashes only.
``":memory:"`` keeps everything in memory (tests).
"""

from __future__ import annotations

import json
import sqlite3
import threading
import time
from collections.abc import Iterator
from dataclasses import dataclass

from tricktaker.server.table import SeatState, TableSpec

__all__ = ["StoredTable", "Store"]

_SCHEMA = """
CREATE TABLE IF NOT EXISTS tables (
    id TEXT PRIMARY KEY,
    game TEXT NOT NULL,
    preset TEXT,
    options TEXT NOT NULL,
    match INTEGER NOT NULL,
    first_record TEXT NOT NULL,
    created REAL NOT NULL
);
CREATE TABLE IF NOT EXISTS seats (
    table_id TEXT NOT NULL REFERENCES tables(id),
    seat INTEGER NOT NULL,
    kind TEXT NOT NULL,
    bot TEXT,
    token_hash TEXT,
    PRIMARY KEY (table_id, seat)
);
CREATE TABLE IF NOT EXISTS events (
    table_id TEXT NOT NULL REFERENCES tables(id),
    idx INTEGER NOT NULL,
    seat INTEGER NOT NULL,
    action TEXT NOT NULL,
    note TEXT,
    PRIMARY KEY (table_id, idx)
);
"""


@dataclass(frozen=True)
class StoredTable:
    """A table as the store holds it: what it was created from and its log."""

    spec: TableSpec
    first_record: str
    log: list[tuple[int, str, str | None]]


class Store:
    """The SQLite file of every table (thread-safe: one connection behind a lock)."""

    def __init__(self, path: str = ":memory:", *, durable: bool = False) -> None:
        self.path = path
        self._lock = threading.Lock()
        self._db = sqlite3.connect(path, check_same_thread=False, isolation_level=None)
        self._db.execute("PRAGMA journal_mode=WAL")
        self._db.execute(f"PRAGMA synchronous={'FULL' if durable else 'NORMAL'}")
        self._db.execute("PRAGMA foreign_keys=ON")
        self._db.executescript(_SCHEMA)

    def close(self) -> None:
        with self._lock:
            self._db.close()

    def add_table(self, spec: TableSpec, first_record: str) -> None:
        """Write a new table and its seats in one transaction."""
        with self._lock, self._db:
            self._db.execute("BEGIN")
            self._db.execute(
                "INSERT INTO tables VALUES (?, ?, ?, ?, ?, ?, ?)",
                (
                    spec.table_id,
                    spec.game,
                    spec.preset,
                    json.dumps(spec.options, sort_keys=True),
                    int(spec.match),
                    first_record,
                    time.time(),
                ),
            )
            self._db.executemany(
                "INSERT INTO seats VALUES (?, ?, ?, ?, ?)",
                [
                    (spec.table_id, seat, s.kind, s.bot, s.token_hash)
                    for seat, s in enumerate(spec.seats)
                ],
            )

    def append_event(
        self, table_id: str, index: int, seat: int, action: str, note: str | None = None
    ) -> None:
        """Append one event and commit it; an index already taken raises (the log is never
        rewritten)."""
        with self._lock, self._db:
            self._db.execute(
                "INSERT INTO events VALUES (?, ?, ?, ?, ?)", (table_id, index, seat, action, note)
            )

    def tables(self) -> Iterator[StoredTable]:
        """Every stored table with its log, oldest first."""
        with self._lock:
            rows = self._db.execute(
                "SELECT id, game, preset, options, match, first_record FROM tables ORDER BY created"
            ).fetchall()
        for table_id, game, preset, options, match, first_record in rows:
            with self._lock:
                seats = self._db.execute(
                    "SELECT kind, bot, token_hash FROM seats WHERE table_id = ? ORDER BY seat",
                    (table_id,),
                ).fetchall()
                log = self._db.execute(
                    "SELECT seat, action, note FROM events WHERE table_id = ? ORDER BY idx",
                    (table_id,),
                ).fetchall()
            spec = TableSpec(
                table_id,
                game,
                preset,
                json.loads(options),
                bool(match),
                tuple(SeatState(kind, bot, token_hash) for kind, bot, token_hash in seats),
            )
            yield StoredTable(spec, first_record, [(int(s), str(a), n) for s, a, n in log])
