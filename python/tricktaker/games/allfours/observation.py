"""What a seat may see of an All Fours or Pitch deal: its hand, the turned-up cards, the calls,
the credits, the contract, its own discards, the tricks and the folds.

The observation has the fields every game's has (``tricktaker.protocol.schema``) and this
family's own (``schema.py`` describes each): seats by id, sides by number (0 for A, ...), every
per-seat list by seat id.
"""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Suit, cards_from_mask
from tricktaker.errors import IllegalAction
from tricktaker.games.allfours.options import AllFoursOptions, parse_seat, seat_names, side_list
from tricktaker.games.allfours.result import AllFoursResult, Credit
from tricktaker.protocol.base import LOG_TABLE, Deal


class DealViews(Deal):
    """The views of a deal, the base of ``AllFoursDeal`` (``deal.py``), whose constructor sets
    the attributes declared here."""

    options: AllFoursOptions
    n: int
    sides: list[int]
    dealer: int
    eldest: int
    scores: list[int]
    hands: list[list[Card]]
    stock: list[Card]
    turned: list[Card]
    credits: list[Credit]
    calls: list[tuple[int, str]]
    trump: Suit | None
    begger: int | None
    pitcher: int | None
    bid: int | None
    discards: list[list[Card]]
    exchanged: list[int]
    widow_taker: int | None
    state: _core.PlayState | None
    leader: int | None
    _tricks: list[dict[str, Any]]
    _high: int
    _result: AllFoursResult | None

    @property
    def tricks(self) -> list[dict[str, Any]]:
        """The completed tricks' records: leader, the cards as ``[seat, card]`` lists in play
        order, winner and the trick's game values (C4). Made from the play state as they are
        first read (a deal's card play makes none), then kept."""
        made = self._tricks
        state = self.state
        if state is not None and len(made) < state.tricks_played:
            for record in state.trick_records()[len(made) :]:
                # The trick's (seat, card) pairs from the log's shared tuples, each its own list.
                pairs = state.history_items(record.first, LOG_TABLE)[: record.size]
                made.append(
                    {
                        "leader": record.leader,
                        "cards": [list(pair) for pair in pairs],
                        "winner": record.winner,
                        "points": record.points,
                    }
                )
        return made

    def side_of(self, seat: int) -> int:
        """The side of a seat: 0 for A, 1 for B, ..."""
        return self.sides[seat]

    def play_state(self) -> _core.PlayState:
        """A copy of the C++ play state (raises before trump is fixed)."""
        if self.state is None:
            raise IllegalAction("there is no play state before trump is fixed")
        return self.state.copy()

    def hand(self, seat: int | str) -> list[Card]:
        return sorted(self.hands[parse_seat(seat, self.n)])

    def observation(self, seat: int | str) -> dict[str, Any]:
        s = parse_seat(seat, self.n)
        state = self.state
        # Folded hands are shown face up (PV10): each seat's, null while it has not folded.
        folded: list[list[str] | None] = [None] * self.n
        if state is not None:
            for p, _, cards in state.folds():
                folded[p] = [str(c) for c in cards_from_mask(cards)]
        return {
            "game": self.game.name,
            "seat": s,
            "seats": seat_names(self.n),
            "sides": side_list(self.sides),
            "side": self.side_of(s),
            "phase": self._phase,
            "to_move": self._to_move,
            "dealer": self.dealer,
            "eldest": self.eldest,
            "target": self.options.target,
            "scores": list(self.scores),
            "hand": [str(c) for c in self.hand(s)],
            "hand_sizes": [len(h) for h in self.hands],
            "stock_size": len(self.stock),
            "turned_up": [str(c) for c in self.turned],
            "calls": [[p, call] for p, call in self.calls],
            "credits": [c.to_dict() for c in self.credits],
            "begger": self.begger,
            "trump": None if self.trump is None else self.trump.letter,
            "pitcher": self.pitcher,
            "bid": self.bid,
            "high_bid": self._high or None,
            "widow_taker": self.widow_taker,
            "exchanged": list(self.exchanged),
            "my_discards": [str(c) for c in self.discards[s]],
            "discard_counts": [len(d) for d in self.discards],
            "leader": self.leader,
            "trick": []
            if state is None
            else [[p, _core.card_to_string(c)] for p, c in state.trick()],
            "tricks": list(self.tricks),
            "folded": folded,
            "legal_actions": [str(a) for a in self.legal_actions(s)],
            "result": None if self._result is None else self._result.to_dict(),
        }
