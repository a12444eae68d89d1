"""The Klaverjas observation tensor: its layout, how an observation is written into it and read
back (``tricktaker.tensors`` gives the conventions every layout follows).

n = 4 seats, a pack of D = 32 cards; 332 floats. Segments (name, size, content): ``me`` n;
``phase`` 4 (trump_selection, play, roem_claim, over); ``to_move``, ``dealer``, ``declarer`` n
each; ``trump``, ``proposed_suit`` 4 each (S, H, D, C); ``passed`` n (seats that passed in
trump selection); ``hand`` D; ``hand_sizes`` n (/8); ``trick_leader`` n; ``trick_0``..``trick_3``
D each; ``played_0``..``played_3`` D each; ``card_points`` 2 (own team, other team, /162);
``roem`` 2 (own team, other, /100).

With ``trick_history_visible = last_trick_only`` the observation shows fewer completed tricks,
and the ``played`` planes follow it. Seats are read and decoded as seat ids (0-3 = N, E, S, W);
the team segments are the observer's team first.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker.games.klaverjas import DECK, SEATS
from tricktaker.protocol.base import Game
from tricktaker.protocol.tensor_kit import (
    TensorCodec,
    TensorReader,
    TensorSpec,
    TensorWriter,
    played_from,
    sorted_cards,
)

__all__ = ["CODEC", "KlaverjasTensors"]

# The orders of the one-hot and flag segments: an index is a position in these tuples.
PHASES = ("trump_selection", "play", "roem_claim", "over")


class KlaverjasTensors:
    """Klaverjas: the layout above, for every option set."""

    def spec(self, game: Game) -> TensorSpec:
        spec = TensorSpec(SEATS, list(DECK))
        spec.add("phase", 4, "one_hot")
        for name in ("to_move", "dealer", "declarer"):
            spec.seat(name)
        spec.add("trump", 4, "one_hot")
        spec.add("proposed_suit", 4, "one_hot")
        spec.add("passed", 4, "flags")
        spec.cards("hand")
        spec.add("hand_sizes", 4, "values", 8)
        spec.seat("trick_leader")
        spec.per_seat_cards("trick")
        spec.per_seat_cards("played")
        spec.add("card_points", 2, "values", 162)
        spec.add("roem", 2, "values", 100)
        return spec

    def encode(self, spec: TensorSpec, observation: dict[str, Any]) -> npt.NDArray[np.float32]:
        writer = TensorWriter(spec, observation["seat"])
        writer.one_hot("phase", PHASES.index(observation["phase"]))
        for name in ("to_move", "dealer", "declarer"):
            writer.seat(name, observation[name])
        writer.suit("trump", observation["trump"])
        writer.suit("proposed_suit", observation["proposed_suit"])
        writer.seats("passed", [s for s, call in observation["calls"] if call == "pass"])
        writer.cards("hand", observation["hand"])
        writer.seat_values("hand_sizes", observation["hand_sizes"])
        writer.trick(observation["trick"])
        writer.played(observation["tricks"])
        team = writer.me % 2
        writer.values(
            "card_points", [observation["card_points"][team], observation["card_points"][1 - team]]
        )
        writer.values("roem", [observation["roem"][team], observation["roem"][1 - team]])
        return writer.vector

    def decode(self, spec: TensorSpec, reader: TensorReader) -> dict[str, Any]:
        team = reader.me % 2
        points, roem = reader.ints("card_points"), reader.ints("roem")
        sizes = reader.seat_ints("hand_sizes")
        return {
            "seat": reader.me,
            "phase": reader.one_hot("phase", PHASES),
            "to_move": reader.seat("to_move"),
            "dealer": reader.seat("dealer"),
            "declarer": reader.seat("declarer"),
            "trump": reader.suit("trump"),
            "proposed_suit": reader.suit("proposed_suit"),
            "passed": reader.seats("passed"),
            "hand": reader.cards("hand"),
            "hand_sizes": sizes,
            "trick": reader.trick(),
            "played": reader.played(),
            "card_points": points if team == 0 else points[::-1],
            "roem": roem if team == 0 else roem[::-1],
        }

    def summary(self, spec: TensorSpec, observation: dict[str, Any]) -> dict[str, Any]:
        return {
            "seat": observation["seat"],
            "phase": observation["phase"],
            "to_move": observation["to_move"],
            "dealer": observation["dealer"],
            "declarer": observation["declarer"],
            "trump": observation["trump"],
            "proposed_suit": observation["proposed_suit"],
            "passed": sorted({s for s, call in observation["calls"] if call == "pass"}),
            "hand": sorted_cards(observation["hand"]),
            "hand_sizes": list(observation["hand_sizes"]),
            "trick": [list(x) for x in observation["trick"]],
            "played": played_from(observation["tricks"], spec.seats),
            "card_points": list(observation["card_points"]),
            "roem": list(observation["roem"]),
        }


CODEC: TensorCodec = KlaverjasTensors()
