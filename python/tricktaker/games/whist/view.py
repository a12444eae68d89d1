"""The terminal view of Whist for ``tricktaker play whist``: the trump (or no trump), the trick
on the table, the tricks each side has won and the hand sorted by suit, ace first.

Whist is played here one deal at a time (it has no matches), so the view has no standings.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.cards import Card, Rank, Suit
from tricktaker.games.whist import SIDES, WhistResult
from tricktaker.games.whist.teach import explain
from tricktaker.protocol.base import Action, Event, Game, StateMachine
from tricktaker.protocol.view import Lines, TextView, arrange_by_rank_order, pretty_card

__all__ = ["VIEW"]

# Every suit ranks the same way, the trump suit too: ace high, two low.
_ORDER = tuple(sorted(Rank, reverse=True))


def _strain(trump: str) -> str:
    return "no trump" if trump == "NT" else f"trump {Suit.parse(trump).symbol}"


def _hand(cards: Sequence[str]) -> str:
    """A hand by suit, each suit ace first."""
    by_suit: dict[Suit, list[Card]] = {s: [] for s in Suit}
    for text in cards:
        card = Card.parse(text)
        assert card.suit is not None
        by_suit[card.suit].append(card)
    parts = []
    for suit_cards in by_suit.values():
        suit_cards.sort(key=lambda c: _ORDER.index(c.rank) if c.rank in _ORDER else len(_ORDER))
        if suit_cards:
            parts.append(" ".join(c.pretty() for c in suit_cards))
    return "   ".join(parts) or "(no cards)"


def _tricks(obs: Mapping[str, Any]) -> str:
    ns, ew = obs["tricks_won"]
    return f"tricks {SIDES[0]} {ns}, {SIDES[1]} {ew}"


def _name(obs: Mapping[str, Any], seat: int) -> str:
    """A seat's display name (observations name seats by id)."""
    return str(obs["seats"][seat])


def _header(game: Game, obs: Mapping[str, Any], show_hand: bool) -> Lines:
    leader = _name(obs, obs["leader"])
    lines = [f"=== {game.name}: a deal in {_strain(obs['trump'])}, {leader} leads ==="]
    if show_hand:
        lines.append(f"Your hand ({_name(obs, obs['seat'])}): {_hand(obs['hand'])}")
    return lines


def _arrange(obs: Mapping[str, Any], legal: Sequence[Action]) -> list[Action]:
    return arrange_by_rank_order(obs, legal, _ORDER, _ORDER)


def _turn(obs: Mapping[str, Any], legal: Sequence[Action]) -> Lines:
    played = len(obs["tricks"])
    table = "  ".join(f"{_name(obs, s)} {pretty_card(c)}" for s, c in obs["trick"])
    return [
        f"{_strain(obs['trump']).capitalize()} · trick {played + 1} · {_tricks(obs)}",
        f"On the table: {table or '(empty: you lead)'}",
        f"Your hand ({_name(obs, obs['seat'])}): {_hand(obs['hand'])}",
        "Legal: "
        + "  ".join(f"{i}) {a.card.pretty() if a.card else a}" for i, a in enumerate(legal, 1)),
    ]


def _hint(obs: Mapping[str, Any], card: Card) -> str:
    """The one duty of whist, read from the observation (the core decides what is legal)."""
    if not obs["trick"] or card.suit is None:
        return ""
    led = Card.parse(obs["trick"][0][1]).suit
    assert led is not None
    if card.suit != led and any(Card.parse(c).suit == led for c in obs["hand"]):
        return f": you must follow {led.symbol}"
    return ""


def _prompt(obs: Mapping[str, Any]) -> str:
    return f"{_name(obs, obs['seat'])}, your card> "


def _event(deal: StateMachine, event: Event) -> Lines:
    detail = event.detail
    lines = [f"{deal.seat_name(event.seat)} plays {pretty_card(detail['card'])}"]
    if "trick_winner" in detail:
        lines.append(f"  -> trick {detail['trick']} to {deal.seat_name(detail['trick_winner'])}")
    return lines


def _result(result: WhistResult | None) -> Lines:
    if result is None:
        return []
    ns, ew = result.tricks
    if ns == ew:
        outcome = "the sides share the tricks"
    else:
        outcome = f"{SIDES[0] if ns > ew else SIDES[1]} take the most tricks"
    return [f"Deal over: tricks {SIDES[0]} {ns}, {SIDES[1]} {ew}; {outcome}."]


VIEW = TextView(
    rules=explain,
    deal_header=_header,
    arrange=_arrange,
    turn=_turn,
    prompt=_prompt,
    illegal_hint=_hint,
    event=_event,
    deal_result=_result,
)
