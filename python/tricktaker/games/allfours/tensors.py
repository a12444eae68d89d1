"""The All Fours and Pitch observation tensor: its layout, how an observation is written into
it and read back (``tricktaker.tensors`` gives the conventions every layout follows). One codec
serves both variants: the options set the seats and the pack.

n = 2..7 seats, a pack of D = 28..54 cards; 723 floats for 4 players and 52 cards. Segments
(name, size, content): ``me`` n; ``phase`` 8 (beg, respond, auction, declare, exchange,
discard, play, over); ``to_move``, ``dealer``, ``leader``, ``pitcher``, ``begger``,
``widow_taker`` n each; ``my_side`` n (seats on the observer's side); ``scores`` n (each seat's
side's score, /target); ``hand`` D; ``hand_sizes`` n (/14); ``stock_size`` 1 (/D);
``turned_up`` D; ``trump`` 4; ``bid``, ``high_bid`` 1 each (/10); ``calls_k`` 6 per seat
(stand, beg, give_one, run, pass, bid), ``bids`` n (each seat's highest bid, /10);
``exchanged``, ``discard_counts`` n each (/4, /14); ``my_discards`` D; ``trick_leader`` n,
``trick_k`` D each; ``played_k`` D each; ``folded`` n, ``folded_cards`` D.

Scores can go below zero (a set back): they are scaled by the target but not clipped. The
summary a tensor decodes to names seats by id, as the observation does; its per-seat fields
(``scores``, ``hand_sizes``, ``calls``, ``bids``, ``played``, ...) are lists by seat id.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker.cards import cards_from_mask
from tricktaker.protocol.base import Game
from tricktaker.protocol.tensor_kit import (
    TensorCodec,
    TensorReader,
    TensorSpec,
    TensorWriter,
    call_kind,
    played_from,
    sorted_cards,
)

__all__ = ["CODEC", "AllFoursTensors"]

# The orders of the one-hot and flag segments: an index is a position in these tuples.
PHASES = ("beg", "respond", "auction", "declare", "exchange", "discard", "play", "over")
CALLS = ("stand", "beg", "give_one", "run", "pass", "bid")


def _seat_sides(observation: dict[str, Any]) -> list[int]:
    """The side number of each seat, from the observation's sides."""
    sides = [0] * len(observation["seats"])
    for number, side in enumerate(observation["sides"]):
        for seat in side["seats"]:
            sides[seat] = number
    return sides


def _calls_and_bids(observation: dict[str, Any]) -> tuple[list[list[str]], list[int]]:
    """Each seat's kinds of calls (sorted) and its highest bid (0 for none), by seat id."""
    n = len(observation["seats"])
    kinds: list[set[str]] = [set() for _ in range(n)]
    bids = [0] * n
    for seat, call in observation["calls"]:
        kind = call_kind(call)
        if kind in CALLS:
            kinds[seat].add(kind)
        if kind == "bid":
            bids[seat] = max(bids[seat], int(call.split(":", 1)[1]))
    return [sorted(k) for k in kinds], bids


