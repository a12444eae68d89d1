"""The protocol through the ASGI app (starlette's TestClient): HTTP and WebSocket, whole games,
the record, resume, analysis, and every kind of bad input getting its typed error while the
table goes on unchanged."""

from __future__ import annotations

import functools
import json
from collections.abc import Iterator
from typing import Any

import jsonschema
import pytest
from starlette.testclient import TestClient
from starlette.websockets import WebSocketDisconnect

import tricktaker as tt
from tricktaker.server.app import create_app
from tricktaker.server.messages import MAX_MESSAGE_BYTES, protocol_schema

SCHEMA = protocol_schema()
GAME_SCHEMA = tt.schema()


@functools.cache
def validator(kind: str, game: str | None = None) -> jsonschema.Draft202012Validator:
    """The validator of a server message type, or (with ``game``) of a game's observation."""
    if game is None:
        return jsonschema.Draft202012Validator({**SCHEMA, "$ref": SCHEMA["server"][kind]["$ref"]})
    ref = f"#/$defs/{game}/properties/observation"
    return jsonschema.Draft202012Validator({**GAME_SCHEMA, "$ref": ref})


def check_message(message: dict[str, Any]) -> None:
    """A server message matches its type's schema; a seat's observation of a deal the game's
    own observation schema."""
    validator(message["type"]).validate(message)
    observation = message.get("observation")
    is_deal = message["type"] == "observation" and "match" not in observation
    if is_deal and message["seat"] is not None:
        validator("observation", observation["game"]).validate(observation)


@pytest.fixture()
def client() -> Iterator[TestClient]:
    with TestClient(create_app(":memory:")) as test_client:
        yield test_client


def create(client: TestClient, **fields: Any) -> dict[str, Any]:
    response = client.post("/api/tables", json={"type": "create_table", "v": 1, **fields})
    assert response.status_code == 201, response.text
    created: dict[str, Any] = response.json()
    check_message(created)
    return created


def receive_until_observation(ws: Any) -> list[dict[str, Any]]:
    """Messages up to and including the next observation."""
    out = []
    while True:
        message = ws.receive_json()
        check_message(message)
        out.append(message)
        if message["type"] == "observation":
            return out


def wait_turn(ws: Any) -> dict[str, Any]:
    """The next observation in which the seat has legal actions."""
    while True:
        observation = receive_until_observation(ws)[-1]
        if observation["observation"]["legal_actions"]:
            return observation


def play_out(ws: Any, pick: int = 0) -> list[dict[str, Any]]:
    """Play the seat's legal action number ``pick`` (mod their count) until the game is over."""
    seen: list[dict[str, Any]] = []
    while True:
        batch = receive_until_observation(ws)
        seen += batch
        observation = batch[-1]["observation"]
        if observation["phase"] == "over":
            return seen
        legal = observation["legal_actions"]
        if legal:
            ws.send_json({"type": "action", "v": 1, "action": legal[pick % len(legal)]})


def test_games_and_schema(client: TestClient) -> None:
    games = client.get("/api/games").json()
    check_message(games)
    assert set(games["games"]) == set(tt.games())
    assert set(client.get("/api/schema").json()["client"]) >= {"create_table", "action", "resume"}


def test_a_whole_deal_over_the_websocket_replays_from_its_record(client: TestClient) -> None:
    created = create(client, game="klaverjas", seed=11)
    table, token = created["table"], created["seats"][0]["token"]
    assert [s["kind"] for s in created["seats"]] == ["human", "bot", "bot", "bot"]
    assert client.get(f"/api/tables/{table}/record").json()["code"] == "not_finished"
    with client.websocket_connect(f"/ws/tables/{table}?token={token}") as ws:
        welcome = ws.receive_json()
        check_message(welcome)
        assert welcome["seat"] == 0 and welcome["seat_names"] == ["N", "E", "S", "W"]
        seen = play_out(ws)
    events = [e for m in seen if m["type"] == "events" for e in m["events"]]
    assert [e["index"] for e in events] == list(range(len(events)))
    assert any(m["type"] == "result" and m["scope"] == "deal" for m in seen)
    record = client.get(f"/api/tables/{table}/record")
    assert record.status_code == 200
    replayed = tt.from_json(record.text)
    assert replayed.is_over
    assert [a for _, a in replayed.log] == [e["action"] for e in events]
    summary = client.get(f"/api/tables/{table}").json()
    check_message(summary)
    assert summary["finished"] and summary["events"] == len(events)


