"""The play (R8) of a Kirves deal on the C++ play state."""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.cards import mask_from_cards
from tricktaker.games.base import Action, Event
from tricktaker.games.kirves.actions import PLAY
from tricktaker.games.kirves.common import (
    _CORE_KIND,
    CUT_JACK,
    FREE_FOR_ALL,
    HAND_SIZE,
    NORMAL,
    PLAYED,
    SEAT_NAMES,
    TRICKS,
    VOID,
)
from tricktaker.games.kirves.state import KirvesDealState


class Play(KirvesDealState):
    """The sides, the leader and the tricks (``kirves_rules``, ``kirves_sides``)."""

    def roles(self) -> _core.KirvesDealRoles:
        assert self.kind is not None
        participants = sum(1 << p for p in self.participants)
        if self.kind == CUT_JACK:
            return _core.KirvesDealRoles(
                kind=_CORE_KIND[CUT_JACK],
                cutter=self.cutter,
                dealer=self.dealer,
                participants=participants,
            )
        if self.kind == NORMAL:
            assert self.trump_maker is not None
            return _core.KirvesDealRoles(
                kind=_CORE_KIND[NORMAL], trump_maker=self.trump_maker, participants=participants
            )
        return _core.KirvesDealRoles(kind=_CORE_KIND[FREE_FOR_ALL], participants=participants)

    def leader(self) -> int:
        """R8.2: the eldest, or the first non-folded player after the dealer."""
        for seat in self.order:
            if seat not in self.folded:
                return seat
        raise AssertionError("everybody folded")

    def _start_play(self) -> None:
        assert self.trump is not None
        o = self.options
        rules = _core.kirves_rules(
            int(self.trump),
            overtake_required=o.overtake_required,
            overtake_exempts_partner=o.overtake_exempts_partner,
            must_trump_when_void=o.must_trump_when_void,
        )
        sides = _core.kirves_sides(self.roles(), self.num_players)
        playing = [p for p in self.participants if p not in self.folded]
        hands = [
            mask_from_cards(self.hands[p]) if p in playing else 0 for p in range(self.num_players)
        ]
        self.state = _core.PlayState(
            rules,
            hands,
            sides,
            leader=self.leader(),
            active=sum(1 << p for p in playing),
            tricks=0 if all(len(self.hands[p]) == HAND_SIZE for p in playing) else TRICKS,
        )
        self._phase = PLAY
        self._to_move = self.state.to_move
        if self._direct_lead is not None:
            self.state.play(self._direct_lead.id)
            self._to_move = self.state.to_move

    def _apply_play(self, action: Action, seat: int) -> Event:
        state = self.state
        assert state is not None and action.card is not None
        if state.cards_played == 0 and self._void_if_undeclared():
            self._public(seat, "void", card=str(action.card))
            self._finish(VOID)
            return self._event(seat, action, PLAY, {"outcome": VOID})
        state.play(action.card.id)
        detail: dict[str, Any] = {"card": str(action.card)}
        self._public(seat, "play", card=str(action.card))
        if not state.trick():
            record = state.trick_records()[-1]
            detail.update(trick=state.tricks_played, trick_winner=SEAT_NAMES[record.winner])
            decided = self.options.stop_when_decided and _core.kirves_decided(state)
            if state.is_terminal() or decided:
                self._finish(PLAYED)
                return self._event(seat, action, PLAY, detail)
        self._to_move = state.to_move
        return self._event(seat, action, PLAY, detail)
