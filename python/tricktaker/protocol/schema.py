"""One JSON Schema for the JSON faces of every game: actions, events, observations, results,
options and game info (``tt.schema()``).

What every game shares is written once here; what a game adds, it declares in its family's
``schema.py`` (``SCHEMA = {"observation": ..., "event": ..., "result": ...}``: the JSON Schema
properties of its own fields, in the same vocabulary; it may narrow a common field, such as
``phase`` to its own phases), and its options come from its options dataclass. The
schema is closed: a field that no schema names fails validation, so the schema is the full
documentation of what a front end receives.

The canonical seat id is an integer, 0 to n - 1, in turn order; ``seats`` gives the game's own
display names ("N", "E", "S", "W"; "A".."D"; "S0"..), by seat id. Every seat-valued field of an
observation, an event or a result is a seat id; every per-seat list is indexed by seat id.
Sides are named alike everywhere: an observation's and a result's ``sides`` list, by side id,
each side's ``name`` (what ``tt.solve(..., side=...)`` and ``tricktaker solve --side`` accept,
besides the side id) and its ``seats``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping, Sequence
from typing import Any

__all__ = [
    "CARD",
    "COMMON_EVENT",
    "COMMON_OBSERVATION",
    "COMMON_RESULT",
    "SCHEMA_ID",
    "SEAT",
    "game_schema",
    "options_schema",
    "schema_document",
]

SCHEMA_ID = "https://tricktaker.dev/schema/v1"

JsonSchema = dict[str, Any]

# A card in the notation every game reads and writes: rank then suit, jokers RJ and BJ.
CARD: JsonSchema = {
    "type": "string",
    "pattern": "^(?:[2-9TJQKA][SHDC]|RJ|BJ)$",
    "description": "a card: rank (2-9, T, J, Q, K, A) then suit (S, H, D, C); jokers RJ, BJ",
}
SEAT: JsonSchema = {"type": "integer", "minimum": 0, "description": "a seat id"}
SEAT_OR_NONE: JsonSchema = {"anyOf": [SEAT, {"type": "null"}]}
SUIT_OR_NONE: JsonSchema = {
    "anyOf": [{"enum": ["S", "H", "D", "C", "NT"]}, {"type": "null"}],
    "description": "a suit letter (NT: no trump), or null before trumps are fixed",
}
CARDS: JsonSchema = {"type": "array", "items": CARD}
PLAY: JsonSchema = {
    "type": "array",
    "prefixItems": [SEAT, CARD],
    "items": False,
    "minItems": 2,
    "description": "[seat, card]: a card played by a seat",
}
SIDE: JsonSchema = {
    "type": "object",
    "properties": {
        "name": {"type": "string", "description": "the side's display name"},
        "seats": {"type": "array", "items": SEAT},
    },
    "required": ["name", "seats"],
    "additionalProperties": False,
}
SIDES: JsonSchema = {"type": "array", "items": SIDE, "description": "the sides, by side id"}

TRICK: JsonSchema = {
    "type": "object",
    "properties": {
        "leader": SEAT,
        "cards": {"type": "array", "items": PLAY},
        "winner": SEAT,
        "points": {"type": "integer", "description": "the trick's card points"},
    },
    "required": ["leader", "cards", "winner"],
    "description": "a completed trick; a game may add its own fields (bonuses)",
}

# The fields of every observation, in every game and phase.
COMMON_OBSERVATION: JsonSchema = {
    "game": {"type": "string", "description": "the game's registered name"},
    "seat": {**SEAT, "description": "the observer's seat id"},
    "seats": {"type": "array", "items": {"type": "string"}, "description": "display names"},
    "sides": SIDES,
    "phase": {"type": "string", "description": "where the deal stands"},
    "to_move": {**SEAT_OR_NONE, "description": "the seat to act; null when none is"},
    "dealer": SEAT_OR_NONE,
    "hand": {
        "anyOf": [CARDS, {"type": "null"}],
        "description": "the observer's hand; null while the observer has not seen it",
    },
    "hand_sizes": {
        "type": "array",
        "items": {"type": "integer", "minimum": 0},
        "description": "cards in each seat's hand, by seat id",
    },
    "trump": SUIT_OR_NONE,
    "trick": {"type": "array", "items": PLAY, "description": "the trick in play, in order"},
    "tricks": {
        "type": "array",
        "items": TRICK,
        "description": "the completed tricks the observer may see",
    },
    "legal_actions": {
        "type": "array",
        "items": {"type": "string"},
        "description": "what the observer may do now (empty when it is not to act)",
    },
    "result": {"description": "the deal's result once it is over (null before)"},
}

# The fields of every event (``Event.to_dict()``): what one applied action did.
COMMON_EVENT: JsonSchema = {
    "seat": {**SEAT, "description": "the seat that acted"},
    "action": {"type": "string"},
    "phase": {"type": "string", "description": "the phase the action was taken in"},
}

# The fields of every deal result (``result().to_dict()``).
COMMON_RESULT: JsonSchema = {
    "game": {"type": "string"},
    "sides": SIDES,
    "score": {
        "type": "array",
        "items": {"type": "number"},
        "description": "what the deal gives each side, by side id, in the game's own terms",
    },
}


def _object(common: JsonSchema, own: Mapping[str, JsonSchema], game: str) -> JsonSchema:
    properties = {"game": {"const": game}} if "game" in common else {}
    merged = {**common, **own, **properties}
    return {
        "type": "object",
        "properties": merged,
        "required": sorted(common),
        "additionalProperties": False,
    }


def _json_type(value: Any) -> JsonSchema:
    if isinstance(value, bool):
        return {"type": "boolean"}
    if isinstance(value, int):
        return {"type": "integer"}
    if isinstance(value, float):
        return {"type": "number"}
    if isinstance(value, str):
        return {"type": "string"}
    if value is None:
        return {"type": "null"}
    return {}


def options_schema(options_class: type[Any]) -> JsonSchema:
    """The options of a game as ``to_json()`` writes them: each field with its allowed values
    (an enum), the schema a checked field declares (``metadata["schema"]``), or the JSON type
    of its default; and its description."""
    properties: dict[str, JsonSchema] = {}
    for f in dataclasses.fields(options_class):
        choices: Sequence[Any] | None = f.metadata.get("choices")
        if choices is not None:
            entry: JsonSchema = {"enum": list(choices)}
        elif "check" in f.metadata:
            # A checked option may take values of several types (max_bid: "auto" or a number);
            # its check function is the rule, and the schema adds only what the field declares.
            entry = dict(f.metadata.get("schema", {}))
        elif f.default is not dataclasses.MISSING and f.default is not None:
            entry = _json_type(f.default)
        else:
            entry = {}
        doc = f.metadata.get("doc")
        if doc:
            entry["description"] = doc
        if f.default is not dataclasses.MISSING:
            entry["default"] = list(f.default) if isinstance(f.default, tuple) else f.default
        properties[f.name] = entry
    return {"type": "object", "properties": properties, "additionalProperties": False}


def game_schema(
    game: str,
    options_class: type[Any],
    observation: Mapping[str, JsonSchema],
    event: Mapping[str, JsonSchema],
    result: Mapping[str, JsonSchema],
) -> JsonSchema:
    """The schema of one game: its observation, event, result and options, each the common
    fields and the game's own."""
    own_result = {
        "result": {
            "anyOf": [{"$ref": f"#/$defs/{game}/properties/result"}, {"type": "null"}],
            "description": "the deal's result once it is over",
        }
    }
    return {
        "observation": _object(COMMON_OBSERVATION, {**observation, **own_result}, game),
        "event": _object(COMMON_EVENT, event, game),
        "result": _object(COMMON_RESULT, result, game),
        "options": options_schema(options_class),
    }


