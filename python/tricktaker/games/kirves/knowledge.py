"""What a Kirves seat knows about where the cards are, and a deal rebuilt around a sample (the
family's ``KNOWLEDGE``, for ``tricktaker.sample_deals`` and ``DealSamples.deal``).

A seat knows its own hand (a dealer deciding on an ace or a 2 has seen only the cards he
peeked at), every card played, and what the plays prove (a card is excluded from a hand when
holding it would have made one of that seat's plays illegal). Besides:

* the cut jack (held by the cutter) and a taken turned card (held by the dealer);
* public cards out of play (the exposed bottom card, a public angel card, a turned card left on
  the stock), the discards (one hidden card each), folded hands (hidden), the stock;
* Pääköt: nobody's final hand holds RJ, BJ and JC together once the rules would have ended the
  deal (``paakot_mode = auto`` when hands are final, ``manual`` once a card is played);
* a veto needs a kiellonvara;
* under ``angel_card_source = stub_top`` with a cut jack, the eldest's first dealt card is
  natural (weighted by the number of natural cards among his five).

Before the cut there is nothing to sample.

The rebuilt deal is dealt from the same earlier shuffles and a last deck order that gives
every seat its sampled cards (the dealer's peeked cards and the stub-top angel card first where
the seat saw them), with the same cut; then the real deal's actions are replayed, the other
seats' discards replaced by sampled ones.
"""

from __future__ import annotations

from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, cards_from_mask, mask_from_cards
from tricktaker.errors import Error
from tricktaker.games.kirves import (
    ALWAYS_TRUMPS,
    CUT,
    DECK,
    DISCARD,
    PAAKOT,
    SEAT_NAMES,
    TURNED_CARD,
    named_suit,
    seat_index,
)
from tricktaker.protocol.base import Deal
from tricktaker.protocol.knowledge import (
    FamilyKnowledge,
    Knowledge,
    KnowledgeBuilder,
    KnowledgeHook,
    at_least,
    at_most,
    cards_played_by,
    first_with,
    mask_played,
    mask_played_by,
    popcount,
    shuffled,
)

__all__ = ["KNOWLEDGE"]


# --- what a seat knows ------------------------------------------------------------------------


def _seat_of(deal: Any, seat: int | str) -> int:
    return seat_index(seat, deal.num_players)


def _knowledge(deal: Any, seat: int) -> Knowledge:
    if deal.phase == CUT:
        raise Error("no hands are dealt yet (the cut); nothing to sample")
    n = deal.num_players
    state = deal.state
    o = deal.options
    deck = mask_from_cards(DECK)
    b = KnowledgeBuilder(deck, n, seat)
    gone = mask_played(state)
    # Public cards out of every hand: the exposed bottom card and a public angel card at the
    # bottom of the stock, a turned card left face up on the stock.
    if deal.cut_shown is not None and deal.cut_jack is None:
        gone |= deal.cut_shown.mask
    if deal.angel_card is not None:
        gone |= deal.angel_card.mask
    if deal.turned_card is not None and not deal.turned_taken:
        gone |= deal.turned_card.mask
    b.gone = gone
    own = deal._known_hand(seat)
    locs: dict[int, int] = {}
    for p in deal.participants:
        folded = p in deal.folded
        size = len(deal.hand(p))
        known = mask_from_cards(own) if p == seat and own is not None else 0
        name = f"folded:{SEAT_NAMES[p]}" if folded else f"hand:{SEAT_NAMES[p]}"
        locs[p] = b.hand(p, name, size, known & ~gone, playing=not folded and state is not None)
    discards: dict[int, int] = {}
    for p in deal.participants:
        card = deal.discarded[p]
        if card is not None:
            discards[p] = b.add(f"discard:{SEAT_NAMES[p]}", 1, card.mask if p == seat else 0)
    stock_size = 54 - sum(b.sizes) - popcount(gone)
    b.add("stock", stock_size)

    # Taken cards: the cut jack stays with the cutter, a taken turned card with the dealer
    # (unless may_discard_taken_card: then in his hand or his discard).
    taken = []
    if deal.cut_jack is not None:
        taken.append((deal.cutter, deal.cut_jack))
    if deal.turned_card is not None and deal.turned_taken:
        taken.append((deal.dealer, deal.turned_card))
    for p, card in taken:
        if card.mask & (gone | b.known[locs[p]]):
            continue
        if p in discards and o.may_discard_taken_card:
            if not (card.mask & b.known[discards[p]]):
                for loc in range(len(b.names)):
                    if loc not in (locs[p], discards[p]):
                        b.exclude(loc, card.mask)
        else:
            b.place(locs[p], card.mask)

    final = deal.phase not in (CUT, TURNED_CARD, DISCARD)
    # Pääköt: nobody's final hand holds all three once the rules would have ended the deal.
    paakot_known = (o.paakot_mode == "auto" and final) or (
        o.paakot_mode == "manual" and state is not None and state.cards_played > 0
    )
    if paakot_known:
        for p in deal.participants:
            played = popcount(mask_played_by(state, p) & PAAKOT)
            b.constrain([locs[p]], PAAKOT, at_most(2), extra=played)
    # A veto needs a kiellonvara (R5.5).
    if deal.turned_card is not None:
        suit = named_suit(deal.turned_card)
        kiellonvara = _core.kirves_kiellonvara(int(suit))
        for p, call in deal.calls:
            if call == "veto":
                played = popcount(mask_played_by(state, p) & kiellonvara)
                b.constrain([locs[p]], kiellonvara, at_least(1), extra=played)
    # stub_top angel: the eldest's first dealt card was natural (weight: his natural cards).
    if (
        o.angel_card_source == "stub_top"
        and deal.cut_jack is not None
        and deal.eldest in locs
        and deal.eldest != seat
    ):
        eldest = deal.eldest
        natural = deck & ~ALWAYS_TRUMPS
        group = [locs[eldest]] + ([discards[eldest]] if eldest in discards else [])
        played = popcount(mask_played_by(state, eldest) & natural)
        b.constrain(group, natural, float, extra=played)
    if state is not None:
        b.apply_play_facts(state)
    return b.finish(state)


