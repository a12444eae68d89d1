"""One Kirves deal, from the cut to the marks: the phases joined into one state machine."""

from __future__ import annotations

from tricktaker.cards import Suit
from tricktaker.games.kirves.actions import (
    CHANGE_POLL,
    CHOOSE_SUIT,
    CONSENT,
    CUT,
    DECLARE,
    DISCARD,
    FOLD,
    FOLDING,
    LEAVE,
    MISDEAL_CALL,
    NO,
    OVER,
    PAAKOT_ROUND,
    PEEK,
    PLAY,
    REFUSE,
    SPEAKING,
    STAY,
    SUIT_CALLS,
    TAKE,
    TAKE_BLIND,
    THROW_IN_POLL,
    TURNED_CARD,
    VETO,
)
from tricktaker.games.kirves.common import MISDEAL, SEAT_NAMES, named_suit
from tricktaker.games.kirves.cut import CutAndDeal
from tricktaker.games.kirves.discard import Discards
from tricktaker.games.kirves.folding import Folding
from tricktaker.games.kirves.notation import PositionWriter
from tricktaker.games.kirves.observation import DealViews
from tricktaker.games.kirves.paakot import Paakot
from tricktaker.games.kirves.play import Play
from tricktaker.games.kirves.scoring import Scoring
from tricktaker.games.kirves.speaking import Speaking
from tricktaker.protocol.base import Action, Event, card_actions


class KirvesDeal(
    CutAndDeal, Discards, Paakot, Speaking, Folding, Play, Scoring, DealViews, PositionWriter
):
    """One Kirves deal, from the cut to the marks (Appendix B, phase order)."""

    # --- the protocol -------------------------------------------------------------------

    def legal_actions(self, seat: int | None = None) -> list[Action]:
        seat = self._to_move if seat is None else seat
        if seat is None or self._phase == OVER or seat != self._to_move:
            return []
        actions = self._phase_actions(seat)
        if self._may_declare_now(seat):
            actions.append(DECLARE)
        if self.options.misdeal_action_enabled and self._phase not in (CUT, OVER):
            actions.append(MISDEAL_CALL)
        return actions

    def _phase_actions(self, seat: int) -> list[Action]:
        phase = self._phase
        if phase == CUT:
            lo, hi = self.options.cut_min_packet, self.options.cut_max_packet
            return [Action.call(f"cut:{k}") for k in range(lo, hi + 1)]
        if phase == TURNED_CARD:
            return [TAKE, LEAVE] if self.peeked else [TAKE_BLIND, PEEK]
        if phase == DISCARD:
            return [Action.call(f"discard:{c}") for c in self._discardable(seat)]
        if phase == PAAKOT_ROUND:
            return [NO, DECLARE] if self._holds_paakot(seat) else [NO]
        if phase == SPEAKING:
            return self._speaking_actions(seat)
        if phase == CHANGE_POLL:
            return [CONSENT, VETO] if self._has_kiellonvara(seat) else [CONSENT]
        if phase == CHOOSE_SUIT:
            assert self.turned_card is not None
            turned = named_suit(self.turned_card)
            return [SUIT_CALLS[s] for s in Suit if s != turned]
        if phase == THROW_IN_POLL:
            return [CONSENT, REFUSE]
        if phase == FOLDING:
            return [STAY, FOLD] if self._fold_is_legal() else [STAY]
        if phase == PLAY:
            assert self.state is not None
            return card_actions(self.state.legal_moves())
        return []

    def _try_play(self, action: Action, seat: int | None) -> Event | None:
        to_move = self._to_move
        if self._phase != PLAY or (seat is not None and seat != to_move):
            return None
        assert to_move is not None and self.state is not None and action.card is not None
        if not self.state.legal_moves() >> action.card.id & 1:
            return None
        return self._apply_play(action, to_move)

    def _apply(self, action: Action, seat: int) -> Event:
        phase = self._phase
        if action == MISDEAL_CALL:
            self._finish(MISDEAL)
            return self._event(seat, action, phase, {"outcome": MISDEAL})
        if action == DECLARE and phase != PAAKOT_ROUND:
            return self._declare(seat, phase)
        handler = {
            CUT: self._apply_cut,
            TURNED_CARD: self._apply_turned,
            DISCARD: self._apply_discard,
            PAAKOT_ROUND: self._apply_paakot_round,
            SPEAKING: self._apply_speaking,
            CHANGE_POLL: self._apply_change_poll,
            CHOOSE_SUIT: self._apply_choose_suit,
            THROW_IN_POLL: self._apply_throw_in_poll,
            FOLDING: self._apply_folding,
            PLAY: self._apply_play,
        }[phase]
        return handler(action, seat)

    def __repr__(self) -> str:
        to_move = None if self._to_move is None else SEAT_NAMES[self._to_move]
        return f"<KirvesDeal phase={self._phase} to_move={to_move}>"
