"""Pääköt (R4), the three highest trumps in one hand, of a Kirves deal."""

from __future__ import annotations

from tricktaker.cards import mask_from_cards
from tricktaker.games.kirves.actions import (
    CHANGE_POLL,
    CHOOSE_SUIT,
    DECLARE,
    FOLDING,
    PAAKOT_ROUND,
    PLAY,
    SPEAKING,
    THROW_IN_POLL,
)
from tricktaker.games.kirves.common import PAAKOT, PAAKOT_DECLARED
from tricktaker.games.kirves.state import KirvesDealState
from tricktaker.protocol.base import Action, Event


class Paakot(KirvesDealState):
    """Pääköt declared automatically or in the manual round, and the void deal (R4.3)."""

    def _holds_paakot(self, seat: int) -> bool:
        return (mask_from_cards(self.hands[seat]) & PAAKOT) == PAAKOT

    def _paakot_holder(self) -> int | None:
        for p in self.participants:
            if self._holds_paakot(p):
                return p
        return None

    def _hands_final(self, speaking: bool) -> None:
        self._speaking_next = speaking
        mode = self.options.paakot_mode
        if mode == "auto":
            holder = self._paakot_holder()
            if holder is not None:
                self._public(holder, "declare", cards=["RJ", "BJ", "JC"], automatic=True)
                self._finish(PAAKOT_DECLARED, paakot_holder=holder)
                return
        elif mode == "manual":
            self._phase = PAAKOT_ROUND
            self._paakot_pos = 0
            self._to_move = self.order[0]
            return
        self._after_paakot()

    def _after_paakot(self) -> None:
        self._paakot_round_done = True
        if self._speaking_next:
            self._phase = SPEAKING
            self._speaker_pos = 0
            self._to_move = self.order[0]
        else:
            self._start_folding()

    def _apply_paakot_round(self, action: Action, seat: int) -> Event:
        if action == DECLARE:
            return self._declare(seat, PAAKOT_ROUND)
        self.calls.append((seat, "no"))
        self._public(seat, "no")
        self._paakot_pos += 1
        if self._paakot_pos < len(self.order):
            self._to_move = self.order[self._paakot_pos]
        else:
            self._after_paakot()
        return self._event(seat, action, PAAKOT_ROUND, {})

    def _may_declare_now(self, seat: int) -> bool:
        """R4.3 later chances: manual mode, after the round, before the first card."""
        if self.options.paakot_mode != "manual" or not self._paakot_round_done:
            return False
        if self._phase not in (SPEAKING, CHANGE_POLL, CHOOSE_SUIT, THROW_IN_POLL, FOLDING, PLAY):
            return False
        if self._phase == PLAY and (self.state is None or self.state.cards_played > 0):
            return False
        return self._holds_paakot(seat)

    def _declare(self, seat: int, phase: str) -> Event:
        self.calls.append((seat, "declare"))
        self._public(seat, "declare", cards=["RJ", "BJ", "JC"])
        self._finish(PAAKOT_DECLARED, paakot_holder=seat)
        return self._event(seat, DECLARE, phase, {"outcome": PAAKOT_DECLARED})

    def _void_if_undeclared(self) -> bool:
        """R4.3: the first card of trick 1 with an undeclared pääköt voids the deal."""
        if self.options.paakot_mode != "manual":
            return False
        return self._paakot_holder() is not None
