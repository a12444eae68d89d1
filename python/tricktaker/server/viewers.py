"""What one viewer of a table (a seat, or the spectators) has seen, kept up event by event.

A viewer's knowledge is every card that appeared in its observations during the current deal
(``tricktaker.server.secrecy``). Scanning whole observations after every action costs more than
the game itself (a deal's tricks, calls and history are read again and again), so ``CardMemory``
scans only what changed since the viewer's previous observation: the fields, list items and
texts that differ from before. An unchanged part holds no card the memory does not have already.
A part that is the very same object as before is scanned again, in case the game changed it in
place.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tricktaker.server.secrecy import NAME_FIELDS, cards_in, redact

__all__ = ["CardMemory", "Viewer"]

_ABSENT = object()


class CardMemory:
    """The cards a viewer has seen in its observations of the current deal."""

    def __init__(self) -> None:
        self.known: set[str] = set()
        self._previous: Any = _ABSENT

    def see(self, observation: dict[str, Any]) -> None:
        """Remember the cards of an observation (only its changed parts are read)."""
        _changed_cards(observation, self._previous, self.known)
        self._previous = observation

    def new_deal(self) -> None:
        self.known = set()
        self._previous = _ABSENT


def _changed_cards(new: Any, old: Any, found: set[str]) -> None:
    if isinstance(new, dict):
        if not isinstance(old, dict) or new is old:
            found |= cards_in(new)
            return
        for key, value in new.items():
            if key in NAME_FIELDS:
                continue
            before = old.get(key, _ABSENT)
            if before is _ABSENT:
                found |= cards_in(key)
            if before is _ABSENT or value is before or value != before:
                _changed_cards(value, before, found)
    elif isinstance(new, list):
        if not isinstance(old, list) or new is old:
            found |= cards_in(new)
            return
        for index, value in enumerate(new):
            before = old[index] if index < len(old) else _ABSENT
            if before is _ABSENT or value is before or value != before:
                _changed_cards(value, before, found)
    elif isinstance(new, str):
        found |= cards_in(new)


@dataclass
class Viewer:
    """One viewer's memory and its view of each event: None where the raw event is what it may
    see (most card plays are public), else the event with the cards it never saw redacted."""

    memory: CardMemory = field(default_factory=CardMemory)
    views: list[dict[str, Any] | None] = field(default_factory=list)

    def record(self, raw: dict[str, Any], cards: set[str], known: set[str]) -> None:
        """Add the view of an event naming ``cards``, for a viewer who knows ``known``."""
        if cards <= known:
            self.views.append(None)
            return
        self.views.append(
            {**raw, "action": redact(raw["action"], known), "detail": redact(raw["detail"], known)}
        )
