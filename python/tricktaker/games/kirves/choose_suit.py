"""The choice of a new trump suit (R5.6) of a Kirves deal: the player whose change nobody
vetoed names any suit but the turned one and is the trump maker."""

from __future__ import annotations

from tricktaker.cards import Suit
from tricktaker.games.kirves import folding, speaking
from tricktaker.games.kirves.state import CHOOSE_SUIT, SUIT_CALLS, KirvesState, named_suit
from tricktaker.protocol.base import Action, Event


def legal(state: KirvesState, seat: int) -> list[Action]:
    assert state.turned_card is not None
    turned = named_suit(state.turned_card)
    return [SUIT_CALLS[s] for s in Suit if s != turned]


def apply(state: KirvesState, action: Action, seat: int) -> Event:
    suit = Suit.parse(action.name.split(":", 1)[1])
    state.calls.append((seat, str(action)))
    state.publish(seat, str(action))
    speaking.make_trump(state, suit, seat, voluntary=True)
    folding.start(state)
    return Event(seat, str(action), CHOOSE_SUIT, {"trump": suit.letter})
