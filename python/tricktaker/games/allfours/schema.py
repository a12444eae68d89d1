"""The JSON Schema of All Fours's and Pitch's own fields: what their observations, events and
results carry besides the fields every game has (``tricktaker.protocol.schema``), for
``tt.schema()``.

Seats are seat ids (``S0`` is seat 0); sides are side numbers, 0 for A, 1 for B, ... (the
``sides`` list of every observation and result names them); scores, points and game values are
lists by side number, every other per-seat list is by seat id.
"""

from __future__ import annotations

from typing import Any

from tricktaker.protocol.schema import CARD, CARDS, SEAT, JsonSchema

__all__ = ["SCHEMA"]

SIDE: JsonSchema = {
    "type": "integer",
    "minimum": 0,
    "maximum": 6,
    "description": "a side number: 0 for A, 1 for B, ...",
}


def _nullable(schema: JsonSchema, description: str) -> JsonSchema:
    return {"anyOf": [schema, {"type": "null"}], "description": description}


def _described(schema: JsonSchema, description: str) -> JsonSchema:
    return {**schema, "description": description}


def _by_side(description: str, minimum: int | None = None) -> JsonSchema:
    item: JsonSchema = {"type": "integer"}
    if minimum is not None:
        item["minimum"] = minimum
    return {"type": "array", "items": item, "description": description}


def _by_seat(description: str) -> JsonSchema:
    return {"type": "array", "items": {"type": "integer", "minimum": 0}, "description": description}


TRUMP_LETTER: JsonSchema = {"enum": ["S", "H", "D", "C"], "description": "the trump suit's letter"}
BID: JsonSchema = {"type": "integer", "minimum": 1}

# Every change of a side's score, in the order it was applied (T17, X12).
CREDIT: JsonSchema = {
    "type": "object",
    "properties": {
        "kind": {
            "enum": [
                "kick",
                "gift",
                "high",
                "low",
                "jack",
                "jick",
                "joker_high",
                "joker_low",
                "trey",
                "five",
                "last",
                "game",
                "moon",
                "set_back",
            ],
            "description": "what was credited: a turned-up card's kick, the gift of a beg, an "
            "item of the play, or the set back of a bidder who failed",
        },
        "side": _described(SIDE, "the side credited"),
        "points": {"type": "integer", "description": "the points (negative for a set back)"},
        "card": _nullable(CARD, "the card that earned it (the kick's or the item's), if any"),
    },
    "required": ["kind", "side", "points", "card"],
    "additionalProperties": False,
}
CREDITS: JsonSchema = {"type": "array", "items": CREDIT}

CALL: JsonSchema = {
    "type": "array",
    "prefixItems": [SEAT, {"type": "string"}],
    "items": False,
    "minItems": 2,
    "description": "[seat, call]: a call made (stand, beg, give_one, run, pass, bid:N, "
    "trump:S, discard:<card>, done)",
}

# What the face-up deal to the first jack showed (Y4): the match's first dealer.
FIRST_DEALER_DRAW: JsonSchema = {
    "type": "object",
    "properties": {
        "start": _described(SEAT, "the seat dealt the first face-up card"),
        "cards": _described(CARDS, "the cards dealt face up, up to the first jack"),
        "jack_to": _described(SEAT, "the seat that received the jack"),
        "dealer": _described(SEAT, "the first dealer"),
    },
    "required": ["start", "cards", "jack_to", "dealer"],
    "additionalProperties": False,
}

MATCH: JsonSchema = {
    "type": "object",
    "properties": {
        "deal": {"type": "integer", "minimum": 1, "description": "the number of the deal"},
        "scores": _by_side("each side's score in the match"),
        "target": {"type": "integer", "minimum": 1, "description": "the points that win"},
        "first_dealer_draw": _nullable(
            FIRST_DEALER_DRAW, "the face-up deal that chose the first dealer, if one did"
        ),
        "over": {"type": "boolean"},
        "winner": _nullable(SIDE, "the side that won the match"),
    },
    "required": ["deal", "scores", "target", "first_dealer_draw", "over", "winner"],
    "additionalProperties": False,
    "description": "the match around the deal (a match's observation only)",
}

