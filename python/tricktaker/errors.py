"""The exceptions of tricktaker: one family for every rejected input.

``Error`` is the base of every rejection: a ``ValueError``, so ``except tt.Error`` (or
``except ValueError``) catches every bad input. Under it, one class per kind of input a
stranger can send, each checked on one path:

- ``InvalidJSON``: a JSON document for ``tt.from_json`` (its text, its fields, the set-up);
  ``JSONSyntaxError``, under it, is also a ``json.JSONDecodeError`` for text that is no JSON.
- ``InvalidPosition``: a position text for ``game.parse_position``.
- ``IllegalAction``: an action text or object that the deal does not allow now (raised by the
  C++ core and by the Python deal flow alike).
- ``InvalidSeat``: a seat that is no seat of the table (out of range, or not an integer).
- ``InvalidOption``: a game name, preset or option ``tt.load`` does not know, or a value it does
  not allow.
- ``Unsupported``: a game lacks a capability (its family record has no hook for it).
- ``SearchLimitExceeded``: a solver call reached its ``max_nodes`` or ``time_limit`` (the
  solver stays exact for later calls).

Each message names what was wrong and what is allowed, and a rejected call changes nothing.
A wrong Python type passed by a programmer (``tt.load(5)``) raises ``TypeError`` instead.
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from tricktaker._core import Error, IllegalAction, SearchLimitExceeded

__all__ = [
    "Error",
    "IllegalAction",
    "InvalidJSON",
    "InvalidOption",
    "InvalidPosition",
    "InvalidSeat",
    "JSONSyntaxError",
    "SearchLimitExceeded",
    "Unsupported",
    "rejected_as",
    "require_text",
    "short_repr",
]


class Unsupported(NotImplementedError, Error):
    """A game lacks the capability asked for (``tt.games()[name].capabilities`` lists them)."""


class InvalidJSON(Error):
    """A JSON document (``tt.from_json``) that is malformed or describes no playable deal."""


class JSONSyntaxError(InvalidJSON, json.JSONDecodeError):
    """Text that is no JSON at all (or JSON nested too deeply, or with NaN or Infinity); also a
    ``json.JSONDecodeError``, with its ``msg``, ``doc`` and ``pos``."""


class InvalidPosition(Error):
    """A position text (``game.parse_position``) that is malformed or impossible."""


class InvalidSeat(Error):
    """A seat that is not one of the table's: seats are the integers 0 .. n - 1 (``True`` is
    not a seat), or the names a game's options accept where they take names."""


class InvalidOption(Error):
    """An unknown game, preset or option of ``tt.load``, or a value it does not allow."""


@contextmanager
def rejected_as(kind: type[Error]) -> Iterator[None]:
    """Reject with ``kind`` whatever bad input the block finds, with the same message: a plain
    ``ValueError`` or ``tt.Error`` from a helper, or an ``InvalidSeat`` or ``InvalidOption``
    (a seat or option is then part of the position or document being read). So one kind of
    input rejects with one class whichever helper found the fault. ``IllegalAction`` and
    ``Unsupported`` pass unchanged: they say more than ``kind`` would."""
    try:
        yield
    except (IllegalAction, Unsupported, kind):
        raise
    except ValueError as exc:
        raise kind(str(exc)) from exc


def short_repr(value: Any, limit: int = 80) -> str:
    """A repr cut to ``limit`` characters, for messages that quote a stranger's input."""
    try:
        text = repr(value)
    except RecursionError:  # a deeply nested value from a JSON document
        text = f"<a deeply nested {type(value).__name__}>"
    return text if len(text) <= limit else text[: limit - 3] + "..."


def require_text(value: object, what: str) -> str:
    """``value`` when it is a string; a clear ``TypeError`` naming ``what`` otherwise."""
    if not isinstance(value, str):
        raise TypeError(f"{what} must be a string, got {type(value).__name__}")
    return value
