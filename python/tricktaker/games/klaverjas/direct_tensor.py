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

import weakref
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from tricktaker._core import KlaverjasTensorPlan
from tricktaker.games.klaverjas.options import NUM_SEATS, seat_index
from tricktaker.protocol.base import Game
from tricktaker.protocol.tensor_kit import codec_and_spec

if TYPE_CHECKING:
    from tricktaker.games.klaverjas.observation import DealViews

__all__ = ["observation_tensor", "tensor_plan"]

# tensors.PHASES (that module imports the package, which imports the deal, hence the copy; a
# test holds them equal).
PHASES = ("trump_selection", "play", "roem_claim", "over")
_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}


def tensor_plan(game: Game) -> KlaverjasTensorPlan:
    """The core writer's plan of ``game`` (its options fixed): each segment's offset and scale
    and each card's place in a card plane, read from the spec of ``tensors.py``."""
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


# The plan of each game met so far, kept beside the game rather than in it (a game pickles and
# copies without a core object), and the last one looked up: a run of steps reads one game, and
# an identity test costs less than a weak dictionary's look-up.
_PLANS: weakref.WeakKeyDictionary[Game, KlaverjasTensorPlan] = weakref.WeakKeyDictionary()
_last: tuple[Game | None, KlaverjasTensorPlan | None] = (None, None)


def _plan(game: Game) -> KlaverjasTensorPlan:
    global _last
    plan = _PLANS.get(game)
    if plan is None:
        plan = _PLANS[game] = tensor_plan(game)
    _last = (game, plan)
    return plan


def observation_tensor(deal: DealViews, seat: int | str) -> npt.NDArray[np.float32]:
    """``encode_observation(game, deal.observation(seat))``, written from the deal directly."""
    me = seat if type(seat) is int and 0 <= seat < NUM_SEATS else seat_index(seat)
    game, plan = _last
    if game is not deal.game or plan is None:
        plan = _plan(deal.game)
    return plan.write(deal, me)
