"""What a Kiksas or Trikiksis seat knows about where the cards are, and a deal rebuilt around a
sample (the family's ``KNOWLEDGE``, for ``tricktaker.sample_deals`` and ``DealSamples.deal``).

A seat knows its own hand (unless it has not looked at it yet: the Third before trumps, the
Trikiksis First's last two cards before trumps) and every card played (even where
``history_visible`` hides the history from its observation), and what the plays prove (a card
is excluded from a hand when holding it would have made one of that seat's plays illegal).
Besides:

* the holder of the trump queen (the first leader);
* the trump-count announcement after trick 1 (§2.6: the winner's and his partner's trumps,
  counted exactly);
* the First holds a card of the trump suit among the six cards he chose from (D7, weighted in
  Trikiksis by how many of his eight cards' orders put one among the first six);
* an Akis (a) player holds the queen of his suit; Akis opponents' hands once exposed;
* the card the First peeked at (its holder follows from the public cut).

The turned-down hand of an Akis player's partner is a hidden location. Before any hand is dealt
(the First's peek) there is nothing to sample.

The rebuilt deal is dealt from a deck order (with the same cut, or a reshuffle seed that puts
the peeked card back where the First saw it) that gives every seat its sampled cards, the
First's first six holding a trump; then the real deal's actions are replayed.
"""

from __future__ import annotations

from math import comb
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Rank, cards_from_mask, mask_from_cards
from tricktaker.errors import Error
from tricktaker.games.kiksas import DECK, DECK_MASK, SEATS, seat_index
from tricktaker.protocol.base import Deal
from tricktaker.protocol.knowledge import (
    FamilyKnowledge,
    Knowledge,
    KnowledgeBuilder,
    KnowledgeHook,
    at_least,
    cards_played_by,
    exactly,
    first_with,
    mask_played,
    mask_played_by,
    popcount,
    shuffled,
)

__all__ = ["KNOWLEDGE"]


# --- what a seat knows ------------------------------------------------------------------------


def _seat_of(deal: Any, seat: int | str) -> int:
    return seat_index(seat, deal.n)


def _knowledge(deal: Any, seat: int) -> Knowledge:
    if deal.hands_dealt is None:
        raise Error("no hands are dealt yet (the First's peek); nothing to sample")
    n = deal.n
    state = deal.state
    b = KnowledgeBuilder(DECK_MASK, n, seat)
    b.gone = mask_played(state)
    own = deal.visible_hand(seat)
    locs: list[int] = []
    for p in range(n):
        out = p == deal.sitting_out
        size = len(deal.hands_dealt[p]) if out else len(deal.hand(p))
        known = mask_from_cards(own) if p == seat and own is not None else 0
        name = f"turned_down:{SEATS[p]}" if out else f"hand:{SEATS[p]}"
        locs.append(b.hand(p, name, size, known, playing=not out and state is not None))
    trump_suit = deal.trump

    def place(p: int, card: Card) -> None:
        if card.mask & (b.gone | b.known[locs[p]]):
            return
        b.place(locs[p], card.mask)

    # Cards seen: Akis opponents' open hands, an Akis (a) queen, the trump-queen holder.
    if deal.exposed:
        for opp in deal._akis_opponents():
            b.known[locs[opp]] = mask_from_cards(deal.hand(opp))
    if deal.akis is not None and deal.akis[1] == "a" and deal.akis[2] is not None:
        place(deal.akis[0], Card.make(Rank.QUEEN, deal.akis[2]))
    if state is not None and deal.akis is None and deal.trump_queen is not None:
        history = state.history()
        first_leader = history[0][0] if history else state.to_move
        place(first_leader, deal.trump_queen)
    # The card the First peeked at and declined: its holder follows from the public cut.
    declined_cut = deal.peek_accepted is False and deal.options.peek_decline == "cut"
    if seat == deal.first and deal.peeked_card is not None and declined_cut:
        place(_peek_holder(deal), deal.peeked_card)
    # The trump-count announcement after trick 1 (§2.6).
    if state is not None and deal.akis is None and trump_suit is not None:
        _trump_count(deal, b, locs, state)
    # The First named a suit held among the six cards he chose from (D7).
    if (
        deal.deal_type != "first"
        and trump_suit is not None
        and deal.options.trump_choice_must_hold_suit
    ):
        first = deal.first
        suit_cards = mask_from_cards(c for c in DECK if c.suit == trump_suit)
        played = mask_played_by(state, first) & suit_cards
        if deal.trikiksis:
            size = len(deal.hands_dealt[first])

            def orders(t: int) -> float:  # orders of the eight with a trump among the six
                return float(comb(size, 6) - comb(size - t, 6))

            b.constrain([locs[first]], suit_cards, orders, extra=popcount(played))
        else:
            b.constrain([locs[first]], suit_cards, at_least(1), extra=popcount(played))
    if state is not None:
        b.apply_play_facts(state)
    return b.finish(state)


