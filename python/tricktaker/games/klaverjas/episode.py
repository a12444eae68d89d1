"""The Klaverjas episode adapter of the reinforcement-learning environment (``tricktaker.rl``):
its calls, its seats and its rewards.

Reward of a seat when a deal ends: the seat's team's deal score minus the other team's
(``KlaverjasResult.score``: card points, roem and pit as the deal scored them, after nat). In
the rotating-partners tournament each deal's rewards go to the players at its seats.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from tricktaker.cards import Card
from tricktaker.games.klaverjas import DECK, ROTATION_SEATING, SEATS
from tricktaker.protocol.base import Match, StateMachine
from tricktaker.protocol.episode import SUITS, EpisodeFactory, GameAdapter

__all__ = ["EPISODE", "KlaverjasAdapter"]


class KlaverjasAdapter(GameAdapter):
    """Calls: ``pass accept claim trump:S trump:H trump:D trump:C``."""

    def _num_seats(self) -> int:
        return 4

    def _deal_seat_names(self) -> tuple[str, ...]:
        return SEATS

    def cards(self) -> list[Card]:
        return list(DECK)

    def calls(self) -> list[str]:
        return ["pass", "accept", "claim"] + [f"trump:{s}" for s in SUITS]

    def deal_rewards(self, result: Any) -> list[float]:
        score = result.score
        return [float(score[s % 2] - score[1 - s % 2]) for s in range(4)]

    def reward_bound(self) -> float:
        # A team's deal score is at most the 162 card points, the pit bonus of 100 and the roem
        # of 8 tricks, at most 200 each (four jacks); the other team then scores 0.
        return float(162 + 100 + 8 * 200)

    def finished_deals(self, match: Match) -> list[tuple[Any, Sequence[int]]]:
        rotating = getattr(match, "games_total", 1) == 3
        out: list[tuple[Any, Sequence[int]]] = []
        for g, results in enumerate(getattr(match, "results", [])):
            seating = ROTATION_SEATING[g] if rotating else (0, 1, 2, 3)
            out += [(r, seating) for r in results]
        return out

    def deal_seat(self, machine: StateMachine, player: int) -> int:
        seat_of: Callable[[int], int] | None = getattr(machine, "seat_of", None)
        return player if seat_of is None else seat_of(player)


EPISODE: EpisodeFactory = KlaverjasAdapter
