"""Pictures of cards as SVG: a hand, a trick, and a whole deal around its table.

The same ``Picture`` as the text diagram (``tricktaker.protocol.diagram``) drawn for the eye:
what a notebook shows for a deal (``Deal._repr_svg_``), or a page embeds. The seats sit round an
ellipse, the first at the top and then clockwise (a compass for four seats); the trick lies in
the middle, each card toward the seat that played it. Hands not shown are face-down backs.

The SVG is built with the standard library's ``xml.etree`` (so text is escaped) and uses only
plain shapes and text: any browser or SVG library renders it.

>>> from tricktaker.cards import parse_cards
>>> svg = hand_svg(parse_cards("AS KH 10D"), label="S")
>>> svg.startswith("<svg") and "K" in svg and "♥" in svg
True
"""

from __future__ import annotations

import math
import xml.etree.ElementTree as ET
from collections.abc import Sequence

from tricktaker.cards import Card, Suit
from tricktaker.protocol.diagram import Picture, hand_by_suit

__all__ = ["CARD_HEIGHT", "CARD_WIDTH", "deal_svg", "hand_svg", "trick_svg"]

CARD_WIDTH = 56
CARD_HEIGHT = 80
STEP = 24  # how far each card of a fanned hand lies from the one before: its corner shows
BACK_STEP = 10  # the step of face-down backs, closer: only their count matters
MARGIN = 16
LABEL = 22  # the height of a seat's name above its hand
FONT = "DejaVu Sans, Segoe UI Symbol, Arial, sans-serif"
RED = "#c8102e"
BLACK = "#1a1a1a"
TABLE_GREEN = "#2e6b3f"
_RED_SUITS = (Suit.HEARTS, Suit.DIAMONDS)


def _colour(card: Card) -> str:
    if card.suit is None:  # the red joker is red
        return RED if str(card) == "RJ" else BLACK
    return RED if card.suit in _RED_SUITS else BLACK


def _corner(card: Card) -> tuple[str, str]:
    """The rank and the suit symbol printed in a card's corner (a joker: a star)."""
    if card.suit is None:
        return "★", ""
    text = card.pretty()
    return text[:-1], text[-1]


def _text(parent: ET.Element, x: float, y: float, text: str, size: int, **attrs: str) -> None:
    node = ET.SubElement(
        parent,
        "text",
        {"x": f"{x:g}", "y": f"{y:g}", "font-size": str(size), "font-family": FONT, **attrs},
    )
    node.text = text


def _card(parent: ET.Element, card: Card, x: float, y: float) -> None:
    group = ET.SubElement(parent, "g", {"class": "card", "data-card": str(card)})
    ET.SubElement(
        group,
        "rect",
        {
            "x": f"{x:g}",
            "y": f"{y:g}",
            "width": str(CARD_WIDTH),
            "height": str(CARD_HEIGHT),
            "rx": "6",
            "fill": "white",
            "stroke": "#555",
            "stroke-width": "1",
        },
    )
    colour = _colour(card)
    rank, symbol = _corner(card)
    _text(group, x + 4, y + 17, rank, 15, fill=colour, **{"font-weight": "bold"})
    _text(group, x + 4, y + 33, symbol, 14, fill=colour)
    centre = "JOKER" if card.suit is None else symbol
    size = 11 if card.suit is None else 30
    _text(
        group,
        x + CARD_WIDTH / 2 + 6,
        y + CARD_HEIGHT / 2 + 18,
        centre,
        size,
        fill=colour,
        **{"text-anchor": "middle"},
    )


def _back(parent: ET.Element, x: float, y: float) -> None:
    ET.SubElement(
        parent,
        "rect",
        {
            "x": f"{x:g}",
            "y": f"{y:g}",
            "width": str(CARD_WIDTH),
            "height": str(CARD_HEIGHT),
            "rx": "6",
            "fill": "#284b8c",
            "stroke": "white",
            "stroke-width": "2",
            "class": "back",
        },
    )


def _sorted_hand(cards: Sequence[Card]) -> list[Card]:
    jokers, suits = hand_by_suit(cards)
    return jokers + [c for group in suits.values() for c in group]


def _fan_width(count: int, step: int = STEP) -> int:
    return CARD_WIDTH + step * max(count - 1, 0)


def _fan(parent: ET.Element, cards: Sequence[Card], x: float, y: float) -> None:
    for i, card in enumerate(_sorted_hand(cards)):
        _card(parent, card, x + i * STEP, y)


def _svg(width: float, height: float, title: str) -> ET.Element:
    root = ET.Element(
        "svg",
        {
            "xmlns": "http://www.w3.org/2000/svg",
            "width": f"{width:g}",
            "height": f"{height:g}",
            "viewBox": f"0 0 {width:g} {height:g}",
            "role": "img",
        },
    )
    ET.SubElement(root, "title").text = title
    return root