def _peek_holder(deal: Any) -> int:
    """The seat dealt the peeked card after a declined peek and the cut at k (§3.5.2)."""
    size = 24
    k: int = deal._cut
    index = size - k if deal.peek_end == "top" else size - 1 - k
    packets = [3, 3, 2] if deal.trikiksis else [3, 3]
    seats: list[int] = []
    for packet in packets:
        for j in range(deal.n):
            seats += [(deal.first + j) % deal.n] * packet
    return seats[index]


def _trump_count(deal: Any, b: KnowledgeBuilder, locs: list[int], state: _core.PlayState) -> None:
    announced = next((e for e in deal.events if e["type"] == "TrumpCountAnnounced"), None)
    if announced is None:
        return
    trumps = state.rules.trump_cards
    history = state.history()
    size = state.trick_size
    trick1 = mask_from_cards(Card(c) for _, c in history[:size])
    later = history[size:]

    def held_now(p: int, after_trick1: int) -> None:
        played_since = mask_from_cards(Card(c) for q, c in later if q == p)
        since = popcount(played_since & trumps)
        b.constrain([locs[p]], trumps, exactly(after_trick1), extra=since)

    winner: int = announced["player"]  # events name seats by id
    n1 = int(announced["value"])
    held_now(winner, n1 - popcount(trick1 & trumps))
    for e in deal.events:
        if e["type"] == "TrumpCountAdded":
            held_now(e["player"], int(e["total"]) - n1)
        elif e["type"] == "TrumpCountSilent":
            held_now(e["player"], 0)


# --- the deal rebuilt around a sample --------------------------------------------------------


def _deal_positions(deal: Any) -> list[tuple[int, int]]:
    """(seat, index in its dealt list) of each deck position of the standard deal."""
    packets = [3, 3, 2] if deal.trikiksis else [3, 3]
    out: list[tuple[int, int]] = []
    count = [0] * deal.n
    for packet in packets:
        for j in range(deal.n):
            seat = (deal.first + j) % deal.n
            for _ in range(packet):
                out.append((seat, count[seat]))
                count[seat] += 1
    return out


def _rebuild(deal: Any, info: Knowledge, row: list[int], rng: _core.Rng) -> Deal:
    n = deal.n
    seat = info.seat
    first = deal.first
    lists: list[list[Card]] = []
    for p in range(n):
        held = cards_from_mask(row[info.hand_location[p]]) + cards_played_by(deal.state, p)
        lists.append(shuffled(held, rng))
    # The First's first six hold a card of the trump suit (D7); he knows his own six.
    if seat == first:
        six = list(deal.hands_dealt[first][:6])
        lists[first] = six + [c for c in lists[first] if c not in six]
    elif deal.trump is not None and deal.deal_type != "first":
        suit = mask_from_cards(c for c in DECK if c.suit == deal.trump)
        lists[first] = first_with(lists[first], suit, rng)
    setup = dict(deal._setup)
    if setup.get("hands") is not None:
        setup["hands"] = [[str(c) for c in h] for h in lists]
    else:
        positions = _deal_positions(deal)
        size = len(DECK)
        peeked = deal.peeked_card if seat == first else None
        k = deal._cut
        declined_cut = deal.peek_accepted is False and deal.options.peek_decline == "cut"
        if peeked is not None and declined_cut:
            index = size - k if deal.peek_end == "top" else size - 1 - k
            holder, slot = positions[index]
            cards = [c for c in lists[holder] if c != peeked]
            lists[holder] = cards[:slot] + [peeked] + cards[slot:]
        if deal.peek_accepted:
            hand = 24 // n
            if deal.peek_end == "top":
                order = [c for j in range(n) for c in lists[(first + j) % n]]
            else:
                others = [c for j in range(1, n) for c in lists[(first + j) % n]]
                order = others + lists[first][6:hand] + lists[first][:6]
        else:
            standard = [lists[p][i] for p, i in positions]
            if deal.peek_accepted is None:
                order = standard
            elif deal.options.peek_decline == "cut":
                order = standard[size - k :] + standard[: size - k]
            else:
                # A reshuffle: its permutation comes from the seed; the First saw the card at
                # his end of the deck before it, so pick a seed that puts it there.
                setup["seed"], order = _reshuffle(deal, standard, peeked, rng)
        setup["deck"] = [str(c) for c in order]
        setup["cut"] = k
    new: Deal = deal.game._deal_from_setup(setup)
    new.replay(deal.log)
    return new


def _reshuffle(
    deal: Any, standard: list[Card], peeked: Card | None, rng: _core.Rng
) -> tuple[int, list[Card]]:
    size = len(standard)
    end = 0 if deal.peek_end == "top" else size - 1
    for _ in range(10000):
        seed = int(rng.next() >> 1)
        perm = _core.Rng(seed).shuffled(list(range(size)))
        order: list[Card] = [standard[0]] * size
        for j, i in enumerate(perm):
            order[i] = standard[j]
        if peeked is None or order[end] == peeked:
            return seed, order
    raise RuntimeError("no reshuffle seed puts the peeked card back")


# Serves both variants: a deal says whether it is Trikiksis (``deal.trikiksis``).
KNOWLEDGE: KnowledgeHook = FamilyKnowledge(_seat_of, _knowledge, _rebuild)
