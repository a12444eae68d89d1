"""The hand-strength kit: which hands a game's double-dummy table judges, and their features.

A family's ``features`` capability (``games/<family>/features.py``, ``FEATURES``) tells the
hand-strength study (``tricktaker.analyze.study``) three things about a deal of its game:

* ``objective``: the solver objective its table is solved with for the study (None: the game's
  own);
* ``ready(deal)``: whether the deal has come far enough for its table (the hands of the play are
  known); the study plays seeded random legal actions until it has;
* ``cells(deal)``: the cells of the table that ``cases`` reads, as ``(trump, column)`` pairs,
  or None when it reads every cell. The study solves only those (the others hold
  ``tt.solve.NO_VALUE``): a Klaverjas study reads forehand's team's column, half the table;
* ``cases(deal, table)``: each hand the table judges, a ``HandCase``: the seat, the trump, the
  seat's hand of the play, the rules table of that trump, whether the hand's side *makes*
  it (the game's own sense of winning the deal, at double dummy) and the table's cell.

The features of a hand are then read from the rules table alone (``hand_features``), the same
way for every game: the trumps held (cards whose effective suit is trump: Klaverjas' trumps,
Kirves' jacks and jokers, Pitch's jick), the high cards (the three strongest of each effective
suit) and the card points.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import itemgetter
from typing import Any, NamedTuple, Protocol

from tricktaker import _core
from tricktaker.errors import Error

__all__ = [
    "HIGH_CARDS_PER_SUIT",
    "HandCase",
    "HandStrength",
    "TableStatesFeatures",
    "cases_from_states",
    "hand_features",
]

# A card is "high" when it is among the strongest of its effective suit: the three that win
# most tricks in practice (Klaverjas J 9 A of trump, A 10 K elsewhere; bridge-style A K Q).
HIGH_CARDS_PER_SUIT = 3


class HandCase(NamedTuple):
    """One hand judged by a deal's table: its seat and trump (0..3 for S H D C), the hand
    (a card mask), the rules table of that trump, whether its side makes it, and the table's
    cell it was judged from (the value of the study's objective)."""

    seat: int
    trump: int
    hand: int
    rules: _core.RulesTable
    made: bool
    value: int


class HandStrength(Protocol):
    """A family's ``FEATURES``: which hands its deals' tables judge."""

    objective: str | None

    def ready(self, deal: Any) -> bool: ...

    def cells(self, deal: Any) -> Sequence[tuple[int, int]] | None: ...

    def cases(self, deal: Any, table: Any) -> list[HandCase]: ...


def _high_cards(rules: _core.RulesTable, deck: int) -> int:
    """The mask of the strongest ``HIGH_CARDS_PER_SUIT`` cards of each effective suit."""
    by_suit: dict[int, list[tuple[int, int]]] = {}
    for card in _core.mask_to_ids(deck):
        by_suit.setdefault(rules.effective_suit(card), []).append((rules.strength(card), card))
    high = 0
    for cards in by_suit.values():
        for _, card in sorted(cards, key=itemgetter(0), reverse=True)[:HIGH_CARDS_PER_SUIT]:
            high |= 1 << card
    return high


def hand_features(hand: int, rules: _core.RulesTable, deck: int) -> dict[str, int]:
    """``trumps``, ``high_cards`` and ``points`` of ``hand`` under ``rules`` (``deck``: the mask
    of every card of the game, for what "the strongest of a suit" means)."""
    return {
        "trumps": (hand & rules.trump_cards).bit_count(),
        "high_cards": (hand & _high_cards(rules, deck)).bit_count(),
        "points": sum(rules.points(c) for c in _core.mask_to_ids(hand)),
    }


def cases_from_states(
    deal: Any, table: Any, made: Callable[[int], bool], *, by_seat: bool = False
) -> list[HandCase]:
    """The cases of a deal whose table is ``deal.dd_table_states()`` ``[trump][column]``, trumps
    S H D C first: for every trump and seat, the value of the seat's column (``by_seat``: the
    columns are seats, a trump maker's table) or of its side's (the columns are sides), the
    seat's hand and rules from that cell's play state, and ``made(value)``."""
    out: list[HandCase] = []
    for trump, row in enumerate(deal.dd_table_states()[:4]):
        for column, cell in enumerate(row):
            if cell is None:
                continue
            state, side = cell
            for seat in range(state.num_players):
                mine = column == seat if by_seat else state.side(seat) == side
                if mine:
                    value = int(table[trump][column])
                    out.append(
                        HandCase(seat, trump, state.hand(seat), state.rules, made(value), value)
                    )
    return out


class TableStatesFeatures:
    """The ``FEATURES`` of a family whose table (``deal.dd_table_states()``) judges every seat's
    hand in every cell: ready once the table's plays exist, every cell read, each case made by
    ``made(value)`` of the seat's column (``by_seat``) or its side's."""

    def __init__(
        self, objective: str | None, made: Callable[[int], bool], *, by_seat: bool = False
    ) -> None:
        self.objective = objective
        self._made = made
        self._by_seat = by_seat

    def ready(self, deal: Any) -> bool:
        try:
            deal.dd_table_states()
        except Error:  # not yet: the plays start once the hands of the play are known
            return False
        return True

    def cells(self, deal: Any) -> None:
        return None  # every cell of the table judges a hand

    def cases(self, deal: Any, table: Any) -> list[HandCase]:
        return cases_from_states(deal, table, self._made, by_seat=self._by_seat)
