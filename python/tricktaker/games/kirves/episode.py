"""The Kirves episode adapter of the reinforcement-learning environment (``tricktaker.rl``):
its calls, seats and rewards.

Reward of a seat when a deal ends: marks are good: the seat's marks in the deal minus the mean
marks of the other participants (0 for a seat that sits the deal out).
"""

from __future__ import annotations

from typing import Any

from tricktaker.cards import Card
from tricktaker.games.kirves import DECK, SEAT_NAMES
from tricktaker.protocol.episode import SUITS, EpisodeFactory, GameAdapter

__all__ = ["EPISODE", "KirvesAdapter"]


class KirvesAdapter(GameAdapter):
    """Calls: ``cut:K`` for every packet size of the options (``cut_min_packet`` ..
    ``cut_max_packet``), ``keep change change:S .. change:C pass throw_in consent veto refuse
    take_blind peek take leave fold stay declare no misdeal suit:S .. suit:C``, then
    ``discard:<card>`` for every card in card id order, then the keppi holder's choice of the
    next dealer (a match only): ``dealer dealer:A dealer:B ...``. Discards are private calls.

    A deal episode is the first deal of a game (nobody has marks yet); a match episode is a
    whole game to the kirves, in which the players who escaped a leg sit out its deals. The
    reward of a deal is the seat's marks in the deal minus the mean marks of the other
    participants (0 for a seat that does not take part); keppi and kirves follow from the marks
    and carry no reward of their own.
    """

    def _num_seats(self) -> int:
        return int(self.game.options.num_players)

    def _deal_seat_names(self) -> tuple[str, ...]:
        return tuple(SEAT_NAMES[: self.num_seats])

    def cards(self) -> list[Card]:
        return list(DECK)

    def calls(self) -> list[str]:
        o = self.game.options
        calls = [f"cut:{k}" for k in range(o.cut_min_packet, o.cut_max_packet + 1)]
        calls += ["keep", "change"] + [f"change:{s}" for s in SUITS]
        calls += ["pass", "throw_in", "consent", "veto", "refuse", "take_blind", "peek"]
        calls += ["take", "leave", "fold", "stay", "declare", "no", "misdeal"]
        calls += [f"suit:{s}" for s in SUITS]
        calls += [f"discard:{c}" for c in sorted(self.cards(), key=lambda c: c.id)]
        return calls + ["dealer"] + [f"dealer:{name}" for name in self.deal_seat_names]

    def deal_rewards(self, result: Any) -> list[float]:
        marks = list(result.marks)
        players = list(result.participants)
        total = sum(marks[p] for p in players)
        out = [0.0] * self.num_seats
        for p in players:
            out[p] = float(marks[p] - (total - marks[p]) / max(1, len(players) - 1))
        return out

    def reward_bound(self) -> float:
        # Nobody gets more than one mark in a deal (R9.5): a mark less the mean of the others'
        # lies in [-1, 1].
        return 1.0


EPISODE: EpisodeFactory = KirvesAdapter
