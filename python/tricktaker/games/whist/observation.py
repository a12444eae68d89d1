"""What a seat may see of a whist deal: its hand, the hand sizes, the trick in play, the
completed tricks and, once over, the result; every seat as its id (``tricktaker.protocol.schema``
gives the common form, ``schema.py`` the game's own fields)."""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, cards_from_mask
from tricktaker.games.whist.options import NUM_SEATS, SEATS, STRAINS, seat_index, sides_json
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
        """What ``seat`` (an id or a name) sees, in the common form of every game (seats as
        ids): no dealer here, since a deal starts from its ``leader``; the game's own fields
        are the leader of the first trick, the tricks each side has won (by side id) and the
        size of the pack (``ranks_per_suit``), which a bot never told the game's options
        cannot tell from the cards of an ending."""
        s = seat_index(seat)
        result = self.result()
        return {
            "game": self.game.name,
            "seat": s,
            "seats": list(SEATS),
            "sides": sides_json(),
            "phase": self.phase,
            "to_move": self.to_move,
            "dealer": None,
            "hand": [str(c) for c in self.hand(s)],
            "hand_sizes": [bin(self.state.hand(p)).count("1") for p in range(NUM_SEATS)],
            "trump": STRAINS[self.strain],
            "trick": [[p, _core.card_to_string(c)] for p, c in self.state.trick()],
            "tricks": self.completed_tricks(),
            "legal_actions": [str(a) for a in self.legal_actions(s)],
            "result": None if result is None else result.to_dict(),
            "leader": self.leader,
            "tricks_won": [self.state.side_tricks(0), self.state.side_tricks(1)],
            "ranks_per_suit": int(self.game.options.ranks_per_suit),
        }

    def seat_view(self, seat: int, exclusions: bool) -> _core.SeatView:
        """The core's view of the play as ``observation(seat)`` shows it: every trick is shown."""
        return _core.SeatView(self.state, seat, exclusions)

    def completed_tricks(self) -> list[dict[str, Any]]:
        history = self.state.history()
        out = []
        for i, record in enumerate(self.state.trick_records()):
            cards = history[i * NUM_SEATS : (i + 1) * NUM_SEATS]
            out.append(
                {
                    "leader": record.leader,
                    "cards": [[p, _core.card_to_string(c)] for p, c in cards],
                    "winner": record.winner,
                }
            )
        return out
