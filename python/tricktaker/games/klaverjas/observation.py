"""What a seat may see of a Klaverjas deal: the hands, the play state, the tricks and the
observation (D32), in the common form of ``tricktaker.protocol.schema`` (the family's own
fields are described in ``schema.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

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
from tricktaker.protocol.seat_play import SeatPlay


class DealViews(Deal):
    """The views of a deal, the base of ``KlaverjasDeal`` (``deal.py``), whose constructor sets
    the attributes declared here."""

    options: KlaverjasOptions
    dealer: int
    forehand: int
    _hand_ids: Sequence[Sequence[int]]  # the hands as dealt: card ids in the order dealt
    _hand_masks: list[int]  # the same as bit masks
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

    # The observation tensor of a seat: the encoding of ``observation(seat)``, written from the
    # deal directly (``direct_tensor.py``); the function itself is the method, as a step of
    # reinforcement learning asks for a tensor per action.
    observation_tensor = observation_tensor

    def observation(self, seat: int | str) -> dict[str, Any]:
        """What ``seat`` (an id or a name) may know, in the schema's form (``schema.py``):
        seats by id, team pairs by side id (N-S, E-W). Each field is made by
        ``OBSERVATION_FIELDS``, which a simulated bot's observation reads one at a time."""
        s = seat_index(seat)
        return {key: field(self, s) for key, field in OBSERVATION_FIELDS.items()}

    @property
    def observation_fields(self) -> dict[str, Callable[[Any, int], Any]]:
        return OBSERVATION_FIELDS  # defined below: the fields read the deal's views

    def seat_view(self, seat: int, exclusions: bool) -> _core.SeatView | None:
        """The core's view of the play as ``observation(seat)`` shows it: only where every
        trick is shown, and, for the exclusions, every play was legal (so the history proves
        them)."""
        state = self.state
        if state is None or self.options.trick_history_visible == "last_trick_only":
            return None
        if exclusions and self.options.illegal_play == "penalize":
            return None
        return _core.SeatView(state, seat, exclusions)

    def seat_play(self, seat: int) -> SeatPlay | None:
        """The card play as ``observation(seat)`` shows it, in card ids (``SeatPlay``)."""
        state = self.state
        if state is None:
            return None
        history = state.history()
        done = len(history) - state.trick_len
        tricks = [history[i : i + NUM_SEATS] for i in range(0, done, NUM_SEATS)]
        hand = state.hand(seat)
        excluded = None
        if self.options.trick_history_visible == "last_trick_only":
            tricks = tricks[-1:]
        elif self.options.illegal_play != "penalize" and history:
            # Every play was legal and the seat sees them all: what each play excludes follows
            # from the history alone, so the deal's own replays it (no placeholder hands).
            played = 0
            for _, card in history:
                played |= 1 << card
            known = [hand if s == seat else 0 for s in range(NUM_SEATS)]
            unseen = state.rules.deck & ~hand & ~played
            found = _core.play_exclusions(state, known, unseen)
            excluded = {s: m for s, m in enumerate(found) if s != seat and m}
        return SeatPlay(hand, tricks, history[done:], self._hand_sizes(), excluded)


def _visible_tricks(deal: DealViews, seat: int) -> list[dict[str, Any]]:
    tricks = deal.completed_tricks()
    if deal.options.trick_history_visible == "last_trick_only":
        return tricks[-1:]
    return tricks


def _current_trick(deal: DealViews, seat: int) -> list[list[Any]]:
    if deal.state is None:
        return []
    return [[p, CARD_NAMES[c]] for p, c in deal.state.trick()]


def _card_points(deal: DealViews, seat: int) -> list[int]:
    state = deal.state
    return [0, 0] if state is None else [state.side_points(0), state.side_points(1)]


def _roem(deal: DealViews, seat: int) -> list[int]:
    state = deal.state
    if state is None:
        return [0, 0]
    if deal.options.roem_claim == "auto":
        return [state.side_bonus(0), state.side_bonus(1)]
    return list(deal._claimed)


# The observation of a seat, field by field in the schema's order: each made from the deal
# and the seat's id.
OBSERVATION_FIELDS: dict[str, Callable[[Any, int], Any]] = {
    "game": lambda deal, seat: "klaverjas",
    "seat": lambda deal, seat: seat,
    "seats": lambda deal, seat: list(SEATS),
    "sides": lambda deal, seat: sides_json(),
    "phase": lambda deal, seat: deal._phase,
    "to_move": lambda deal, seat: deal._to_move,
    "dealer": lambda deal, seat: deal.dealer,
    "forehand": lambda deal, seat: deal.forehand,
    "hand": lambda deal, seat: deal._hand_texts(seat),
    "hand_sizes": lambda deal, seat: deal._hand_sizes(),
    "calls": lambda deal, seat: [[p, call] for p, call in deal.calls],
    "proposed_suit": lambda deal, seat: (
        None if deal.proposed_suit is None else deal.proposed_suit.letter
    ),
    "trump": lambda deal, seat: None if deal.trump is None else deal.trump.letter,
    "declarer": lambda deal, seat: deal.declarer,
    "trick": _current_trick,
    "tricks": _visible_tricks,
    "card_points": _card_points,
    "roem": _roem,
    "conventions": lambda deal, seat: {
        "signals": deal.options.signals,
        "lead_signals": deal.options.lead_signals,
    },
    "legal_actions": lambda deal, seat: [str(a) for a in deal.legal_actions(seat)],
    "result": lambda deal, seat: None if deal._result is None else deal._result.to_dict(),
}
