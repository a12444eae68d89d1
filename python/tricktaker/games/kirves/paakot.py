"""Pääköt (R4), the three highest trumps in one hand, of a Kirves deal: declared automatically
once the hands are final, or in the manual round (the ``paakot`` phase) and at the later
chances before the first card; the deal then ends."""

from __future__ import annotations

from tricktaker.games.kirves import folding, scoring
from tricktaker.games.kirves.result import PAAKOT_DECLARED
from tricktaker.games.kirves.state import (
    CHANGE_POLL,
    CHOOSE_SUIT,
    DECLARE,
    FOLDING,
    NO,
    PAAKOT_ROUND,
    PLAY,
    SPEAKING,
    THROW_IN_POLL,
    KirvesState,
)
from tricktaker.protocol.base import Action, Event


def hands_final(state: KirvesState, speaking: bool) -> None:
    """The hands are final (dealt, taken, discarded): pääköt first, then speaking (when the
    trump is still open) or folding."""
    state._speaking_next = speaking
    mode = state.options.paakot_mode
    if mode == "auto":
        holder = state.paakot_holder()
        if holder is not None:
            state.publish(holder, "declare", cards=["RJ", "BJ", "JC"], automatic=True)
            scoring.finish(state, PAAKOT_DECLARED, paakot_holder=holder)
            return
    elif mode == "manual":
        state._phase = PAAKOT_ROUND
        state._paakot_pos = 0
        state._to_move = state.order[0]
        return
    _after_paakot(state)


def _after_paakot(state: KirvesState) -> None:
    state._paakot_round_done = True
    if state._speaking_next:
        state._phase = SPEAKING
        state._speaker_pos = 0
        state._to_move = state.order[0]
    else:
        folding.start(state)


def legal(state: KirvesState, seat: int) -> list[Action]:
    return [NO, DECLARE] if state.holds_paakot(seat) else [NO]


def apply(state: KirvesState, action: Action, seat: int) -> Event:
    if action == DECLARE:
        return declare(state, seat, PAAKOT_ROUND)
    state.calls.append((seat, "no"))
    state.publish(seat, "no")
    state._paakot_pos += 1
    if state._paakot_pos < len(state.order):
        state._to_move = state.order[state._paakot_pos]
    else:
        _after_paakot(state)
    return Event(seat, str(action), PAAKOT_ROUND, {})


def may_declare_now(state: KirvesState, seat: int) -> bool:
    """R4.3 later chances: manual mode, after the round, before the first card."""
    if state.options.paakot_mode != "manual" or not state._paakot_round_done:
        return False
    if state._phase not in (SPEAKING, CHANGE_POLL, CHOOSE_SUIT, THROW_IN_POLL, FOLDING, PLAY):
        return False
    if state._phase == PLAY and (state.state is None or state.state.cards_played > 0):
        return False
    return state.holds_paakot(seat)


def declare(state: KirvesState, seat: int, phase: str) -> Event:
    """The seat declares pääköt (in the round, or at a later chance in ``phase``)."""
    state.calls.append((seat, "declare"))
    state.publish(seat, "declare", cards=["RJ", "BJ", "JC"])
    scoring.finish(state, PAAKOT_DECLARED, paakot_holder=seat)
    return Event(seat, str(DECLARE), phase, {"outcome": PAAKOT_DECLARED})
