"""Hidden-hand sampling: full deals drawn uniformly among those consistent with what a seat knows.

>>> import tricktaker as tt
>>> deal = tt.load("klaverjas").new_deal(seed=7, dealer="W", trump="H", declarer="N")
>>> for card in ("TS", "8S", "7S", "AS"):
...     _ = deal.apply(card)
>>> samples = tt.sample_deals(deal, "S", 1000, seed=1)
>>> samples.hands.shape, samples.hands.dtype.name
((1000, 4), 'uint64')
>>> all(int(h) == deal.play_state().hand(2) for h in samples.hands[:, 2])  # S's own hand
True
>>> state = samples.play_state(0)  # a play state with sampled hands, ready for the solver
>>> state.cards_played, state.to_move  # W won the trick and leads
(4, 3)

What a seat knows is compiled, per game, into *locations* (every other hand, the seat's own
hand when it has not seen it, the stock, discard piles, turned-down and folded hands), the cards
allowed in each, and count constraints; the C++ sampler (``cpp/include/tricktaker/sampling.h``)
counts the consistent deals exactly and draws proportionally, so that every consistent deal is
equally likely. Sequential dealing is never used: it is biased under void constraints.

A seat is assumed to remember everything it has seen, even where an option hides the history
from its observation (Klaverjas ``trick_history_visible``, Kiksas ``history_visible``): the
cards were played face up in front of it. What each game's seat knows:

* **Every game.** Its own hand (unless it has not looked at it yet: the Kiksas Third before
  trumps, the Trikiksis First's last two cards before trumps, a Kirves dealer before deciding
  on an ace or a 2 who has seen only the cards he peeked at); every card played; and what the
  plays prove. A card is excluded from a hand when holding it would have made one of that
  seat's plays illegal under the deal's follow policy (a suit shown void, no higher trump after
  an undertrump, no trump after a discard where trumping was compulsory, a forced first lead
  not made, ...). This is exact: every duty of the follow policy is triggered by holding a
  single card of some set (``play_exclusions``), and each draw is also replayed as a check.
* **Klaverjas.** Calls carry no card facts. Under ``illegal_play = penalize`` an illegal card may
  have been accepted unnoticed, so plays prove nothing about other hands.
* **Kiksas / Trikiksis.** The holder of the trump queen (the first leader); the trump-count
  announcement after trick 1 (§2.6: the winner's and his partner's trumps, counted exactly);
  the First holds a card of the trump suit among the six cards he chose from (D7, weighted in
  Trikiksis by how many of his eight cards' orders put one among the first six); an Akis (a)
  player holds the queen of his suit; Akis opponents' hands once exposed; the card the First
  peeked at (its holder follows from the public cut). The turned-down hand of an Akis player's
  partner is a hidden location.
* **Kirves.** The cut jack (held by the cutter) and a taken turned card (held by the dealer),
  public cards out of play (the exposed bottom card, a public angel card, a turned card left on
  the stock), the discards (one hidden card each), folded hands (hidden), the stock. Pääköt:
  nobody's final hand holds RJ, BJ and JC together once the rules would have ended the deal
  (``paakot_mode = auto`` when hands are final, ``manual`` once a card is played). A veto needs a
  kiellonvara. Under ``angel_card_source = stub_top`` with a cut jack, the eldest's first dealt
  card is natural (weighted by the number of natural cards among his five).
* **All Fours / Pitch.** Turned-up and folded cards (public), the stock and every discard pile
  (hidden); under ``begging = eldest_or_trumpless_opponent`` who was asked to beg (trumpless)
  and who was skipped (holding a trump), among the first cards dealt.

Before any hand is dealt (a Kiksas peek, a Kirves cut) and after the deal is over, there is
nothing to sample: ``sample_deals`` raises ``ValueError``.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from math import comb
from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker import _core
from tricktaker.cards import Card, Rank, Suit, cards_from_mask, mask_from_cards
from tricktaker.protocol.base import Deal, Match, StateMachine, new_seed

__all__ = ["DealSamples", "Knowledge", "knowledge", "sample_deals"]


def _popcount(mask: int) -> int:
    return int(bin(mask).count("1"))


@dataclass
class Knowledge:
    """What one seat knows about where the cards are, ready for the sampler.

    ``known[l]`` are the cards known to be in location ``l`` and ``capacity[l]`` the number of
    hidden cards it holds besides; ``allowed[l]`` are the hidden cards that may be there.
    ``constraints`` are (location bit mask, card mask, weights by the count of those cards among
    the hidden cards of those locations). ``hand_location[seat]`` is where a seat's current hand
    is (-1: it holds nothing), ``play_location[seat]`` the same for the seats of the play state.
    """

    seat: int
    num_seats: int
    names: list[str]
    known: list[int]
    capacity: list[int]
    allowed: list[int]
    hidden: int
    constraints: list[tuple[int, int, list[float]]]
    hand_location: list[int]
    play_location: list[int]
    state: _core.PlayState | None = None
    check_legal: bool = True
    notes: list[str] = field(default_factory=list)

    def location(self, name: str) -> int:
        try:
            return self.names.index(name)
        except ValueError:
            raise KeyError(f"no location {name!r}; locations: {', '.join(self.names)}") from None


class _Builder:
    """Collects a seat's knowledge location by location."""

    def __init__(self, deck: int, num_seats: int, seat: int) -> None:
        self.deck = deck
        self.num_seats = num_seats
        self.seat = seat
        self.names: list[str] = []
        self.sizes: list[int] = []
        self.known: list[int] = []
        self.excluded: list[int] = []
        self.only: list[int] = []
        self.gone = 0  # cards in no location: played, or public and out of play
        self.hand_location = [-1] * num_seats
        self.play_location = [-1] * num_seats
        self._constraints: list[tuple[list[int], int, Callable[[int], float], int]] = []
        self.notes: list[str] = []

    def add(self, name: str, size: int, known: int = 0) -> int:
        if _popcount(known) > size:
            raise AssertionError(f"{name}: more known cards than cards")
        self.names.append(name)
        self.sizes.append(size)
        self.known.append(known)
        self.excluded.append(0)
        self.only.append(self.deck)
        return len(self.names) - 1

    def hand(self, seat: int, name: str, size: int, known: int = 0, playing: bool = True) -> int:
        loc = self.add(name, size, known)
        self.hand_location[seat] = loc
        if playing:
            self.play_location[seat] = loc
        return loc

    def place(self, loc: int, cards: int) -> None:
        """Cards known to be in a location."""
        self.known[loc] |= cards

    def exclude(self, loc: int, cards: int) -> None:
        self.excluded[loc] |= cards

    def restrict(self, loc: int, cards: int) -> None:
        """Only these hidden cards may be in the location."""
        self.only[loc] &= cards

    def constrain(
        self, locs: Sequence[int], cards: int, weight: Callable[[int], float], extra: int = 0
    ) -> None:
        """Weigh completions by ``weight(t)``, t the number of ``cards`` in the locations (known
        and hidden) plus ``extra`` (cards of the set known to have been there: played ones)."""
        self._constraints.append((list(locs), cards, weight, extra))

    def finish(self, state: _core.PlayState | None, check_legal: bool = True) -> Knowledge:
        known_all = 0
        for k in self.known:
            if k & known_all:
                raise AssertionError("a card is known in two locations")
            known_all |= k
        if known_all & self.gone:
            raise AssertionError("a card is both placed and gone")
        hidden = self.deck & ~known_all & ~self.gone
        capacity = [size - _popcount(k) for size, k in zip(self.sizes, self.known, strict=True)]
        if sum(capacity) != _popcount(hidden):
            raise AssertionError(
                f"the locations hold {sum(capacity)} hidden cards, {_popcount(hidden)} are hidden"
            )
        allowed = [hidden & ~ex & only for ex, only in zip(self.excluded, self.only, strict=True)]
        constraints: list[tuple[int, int, list[float]]] = []
        for locs, cards, weight, extra in self._constraints:
            room = sum(capacity[loc] for loc in locs)
            base = extra + sum(_popcount(self.known[loc] & cards) for loc in locs)
            weights = [float(weight(base + t)) for t in range(room + 1)]
            if all(w == 1.0 for w in weights):
                continue
            mask = 0
            for loc in locs:
                mask |= 1 << loc
            constraints.append((mask, cards & hidden, weights))
        return Knowledge(
            seat=self.seat,
            num_seats=self.num_seats,
            names=list(self.names),
            known=list(self.known),
            capacity=capacity,
            allowed=allowed,
            hidden=hidden,
            constraints=constraints,
            hand_location=list(self.hand_location),
            play_location=list(self.play_location),
            state=state,
            check_legal=check_legal,
            notes=list(self.notes),
        )


