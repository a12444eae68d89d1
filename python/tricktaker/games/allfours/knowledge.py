"""What an All Fours or Pitch seat knows about where the cards are, and a deal rebuilt around a
sample (the family's ``KNOWLEDGE``, for ``tricktaker.sample_deals`` and ``DealSamples.deal``).

A seat knows its own hand, every card played, and what the plays prove (a card is excluded from
a hand when holding it would have made one of that seat's plays illegal: a trump lead not made,
a suit not followed, ...). Besides: turned-up and folded cards (public), the stock and every
discard pile (hidden); under ``begging = eldest_or_trumpless_opponent`` who was asked to beg
(trumpless) and who was skipped (holding a trump), among the first cards dealt.

The rebuilt deal is dealt from a deck order that gives every seat its sampled cards: the first
deal, the run packets, the widow and the exchange draws, each seat's first cards agreeing with
its beg fact; then the real deal's actions are replayed, the other seats' discards replaced by
sampled ones.
"""

from __future__ import annotations

from collections.abc import Callable
from math import comb
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Suit, cards_from_mask, mask_from_cards
from tricktaker.games.allfours.deal import deal_order, rules_for
from tricktaker.games.allfours.options import parse_seat, seat_name
from tricktaker.protocol.base import Deal
from tricktaker.protocol.knowledge import (
    FamilyKnowledge,
    Knowledge,
    KnowledgeBuilder,
    KnowledgeHook,
    cards_played_by,
    first_with,
    mask_played,
    mask_played_by,
    popcount,
    shuffled,
)

__all__ = ["KNOWLEDGE", "beg_roles"]


# --- what a seat knows ------------------------------------------------------------------------


def _seat_of(deal: Any, seat: int | str) -> int:
    return parse_seat(seat, deal.n)


def _knowledge(deal: Any, seat: int) -> Knowledge:
    o = deal.options
    n = deal.n
    state = deal.state
    b = KnowledgeBuilder(o.deck_mask, n, seat)
    gone = mask_played(state) | mask_from_cards(deal.turned)
    if state is not None:
        for _, _, cards in state.folds():
            gone |= cards
    b.gone = gone
    locs = []
    for p in range(n):
        known = mask_from_cards(deal.hands[p]) if p == seat else 0
        locs.append(b.hand(p, f"hand:{seat_name(p)}", len(deal.hands[p]), known))
    if state is None:
        b.play_location = [-1] * n
    for p in range(n):
        if deal.discards[p]:
            known = mask_from_cards(deal.discards[p]) if p == seat else 0
            b.add(f"discard:{seat_name(p)}", len(deal.discards[p]), known)
    b.add("stock", len(deal.stock))
    if deal.turned:
        _beg_constraints(deal, b, locs, rules_for(o, _suit(deal.turned[0])).trump_cards)
    if state is not None:
        b.apply_play_facts(state)
    return b.finish(state)


def _suit(card: Card) -> Suit:
    assert card.suit is not None
    return card.suit


def beg_roles(deal: Any) -> dict[int, str]:
    """V3 (``begging = eldest_or_trumpless_opponent``): after the eldest stands, only trumpless
    eligible players are asked to beg, in turn, until one begs. Those asked held no card of the
    turned suit among their first cards (``"trumpless"``); those passed over before the last one
    asked, or all of them once everyone asked has stood, held one (``"holder"``)."""
    o = deal.options
    if o.begging != "eldest_or_trumpless_opponent" or not deal.turned:
        return {}
    calls = [(p, c) for p, c in deal.calls if c in ("stand", "beg")]
    if deal.phase == "beg" and not calls:
        return {}
    if not calls or calls[0] != (deal.eldest, "stand"):
        return {}
    dealer_side = deal.side_of(deal.dealer)
    run_only = o.dealer_side_may_beg == "run_only"
    eligible = [
        s
        for s in ((deal.eldest + k) % deal.n for k in range(1, deal.n))
        if s != deal.dealer and (deal.side_of(s) != dealer_side or run_only)
    ]
    asked = [p for p, _ in calls[1:]]
    if deal.phase == "beg" and deal.to_move is not None and deal.to_move != deal.eldest:
        asked.append(deal.to_move)
    exhausted = deal.phase != "beg" and all(c == "stand" for _, c in calls)
    last = eligible.index(asked[-1]) if asked else -1
    roles: dict[int, str] = {}
    for i, s in enumerate(eligible):
        if s in asked:
            roles[s] = "trumpless"
        elif i < last or exhausted:
            roles[s] = "holder"
    return roles


