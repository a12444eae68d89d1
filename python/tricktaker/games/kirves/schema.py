"""The JSON Schema of Kirves's own fields: what its observations, events and results carry
besides the fields every game shares (``tricktaker.protocol.schema``), for ``tt.schema()`` (the
family's ``SCHEMA`` hook).

Seats are seat ids, 0 to n - 1 for A, B, C, ... (2 to 10 players); every per-seat list is by
seat id. The sides (``result.py``) are the core's: in a normal deal the trump maker (side 0)
against everyone else (side 1); in a cut-jack or free-for-all deal, and before the kind of deal
is known, every seat is its own side (side id = seat id). A side's name is its seats' letters
joined by hyphens ("B", "A-C-D"), which ``tt.solve(..., side=...)`` accepts. A deal's score is
in marks: what the seats of each side gain in the deal (marks are good: three escape a leg).

An observation carries the deal's public record (``events``, one entry per thing that happened,
the result last); a match's observation adds the standings (``match``) and the keppi holder who
chooses the next dealer.
"""

from __future__ import annotations

from typing import Any

from tricktaker.games.kirves.result import (
    CONCESSION,
    CUT_JACK,
    FREE_FOR_ALL,
    MISDEAL,
    NORMAL,
    PAAKOT_DECLARED,
    PLAYED,
    THROWN_IN,
    VOID,
)
from tricktaker.games.kirves.state import (
    CHANGE_POLL,
    CHOOSE_SUIT,
    CUT,
    DISCARD,
    FOLDING,
    OVER,
    PAAKOT_ROUND,
    PLAY,
    SPEAKING,
    THROW_IN_POLL,
    TURNED_CARD,
)
from tricktaker.protocol.schema import CARD, CARDS, COMMON_RESULT, SEAT

__all__ = ["SCHEMA"]

JsonSchema = dict[str, Any]

NULL: JsonSchema = {"type": "null"}
SUITS = ["S", "H", "D", "C"]
# The phases a deal acts in, and the match's own: the keppi holder chooses the next dealer.
ACTING_PHASES = [
    CUT,
    TURNED_CARD,
    DISCARD,
    PAAKOT_ROUND,
    SPEAKING,
    CHANGE_POLL,
    CHOOSE_SUIT,
    THROW_IN_POLL,
    FOLDING,
    PLAY,
    "choose_dealer",
]
OUTCOMES = [PLAYED, PAAKOT_DECLARED, CONCESSION, THROWN_IN, VOID, MISDEAL]
KINDS = [NORMAL, CUT_JACK, FREE_FOR_ALL]
WIN_RULES = ["three_tricks", "first_to_two", "last_trick"]
# The speaking calls, poll answers and decisions the calls list records.
CALL_PATTERN = (
    "^(?:keep|change(?::[SHDC])?|pass|throw_in|consent|veto|refuse|suit:[SHDC]|fold|stay|no"
    "|declare|lead:(?:[2-9TJQKA][SHDC]|RJ|BJ))$"
)
# What the public record names: a seat's call or decision, or what the deal did.
RECORD_KINDS = [
    "cut",
    "saving_angel",
    "cut_jack",
    "turned_card",
    "takes_turned_card",
    "peek",
    "take_blind",
    "take",
    "leave",
    "discard",
    "declare",
    "no",
    "direct_lead",
    "keep",
    "change",
    *(f"change:{s}" for s in SUITS),
    "pass",
    "throw_in",
    "trump_maker",
    "refuser_plays",
    "free_for_all",
    "all_pass",
    "consent",
    "veto",
    "refuse",
    *(f"suit:{s}" for s in SUITS),
    "fold",
    "stay",
    "void",
    "play",
]


def _or_null(schema: JsonSchema, description: str) -> JsonSchema:
    return {"anyOf": [schema, NULL], "description": description}


def _described(schema: JsonSchema, description: str) -> JsonSchema:
    return {**schema, "description": description}


def _closed(properties: JsonSchema, required: list[str] | None = None) -> JsonSchema:
    return {
        "type": "object",
        "properties": properties,
        "required": sorted(properties) if required is None else required,
        "additionalProperties": False,
    }


def _per_seat(item: JsonSchema, description: str) -> JsonSchema:
    return {
        "type": "array",
        "items": item,
        "minItems": 2,
        "maxItems": 10,
        "description": f"{description}, by seat id",
    }


def _seats(description: str) -> JsonSchema:
    return {"type": "array", "items": SEAT, "description": description}


SUIT: JsonSchema = {"enum": SUITS}
MARK: JsonSchema = {"type": "integer", "minimum": 0, "maximum": 1}
COUNT: JsonSchema = {"type": "integer", "minimum": 0}
PACKET: JsonSchema = {"type": "integer", "minimum": 2, "maximum": 52}
SEAT_OR_NULL: JsonSchema = {"anyOf": [SEAT, NULL]}

# --- results ----------------------------------------------------------------------------------

