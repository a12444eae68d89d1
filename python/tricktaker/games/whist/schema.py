"""The JSON Schema of whist's own fields: what its observations, events and results carry
besides the fields every game shares (``tricktaker.protocol.schema``), for ``tt.schema()``.

Whist has one phase of play and no dealer: a deal (or an ending) starts from its leader. Its
score is in tricks. The sides are NS (side 0: N and S) and EW (side 1: E and W).
"""

from __future__ import annotations

from typing import Any

from tricktaker.protocol.schema import CARD, SEAT

__all__ = ["SCHEMA"]

# The tricks of each side, by side id (NS, EW); with the full pack 13 in all.
_SIDE_TRICKS: dict[str, Any] = {
    "type": "array",
    "items": {"type": "integer", "minimum": 0, "maximum": 13},
    "minItems": 2,
    "maxItems": 2,
}

# The common ``phase``, narrowed to whist's two.
_PHASES = ["play", "over"]

OBSERVATION: dict[str, Any] = {
    "phase": {"enum": _PHASES, "description": "play until the last card, then over"},
    "leader": {**SEAT, "description": "the seat that led the deal's first trick"},
    "tricks_won": {**_SIDE_TRICKS, "description": "the tricks each side has won, by side id"},
    "ranks_per_suit": {
        "type": "integer",
        "minimum": 2,
        "maximum": 13,
        "description": "the size of the pack: the ranks of each suit, from the ace down "
        "(the cards of an ending may be fewer)",
    },
}

EVENT: dict[str, Any] = {
    "phase": {"enum": ["play"], "description": "every action of whist is a card played"},
    "card": {**CARD, "description": "the card played"},
    "trick": {
        "type": "integer",
        "minimum": 1,
        "description": "on the card that completes a trick: how many tricks are complete",
    },
    "trick_winner": {**SEAT, "description": "on the card that completes a trick: its winner"},
}

RESULT: dict[str, Any] = {
    "score": {
        **_SIDE_TRICKS,
        "description": "the tricks each side won, by side id (NS, EW)",
    },
    "tricks": {**_SIDE_TRICKS, "description": "the tricks each side won (the same as score)"},
}

SCHEMA: dict[str, dict[str, Any]] = {"observation": OBSERVATION, "event": EVENT, "result": RESULT}
