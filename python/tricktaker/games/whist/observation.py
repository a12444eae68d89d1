"""What a seat may see of a whist deal: its hand, the hand sizes, the trick in play and the
completed tricks."""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, cards_from_mask
from tricktaker.games.whist.options import NUM_SEATS, SEATS, STRAINS, seat_index
from tricktaker.protocol.base import Deal


class DealViews(Deal):
    """The views of a deal, the base of ``WhistDeal`` (``deal.py``), whose constructor sets the
    attributes declared here."""

    state: _core.PlayState
    strain: int  # 0..3 a trump suit, 4 no trump
    leader: int

    def play_state(self) -> _core.PlayState:
        """A copy of the C++ play state."""
        return self.state.copy()

    def hand(self, seat: int | str) -> list[Card]:
        return cards_from_mask(self.state.hand(seat_index(seat)))

    def observation(self, seat: int | str) -> dict[str, Any]:
        s = seat_index(seat)
        return {
            "game": "whist",
            "seat": SEATS[s],
            "phase": self.phase,
            "to_move": None if self.to_move is None else SEATS[self.to_move],
            "trump": STRAINS[self.strain],
            "leader": SEATS[self.leader],
            "hand": [str(c) for c in self.hand(s)],
            "hand_sizes": [bin(self.state.hand(p)).count("1") for p in range(NUM_SEATS)],
            "trick": [[SEATS[p], _core.card_to_string(c)] for p, c in self.state.trick()],
            "tricks": self.completed_tricks(),
            "tricks_won": [self.state.side_tricks(0), self.state.side_tricks(1)],
            "legal_actions": [str(a) for a in self.legal_actions(s)],
        }

    def completed_tricks(self) -> list[dict[str, Any]]:
        history = self.state.history()
        out = []
        for i, record in enumerate(self.state.trick_records()):
            cards = history[i * NUM_SEATS : (i + 1) * NUM_SEATS]
            out.append(
                {
                    "leader": SEATS[record.leader],
                    "cards": [[SEATS[p], _core.card_to_string(c)] for p, c in cards],
                    "winner": SEATS[record.winner],
                }
            )
        return out
