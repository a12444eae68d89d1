"""The JSON Schema of Kiksas's and Trikiksis's own fields: what their observations, events and
results carry besides the fields every game shares (``tricktaker.protocol.schema``), for
``tt.schema()`` (the family's ``SCHEMA`` hook; one schema serves both variants).

Seats are seat ids: 0 to 3 for A, B, C, D in Kiksas, 0 to 2 for A, B, C in Trikiksis. Sides are
side ids, as in ``sides``: in Kiksas the pairs, "A-C" (0) and "B-D" (1); in Trikiksis the active
player (the writer, the writing-off player or the Akis player: side 0, named by the seat, "B")
and the other two (side 1, "A-C"); ``tt.solve(..., side=...)`` takes those names. Whoever
receives figures (a pair in Kiksas, a player in Trikiksis) is given by the list of its seats.
The deal's public events (§3.12) appear in an observation's ``events`` and in the ``events`` of
the event an action returns.
"""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.protocol.schema import CARD, CARDS, PLAY, SEAT

__all__ = ["SCHEMA"]

JsonSchema = dict[str, Any]

PHASES = ["peek", "peek_decision", "trump_choice", "akis", "play", "su_dviem", "last_lead", "over"]
DEAL_TYPES = ["first", "writing", "writing_off"]
AKIS_KINDS = ["a", "b", "c"]
FIGURE_KINDS = ["strokes", "eggs", "crosses"]
OUTCOMES = [name.lower() for name in _core.KiksasOutcome.__members__]

NULL: JsonSchema = {"type": "null"}
SUIT: JsonSchema = {"enum": ["S", "H", "D", "C"]}
SIDE_ID: JsonSchema = {
    "type": "integer",
    "minimum": 0,
    "maximum": 1,
    "description": "a side id: Kiksas 0 = A-C, 1 = B-D; Trikiksis 0 = the active player, "
    "1 = the other two",
}
COUNT: JsonSchema = {"type": "integer", "minimum": 0}
SEATS_LIST: JsonSchema = {
    "type": "array",
    "items": SEAT,
    "minItems": 1,
    "maxItems": 2,
    "description": "the seats of a pair (Kiksas) or of a player (Trikiksis)",
}


def _or_null(schema: JsonSchema, description: str = "") -> JsonSchema:
    nullable: JsonSchema = {"anyOf": [schema, NULL]}
    if description:
        nullable["description"] = description
    return nullable


def _described(schema: JsonSchema, description: str) -> JsonSchema:
    return {**schema, "description": description}


def _two(item: JsonSchema, description: str = "") -> JsonSchema:
    """Two values, by side id."""
    pair: JsonSchema = {"type": "array", "items": item, "minItems": 2, "maxItems": 2}
    if description:
        pair["description"] = description
    return pair


def _closed(properties: JsonSchema, optional: tuple[str, ...] = ()) -> JsonSchema:
    return {
        "type": "object",
        "properties": properties,
        "required": sorted(k for k in properties if k not in optional),
        "additionalProperties": False,
    }


TARGETS: JsonSchema = _or_null(
    _two({"type": "integer", "minimum": 0, "maximum": 138}),
    "a writing-off deal's targets, by side id (the other side's writing points); null "
    "in other deals",
)
AKIS: JsonSchema = _or_null(
    _closed(
        {
            "player": _described(SEAT, "the Akis player"),
            "kind": {
                "enum": AKIS_KINDS,
                "description": "a: own trumps, led by their queen; b: no trumps, every trick; "
                "c: no trumps, no trick",
            },
            "suit": _or_null(SUIT, "the Akis (a) suit; null for b and c"),
        }
    ),
    "the Akis declared (§3.8), or null",
)
FIGURES_TO: JsonSchema = _described(
    SEATS_LIST, "who receives the figures: a pair's two seats (Kiksas), a player's (Trikiksis)"
)
FIGURE_AWARD: JsonSchema = _closed(
    {
        "to": FIGURES_TO,
        "kind": {"enum": FIGURE_KINDS},
        "count": {"type": "integer", "minimum": 1},
    }
)
FIGURE_COUNT: JsonSchema = _closed(
    {
        "seats": _described(SEATS_LIST, "the pair's (Kiksas) or the player's (Trikiksis) seats"),
        "strokes": COUNT,
        "eggs": COUNT,
        "crosses": COUNT,
        "total": COUNT,
    }
)
FIGURE_COUNTS: JsonSchema = {
    "type": "array",
    "items": FIGURE_COUNT,
    "description": "the figures of each pair (Kiksas) or player (Trikiksis) in the match",
}
WINNERS: JsonSchema = {
    "type": "array",
    "items": SEATS_LIST,
    "description": "the seats of each: a pair, or each player (players may share a win)",
}

