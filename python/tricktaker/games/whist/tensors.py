"""The whist observation tensor: its layout, how an observation is written into it and read
back (``tricktaker.tensors`` gives the conventions every layout follows).

n = 4 seats, a pack of D = 4 x ``ranks_per_suit`` cards; 497 floats with the full pack.
Segments (name, size, content): ``me`` n; ``phase`` 2 (play, over); ``to_move``, ``leader`` n
each; ``trump`` 5 (S, H, D, C, NT); ``hand`` D; ``hand_sizes`` n (/ranks_per_suit);
``trick_leader`` n, ``trick_k`` D each; ``played_k`` D each; ``tricks_won`` 2 (own side, other
side, /ranks_per_suit). Seats are relative to the observer in the tensor; the decoded summary
names them by id, as the observation does.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker.cards import cards_from_mask
from tricktaker.games.whist import SEATS, STRAINS, WhistGame
from tricktaker.protocol.base import Game
from tricktaker.protocol.tensor_kit import (
    TensorCodec,
    TensorReader,
    TensorSpec,
    TensorWriter,
    played_from,
    sorted_cards,
)

__all__ = ["CODEC", "WhistTensors"]

# The orders of the one-hot and flag segments: an index is a position in these tuples.
PHASES = ("play", "over")


class WhistTensors:
    """Whist: the layout above, for every option set."""

    def spec(self, game: Game) -> TensorSpec:
        assert isinstance(game, WhistGame)
        spec = TensorSpec(SEATS, cards_from_mask(game.deck_mask))
        ranks = float(game.options.ranks_per_suit)
        spec.add("phase", 2, "one_hot")
        spec.seat("to_move")
        spec.seat("leader")
        spec.add("trump", 5, "one_hot")
        spec.cards("hand")
        spec.add("hand_sizes", 4, "values", ranks)
        spec.seat("trick_leader")
        spec.per_seat_cards("trick")
        spec.per_seat_cards("played")
        spec.add("tricks_won", 2, "values", ranks)
        return spec

    def encode(self, spec: TensorSpec, observation: dict[str, Any]) -> npt.NDArray[np.float32]:
        writer = TensorWriter(spec, observation["seat"])
        writer.one_hot("phase", PHASES.index(observation["phase"]))
        writer.seat("to_move", observation["to_move"])
        writer.seat("leader", observation["leader"])
        writer.one_hot("trump", STRAINS.index(observation["trump"]))
        writer.cards("hand", observation["hand"])
        writer.seat_values("hand_sizes", observation["hand_sizes"])
        writer.trick(observation["trick"])
        writer.played(observation["tricks"])
        side = writer.me % 2
        writer.values(
            "tricks_won", [observation["tricks_won"][side], observation["tricks_won"][1 - side]]
        )
        return writer.vector

    def decode(self, spec: TensorSpec, reader: TensorReader) -> dict[str, Any]:
        side = reader.me % 2
        won = reader.ints("tricks_won")
        return {
            "seat": reader.me,
            "phase": reader.one_hot("phase", PHASES),
            "to_move": reader.seat("to_move"),
            "leader": reader.seat("leader"),
            "trump": reader.one_hot("trump", STRAINS),
            "hand": reader.cards("hand"),
            "hand_sizes": reader.seat_ints("hand_sizes"),
            "trick": reader.trick(),
            "played": reader.played(),
            "tricks_won": won if side == 0 else won[::-1],
        }

    def summary(self, spec: TensorSpec, observation: dict[str, Any]) -> dict[str, Any]:
        return {
            "seat": observation["seat"],
            "phase": observation["phase"],
            "to_move": observation["to_move"],
            "leader": observation["leader"],
            "trump": observation["trump"],
            "hand": sorted_cards(observation["hand"]),
            "hand_sizes": list(observation["hand_sizes"]),
            "trick": [list(x) for x in observation["trick"]],
            "played": played_from(observation["tricks"], spec.seats),
            "tricks_won": list(observation["tricks_won"]),
        }


CODEC: TensorCodec = WhistTensors()