RESULT: JsonSchema = {
    "score": {
        "type": "array",
        "items": COUNT,
        "description": "the marks the seats of each side gain in the deal (cut marks too), by "
        "side id",
    },
    "outcome": {
        "enum": OUTCOMES,
        "description": "how the deal ended: played out, pääköt declared, a principal's "
        "concession, thrown in, void (an undeclared pääköt) or a misdeal",
    },
    "dealer": _described(SEAT, "the dealer"),
    "cutter": _described(SEAT, "the cutter, the participant before the dealer"),
    "eldest": _described(SEAT, "the eldest, the participant after the dealer"),
    "participants": _seats("the seats dealt in (the others escaped the leg)"),
    "kind": _or_null({"enum": KINDS}, "the kind of deal (R6, D34); null when no trump was fixed"),
    "trump": _or_null(SUIT, "the trump suit; null when none was fixed"),
    "turned_card": _or_null(CARD, "the card turned after the deal; null before"),
    "cut_jack": _or_null(CARD, "the jack or joker the cutter kept (R2.5b); null if none"),
    "trump_maker": _or_null(SEAT, "the trump maker of a normal deal; null otherwise"),
    "voluntary": {"type": "boolean", "description": "the trump maker chose (R11.1)"},
    "forced": {
        "type": "boolean",
        "description": "the dealer had to take the turned card (R3.4, R3.5)",
    },
    "folded": _seats("the seats that folded, in the order they did"),
    "trick_winners": _seats("the winner of each trick played, in order"),
    "winner": _or_null(SEAT, "the winning player of a played deal (R9.1); null otherwise"),
    "win_rule": _or_null(
        {"enum": WIN_RULES}, "how the winning player won (R9.1); null when not played"
    ),
    "conceded_by": _or_null(SEAT, "the principal whose fold conceded the deal (R7.5)"),
    "paakot_holder": _or_null(SEAT, "the seat that declared pääköt (R4)"),
    "cut_marks": _per_seat(MARK, "the marks given at the cut (R2.5b)"),
    "marks": _per_seat(MARK, "every mark of this deal that stands (cut marks too)"),
    "points": _per_seat({"type": "integer"}, "the tournament bonuses of this deal (R11.1-R11.3)"),
    "same_dealer_next": {
        "type": "boolean",
        "description": "the same dealer deals the next deal (R10.5, §10.1)",
    },
    "next_cut_examined": {
        "type": "boolean",
        "description": "the next deal's cut is examined (false after a misdeal, R2.6)",
    },
    "escaped": _seats("the seats that reach three marks and escape the leg after this deal"),
    "keppi": _or_null(SEAT, "the one player left without three marks, who gets a keppi"),
    "kirves": _or_null(SEAT, "the player left without three marks who already held a keppi"),
}

# --- events -----------------------------------------------------------------------------------

EVENT: JsonSchema = {
    "phase": {"enum": ACTING_PHASES, "description": "the phase the action was taken in"},
    "packet": _described(PACKET, "a cut: the cards lifted"),
    "examined": {"const": False, "description": "a cut: present (false) when unexamined"},
    "bottom_card": _described(CARD, "an examined cut: the card exposed at its bottom"),
    "angel": _described(CARD, "a cut jack's angel card (public), or a saving angel's"),
    "saving_angel": {
        "const": True,
        "description": "a cut: a saving angel, so the dealer shuffles and the cutter cuts again",
    },
    "cut_jack": _described(CARD, "a cut: the cut jack the cutter keeps"),
    "cut_marks": _per_seat(MARK, "a cut jack: the marks it gives"),
    "card": _described(CARD, "the card played, or discarded (shown to the discarder only)"),
    "outcome": {"enum": OUTCOMES, "description": "the action ended the deal so"},
    "trump": _described(SUIT, "the action fixed this trump suit"),
    "lead": {"const": True, "description": "the eldest's direct lead (R5.3)"},
    "count": {
        "type": "integer",
        "minimum": 2,
        "maximum": 3,
        "description": "a peek: the cards the dealer looked at",
    },
    "refused": {"const": True, "description": "a throw-in refused"},
    "trick": {
        "type": "integer",
        "minimum": 1,
        "maximum": 5,
        "description": "on the card that completes a trick: how many tricks are complete",
    },
    "trick_winner": _described(SEAT, "on the card that completes a trick: its winner"),
    "dealer": _described(SEAT, "the keppi holder's choice: the dealer of the new leg"),
}

# --- observations -----------------------------------------------------------------------------

RECORD: JsonSchema = _closed(
    {
        "seat": _or_null(SEAT, "the seat that acted; null for what the deal did"),
        "event": {"enum": RECORD_KINDS, "description": "what happened"},
        "packet": PACKET,
        "examined": {"const": False},
        "bottom_card": CARD,
        "angel": _or_null(CARD, "the angel card; null when it is not public"),
        "cut_jack": CARD,
        "cut_marks": _per_seat(MARK, "the marks a cut jack gives"),
        "card": CARD,
        "trump": SUIT,
        "count": {"type": "integer", "minimum": 2, "maximum": 3},
        "cards": CARDS,
        "automatic": {"const": True, "description": "pääköt declared by the engine"},
    },
    required=["seat", "event"],
)
RESULT_RECORD: JsonSchema = _closed(
    {
        "seat": NULL,
        "event": {"const": "result"},
        **COMMON_RESULT,
        "game": {"const": "kirves"},
        **RESULT,
    },
    required=["seat", "event", *sorted(COMMON_RESULT)],
)

