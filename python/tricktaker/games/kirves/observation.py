"""What a seat may know of a Kirves deal (R3.14): the hands, the completed tricks, and a
seat's observation, in the common form of every game (``tricktaker.protocol.schema``; the
family's ``schema.py`` describes its own fields): every seat as its id, every per-seat list by
seat id, the sides as ``tt.solve`` names them."""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, cards_from_mask
from tricktaker.games.kirves.options import SEAT_NAMES, seat_index
from tricktaker.games.kirves.result import sides_json
from tricktaker.games.kirves.state import KirvesState
from tricktaker.protocol.base import Action


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
    """The completed tricks: leader, ``[seat, card]`` in play order and winner, seats by id
    (Kirves counts tricks, not card points)."""
    if state.state is None:
        return []
    history = state.state.history()
    out: list[dict[str, Any]] = []
    for record in state.state.trick_records():
        cards = history[record.first : record.first + record.size]
        out.append(
            {
                "leader": record.leader,
                "cards": [[p, _core.card_to_string(c)] for p, c in cards],
                "winner": record.winner,
            }
        )
    return out


def observation(state: KirvesState, seat: int | str, legal: list[Action]) -> dict[str, Any]:
    """Only what ``seat`` (an id or a letter) may know (R3.14): its own hand, peeked and
    discarded cards, and the public record; ``legal`` are the seat's legal actions. Other
    hands, discards, peeked cards and a dealt angel card are never included."""
    n = state.num_players
    s = seat_index(seat, n)
    current: list[list[Any]] = []
    tricks_won = [0] * n
    if state.state is not None:
        current = [[p, _core.card_to_string(c)] for p, c in state.state.trick()]
        tricks_won = [state.state.tricks_won(p) for p in range(n)]
    # A seat out of the deal or folded holds no cards that can still be played.
    hand_sizes = [
        len(hand(state, p)) if p in state.participants and p not in state.folded else 0
        for p in range(n)
    ]
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
        "seat": s,
        "seats": list(SEAT_NAMES[:n]),
        "sides": sides_json(state.sides()),
        "num_players": n,
        "phase": state._phase,
        "to_move": state._to_move,
        "dealer": state.dealer,
        "cutter": state.cutter,
        "eldest": state.eldest,
        "participants": list(state.participants),
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
        "trump_maker": state.trump_maker,
        "calls": [[p, c] for p, c in state.calls],
        "folded": list(state.folded),
        "hand_sizes": hand_sizes,
        "trick": current,
        "tricks": completed_tricks(state),
        "tricks_won": tricks_won,
        "events": [dict(e) for e in state.events],
        "legal_actions": [str(a) for a in legal],
        "result": None if state._result is None else state._result.to_dict(),
        **private,
    }
