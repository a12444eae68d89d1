"""The folding phase (R7) of a Kirves deal: who may fold, in which order, and a principal's
fold as a concession."""

from __future__ import annotations

from tricktaker.games.kirves import play, scoring
from tricktaker.games.kirves.result import CONCESSION, CUT_JACK
from tricktaker.games.kirves.state import FOLD, FOLDING, MARKS_TO_ESCAPE, STAY, KirvesState
from tricktaker.protocol.base import Action, Event


def _may_fold_at_all(state: KirvesState, seat: int) -> bool:
    if state.marks_before[seat] + state.cut_marks[seat] >= MARKS_TO_ESCAPE:
        return False  # R7.3: his third mark came at the cut
    if seat == state.eldest and state._direct_lead is not None:
        return False  # he has led (direct_lead_closes_folding = false)
    if seat in state.principals():
        mode = state.options.principals_may_fold
        return mode == "all" or (mode == "cut_jack_only" and state.kind == CUT_JACK)
    return True


def start(state: KirvesState) -> None:
    """The trump and the sides are fixed: the players who may fold decide, principals first,
    then the play begins."""
    if not state.options.folding_allowed or len(state.participants) <= 2:
        play.start(state)
        return
    principals = state.principals()
    order = principals + [p for p in state.order if p not in principals]
    state._fold_order = [p for p in order if _may_fold_at_all(state, p)]
    state._fold_pos = 0
    if not state._fold_order:
        play.start(state)
        return
    state._phase = FOLDING
    state._to_move = state._fold_order[0]


def _fold_is_legal(state: KirvesState) -> bool:
    """R7.3: at least two players must stay."""
    return len(state.participants) - len(state.folded) - 1 >= 2


def legal(state: KirvesState, seat: int) -> list[Action]:
    return [STAY, FOLD] if _fold_is_legal(state) else [STAY]


def apply(state: KirvesState, action: Action, seat: int) -> Event:
    state.calls.append((seat, str(action)))
    state.publish(seat, str(action))
    if action == FOLD:
        state.folded.append(seat)
        if seat in state.principals():
            scoring.finish(state, CONCESSION, conceded_by=seat)
            return Event(seat, str(action), FOLDING, {"outcome": CONCESSION})
    state._fold_pos += 1
    if state._fold_pos < len(state._fold_order):
        state._to_move = state._fold_order[state._fold_pos]
    else:
        play.start(state)
    return Event(seat, str(action), FOLDING, {})
