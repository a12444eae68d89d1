"""The whist episode adapter of the reinforcement-learning environment (``tricktaker.rl``).

No calls: the actions are the cards. A deal is the whole game (whist has no matches here).

Reward of a seat when the deal ends: the seat's side's tricks minus the other side's.
"""

from __future__ import annotations

from typing import Any

from tricktaker.cards import Card, cards_from_mask
from tricktaker.games.whist import SEATS, WhistGame
from tricktaker.protocol.episode import EpisodeFactory, GameAdapter

__all__ = ["EPISODE", "WhistAdapter"]


class WhistAdapter(GameAdapter):
    """No calls; a deal is the whole game (no matches). Reward: the seat's side's tricks minus
    the other side's."""

    def _num_seats(self) -> int:
        return 4

    def _deal_seat_names(self) -> tuple[str, ...]:
        return SEATS

    def cards(self) -> list[Card]:
        assert isinstance(self.game, WhistGame)
        return cards_from_mask(self.game.deck_mask)

    def calls(self) -> list[str]:
        return []

    def deal_rewards(self, result: Any) -> list[float]:
        tricks = result.tricks
        return [float(tricks[s % 2] - tricks[1 - s % 2]) for s in range(4)]

    def reward_bound(self) -> float:
        # One side can take every trick: a quarter of the pack.
        return float(len(self.cards()) // 4)


EPISODE: EpisodeFactory = WhistAdapter
