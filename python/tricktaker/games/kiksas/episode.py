"""The Kiksas and Trikiksis episode adapter of the reinforcement-learning environment
(``tricktaker.rl``): their calls, seats, deals and rewards. One adapter serves both variants:
Trikiksis has three seats and no pairs.

Reward of a seat when a deal ends: figures are penalties: the mean number of figures the other
pairs (Kiksas) or players (Trikiksis) received in the deal minus the number the seat's own pair
or the seat received. Most deals award no figure and so give 0.
"""

from __future__ import annotations

from typing import Any

from tricktaker.cards import Card
from tricktaker.games.kiksas import DECK, SEATS, KiksasGame, simulation_deal
from tricktaker.protocol.base import Deal
from tricktaker.protocol.episode import SUITS, EpisodeFactory, GameAdapter

__all__ = ["EPISODE", "KiksasAdapter"]


class KiksasAdapter(GameAdapter):
    """Calls: ``peek:none peek:top peek:bottom accept decline trump:S .. trump:C pass
    akis:a:S .. akis:a:C akis:b akis:c su_dviem lead``.

    A deal episode is a deal of any kind (first, writing or writing-off, one in three each,
    writing-off targets from a first deal played at random), as ``tricktaker simulate`` plays.
    """

    def _num_seats(self) -> int:
        return 3 if self.game.options.variant == "trikiksis" else 4

    def _deal_seat_names(self) -> tuple[str, ...]:
        return SEATS[: self.num_seats]

    def cards(self) -> list[Card]:
        return list(DECK)

    def calls(self) -> list[str]:
        calls = ["peek:none", "peek:top", "peek:bottom", "accept", "decline"]
        calls += [f"trump:{s}" for s in SUITS]
        calls += ["pass"] + [f"akis:a:{s}" for s in SUITS] + ["akis:b", "akis:c"]
        return calls + ["su_dviem", "lead"]

    def new_deal(self, seed: int) -> Deal:
        assert isinstance(self.game, KiksasGame)
        return simulation_deal(self.game, seed)

    @property
    def units(self) -> tuple[str, ...]:
        """Who receives figures: the pairs (Kiksas) or the players (Trikiksis)."""
        return ("AC", "BD") if self.num_seats == 4 else self.deal_seat_names

    def unit_of(self, seat: int) -> int:
        return seat % 2 if self.num_seats == 4 else seat

    def deal_rewards(self, result: Any) -> list[float]:
        figures = [0.0] * len(self.units)
        for award in result.figures:
            figures[self.units.index(award["to"])] += award["count"]
        total = sum(figures)
        others = len(self.units) - 1
        out = []
        for s in range(self.num_seats):
            own = figures[self.unit_of(s)]
            out.append((total - own) / others - own)
        return out

    def reward_bound(self) -> float:
        # A deal awards at most one figure award of its play (an egg, a stroke, or the two of
        # "su dviem") and one of an Akis (at most two crosses): at most 4 figures in all, and a
        # reward's size is at most the deal's figures.
        return 4.0


EPISODE: EpisodeFactory = KiksasAdapter
