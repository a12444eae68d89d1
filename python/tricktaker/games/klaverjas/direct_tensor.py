"""A seat's observation tensor written straight from the deal, without the observation dict.

``tensors.py`` defines the tensor by encoding ``deal.observation(seat)``; this writes the same
floats from the deal's own fields and its play state (a reinforcement-learning step asks for one
tensor per action, and the dict, with every card as text, costs most of it). Equality with the
dict's encoding is what the tests check, over random deals and every option that changes what a
seat sees.
"""

from __future__ import annotations

import weakref
from dataclasses import dataclass
from typing import TYPE_CHECKING

import numpy as np
import numpy.typing as npt

from tricktaker._core import mask_to_ids
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


@dataclass(frozen=True)
class _Plan:
    """Where each part of the tensor starts, and each card's place in a card plane."""

    size: int
    me: int
    phase: int
    to_move: int
    dealer: int
    declarer: int
    trump: int
    proposed_suit: int
    passed: int
    hand: int
    hand_sizes: int
    hand_scale: float
    trick_leader: int
    trick: tuple[int, ...]  # trick_0 .. trick_3, by seat relative to the observer
    played: tuple[int, ...]
    card_points: int
    points_scale: float
    roem: int
    roem_scale: float
    place: dict[int, int]  # card id -> index in a card plane


# The plan of each game met so far (a game's options are fixed); the game's spec is looked up
# once, as hashing the options each time would cost more than the tensor.
_PLANS: weakref.WeakKeyDictionary[Game, _Plan] = weakref.WeakKeyDictionary()


def _plan(game: Game) -> _Plan:
    plan = _PLANS.get(game)
    if plan is not None:
        return plan
    spec = codec_and_spec(game)[1]
    seg = spec.segments
    plan = _Plan(
        size=spec.size,
        me=seg["me"].offset,
        phase=seg["phase"].offset,
        to_move=seg["to_move"].offset,
        dealer=seg["dealer"].offset,
        declarer=seg["declarer"].offset,
        trump=seg["trump"].offset,
        proposed_suit=seg["proposed_suit"].offset,
        passed=seg["passed"].offset,
        hand=seg["hand"].offset,
        hand_sizes=seg["hand_sizes"].offset,
        hand_scale=seg["hand_sizes"].scale,
        trick_leader=seg["trick_leader"].offset,
        trick=tuple(seg[f"trick_{k}"].offset for k in range(NUM_SEATS)),
        played=tuple(seg[f"played_{k}"].offset for k in range(NUM_SEATS)),
        card_points=seg["card_points"].offset,
        points_scale=seg["card_points"].scale,
        roem=seg["roem"].offset,
        roem_scale=seg["roem"].scale,
        place={card.id: i for i, card in enumerate(spec.deck)},
    )
    _PLANS[game] = plan
    return plan


def observation_tensor(deal: DealViews, seat: int | str) -> npt.NDArray[np.float32]:
    """``encode_observation(game, deal.observation(seat))``, written from the deal directly."""
    me = seat_index(seat)
    plan = _plan(deal.game)
    place = plan.place
    ones = [
        plan.me + me,
        plan.phase + _PHASE_INDEX[deal._phase],
        plan.dealer + (deal.dealer - me) % 4,
    ]
    if deal._to_move is not None:
        ones.append(plan.to_move + (deal._to_move - me) % 4)
    if deal.declarer is not None:
        ones.append(plan.declarer + (deal.declarer - me) % 4)
    if deal.trump is not None:
        ones.append(plan.trump + int(deal.trump))
    if deal.proposed_suit is not None:
        ones.append(plan.proposed_suit + int(deal.proposed_suit))
    for caller, call in deal.calls:
        if call == "pass":
            ones.append(plan.passed + (caller - me) % 4)
    dealt = deal._hand_ids
    sizes = [len(dealt[p]) for p in range(NUM_SEATS)]
    state = deal.state
    if state is None:
        hand = plan.hand
        ones += [hand + place[c] for c in dealt[me]]
    else:
        hand = plan.hand
        ones += [hand + place[c] for c in mask_to_ids(state.hand(me))]
        # One read of the history gives the completed tricks (every trick has four cards: no
        # seat sits out or folds) and the trick on the table after them.
        history = state.history()
        completed = len(history) - state.trick_len
        for p, _ in history:
            sizes[p] -= 1
        if completed < len(history):
            ones.append(plan.trick_leader + (history[completed][0] - me) % 4)
            trick = plan.trick
            for p, c in history[completed:]:
                ones.append(trick[(p - me) % 4] + place[c])
        first = 0
        if deal.options.trick_history_visible == "last_trick_only":
            first = max(0, completed - NUM_SEATS)
        played = plan.played
        for p, c in history[first:completed]:
            ones.append(played[(p - me) % 4] + place[c])
    vector = np.zeros(plan.size, dtype=np.float32)
    vector.put(ones, 1.0)
    scale = plan.hand_scale
    at = plan.hand_sizes
    vector[at : at + NUM_SEATS] = [sizes[(r + me) % 4] / scale for r in range(NUM_SEATS)]
    if state is not None:
        team = me % 2
        points = (state.side_points(team), state.side_points(1 - team))
        if deal.options.roem_claim == "auto":
            roem = (state.side_bonus(team), state.side_bonus(1 - team))
        else:
            roem = (deal._claimed[team], deal._claimed[1 - team])
        vector[plan.card_points] = float(points[0]) / plan.points_scale
        vector[plan.card_points + 1] = float(points[1]) / plan.points_scale
        vector[plan.roem] = float(roem[0]) / plan.roem_scale
        vector[plan.roem + 1] = float(roem[1]) / plan.roem_scale
    return vector
