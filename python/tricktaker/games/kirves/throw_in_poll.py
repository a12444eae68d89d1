"""The throw-in poll (R5.8) of a Kirves deal: after a proposal to throw the deal in, the
others in turn consent or refuse; all consenting throws it in, a refusal resumes speaking."""

from __future__ import annotations

from tricktaker.games.kirves import scoring, speaking
from tricktaker.games.kirves.result import THROWN_IN
from tricktaker.games.kirves.state import CONSENT, REFUSE, THROW_IN_POLL, KirvesState
from tricktaker.protocol.base import Action, Event


def legal(state: KirvesState, seat: int) -> list[Action]:
    return [CONSENT, REFUSE]


def apply(state: KirvesState, action: Action, seat: int) -> Event:
    state.calls.append((seat, str(action)))
    state.publish(seat, str(action))
    if action == REFUSE:
        state.throw_in_refused_by = seat
        speaking.advance_speaker(state)
        return Event(seat, str(action), THROW_IN_POLL, {"refused": True})
    state._poll_pos += 1
    if state._poll_pos < len(state._poll):
        state._to_move = state._poll[state._poll_pos]
        return Event(seat, str(action), THROW_IN_POLL, {})
    scoring.finish(state, THROWN_IN, same_dealer=False)
    return Event(seat, str(action), THROW_IN_POLL, {"outcome": THROWN_IN})