def _beg_weight(role: str, ever: int, dealt: int) -> Callable[[int], float]:
    """The orders of ``ever`` cards, t of them trumps, whose first ``dealt`` agree with a role."""
    if role == "trumpless":
        return lambda t: float(comb(ever - t, dealt))
    return lambda t: float(comb(ever, dealt) - comb(ever - t, dealt))


def _beg_constraints(deal: Any, b: KnowledgeBuilder, locs: list[int], trumps: int) -> None:
    """Weigh each asked or passed-over seat by the orders of its cards that agree with its beg
    fact among the first ``deal_size`` cards dealt (runs may have added cards since)."""
    dealt = deal.options.deal_size
    state = deal.state
    for s, role in beg_roles(deal).items():
        ever = len(deal.hands[s]) + popcount(mask_played_by(state, s))
        played = mask_played_by(state, s) & trumps
        if state is not None:
            ever += popcount(state.folded_cards(s))
            played |= state.folded_cards(s) & trumps
        b.constrain([locs[s]], trumps, _beg_weight(role, ever, dealt), extra=popcount(played))


# --- the deal rebuilt around a sample --------------------------------------------------------


def _rebuild(deal: Any, info: Knowledge, row: list[int], rng: _core.Rng) -> Deal:
    o = deal.options
    n = deal.n
    seat = info.seat
    state = deal.state
    setup = dict(deal._setup)
    if "start" in setup:
        start = dict(setup["start"])
        start["hands"] = [
            [
                str(c)
                for c in cards_from_mask(row[info.hand_location[p]]) + cards_played_by(state, p)
            ]
            for p in range(n)
        ]
        setup["start"] = start
        new: Deal = deal.game._deal_from_setup(setup)
        new.replay(deal.log)
        return new

    phases = _phases(deal)
    # Each seat's cards: current hand, played, folded, discarded.
    discard: list[list[Card]] = [[] for _ in range(n)]
    ever: list[list[Card]] = []
    for p in range(n):
        cards = cards_from_mask(row[info.hand_location[p]]) + cards_played_by(state, p)
        if state is not None:
            cards += cards_from_mask(state.folded_cards(p))
        name = f"discard:{seat_name(p)}"
        if name in info.names:
            discard[p] = cards_from_mask(row[info.location(name)])
        ever.append(cards + discard[p])
    original = [Card.parse(c) for c in setup["deck"]]
    positions = deal_order(n, deal.dealer, o.deal_size, o.deal_packet_size)
    # Per seat: the initial cards, the run packets, the widow, the exchange draws.
    exchange_out = [0] * n
    for (p, action), phase in zip(deal.log, phases, strict=True):
        if action.startswith("discard:") and phase == "exchange":
            exchange_out[p] += 1
    widow = 0
    if deal.widow_taker is not None:
        widow = len(original) - len(positions) - len(deal.turned)
    initial: list[list[Card]] = []
    runs: list[list[list[Card]]] = []
    draws: list[list[Card]] = []
    widows: list[list[Card]] = []
    new_discards: list[list[Card]] = []
    proposed = rules_for(o, _suit(deal.turned[0])).trump_cards if deal.turned else 0
    beg_facts = _beg_facts(deal, proposed)
    for p in range(n):
        if p == seat:
            parts = _own_parts(deal, p, original, positions, phases)
            initial.append(parts[0])
            runs.append(parts[1])
            widows.append(parts[2])
            draws.append(parts[3])
            new_discards.append(parts[4])
            continue
        pool = shuffled(ever[p], rng)
        # Exchange discards come from the cards held before drawing; draws are the rest.
        out_cards = shuffled(discard[p], rng)[: exchange_out[p]]
        drawable = [c for c in pool if c not in out_cards]
        drawn = drawable[: deal.exchanged[p]]
        before = [c for c in pool if c not in drawn]
        if p == deal.widow_taker:
            widows.append(before[len(before) - widow :])
            before = before[: len(before) - widow]
        else:
            widows.append([])
        fact, trumps = beg_facts.get(p, ("", 0))
        before = _order_initial(before, o.deal_size, fact, trumps, out_cards, rng)
        initial.append(before[: o.deal_size])
        rest = before[o.deal_size :]
        runs.append([rest[3 * r : 3 * r + 3] for r in range(deal.runs)])
        draws.append(drawn)
        reduce = [c for c in discard[p] if c not in out_cards]
        new_discards.append(out_cards + reduce)
    order: list[Card] = []
    queues = [list(h) for h in initial]
    for p in positions:
        order.append(queues[p].pop(0))
    turned = list(deal.turned)
    if turned:
        order.append(turned.pop(0))
    for r in range(deal.runs):
        packets = [c for j in range(n) for c in runs[(deal.dealer + 1 + j) % n][r]]
        if o.run_order == "deal_then_turn":
            order += packets + [turned.pop(0)]
        else:
            order += [turned.pop(0)] + packets
    if deal.widow_taker is not None:
        order += widows[deal.widow_taker]
    for j in range(n):
        order += draws[(deal.dealer + 1 + j) % n]
    order += shuffled(cards_from_mask(row[info.location("stock")]), rng)
    setup["deck"] = [str(c) for c in order]
    log = []
    used = [0] * n
    for p, action in deal.log:
        if action.startswith("discard:") and p != seat:
            action = f"discard:{new_discards[p][used[p]]}"
            used[p] += 1
        log.append((p, action))
    new = deal.game._deal_from_setup(setup)
    new.replay(log)
    return new


