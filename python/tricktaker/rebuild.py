"""A game's deal rebuilt around sampled hidden cards (``DealSamples.deal(i)``).

The rebuilt deal is dealt so that every location holds the sample's cards (a deck order, a cut
and the other set-up choices are derived from the sample), and then the original deal's actions
are replayed, with the discards of the other seats replaced by sampled ones. It is a full deal
of the game, at the same point, that the sampling seat cannot tell from the real one: its
observation is the same after every action. Choices the seat cannot see (the order of a hidden
hand, which cards of it were dealt first, the hidden random draws of a redeal) are made at
random among the consistent ones.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktaker import _core
from tricktaker.cards import Card, cards_from_mask, mask_from_cards
from tricktaker.protocol.base import Deal

if TYPE_CHECKING:
    from tricktaker.sampling import Knowledge


def _cards(mask: int) -> list[Card]:
    return cards_from_mask(mask)


def _played_by(state: _core.PlayState | None, seat: int) -> list[Card]:
    if state is None:
        return []
    return [Card(c) for p, c in state.history() if p == seat]


def _shuffled(cards: list[Card], rng: _core.Rng) -> list[Card]:
    return [cards[i] for i in rng.shuffled(list(range(len(cards))))]


def _first_with(cards: list[Card], wanted: int, rng: _core.Rng) -> list[Card]:
    """The cards in random order, one of ``wanted`` first (when there is one)."""
    order = _shuffled(cards, rng)
    for i, card in enumerate(order):
        if card.mask & wanted:
            return [card] + order[:i] + order[i + 1 :]
    return order


def rebuild(deal: Deal, info: Knowledge, row: list[int], rng: _core.Rng) -> Deal:
    """The deal rebuilt with location contents ``row`` (known cards included)."""
    from tricktaker.games.allfours.deal import AllFoursDeal
    from tricktaker.games.kiksas import KiksasDeal
    from tricktaker.games.kirves import KirvesDeal
    from tricktaker.games.klaverjas import KlaverjasDeal

    if isinstance(deal, KlaverjasDeal):
        return _klaverjas(deal, info, row)
    if isinstance(deal, KiksasDeal):
        return _kiksas(deal, info, row, rng)
    if isinstance(deal, KirvesDeal):
        return _kirves(deal, info, row, rng)
    if isinstance(deal, AllFoursDeal):
        return _allfours(deal, info, row, rng)
    raise TypeError(f"cannot rebuild a {type(deal).__name__}")


# --- Klaverjas ------------------------------------------------------------------------------


def _klaverjas(deal: Any, info: Knowledge, row: list[int]) -> Deal:
    hands = []
    for p in range(4):
        held = _cards(row[info.hand_location[p]]) + _played_by(deal.state, p)
        hands.append([str(c) for c in sorted(held)])
    setup = dict(deal._setup)
    setup["hands"] = hands
    new: Deal = deal.game._deal_from_setup(setup)
    new.replay(deal.log)
    return new


# --- Kiksas and Trikiksis ---------------------------------------------------------------------


def _kiksas_positions(deal: Any) -> list[tuple[int, int]]:
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


def _kiksas(deal: Any, info: Knowledge, row: list[int], rng: _core.Rng) -> Deal:
    from tricktaker.games import kiksas as kk

    n = deal.n
    seat = info.seat
    first = deal.first
    lists: list[list[Card]] = []
    for p in range(n):
        held = _cards(row[info.hand_location[p]]) + _played_by(deal.state, p)
        lists.append(_shuffled(held, rng))
    # The First's first six hold a card of the trump suit (D7); he knows his own six.
    if seat == first:
        six = list(deal.hands_dealt[first][:6])
        lists[first] = six + [c for c in lists[first] if c not in six]
    elif deal.trump is not None and deal.deal_type != "first":
        suit = mask_from_cards(c for c in kk.DECK if c.suit == deal.trump)
        lists[first] = _first_with(lists[first], suit, rng)
    setup = dict(deal._setup)
    if setup.get("hands") is not None:
        setup["hands"] = [[str(c) for c in h] for h in lists]
    else:
        positions = _kiksas_positions(deal)
        size = len(kk.DECK)
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
                setup["seed"], order = _kiksas_reshuffle(deal, standard, peeked, rng)
        setup["deck"] = [str(c) for c in order]
        setup["cut"] = k
    new: Deal = deal.game._deal_from_setup(setup)
    new.replay(deal.log)
    return new


def _kiksas_reshuffle(
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


# --- Kirves ---------------------------------------------------------------------------------


def _kirves(deal: Any, info: Knowledge, row: list[int], rng: _core.Rng) -> Deal:
    from tricktaker.games import kirves as kv

    seat = info.seat
    state = deal.state
    o = deal.options
    discards: dict[int, Card] = {}
    for p in deal.participants:
        if deal.discarded[p] is not None:
            loc = info.location(f"discard:{kv.SEAT_NAMES[p]}")
            discards[p] = _cards(row[loc])[0]
    taken: dict[int, list[Card]] = {p: [] for p in deal.participants}
    if deal.cut_jack is not None:
        taken[deal.cutter].append(deal.cut_jack)
    if deal.turned_card is not None and deal.turned_taken:
        taken[deal.dealer].append(deal.turned_card)
    natural = mask_from_cards(kv.DECK) & ~kv.ALWAYS_TRUMPS
    dealt: dict[int, list[Card]] = {}
    for p in deal.participants:
        ever = _cards(row[info.hand_location[p]]) + _played_by(state, p)
        if p in discards:
            ever.append(discards[p])
        five = _shuffled([c for c in ever if c not in taken[p]], rng)
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
                five = _first_with(five, natural, rng)
        dealt[p] = first + [c for c in five if c not in first]
    setup = dict(deal._setup)
    log = _kirves_log(deal, discards, seat)
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
            [str(c) for c in _kirves_deck(deal, info, row, dealt, rng)]
        ]
    new: Deal = deal.game._deal_from_setup(setup)
    new.replay(log)
    return new


def _kirves_deck(
    deal: Any, info: Knowledge, row: list[int], dealt: dict[int, list[Card]], rng: _core.Rng
) -> list[Card]:
    stock: list[Card] = []
    for r in range(5):
        for p in deal.order:
            stock.append(dealt[p][r])
    assert deal.turned_card is not None
    stock.append(deal.turned_card)
    rest = _shuffled(_cards(row[info.location("stock")]), rng)
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


def _kirves_log(deal: Any, discards: dict[int, Card], seat: int) -> list[tuple[int, str]]:
    out = []
    for p, action in deal.log:
        if action.startswith("discard:") and p != seat:
            action = f"discard:{discards[p]}"
        out.append((p, action))
    return out


# --- All Fours and Pitch ----------------------------------------------------------------------


def _allfours(deal: Any, info: Knowledge, row: list[int], rng: _core.Rng) -> Deal:
    from tricktaker.games.allfours.deal import deal_order, rules_for, seat_name

    o = deal.options
    n = deal.n
    seat = info.seat
    state = deal.state
    setup = dict(deal._setup)
    if "start" in setup:
        start = dict(setup["start"])
        start["hands"] = [
            [str(c) for c in _cards(row[info.hand_location[p]]) + _played_by(state, p)]
            for p in range(n)
        ]
        setup["start"] = start
        new: Deal = deal.game._deal_from_setup(setup)
        new.replay(deal.log)
        return new

    phases = _allfours_phases(deal)
    # Each seat's cards: current hand, played, folded, discarded.
    discard: list[list[Card]] = [[] for _ in range(n)]
    ever: list[list[Card]] = []
    for p in range(n):
        cards = _cards(row[info.hand_location[p]]) + _played_by(state, p)
        if state is not None:
            cards += _cards(state.folded_cards(p))
        name = f"discard:{seat_name(p)}"
        if name in info.names:
            discard[p] = _cards(row[info.location(name)])
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
            parts = _allfours_own(deal, p, original, positions, phases)
            initial.append(parts[0])
            runs.append(parts[1])
            widows.append(parts[2])
            draws.append(parts[3])
            new_discards.append(parts[4])
            continue
        pool = _shuffled(ever[p], rng)
        # Exchange discards come from the cards held before drawing; draws are the rest.
        out_cards = _shuffled(discard[p], rng)[: exchange_out[p]]
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
    order += _shuffled(_cards(row[info.location("stock")]), rng)
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


def _suit(card: Card) -> Any:
    return card.suit


def _allfours_phases(deal: Any) -> list[str]:
    """The phase in which each logged action was made (replayed on a fresh deal)."""
    fresh = deal.game._deal_from_setup(deal._setup)
    phases = []
    for p, action in deal.log:
        phases.append(fresh.phase)
        fresh.apply(action, seat=p)
    return phases


def _beg_facts(deal: Any, trumps: int) -> dict[int, tuple[str, int]]:
    """V3: asked (trumpless among the first cards) and passed-over (holding one) seats."""
    from tricktaker.sampling import beg_roles

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
        order = _first_with(order, trumps, rng)
    return order


def _allfours_own(
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