# --- the deal's public events (§3.12), by their ``type`` ------------------------------------------


def _event(kind: str, description: str, properties: JsonSchema, *optional: str) -> JsonSchema:
    schema = _closed({"type": {"const": kind}, **properties}, optional)
    schema["description"] = description
    return schema


_PLAYER: JsonSchema = {"player": _described(SEAT, "the seat that acts")}

DEAL_EVENTS: list[JsonSchema] = [
    _event(
        "DealStarted",
        "a deal starts: its kind and roles",
        {
            "no": _or_null({"type": "integer", "minimum": 1}, "the deal's number in a match"),
            "deal_type": {"enum": DEAL_TYPES},
            "dealer": SEAT,
            "first": SEAT,
            "second": SEAT,
            "third": _or_null(SEAT, "the First's partner (Kiksas); null in Trikiksis"),
            "writing_pair": _or_null(SIDE_ID, "Kiksas: the writing pair; null in deal 1"),
            "active_player": _or_null(SEAT, "Trikiksis: the writer or writing-off player"),
            "targets": TARGETS,
        },
    ),
    _event(
        "TrumpFixed",
        "deal 1: clubs are trumps; the clubs queen's holder leads it",
        {
            "suit": SUIT,
            "leader": SEAT,
            "writing_pair": _or_null(SIDE_ID, "Kiksas: the clubs queen holder's pair"),
            "active_player": _or_null(SEAT, "Trikiksis: the clubs queen's holder, the writer"),
        },
    ),
    _event(
        "PeekTaken",
        "the First peeks at a card (the card is his alone)",
        {**_PLAYER, "end": {"enum": ["top", "bottom"]}},
    ),
    _event("PeekAccepted", "the First takes the cards at once", _PLAYER),
    _event(
        "PeekDeclined",
        "the First declines: the pack is cut (cut_k) or reshuffled",
        {
            **_PLAYER,
            "cut_k": {"type": "integer", "minimum": 1, "maximum": 23},
            "reshuffled": {"const": True},
        },
        "cut_k",
        "reshuffled",
    ),
    _event("TrumpChosen", "the First names trumps", {**_PLAYER, "suit": SUIT}),
    _event("AkisPassed", "a seat passes in the Akis round", _PLAYER),
    _event(
        "AkisDeclared",
        "a seat declares Akis",
        {
            **_PLAYER,
            "kind": {"enum": AKIS_KINDS},
            "suit": _or_null(SUIT, "the Akis (a) suit"),
        },
    ),
    _event(
        "HandTurnedDown",
        "Kiksas: the Akis player's partner turns the hand down and sits out",
        {"partner": SEAT},
    ),
    _event("CardPlayed", "a card is played", {**_PLAYER, "card": CARD}),
    _event(
        "HandsExposed",
        "an Akis opponent's hand lies open after the first lead",
        {**_PLAYER, "cards": CARDS},
    ),
    _event(
        "TrickCompleted",
        "a trick is complete",
        {
            "no": {"type": "integer", "minimum": 1, "maximum": 8},
            "leader": SEAT,
            "cards": {"type": "array", "items": PLAY},
            "winner": SEAT,
            "card_points": _described(COUNT, "the trick's card points"),
            "last_bonus": {"enum": [0, 10], "description": "10 on the last trick"},
        },
    ),
    _event(
        "TrumpCountAnnounced",
        "trick 1's winner announces its trumps and the trick's (§2.6)",
        {**_PLAYER, "value": COUNT},
    ),
    _event(
        "TrumpCountAdded",
        "the winner's partner adds its trumps to the count",
        {**_PLAYER, "total": COUNT},
    ),
    _event(
        "TrumpCountSilent",
        "the winner's partner holds no trump and stays silent",
        {**_PLAYER, "partner_trumps": {"const": 0}},
    ),
    _event(
        "TargetReached",
        "a side reaches its target in a writing-off deal",
        {
            "pair": _described(SIDE_ID, "Kiksas: the pair that reached its target"),
            "side": _described(SIDE_ID, "Trikiksis: the side that reached its target"),
            "trick_no": {
                "type": "integer",
                "minimum": 0,
                "description": "the trick that reached it; 0 for a target of 0",
            },
            "points": COUNT,
        },
        "pair",
        "side",
    ),
    _event("SuDviemDeclared", 'a seat declares "Su dviem"', _PLAYER),
    _event("SuDviemPassed", 'a seat does not declare "Su dviem"', _PLAYER),
    _event("LastLeadTaken", "the last trick's leader leads it", _PLAYER),
    _event("LastLeadDeclined", "the last trick's leader declines to lead it", _PLAYER),
    _event(
        "FiguresAwarded",
        "figures are given: to a pair in Kiksas, to each player of a side in Trikiksis",
        {
            "pair": _described(SIDE_ID, "Kiksas: the pair that receives them"),
            "player": _described(SEAT, "Trikiksis: the player that receives them"),
            "kind": {"enum": FIGURE_KINDS},
            "count": {"type": "integer", "minimum": 1},
            "reason": {"enum": OUTCOMES, "description": "the deal's outcome"},
        },
        "pair",
        "player",
    ),
    _event(
        "DealEnded",
        "the deal is over: its outcome and the next deal",
        {
            "outcome": {"enum": OUTCOMES},
            "points": _two(COUNT, "the card points by side id"),
            "next_type": {"enum": DEAL_TYPES},
            "next_dealer": SEAT,
        },
    ),
    _event(
        "MatchEnded",
        "a match is over",
        {"winner": WINNERS, "figures": FIGURE_COUNTS},
    ),
]
DEAL_EVENT: JsonSchema = {"anyOf": DEAL_EVENTS, "description": "a public event of the deal"}
EVENTS: JsonSchema = {"type": "array", "items": DEAL_EVENT}