OBSERVATION: dict[str, JsonSchema] = {
    "side": _described(SIDE, "the observer's side"),
    "eldest": _described(SEAT, "the seat after the dealer"),
    "target": {"type": "integer", "minimum": 1, "description": "the points that win the game"},
    "scores": _by_side("each side's score now, credits of this deal included"),
    "stock_size": {"type": "integer", "minimum": 0, "description": "cards left in the stock"},
    "turned_up": _described(CARDS, "the cards turned up in this deal, in order (public)"),
    "calls": {"type": "array", "items": CALL, "description": "every call so far, in order"},
    "credits": _described(CREDITS, "every credit of this deal so far, in order"),
    "begger": _nullable(SEAT, "the seat that begged"),
    "pitcher": _nullable(SEAT, "the seat that won the auction"),
    "bid": _nullable(BID, "the contract, once the auction is over"),
    "high_bid": _nullable(BID, "the highest bid so far in the auction"),
    "widow_taker": _nullable(SEAT, "the seat that took the devil's pack"),
    "exchanged": _by_seat("cards each seat drew in the exchange, by seat id"),
    "my_discards": _described(CARDS, "the observer's own discards (the others' are hidden)"),
    "discard_counts": _by_seat("cards each seat has discarded, by seat id"),
    "leader": _nullable(SEAT, "the seat that led the first trick"),
    "folded": {
        "type": "array",
        "items": {"anyOf": [CARDS, {"type": "null"}]},
        "description": "each seat's folded hand, face up, by seat id; null for a seat that has "
        "not folded",
    },
    "match": MATCH,
}

EVENT: dict[str, JsonSchema] = {
    "begger": _described(SEAT, "beg: the seat that begged"),
    "side": _described(SIDE, "give_one: the side given the point"),
    "turned": _described(CARDS, "run: the cards turned up by the run"),
    "trump": _described(TRUMP_LETTER, "the trump suit, when the action fixed it"),
    "thrown_in": {"const": True, "description": "run: the deal was thrown in"},
    "pitcher": _nullable(SEAT, "the auction's last call: the pitcher (null: all passed)"),
    "bid": _nullable(BID, "the auction's last call: the contract (null: all passed)"),
    "exchanged": {"type": "integer", "minimum": 0, "description": "done: the cards drawn"},
    "card": _described(CARD, "the card played"),
    "folded": _described(CARDS, "fold: the hand shown face up"),
    "trick": {"type": "integer", "minimum": 1, "description": "the number of the trick ended"},
    "trick_winner": _described(SEAT, "the winner of the trick ended"),
}

RESULT: dict[str, JsonSchema] = {
    # The common field, with what it means here.
    "score": _by_side(
        "what the deal gave each side, by side number: the change of its score (kicks, the "
        "gift, the items and a set back)"
    ),
    "dealer": _described(SEAT, "the deal's dealer"),
    "next_dealer": _described(SEAT, "who deals next (the same dealer after a throw-in)"),
    "thrown_in": {"type": "boolean", "description": "the deal was thrown in"},
    "trump": _nullable(TRUMP_LETTER, "the trump suit (null when thrown in)"),
    "begger": _nullable(SEAT, "the seat that begged"),
    "runs": {"type": "integer", "minimum": 0, "description": "times the cards were run"},
    "pitcher": _nullable(SEAT, "the seat that won the auction"),
    "bid": _nullable(BID, "the contract"),
    "made": _nullable({"type": "boolean"}, "whether the contract was made"),
    "items": _described(CREDITS, "the items earned in play, in X12 order"),
    "points": _by_side("item points earned in play, by side", minimum=0),
    "game_values": _by_side("game values taken in tricks, by side", minimum=0),
    "credits": _described(CREDITS, "every credit applied, in order (stops at a win)"),
    "scores_before": _by_side("each side's score before the deal"),
    "scores": _by_side("each side's score after the deal"),
    "winner": _nullable(SIDE, "the side that won the game in this deal"),
    "bidding_side": _nullable(SIDE, "the pitcher's side"),
    "moon": _nullable(SIDE, "the side that shot the moon"),
    "folded": {"type": "array", "items": SEAT, "description": "the seats that folded"},
}

# The family's own fields (and the meaning of the result's ``score``); the common ones are
# protocol/schema.py's.
SCHEMA: dict[str, Any] = {"observation": OBSERVATION, "event": EVENT, "result": RESULT}
