"""The All Fours and Pitch match: deal after deal to the target (T3, P2), the dealer passing on
after each completed deal (C9) and a throw-in redealt by the same dealer (T10)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktaker import _core
from tricktaker.games.allfours.deal import AllFoursDeal, first_dealer
from tricktaker.games.allfours.options import SIDE_NAMES, AllFoursOptions, parse_seat, seat_name
from tricktaker.games.allfours.result import AllFoursResult
from tricktaker.protocol.base import Action, Event, Game, Match


@dataclass(frozen=True)
class AllFoursStandings:
    """Running or final standings of a match."""

    scores: tuple[int, ...]
    deals_played: int
    over: bool
    winner: str | None  # the winning side's name ("A", "B", ...), None while open

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: the winner as a side number (0 for A, ...), as in every result."""
        return {
            "scores": list(self.scores),
            "deals_played": self.deals_played,
            "over": self.over,
            "winner": None if self.winner is None else SIDE_NAMES.index(self.winner),
        }


class AllFoursMatch(Match):
    """A game to the target (T3, P2): the dealer passes on after each completed deal (C9), a
    throw-in is redealt by the same dealer (T10) and the game ends when a deal reports a winner
    by the win check of the options (T17, P10, PV3)."""

    deal: AllFoursDeal  # the deal in play (the last one once the match is over)

    def __init__(self, game: Game, setup: dict[str, Any]) -> None:
        self.game = game
        self.options: AllFoursOptions = game.options
        self.log = []
        self._setup = setup
        self._rng = _core.Rng(setup["seed"])
        self.num_sides = max(self.options.sides()) + 1
        self.scores = [0] * self.num_sides
        self.results: list[AllFoursResult] = []
        self._over = False
        self.winner: int | None = None
        self._dealer, self.first_dealer_draw = first_dealer(self.options, self._rng)
        self._new_deal()

    def _new_deal(self) -> None:
        deal = self.game.new_deal(
            seed=int(self._rng.next() >> 1), dealer=self._dealer, scores=list(self.scores)
        )
        # The match knows its game as the protocol's Game (game.py builds matches, so this
        # module cannot import it); the game's deals are this family's.
        assert isinstance(deal, AllFoursDeal)
        self.deal = deal
        if self.deal.is_over:
            self._deal_finished()

    def _deal_finished(self) -> None:
        result = self.deal.result()
        assert result is not None
        self.results.append(result)
        self.scores = list(result.scores)
        if result.winner is not None:
            self.winner = result.winner
            self._over = True
            return
        self._dealer = result.next_dealer
        self._new_deal()

    @property
    def phase(self) -> str:
        return "over" if self._over else self.deal.phase

    @property
    def to_move(self) -> int | None:
        return None if self._over else self.deal.to_move

    def seat_name(self, seat: int) -> str:
        return seat_name(seat)

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        return [] if self._over else self.deal.legal_actions(seat)

    def _apply(self, action: Action, seat: int) -> Event:
        event = self.deal._apply(action, seat)
        self.deal.log.append((seat, str(action)))
        if self.deal.is_over:
            self._deal_finished()
        return event

    def observation(self, seat: int | str) -> dict[str, Any]:
        """The deal in play as the seat sees it (the last deal once the match is over), and
        the match: the deal's number, the scores, the first dealer's draw, the winning side."""
        s = parse_seat(seat, self.options.num_players)
        obs = self.deal.observation(s)
        obs["match"] = {
            "deal": len(self.results) + (0 if self._over else 1),
            "scores": list(self.scores),
            "target": self.options.target,
            "first_dealer_draw": self.first_dealer_draw,
            "over": self._over,
            "winner": self.winner,
        }
        return obs

    def result(self) -> AllFoursStandings:
        return AllFoursStandings(
            tuple(self.scores),
            len(self.results),
            self._over,
            None if self.winner is None else SIDE_NAMES[self.winner],
        )

    def __repr__(self) -> str:
        return f"<AllFoursMatch deal={len(self.results) + 1} phase={self.phase}>"
