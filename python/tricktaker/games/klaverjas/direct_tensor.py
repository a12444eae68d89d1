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

__all__ = ["observation_tensor"]

# tensors.PHASES (that module imports the package, which imports the deal, hence the copy; a
# test holds them equal).
PHASES = ("trump_selection", "play", "roem_claim", "over")
_PHASE_INDEX = {phase: i for i, phase in enumerate(PHASES)}


# The core plan of each game met so far (a game's options are fixed); the game's spec is looked
# up once, as hashing the options each time would cost more than the tensor.
_PLANS: weakref.WeakKeyDictionary[Game, KlaverjasTensorPlan] = weakref.WeakKeyDictionary()


def _plan(game: Game) -> KlaverjasTensorPlan:
    plan = _PLANS.get(game)
    if plan is not None:
        return plan
    spec = codec_and_spec(game)[1]
    seg = spec.segments
    place = [-1] * 64
    for i, card in enumerate(spec.deck):
        place[card.id] = i
    plan = KlaverjasTensorPlan(
        spec.size,
        {name: segment.offset for name, segment in seg.items()},
        (seg["hand_sizes"].scale, seg["card_points"].scale, seg["roem"].scale),
        place,
    )
    _PLANS[game] = plan
    return plan


def observation_tensor(deal: DealViews, seat: int | str) -> npt.NDArray[np.float32]:
    """``encode_observation(game, deal.observation(seat))``, written from the deal directly."""
    me = seat if type(seat) is int and 0 <= seat < NUM_SEATS else seat_index(seat)
    passed = 0
    for caller, call in deal.calls:
        if call == "pass":
            passed |= 1 << caller
    to_move, declarer, trump, proposed = (
        deal._to_move,
        deal.declarer,
        deal.trump,
        deal.proposed_suit,
    )
    options = deal.options
    claimed = deal._claimed
    return _plan(deal.game).write(
        deal.state,
        deal._hand_masks,
        me,
        _PHASE_INDEX[deal._phase],
        -1 if to_move is None else to_move,
        deal.dealer,
        -1 if declarer is None else declarer,
        -1 if trump is None else trump,
        -1 if proposed is None else proposed,
        passed,
        options.trick_history_visible == "last_trick_only",
        options.roem_claim == "auto",
        claimed[0],
        claimed[1],
    )
