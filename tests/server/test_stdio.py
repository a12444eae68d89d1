"""``tricktaker serve --stdio``: the protocol's messages as JSON lines, through a real
subprocess, and a session that ends and starts again over the same SQLite file."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import tricktaker as tt


class Session:
    """``tricktaker serve --stdio`` in a subprocess: one line in, lines out until a reply."""

    def __init__(self, db: Path) -> None:
        self.process = subprocess.Popen(
            [sys.executable, "-m", "tricktaker", "serve", "--stdio", "--db", str(db)],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            text=True,
        )

    def send(self, message: dict[str, Any] | str) -> None:
        assert self.process.stdin is not None
        line = message if isinstance(message, str) else json.dumps(message)
        self.process.stdin.write(line + "\n")
        self.process.stdin.flush()

    def receive(self) -> dict[str, Any]:
        assert self.process.stdout is not None
        line = self.process.stdout.readline()
        assert line, "the session ended"
        message: dict[str, Any] = json.loads(line)
        return message

    def until(self, kind: str) -> list[dict[str, Any]]:
        out = [self.receive()]
        while out[-1]["type"] != kind:
            out.append(self.receive())
        return out

    def close(self) -> int:
        assert self.process.stdin is not None
        self.process.stdin.close()
        return self.process.wait(timeout=30)


def test_a_session_plays_two_seats_of_a_deal_and_resumes_after_a_restart(tmp_path: Path) -> None:
    db = tmp_path / "stdio.sqlite3"
    session = Session(db)
    session.send({"type": "ping", "v": 1})
    assert session.receive() == {"type": "pong", "v": 1}
    session.send("not json")
    assert session.receive()["code"] == "bad_json"
    session.send(
        {
            "type": "create_table",
            "v": 1,
            "game": "klaverjas",
            "seed": 3,
            "seats": [{"kind": "human"}, {"kind": "bot", "bot": "rule"}] * 2,
        }
    )
    created = session.receive()
    assert created["type"] == "table_created"
    table = created["table"]
    latest: dict[int, dict[str, Any]] = {}
    for _ in range(2):  # each human seat gets its observation
        message = session.until("observation")[-1]
        latest[message["seat"]] = message
    session.send({"type": "action", "v": 1, "table": table, "seat": 1, "action": "pass"})
    assert session.receive()["code"] == "unknown_seat"  # a bot's seat
    moves = 0
    while moves < 6:
        seat = next(s for s, m in latest.items() if m["observation"]["legal_actions"])
        action = latest[seat]["observation"]["legal_actions"][0]
        session.send({"type": "action", "v": 1, "table": table, "seat": seat, "action": action})
        for _ in range(2):
            message = session.until("observation")[-1]
            latest[message["seat"]] = message
        moves += 1
    assert session.close() == 0

    again = Session(db)
    again.send({"type": "resume", "v": 1, "table": table, "seat": 0, "after": 0})
    replies = again.until("observation")
    assert replies[-1] == latest[0]
    events = replies[0]["events"]
    assert [e["index"] for e in events] == list(range(latest[0]["events"]))
    again.send({"type": "observe", "v": 1, "table": table})
    spectator = again.receive()
    assert spectator["seat"] is None and spectator["observation"]["hand"] is None
    assert again.close() == 0
    # The log replays as the game's own record.
    deal = tt.load("klaverjas").new_deal(seed=3)
    for event in events:
        deal.apply(event["action"], seat=event["seat"])
    assert len(deal.log) == latest[0]["events"]
