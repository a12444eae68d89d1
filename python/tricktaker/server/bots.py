"""The bots at a server's tables: made from their spec, asked off the caller's thread, and held to
a time limit per decision.

A decision runs in a thread pool. When the bot overruns its limit (or fails), the seat plays a
fallback instead, a random legal action drawn from the seat's own seeded generator, and the event
carries a note saying so; the late answer is dropped. A bot still thinking over an earlier,
abandoned decision is not asked again until it is done: the fallback plays meanwhile.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import hashlib
import re
from collections.abc import Sequence
from typing import Any

from tricktaker.bots import make_bot
from tricktaker.protocol.base import Action, Game
from tricktaker.protocol.players import Bot, RandomBot, bind_bot
from tricktaker.server.errors import ProtocolError

__all__ = ["BotSeat", "check_bot_spec", "seat_seed"]

# The largest budgets a table's bot may ask for: a server shares its threads between tables.
MAX_SAMPLES = 64
MAX_MILLISECONDS = 1000.0
_BUDGET = re.compile(r"^[a-z_]+:(\d+(?:\.\d+)?)(ms)?$")


def check_bot_spec(spec: str) -> str:
    """The spec, normalised, once a bot can be made from it within the server's budgets."""
    text = spec.strip().lower()
    try:
        make_bot(text, 0)
    except ValueError as exc:
        raise ProtocolError("bad_options", str(exc)) from None
    budget = _BUDGET.match(text)
    if budget:
        value, ms = float(budget.group(1)), budget.group(2)
        limit = MAX_MILLISECONDS if ms else MAX_SAMPLES
        if value > limit:
            raise ProtocolError(
                "bad_options", f"bot {spec!r}: the server allows at most {limit:g}{ms or ''}"
            )
    return text


def seat_seed(table_id: str, seat: int) -> int:
    """A seed for the bot at a seat, fixed by the table and the seat."""
    digest = hashlib.sha256(f"{table_id}:{seat}".encode()).digest()
    return int.from_bytes(digest[:8], "little") >> 1


class BotSeat:
    """One bot at one seat of a table."""

    def __init__(self, spec: str, game: Game, seed: int) -> None:
        self.spec = spec
        self.bot: Bot = make_bot(spec, seed)
        bind_bot(self.bot, game)
        self._fallback = RandomBot(seed ^ 0x5EED)
        self._busy: concurrent.futures.Future[Action] | None = None

    def _fallback_move(self, legal: Sequence[Action], why: str) -> tuple[str, str]:
        return str(self._fallback.act({}, legal)), f"fallback: {why}"

    def _submit(
        self,
        pool: concurrent.futures.Executor,
        observation: dict[str, Any],
        legal: Sequence[Action],
    ) -> concurrent.futures.Future[Action] | None:
        if self._busy is not None and not self._busy.done():
            return None
        self._busy = pool.submit(self.bot.act, observation, legal)
        return self._busy

    def _checked(self, choice: Action, legal: Sequence[Action]) -> tuple[str, str | None]:
        if choice not in legal:
            return self._fallback_move(legal, f"the bot chose {choice}, not a legal action")
        return str(choice), None

    def decide(
        self,
        pool: concurrent.futures.Executor,
        observation: dict[str, Any],
        legal: Sequence[Action],
        time_limit: float,
    ) -> tuple[str, str | None]:
        """The bot's action text and a note (None, or why a fallback played); blocking."""
        future = self._submit(pool, observation, legal)
        if future is None:
            return self._fallback_move(legal, "the bot is still busy with an earlier decision")
        try:
            return self._checked(future.result(timeout=time_limit), legal)
        except concurrent.futures.TimeoutError:
            return self._fallback_move(legal, f"the bot overran its {time_limit:g} s limit")
        except Exception as exc:  # a failing bot must not stop the table
            return self._fallback_move(legal, f"the bot failed: {type(exc).__name__}: {exc}")

    async def decide_async(
        self,
        pool: concurrent.futures.Executor,
        observation: dict[str, Any],
        legal: Sequence[Action],
        time_limit: float,
    ) -> tuple[str, str | None]:
        """``decide`` for the event loop: it waits without blocking the loop."""
        future = self._submit(pool, observation, legal)
        if future is None:
            return self._fallback_move(legal, "the bot is still busy with an earlier decision")
        try:
            choice = await asyncio.wait_for(asyncio.wrap_future(future), time_limit)
        except TimeoutError:
            return self._fallback_move(legal, f"the bot overran its {time_limit:g} s limit")
        except Exception as exc:  # a failing bot must not stop the table
            return self._fallback_move(legal, f"the bot failed: {type(exc).__name__}: {exc}")
        return self._checked(choice, legal)
