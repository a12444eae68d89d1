"""A seat's observation tensor written straight from the deal, without the observation dict.

``tensors.py`` defines the tensor by encoding ``deal.observation(seat)``; this writes the same
floats from the deal's own fields and its play state in one core call
(``_core.KlaverjasTensorPlan.write``: a reinforcement-learning step asks for one tensor per
action, and the dict, with every card as text, costs most of it). The plan of the core writer
(each segment's offset and scale, each card's place in a card plane) is read from the spec of
``tensors.py``, the layout's one definition. Equality with the dict's encoding is what the tests
check, over random deals and every option that changes what a seat sees.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

import numpy as np
import numpy.typing as npt

from tricktaker._core import KlaverjasTensorPlan
from tricktaker.games.klaverjas.options import NUM_SEATS, seat_index
from tricktaker.protocol.base import Game
from tricktaker.protocol.tensor_kit import codec_and_spec

if TYPE_CHECKING:  # the game imports the deal, which imports this module
    from tricktaker.games.klaverjas.game import KlaverjasGame
    from tricktaker.games.klaverjas.observation import DealViews

__all__ = ["observation_tensor", "tensor_plan"]

# tensors.PHASES (that module imports the package, which imports the deal, hence the copy; a
# test holds them equal).
PHASES = ("trump_selection", "play", "roem_claim", "over")
_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}


def tensor_plan(game: Game) -> KlaverjasTensorPlan:
    """The core writer's plan of ``game`` (its options fixed): each segment's offset and scale
    and each card's place in a card plane, read from the spec of ``tensors.py``. The game keeps
    it (``KlaverjasGame.tensor_plan``)."""
    spec = codec_and_spec(game)[1]
    seg = spec.segments
    place = [-1] * 64
    for i, card in enumerate(spec.deck):
        place[card.id] = i
    options = game.options
    return KlaverjasTensorPlan(
        spec.size,
        {name: segment.offset for name, segment in seg.items()},
        (seg["hand_sizes"].scale, seg["card_points"].scale, seg["roem"].scale),
        place,
        list(PHASES),
        options.trick_history_visible == "last_trick_only",
        options.roem_claim == "auto",
    )


def observation_tensor(deal: DealViews, seat: int | str) -> npt.NDArray[np.float32]:
    """``encode_observation(game, deal.observation(seat))``, written from the deal directly."""
    me = seat if type(seat) is int and 0 <= seat < NUM_SEATS else seat_index(seat)
    return cast("KlaverjasGame", deal.game).tensor_plan.write(deal, me)