def test_the_table_list_and_a_spectator(client: TestClient) -> None:
    created = create(
        client,
        game="kirves",
        options={"num_players": 4},
        seed=3,
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3,
    )
    listed = client.get("/api/tables").json()
    check_message(listed)
    assert [t["table"] for t in listed["tables"]] == [created["table"]]
    with client.websocket_connect(f"/ws/tables/{created['table']}") as ws:
        assert ws.receive_json()["seat"] is None
        observation = receive_until_observation(ws)[-1]
        assert observation["seat"] is None and observation["observation"]["hand"] is None


def test_resume_sends_the_events_from_the_index_asked(client: TestClient) -> None:
    created = create(
        client,
        game="whist",
        seed=5,
        seats=[{"kind": "human"}] + [{"kind": "bot", "bot": "rule"}] * 3,
    )
    url = f"/ws/tables/{created['table']}?token={created['seats'][0]['token']}"
    with client.websocket_connect(url) as ws:
        ws.receive_json()
        observation = wait_turn(ws)
        for _ in range(3):  # three of our cards, the bots answering each
            legal = observation["observation"]["legal_actions"]
            ws.send_json({"type": "action", "v": 1, "action": legal[0]})
            observation = wait_turn(ws)
        total = observation["events"]
    # The client vanished mid-trick; it comes back and asks from event 5 on.
    with client.websocket_connect(url + "&after=5") as ws:
        assert ws.receive_json()["events"] == total
        batch = receive_until_observation(ws)
        assert [e["index"] for e in batch[0]["events"]] == list(range(5, total))
        ws.send_json({"type": "resume", "v": 1, "after": total - 1})
        again = receive_until_observation(ws)
        assert [e["index"] for e in again[0]["events"]] == [total - 1]
        assert again[-1]["observation"] == batch[-1]["observation"]
        legal = again[-1]["observation"]["legal_actions"]
        ws.send_json({"type": "action", "v": 1, "action": legal[0]})
        assert play_out(ws)[-1]["observation"]["phase"] == "over"


def _error(ws: Any) -> dict[str, Any]:
    message = ws.receive_json()
    check_message(message)
    assert message["type"] == "error", message
    return message


def test_bad_input_on_the_websocket_changes_nothing(client: TestClient) -> None:
    created = create(client, game="klaverjas", seed=2, seats=[{"kind": "human"}] * 4)
    table = created["table"]
    tokens = [s["token"] for s in created["seats"]]
    before = client.get(f"/api/tables/{table}").json()
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as ws:
        ws.receive_json()
        observation = receive_until_observation(ws)[-1]["observation"]
        to_move = observation["to_move"]
        ws.send_text("{not json")
        assert _error(ws)["code"] == "bad_json"
        ws.send_text("[1, 2]")
        assert _error(ws)["code"] == "bad_json"
        ws.send_json({"type": "action", "v": 1, "action": 7})
        assert _error(ws)["code"] == "bad_message"
        ws.send_json({"type": "action", "v": 2, "action": "AS"})
        assert _error(ws)["code"] == "bad_message"
        ws.send_json({"type": "teleport", "v": 1})
        assert _error(ws)["code"] == "bad_message"
        ws.send_json({"type": "action", "v": 1, "action": "A" * (MAX_MESSAGE_BYTES + 10)})
        assert _error(ws)["code"] == "too_large"
        ws.send_json({"type": "resume", "v": 1, "after": -1})
        assert _error(ws)["code"] == "bad_message"
        if to_move != 0:
            ws.send_json({"type": "action", "v": 1, "action": "pass"})
            assert _error(ws)["code"] == "not_your_turn"
    with client.websocket_connect(f"/ws/tables/{table}?token={tokens[to_move]}") as ws:
        ws.receive_json()
        legal = receive_until_observation(ws)[-1]["observation"]["legal_actions"]
        ws.send_json({"type": "action", "v": 1, "action": "trump:NOPE"})
        error = _error(ws)
        assert error["code"] == "illegal_action" and error["allowed"] == legal
        ws.send_json({"type": "ping", "v": 1})
        assert ws.receive_json() == {"type": "pong", "v": 1}
    after = client.get(f"/api/tables/{table}").json()
    assert after == before


def test_a_flood_is_rate_limited_and_the_table_goes_on(client: TestClient) -> None:
    created = create(client, game="whist", seed=9, seats=[{"kind": "human"}] * 4)
    with client.websocket_connect(
        f"/ws/tables/{created['table']}?token={created['seats'][1]['token']}"
    ) as ws:
        ws.receive_json()
        receive_until_observation(ws)
        for _ in range(100):
            ws.send_json({"type": "ping", "v": 1})
        replies = [ws.receive_json() for _ in range(100)]
        refused = [r for r in replies if r["type"] == "error"]
        assert refused and all(r["code"] == "rate_limited" for r in refused)
        assert 40 <= len(replies) - len(refused) < 100  # the burst passes, the flood does not
    assert client.get(f"/api/tables/{created['table']}").json()["events"] == 0


