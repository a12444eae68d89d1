"""The SQLite store: WAL mode, token hashes only, and tables replayed exactly on opening."""

from __future__ import annotations

import random
import sqlite3
from pathlib import Path

import tricktaker as tt
from tricktaker.server.lobby import Lobby
from tricktaker.server.messages import CreateTable, SeatSpec
from tricktaker.server.store import Store


def test_a_reopened_store_replays_every_table_to_its_last_event(tmp_path: Path) -> None:
    path = str(tmp_path / "t.sqlite3")
    lobby = Lobby.open(Store(path))
    humans = (SeatSpec(kind="human"),) * 3
    table, tokens = lobby.create(
        CreateTable(
            type="create_table",
            v=1,
            game="kirves",
            options={"num_players": 3},
            match=True,
            seats=list(humans),
            seed=12,
        )
    )
    rng = random.Random(3)
    for _ in range(60):
        seat = table.to_move
        assert seat is not None
        lobby.act(table, seat, rng.choice(table.legal_actions(seat)))
    lobby.store.close()

    with sqlite3.connect(path) as raw:
        assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        stored = [row[0] for row in raw.execute("SELECT token_hash FROM seats")]
    assert all(token not in stored for token in tokens) and len(set(stored)) == 3

    reopened = Lobby.open(Store(path)).tables[table.spec.table_id]
    assert reopened.machine.to_json() == table.machine.to_json()
    assert reopened.events_for(1) == table.events_for(1)
    assert reopened.events_for(None) == table.events_for(None)
    assert tt.from_json(reopened.machine.to_json()).to_json() == table.machine.to_json()
    assert Lobby.open(Store(path)).seat_of(reopened, tokens[2] or "") == 2
