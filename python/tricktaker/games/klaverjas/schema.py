"""The JSON Schema of Klaverjas's own fields: what its observations, events and results carry
beside the common ones of ``tricktaker.protocol.schema`` (the family's ``SCHEMA``, which
``tt.schema()`` merges with them).

Seats are seat ids, 0 to 3 for N, E, S, W; team pairs are lists by side id, N-S (0) then E-W
(1), the sides ``tt.solve(..., side="NS")`` names. A few common fields are narrowed here: the
phases to the game's, the completed tricks to their points and roem, and the result's
``score`` is described in the game's terms.
"""

from __future__ import annotations

from typing import Any

from tricktaker.protocol.schema import (
    CARD,
    COMMON_EVENT,
    COMMON_OBSERVATION,
    COMMON_RESULT,
    SEAT,
    TRICK,
)

__all__ = ["SCHEMA"]

JsonSchema = dict[str, Any]

# A seat of the four, and a team (side id) of the two.
KJ_SEAT: JsonSchema = {**SEAT, "maximum": 3}
KJ_SEAT_OR_NONE: JsonSchema = {"anyOf": [KJ_SEAT, {"type": "null"}]}
SIDE_ID: JsonSchema = {
    "type": "integer",
    "minimum": 0,
    "maximum": 1,
    "description": "a side id: 0 for N-S, 1 for E-W",
}
SIDE_ID_OR_NONE: JsonSchema = {"anyOf": [SIDE_ID, {"type": "null"}]}
SUIT: JsonSchema = {"enum": ["S", "H", "D", "C"]}
SUIT_OR_NONE: JsonSchema = {"anyOf": [SUIT, {"type": "null"}]}
POINTS: JsonSchema = {"type": "integer", "minimum": 0}


def _pair(description: str) -> JsonSchema:
    """Two points totals, by side id (N-S, E-W)."""
    return {
        "type": "array",
        "items": POINTS,
        "minItems": 2,
        "maxItems": 2,
        "description": description,
    }


CALL: JsonSchema = {
    "type": "array",
    "prefixItems": [
        KJ_SEAT,
        {"type": "string", "pattern": "^(?:pass|accept|trump:[SHDC])$"},
    ],
    "items": False,
    "minItems": 2,
    "description": "[seat, call]: a call of the trump selection",
}

# A completed trick with its points and its roem (§4.5), the trick's every field declared.
KJ_TRICK: JsonSchema = {
    **TRICK,
    "properties": {
        **TRICK["properties"],
        "roem": {**POINTS, "description": "the trick's roem (credited or not, §4.6)"},
    },
    "required": [*TRICK["required"], "points", "roem"],
    "additionalProperties": False,
}

OBSERVATION: JsonSchema = {
    "tricks": {
        **COMMON_OBSERVATION["tricks"],
        "items": KJ_TRICK,
        "maxItems": 8,
        "description": "the completed tricks the observer may see (the last one alone under "
        "trick_history_visible = last_trick_only)",
    },
    "phase": {
        **COMMON_OBSERVATION["phase"],
        "enum": ["trump_selection", "play", "roem_claim", "over"],
    },
    "forehand": {**KJ_SEAT, "description": "the seat left of the dealer: speaks first, leads"},
    "calls": {
        "type": "array",
        "items": CALL,
        "maxItems": 5,
        "description": "the calls of the trump selection, in order (§2)",
    },
    "proposed_suit": {
        **SUIT_OR_NONE,
        "description": "the drawn suit to accept or pass (trump_selection = drawn), else null",
    },
    "declarer": {
        **KJ_SEAT_OR_NONE,
        "description": "the seat that chose trumps (its team plays), null before",
    },
    "card_points": _pair("card points each side has taken so far, last trick's 10 included"),
    "roem": _pair("roem credited to each side so far (under manual claims: claimed roem)"),
    "conventions": {
        "type": "object",
        "properties": {
            "signals": {
                "enum": ["none", "same_suit", "opposite_colour"],
                "description": "the discard signals both teams declared (§6)",
            },
            "lead_signals": {"type": "boolean", "description": "the lead signals of §6.3"},
        },
        "required": ["signals", "lead_signals"],
        "additionalProperties": False,
        "description": "the partnership conventions, public to all (D33)",
    },
    "player": {
        "type": "integer",
        "minimum": 0,
        "maximum": 3,
        "description": "in a match: the observer's player (0-3 = P1-P4), who sits at 'seat'",
    },
    "match": {
        "type": "object",
        "properties": {
            "game": {"type": "integer", "minimum": 1, "description": "the game being played"},
            "games": {"enum": [1, 3], "description": "games in the match (3: the tournament)"},
            "deal": {"type": "integer", "minimum": 1, "description": "the deal of this game"},
            "team_scores": _pair("this game's running score of each side"),
            "seating": {
                "type": "array",
                "items": {"type": "integer", "minimum": 0, "maximum": 3},
                "minItems": 4,
                "maxItems": 4,
                "description": "the player (0-3 = P1-P4) at each seat, by seat id",
            },
            "over": {"type": "boolean", "description": "whether the match has ended"},
        },
        "required": ["game", "games", "deal", "team_scores", "seating", "over"],
        "additionalProperties": False,
        "description": "in a match: where it stands (§1.5, §5.6, §5.7)",
    },
}

EVENT: JsonSchema = {
    "phase": {**COMMON_EVENT["phase"], "enum": ["trump_selection", "play", "roem_claim"]},
    "trump": {**SUIT, "description": "the trump suit a call fixed"},
    "declarer": {**KJ_SEAT, "description": "the seat whose call fixed trumps"},
    "card": {**CARD, "description": "the card played"},
    "illegal": {
        "const": True,
        "description": "the card was illegal and accepted (illegal_play = penalize, §5.8)",
    },
    "trick": {
        "type": "integer",
        "minimum": 1,
        "maximum": 8,
        "description": "the trick the card completed, or whose roem is claimed (1-8)",
    },
    "trick_winner": {**KJ_SEAT, "description": "the seat that won the completed trick"},
    "trick_points": {**POINTS, "description": "the completed trick's card points"},
    "roem": {**POINTS, "description": "the trick's roem (credited, or claimed)"},
}

RESULT: JsonSchema = {
    "score": {
        **COMMON_RESULT["score"],
        "description": "each side's deal score in points, by side id (§5.3): its total when the "
        "playing team makes it; when it goes nat, 0 and both totals to the defenders; after an "
        "illegal card (§5.8), 0 to the offending side",
    },
    "declarer": {**KJ_SEAT, "description": "the seat that chose trumps"},
    "trump": SUIT,
    "method": {
        "enum": ["free", "utrecht", "drawn", "given"],
        "description": "how trumps were chosen (given: set with the deal)",
    },
    "playing_team": {**SIDE_ID, "description": "the declarer's side"},
    "card_points": _pair("card points of each side, last trick's 10 included (C, §5.1)"),
    "roem": _pair("roem credited to each side (R)"),
    "pit": _pair("the pit bonus of each side (P)"),
    "total": _pair("card points, roem and pit of each side (C + R + P)"),
    "made": {"type": "boolean", "description": "the playing team made it (else: nat)"},
    "pit_team": {**SIDE_ID_OR_NONE, "description": "the side that took all 8 tricks, or null"},
    "penalized_team": {
        **SIDE_ID_OR_NONE,
        "description": "the side that played an illegal card first and scores 0, or null",
    },
}

SCHEMA: dict[str, JsonSchema] = {"observation": OBSERVATION, "event": EVENT, "result": RESULT}