# --- observations -----------------------------------------------------------------------------

WRITING_ROW: JsonSchema = {
    "anyOf": [
        _closed(
            {
                "deal": {"type": "integer", "minimum": 1},
                "points": _two(COUNT, "the pairs' writing points, by side id (A-C, B-D)"),
            }
        ),
        _closed(
            {
                "deal": {"type": "integer", "minimum": 1},
                "writer": _described(SEAT, "the writer"),
                "writer_points": COUNT,
                "others": _described(COUNT, "the other two players' points"),
            }
        ),
    ],
    "description": "a row of writing points on the sheet: Kiksas's pairs or Trikiksis's writer",
}
WRITING_ROWS: JsonSchema = {"type": "array", "items": WRITING_ROW}
STANDINGS: JsonSchema = _closed(
    {
        "figures": FIGURE_COUNTS,
        "deals_played": COUNT,
        "over": {"type": "boolean"},
        "winners": WINNERS,
        "losers": WINNERS,
        "writing_rows": WRITING_ROWS,
        "figures_log": {
            "type": "array",
            "items": _closed(
                {
                    "deal": {"type": "integer", "minimum": 1},
                    "to": FIGURES_TO,
                    "kind": {"enum": FIGURE_KINDS},
                    "count": {"type": "integer", "minimum": 1},
                    "reason": {"enum": OUTCOMES},
                }
            ),
        },
    }
)
MATCH: JsonSchema = _closed(
    {
        "deal": {"type": "integer", "minimum": 0, "description": "the deal in play"},
        "figures": FIGURE_COUNTS,
        "figures_to_lose": {"type": "integer", "minimum": 1},
        "writing_rows": WRITING_ROWS,
        "over": {"type": "boolean"},
        "events": {
            "type": "array",
            "items": DEAL_EVENTS[-1],
            "description": "the match's own events",
        },
        "result": _or_null(STANDINGS, "the standings once the match is over"),
    }
)

