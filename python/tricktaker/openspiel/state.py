"""The state of one deal as an OpenSpiel state: chance (the seed), the seats' actions, returns.

The state keeps the tricktaker deal itself (``deal``, None while the seed is being drawn) in
a ``DealSlot`` (``tricktaker.openspiel.slot``), which OpenSpiel's ``clone`` copies (sharing
the deal's unchanging parts) and its serialization pickles (as the deal's JSON); OpenSpiel's
history keeps the action indices. ``resample_from_infostate`` draws the hidden cards anew
with tricktaker's exact sampler (``tricktaker.sampling``): ISMCTS searches over such samples.
"""

from __future__ import annotations

import json
from typing import TYPE_CHECKING, Any

import pyspiel

from tricktaker.openspiel.slot import DealSlot
from tricktaker.protocol.base import Deal
from tricktaker.sampling import sample_deals

if TYPE_CHECKING:
    from tricktaker.openspiel.game import Setup, TrickTakerGame

__all__ = ["TrickTakerState", "deal_seed"]

_MASK64 = (1 << 64) - 1
# A seed whose deal ends before anyone acts (an All Fours kick that wins) is dealt again from
# a seed mixed from it, as the RL environment does; this many times at most.
_REDEALS = 1000


def deal_seed(seed: int, attempt: int) -> int:
    """The seed of the ``attempt``-th redeal of ``seed`` (SplitMix64 of a step), 0: itself."""
    if attempt == 0:
        return seed
    z = (seed + 0x9E3779B97F4A7C15 * (attempt + 1)) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (z ^ (z >> 31)) >> 1


class TrickTakerState(pyspiel.State):
    """One deal: first its seed's chance nodes, then the seats' actions, then its returns."""

    def __init__(self, game: TrickTakerGame) -> None:
        super().__init__(game)
        self.setup: Setup = game.setup
        self.seed_outcomes: list[int] = []
        self._slot = DealSlot()

    @property
    def deal(self) -> Deal | None:
        """The tricktaker deal; None while its seed is being drawn."""
        return self._slot.deal

    # --- whose turn -----------------------------------------------------------------------

    def current_player(self) -> int:
        deal = self.deal
        if deal is None:
            return int(pyspiel.PlayerId.CHANCE)
        if deal.is_over:
            return int(pyspiel.PlayerId.TERMINAL)
        seat = deal.to_move
        assert seat is not None
        return seat

    def is_terminal(self) -> bool:
        return self.deal is not None and self.deal.is_over

    # --- chance -----------------------------------------------------------------------------

    def chance_outcomes(self) -> list[tuple[int, float]]:
        n = self.setup.chance_outcomes
        p = 1.0 / n
        return [(i, p) for i in range(n)]

    def _start_deal(self) -> None:
        if self.setup.deals:
            seed = self.seed_outcomes[0]
        else:
            seed = sum(b << (8 * i) for i, b in enumerate(self.seed_outcomes))
        for attempt in range(_REDEALS):
            deal = self.setup.adapter.new_deal(deal_seed(seed, attempt))
            if not deal.is_over:
                self._slot = DealSlot(deal)
                return
        raise RuntimeError(f"{_REDEALS} deals in a row from seed {seed} ended before any action")

    # --- actions ----------------------------------------------------------------------------

    def _legal_actions(self, player: int) -> list[int]:
        deal = self.deal
        if deal is None or deal.is_over or player != deal.to_move:
            return []
        index = self.setup.layout.lookup
        out = []
        for action in deal.legal_actions(player):
            i = index(action.name)
            if i is None:
                raise RuntimeError(f"the game offered {action}, which its action layout lacks")
            out.append(i)
        out.sort()
        return out

    def _apply_action(self, action: int) -> None:
        if self.deal is None:
            if not 0 <= action < self.setup.chance_outcomes:
                raise ValueError(
                    f"chance outcome {action} is out of range 0..{self.setup.chance_outcomes - 1}"
                )
            self.seed_outcomes.append(int(action))
            if len(self.seed_outcomes) == self.setup.chance_nodes:
                self._start_deal()
            return
        self.deal.apply(self.setup.layout.action(int(action)), seat=self.deal.to_move)

    def _action_to_string(self, player: int, action: int) -> str:
        if player == pyspiel.PlayerId.CHANCE:
            return f"seed:{action}"
        return self.setup.layout.names[action]

    # --- outcome ----------------------------------------------------------------------------

    def returns(self) -> list[float]:
        deal = self.deal
        if deal is None or not deal.is_over:
            return [0.0] * self.setup.adapter.num_seats
        return [float(r) for r in self.setup.adapter.deal_rewards(deal.result())]

    # --- what a seat sees -------------------------------------------------------------------

    def observation_dict(self, player: int) -> dict[str, Any]:
        """The seat's tricktaker observation (JSON-ready); empty before the deal."""
        return {} if self.deal is None else self.deal.observation(player)

    def resample_from_infostate(self, player_id: int, probability_sampler: Any) -> TrickTakerState:
        """A state that ``player_id`` cannot tell from this one, its hidden cards drawn
        uniformly among those consistent with what the seat knows (``tt.sample_deals``), the
        draw seeded from ``probability_sampler`` (a callable giving a float in [0, 1))."""
        deal = self.deal
        if deal is None or deal.is_over:
            same: TrickTakerState = self.clone()
            return same  # nothing dealt, or everything shown: nothing is hidden
        seed = int(probability_sampler() * 2**63)
        sample = sample_deals(deal, player_id, 1, seed=seed).deal(0)
        # The clone takes the history and the seed; its deal is the sample, so the slot is
        # emptied for the copy rather than copying a deal only to drop it.
        slot, self._slot = self._slot, DealSlot()
        try:
            state: TrickTakerState = self.clone()
        finally:
            self._slot = slot
        state._slot = DealSlot(sample)
        return state

    def __str__(self) -> str:
        if self.deal is None:
            return "seed " + " ".join(str(b) for b in self.seed_outcomes)
        # Every seat's view, the seat to move and the log: the whole state.
        views = {seat: self.deal.observation(seat) for seat in range(self.num_players())}
        return json.dumps({"log": self.deal.log, "views": views}, sort_keys=True, default=str)