def _exactly(value: int) -> Callable[[int], float]:
    return lambda t: 1.0 if t == value else 0.0


def _at_least(value: int) -> Callable[[int], float]:
    return lambda t: 1.0 if t >= value else 0.0


def _at_most(value: int) -> Callable[[int], float]:
    return lambda t: 1.0 if t <= value else 0.0


def _played_by(state: _core.PlayState | None, seat: int) -> int:
    if state is None:
        return 0
    return mask_from_cards(Card(c) for p, c in state.history() if p == seat)


def _played(state: _core.PlayState | None) -> int:
    if state is None:
        return 0
    return mask_from_cards(Card(c) for _, c in state.history())


def _apply_play_facts(b: _Builder, state: _core.PlayState, hidden_hint: int) -> None:
    """Exclude from each playing hand the cards that would have made one of its plays illegal."""
    n = state.num_players
    known = [0] * n
    for p in range(n):
        loc = b.play_location[p]
        if loc >= 0:
            known[p] = b.known[loc]
    excluded = _core.play_exclusions(state, known, hidden_hint)
    for p in range(n):
        loc = b.play_location[p]
        if loc >= 0 and excluded[p]:
            b.exclude(loc, excluded[p])


def _hidden_hint(b: _Builder) -> int:
    known_all = 0
    for k in b.known:
        known_all |= k
    return b.deck & ~known_all & ~b.gone


