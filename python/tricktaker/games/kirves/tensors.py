"""The Kirves observation tensor: its layout, how an observation is written into it and read
back (``tricktaker.tensors`` gives the conventions every layout follows).

n = 2..10 seats, a pack of D = 54 cards (with the jokers); 936 floats for 4 players. Segments
(name, size, content): ``me`` n; ``phase`` 12 (cut, turned_card, discard, paakot, speaking,
change_poll, choose_suit, throw_in_poll, folding, play, over, and the match phase
choose_dealer); ``to_move``, ``dealer``, ``cutter``, ``eldest`` n each; ``participants``,
``folded`` n each; ``marks_before`` n (/3), ``cut_marks`` n; ``examined_cut`` 1;
``cut_bottom``, ``angel``, ``cut_jack``, ``turned`` D each; ``turned_taken`` 1; ``trump`` 4;
``kind`` 3 (normal, cut_jack, free_for_all); ``trump_maker`` n; ``calls_k`` 13 per seat (keep,
change, pass, throw_in, consent, veto, refuse, suit, fold, stay, no, declare, lead: the calls
that seat has made); ``hand_hidden`` 1, ``hand``, ``peeked``, ``discarded`` D each;
``hand_sizes`` n (/6); ``trick_leader`` n, ``trick_k`` D each; ``played_k`` D each;
``tricks_won`` n (/5).

Observations name seats by id, and so does a decoded tensor; every seat is written relative to
the observer.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker.games.kirves import DECK, SEAT_NAMES, KirvesGame
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

__all__ = ["CODEC", "KirvesTensors"]

# The orders of the one-hot and flag segments: an index is a position in these tuples.
PHASES = (
    "cut",
    "turned_card",
    "discard",
    "paakot",
    "speaking",
    "change_poll",
    "choose_suit",
    "throw_in_poll",
    "folding",
    "play",
    "over",
    "choose_dealer",  # a match phase: the keppi holder chooses the next dealer
)
KINDS = ("normal", "cut_jack", "free_for_all")
CALLS = (
    "keep",
    "change",
    "pass",
    "throw_in",
    "consent",
    "veto",
    "refuse",
    "suit",
    "fold",
    "stay",
    "no",
    "declare",
    "lead",
)


class KirvesTensors:
    """Kirves: the layout above, for every option set."""

    def spec(self, game: Game) -> TensorSpec:
        assert isinstance(game, KirvesGame)
        n = game.num_players
        spec = TensorSpec(SEAT_NAMES[:n], list(DECK))
        spec.add("phase", len(PHASES), "one_hot")
        for name in ("to_move", "dealer", "cutter", "eldest"):
            spec.seat(name)
        spec.add("participants", n, "flags")
        spec.add("folded", n, "flags")
        spec.add("marks_before", n, "values", 3)
        spec.add("cut_marks", n, "values")
        spec.add("examined_cut", 1, "flags")
        for name in ("cut_bottom", "angel", "cut_jack", "turned"):
            spec.cards(name)
        spec.add("turned_taken", 1, "flags")
        spec.add("trump", 4, "one_hot")
        spec.add("kind", 3, "one_hot")
        spec.seat("trump_maker")
        for k in range(n):
            spec.add(f"calls_{k}", len(CALLS), "flags")
        spec.add("hand_hidden", 1, "flags")
        for name in ("hand", "peeked", "discarded"):
            spec.cards(name)
        spec.add("hand_sizes", n, "values", 6)
        spec.seat("trick_leader")
        spec.per_seat_cards("trick")
        spec.per_seat_cards("played")
        spec.add("tricks_won", n, "values", 5)
        return spec

    def encode(self, spec: TensorSpec, observation: dict[str, Any]) -> npt.NDArray[np.float32]:
        writer = TensorWriter(spec, observation["seat"])
        writer.one_hot("phase", PHASES.index(observation["phase"]))
        for name in ("to_move", "dealer", "cutter", "eldest"):
            writer.seat(name, observation[name])
        writer.seats("participants", observation["participants"])
        writer.seats("folded", observation["folded"])
        writer.seat_values("marks_before", observation["marks_before"])
        writer.seat_values("cut_marks", observation["cut_marks"])
        cut = observation["cut"]
        if cut["examined"]:
            writer.flags("examined_cut", [0])
        writer.cards("cut_bottom", [cut["bottom_card"]] if cut["bottom_card"] else [])
        writer.cards("angel", [cut["angel_card"]] if cut["angel_card"] else [])
        writer.cards("cut_jack", [cut["cut_jack"]] if cut["cut_jack"] else [])
        writer.cards("turned", [observation["turned_card"]] if observation["turned_card"] else [])
        if observation["turned_taken"]:
            writer.flags("turned_taken", [0])
        writer.suit("trump", observation["trump"])
        writer.one_hot(
            "kind", None if observation["kind"] is None else KINDS.index(observation["kind"])
        )
        writer.seat("trump_maker", observation["trump_maker"])
        for seat, call in observation["calls"]:
            writer.flags(f"calls_{writer.rel(seat)}", [CALLS.index(call_kind(call))])
        if observation["hand_hidden"]:
            writer.flags("hand_hidden", [0])
        writer.cards("hand", observation["hand"])
        writer.cards("peeked", observation["peeked"])
        writer.cards("discarded", [observation["discarded"]] if observation["discarded"] else [])
        writer.seat_values("hand_sizes", observation["hand_sizes"])
        writer.trick(observation["trick"])
        writer.played(observation["tricks"])
        writer.seat_values("tricks_won", observation["tricks_won"])
        return writer.vector

    def decode(self, spec: TensorSpec, reader: TensorReader) -> dict[str, Any]:
        def one(name: str) -> str | None:
            cards = reader.cards(name)
            return cards[0] if cards else None

        return {
            "seat": reader.me,
            "phase": reader.one_hot("phase", PHASES),
            "to_move": reader.seat("to_move"),
            "dealer": reader.seat("dealer"),
            "cutter": reader.seat("cutter"),
            "eldest": reader.seat("eldest"),
            "participants": reader.seats("participants"),
            "folded": reader.seats("folded"),
            "marks_before": reader.seat_ints("marks_before"),
            "cut_marks": reader.seat_ints("cut_marks"),
            "examined_cut": bool(reader.flags("examined_cut")),
            "cut_bottom": one("cut_bottom"),
            "angel": one("angel"),
            "cut_jack": one("cut_jack"),
            "turned": one("turned"),
            "turned_taken": bool(reader.flags("turned_taken")),
            "trump": reader.suit("trump"),
            "kind": reader.one_hot("kind", KINDS),
            "trump_maker": reader.seat("trump_maker"),
            "calls": {
                reader.abs(k): sorted(CALLS[i] for i in reader.flags(f"calls_{k}"))
                for k in range(spec.n)
                if reader.flags(f"calls_{k}")
            },
            "hand_hidden": bool(reader.flags("hand_hidden")),
            "hand": reader.cards("hand"),
            "peeked": reader.cards("peeked"),
            "discarded": one("discarded"),
            "hand_sizes": reader.seat_ints("hand_sizes"),
            "trick": reader.trick(),
            "played": reader.played(),
            "tricks_won": reader.seat_ints("tricks_won"),
        }

    def summary(self, spec: TensorSpec, observation: dict[str, Any]) -> dict[str, Any]:
        cut = observation["cut"]
        calls: dict[int, set[str]] = {}
        for seat, call in observation["calls"]:
            calls.setdefault(seat, set()).add(call_kind(call))
        return {
            "seat": observation["seat"],
            "phase": observation["phase"],
            "to_move": observation["to_move"],
            "dealer": observation["dealer"],
            "cutter": observation["cutter"],
            "eldest": observation["eldest"],
            "participants": sorted(observation["participants"]),
            "folded": sorted(observation["folded"]),
            "marks_before": list(observation["marks_before"]),
            "cut_marks": list(observation["cut_marks"]),
            "examined_cut": bool(cut["examined"]),
            "cut_bottom": cut["bottom_card"],
            "angel": cut["angel_card"],
            "cut_jack": cut["cut_jack"],
            "turned": observation["turned_card"],
            "turned_taken": observation["turned_taken"],
            "trump": observation["trump"],
            "kind": observation["kind"],
            "trump_maker": observation["trump_maker"],
            "calls": {s: sorted(c) for s, c in calls.items()},
            "hand_hidden": observation["hand_hidden"],
            "hand": sorted_cards(observation["hand"] or []),
            "peeked": sorted_cards(observation["peeked"]),
            "discarded": observation["discarded"],
            "hand_sizes": list(observation["hand_sizes"]),
            "trick": [list(x) for x in observation["trick"]],
            "played": played_from(observation["tricks"], spec.seats),
            "tricks_won": list(observation["tricks_won"]),
        }


CODEC: TensorCodec = KirvesTensors()