# --- the deal rebuilt around a sample --------------------------------------------------------


def _rebuild(deal: Any, info: Knowledge, row: list[int], rng: _core.Rng) -> Deal:
    seat = info.seat
    state = deal.state
    o = deal.options
    discards: dict[int, Card] = {}
    for p in deal.participants:
        if deal.discarded[p] is not None:
            loc = info.location(f"discard:{SEAT_NAMES[p]}")
            discards[p] = cards_from_mask(row[loc])[0]
    taken: dict[int, list[Card]] = {p: [] for p in deal.participants}
    if deal.cut_jack is not None:
        taken[deal.cutter].append(deal.cut_jack)
    if deal.turned_card is not None and deal.turned_taken:
        taken[deal.dealer].append(deal.turned_card)
    natural = mask_from_cards(DECK) & ~ALWAYS_TRUMPS
    dealt: dict[int, list[Card]] = {}
    for p in deal.participants:
        ever = cards_from_mask(row[info.hand_location[p]]) + cards_played_by(state, p)
        if p in discards:
            ever.append(discards[p])
        five = shuffled([c for c in ever if c not in taken[p]], rng)
        # What a seat saw of its own dealing order: the dealer's peeked cards come first, and
        # under stub_top the eldest's first card is the (natural) angel card.
        first: list[Card] = []
        if p == deal.dealer and deal.peeked and p == seat:
            first = list(deal.peeked)
        stub_angel = o.angel_card_source == "stub_top" and deal.cut_jack is not None
        if p == deal.eldest and stub_angel:
            if p == seat and deal._angel_private is not None:
                first = [deal._angel_private]
            else:
                five = first_with(five, natural, rng)
        dealt[p] = first + [c for c in five if c not in first]
    setup = dict(deal._setup)
    log = _log(deal, discards, seat)
    if setup.get("trump") is not None:
        hands: list[list[str]] = [[] for _ in range(deal.num_players)]
        for p in deal.participants:
            hands[p] = [str(c) for c in dealt[p] + taken[p]]
        setup["hands"] = hands
    elif setup.get("hands") is not None:
        hands = [[] for _ in range(deal.num_players)]
        for p in deal.participants:
            hands[p] = [str(c) for c in dealt[p]]
        setup["hands"] = hands
    else:
        setup["decks"] = [[str(c) for c in deal._shuffled(i)] for i in range(deal._shuffles)] + [
            [str(c) for c in _deck(deal, info, row, dealt, rng)]
        ]
    new: Deal = deal.game._deal_from_setup(setup)
    new.replay(log)
    return new


def _deck(
    deal: Any, info: Knowledge, row: list[int], dealt: dict[int, list[Card]], rng: _core.Rng
) -> list[Card]:
    stock: list[Card] = []
    for r in range(5):
        for p in deal.order:
            stock.append(dealt[p][r])
    assert deal.turned_card is not None
    stock.append(deal.turned_card)
    rest = shuffled(cards_from_mask(row[info.location("stock")]), rng)
    bottom: list[Card] = []
    if deal.cut_jack is None and deal.cut_shown is not None:
        bottom = [deal.cut_shown]
    elif deal.angel_card is not None:
        bottom = [deal.angel_card]
    stock += rest + bottom
    k = deal.cut_packet
    assert k is not None
    if deal.cut_jack is not None:
        return stock[54 - k :] + [deal.cut_jack] + stock[: 54 - k]
    return stock[54 - k :] + stock[: 54 - k]


def _log(deal: Any, discards: dict[int, Card], seat: int) -> list[tuple[int, str]]:
    out = []
    for p, action in deal.log:
        if action.startswith("discard:") and p != seat:
            action = f"discard:{discards[p]}"
        out.append((p, action))
    return out


KNOWLEDGE: KnowledgeHook = FamilyKnowledge(_seat_of, _knowledge, _rebuild)
