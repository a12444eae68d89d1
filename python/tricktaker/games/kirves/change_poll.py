"""The change poll (R5.5) of a Kirves deal: after a request to change the trump, the others
in turn consent or, holding a kiellonvara, veto and make the turned suit trumps themselves."""

from __future__ import annotations

from tricktaker import _core
from tricktaker.cards import mask_from_cards
from tricktaker.games.kirves import folding, speaking
from tricktaker.games.kirves.state import (
    CHANGE_POLL,
    CONSENT,
    VETO,
    KirvesState,
    named_suit,
)
from tricktaker.protocol.base import Action, Event


def _has_kiellonvara(state: KirvesState, seat: int) -> bool:
    assert state.turned_card is not None
    suit = named_suit(state.turned_card)
    return bool(mask_from_cards(state.hands[seat]) & _core.kirves_kiellonvara(int(suit)))


def legal(state: KirvesState, seat: int) -> list[Action]:
    return [CONSENT, VETO] if _has_kiellonvara(state, seat) else [CONSENT]


def apply(state: KirvesState, action: Action, seat: int) -> Event:
    assert state.turned_card is not None
    state.calls.append((seat, str(action)))
    state.publish(seat, str(action))
    if action == VETO:
        suit = named_suit(state.turned_card)
        speaking.make_trump(state, suit, seat, voluntary=True)
        folding.start(state)
        return Event(seat, str(action), CHANGE_POLL, {"trump": suit.letter})
    state._poll_pos += 1
    if state._poll_pos < len(state._poll):
        state._to_move = state._poll[state._poll_pos]
    else:
        speaking.change_consented(state)
    return Event(seat, str(action), CHANGE_POLL, {})
