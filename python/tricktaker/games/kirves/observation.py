"""What a seat may know of a Kirves deal (R3.14): hands, the play state and observations."""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, cards_from_mask
from tricktaker.errors import IllegalAction
from tricktaker.games.kirves.common import SEAT_NAMES, seat_index
from tricktaker.games.kirves.state import KirvesDealState
from tricktaker.protocol.base import trick_log


class DealViews(KirvesDealState):
    """The hands, the play state, the completed tricks and a seat's observation."""

    def play_state(self) -> _core.PlayState:
        """A copy of the C++ play state (raises before the play begins)."""
        if self.state is None:
            raise IllegalAction("there is no play state before the trump and sides are fixed")
        return self.state.copy()

    def hand(self, seat: int | str) -> list[Card]:
        """The cards a seat holds now (all-knowing; observations show only one's own)."""
        s = seat_index(seat, self.num_players)
        if self.state is not None and s not in self.folded and s in self.participants:
            return cards_from_mask(self.state.hand(s))
        return sorted(self.hands[s])

    def _known_hand(self, seat: int) -> list[Card] | None:
        """What a seat knows of its own hand: before deciding on an ace or a 2 the dealer has
        seen only the cards he peeked at (R3.6)."""
        if seat not in self.participants:
            return []
        if seat == self.dealer and not self._dealer_decided:
            return sorted(self.peeked)
        return self.hand(seat)

    def completed_tricks(self) -> list[dict[str, Any]]:
        if self.state is None:
            return []
        return trick_log(self.state, SEAT_NAMES, points=False)

    def observation(self, seat: int | str) -> dict[str, Any]:
        """Only what ``seat`` may know (R3.14): its own hand, peeked and discarded cards, and
        the public record. Other hands, discards, peeked cards and a dealt angel card are never
        included."""
        s = seat_index(seat, self.num_players)
        names = SEAT_NAMES
        current = []
        tricks_won = [0] * self.num_players
        if self.state is not None:
            current = [[names[p], _core.card_to_string(c)] for p, c in self.state.trick()]
            tricks_won = [self.state.tricks_won(p) for p in range(self.num_players)]
        hand_sizes = {}
        for p in self.participants:
            hand_sizes[names[p]] = 0 if p in self.folded else len(self.hand(p))
        known = self._known_hand(s)
        private: dict[str, Any] = {
            "hand": None if known is None else [str(c) for c in known],
            "hand_hidden": s == self.dealer and not self._dealer_decided,
            "peeked": [str(c) for c in self.peeked] if s == self.dealer else [],
            "discarded": None if self.discarded[s] is None else str(self.discarded[s]),
        }
        if s == self.eldest and self._angel_private is not None:
            private["angel_card"] = str(self._angel_private)
        return {
            "game": "kirves",
            "seat": names[s],
            "num_players": self.num_players,
            "phase": self._phase,
            "to_move": None if self._to_move is None else names[self._to_move],
            "dealer": names[self.dealer],
            "cutter": names[self.cutter],
            "eldest": names[self.eldest],
            "participants": [names[p] for p in self.participants],
            "marks_before": list(self.marks_before),
            "cut_marks": list(self.cut_marks),
            "cut": {
                "examined": self.examined_cut,
                "packet": self.cut_packet,
                "bottom_card": None if self.cut_shown is None else str(self.cut_shown),
                "angel_card": None if self.angel_card is None else str(self.angel_card),
                "saving_angels": [[str(a), str(b)] for a, b in self.saving_angels],
                "cut_jack": None if self.cut_jack is None else str(self.cut_jack),
            },
            "turned_card": None if self.turned_card is None else str(self.turned_card),
            "turned_taken": self.turned_taken,
            "trump": self._trump_letter(),
            "kind": self.kind,
            "trump_maker": None if self.trump_maker is None else names[self.trump_maker],
            "calls": [[names[p], c] for p, c in self.calls],
            "folded": [names[p] for p in self.folded],
            "hand_sizes": hand_sizes,
            "trick": current,
            "tricks": self.completed_tricks(),
            "tricks_won": tricks_won,
            "events": [dict(e) for e in self.events],
            "legal_actions": [str(a) for a in self.legal_actions(s)],
            "result": None if self._result is None else self._result.to_dict(),
            **private,
        }