OBSERVATION: JsonSchema = {
    "phase": {"enum": PHASES, "description": "where the deal stands"},
    "deal_type": {"enum": DEAL_TYPES, "description": "the kind of deal (§3.3)"},
    "first": _described(SEAT, "the First: the dealer's left neighbour, who chooses trumps"),
    "second": _described(SEAT, "the Second: the First's left neighbour"),
    "third": _or_null(SEAT, "Kiksas: the Third, the First's partner; null in Trikiksis"),
    "writing_pair": _or_null(SIDE_ID, "Kiksas: the writing pair W; null in Trikiksis"),
    "active_player": _or_null(
        SEAT, "Trikiksis: the writer or the writing-off player; null in Kiksas"
    ),
    "targets": TARGETS,
    "akis": AKIS,
    "sitting_out": _or_null(SEAT, "Kiksas: the Akis player's partner, out of the play"),
    "open_hands": {
        "type": "array",
        "items": _or_null(CARDS),
        "description": "the hands laid open (an Akis's opponents after the first lead), by "
        "seat id; null for a hand not shown",
    },
    "peek": _or_null(
        _closed(
            {
                "end": {"enum": ["top", "bottom"]},
                "accepted": _or_null({"type": "boolean"}, "null until the First decides"),
                "card": _described(CARD, "the peeked card: shown to the First alone"),
            },
            ("card",),
        ),
        "the First's peek (§3.5.2), or null",
    ),
    "tricks_won": _two(COUNT, "the tricks each side has won, by side id"),
    "points": _two(
        COUNT, "the card points each side has taken, by side id (when the history is visible)"
    ),
    "my_played": _described(
        CARDS, "the observer's own played cards (only when the history is hidden, D6)"
    ),
    "events": _described(EVENTS, "the deal's public events so far (§3.12)"),
    "match": _described(MATCH, "in a match's observation: the score sheet"),
}

# --- events and results -----------------------------------------------------------------------

EVENT: JsonSchema = {
    "phase": {"enum": PHASES[:-1], "description": "the phase the action was taken in"},
    "events": _described(EVENTS, "the public events the action caused"),
}

RESULT: JsonSchema = {
    "score": _two(
        COUNT,
        "the figures (strokes, eggs or crosses: each a penalty) the deal gives each side, by "
        "side id: to the pair in Kiksas, to each player of the side in Trikiksis",
    ),
    "deal_type": {"enum": DEAL_TYPES},
    "dealer": SEAT,
    "first": _described(SEAT, "the First"),
    "trump": _or_null(SUIT, "the trump suit"),
    "akis": AKIS,
    "writing_pair": _or_null(SIDE_ID, "Kiksas: the writing pair W"),
    "active_player": _or_null(SEAT, "Trikiksis: the writer, or the writing-off player"),
    "points": _two(COUNT, "the card points by side id"),
    "tricks": _two(COUNT, "the tricks by side id"),
    "player_points": {
        "type": "array",
        "items": COUNT,
        "description": "the card points each seat took, by seat id",
    },
    "reached_at": _two(
        {"type": "integer", "minimum": -1},
        "the trick at which each side reached its target (0 before trick 1), -1 if never",
    ),
    "race_winner": _or_null(SIDE_ID, "the side that won a writing-off deal's race"),
    "outcome": {"enum": OUTCOMES, "description": "how the deal ended"},
    "figures": {"type": "array", "items": FIGURE_AWARD, "description": "the figures given"},
    "next_type": {"enum": DEAL_TYPES, "description": "the next deal's kind"},
    "next_dealer": _described(SEAT, "the next deal's dealer"),
    "next_targets": _or_null(
        _two({"type": "integer", "minimum": 0, "maximum": 138}),
        "the next deal's targets, by side id (a writing-off deal's)",
    ),
    "clubs_queen_holder": _or_null(SEAT, "the clubs queen's holder"),
}

SCHEMA: dict[str, JsonSchema] = {"observation": OBSERVATION, "event": EVENT, "result": RESULT}
