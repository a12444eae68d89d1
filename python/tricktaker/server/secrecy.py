"""What a seat may see of an event, derived from the seat's own observations.

A game's observation of a seat is the reference of what that seat may know (the conformance
tests check that it hides every card the seat cannot locate). An event's detail and action text
can name cards that only some seats may see: a discard, a card peeked at, a card taken from
the stock. So for every seat the server keeps the cards that appeared in any of its
observations during the current deal, and each event a seat receives has every other card
replaced by ``REDACTED``. This needs no knowledge of any game: a card the seat never saw in its
observation is hidden from it, whatever the event calls it.

A spectator sees what is public: the cards every seat knows. Its observation is a seat's
observation with the hand and the legal actions taken away and every card outside the public
set redacted.

Seat and side display names (``seats``, ``sides``) are never read as cards: a side named
after its seats ("AC") is not the ace of clubs.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from typing import Any

from tricktaker.server.messages import REDACTED

__all__ = ["CARD_TOKEN", "cards_in", "public_cards", "redact", "spectator_view"]

# A card in the canonical notation, standing alone or inside a call text ("discard:AS,KH").
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9?])(?:[2-9TJQKA][SHDC]|RJ|BJ)(?![A-Za-z0-9])")
# Fields holding names, not cards.
NAME_FIELDS = frozenset({"seats", "sides"})


def cards_in(value: Any) -> set[str]:
    """Every card named anywhere in a JSON value (strings and keys; names excluded)."""
    found: set[str] = set()
    _collect(value, found)
    return found


def _collect(value: Any, found: set[str]) -> None:
    if isinstance(value, str):
        if len(value) == 2 and CARD_TOKEN.fullmatch(value):
            found.add(value)
        elif len(value) > 2:
            found.update(CARD_TOKEN.findall(value))
    elif isinstance(value, dict):
        for key, item in value.items():
            if key in NAME_FIELDS:
                continue
            _collect(key, found)
            _collect(item, found)
    elif isinstance(value, (list, tuple)):
        for item in value:
            _collect(item, found)


def redact(value: Any, known: set[str] | frozenset[str]) -> Any:
    """``value`` with every card not in ``known`` replaced by ``REDACTED`` (a new value; the
    original is left as it is)."""
    if isinstance(value, str):
        if len(value) < 2 or not CARD_TOKEN.search(value):
            return value
        return CARD_TOKEN.sub(lambda m: m.group(0) if m.group(0) in known else REDACTED, value)
    if isinstance(value, dict):
        return {
            redact(k, known): (v if k in NAME_FIELDS else redact(v, known))
            for k, v in value.items()
        }
    if isinstance(value, (list, tuple)):
        return [redact(v, known) for v in value]
    return value


def public_cards(known_by_seat: Iterable[set[str]]) -> set[str]:
    """The cards every seat knows."""
    sets = list(known_by_seat)
    return set.intersection(*sets) if sets else set()


def spectator_view(observation: dict[str, Any], public: set[str]) -> dict[str, Any]:
    """A seat's observation as a spectator may see it: no seat, no hand, no legal actions, and
    only the public cards."""
    view: dict[str, Any] = redact(observation, public)
    view["seat"] = None
    if "hand" in view:
        view["hand"] = None
    view["legal_actions"] = []
    return view