class AllFoursTensors:
    """All Fours and Pitch: the layout above, for every option set."""

    def spec(self, game: Game) -> TensorSpec:
        o = game.options
        n = o.num_players
        spec = TensorSpec([f"S{i}" for i in range(n)], cards_from_mask(o.deck_mask))
        spec.add("phase", len(PHASES), "one_hot")
        for name in ("to_move", "dealer", "leader", "pitcher", "begger", "widow_taker"):
            spec.seat(name)
        spec.add("my_side", n, "flags")
        spec.add("scores", n, "values", max(1, o.target))
        spec.cards("hand")
        spec.add("hand_sizes", n, "values", 14)
        spec.add("stock_size", 1, "values", len(spec.deck))
        spec.cards("turned_up")
        spec.add("trump", 4, "one_hot")
        spec.add("bid", 1, "values", 10)
        spec.add("high_bid", 1, "values", 10)
        for k in range(n):
            spec.add(f"calls_{k}", len(CALLS), "flags")
        spec.add("bids", n, "values", 10)
        spec.add("exchanged", n, "values", 4)
        spec.add("discard_counts", n, "values", 14)
        spec.cards("my_discards")
        spec.seat("trick_leader")
        spec.per_seat_cards("trick")
        spec.per_seat_cards("played")
        spec.add("folded", n, "flags")
        spec.cards("folded_cards")
        return spec

    def encode(self, spec: TensorSpec, observation: dict[str, Any]) -> npt.NDArray[np.float32]:
        writer = TensorWriter(spec, observation["seat"])
        writer.one_hot("phase", PHASES.index(observation["phase"]))
        for name in ("to_move", "dealer", "leader", "pitcher", "begger", "widow_taker"):
            writer.seat(name, observation[name])
        sides = _seat_sides(observation)
        writer.seats("my_side", [s for s, side in enumerate(sides) if side == observation["side"]])
        writer.seat_values("scores", [observation["scores"][side] for side in sides])
        writer.cards("hand", observation["hand"])
        writer.seat_values("hand_sizes", observation["hand_sizes"])
        writer.values("stock_size", [observation["stock_size"]])
        writer.cards("turned_up", observation["turned_up"])
        writer.suit("trump", observation["trump"])
        writer.values("bid", [observation["bid"] or 0])
        writer.values("high_bid", [observation["high_bid"] or 0])
        kinds, bids = _calls_and_bids(observation)
        for seat, seat_kinds in enumerate(kinds):
            writer.flags(f"calls_{writer.rel(seat)}", [CALLS.index(k) for k in seat_kinds])
        writer.seat_values("bids", bids)
        writer.seat_values("exchanged", observation["exchanged"])
        writer.seat_values("discard_counts", observation["discard_counts"])
        writer.cards("my_discards", observation["my_discards"])
        writer.trick(observation["trick"])
        writer.played(observation["tricks"])
        folded = observation["folded"]
        writer.seats("folded", [s for s, cards in enumerate(folded) if cards is not None])
        for cards in folded:
            writer.cards("folded_cards", cards)
        return writer.vector

    def decode(self, spec: TensorSpec, reader: TensorReader) -> dict[str, Any]:
        calls: list[list[str]] = [[] for _ in range(spec.n)]
        for k in range(spec.n):
            calls[reader.abs(k)] = sorted(CALLS[i] for i in reader.flags(f"calls_{k}"))
        return {
            "seat": reader.abs(0),
            "phase": reader.one_hot("phase", PHASES),
            "to_move": reader.seat("to_move"),
            "dealer": reader.seat("dealer"),
            "leader": reader.seat("leader"),
            "pitcher": reader.seat("pitcher"),
            "begger": reader.seat("begger"),
            "widow_taker": reader.seat("widow_taker"),
            "my_side": reader.seats("my_side"),
            "scores": reader.seat_ints("scores"),
            "hand": reader.cards("hand"),
            "hand_sizes": reader.seat_ints("hand_sizes"),
            "stock_size": reader.ints("stock_size")[0],
            "turned_up": reader.cards("turned_up"),
            "trump": reader.suit("trump"),
            "bid": reader.ints("bid")[0] or None,
            "high_bid": reader.ints("high_bid")[0] or None,
            "calls": calls,
            "bids": reader.seat_ints("bids"),
            "exchanged": reader.seat_ints("exchanged"),
            "discard_counts": reader.seat_ints("discard_counts"),
            "my_discards": reader.cards("my_discards"),
            "trick": reader.trick(),
            "played": reader.played(),
            "folded": reader.seats("folded"),
            "folded_cards": reader.cards("folded_cards"),
        }

    def summary(self, spec: TensorSpec, observation: dict[str, Any]) -> dict[str, Any]:
        sides = _seat_sides(observation)
        calls, bids = _calls_and_bids(observation)
        folded = observation["folded"]
        return {
            "seat": observation["seat"],
            "phase": observation["phase"],
            "to_move": observation["to_move"],
            "dealer": observation["dealer"],
            "leader": observation["leader"],
            "pitcher": observation["pitcher"],
            "begger": observation["begger"],
            "widow_taker": observation["widow_taker"],
            "my_side": [s for s, side in enumerate(sides) if side == observation["side"]],
            "scores": [observation["scores"][side] for side in sides],
            "hand": sorted_cards(observation["hand"]),
            "hand_sizes": list(observation["hand_sizes"]),
            "stock_size": observation["stock_size"],
            "turned_up": sorted_cards(observation["turned_up"]),
            "trump": observation["trump"],
            "bid": observation["bid"],
            "high_bid": observation["high_bid"],
            "calls": calls,
            "bids": bids,
            "exchanged": list(observation["exchanged"]),
            "discard_counts": list(observation["discard_counts"]),
            "my_discards": sorted_cards(observation["my_discards"]),
            "trick": [list(x) for x in observation["trick"]],
            "played": played_from(observation["tricks"], spec.seats),
            "folded": [s for s, cards in enumerate(folded) if cards is not None],
            "folded_cards": sorted_cards(c for cards in folded if cards is not None for c in cards),
        }


CODEC: TensorCodec = AllFoursTensors()
