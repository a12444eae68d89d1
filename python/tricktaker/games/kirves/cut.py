"""The cut (R2) of a Kirves deal and the dealing (R3.1-R3.3) it leads to: the ``cut`` phase,
with its saving angels and cut jack; or hands given as dealt, which skip it."""

from __future__ import annotations

import functools
from typing import Any

from tricktaker.cards import Card
from tricktaker.games.kirves import turned_card
from tricktaker.games.kirves.state import CUT, HAND_SIZE, KirvesState, is_always_trump
from tricktaker.protocol.base import Action, Event


def legal(state: KirvesState, seat: int) -> list[Action]:
    options = state.options
    return list(_cut_calls(options.cut_min_packet, options.cut_max_packet))


@functools.lru_cache(maxsize=64)
def _cut_calls(lo: int, hi: int) -> tuple[Action, ...]:
    """The cut's calls for packets of ``lo`` to ``hi`` cards: the same at every cut, made once
    (each ``Action`` made anew cost more than the rest of the cut)."""
    return tuple(Action.call(f"cut:{k}") for k in range(lo, hi + 1))


def apply(state: KirvesState, action: Action, seat: int) -> Event:
    k = int(action.name.split(":", 1)[1])
    order = state._deck
    state.cut_packet = k
    detail: dict[str, Any] = {"packet": k}
    if not state.examined_cut:
        state.cut_shown = None
        state.publish(seat, "cut", packet=k, examined=False)
        _deal(state, order[k:] + order[:k])
        detail["examined"] = False
        return Event(seat, str(action), CUT, detail)
    bottom = order[k - 1]
    state.cut_shown = bottom
    detail["bottom_card"] = str(bottom)
    if not is_always_trump(bottom):
        state.publish(seat, "cut", packet=k, bottom_card=str(bottom))
        _deal(state, order[k:] + order[:k])
        return Event(seat, str(action), CUT, detail)
    lifted_next = state.options.angel_card_source == "lifted_packet_next"
    angel = order[k - 2] if lifted_next else order[k]
    if is_always_trump(angel):
        # R2.5a: a saving angel; the dealer shuffles again and the same cutter cuts.
        state.saving_angels.append((bottom, angel))
        state.publish(seat, "saving_angel", packet=k, bottom_card=str(bottom), angel=str(angel))
        detail.update(angel=str(angel), saving_angel=True)
        state._shuffles += 1
        state._deck = state._shuffled(state._shuffles)
        state.cut_shown = None
        return Event(seat, str(action), CUT, detail)
    # R2.5b: a valid cut jack.
    state.cut_jack = bottom
    if lifted_next:
        state.angel_card = angel
        detail["angel"] = str(angel)
    else:
        state._angel_private = angel
    state.hands[state.cutter].append(bottom)
    _give_cut_marks(state)
    detail.update(cut_jack=str(bottom), cut_marks=list(state.cut_marks))
    state.publish(
        seat,
        "cut_jack",
        packet=k,
        cut_jack=str(bottom),
        angel=None if state.angel_card is None else str(state.angel_card),
        cut_marks=list(state.cut_marks),
    )
    _deal(state, order[k:] + order[: k - 1])
    return Event(seat, str(action), CUT, detail)


def deal_given_hands(state: KirvesState, setup: dict[str, Any]) -> None:
    """A set-up with the dealt hands and the turned card (and perhaps the cut jack): the deal
    starts at the turned card (R3.4-R3.8)."""
    for seat, cards in enumerate(setup["hands"]):
        state.hands[seat] = [Card.parse(c) for c in cards or []]
    if setup.get("cut_jack") is not None:
        state.cut_jack = Card.parse(setup["cut_jack"])
        state.hands[state.cutter].append(state.cut_jack)
        _give_cut_marks(state)
    state.turned_card = Card.parse(setup["turned"])
    turned_card.reveal(state)


def _give_cut_marks(state: KirvesState) -> None:
    """R2.5b: a cut jack gives a mark to every participant but the cutter and the dealer."""
    for p in state.participants:
        if p not in (state.cutter, state.dealer):
            state.cut_marks[p] = 1


def _deal(state: KirvesState, stock: list[Card]) -> None:
    """R3.1: five cards to each participant, one at a time from the eldest; the next card of
    the stock is turned."""
    pos = 0
    for _ in range(HAND_SIZE):
        for seat in state.order:
            state.hands[seat].insert(len(state.hands[seat]) - _extra(state, seat), stock[pos])
            pos += 1
    state.turned_card = stock[pos]
    turned_card.reveal(state)


def _extra(state: KirvesState, seat: int) -> int:
    """The cut jack stays after the dealt cards in the cutter's list."""
    return 1 if state.cut_jack is not None and seat == state.cutter else 0
