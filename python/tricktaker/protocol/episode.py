"""What the reinforcement-learning environment needs to know of a game family: its adapter.

A family's ``episode.py`` exposes ``EPISODE``, an ``EpisodeFactory``: called with a loaded game
(name and options) it gives that game's ``GameAdapter``, which tells

* the pack's cards (``cards()``) and every call the game can make with these options
  (``calls()``), in a fixed order: the environment's action indices are the cards by card id,
  then the calls in this order;
* the seats, and how deals and matches start (``new_deal``, ``new_match``);
* the reward of each seat for a finished deal (``deal_rewards``), and in a match which deals
  have finished and who sat where in each (``finished_deals``).

One adapter class may serve every variant of a family: it reads the game's options where they
differ. The observation is not the adapter's: the environment gives the game's observation
tensor (``tricktaker.tensors``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from tricktaker.cards import Card, Suit
from tricktaker.protocol.base import Deal, Game, Match, StateMachine

__all__ = ["SUITS", "EpisodeFactory", "GameAdapter"]

SUITS = tuple(s.letter for s in Suit)  # the order of every per-suit call: S, H, D, C


class GameAdapter:
    """The environment's view of one game family; one instance per loaded game."""

    def __init__(self, game: Game) -> None:
        self.game = game
        self.num_seats = self._num_seats()
        self.deal_seat_names: tuple[str, ...] = self._deal_seat_names()

    # --- per game --------------------------------------------------------------------------

    def _num_seats(self) -> int:
        raise NotImplementedError

    def _deal_seat_names(self) -> tuple[str, ...]:
        raise NotImplementedError

    def cards(self) -> list[Card]:
        """The cards of the game's pack with its options (in any order)."""
        raise NotImplementedError

    def calls(self) -> list[str]:
        """Every call the game can make with its options, each once, in the action order."""
        raise NotImplementedError

    def deal_rewards(self, result: Any) -> list[float]:
        """The reward of each deal seat for a finished deal's ``result()``."""
        raise NotImplementedError

    def reward_bound(self) -> float:
        """A bound on the size of any seat's deal reward with these options: every reward lies
        in ``[-reward_bound(), reward_bound()]`` (the utility range OpenSpiel asks of a game).
        It need not be tight; it must never be exceeded."""
        raise NotImplementedError

    # --- shared, overridable ---------------------------------------------------------------

    def new_deal(self, seed: int) -> Deal:
        return self.game.new_deal(seed=seed)

    def new_match(self, seed: int) -> Match:
        return self.game.new_match(seed=seed)

    def agent_names(self, machine: StateMachine) -> list[str]:
        return [machine.seat_name(i) for i in range(self.num_seats)]

    def current_deal(self, machine: StateMachine) -> Deal:
        if isinstance(machine, Deal):
            return machine
        deal = getattr(machine, "deal", None)
        if not isinstance(deal, Deal):
            raise TypeError(f"{machine!r} has no current deal")
        return deal

    def deal_seat(self, machine: StateMachine, player: int) -> int:
        """The seat in the current deal of a player (agent index); the same by default."""
        return player

    def finished_deals(self, match: Match) -> list[tuple[Any, Sequence[int]]]:
        """Each finished deal of a match: its result and the player at each of its seats."""
        results: list[Any] = list(getattr(match, "results", []))
        seating = tuple(range(self.num_seats))
        return [(r, seating) for r in results]


class EpisodeFactory(Protocol):
    """What a family's ``episode.py`` exposes as ``EPISODE``: the adapter class (or any
    callable) that makes the ``GameAdapter`` of a loaded game of the family."""

    def __call__(self, game: Game) -> GameAdapter: ...
