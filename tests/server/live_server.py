"""A real server for the tests: ``tricktaker serve`` in a subprocess on a free port of
127.0.0.1, and a WebSocket client (the ``websockets`` package) that plays one seat."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.sync.client import ClientConnection, connect


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


class LiveServer:
    """``tricktaker serve`` over a SQLite file, started and stopped by the test."""

    def __init__(self, db: Path, port: int | None = None) -> None:
        self.db = db
        self.port = port or free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def http(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        command = [
            sys.executable,
            "-m",
            "tricktaker",
            "serve",
            "--port",
            str(self.port),
            "--db",
            str(self.db),
            "--bot-delay",
            "0",
            "--log-level",
            "warning",
        ]
        self.process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"the server exited: {self.process.stderr.read()!r}")  # type: ignore[union-attr]
            try:
                if httpx.get(f"{self.http}/api/games", timeout=1).status_code == 200:
                    return self
            except httpx.HTTPError:
                time.sleep(0.1)
        raise RuntimeError("the server did not come up within 60 s")

    def kill(self) -> None:
        """``kill -9``: no chance to flush or close anything."""
        assert self.process is not None
        os.kill(self.process.pid, signal.SIGKILL)
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()

    def create(self, **fields: Any) -> dict[str, Any]:
        response = httpx.post(
            f"{self.http}/api/tables", json={"type": "create_table", "v": 1, **fields}, timeout=10
        )
        response.raise_for_status()
        created: dict[str, Any] = response.json()
        return created

    def seat(self, table: str, token: str, after: int | None = None) -> ClientConnection:
        query = f"?token={token}" + ("" if after is None else f"&after={after}")
        return connect(f"ws://127.0.0.1:{self.port}/ws/tables/{table}{query}", open_timeout=10)


def receive(ws: ClientConnection) -> dict[str, Any]:
    message: dict[str, Any] = json.loads(ws.recv(timeout=60))
    return message


def next_observation(
    ws: ClientConnection, sink: list[dict[str, Any]] | None = None
) -> dict[str, Any]:
    while True:
        message = receive(ws)
        if sink is not None:
            sink.append(message)
        if message["type"] == "error":
            raise AssertionError(message)
        if message["type"] == "observation":
            return message


def next_turn(ws: ClientConnection, sink: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """The next observation in which the seat may act, or the game is over."""
    while True:
        message = next_observation(ws, sink)
        observation = message["observation"]
        if observation["legal_actions"] or observation["phase"] == "over":
            return message
