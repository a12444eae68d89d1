"""The live side of a server: who is connected to which table, what each connection has been
sent, and the bots that play on the event loop's behalf.

Every connection has a writer task that sends, whenever woken, the events it has not yet been
sent (as its seat may see them), the results among them and the seat's fresh observation. An
accepted action wakes every connection of its table; a slow client delays only itself. A bot's
decision runs in a thread pool under a time limit (``tricktaker.server.bots``); the action it
chooses goes through the lobby like any other (stored, then broadcast).
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
from collections.abc import Awaitable, Callable
from dataclasses import dataclass, field
from typing import Any

from tricktaker.server.errors import ProtocolError
from tricktaker.server.lobby import Lobby
from tricktaker.server.table import Table

__all__ = ["Connection", "Hub"]

log = logging.getLogger("tricktaker.server")

Send = Callable[[dict[str, Any]], Awaitable[None]]


@dataclass(eq=False)
class Connection:
    """One client at one table: a seat, or a spectator (seat None)."""

    table_id: str
    seat: int | None
    send: Send
    sent: int = 0  # the events sent so far: the next to send has this index
    want_observation: bool = True
    wake: asyncio.Event = field(default_factory=asyncio.Event)
    writer: asyncio.Task[None] | None = None


class Hub:
    """The connections and bot drivers of every table of a lobby."""

    def __init__(
        self,
        lobby: Lobby,
        *,
        bot_time_limit: float = 2.0,
        bot_delay: float = 0.0,
        bot_threads: int = 4,
    ) -> None:
        self.lobby = lobby
        self.bot_time_limit = bot_time_limit
        self.bot_delay = bot_delay
        self.pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=bot_threads, thread_name_prefix="tricktaker-bot"
        )
        self.connections: dict[str, set[Connection]] = {}
        self._drivers: dict[str, asyncio.Task[None]] = {}

    # -- connections ---------------------------------------------------------------------------

    def attach(self, connection: Connection) -> None:
        self.connections.setdefault(connection.table_id, set()).add(connection)
        connection.writer = asyncio.create_task(self._write(connection))
        connection.wake.set()

    def detach(self, connection: Connection) -> None:
        peers = self.connections.get(connection.table_id)
        if peers is not None:
            peers.discard(connection)
            if not peers:
                del self.connections[connection.table_id]
        if connection.writer is not None:
            connection.writer.cancel()

    def taken(self, table_id: str, seat: int) -> bool:
        return any(c.seat == seat for c in self.connections.get(table_id, ()))

    def resume(self, connection: Connection, after: int) -> None:
        connection.sent = after
        connection.want_observation = True
        connection.wake.set()

    def wake_table(self, table_id: str) -> None:
        for connection in self.connections.get(table_id, ()):
            connection.wake.set()

    async def _write(self, connection: Connection) -> None:
        try:
            while True:
                await connection.wake.wait()
                connection.wake.clear()
                table = self.lobby.tables.get(connection.table_id)
                if table is None:
                    return
                await self._send_news(connection, table)
        except asyncio.CancelledError:
            raise
        except Exception as exc:  # a closed socket: the reader side will detach
            log.debug("writer of table %s stopped: %s", connection.table_id, exc)

    async def _send_news(self, connection: Connection, table: Table) -> None:
        seat = connection.seat
        first = connection.sent
        total = len(table.events)
        if first < total:
            events = table.events_for(seat, first)
            await connection.send({"type": "events", "v": 1, "events": events})
            for scope, result in table.results_for(seat, first):
                await connection.send({"type": "result", "v": 1, "scope": scope, "result": result})
            connection.sent = total
            connection.want_observation = True
        if connection.want_observation:
            connection.want_observation = False
            await connection.send(
                {
                    "type": "observation",
                    "v": 1,
                    "seat": seat,
                    "events": total,
                    "observation": table.observation_for(seat),
                }
            )

    # -- actions -------------------------------------------------------------------------------

    def act(self, table: Table, seat: int, action: str, note: str | None = None) -> None:
        """Apply, store and broadcast an action; then let the bots play on."""
        self.lobby.act(table, seat, action, note)
        self.wake_table(table.spec.table_id)
        self.kick(table.spec.table_id)

    def kick(self, table_id: str) -> None:
        """Start the table's bot driver unless it runs (or no bot is to move)."""
        driver = self._drivers.get(table_id)
        if driver is not None and not driver.done():
            return
        table = self.lobby.tables.get(table_id)
        if table is None or self.lobby.bot_to_move(table) is None:
            return
        self._drivers[table_id] = asyncio.create_task(self._drive(table_id))

    def kick_all(self) -> None:
        for table_id in list(self.lobby.tables):
            self.kick(table_id)

    async def _drive(self, table_id: str) -> None:
        while True:
            table = self.lobby.tables.get(table_id)
            if table is None:
                return
            turn = self.lobby.bot_to_move(table)
            if turn is None:
                return
            seat, bot = turn
            if self.bot_delay:
                await asyncio.sleep(self.bot_delay)
            events_before = len(table.events)
            observation = table.observation_for(seat)
            legal = table.machine.legal_actions(seat)
            action, note = await bot.decide_async(
                self.pool, observation, legal, self.bot_time_limit
            )
            if note:
                log.warning("table %s seat %d: %s", table_id, seat, note)
            table = self.lobby.tables.get(table_id)
            if table is None or len(table.events) != events_before:
                continue  # someone acted meanwhile: decide again on the new state
            try:
                self.lobby.act(table, seat, action, note)
            except ProtocolError as exc:
                log.error("table %s: bot at seat %d refused: %s", table_id, seat, exc.message)
                return
            self.wake_table(table_id)

    async def close(self) -> None:
        for driver in self._drivers.values():
            driver.cancel()
        for peers in list(self.connections.values()):
            for connection in list(peers):
                self.detach(connection)
        self.pool.shutdown(wait=False, cancel_futures=True)
