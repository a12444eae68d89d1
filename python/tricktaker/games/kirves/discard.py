"""The discard phase (R3.10-R3.12) of a Kirves deal: the dealer who took the turned card (and
the cutter of a cut jack) discard a card face down, back to five."""

from __future__ import annotations

from tricktaker.cards import Card
from tricktaker.games.kirves import paakot
from tricktaker.games.kirves.state import DISCARD, KirvesState
from tricktaker.protocol.base import Action, Event


def _discardable(state: KirvesState, seat: int) -> list[Card]:
    if state.options.may_discard_taken_card:
        return sorted(state.hands[seat])
    return sorted(state.dealt_cards(seat))


def next_discard(state: KirvesState) -> None:
    """The next seat in the discard queue discards; once none is left the hands are final."""
    if state._discard_queue:
        state._phase = DISCARD
        state._to_move = state._discard_queue.pop(0)
        return
    paakot.hands_final(state, speaking=False)


def legal(state: KirvesState, seat: int) -> list[Action]:
    return [Action.call(f"discard:{c}") for c in _discardable(state, seat)]


def apply(state: KirvesState, action: Action, seat: int) -> Event:
    card = Card.parse(action.name.split(":", 1)[1])
    state.hands[seat].remove(card)
    state.discarded[seat] = card
    state.publish(seat, "discard")
    next_discard(state)
    # The event names the card for the discarding seat only; the public record does not.
    return Event(seat, str(action), DISCARD, {"card": str(card)})
