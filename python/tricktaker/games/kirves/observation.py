"""What a seat may know of a Kirves deal (R3.14): the hands, the completed tricks, and a
seat's observation."""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, cards_from_mask
from tricktaker.games.kirves.options import SEAT_NAMES, seat_index
from tricktaker.games.kirves.state import KirvesState
from tricktaker.protocol.base import Action, trick_log


def hand(state: KirvesState, seat: int | str) -> list[Card]:
    """The cards a seat holds now (all-knowing; observations show only one's own)."""
    s = seat_index(seat, state.num_players)
    if state.state is not None and s not in state.folded and s in state.participants:
        return cards_from_mask(state.state.hand(s))
    return sorted(state.hands[s])


def known_hand(state: KirvesState, seat: int) -> list[Card] | None:
    """What a seat knows of its own hand: before deciding on an ace or a 2 the dealer has seen
    only the cards he peeked at (R3.6)."""
    if seat not in state.participants:
        return []
    if seat == state.dealer and not state._dealer_decided:
        return sorted(state.peeked)
    return hand(state, seat)


def completed_tricks(state: KirvesState) -> list[dict[str, Any]]:
    if state.state is None:
        return []
    return trick_log(state.state, SEAT_NAMES, points=False)


def observation(state: KirvesState, seat: int | str, legal: list[Action]) -> dict[str, Any]:
    """Only what ``seat`` may know (R3.14): its own hand, peeked and discarded cards, and the
    public record; ``legal`` are the seat's legal actions. Other hands, discards, peeked cards
    and a dealt angel card are never included."""
    s = seat_index(seat, state.num_players)
    names = SEAT_NAMES
    current = []
    tricks_won = [0] * state.num_players
    if state.state is not None:
        current = [[names[p], _core.card_to_string(c)] for p, c in state.state.trick()]
        tricks_won = [state.state.tricks_won(p) for p in range(state.num_players)]
    hand_sizes = {}
    for p in state.participants:
        hand_sizes[names[p]] = 0 if p in state.folded else len(hand(state, p))
    known = known_hand(state, s)
    private: dict[str, Any] = {
        "hand": None if known is None else [str(c) for c in known],
        "hand_hidden": s == state.dealer and not state._dealer_decided,
        "peeked": [str(c) for c in state.peeked] if s == state.dealer else [],
        "discarded": None if state.discarded[s] is None else str(state.discarded[s]),
    }
    if s == state.eldest and state._angel_private is not None:
        private["angel_card"] = str(state._angel_private)
    return {
        "game": "kirves",
        "seat": names[s],
        "num_players": state.num_players,
        "phase": state._phase,
        "to_move": None if state._to_move is None else names[state._to_move],
        "dealer": names[state.dealer],
        "cutter": names[state.cutter],
        "eldest": names[state.eldest],
        "participants": [names[p] for p in state.participants],
        "marks_before": list(state.marks_before),
        "cut_marks": list(state.cut_marks),
        "cut": {
            "examined": state.examined_cut,
            "packet": state.cut_packet,
            "bottom_card": None if state.cut_shown is None else str(state.cut_shown),
            "angel_card": None if state.angel_card is None else str(state.angel_card),
            "saving_angels": [[str(a), str(b)] for a, b in state.saving_angels],
            "cut_jack": None if state.cut_jack is None else str(state.cut_jack),
        },
        "turned_card": None if state.turned_card is None else str(state.turned_card),
        "turned_taken": state.turned_taken,
        "trump": state.trump_letter(),
        "kind": state.kind,
        "trump_maker": None if state.trump_maker is None else names[state.trump_maker],
        "calls": [[names[p], c] for p, c in state.calls],
        "folded": [names[p] for p in state.folded],
        "hand_sizes": hand_sizes,
        "trick": current,
        "tricks": completed_tricks(state),
        "tricks_won": tricks_won,
        "events": [dict(e) for e in state.events],
        "legal_actions": [str(a) for a in legal],
        "result": None if state._result is None else state._result.to_dict(),
        **private,
    }