STANDINGS: JsonSchema = _closed(
    {
        "marks": _per_seat(
            {"type": "integer", "minimum": 0, "maximum": 3}, "the marks in the current leg"
        ),
        "escaped": _seats("the seats out of the current leg"),
        "keppis": _per_seat(COUNT, "the keppis in the current game"),
        "game": {"type": "integer", "minimum": 1, "description": "the current game, from 1"},
        "games": {"type": "integer", "minimum": 1, "description": "the games of the session"},
        "legs": _described(COUNT, "legs finished in the current game"),
        "deals": _described(COUNT, "deals finished in the session (every outcome)"),
        "kirves": _seats("the seat that got the kirves, per finished game"),
        "keppis_total": _per_seat(COUNT, "the keppis of the session"),
        "kirves_total": _per_seat(COUNT, "the kirves of the session"),
        "points": _per_seat({"type": "integer"}, "the tournament points"),
        "ranking": {
            "type": "array",
            "items": {"type": "array", "items": SEAT, "minItems": 1},
            "description": "groups of seats sharing a place, best first (R11.7)",
        },
        "over": {"type": "boolean", "description": "the session is over"},
    }
)

OBSERVATION: JsonSchema = {
    "phase": {
        "enum": [*ACTING_PHASES, OVER],
        "description": "the phase of the deal (choose_dealer: of a match, after a keppi)",
    },
    "trump": _or_null(SUIT, "the trump suit; null before it is fixed"),
    "dealer": _described(SEAT, "the dealer"),
    "num_players": {"type": "integer", "minimum": 2, "maximum": 10},
    "cutter": _described(SEAT, "the cutter, the participant before the dealer"),
    "eldest": _described(SEAT, "the eldest, the participant after the dealer"),
    "participants": _seats("the seats dealt in (players with fewer than three marks)"),
    "marks_before": _per_seat(
        {"type": "integer", "minimum": 0, "maximum": 3}, "the marks before this deal"
    ),
    "cut_marks": _per_seat(MARK, "the marks given at the cut"),
    "cut": _closed(
        {
            "examined": {"type": "boolean", "description": "the cut is examined (R2.6)"},
            "packet": _or_null(PACKET, "the cards lifted; null before the cut"),
            "bottom_card": _or_null(CARD, "the card exposed at the bottom of the lifted packet"),
            "angel_card": _or_null(CARD, "the angel card when it is public"),
            "saving_angels": {
                "type": "array",
                "items": {
                    "type": "array",
                    "prefixItems": [CARD, CARD],
                    "items": False,
                    "minItems": 2,
                },
                "description": "each saving angel: [bottom card, angel card]",
            },
            "cut_jack": _or_null(CARD, "the cut jack the cutter keeps"),
        }
    ),
    "turned_card": _or_null(CARD, "the card turned after the deal; null before"),
    "turned_taken": {"type": "boolean", "description": "the dealer took the turned card"},
    "kind": _or_null({"enum": KINDS}, "the kind of deal (R6, D34); null while unknown"),
    "trump_maker": _or_null(SEAT, "the trump maker of a normal deal; null otherwise"),
    "calls": {
        "type": "array",
        "items": {
            "type": "array",
            "prefixItems": [SEAT, {"type": "string", "pattern": CALL_PATTERN}],
            "items": False,
            "minItems": 2,
        },
        "description": "[seat, call]: every call, poll answer and fold decision, in order",
    },
    "folded": _seats("the seats that folded"),
    "tricks_won": _per_seat(
        {"type": "integer", "minimum": 0, "maximum": 5}, "the tricks each seat has won"
    ),
    "events": {
        "type": "array",
        "items": {"anyOf": [RECORD, RESULT_RECORD]},
        "description": "the deal's public record, in order (the result last)",
    },
    "hand_hidden": {
        "type": "boolean",
        "description": "the observer is the dealer deciding on a turned ace or 2 and has seen "
        "only the cards he peeked at (R3.6)",
    },
    "peeked": _described(CARDS, "the cards the dealer peeked at (the dealer's own only)"),
    "discarded": _or_null(CARD, "the observer's discarded card; null if none"),
    "angel_card": _described(
        CARD,
        "the angel card dealt to the eldest (angel_card_source = stub_top): in the eldest's "
        "observation only",
    ),
    "match": _described(STANDINGS, "a match's observation: the standings"),
    "keppi_holder": _or_null(
        SEAT, "a match's observation: the keppi holder who is to choose the next dealer"
    ),
}

SCHEMA: dict[str, JsonSchema] = {"observation": OBSERVATION, "event": EVENT, "result": RESULT}
