"""The play phase (R8) of a Kirves deal, on the C++ play state (the rules table of
``tables.rules_table``, the sides of ``kirves_sides``): the tricks and the end of the play."""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker._core import CardStep
from tricktaker.cards import Card, Suit, mask_from_cards
from tricktaker.errors import IllegalAction
from tricktaker.games.kirves import scoring
from tricktaker.games.kirves.result import NORMAL, PLAYED, VOID
from tricktaker.games.kirves.state import HAND_SIZE, PLAY, TRICKS, KirvesState
from tricktaker.games.kirves.tables import rules_table
from tricktaker.protocol.base import Action, Event, card_actions

# What the core's card step does with each card (protocol.base.Deal): the card in the event and
# in the public record; for a trick's last card its number and winner; the last trick (and,
# with stop_when_decided, every trick) comes back to the deal (``trick_completed``).
CARD_STEPS = {
    every_trick: CardStep(
        PLAY,
        detail_card="card",
        record_list="events",
        record=[("seat", ("seat",)), ("event", "play"), ("card", ("card",))],
        trick_detail=[("trick", "trick"), ("trick_winner", "winner")],
        hook_every_trick=every_trick,
    )
    for every_trick in (False, True)
}


def start(state: KirvesState) -> None:
    """The trump and the sides are fixed and folding is over: the play begins (with the
    eldest's direct lead already on the table, R5.3)."""
    assert state.trump is not None
    rules = rules_table(state.options, int(state.trump))
    sides = _core.kirves_sides(state.roles(), state.num_players)
    playing = [p for p in state.participants if p not in state.folded]
    hands = [
        mask_from_cards(state.hands[p]) if p in playing else 0 for p in range(state.num_players)
    ]
    state.state = _core.PlayState(
        rules,
        hands,
        sides,
        leader=state.leader(),
        active=sum(1 << p for p in playing),
        tricks=0 if all(len(state.hands[p]) == HAND_SIZE for p in playing) else TRICKS,
    )
    state._phase = PLAY
    state._to_move = state.state.to_move
    if state._direct_lead is not None:
        state.state.play(state._direct_lead.id)
        state._to_move = state.state.to_move


def start_from_position(state: KirvesState, setup: dict[str, Any]) -> None:
    """A set-up with final hands, trump and sides: the deal starts at the play (a position)."""
    for seat, cards in enumerate(setup["hands"]):
        state.hands[seat] = [Card.parse(c) for c in cards or []]
    state.trump = Suit.parse(setup["trump"])
    state.kind = setup["kind"]
    if state.kind == NORMAL:
        state.trump_maker = setup["trump_maker"]
    state.folded = list(setup.get("folded") or [])
    state._dealer_decided = True
    start(state)


def legal(state: KirvesState, seat: int) -> list[Action]:
    assert state.state is not None
    return card_actions(state.state.legal_moves())


def apply(state: KirvesState, action: Action, seat: int) -> Event:
    play_state = state.state
    assert play_state is not None and action.card is not None
    if play_state.cards_played == 0 and state.undeclared_paakot():
        state.publish(seat, "void", card=str(action.card))
        scoring.finish(state, VOID)
        return Event(seat, str(action), PLAY, {"outcome": VOID})
    play_state.play(action.card.id)
    detail: dict[str, Any] = {"card": str(action.card)}
    state.publish(seat, "play", card=str(action.card))
    if play_state.trick_len == 0:
        record = play_state.trick_record(play_state.tricks_played - 1)
        detail.update(trick=play_state.tricks_played, trick_winner=record.winner)
        return trick_completed(state, action, seat, detail)
    state._to_move = play_state.to_move
    return Event(seat, str(action), PLAY, detail)


def trick_completed(state: KirvesState, action: Action, seat: int, detail: dict[str, Any]) -> Event:
    """The deal after ``action``'s card completed a trick, ``detail`` its event's detail: the
    end of the play (the last trick, or a decided play with ``stop_when_decided``)."""
    play_state = state.state
    assert play_state is not None
    decided = state.options.stop_when_decided and _core.kirves_decided(play_state)
    if play_state.is_terminal() or decided:
        scoring.finish(state, PLAYED)
    else:
        state._to_move = play_state.to_move
    return Event(seat, str(action), PLAY, detail)


def card_step(state: KirvesState) -> CardStep | None:
    """The core's card step where it may play the next card: in the play, no misdeal call
    beside the cards, and with manual pääköt (where one may be declared, or void the deal,
    before the first card) after the first card."""
    play_state = state.state
    options = state.options
    if state._phase != PLAY or play_state is None or options.misdeal_action_enabled:
        return None
    if play_state.cards_played == 0 and options.paakot_mode == "manual":
        return None
    return CARD_STEPS[options.stop_when_decided]


def dd_table_states(state: KirvesState) -> list[list[tuple[_core.PlayState, int] | None]]:
    """For ``tt.dd_table``: per trump suit (S, H, D, C) and per trump maker (every seat; None
    for a seat not dealt in), the play of the hands as they are now, five cards each and nobody
    folding, the maker alone (side 0) against everyone else, eldest leading."""
    seats = range(state.num_players)
    if any(len(state.hands[p]) != HAND_SIZE for p in state.participants):
        raise IllegalAction(
            "a Kirves table needs five cards in every hand (before the play, after discards)"
        )
    hands = [mask_from_cards(state.hands[p]) if p in state.participants else 0 for p in seats]
    active = sum(1 << p for p in state.participants)
    leader = next(p for p in state.order if p in state.participants)
    rows: list[list[tuple[_core.PlayState, int] | None]] = []
    for suit in Suit:
        rules = rules_table(state.options, int(suit))
        row: list[tuple[_core.PlayState, int] | None] = []
        for maker in seats:
            if maker not in state.participants:
                row.append(None)
                continue
            sides = [0 if p == maker else 1 for p in seats]
            row.append((_core.PlayState(rules, hands, sides, leader, active=active), 0))
        rows.append(row)
    return rows