# --- Klaverjas ------------------------------------------------------------------------------


def _klaverjas(deal: Any, seat: int) -> Knowledge:
    from tricktaker.games import klaverjas as kj

    state = deal.state
    b = _Builder(kj.DECK_MASK, kj.NUM_SEATS, seat)
    b.gone = _played(state)
    for p in range(kj.NUM_SEATS):
        size = len(deal.hand(p))
        known = mask_from_cards(deal.hand(p)) if p == seat else 0
        b.hand(p, f"hand:{kj.SEATS[p]}", size, known)
    legal = deal.options.illegal_play != "penalize"
    if state is not None and legal:
        _apply_play_facts(b, state, _hidden_hint(b))
    elif not legal:
        b.notes.append("illegal_play = penalize: plays prove nothing about other hands")
    return b.finish(state, check_legal=legal)


# --- Kiksas and Trikiksis ---------------------------------------------------------------------


def _kiksas(deal: Any, seat: int) -> Knowledge:
    from tricktaker.games import kiksas as kk

    if deal.hands_dealt is None:
        raise ValueError("no hands are dealt yet (the First's peek); nothing to sample")
    n = deal.n
    state = deal.state
    b = _Builder(kk.DECK_MASK, n, seat)
    b.gone = _played(state)
    own = deal.visible_hand(seat)
    locs: list[int] = []
    for p in range(n):
        out = p == deal.sitting_out
        size = len(deal.hands_dealt[p]) if out else len(deal.hand(p))
        known = mask_from_cards(own) if p == seat and own is not None else 0
        name = f"turned_down:{kk.SEATS[p]}" if out else f"hand:{kk.SEATS[p]}"
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
        place(_kiksas_peek_holder(deal), deal.peeked_card)
    # The trump-count announcement after trick 1 (§2.6).
    if state is not None and deal.akis is None and trump_suit is not None:
        _kiksas_trump_count(deal, b, locs, state)
    # The First named a suit held among the six cards he chose from (D7).
    if (
        deal.deal_type != "first"
        and trump_suit is not None
        and deal.options.trump_choice_must_hold_suit
    ):
        first = deal.first
        suit_cards = mask_from_cards(c for c in kk.DECK if c.suit == trump_suit)
        played = _played_by(state, first) & suit_cards
        if deal.trikiksis:
            size = len(deal.hands_dealt[first])

            def orders(t: int) -> float:  # orders of the eight with a trump among the six
                return float(comb(size, 6) - comb(size - t, 6))

            b.constrain([locs[first]], suit_cards, orders, extra=_popcount(played))
        else:
            b.constrain([locs[first]], suit_cards, _at_least(1), extra=_popcount(played))
    if state is not None:
        _apply_play_facts(b, state, _hidden_hint(b))
    return b.finish(state)


