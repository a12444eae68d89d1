"""The speaking phase (R5) of a Kirves deal: each participant in turn keeps the turned suit,
asks for a change, passes or proposes a throw-in, and the eldest may lead at once. The polls a
change or a throw-in opens are the phases ``change_poll``, ``choose_suit`` and
``throw_in_poll``; what they share (making the trump, the next speaker) is here."""

from __future__ import annotations

from tricktaker.cards import Suit
from tricktaker.games.kirves import folding, play, scoring
from tricktaker.games.kirves.result import FREE_FOR_ALL, NORMAL, THROWN_IN, VOID
from tricktaker.games.kirves.state import (
    CHANGE,
    CHANGE_POLL,
    CHANGE_TO,
    CHOOSE_SUIT,
    KEEP,
    PASS,
    SPEAKING,
    THROW_IN,
    THROW_IN_POLL,
    KirvesState,
    named_suit,
)
from tricktaker.protocol.base import Action, Event


def legal(state: KirvesState, seat: int) -> list[Action]:
    assert state.turned_card is not None
    actions = [KEEP]
    if state.options.change_suit_announce == "with_request":
        turned = named_suit(state.turned_card)
        actions += [CHANGE_TO[s] for s in Suit if s != turned]
    else:
        actions.append(CHANGE)
    actions.append(PASS)
    if state.throw_in_refused_by is None:
        actions.append(THROW_IN)
    if _direct_lead_open(state, seat):
        actions += [Action.play(c) for c in sorted(state.hands[seat])]
    return actions


def _direct_lead_open(state: KirvesState, seat: int) -> bool:
    return (
        state.options.direct_lead_allowed
        and seat == state.eldest
        and state._speaker_pos == 0
        and seat not in state._spoken
    )


def apply(state: KirvesState, action: Action, seat: int) -> Event:
    assert state.turned_card is not None
    turned_suit = named_suit(state.turned_card)
    if action.card is not None:
        # R5.3 direct lead: "Tuosta vaan" plus the first card of trick 1.
        state.calls.append((seat, f"lead:{action.card}"))
        state._spoken.add(seat)
        state.publish(seat, "direct_lead", card=str(action.card))
        make_trump(state, turned_suit, seat, voluntary=True)
        if state.undeclared_paakot():
            # R4.3: the first card of trick 1 with an undeclared pääköt.
            scoring.finish(state, VOID)
            return Event(seat, str(action), SPEAKING, {"outcome": VOID})
        state._direct_lead = action.card
        if state.options.direct_lead_closes_folding:
            play.start(state)
        else:
            folding.start(state)
        return Event(seat, str(action), SPEAKING, {"trump": turned_suit.letter, "lead": True})
    state.calls.append((seat, str(action)))
    state._spoken.add(seat)
    state.publish(seat, str(action))
    if action == KEEP:
        make_trump(state, turned_suit, seat, voluntary=True)
        folding.start(state)
        return Event(seat, str(action), SPEAKING, {"trump": turned_suit.letter})
    if action == PASS:
        advance_speaker(state)
        return Event(seat, str(action), SPEAKING, {})
    if action == THROW_IN:
        state._proposer = seat
        state._poll = [p for p in state.clockwise_from(seat)[1:]]
        state._poll_pos = 0
        state._phase = THROW_IN_POLL
        state._to_move = state._poll[0]
        return Event(seat, str(action), SPEAKING, {})
    # A change request, with or without the suit (change_suit_announce).
    state._requester = seat
    state._requested_suit = Suit.parse(action.name.split(":", 1)[1]) if ":" in action.name else None
    poll = list(state.clockwise_from(seat)[1:])
    if state.options.change_veto_scope == "not_yet_spoken":
        poll = [p for p in poll if p not in state._spoken]
    state._poll = poll
    state._poll_pos = 0
    if poll:
        state._phase = CHANGE_POLL
        state._to_move = poll[0]
    else:
        change_consented(state)
    return Event(seat, str(action), SPEAKING, {})


def advance_speaker(state: KirvesState) -> None:
    """The next participant who has not spoken speaks; after the last, the deal is settled
    without a trump maker."""
    state._speaker_pos += 1
    while (
        state._speaker_pos < len(state.order) and state.order[state._speaker_pos] in state._spoken
    ):
        state._speaker_pos += 1
    if state._speaker_pos < len(state.order):
        state._phase = SPEAKING
        state._to_move = state.order[state._speaker_pos]
        return
    _ended_without_maker(state)


def _ended_without_maker(state: KirvesState) -> None:
    assert state.turned_card is not None
    turned_suit = named_suit(state.turned_card)
    if state.throw_in_refused_by is not None:
        # R5.8, D15: the deal can no longer be thrown in.
        if state.options.refused_throw_in_fallback == "refuser_plays":
            state.publish(state.throw_in_refused_by, "refuser_plays")
            make_trump(state, turned_suit, state.throw_in_refused_by, voluntary=True)
        else:
            _free_for_all(state, turned_suit)
        folding.start(state)
        return
    # R5.9, D16: everybody passed.
    if state.options.all_pass_outcome == "free_for_all":
        _free_for_all(state, turned_suit)
        folding.start(state)
        return
    state.publish(None, "all_pass")
    scoring.finish(
        state, THROWN_IN, same_dealer=state.options.all_pass_outcome == "throw_in_same_dealer"
    )


def _free_for_all(state: KirvesState, suit: Suit) -> None:
    state.trump = suit
    state.kind = FREE_FOR_ALL
    state.trump_maker = None
    state.publish(None, "free_for_all", trump=suit.letter)


def make_trump(state: KirvesState, suit: Suit, maker: int, *, voluntary: bool) -> None:
    """``maker`` makes ``suit`` trumps: a normal deal with one principal (R6)."""
    state.trump = suit
    state.trump_maker = maker
    state.kind = NORMAL
    state.voluntary = voluntary
    state.publish(maker, "trump_maker", trump=suit.letter)


def change_consented(state: KirvesState) -> None:
    """Nobody vetoed a change: the requester makes the suit he named, or now chooses one."""
    assert state._requester is not None
    if state._requested_suit is not None:
        make_trump(state, state._requested_suit, state._requester, voluntary=True)
        folding.start(state)
        return
    state._phase = CHOOSE_SUIT
    state._to_move = state._requester
