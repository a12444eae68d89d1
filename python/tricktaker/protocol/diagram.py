"""The picture of a deal, as text: every hand by suit, the trick on the table and the trump.

``picture(deal)`` reads what any deal offers (its seats' observations, ``seat_name``,
``to_move``, ``phase`` and, for the hands of every seat, ``hand(seat)``) into a ``Picture``;
``text_diagram(picture)`` draws it. Four seats sit as a compass (the first at the top, then
clockwise), any other number one seat a line. Nothing here knows a game: the seats, the trick
and the trump come from the observations, whose keys every game shares (``seats``, ``hand``,
``trick``, ``trump``, ``hand_sizes``). ``tricktaker.protocol.svg`` draws the same picture.

>>> import tricktaker as tt
>>> deal = tt.load("whist", ranks_per_suit=8).position_from_pbn(
...     "N:AK.7.. QJ.8.. T9.9.. 87.T..", trump="S", leader="N")
>>> print(deal)
whist · play · trump ♠ · N to move
        N
        ♠ A K
        ♥ 7
        ♦ —
        ♣ —
W                   E
♠ 8 7               ♠ Q J
♥ 10                ♥ 8
♦ —                 ♦ —
♣ —                 ♣ —
        S
        ♠ 10 9
        ♥ 9
        ♦ —
        ♣ —
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from tricktaker.cards import Card, Rank, Suit

__all__ = ["Picture", "Pictured", "hand_by_suit", "picture", "suit_line", "text_diagram"]

# The compass places of four seats, the first at the top, then clockwise.
COMPASS = ("top", "right", "bottom", "left")
# The least width of the compass's middle column (the table, where the trick lies).
_TABLE = 12


class Pictured(Protocol):
    """What a picture is drawn from: any deal or position of the package."""

    @property
    def phase(self) -> str: ...

    @property
    def to_move(self) -> int | None: ...

    def observation(self, seat: int) -> dict[str, Any]: ...

    def seat_name(self, seat: int) -> str: ...


@dataclass(frozen=True)
class Picture:
    """A deal as it is drawn: a title, each seat's name and cards, the trick on the table.

    ``hands[i]`` is None where the seat's cards are not shown (another seat's, in a seat's own
    view); ``sizes[i]`` is then how many it holds.
    """

    title: str
    seats: tuple[str, ...]
    hands: tuple[tuple[Card, ...] | None, ...]
    sizes: tuple[int, ...]
    trick: tuple[tuple[int, Card], ...]
    trump: Suit | None
    to_move: int | None


def _trump(value: Any) -> Suit | None:
    if not isinstance(value, str):
        return None
    try:
        return Suit.parse(value)
    except ValueError:  # "NT", or a game's word for no trump
        return None


def _known_hand(deal: Any, seat: int, obs: Mapping[str, Any], open_hands: bool) -> Any:
    """The seat's cards: every seat's of an open picture (the deal's ``hand(seat)`` where it
    has one), else what the seat's observation shows (None where hidden)."""
    holder = getattr(deal, "hand", None)
    if open_hands and callable(holder):
        return holder(seat)
    return obs.get("hand")


def picture(deal: Pictured, seat: int | None = None) -> Picture:
    """The picture of a deal: every hand (``seat`` None) or only what ``seat`` sees."""
    first = deal.observation(0 if seat is None else seat)
    names = tuple(str(n) for n in first.get("seats", []))
    if not names:
        sizes = first.get("hand_sizes") or []
        names = tuple(deal.seat_name(i) for i in range(len(sizes)))
    hands: list[tuple[Card, ...] | None] = []
    sizes_out: list[int] = []
    counts = first.get("hand_sizes") or [0] * len(names)
    for i in range(len(names)):
        if seat is None or i == seat:
            obs = first if i == (seat or 0) else deal.observation(i)
            cards = _known_hand(deal, i, obs, seat is None)
        else:
            cards = None
        if cards is None:
            hands.append(None)
            sizes_out.append(int(counts[i]) if i < len(counts) else 0)
        else:
            parsed = tuple(Card.parse(c) if isinstance(c, str) else c for c in cards)
            hands.append(parsed)
            sizes_out.append(len(parsed))
    trick = tuple((int(s), Card.parse(c)) for s, c in first.get("trick") or [])
    trump = _trump(first.get("trump"))
    game = getattr(getattr(deal, "game", None), "name", None) or str(first.get("game", "deal"))
    parts = [game, deal.phase.replace("_", " ")]
    if isinstance(first.get("trump"), str):
        parts.append(f"trump {trump.symbol}" if trump is not None else "no trump")
    mover = deal.to_move
    if mover is not None and 0 <= mover < len(names):
        parts.append(f"{names[mover]} to move")
    return Picture(
        title=" · ".join(parts),
        seats=names,
        hands=tuple(hands),
        sizes=tuple(sizes_out),
        trick=trick,
        trump=trump,
        to_move=mover if mover is not None and 0 <= mover < len(names) else None,
    )