def _kiksas_peek_holder(deal: Any) -> int:
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


def _kiksas_trump_count(deal: Any, b: _Builder, locs: list[int], state: _core.PlayState) -> None:
    announced = next((e for e in deal.events if e["type"] == "TrumpCountAnnounced"), None)
    if announced is None:
        return
    from tricktaker.games import kiksas as kk

    trumps = state.rules.trump_cards
    history = state.history()
    size = state.trick_size
    trick1 = mask_from_cards(Card(c) for _, c in history[:size])
    later = history[size:]

    def held_now(p: int, after_trick1: int) -> None:
        played_since = mask_from_cards(Card(c) for q, c in later if q == p)
        since = _popcount(played_since & trumps)
        b.constrain([locs[p]], trumps, _exactly(after_trick1), extra=since)

    winner = kk.SEATS.index(announced["player"])
    n1 = int(announced["value"])
    held_now(winner, n1 - _popcount(trick1 & trumps))
    for e in deal.events:
        if e["type"] == "TrumpCountAdded":
            held_now(kk.SEATS.index(e["player"]), int(e["total"]) - n1)
        elif e["type"] == "TrumpCountSilent":
            held_now(kk.SEATS.index(e["player"]), 0)


# --- Kirves ---------------------------------------------------------------------------------


def _kirves(deal: Any, seat: int) -> Knowledge:
    from tricktaker.games import kirves as kv

    if deal.phase == kv.CUT:
        raise ValueError("no hands are dealt yet (the cut); nothing to sample")
    n = deal.num_players
    state = deal.state
    o = deal.options
    deck = mask_from_cards(kv.DECK)
    b = _Builder(deck, n, seat)
    gone = _played(state)
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
        name = f"folded:{kv.SEAT_NAMES[p]}" if folded else f"hand:{kv.SEAT_NAMES[p]}"
        locs[p] = b.hand(p, name, size, known & ~gone, playing=not folded and state is not None)
    discards: dict[int, int] = {}
    for p in deal.participants:
        card = deal.discarded[p]
        if card is not None:
            discards[p] = b.add(f"discard:{kv.SEAT_NAMES[p]}", 1, card.mask if p == seat else 0)
    stock_size = 54 - sum(b.sizes) - _popcount(gone)
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

    final = deal.phase not in (kv.CUT, kv.TURNED_CARD, kv.DISCARD)
    # Pääköt: nobody's final hand holds all three once the rules would have ended the deal.
    paakot_known = (o.paakot_mode == "auto" and final) or (
        o.paakot_mode == "manual" and state is not None and state.cards_played > 0
    )
    if paakot_known:
        for p in deal.participants:
            played = _popcount(_played_by(state, p) & kv.PAAKOT)
            b.constrain([locs[p]], kv.PAAKOT, _at_most(2), extra=played)
    # A veto needs a kiellonvara (R5.5).
    if deal.turned_card is not None:
        suit = kv.named_suit(deal.turned_card)
        kiellonvara = _core.kirves_kiellonvara(int(suit))
        for p, call in deal.calls:
            if call == "veto":
                played = _popcount(_played_by(state, p) & kiellonvara)
                b.constrain([locs[p]], kiellonvara, _at_least(1), extra=played)
    # stub_top angel: the eldest's first dealt card was natural (weight: his natural cards).
    if (
        o.angel_card_source == "stub_top"
        and deal.cut_jack is not None
        and deal.eldest in locs
        and deal.eldest != seat
    ):
        eldest = deal.eldest
        natural = deck & ~kv.ALWAYS_TRUMPS
        group = [locs[eldest]] + ([discards[eldest]] if eldest in discards else [])
        played = _popcount(_played_by(state, eldest) & natural)
        b.constrain(group, natural, float, extra=played)
    if state is not None:
        _apply_play_facts(b, state, _hidden_hint(b))
    return b.finish(state)


# --- All Fours and Pitch ----------------------------------------------------------------------


def _allfours(deal: Any, seat: int) -> Knowledge:
    from tricktaker.games.allfours.deal import rules_for, seat_name

    o = deal.options
    n = deal.n
    state = deal.state
    b = _Builder(o.deck_mask, n, seat)
    gone = _played(state) | mask_from_cards(deal.turned)
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
        _allfours_beg_facts(deal, b, locs, rules_for(o, _suit(deal.turned[0])).trump_cards)
    if state is not None:
        _apply_play_facts(b, state, _hidden_hint(b))
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


