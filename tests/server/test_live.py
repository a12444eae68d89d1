"""A real uvicorn on 127.0.0.1: WebSocket clients play whole games, and a server killed with
``kill -9`` in the middle of a trick resumes every table at the same event."""

from __future__ import annotations

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
    north = server.seat(table, created["seats"][0]["token"])
    south = server.seat(table, created["seats"][2]["token"])
    for ws in (north, south):
        assert receive(ws)["type"] == "welcome"
    # Each person plays whenever it is their turn, until the deal is over.
    done = {0: False, 2: False}
    latest = {0: next_observation(north), 2: next_observation(south)}
    while not all(done.values()):
        for seat, ws in ((0, north), (2, south)):
            observation = latest[seat]["observation"]
            if observation["phase"] == "over":
                done[seat] = True
                continue
            if observation["legal_actions"]:
                ws.send(
                    f'{{"type": "action", "v": 1, "action": "{observation["legal_actions"][0]}"}}'
                )
                latest[seat] = next_observation(ws)
            elif (
                latest[seat]["events"] < latest[2 - seat]["events"]
                or not latest[2 - seat]["observation"]["legal_actions"]
            ):
                latest[seat] = next_observation(ws)
    north.close()
    south.close()
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