def _string(root: ET.Element) -> str:
    return ET.tostring(root, encoding="unicode")


def hand_svg(cards: Sequence[Card], label: str | None = None) -> str:
    """A hand fanned from left to right, by suit and highest first, under an optional label."""
    top = MARGIN + (LABEL if label else 0)
    width = _fan_width(len(cards)) + 2 * MARGIN
    root = _svg(width, top + CARD_HEIGHT + MARGIN, label or "a hand")
    if label:
        _text(root, MARGIN, MARGIN + 14, label, 15, fill=BLACK, **{"font-weight": "bold"})
    _fan(root, cards, MARGIN, top)
    return _string(root)


def trick_svg(trick: Sequence[tuple[str, Card]]) -> str:
    """The cards of a trick in the order played, each under the name of its seat."""
    gap = 10
    width = 2 * MARGIN + len(trick) * (CARD_WIDTH + gap) - (gap if trick else 0)
    root = _svg(max(width, 2 * MARGIN), 2 * MARGIN + LABEL + CARD_HEIGHT, "a trick")
    for i, (seat, card) in enumerate(trick):
        x = MARGIN + i * (CARD_WIDTH + gap)
        _text(
            root, x + CARD_WIDTH / 2, MARGIN + 14, seat, 14, fill=BLACK, **{"text-anchor": "middle"}
        )
        _card(root, card, x, MARGIN + LABEL)
    return _string(root)


def _seat_width(pic: Picture, seat: int) -> int:
    hand = pic.hands[seat]
    if hand is None:
        return _fan_width(pic.sizes[seat], BACK_STEP)
    return _fan_width(len(hand))


def deal_svg(pic: Picture) -> str:
    """A whole deal: every seat's hand round the table, the trick in the middle, the title."""
    n = max(len(pic.seats), 1)
    widest = max((_seat_width(pic, i) for i in range(len(pic.seats))), default=CARD_WIDTH)
    # The ellipse leaves room between the side hands for the trick (two cards and a gap).
    rx: float = widest / 2 + CARD_WIDTH + 40 if n > 2 else 0
    ry: float = CARD_HEIGHT + LABEL + 60 if n > 1 else 0
    # The trick's cards lie this far from the middle, toward their seats.
    trick_rx, trick_ry = 0.75 * CARD_WIDTH, 0.45 * CARD_HEIGHT
    if n > 4:  # more seats round the ellipse: neighbours must not overlap, nor the trick
        rx = max(rx, 1.5 * (widest + 20) * n / (2 * math.pi))
        ry = max(ry, 1.5 * (LABEL + CARD_HEIGHT + 20) * n / (2 * math.pi))
        trick_rx, trick_ry = 1.3 * CARD_WIDTH, 0.8 * CARD_HEIGHT
    width = 2 * rx + widest + 2 * MARGIN
    title_height = 30
    height = 2 * ry + CARD_HEIGHT + LABEL + 2 * MARGIN + title_height
    cx, cy = width / 2, title_height + MARGIN + ry + (LABEL + CARD_HEIGHT) / 2
    root = _svg(width, height, pic.title)
    ET.SubElement(
        root,
        "rect",
        {"x": "0", "y": "0", "width": f"{width:g}", "height": f"{height:g}", "fill": TABLE_GREEN},
    )
    _text(root, MARGIN, 24, pic.title, 16, fill="white", **{"font-weight": "bold"})
    angles = [-math.pi / 2 + 2 * math.pi * i / n for i in range(len(pic.seats))]
    for seat, name in enumerate(pic.seats):
        x = cx + rx * math.cos(angles[seat])
        y = cy + ry * math.sin(angles[seat])
        hand_width = _seat_width(pic, seat)
        left = x - hand_width / 2
        top = y - (LABEL + CARD_HEIGHT) / 2
        moving = seat == pic.to_move
        label = f"{name} ▸ to move" if moving else name
        colour = "#ffd24a" if moving else "white"
        _text(root, left, top + 15, label, 15, fill=colour, **{"font-weight": "bold"})
        hand = pic.hands[seat]
        if hand is None:
            for i in range(pic.sizes[seat]):
                _back(root, left + i * BACK_STEP, top + LABEL)
        else:
            _fan(root, hand, left, top + LABEL)
    for seat, card in pic.trick:
        angle = angles[seat] if 0 <= seat < len(angles) else 0.0
        x = cx + trick_rx * math.cos(angle) - CARD_WIDTH / 2
        y = cy + trick_ry * math.sin(angle) - CARD_HEIGHT / 2
        _card(root, card, x, y)
    return _string(root)