def _allfours_beg_facts(deal: Any, b: _Builder, locs: list[int], trumps: int) -> None:
    """Weigh each asked or passed-over seat by the orders of its cards that agree with its beg
    fact among the first ``deal_size`` cards dealt (runs may have added cards since)."""
    dealt = deal.options.deal_size
    state = deal.state
    for s, role in beg_roles(deal).items():
        ever = len(deal.hands[s]) + _popcount(_played_by(state, s))
        played = _played_by(state, s) & trumps
        if state is not None:
            ever += _popcount(state.folded_cards(s))
            played |= state.folded_cards(s) & trumps
        b.constrain([locs[s]], trumps, _beg_weight(role, ever, dealt), extra=_popcount(played))


# --- the public entry points --------------------------------------------------------------


def _resolve(target: StateMachine, seat: int | str) -> tuple[Deal, int]:
    """The deal and the seat in it, from a deal or a match and a seat (or match player)."""
    if isinstance(target, Match):
        deal = getattr(target, "deal", None)
        if deal is None or target.is_over:
            raise ValueError("the match is over; there is no deal to sample")
        player = _seat_of(deal, seat)
        seat_of = getattr(target, "seat_of", None)
        return deal, (seat_of(player) if seat_of is not None else player)
    if not isinstance(target, Deal):
        raise TypeError(f"expected a deal or a match, got {type(target).__name__}")
    return target, _seat_of(target, seat)


def _seat_of(deal: Deal, seat: int | str) -> int:
    from tricktaker.games.allfours.deal import AllFoursDeal, parse_seat
    from tricktaker.games.kiksas import KiksasDeal
    from tricktaker.games.kiksas import seat_index as kiksas_seat
    from tricktaker.games.kirves import KirvesDeal
    from tricktaker.games.kirves import seat_index as kirves_seat
    from tricktaker.games.klaverjas import KlaverjasDeal
    from tricktaker.games.klaverjas import seat_index as klaverjas_seat

    if isinstance(deal, KlaverjasDeal):
        return klaverjas_seat(seat)
    if isinstance(deal, KiksasDeal):
        return kiksas_seat(seat, deal.n)
    if isinstance(deal, KirvesDeal):
        return kirves_seat(seat, deal.num_players)
    if isinstance(deal, AllFoursDeal):
        return parse_seat(seat, deal.n)
    raise TypeError(f"sampling does not know the game of {type(deal).__name__}")


def knowledge(target: StateMachine, seat: int | str) -> Knowledge:
    """What ``seat`` knows about where the cards are in the current deal of ``target``."""
    from tricktaker.games.allfours.deal import AllFoursDeal
    from tricktaker.games.kiksas import KiksasDeal
    from tricktaker.games.kirves import KirvesDeal
    from tricktaker.games.klaverjas import KlaverjasDeal

    deal, s = _resolve(target, seat)
    if deal.is_over:
        raise ValueError("the deal is over; there is nothing left to sample")
    if isinstance(deal, KlaverjasDeal):
        return _klaverjas(deal, s)
    if isinstance(deal, KiksasDeal):
        return _kiksas(deal, s)
    if isinstance(deal, KirvesDeal):
        return _kirves(deal, s)
    if isinstance(deal, AllFoursDeal):
        return _allfours(deal, s)
    raise TypeError(f"sampling does not know the game of {type(deal).__name__}")


