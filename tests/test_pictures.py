"""Pictures of deals: ``str(deal)`` as a text diagram, SVG of a hand, a trick and a deal, and
the notebook's ``_repr_svg_`` / ``_repr_html_``."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker.protocol.diagram import picture, text_diagram
from tricktaker.protocol.svg import deal_svg, hand_svg, trick_svg

SVG = "{http://www.w3.org/2000/svg}"
# One game of every family, with the player counts that change the layout (compass or rows).
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("whist", {}),
    ("klaverjas", {}),
    ("kiksas", {}),
    ("trikiksis", {}),
    ("allfours", {}),
    ("pitch", {}),
    ("kirves", {"num_players": 2}),
    ("kirves", {"num_players": 5}),
    ("kirves", {"num_players": 10}),
]


def _deal_in_play(name: str, options: dict[str, Any], seed: int, cards: int) -> tt.Deal:
    """A deal of the game in its card play, ``cards`` cards (at most) into it."""
    rng = random.Random(seed)
    for attempt in range(50):
        deal = tt.load(name, **options).new_deal(seed=seed + attempt)
        while deal.phase != "play" and not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        for _ in range(cards):
            if deal.is_over:
                break
            deal.apply(rng.choice(deal.legal_actions()))
        if not deal.is_over:
            return deal
    raise AssertionError(f"no {name} deal reached its play")


def _held(deal: Any) -> list[list[str]]:
    seats = len(deal.observation(0)["seats"])
    return [[str(c) for c in deal.hand(s)] for s in range(seats)]


def test_the_text_diagram_of_a_whist_ending() -> None:
    deal = tt.load("whist", ranks_per_suit=8).position_from_pbn(
        "N:AK.7.. QJ.8.. T9.9.. 87.T..", trump="S", leader="N"
    )
    deal.apply("AS")
    text = str(deal)
    lines = text.splitlines()
    assert lines[0] == "whist · play · trump ♠ · E to move"
    assert lines[1].strip() == "N" and lines[1].startswith(" ")  # N on top, centred
    assert "♠ K" in lines[2]
    west = next(line for line in lines if line.startswith("W "))
    assert west.split() == ["W", "N", "A♠", "E"]  # W's name, the trick in the middle, E
    assert lines[-5].strip() == "S" and "♠ 10 9" in lines[-4]
    assert repr(deal).startswith("<WhistDeal ") and "\n" not in repr(deal)


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_every_game_draws_every_card_it_holds_within_80_columns(
    name: str, options: dict[str, Any]
) -> None:
    deal = _deal_in_play(name, options, seed=3, cards=3)
    text = str(deal)
    assert max(len(line) for line in text.splitlines()) <= 80, text
    pic = picture(deal)
    assert [[str(c) for c in hand or ()] for hand in pic.hands] == _held(deal)
    # each suit of each hand shows as many ranks as the seat holds cards of the suit
    held = Counter(c.suit for hand in pic.hands for c in hand or () if c.suit is not None)
    shown = Counter()
    for line in text.splitlines()[1:]:
        for part in line.split("  "):
            part = part.strip().lstrip("*").strip()
            for suit in tt.Suit:
                if part.startswith(suit.symbol + " ") and "—" not in part:
                    shown[suit] += len(part.split()) - 1
    for suit in tt.Suit:
        assert shown[suit] >= held[suit]
    # repr() stays one short line
    assert "\n" not in repr(deal)


def _cards_drawn(svg: str) -> list[str]:
    root = ET.fromstring(svg)
    return [g.get("data-card", "") for g in root.iter(f"{SVG}g") if g.get("class") == "card"]


@settings(max_examples=25, deadline=None)
@given(game=st.sampled_from(GAMES), seed=st.integers(0, 10_000), cards=st.integers(0, 6))
def test_the_deal_svg_draws_each_card_once(
    game: tuple[str, dict[str, Any]], seed: int, cards: int
) -> None:
    name, options = game
    deal = _deal_in_play(name, options, seed, cards)
    svg = deal._repr_svg_()
    drawn = _cards_drawn(svg)
    on_table = [c for _, c in deal.observation(0)["trick"]]
    expected = [c for hand in _held(deal) for c in hand] + on_table
    assert sorted(drawn) == sorted(expected)
    root = ET.fromstring(svg)
    assert root.find(f"{SVG}title") is not None
    assert float(root.get("width", "0")) > 0 and float(root.get("height", "0")) > 0
    html = deal._repr_html_()
    assert html.startswith("<div") and svg in html


def test_a_seats_view_shows_the_other_hands_face_down() -> None:
    deal = _deal_in_play("whist", {}, seed=8, cards=2)
    pic = picture(deal, seat=2)
    assert pic.hands[2] is not None and all(pic.hands[s] is None for s in (0, 1, 3))
    svg = deal_svg(pic)
    root = ET.fromstring(svg)
    backs = [r for r in root.iter(f"{SVG}rect") if r.get("class") == "back"]
    assert len(backs) == sum(len(deal.hand(s)) for s in (0, 1, 3))
    assert sorted(_cards_drawn(svg)) == sorted(
        [str(c) for c in deal.hand(2)] + [c for _, c in deal.observation(0)["trick"]]
    )
    assert "(12 cards)" in text_diagram(pic) or "(13 cards)" in text_diagram(pic)


def test_hand_and_trick_svg() -> None:
    hand = tt.parse_cards("AS TH 2D RJ KC")
    svg = hand_svg(hand, label="S")
    # sorted as the diagrams sort: jokers, then spades, hearts, diamonds, clubs
    assert _cards_drawn(svg) == ["RJ", "AS", "TH", "2D", "KC"]
    texts = [t.text for t in ET.fromstring(svg).iter(f"{SVG}text")]
    assert "S" in texts and "10" in texts and "JOKER" in texts
    red = {t.text for t in ET.fromstring(svg).iter(f"{SVG}text") if t.get("fill") == "#c8102e"}
    assert "♥" in red and "♦" in red and "♠" not in red
    trick = trick_svg([("N", tt.Card.parse("QS")), ("E", tt.Card.parse("AS"))])
    assert _cards_drawn(trick) == ["QS", "AS"]
    assert trick_svg([]).startswith("<svg")
