"""The turned card (R3.4-R3.9) of a Kirves deal: what the card under the dealt hands decides
(a cut jack or a jack or joker turned forces the dealer to take it), and the ``turned_card``
phase, in which the dealer offered an ace or a 2 takes it, blind or after a peek, or leaves it."""

from __future__ import annotations

from tricktaker.cards import Rank
from tricktaker.games.kirves import discard, paakot
from tricktaker.games.kirves.result import CUT_JACK, NORMAL
from tricktaker.games.kirves.state import (
    LEAVE,
    PEEK,
    TAKE,
    TAKE_BLIND,
    TURNED_CARD,
    KirvesState,
    is_always_trump,
    named_suit,
)
from tricktaker.protocol.base import Action, Event


def reveal(state: KirvesState) -> None:
    """The hands are dealt and the turned card is shown: the dealer takes it, decides on it,
    or speaking begins."""
    turned = state.turned_card
    assert turned is not None
    state.publish(state.dealer, "turned_card", card=str(turned))
    if state.cut_jack is not None:
        # R3.4 Case A: the dealer must take the turned card, whatever it is.
        state.kind = CUT_JACK
        state.forced = True
        _take(state)
        return
    if is_always_trump(turned):
        # R3.5 Case B: pakkovaltti.
        state.kind = NORMAL
        state.forced = True
        state.trump_maker = state.dealer
        _take(state)
        return
    if turned.rank in (Rank.ACE, Rank.TWO):
        # R3.6, R3.7: the dealer decides.
        state._dealer_decided = False
        state._phase = TURNED_CARD
        state._to_move = state.dealer
        return
    paakot.hands_final(state, speaking=True)


def _take(state: KirvesState) -> None:
    """The dealer takes the turned card: its suit is trumps; then the discards (R3.10)."""
    turned = state.turned_card
    assert turned is not None
    state.turned_taken = True
    state._dealer_decided = True
    state.trump = named_suit(turned)
    state.hands[state.dealer].append(turned)
    state.publish(state.dealer, "takes_turned_card", card=str(turned), trump=state.trump.letter)
    state._discard_queue = []
    if state.options.discard_to_five:
        if state.cut_jack is not None:
            state._discard_queue.append(state.cutter)
        state._discard_queue.append(state.dealer)
    discard.next_discard(state)


def legal(state: KirvesState, seat: int) -> list[Action]:
    return [TAKE, LEAVE] if state.peeked else [TAKE_BLIND, PEEK]


def apply(state: KirvesState, action: Action, seat: int) -> Event:
    assert state.turned_card is not None
    if action == PEEK:
        count = 2 if state.turned_card.rank == Rank.ACE else 3
        state.peeked = state.hands[seat][:count]
        state.publish(seat, "peek", count=count)
        return Event(seat, str(action), TURNED_CARD, {"count": count})
    if action in (TAKE, TAKE_BLIND):
        state.kind = NORMAL
        state.voluntary = True
        state.trump_maker = seat
        state.publish(seat, str(action))
        _take(state)
        return Event(seat, str(action), TURNED_CARD, {"trump": state.trump_letter()})
    # LEAVE: the card stays on the stock and speaking begins.
    state._dealer_decided = True
    state.publish(seat, "leave")
    paakot.hands_final(state, speaking=True)
    return Event(seat, str(action), TURNED_CARD, {})
