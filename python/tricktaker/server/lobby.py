"""The lobby: every table of a server, their seats' tokens and bots, and the store behind them.

Creating a table writes it to the store; an accepted action is appended to the store before
``act`` returns, so nothing is acknowledged that a restart would lose. ``Lobby.open`` reads the
store back and replays every table. The lobby is synchronous; the web app calls it from its
event loop, the standard-input session from its one thread.
"""

from __future__ import annotations

import hashlib
import hmac
import logging
import secrets
from typing import Any

from tricktaker.server.bots import BotSeat, check_bot_spec, seat_seed
from tricktaker.server.errors import ProtocolError
from tricktaker.server.messages import CreateTable
from tricktaker.server.store import Store
from tricktaker.server.table import Applied, SeatState, Table, TableSpec, new_machine, seat_names

__all__ = ["Lobby", "hash_token"]

log = logging.getLogger("tricktaker.server")

MAX_TABLES = 10_000  # a bound on what one server keeps in memory


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


class Lobby:
    """Every table of a server, by id."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.tables: dict[str, Table] = {}
        self._bots: dict[tuple[str, int], BotSeat] = {}

    @classmethod
    def open(cls, store: Store) -> Lobby:
        """A lobby with every table of the store, each replayed to its last event. A table
        that no longer replays (a game's rules changed under it) is left out and logged."""
        lobby = cls(store)
        for stored in store.tables():
            try:
                table = Table.restore(stored.spec, stored.first_record, stored.log)
            except (ProtocolError, ValueError) as exc:
                log.error("table %s does not replay: %s", stored.spec.table_id, exc)
                continue
            lobby.tables[stored.spec.table_id] = table
        return lobby

    # -- tables --------------------------------------------------------------------------------

    def create(self, request: CreateTable) -> tuple[Table, list[str | None]]:
        """A new table (written to the store) and the tokens of its human seats (None for a
        bot's seat). Bad games, options, seats or bots raise ``bad_options``."""
        if len(self.tables) >= MAX_TABLES:
            raise ProtocolError("busy", f"the server holds at most {MAX_TABLES} tables")
        machine = new_machine(
            request.game, request.preset, dict(request.options), request.match, request.seed
        )
        names = seat_names(machine)
        requested = request.seats
        kinds: list[tuple[str, str | None]]
        if requested is None:
            kinds = [("human", None)] + [("bot", "rule")] * (len(names) - 1)
        elif len(requested) != len(names):
            raise ProtocolError(
                "bad_options",
                f"{request.game} has {len(names)} seats ({' '.join(names)}); "
                f"got {len(requested)} seat specs",
            )
        else:
            kinds = [(s.kind, s.bot) for s in requested]
        seats: list[SeatState] = []
        tokens: list[str | None] = []
        for seat, (kind, bot) in enumerate(kinds):
            if kind == "bot":
                seats.append(SeatState("bot", check_bot_spec(bot or "rule")))
                tokens.append(None)
            else:
                if bot is not None:
                    raise ProtocolError("bad_options", f"seat {seat} is a person: it has no bot")
                token = secrets.token_hex(24)  # 192 bits
                seats.append(SeatState("human", None, hash_token(token)))
                tokens.append(token)
        spec = TableSpec(
            secrets.token_hex(9),  # table ids and tokens in lowercase hex never read as cards
            machine.game.name,
            request.preset,
            dict(request.options),
            request.match,
            tuple(seats),
        )
        table = Table(spec, machine)
        self.store.add_table(spec, table.first_record)
        self.tables[spec.table_id] = table
        return table, tokens

    def created_message(self, table: Table, tokens: list[str | None]) -> dict[str, Any]:
        seats = []
        for seat, (state, token) in enumerate(zip(table.spec.seats, tokens, strict=True)):
            entry: dict[str, Any] = {"seat": seat, "name": table.names[seat], "kind": state.kind}
            if state.kind == "bot":
                entry["bot"] = state.bot
            else:
                entry["token"] = token
            seats.append(entry)
        return {"type": "table_created", "v": 1, "table": table.spec.table_id, "seats": seats}

    def get(self, table_id: str) -> Table:
        table = self.tables.get(table_id)
        if table is None:
            raise ProtocolError("unknown_table", f"no table {table_id[:64]!r}")
        return table

    def seat_of(self, table: Table, token: str) -> int:
        """The human seat whose token this is, else ``bad_token``."""
        digest = hash_token(token)
        for seat, state in enumerate(table.spec.seats):
            if state.token_hash is not None and hmac.compare_digest(state.token_hash, digest):
                return seat
        raise ProtocolError("bad_token", "the token is not a seat's token at this table")

    # -- play ----------------------------------------------------------------------------------

    def act(self, table: Table, seat: int, action: str, note: str | None = None) -> Applied:
        """Apply the action and append it to the store before returning. Should the store
        refuse, the table is rebuilt from the store (without the action) and the error raised."""
        applied = table.apply(seat, action, note=note)
        logged_seat, logged_action = table.machine.log[-1]  # exactly what replays
        try:
            self.store.append_event(
                table.spec.table_id, applied.index, logged_seat, logged_action, note
            )
        except Exception:
            self._rebuild(table.spec.table_id)
            raise
        return applied

    def _rebuild(self, table_id: str) -> None:
        for stored in self.store.tables():
            if stored.spec.table_id == table_id:
                self.tables[table_id] = Table.restore(stored.spec, stored.first_record, stored.log)

    def bot_to_move(self, table: Table) -> tuple[int, BotSeat] | None:
        """The bot whose turn it is at the table, if any."""
        seat = table.to_move
        if seat is None or table.spec.seats[seat].kind != "bot":
            return None
        key = (table.spec.table_id, seat)
        bot = self._bots.get(key)
        if bot is None:
            spec = table.spec.seats[seat].bot or "rule"
            bot = BotSeat(spec, table.machine.game, seat_seed(table.spec.table_id, seat))
            self._bots[key] = bot
        return seat, bot
