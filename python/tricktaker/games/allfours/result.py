"""The record of one All Fours or Pitch deal: every credit in the order it was applied, the
items earned in play, the contract and the scores (T15-T17, P8-P10, PV3, X12).

Its JSON form (``to_dict``) names seats by id and sides by number (0 for A, 1 for B, ...), as
``schema.py`` describes; the Python attributes hold the same numbers.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tricktaker.cards import Card, Suit
from tricktaker.games.allfours.options import side_list
from tricktaker.protocol.records import FilledRecord


@dataclass(frozen=True)
class Credit:
    """One change of a side's score, in the order it was applied (T17, X12)."""

    kind: str  # kick, gift, high, low, jack, jick, joker_high, joker_low, trey, five, last,
    # game, moon, set_back
    side: int
    points: int
    card: Card | None = None

    @classmethod
    def of(cls, kind: str, side: int, points: int, card: Card | None) -> Credit:
        """The credit of these fields, each of its type (the deal's scoring makes several per
        deal): set in the instance's dict at once, where the frozen dataclass's own
        ``__init__`` sets each through ``object.__setattr__``."""
        credit = object.__new__(cls)
        credit.__dict__.update(kind=kind, side=side, points=points, card=card)
        return credit

    def to_dict(self) -> dict[str, Any]:
        return {
            "kind": self.kind,
            "side": self.side,
            "points": self.points,
            "card": None if self.card is None else str(self.card),
        }


@dataclass(frozen=True)
class AllFoursResult(FilledRecord):
    """What one deal did. Side tuples are indexed by side (A = 0, B = 1, ...)."""

    dealer: int
    next_dealer: int
    thrown_in: bool
    trump: Suit | None
    begger: int | None
    runs: int
    pitcher: int | None
    bid: int | None
    made: bool | None
    items: tuple[Credit, ...]  # the items earned in play, in X12 order (before the contract)
    points: tuple[int, ...]  # item points earned in play per side
    game_values: tuple[int, ...]
    credits: tuple[Credit, ...]  # every credit applied, in order (stops at a win, T17)
    scores_before: tuple[int, ...]
    scores: tuple[int, ...]  # after the deal
    winner: int | None  # the side that won the game in or at the end of this deal
    bidding_side: int | None = None
    all_tricks_side: int | None = None
    moon_side: int | None = None
    folded: tuple[int, ...] = field(default=())
    game: str = "allfours"  # the game's registered name: allfours or pitch
    sides: tuple[int, ...] = ()  # the side of each seat, by seat id (the deal fills it in)

    @property
    def score_change(self) -> tuple[int, ...]:
        return tuple(a - b for a, b in zip(self.scores, self.scores_before, strict=True))

    def to_dict(self) -> dict[str, Any]:
        """The JSON form: the game, its sides and what the deal gave each (``score``: the
        change of each side's score), then the deal's own record."""
        return {
            "game": self.game,
            "sides": side_list(self.sides),
            "score": list(self.score_change),
            "dealer": self.dealer,
            "next_dealer": self.next_dealer,
            "thrown_in": self.thrown_in,
            "trump": None if self.trump is None else self.trump.letter,
            "begger": self.begger,
            "runs": self.runs,
            "pitcher": self.pitcher,
            "bid": self.bid,
            "made": self.made,
            "items": [c.to_dict() for c in self.items],
            "points": list(self.points),
            "game_values": list(self.game_values),
            "credits": [c.to_dict() for c in self.credits],
            "scores_before": list(self.scores_before),
            "scores": list(self.scores),
            "winner": self.winner,
            "bidding_side": self.bidding_side,
            "moon": self.moon_side,
            "folded": list(self.folded),
        }
