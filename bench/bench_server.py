"""A bounded load run of ``tricktaker serve`` over loopback (not a test: it reports figures).

It starts the server in a subprocess on 127.0.0.1 with a SQLite file, creates ``--bot-tables``
tables where rule bots play whole matches at every seat, and connects ``--clients`` WebSocket
clients, each the one person at a table of three rule bots (Klaverjas and four-player Kirves
alternately), playing deal after deal for ``--seconds``. It reports:

* action-to-event latency: from sending an action to receiving the events message that holds
  it, p50 and p99 (and the same for a reference round trip, a ping, in the same run);
* errors: error messages and failed connections (expected 0);
* hidden cards leaked: cards named in a client's events that none of its own observations of
  that deal ever showed (expected 0);
* the server's resident memory (RSS) before the load and after it.

    python bench/bench_server.py                 # 200 bot tables, 50 clients, 40 s
    python bench/bench_server.py --seconds 10 --bot-tables 20 --clients 5
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import signal
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import connect

from tricktaker.server.secrecy import cards_in


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
        return port


def rss_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


class Tally:
    def __init__(self) -> None:
        self.latencies: list[float] = []
        self.pings: list[float] = []
        self.errors: list[str] = []
        self.leaked = 0
        self.deals = 0
        self.actions = 0


async def create(http: httpx.AsyncClient, **fields: Any) -> dict[str, Any]:
    response = await http.post("/api/tables", json={"type": "create_table", "v": 1, **fields})
    response.raise_for_status()
    created: dict[str, Any] = response.json()
    return created


async def person(base: str, http: httpx.AsyncClient, index: int, stop: float, tally: Tally) -> None:
    game, options = ("klaverjas", {}) if index % 2 == 0 else ("kirves", {"num_players": 4})
    while time.monotonic() < stop:
        try:
            created = await create(http, game=game, options=options)
        except httpx.HTTPError as exc:
            tally.errors.append(f"create: {exc}")
            return
        url = f"{base}/ws/tables/{created['table']}?token={created['seats'][0]['token']}"
        try:
            await play_deal(url, stop, tally)
        except Exception as exc:  # the run counts what failed and goes on
            tally.errors.append(f"{type(exc).__name__}: {exc}")
            return


async def play_deal(url: str, stop: float, tally: Tally) -> None:
    seen: set[str] = set()  # every card the seat's observations showed in this deal
    named: set[str] = set()  # every card its events named
    async with connect(url) as ws:
        sent_at: float | None = None
        ping_at = time.perf_counter()
        await ws.send('{"type": "ping", "v": 1}')
        while True:
            message = json.loads(await asyncio.wait_for(ws.recv(), 60))
            kind = message["type"]
            if kind == "pong":
                tally.pings.append(time.perf_counter() - ping_at)
            elif kind == "error":
                tally.errors.append(message["code"])
            elif kind == "events":
                if sent_at is not None:
                    tally.latencies.append(time.perf_counter() - sent_at)
                    sent_at = None
                named |= cards_in(message["events"])
            elif kind == "observation":
                observation = message["observation"]
                seen |= cards_in(observation)
                if observation["phase"] == "over" or time.monotonic() > stop:
                    break
                legal = observation["legal_actions"]
                if legal and sent_at is None:
                    sent_at = time.perf_counter()
                    await ws.send(json.dumps({"type": "action", "v": 1, "action": legal[0]}))
                    tally.actions += 1
    tally.leaked += len(named - seen)
    tally.deals += 1


def percentile(values: list[float], q: float) -> float:
    if not values:
        return float("nan")
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))] * 1000


async def load(port: int, args: argparse.Namespace, tally: Tally) -> int:
    base = f"http://127.0.0.1:{port}"
    async with httpx.AsyncClient(base_url=base, timeout=30) as http:
        bots = [{"kind": "bot", "bot": "rule"}] * 4
        for _ in range(args.bot_tables):
            await create(http, game="klaverjas", match=True, seats=bots)
        stop = time.monotonic() + args.seconds
        await asyncio.gather(
            *(person(f"ws://127.0.0.1:{port}", http, i, stop, tally) for i in range(args.clients))
        )
        tables = (await http.get("/api/tables")).json()["tables"]
    return sum(t["events"] for t in tables)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--bot-tables", type=int, default=200)
    parser.add_argument("--clients", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=40.0)
    args = parser.parse_args()
    port = free_port()
    with tempfile.TemporaryDirectory() as tmp:
        command = [sys.executable, "-m", "tricktaker", "serve", "--port", str(port),
                   "--db", str(Path(tmp) / "bench.sqlite3"), "--bot-delay", "0",
                   "--http-rate", "1000", "--log-level", "warning"]  # fmt: skip
        server = subprocess.Popen(command)
        try:
            deadline = time.monotonic() + 60
            while True:
                try:
                    httpx.get(f"http://127.0.0.1:{port}/api/games", timeout=1)
                    break
                except httpx.HTTPError:
                    if time.monotonic() > deadline:
                        raise
                    time.sleep(0.2)
            before = rss_mb(server.pid)
            tally = Tally()
            started = time.monotonic()
            events = asyncio.run(load(port, args, tally))
            elapsed = time.monotonic() - started
            after = rss_mb(server.pid)
        finally:
            os.kill(server.pid, signal.SIGTERM)
            server.wait(timeout=30)
    print(f"load: {args.bot_tables} bot tables (klaverjas matches, rule bots), "
          f"{args.clients} WebSocket clients, {elapsed:.1f} s")  # fmt: skip
    print(f"events stored: {events} ({events / elapsed:.0f}/s); client deals: {tally.deals}, "
          f"client actions: {tally.actions}")  # fmt: skip
    print(f"action -> events latency: p50 {percentile(tally.latencies, 0.5):.1f} ms, "
          f"p99 {percentile(tally.latencies, 0.99):.1f} ms (n={len(tally.latencies)})")  # fmt: skip
    print(f"reference ping -> pong:   p50 {percentile(tally.pings, 0.5):.1f} ms, "
          f"p99 {percentile(tally.pings, 0.99):.1f} ms (n={len(tally.pings)})")  # fmt: skip
    print(f"errors: {len(tally.errors)} {sorted(set(tally.errors))[:5]}")
    print(f"hidden cards leaked: {tally.leaked}")
    print(f"server RSS: {before:.0f} MB before, {after:.0f} MB after")
    print(f"(mean latency {statistics.fmean(tally.latencies or [0]) * 1000:.1f} ms)")
    return 1 if tally.errors or tally.leaked else 0


if __name__ == "__main__":
    sys.exit(main())
