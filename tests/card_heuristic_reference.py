"""The shared card-play heuristic as it was written in Python, before the core's
``choose_card`` (cpp/src/card_heuristic.cc) took its place: the reference the core's picks are
tested against (tests/test_card_heuristic.py).

The obvious tactics of trick-taking games with points: win a trick cheaply when it is worth it
and the win is safe, give points to a partner who is sure to win, throw the cheapest card when
the trick is lost, cash sure winners, draw trumps when the side holds the top trump, and keep
a card the game values on its own (a jack of trumps that scores by itself, say) out of the
opponents' tricks.
"""

from __future__ import annotations

from tricktaker.protocol.card_heuristics import Style
from tricktaker.protocol.card_play import PlayView, bits, count

__all__ = ["choose_card"]


def value(view: PlayView, style: Style, card: int) -> int:
    return view.points(card) + style.bonus(card)


def _cheapest(view: PlayView, style: Style, cards: int) -> int:
    """The card that costs least to give away: no trump if possible, least worth, weakest."""
    return min(
        bits(cards),
        key=lambda c: (int(view.is_trump(c)), value(view, style, c), view.strength(c), c),
    )


def _discard(view: PlayView, style: Style, cards: int) -> int:
    """A card to throw to a trick the opponents win: worthless, from a short suit if possible."""

    def key(c: int) -> tuple[int, int, int, int, int]:
        suit_len = count(view.cards_in(view.hand, view.suit(c)))
        boss = int(view.is_boss(c) and view.points(c) > 0)
        return (int(view.is_trump(c)), value(view, style, c), boss, suit_len, view.strength(c))

    return min(bits(cards), key=key)


def _smear(view: PlayView, style: Style, cards: int) -> int:
    """A card to give a partner who wins the trick: the most points, keeping trumps if we can."""

    def key(c: int) -> tuple[int, int, int]:
        keep = int(view.is_trump(c)) * (1 if style.bonus(c) == 0 else 3)
        boss = int(view.is_boss(c) and not view.is_trump(c) and view.points(c) >= 10)
        return (-keep - boss, view.points(c) + style.bonus(c), -view.strength(c))

    return max(bits(cards), key=key)


def _cheapest_winner(view: PlayView, style: Style, cards: list[int]) -> int:
    return min(
        cards,
        key=lambda c: (int(view.is_trump(c)), style.bonus(c), view.strength(c), view.points(c)),
    )


def choose_card(view: PlayView, style: Style) -> int:
    """The card to play now (one of ``view.legal``)."""
    legal = view.legal
    if legal & (legal - 1) == 0:
        return bits(legal)[0]
    if not view.trick:
        return lead(view, style)
    winning = view.winner()
    assert winning is not None
    later = view.still_to_play()
    opponents_later = [s for s in later if not view.friendly(s)]
    at_stake = sum(value(view, style, c) for _, c in view.trick) + style.trick_worth
    if view.friendly(winning[0]):
        partner_card = winning[1]
        if not opponents_later or _stands(view, partner_card, opponents_later):
            return _smear(view, style, legal)
        # partner may be beaten: take over safely if we can and it is worth it
        winners = [c for c in bits(legal) if view.would_win(c) and view.safe_win(c)]
        if winners and at_stake >= style.gamble_from:
            return _cheapest_winner(view, style, winners)
        return _discard(view, style, legal)
    winners = [c for c in bits(legal) if view.would_win(c)]
    if winners:
        sure = [c for c in winners if view.safe_win(c)]
        if sure:
            card = _cheapest_winner(view, style, sure)
            cost = value(view, style, card) if view.is_trump(card) else 0
            if at_stake + value(view, style, card) > 0 or cost == 0 or not later:
                return card
        elif at_stake >= style.gamble_from:
            return max(winners, key=lambda c: (view.strength(c), -style.bonus(c)))
    return _discard(view, style, legal)


def _stands(view: PlayView, card: int, opponents: list[int]) -> bool:
    threats = view.others_cards(opponents)
    led = view.led_suit
    for c in bits(threats):
        if view.rules.beats(c, card, led) and (view.suit(c) == led or view.is_trump(c)):
            return False
    return True


def lead(view: PlayView, style: Style) -> int:
    legal = view.legal
    trumps = legal & view.rules.trump_cards if view.trump >= 0 else 0
    opponents = [s for s in view.active if not view.friendly(s)]
    opp_cards = view.others_cards(opponents)
    opp_trumps = opp_cards & view.rules.trump_cards if view.trump >= 0 else 0
    # 1. draw trumps with the top trump
    if style.pull_trumps and trumps and opp_trumps:
        top = max(bits(trumps), key=view.strength)
        if view.is_boss(top):
            return top
    # 2. cash a sure winner in a plain suit the opponents can still follow (or cannot trump)
    cashable = []
    for c in bits(legal & ~trumps):
        if not view.is_boss(c):
            continue
        suit = view.suit(c)
        ruffers = [
            s for s in opponents if view.is_void(s, suit) and not view.is_void(s, view.trump)
        ]
        if ruffers and opp_trumps:
            continue
        cashable.append(c)
    if cashable:
        return max(cashable, key=lambda c: (value(view, style, c), view.strength(c)))
    # 3. a trump lead when trumps are all that is left or drawing trumps pays
    plain = legal & ~trumps
    if not plain:
        top = max(bits(trumps), key=view.strength)
        if view.is_boss(top):
            return top
        return _cheapest(view, style, trumps)

    # 4. a low card, from a suit the partner wants or in which we hold no unguarded honour
    def key(c: int) -> tuple[int, int, int, int]:
        suit = view.suit(c)
        prefer = 0 if suit in style.prefer_lead else (2 if suit in style.avoid_lead else 1)
        return (prefer, value(view, style, c), view.strength(c), c)

    return min(bits(plain), key=key)