def test_unknown_tables_and_wrong_tokens_are_refused(client: TestClient) -> None:
    created = create(client, game="whist", seed=1)
    with pytest.raises(WebSocketDisconnect), client.websocket_connect("/ws/tables/nope") as ws:
        assert _error(ws)["code"] == "unknown_table"
        ws.receive_json()
    url = f"/ws/tables/{created['table']}?token=guess"
    with pytest.raises(WebSocketDisconnect), client.websocket_connect(url) as ws:
        assert _error(ws)["code"] == "bad_token"
        ws.receive_json()
    with client.websocket_connect(f"/ws/tables/{created['table']}") as ws:
        ws.receive_json()
        receive_until_observation(ws)
        ws.send_json({"type": "action", "v": 1, "action": "2S"})
        assert _error(ws)["code"] == "bad_token"  # a spectator cannot act
    assert client.get("/api/tables/nope").json()["code"] == "unknown_table"
    assert client.get("/api/tables/nope").status_code == 404


@pytest.mark.parametrize(
    ("body", "code"),
    [
        (b"{", "bad_json"),
        (json.dumps({"type": "create_table", "v": 1, "game": 3}).encode(), "bad_message"),
        (json.dumps({"type": "create_table", "v": 1, "game": "chess"}).encode(), "bad_options"),
        (
            json.dumps(
                {
                    "type": "create_table",
                    "v": 1,
                    "game": "klaverjas",
                    "options": {"play_rules": "moon"},
                }
            ).encode(),
            "bad_options",
        ),
        (
            json.dumps(
                {"type": "create_table", "v": 1, "game": "klaverjas", "seats": [{"kind": "human"}]}
            ).encode(),
            "bad_options",
        ),
        (
            json.dumps(
                {
                    "type": "create_table",
                    "v": 1,
                    "game": "whist",
                    "seats": [{"kind": "bot", "bot": "pimc:100000"}] * 4,
                }
            ).encode(),
            "bad_options",
        ),
        (
            json.dumps(
                {
                    "type": "create_table",
                    "v": 1,
                    "game": "whist",
                    "seats": [{"kind": "bot", "bot": "genius"}] * 4,
                }
            ).encode(),
            "bad_options",
        ),
        (b"x" * (MAX_MESSAGE_BYTES + 1), "too_large"),
    ],
)
def test_bad_requests_get_typed_errors(client: TestClient, body: bytes, code: str) -> None:
    response = client.post("/api/tables", content=body)
    assert response.status_code >= 400
    assert response.json()["code"] == code
    assert client.get("/api/tables").json()["tables"] == []


def test_analysis_is_answered_and_bounded(client: TestClient) -> None:
    deal = tt.load("klaverjas").new_deal(seed=3)
    deal.apply(deal.legal_actions()[0])
    while deal.phase != "play":
        deal.apply(deal.legal_actions()[0])
    position = deal.position()  # type: ignore[attr-defined]
    solved = client.post(
        "/api/analysis/solve",
        json={"type": "solve", "v": 1, "game": "klaverjas", "position": position},
    )
    check_message(solved.json())
    assert solved.json()["value"] == tt.solve(deal).value
    table = client.post(
        "/api/analysis/dd_table", json={"type": "dd_table", "v": 1, "game": "klaverjas", "seed": 4}
    ).json()
    check_message(table)
    assert len(table["table"]) == 4
    created = create(client, game="klaverjas", seed=6, seats=[{"kind": "human"}] * 4)
    token = created["seats"][2]["token"]
    samples = client.post(
        "/api/analysis/sample",
        json={"type": "sample", "v": 1, "n": 5, "table": created["table"], "token": token},
    ).json()
    check_message(samples)
    hand = client.get(f"/api/tables/{created['table']}").json()  # the spectator sees no hand
    assert hand["observation"]["hand"] is None
    assert all(len(sample[2]) == 8 for sample in samples["hands"])
    too_many = {"type": "sample", "v": 1, "n": 10_000, "table": created["table"], "token": token}
    assert client.post("/api/analysis/sample", json=too_many).json()["code"] == "bad_message"
    bad = {"type": "solve", "v": 1, "game": "klaverjas", "position": "nonsense"}
    assert client.post("/api/analysis/solve", json=bad).json()["code"] == "bad_message"
    assert client.post("/api/analysis/teleport", json={}).status_code == 400