def _phases(deal: Any) -> list[str]:
    """The phase in which each logged action was made (replayed on a fresh deal)."""
    fresh = deal.game._deal_from_setup(deal._setup)
    phases = []
    for p, action in deal.log:
        phases.append(fresh.phase)
        fresh.apply(action, seat=p)
    return phases


def _beg_facts(deal: Any, trumps: int) -> dict[int, tuple[str, int]]:
    """V3: asked (trumpless among the first cards) and passed-over (holding one) seats."""
    return {p: (fact, trumps) for p, fact in beg_roles(deal).items()}


def _order_initial(
    cards: list[Card], size: int, fact: str, trumps: int, keep: list[Card], rng: _core.Rng
) -> list[Card]:
    """The cards held before drawing, ordered so that the first ``size`` (the first deal) agree
    with a beg fact and include the cards discarded in the exchange."""
    order = [c for c in keep] + [c for c in cards if c not in keep]
    if fact == "trumpless":
        order = [c for c in order if not c.mask & trumps] + [c for c in order if c.mask & trumps]
    elif fact == "holder":
        order = first_with(order, trumps, rng)
    return order


def _own_parts(
    deal: Any, p: int, original: list[Card], positions: list[int], phases: list[str]
) -> tuple[list[Card], list[list[Card]], list[Card], list[Card], list[Card]]:
    """The sampling seat's own parts, as in the real deal (it knows them all)."""
    o = deal.options
    n = deal.n
    initial = [original[i] for i, s in enumerate(positions) if s == p]
    pos = len(positions)
    stock = original[pos:]
    runs: list[list[Card]] = []
    if deal.turned:
        stock = stock[1:]
    for _ in range(deal.runs):
        if o.run_order == "turn_then_deal":
            stock = stock[1:]
        block = stock[: 3 * n]
        stock = stock[3 * n :]
        j = (p - deal.dealer - 1) % n
        runs.append(block[3 * j : 3 * j + 3])
        if o.run_order == "deal_then_turn":
            stock = stock[1:]
    widow: list[Card] = []
    if deal.widow_taker is not None:
        if p == deal.widow_taker:
            widow = list(stock)
        stock = []
    draws: list[Card] = []
    for j in range(n):
        s = (deal.dealer + 1 + j) % n
        k = deal.exchanged[s]
        if s == p:
            draws = stock[:k]
        stock = stock[k:]
    discards = [
        Card.parse(a.split(":", 1)[1])
        for (q, a), _ in zip(deal.log, phases, strict=True)
        if q == p and a.startswith("discard:")
    ]
    return initial, runs, widow, draws, discards


# Serves All Fours and Pitch alike: what differs is in the deal's options.
KNOWLEDGE: KnowledgeHook = FamilyKnowledge(_seat_of, _knowledge, _rebuild)
