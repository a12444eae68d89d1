"""A real uvicorn on 127.0.0.1: WebSocket clients play whole games, and a server killed with
``kill -9`` in the middle of a trick resumes every table at the same event."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest
from live_server import LiveServer, next_observation, next_turn, receive

import tricktaker as tt


@pytest.fixture()
def server(tmp_path: Path) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path / "tables.sqlite3").start()
    yield live
    live.stop()


def play_to_the_end(ws: Any, first: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    seen: list[dict[str, Any]] = []
    message = first or next_turn(ws, seen)
    while message["observation"]["phase"] != "over":
        legal = message["observation"]["legal_actions"]
        ws.send(f'{{"type": "action", "v": 1, "action": "{legal[-1]}"}}')
        message = next_turn(ws, seen)
    return seen


def test_two_people_and_two_bots_play_a_whole_deal(server: LiveServer) -> None:
    created = server.create(
        game="klaverjas", seed=21, seats=[{"kind": "human"}, {"kind": "bot", "bot": "rule"}] * 2
    )
    table = created["table"]
    finals: dict[int, dict[str, Any]] = {}

    def person(seat: int) -> None:
        """One person's client, in its own thread: play the first legal action each turn."""
        with server.seat(table, created["seats"][seat]["token"]) as ws:
            assert receive(ws)["type"] == "welcome"
            seen = play_to_the_end(ws)
            finals[seat] = next(m for m in reversed(seen) if m["type"] == "observation")

    threads = [threading.Thread(target=person, args=(seat,)) for seat in (0, 2)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=120)
    assert set(finals) == {0, 2}
    assert finals[0]["events"] == finals[2]["events"]
    record = httpx.get(f"{server.http}/api/tables/{table}/record", timeout=10)
    assert record.status_code == 200 and tt.from_json(record.text).is_over


def test_kill_9_mid_trick_then_every_table_resumes_at_the_same_event(tmp_path: Path) -> None:
    db = tmp_path / "tables.sqlite3"
    live = LiveServer(db).start()
    try:
        tables = []
        for game, options in (("klaverjas", {}), ("kirves", {"num_players": 3})):
            created = live.create(game=game, options=options, seed=8)
            tables.append((created["table"], created["seats"][0]["token"]))
        states = {}
        for table, token in tables:
            with live.seat(table, token) as ws:
                receive(ws)
                message = next_turn(ws)
                # Play until seat 0 is to move with cards already in the trick.
                while (
                    not message["observation"]["trick"]
                    and message["observation"]["phase"] != "over"
                ):
                    legal = message["observation"]["legal_actions"]
                    ws.send(f'{{"type": "action", "v": 1, "action": "{legal[0]}"}}')
                    message = next_turn(ws)
                states[table] = message
        live.kill()
    finally:
        live.stop()

    again = LiveServer(db, port=live.port).start()
    try:
        for table, token in tables:
            before = states[table]
            with again.seat(table, token) as ws:
                welcome = receive(ws)
                assert welcome["events"] == before["events"]
                message = next_observation(ws)
                assert message["observation"] == before["observation"]
                if before["observation"]["phase"] != "over":
                    assert before["observation"]["trick"]  # it was killed mid-trick
                    play_to_the_end(ws, message)
            record = httpx.get(f"{again.http}/api/tables/{table}/record", timeout=10)
            assert record.status_code == 200 and tt.from_json(record.text).is_over
    finally:
        again.stop()
