"""What a seat may see of an event, derived from the seat's own observations.

A game's observation of a seat is the reference of what that seat may know (the conformance
tests check that it hides every card the seat cannot locate). An event's detail and action text
can name cards that only some seats may see: a discard, a card peeked at, a card taken from
the stock. So for every seat the server keeps the cards that appeared in any of its
observations during the current deal, and each event a seat receives has every other card
replaced by ``REDACTED``. This needs no knowledge of any game: a card the seat never saw in its
observation is hidden from it, whatever the event calls it.

A spectator sees what is public. Its observation is the public view: what every seat's
observation agrees on, found by comparing the seats' observations field by field (a field that
differs from one seat to another is a seat's own: the seat, its hand, its legal actions, a card
it peeked at, its side), so it holds nothing that one seat knows and another does not. Its
events keep only the cards that appeared in that public view during the deal.

Seat and side display names (``seats``, ``sides``) and the table's id and seat tokens are never
read as cards: a side named after its seats ("AC") is not the ace of clubs.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any

from tricktaker.server.messages import REDACTED

__all__ = ["CARD_TOKEN", "cards_in", "public_view", "redact"]

# A card in the canonical notation, standing alone or inside a call text ("discard:AS,KH").
CARD_TOKEN = re.compile(r"(?<![A-Za-z0-9?])(?:[2-9TJQKA][SHDC]|RJ|BJ)(?![A-Za-z0-9])")
# Fields holding names or identifiers, not cards: a table id or seat token is random text that
# could hold a card-like run such as "-QS_" (both are lowercase hex now, but a message is read the
# same way whoever made its ids).
NAME_FIELDS = frozenset({"seats", "sides", "table", "token"})


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


# Where the seats' observations disagree, a field is left out of the public view.
_DIFFERS = object()


def public_view(observations: Sequence[dict[str, Any]]) -> dict[str, Any]:
    """What every seat's observation agrees on: a field whose value differs between seats is
    left out (fields holding objects are compared field by field), and then the view has no
    seat (``seat`` is None), no hand (``hand`` is None) and no ``legal_actions`` (an empty
    list)."""
    merged = _agreed(observations)
    # A copy: the merged view may be one seat's own observation object.
    view: dict[str, Any] = dict(merged) if isinstance(merged, dict) else {}
    view["hand"] = None
    view["seat"] = None
    view["legal_actions"] = []
    return view


def _agreed(values: Sequence[Any]) -> Any:
    first = values[0]
    if all(v == first for v in values[1:]):
        return first
    if all(isinstance(v, dict) for v in values):
        merged = {}
        for key in first:
            if all(key in v for v in values):
                value = _agreed([v[key] for v in values])
                if value is not _DIFFERS:
                    merged[key] = value
        return merged
    return _DIFFERS
