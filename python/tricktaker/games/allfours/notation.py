"""The position text of an All Fours or Pitch deal at the start of play: written by
``AllFoursDeal.position()``, read by ``AllFoursGame.parse_position()``.

Format: ``dealer=S0 trump=H leader=S1 [pitcher=S0 bid=3] [scores=3,5] S0:<hand> <hand> ...
[| cards and folds played]``, each hand in ``S.H.D.C`` rank notation (``AK.T9.-.Q2``, jokers
after a fifth dot) as held at the start of play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tricktaker.cards import Card, Suit, parse_card_list
from tricktaker.errors import Error
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
    these options cannot play, raises ``tt.Error`` saying what is wrong. The fields go through
    ``check_start_setup``, as a JSON set-up does."""
    o = options
    fields, hands_text, plays = split_position(
        text,
        "S0",
        ("dealer", "trump", "leader", "pitcher", "bid", "scores"),
        ("dealer", "trump", "leader"),
    )
    if len(hands_text) != o.num_players:
        raise Error(
            f"malformed position: expected S0: followed by {o.num_players} hands, "
            f"got {len(hands_text)}"
        )
    start: dict[str, Any] = {
        "trump": fields["trump"],
        "leader": fields["leader"],
        "hands": [parse_hand(h) for h in hands_text],
    }
    if "pitcher" in fields:
        start["pitcher"] = fields["pitcher"]
        try:
            start["bid"] = int(fields.get("bid", ""))
        except ValueError:
            raise Error("malformed position: bid= takes a whole number") from None
    scores: Any = None
    if "scores" in fields:
        try:
            scores = [int(x) for x in fields["scores"].split(",")]
        except ValueError:
            raise Error("malformed position: scores= takes whole numbers") from None
    raw = {"dealer": fields["dealer"], "scores": scores, "start": start}
    setup = check_start_setup(raw, o, deck)
    return Position(setup, plays)


# Scores larger than this are no game's: a set-up holding one is a forged document.
MAX_SCORE = 10**6


def check_start_setup(
    setup: Mapping[str, Any], options: AllFoursOptions, deck: Sequence[Card]
) -> dict[str, Any]:
    """The set-up of a deal that starts at the play (a position), checked and in the form
    ``AllFoursDeal`` takes: ``dealer``, ``scores`` (one whole number per side, default all 0)
    and ``start`` (``trump``, ``leader``, ``hands`` and, in an auction game, ``pitcher`` and
    ``bid``). The one path of a position text and of a JSON set-up with ``start``; a fault
    raises ``tt.Error`` naming it."""
    o = options
    start = setup.get("start")
    if not isinstance(start, Mapping):
        raise Error(f"start: expected an object with trump, leader and hands, got {start!r:.60}")
    for key in ("trump", "leader", "hands"):
        if key not in start:
            raise Error(f"start: {key} is missing")
    if o.has_auction != (start.get("pitcher") is not None):
        raise Error(
            "malformed position: pitcher= and bid= are required in an auction game "
            "and not allowed otherwise"
        )
    hands = _check_hands(start["hands"], o.num_players, deck)
    clean: dict[str, Any] = {
        "trump": Suit.parse(start["trump"]).letter,
        "leader": parse_seat(start["leader"], o.num_players),
        "hands": [[str(c) for c in h] for h in hands],
    }
    if o.has_auction:
        clean["pitcher"] = parse_seat(start["pitcher"], o.num_players)
        bid: Any = start.get("bid")
        low, high = o.bid_range
        if not _is_whole(bid) or not low <= bid <= high:
            raise Error(f"position: bid must be {low}..{high}, got {bid!r:.40}")
        clean["bid"] = bid
    return {
        "dealer": parse_seat(setup.get("dealer"), o.num_players),
        "scores": check_scores(setup.get("scores"), o),
        "start": clean,
    }


def check_scores(scores: Any, options: AllFoursOptions) -> list[int]:
    """The sides' scores before a deal: one whole number per side (None: all 0), and below the
    target where reaching it would have ended the game already (T17, PV3)."""
    num_sides = max(options.sides()) + 1
    if scores is None:
        return [0] * num_sides
    if not isinstance(scores, (list, tuple)) or len(scores) != num_sides:
        raise Error(f"scores: need {num_sides} whole numbers, one per side")
    if not all(_is_whole(s) and abs(s) <= MAX_SCORE for s in scores):
        raise Error(
            f"scores: need {num_sides} whole numbers, one per side, "
            f"each within -{MAX_SCORE}..{MAX_SCORE}"
        )
    if options.win_check != "bidder_made_only" and max(scores) >= options.target:
        raise Error(
            f"scores: a side with {max(scores)} has reached the target {options.target}; "
            "the game would be over"
        )
    return list(scores)


def _check_hands(hands: Any, num_players: int, deck: Sequence[Card]) -> list[list[Card]]:
    """The start hands: one per seat, as many cards each (at least one), from the pack, no card
    twice."""
    if not isinstance(hands, (list, tuple)) or len(hands) != num_players:
        raise Error(f"malformed position: expected {num_players} hands, one per seat")
    parsed = [parse_card_list(h) for h in hands]
    seen: set[Card] = set()
    for seat, hand in enumerate(parsed):
        for card in hand:
            if card not in deck:
                raise Error(f"position: {card} is not in this game's pack")
            if card in seen:
                raise Error(f"position: {card} is held twice")
            seen.add(card)
        if not hand:
            raise Error(f"position: {seat_name(seat)} holds no card; a position is before the end")
        if len(hand) != len(parsed[0]):
            raise Error(f"position: {seat_name(seat)} must hold as many cards as S0")
    return parsed


def _is_whole(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)
