"""The position text of an All Fours or Pitch deal at the start of play: written by
``AllFoursDeal.position()``, read by ``AllFoursGame.parse_position()``.

Format: ``dealer=S0 trump=H leader=S1 [pitcher=S0 bid=3] [scores=3,5] S0:<hand> <hand> ...
[| cards and folds played]``, each hand in ``S.H.D.C`` rank notation (``AK.T9.-.Q2``, jokers
after a fifth dot) as held at the start of play.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tricktaker.cards import Card, Suit
from tricktaker.games.allfours.options import AllFoursOptions, parse_seat, seat_name
from tricktaker.notation import format_hand, parse_hand, split_position


@dataclass(frozen=True)
class Position:
    """A position text read: the deal's set-up (``dealer``, ``scores`` and the ``start`` of
    play, as ``AllFoursDeal`` takes it) and the cards and folds played since."""

    setup: dict[str, Any]
    plays: list[str]


def write_position(
    *,
    dealer: int,
    trump: Suit,
    leader: int,
    pitcher: int | None,
    bid: int | None,
    scores_before: Sequence[int],
    start_hands: list[list[Card]],
    moves: list[str],
) -> str:
    """The position text of a deal whose play began with ``start_hands``, with ``moves`` (cards
    and folds, ``play_tokens``) played since."""
    parts = [
        f"dealer={seat_name(dealer)}",
        f"trump={trump.letter}",
        f"leader={seat_name(leader)}",
    ]
    if pitcher is not None:
        parts += [f"pitcher={seat_name(pitcher)}", f"bid={bid}"]
    if any(scores_before):
        parts.append("scores=" + ",".join(str(s) for s in scores_before))
    hands = " ".join(format_hand(sorted(h)) for h in start_hands)
    text = " ".join(parts) + f" S0:{hands}"
    if moves:
        text += " | " + " ".join(moves)
    return text


def play_tokens(log: Sequence[tuple[int, str]]) -> list[str]:
    """The cards and folds of a deal's log: the part of it a position text replays."""
    return [action for _, action in log if _is_play_token(action)]


def _is_play_token(action: str) -> bool:
    if action == "fold":
        return True
    try:
        Card.parse(action)
    except ValueError:
        return False
    return True


def read_position(text: str, options: AllFoursOptions, deck: Sequence[Card]) -> Position:
    """Read a position text for a game with these options and pack; a malformed text, or one
    these options cannot play, raises ``ValueError`` saying what is wrong."""
    o = options
    fields, hands_text, plays = split_position(
        text,
        "S0",
        ("dealer", "trump", "leader", "pitcher", "bid", "scores"),
        ("dealer", "trump", "leader"),
    )
    if len(hands_text) != o.num_players:
        raise ValueError(
            f"malformed position: expected S0: followed by {o.num_players} hands, "
            f"got {len(hands_text)}"
        )
    if o.has_auction != ("pitcher" in fields):
        raise ValueError(
            "malformed position: pitcher= and bid= are required in an auction game "
            "and not allowed otherwise"
        )
    hands = [parse_hand(h) for h in hands_text]
    seen: set[Card] = set()
    for seat, hand in enumerate(hands):
        for card in hand:
            if card not in deck:
                raise ValueError(f"position: {card} is not in this game's pack")
            if card in seen:
                raise ValueError(f"position: {card} is held twice")
            seen.add(card)
        if len(hand) != len(hands[0]) or not hand:
            raise ValueError(f"position: {seat_name(seat)} must hold as many cards as S0")
    num_sides = max(o.sides()) + 1
    scores = [0] * num_sides
    if "scores" in fields:
        try:
            scores = [int(x) for x in fields["scores"].split(",")]
        except ValueError:
            raise ValueError("malformed position: scores= takes whole numbers") from None
        if len(scores) != num_sides:
            raise ValueError(f"malformed position: scores= needs {num_sides} numbers")
    start: dict[str, Any] = {
        "trump": Suit.parse(fields["trump"]).letter,
        "leader": parse_seat(fields["leader"], o.num_players),
        "hands": [[str(c) for c in h] for h in hands],
    }
    if "pitcher" in fields:
        start["pitcher"] = parse_seat(fields["pitcher"], o.num_players)
        try:
            start["bid"] = int(fields.get("bid", ""))
        except ValueError:
            raise ValueError("malformed position: bid= takes a whole number") from None
        low, high = o.bid_range
        if not low <= start["bid"] <= high:
            raise ValueError(f"position: bid must be {low}..{high}")
    setup = {
        "dealer": parse_seat(fields["dealer"], o.num_players),
        "scores": scores,
        "start": start,
    }
    return Position(setup, plays)
