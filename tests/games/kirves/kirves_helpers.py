"""Helpers for the Kirves tests: arranged decks and hands, and simple players."""

from __future__ import annotations

import random
from typing import Any

import tricktaker as tt
from tricktaker import _core
from tricktaker.cards import Card
from tricktaker.games import kirves as K

A, B, C, D, E, F = range(6)

# Natural cards first (low ranks first), then the always-trumps: fillers come from the front,
# so jacks and jokers only go where a test puts them.
NATURALS = [
    Card.make(r, s)
    for r in "23456789TQKA"
    for s in "CDSH"  # clubs and diamonds first: fewer accidental kiellonvaras of hearts
]
ALWAYS = [Card.parse(c) for c in ("JD", "JH", "JS", "JC", "BJ", "RJ")]


def game(n: int = 4, **options: Any) -> K.KirvesGame:
    g = tt.load("kirves", num_players=n, **options)
    assert isinstance(g, K.KirvesGame)
    return g


def cards(text: str) -> list[Card]:
    return [Card.parse(t) for t in text.split()]


def fill_hands(
    n: int,
    given: dict[int, str],
    *,
    exclude: str = "",
    avoid_suits: str = "",
    participants: list[int] | None = None,
) -> list[list[str] | None]:
    """Five cards for every participant: the given ones, then low natural fillers."""
    parts = list(range(n)) if participants is None else participants
    used = {c for text in given.values() for c in cards(text)} | set(cards(exclude))
    pool = [
        c
        for c in NATURALS
        if c not in used and (c.suit is None or c.suit.letter not in avoid_suits)
    ]
    out: list[list[str] | None] = []
    for p in range(n):
        if p not in parts:
            out.append(None)
            continue
        hand = cards(given.get(p, ""))
        while len(hand) < 5:
            hand.append(pool.pop(0))
        out.append([str(c) for c in hand])
    return out


def build_deck(
    order_seats: list[int],
    hands: list[list[str] | None],
    turned: str,
    k: int,
    *,
    bottom: str | None = None,
    cut_jack: str | None = None,
    angel: str | None = None,
) -> list[str]:
    """The deck order (top first) that, cut at k, deals `hands` (eldest first) and turns
    `turned`; with `cut_jack`, the lifted packet's bottom card is that jack and `angel` the card
    above it (angel_card_source = lifted_packet_next)."""
    head = [Card.parse(h[i]) for i in range(5) for h in (hands[s] for s in order_seats) if h]
    head.append(Card.parse(turned))
    chosen = angel if cut_jack else bottom
    jack = {Card.parse(cut_jack)} if cut_jack else set()
    spare = next(c for c in reversed(NATURALS) if c not in head and c not in jack)
    tail = [Card.parse(chosen) if chosen else spare]
    used = set(head) | set(tail) | jack
    size = 53 if cut_jack else 54
    fillers = [c for c in NATURALS + ALWAYS if c not in used]
    stock = head + fillers[: size - len(head) - 1] + tail
    assert len(set(stock)) == size
    stub = 54 - k
    if cut_jack:
        old = stock[stub:] + [Card.parse(cut_jack)] + stock[:stub]
    else:
        old = stock[stub:] + stock[:stub]
    assert len(set(old)) == 54
    return [str(c) for c in old]


def strength(deal: K.KirvesDeal, card: Card) -> tuple[int, int]:
    rules = deal.play_state().rules
    return ((rules.trump_cards >> card.id) & 1, rules.strength(card.id))


def finish(
    deal: tt.Deal,
    *,
    strong: tuple[int, ...] = (),
    rng: random.Random | None = None,
    fold: tuple[int, ...] = (),
) -> None:
    """Play a deal to its end: everybody stays (but `fold`), discards his first allowed card;
    in the play the `strong` seats play their highest legal card, the others their lowest (or a
    random one with `rng`)."""
    assert isinstance(deal, K.KirvesDeal)
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        actions = [a for a in deal.legal_actions() if str(a) not in ("misdeal", "declare")]
        if deal.phase == K.FOLDING:
            want = "fold" if seat in fold else "stay"
            deal.apply(want if any(str(a) == want for a in actions) else "stay")
        elif deal.phase == K.PLAY:
            options = [a.card for a in actions if a.card is not None]
            if seat in strong:
                choice = max(options, key=lambda c: strength(deal, c))
            elif rng is not None:
                choice = rng.choice(options)
            else:
                choice = min(options, key=lambda c: strength(deal, c))
            deal.apply(choice)
        elif deal.phase in (K.DISCARD, K.PAAKOT_ROUND, K.THROW_IN_POLL, K.CHANGE_POLL):
            deal.apply(actions[0])
        else:
            raise AssertionError(f"finish() does not decide phase {deal.phase}")


def legal(deal: tt.StateMachine, seat: int | None = None) -> list[str]:
    return [str(a) for a in deal.legal_actions(seat)]


def core_strength(card: str, trump: int) -> int:
    return int(_core.kirves_trump_strength(Card.parse(card).id, trump))
