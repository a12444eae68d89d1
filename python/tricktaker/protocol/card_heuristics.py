"""A card-play heuristic every family's rule-based bot shares, tuned per game by a ``Style``.

The obvious tactics of trick-taking games with points: win a trick cheaply when it is worth it
and the win is safe, give points to a partner who is sure to win, throw the cheapest card when
the trick is lost, cash sure winners, draw trumps when the side holds the top trump, and keep
a card the game values on its own (a jack of trumps that scores by itself, say) out of the
opponents' tricks.

The steps, in order (the core's ``choose_card``, cpp/src/card_heuristic.cc, plays them on card
masks in one call; where cards tie, the lowest id):

* one legal card: play it;
* leading: (1) with ``pull_trumps``, the top trump while the opponents may hold trumps, if no
  unseen trump beats it; (2) the sure winner worth most in a plain suit no opponent can ruff;
  (3) holding only trumps: the top trump if it is the boss, else the cheapest; (4) else the
  least worth, weakest card of a suit the partner asked for (``prefer_lead``), then of any suit
  but those to avoid (``avoid_lead``);
* the partner winning: when no opponent left to play can beat him, the card worth most
  (``smear``: keeping trumps and plain bosses worth 10 or more); else the cheapest sure winner
  if the points at stake reach ``gamble_from``, else a discard;
* an opponent winning: the cheapest sure winner (a trump only when the trick is worth it or the
  seat plays last), else with enough at stake the strongest doubtful winner, else a discard
  (no trump, least worth, no boss with points, from the shortest suit, weakest).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from tricktaker import _core
from tricktaker.protocol.card_play import PlayView

__all__ = ["Style", "choose_card", "no_bonus"]


def no_bonus(card: int) -> int:
    """No card is worth more than its points."""
    return 0


@dataclass
class Style:
    """How one game's bot weighs cards and what it leads."""

    # Lead the top trump while the opponents may still hold trumps.
    pull_trumps: bool = False
    # Extra worth of a card beyond its card points (cards that score items of their own, ...).
    bonus: Callable[[int], int] = field(default=no_bonus)
    # Points at stake from which a doubtful win is still tried with the strongest card.
    gamble_from: int = 10
    # What taking a trick is worth by itself (games that count tricks).
    trick_worth: int = 0
    # Suits (effective) the partner asked not to be led, or showed strength in: leads to prefer.
    prefer_lead: set[int] = field(default_factory=set)
    avoid_lead: set[int] = field(default_factory=set)


def suit_mask(suits: set[int]) -> int:
    """Effective suits (0-3) as bits; others can name no card's suit."""
    mask = 0
    for suit in suits:
        if 0 <= suit < 32:
            mask |= 1 << suit
    return mask


def bonus_table(view: PlayView, style: Style) -> list[int] | None:
    """Each card's bonus where the heuristic reads one (the legal cards and the trick's), or
    None when the style has none."""
    if style.bonus is no_bonus:
        return None
    table = [0] * 64
    cards = view.legal
    for _, card in view.trick:
        cards |= 1 << card
    for card in _core.mask_to_ids(cards):
        table[card] = style.bonus(card)
    return table


def choose_card(view: PlayView, style: Style) -> int:
    """The card to play now (one of ``view.legal``)."""
    # The arguments by position: the bindings take keywords several times slower.
    return _core.choose_card(
        view.rules,
        view.me,
        view.sides,
        view.active,
        view.hand,
        view.legal,
        view.trick,
        view.unseen,
        view.hidden,
        view.known,
        view.excluded,
        style.pull_trumps,
        style.gamble_from,
        style.trick_worth,
        suit_mask(style.prefer_lead),
        suit_mask(style.avoid_lead),
        bonus_table(view, style),
    )