class DealSamples:
    """Sampled deals: the full content of every location, the seats' current hands, and the
    play state of each sample (during the play).

    ``cards[i, l]`` is the card mask of location ``l`` (``names[l]``) in sample ``i``, known cards
    included; ``hands[i, seat]`` is the seat's current hand (its turned-down or folded hand when
    it is out of the play; 0 when it holds nothing). ``count`` is the weighted number of
    consistent deals (completions of the hidden cards), ``acceptance`` the share of draws kept.
    """

    def __init__(
        self,
        info: Knowledge,
        drawn: npt.NDArray[np.uint64],
        count: float,
        proposals: int,
        seed: int,
        deal: Deal | None = None,
    ) -> None:
        self.knowledge = info
        self._deal = deal
        self._actions = None if deal is None else len(deal.log)
        self.names = tuple(info.names)
        known = np.array(info.known, dtype=np.uint64)
        self.cards: npt.NDArray[np.uint64] = drawn | known[np.newaxis, :]
        n = self.cards.shape[0]
        hands = np.zeros((n, info.num_seats), dtype=np.uint64)
        for p, loc in enumerate(info.hand_location):
            if loc >= 0:
                hands[:, p] = self.cards[:, loc]
        self.hands: npt.NDArray[np.uint64] = hands
        self.count = count
        self.proposals = proposals
        self.seed = seed

    def __len__(self) -> int:
        return int(self.cards.shape[0])

    @property
    def acceptance(self) -> float:
        return len(self) / self.proposals if self.proposals else 1.0

    def hand(self, i: int, seat: int) -> list[Card]:
        """The cards of a seat's current hand in sample ``i``."""
        return cards_from_mask(int(self.hands[i, seat]))

    def location(self, name: str) -> npt.NDArray[np.uint64]:
        """One location's card masks over the samples (``"stock"``, ``"hand:N"``, ...)."""
        return self.cards[:, self.knowledge.location(name)]

    def play_hands(self, i: int) -> list[int]:
        """The hands of the play state's seats in sample ``i`` (0 for seats out of the play)."""
        info = self.knowledge
        if info.state is None:
            raise ValueError("the deal has no play state yet")
        return [
            int(self.cards[i, loc]) if loc >= 0 else 0
            for loc in info.play_location[: info.state.num_players]
        ]

    def play_state(self, i: int) -> _core.PlayState:
        """A copy of the deal's play state holding sample ``i``'s hands."""
        info = self.knowledge
        if info.state is None:
            raise ValueError("the deal has no play state yet (trump or sides are not fixed)")
        state = info.state.copy()
        state.set_hands(self.play_hands(i))
        return state

    def deal(self, i: int) -> Deal:
        """Sample ``i`` as a full deal of the game at the same point: dealt so that every
        location holds the sample's cards, then the real deal's actions replayed (with sampled
        discards for the other seats). The sampling seat's observation of it is the same as of
        the real deal after every action. Raises ``ValueError`` once the real deal has moved on.
        """
        from tricktaker.rebuild import rebuild

        deal = self._deal
        if deal is None or len(deal.log) != self._actions:
            raise ValueError("the sampled deal has changed since sampling; sample it again")
        if not 0 <= i < len(self):
            raise IndexError(f"sample {i} out of range 0..{len(self) - 1}")
        rng = _core.Rng((self.seed ^ (0x5851F42D4C957F2D * (i + 1))) % 2**64)
        return rebuild(deal, self.knowledge, [int(v) for v in self.cards[i]], rng)

    def __repr__(self) -> str:
        return f"<DealSamples n={len(self)} locations={', '.join(self.names)}>"


def sample_deals(
    target: StateMachine,
    seat: int | str,
    n: int,
    *,
    seed: int | None = None,
    threads: int = 1,
) -> DealSamples:
    """``n`` deals drawn uniformly among those consistent with what ``seat`` knows.

    ``target`` is a deal or a match (then ``seat`` is a player of the match). The work runs in
    C++ with the GIL released, on ``threads`` threads (0: one per core); the same seed gives
    the same samples whatever ``threads`` (each sample has its own generator). Raises
    ``ValueError`` when nothing can be sampled (no hands dealt yet, or the deal is over).
    """
    if isinstance(n, bool) or not isinstance(n, int) or n < 0:
        raise ValueError(f"n must be an integer >= 0, got {n!r}")
    if seed is None:
        seed = new_seed()
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be an integer 0 <= seed < 2**64, got {seed!r}")
    deal, _ = _resolve(target, seat)
    info = knowledge(target, seat)
    sampler = _core.DealSampler(info.hidden, info.capacity, info.allowed, info.constraints)
    state = info.state
    if state is not None:
        seats = state.num_players
        known = [info.known[loc] if loc >= 0 else 0 for loc in info.play_location[:seats]]
        drawn, proposals = sampler.sample(
            n,
            seed,
            threads=threads,
            state=state,
            known=known,
            location=list(info.play_location[:seats]),
            check_legal=info.check_legal,
        )
    else:
        drawn, proposals = sampler.sample(n, seed, threads=threads)
    return DealSamples(info, drawn, sampler.count, proposals, seed, deal)