def _rank_text(card: Card) -> str:
    return card.pretty()[:-1] if card.suit is not None else card.pretty()


def hand_by_suit(cards: Sequence[Card]) -> tuple[list[Card], dict[Suit, list[Card]]]:
    """A hand's jokers, and its cards of each suit highest first (natural rank order: the
    picture does not rank a game's trumps)."""
    jokers = [c for c in cards if c.suit is None]
    suits: dict[Suit, list[Card]] = {s: [] for s in Suit}
    for card in cards:
        if card.suit is not None:
            suits[card.suit].append(card)
    for group in suits.values():
        group.sort(key=lambda c: c.rank if c.rank is not None else Rank.TWO, reverse=True)
    return jokers, suits


def suit_line(suit: Suit, cards: Sequence[Card]) -> str:
    """``♠ A K 10``, or ``♠ —`` for a void."""
    return f"{suit.symbol} " + (" ".join(_rank_text(c) for c in cards) or "—")


def _hand_lines(hand: tuple[Card, ...] | None, size: int, voids: bool = True) -> list[str]:
    """A hand a suit a line (a line of jokers first); ``voids`` shows a void suit as ``—``."""
    if hand is None:
        return [f"({size} card{'s' * (size != 1)})"]
    jokers, suits = hand_by_suit(hand)
    lines = [" ".join(c.pretty() for c in jokers)] if jokers else []
    lines += [suit_line(s, cards) for s, cards in suits.items() if cards or voids]
    return lines or ["(no cards)"]


def _trick_lines(pic: Picture) -> list[str]:
    return [f"{pic.seats[s]} {c.pretty()}" for s, c in pic.trick]


def _compass(pic: Picture) -> list[str]:
    top, right, bottom, left = (
        [pic.seats[i], *_hand_lines(pic.hands[i], pic.sizes[i])] for i in range(4)
    )
    middle = _trick_lines(pic)
    # the west column as wide as its longest line, the table as wide as the trick needs
    west_width = max(len(text) for text in left) + 3
    table_width = max([_TABLE, *(len(text) + 2 for text in middle)])
    lines = [" " * west_width + text for text in top]
    for row in range(max(len(left), len(right), len(middle))):
        west = left[row] if row < len(left) else ""
        table = middle[row] if row < len(middle) else ""
        east = right[row] if row < len(right) else ""
        lines.append(f"{west:<{west_width}}{table:<{table_width}}{east}".rstrip())
    lines += [" " * west_width + text for text in bottom]
    return lines


def _rows(pic: Picture) -> list[str]:
    width = max(len(n) for n in pic.seats)
    lines = []
    for i, name in enumerate(pic.seats):
        marker = "*" if i == pic.to_move else " "
        cards = "  ".join(line for line in _hand_lines(pic.hands[i], pic.sizes[i], voids=False))
        lines.append(f"{marker}{name:<{width}}  {cards}")
    if pic.trick:
        lines.append("On the table: " + "  ".join(_trick_lines(pic)))
    return lines


def text_diagram(pic: Picture) -> str:
    """The picture as text, at most 80 columns wide for the hands of every game."""
    body = _compass(pic) if len(pic.seats) == 4 else _rows(pic)
    return "\n".join([pic.title, *body])
