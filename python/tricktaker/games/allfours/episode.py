"""The All Fours and Pitch episode adapter of the reinforcement-learning environment
(``tricktaker.rl``): their calls, seats and rewards. One adapter serves both variants: it
reads the options (players, sides, pack, bids).

Reward of a seat when a deal ends: the change of the seat's side's score in the deal (kicks,
gifts, the items, a set back) minus the mean change of the other sides
(``AllFoursResult.score_change``).
"""

from __future__ import annotations

from typing import Any

from tricktaker.cards import Card, cards_from_mask
from tricktaker.protocol.base import Game
from tricktaker.protocol.episode import SUITS, EpisodeFactory, GameAdapter

__all__ = ["EPISODE", "AllFoursAdapter"]


class AllFoursAdapter(GameAdapter):
    """Calls: ``stand beg give_one run pass done fold trump:S .. trump:C``, then ``bid:N`` for
    every bid of the options' range (``min_bid`` .. the highest bid), then ``discard:<card>``
    for every card of the pack in card id order. Discards are private calls."""

    def __init__(self, game: Game) -> None:
        self.options: Any = game.options
        self.sides: list[int] = list(self.options.sides())
        self.num_sides = max(self.sides) + 1
        super().__init__(game)

    def _num_seats(self) -> int:
        return int(self.options.num_players)

    def _deal_seat_names(self) -> tuple[str, ...]:
        return tuple(f"S{i}" for i in range(self.num_seats))

    def cards(self) -> list[Card]:
        return cards_from_mask(self.options.deck_mask)

    def calls(self) -> list[str]:
        low, high = self.options.bid_range
        calls = ["stand", "beg", "give_one", "run", "pass", "done", "fold"]
        calls += [f"trump:{s}" for s in SUITS]
        calls += [f"bid:{b}" for b in range(low, high + 1)]
        calls += [f"discard:{c}" for c in sorted(self.cards(), key=lambda c: c.id)]
        return calls

    def deal_rewards(self, result: Any) -> list[float]:
        change = list(result.score_change)
        total = sum(change)
        others = max(1, self.num_sides - 1)
        out = []
        for s in range(self.num_seats):
            own = change[self.sides[s]]
            out.append(float(own - (total - own) / others))
        return out

    def reward_bound(self) -> float:
        # A side's change in one deal: kicks (at most 3 a turn-up, one turn-up per suit with
        # runs), the gift point, every item (the bid range's top covers max_points and the
        # moon; hang jack adds 2), or a set-back of the highest bid. A reward, the own change
        # less the others' mean, is at most twice the largest change.
        change = 4 * 3 + 1 + self.options.bid_range[1] + 2
        return float(2 * change)


EPISODE: EpisodeFactory = AllFoursAdapter
