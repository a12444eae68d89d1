"""The server's typed rejections: every bad input becomes one ``ProtocolError`` with a code
from ``ERROR_CODES``, sent to the client as an ``error`` message; the table is never touched."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

__all__ = ["ERROR_CODES", "ProtocolError"]

# Each code a client may receive, with what it means (the protocol page lists them).
ERROR_CODES: dict[str, str] = {
    "bad_json": "the message is not a JSON object",
    "bad_message": "the message does not match the schema of its type (fields, types, version)",
    "bad_options": "the game, preset, options or a bot spec were refused",
    "unknown_table": "no table has this id",
    "unknown_seat": "the table has no such seat, or the seat is not a human one",
    "bad_token": "the token is not the token of any seat of the table",
    "not_your_turn": "the seat may not act now",
    "illegal_action": "the action is not one of the seat's legal actions",
    "too_large": "the message or request is larger than the server accepts",
    "rate_limited": "too many messages in a short time; the message was dropped",
    "not_finished": "the table's record holds hidden cards until the game is over",
    "unsupported": "the game lacks what the request needs (a position text, a solver, ...)",
    "timeout": "the analysis took longer than its time limit",
    "busy": "every analysis worker is busy; try again later",
}


class ProtocolError(Exception):
    """A rejected message: ``code`` (one of ``ERROR_CODES``), a readable ``message`` and,
    for an illegal action, the ``allowed`` actions."""

    def __init__(self, code: str, message: str, allowed: Sequence[str] | None = None) -> None:
        if code not in ERROR_CODES:
            raise ValueError(f"unknown error code {code!r}")
        super().__init__(message)
        self.code = code
        self.message = message
        self.allowed = None if allowed is None else list(allowed)

    def to_message(self) -> dict[str, Any]:
        """The ``error`` message sent to the client."""
        out: dict[str, Any] = {"type": "error", "v": 1, "code": self.code, "message": self.message}
        if self.allowed is not None:
            out["allowed"] = self.allowed
        return out
