"""What a seat may see of a Klaverjas deal: the hands, the play state, the tricks and the
observation (D32), in the common form of ``tricktaker.protocol.schema`` (the family's own
fields are described in ``schema.py``)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker import _core
from tricktaker._core import mask_to_items
from tricktaker.cards import Card, Suit, cards_from_mask
from tricktaker.errors import IllegalAction
from tricktaker.games.klaverjas.direct_tensor import observation_tensor
from tricktaker.games.klaverjas.options import (
    NUM_SEATS,
    SEATS,
    KlaverjasOptions,
    seat_index,
    sides_json,
)
from tricktaker.games.klaverjas.result import KlaverjasResult
from tricktaker.protocol.base import CARD_NAMES, Deal


class DealViews(Deal):
    """The views of a deal, the base of ``KlaverjasDeal`` (``deal.py``), whose constructor sets
    the attributes declared here."""

    options: KlaverjasOptions
    dealer: int
    forehand: int
    _hand_ids: Sequence[Sequence[int]]  # the hands as dealt: card ids in the order dealt
    _hands_dealt: list[list[Card]] | None
    proposed_suit: Suit | None
    trump: Suit | None
    declarer: int | None
    calls: list[tuple[int, str]]
    state: _core.PlayState | None
    _claimed: list[int]
    _result: KlaverjasResult | None

    @property
    def hands_dealt(self) -> list[list[Card]]:
        """The hands as dealt (N, E, S, W), the cards in the order dealt."""
        if self._hands_dealt is None:
            self._hands_dealt = [[Card(c) for c in h] for h in self._hand_ids]
        return self._hands_dealt

    def play_state(self) -> _core.PlayState:
        """A copy of the C++ play state (raises before trumps are chosen)."""
        if self.state is None:
            raise IllegalAction("there is no play state before the trump suit is chosen")
        return self.state.copy()

    def hand(self, seat: int | str) -> list[Card]:
        """The cards a seat holds now."""
        s = seat_index(seat)
        if self.state is None:
            return sorted(self.hands_dealt[s])
        return cards_from_mask(self.state.hand(s))

    def _hand_texts(self, seat: int) -> list[str]:
        """The texts of the cards ``seat`` holds, in card order (as ``hand`` sorts them)."""
        if self.state is None:
            return [str(c) for c in self.hand(seat)]
        return mask_to_items(self.state.hand(seat), CARD_NAMES)

    def _hand_sizes(self) -> list[int]:
        if self.state is None:
            return [len(h) for h in self._hand_ids]
        state = self.state
        return [state.hand(p).bit_count() for p in range(NUM_SEATS)]

    def completed_tricks(self) -> list[dict[str, Any]]:
        """The completed tricks as observations show them: leader, cards in play order and
        winner by seat id, the card points and the trick's roem."""
        if self.state is None:
            return []
        history = self.state.history()
        tricks: list[dict[str, Any]] = []
        for record in self.state.trick_records():
            cards = history[record.first : record.first + record.size]
            tricks.append(
                {
                    "leader": record.leader,
                    "cards": [[p, CARD_NAMES[c]] for p, c in cards],
                    "winner": record.winner,
                    "points": record.points,
                    "roem": record.bonus,
                }
            )
        return tricks

    def observation_tensor(self, seat: int | str) -> npt.NDArray[np.float32]:
        """The observation tensor of ``seat``: the encoding of ``observation(seat)``, written
        from the deal directly (``direct_tensor.py``)."""
        return observation_tensor(self, seat)

    def observation(self, seat: int | str) -> dict[str, Any]:
        """What ``seat`` (an id or a name) may know, in the schema's form (``schema.py``):
        seats by id, team pairs by side id (N-S, E-W)."""
        s = seat_index(seat)
        tricks = self.completed_tricks()
        if self.options.trick_history_visible == "last_trick_only":
            tricks = tricks[-1:]
        current = []
        if self.state is not None:
            current = [[p, CARD_NAMES[c]] for p, c in self.state.trick()]
        team_points = [0, 0]
        team_roem = [0, 0]
        if self.state is not None:
            team_points = [self.state.side_points(0), self.state.side_points(1)]
            if self.options.roem_claim == "auto":
                team_roem = [self.state.side_bonus(0), self.state.side_bonus(1)]
            else:
                team_roem = list(self._claimed)
        obs: dict[str, Any] = {
            "game": "klaverjas",
            "seat": s,
            "seats": list(SEATS),
            "sides": sides_json(),
            "phase": self._phase,
            "to_move": self._to_move,
            "dealer": self.dealer,
            "forehand": self.forehand,
            "hand": self._hand_texts(s),
            "hand_sizes": self._hand_sizes(),
            "calls": [[p, call] for p, call in self.calls],
            "proposed_suit": None if self.proposed_suit is None else self.proposed_suit.letter,
            "trump": None if self.trump is None else self.trump.letter,
            "declarer": self.declarer,
            "trick": current,
            "tricks": tricks,
            "card_points": team_points,
            "roem": team_roem,
            "conventions": {
                "signals": self.options.signals,
                "lead_signals": self.options.lead_signals,
            },
            "legal_actions": [str(a) for a in self.legal_actions(s)],
            "result": None if self._result is None else self._result.to_dict(),
        }
        return obs
