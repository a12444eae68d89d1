"""``tricktaker serve --stdio``: the protocol's messages as JSON lines over standard input and
output, for a program that embeds the engine as a chess program embeds an engine.

One message a line in, any number of lines out. The session may create tables and act at any
seat of a table it created, so no tokens are needed: ``action``, ``resume`` and ``observe``
name their ``table`` and ``seat``, and what the server sends about a seat carries them too. After
each accepted action the bots play on until a person is to move; then every human seat of the
table gets its new events (as that seat may see them), the results among them and its
observation. Bots decide in a worker thread under the same time limit as on the web.
"""

from __future__ import annotations

import concurrent.futures
import json
from collections.abc import Callable
from typing import Any, TextIO

from pydantic import BaseModel

from tricktaker.server.analysis import run_dd_table, run_sample, run_solve
from tricktaker.server.errors import ProtocolError
from tricktaker.server.lobby import Lobby
from tricktaker.server.messages import (
    ActionMessage,
    CreateTable,
    DdTable,
    Observe,
    Ping,
    Resume,
    Sample,
    Solve,
    parse_message,
)
from tricktaker.server.store import Store
from tricktaker.server.table import Table

__all__ = ["StdioSession", "serve_stdio"]


class StdioSession:
    """The tables of one session, answering one message at a time."""

    def __init__(
        self,
        lobby: Lobby,
        write: Callable[[dict[str, Any]], None],
        *,
        bot_time_limit: float = 2.0,
        analysis_time_limit: float = 10.0,
    ) -> None:
        self.lobby = lobby
        self.write = write
        self.bot_time_limit = bot_time_limit
        self.analysis_time_limit = analysis_time_limit
        self.pool = concurrent.futures.ThreadPoolExecutor(max_workers=2)
        self.own: set[str] = set()
        self.sent: dict[tuple[str, int], int] = {}

    def close(self) -> None:
        self.pool.shutdown(wait=False, cancel_futures=True)

    def handle_line(self, line: str) -> None:
        """Answer one line; a bad one gets an ``error`` line and changes nothing."""
        if not line.strip():
            return
        try:
            self._handle(parse_message(line.strip()))
        except ProtocolError as error:
            self.write(error.to_message())

    def _table(self, table_id: str | None) -> Table:
        if table_id is None:
            raise ProtocolError("bad_message", 'name the table: "table": id')
        if table_id not in self.own:
            raise ProtocolError("unknown_table", f"this session created no table {table_id!r}")
        return self.lobby.get(table_id)

    def _handle(self, message: BaseModel) -> None:
        if isinstance(message, CreateTable):
            table, tokens = self.lobby.create(message)
            self.own.add(table.spec.table_id)
            self.write(self.lobby.created_message(table, tokens))
            self._play_bots(table)
            self._publish(table)
        elif isinstance(message, ActionMessage):
            table = self._table(message.table)
            if message.seat is None:
                raise ProtocolError("bad_message", 'name the seat: "seat": n')
            table.check_seat(message.seat)
            if table.spec.seats[message.seat].kind != "human":
                raise ProtocolError("unknown_seat", f"seat {message.seat} is a bot's")
            self.lobby.act(table, message.seat, message.action)
            self._play_bots(table)
            self._publish(table)
        elif isinstance(message, Resume):
            table = self._table(message.table)
            seat = self._seat(table, message.seat)
            self._send_seat(table, seat, message.after)
        elif isinstance(message, Observe):
            table = self._table(message.table)
            viewer = None if message.seat is None else self._seat(table, message.seat)
            self.write(self._observation(table, viewer))
        elif isinstance(message, Ping):
            self.write({"type": "pong", "v": 1})
        elif isinstance(message, Solve):
            request = message
            self.write(self._bounded(lambda: run_solve(request)))
        elif isinstance(message, DdTable):
            dd_request = message
            self.write(self._bounded(lambda: run_dd_table(dd_request)))
        elif isinstance(message, Sample):
            table = self._table(message.table)
            seat = self.lobby.seat_of(table, message.token)
            machine = table.machine.clone()
            n, seed = message.n, message.seed
            self.write(self._bounded(lambda: run_sample(machine, seat, n, seed)))

    def _seat(self, table: Table, seat: int | None) -> int:
        if seat is None:
            raise ProtocolError("bad_message", 'name the seat: "seat": n')
        table.check_seat(seat)
        return seat

    def _bounded(self, job: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        future = self.pool.submit(job)
        try:
            return future.result(timeout=self.analysis_time_limit)
        except concurrent.futures.TimeoutError:
            raise ProtocolError(
                "timeout", f"the analysis took longer than {self.analysis_time_limit:g} s"
            ) from None

    def _play_bots(self, table: Table) -> None:
        while (turn := self.lobby.bot_to_move(table)) is not None:
            seat, bot = turn
            action, note = bot.decide(
                self.pool,
                table.observation_for(seat),
                table.machine.legal_actions(seat),
                self.bot_time_limit,
            )
            self.lobby.act(table, seat, action, note)

    def _publish(self, table: Table) -> None:
        for seat, state in enumerate(table.spec.seats):
            if state.kind == "human":
                self._send_seat(table, seat, self.sent.get((table.spec.table_id, seat), 0))

    def _send_seat(self, table: Table, seat: int, after: int) -> None:
        table_id = table.spec.table_id
        if after < len(table.events):
            self.write(
                {
                    "type": "events",
                    "v": 1,
                    "table": table_id,
                    "seat": seat,
                    "events": table.events_for(seat, after),
                }
            )
            for scope, result in table.results_for(seat, after):
                self.write(
                    {
                        "type": "result",
                        "v": 1,
                        "table": table_id,
                        "seat": seat,
                        "scope": scope,
                        "result": result,
                    }
                )
        self.sent[(table_id, seat)] = len(table.events)
        self.write(self._observation(table, seat))

    def _observation(self, table: Table, seat: int | None) -> dict[str, Any]:
        return {
            "type": "observation",
            "v": 1,
            "table": table.spec.table_id,
            "seat": seat,
            "events": len(table.events),
            "observation": table.observation_for(seat),
        }


def serve_stdio(
    stdin: TextIO, stdout: TextIO, db: str = ":memory:", *, bot_time_limit: float = 2.0
) -> int:
    """Answer JSON lines from ``stdin`` on ``stdout`` until the input ends."""

    def write(message: dict[str, Any]) -> None:
        stdout.write(json.dumps(message) + "\n")
        stdout.flush()

    session = StdioSession(Lobby.open(Store(db)), write, bot_time_limit=bot_time_limit)
    # A stored table of an earlier session is this session's too (the same file, the same user).
    session.own.update(session.lobby.tables)
    try:
        for line in stdin:
            session.handle_line(line)
    finally:
        session.close()
    return 0