GAME_INFO: JsonSchema = {
    "type": "object",
    "properties": {
        "name": {"type": "string"},
        "description": {"type": "string"},
        "family": {"type": "string"},
        "aliases": {"type": "array", "items": {"type": "string"}},
        "presets": {"type": "array", "items": {"type": "string"}},
        "options": {
            "type": "array",
            "items": {
                "type": "object",
                "properties": {
                    "name": {"type": "string"},
                    "default": {},
                    "choices": {"anyOf": [{"type": "array"}, {"type": "null"}]},
                    "doc": {"type": "string", "minLength": 1},
                },
                "required": ["name", "default", "choices", "doc"],
                "additionalProperties": False,
            },
        },
        "capabilities": {"type": "array", "items": {"type": "string"}},
    },
    "required": [
        "name",
        "description",
        "family",
        "aliases",
        "presets",
        "options",
        "capabilities",
    ],
    "additionalProperties": False,
}


def schema_document(games: Mapping[str, JsonSchema]) -> JsonSchema:
    """The whole schema: ``$defs`` holds ``action``, ``game_info`` and, per game, its
    ``observation``, ``event``, ``result`` and ``options`` (``#/$defs/<game>/observation``); the
    top-level ``observation``, ``event``, ``result`` accept any game's (by its ``game`` field
    where it has one)."""
    defs: JsonSchema = {
        "card": CARD,
        "seat": SEAT,
        "side": SIDE,
        "trick": TRICK,
        "action": {
            "type": "string",
            "minLength": 1,
            "description": "a card (its text) or a call such as 'pass', 'trump:H', 'bid:3'",
        },
        "game_info": GAME_INFO,
        "games": {"type": "object", "additionalProperties": GAME_INFO},
    }
    for name, parts in games.items():
        defs[name] = {"type": "object", "properties": parts}
    for kind in ("observation", "event", "result"):
        refs = [
            {"$ref": f"#/$defs/{name}/properties/{kind}"} for name in games if kind in games[name]
        ]
        defs[kind] = {"anyOf": refs} if refs else False
    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": SCHEMA_ID,
        "title": "tricktaker",
        "description": __doc__.split("\n\n")[0] if __doc__ else "",
        "$defs": defs,
    }
