"""A seat's view of the card play, built from its observation alone, and the card masks it uses.

A ``PlayView`` is the public state of the trick play as one seat sees it: the rules table of
the deal (the game's own, from the core), who sits where and on which side, the current trick,
every card played so far, the seat's own hand and the cards it cannot see. Each family's
``bot.py`` builds one from an observation; its rule-based bot reads it to choose a card and the
PIMC bot to sample the hidden hands.

>>> mask = mask_of(["AS", "7H"])
>>> [str(Card(c)) for c in bits(mask)], count(mask)
(['AS', '7H'], 2)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card
from tricktaker.protocol.base import CARD_NAMES, Action
from tricktaker.protocol.seat_play import SeatPlay

# The id of each card's canonical text ("AS", "TH", "RJ"), as observations write cards.
CARD_IDS: dict[str, int] = {name: card for card, name in enumerate(CARD_NAMES) if name}

__all__ = [
    "PlayView",
    "bits",
    "card_id",
    "count",
    "legal_mask",
    "mask_of",
    "observation_tricks",
    "play_exclusions",
    "seen_play",
]


def card_id(text: str) -> int:
    """The id of a card written as text (``"AS"``)."""
    known = CARD_IDS.get(text)  # observations write cards in their canonical text
    return Card.parse(text).id if known is None else known


def mask_of(cards: Sequence[str]) -> int:
    """The mask of cards written as text, as an observation lists them."""
    mask = 0
    for text in cards:
        mask |= 1 << card_id(text)
    return mask


def bits(mask: int) -> list[int]:
    """The card ids of a mask, lowest first."""
    return _core.mask_to_ids(mask)


def count(mask: int) -> int:
    """How many cards a mask holds."""
    return mask.bit_count()


def legal_mask(legal: Sequence[Action]) -> int:
    """The card actions of ``legal`` as a mask."""
    mask = 0
    for action in legal:
        if action.card is not None:
            mask |= action.card.mask
    return mask


@dataclass
class PlayView:
    """The trick play as one seat sees it.

    ``history`` lists every card played in the deal as (seat, card id), completed tricks first;
    ``trick`` is the current trick. ``unseen`` holds the cards that may be in another seat's hand
    (or out of play in a stock); ``hidden`` gives how many unseen cards each seat holds.
    """

    rules: _core.RulesTable
    num_seats: int
    me: int
    sides: list[int]
    active: list[int]  # seats taking part in the play, in turn order from seat 0
    hand: int
    legal: int
    trick: list[tuple[int, int]]
    history: list[tuple[int, int]]
    unseen: int
    hidden: list[int]
    known: dict[int, int] = field(default_factory=dict)  # seat -> cards known to be held
    # seat -> unseen cards it cannot hold: holding one would have made one of its plays illegal
    excluded: dict[int, int] = field(default_factory=dict)

    # --- derived facts ------------------------------------------------------------------

    def suit(self, card: int) -> int:
        return self.rules.effective_suit(card)

    def strength(self, card: int) -> int:
        return self.rules.strength(card)

    def points(self, card: int) -> int:
        return self.rules.points(card)

    @property
    def trump(self) -> int:
        return self.rules.trump

    def is_trump(self, card: int) -> bool:
        return self.trump >= 0 and self.suit(card) == self.trump

    def partner_of(self, seat: int) -> bool:
        return seat != self.me and self.sides[seat] == self.sides[self.me]

    def friendly(self, seat: int) -> bool:
        return self.sides[seat] == self.sides[self.me]

    @property
    def led_suit(self) -> int:
        return self.suit(self.trick[0][1]) if self.trick else -1

    def beats(self, card: int, winning: int) -> bool:
        return self.rules.beats(card, winning, self.led_suit if self.trick else self.suit(card))

    def winner(self) -> tuple[int, int] | None:
        """(seat, card) winning the current trick so far, or None when it is empty."""
        trick = self.trick
        if not trick:
            return None
        best = trick[0]
        beats = self.rules.beats
        led = self.rules.effective_suit(best[1])
        for seat, card in trick[1:]:
            if beats(card, best[1], led):
                best = (seat, card)
        return best

    def still_to_play(self) -> list[int]:
        """The seats that play to the current trick after this seat, in order."""
        order = self.active
        i = order.index(self.me)
        size = len(order)
        left = size - len(self.trick) - 1
        return [order[(i + k) % size] for k in range(1, left + 1)]

    def is_void(self, seat: int, suit: int) -> bool:
        """Whether ``seat`` has shown it holds no unseen card of the effective ``suit``."""
        if suit < 0 or self.known.get(seat, 0) & self.rules.suit_cards(suit):
            return False
        cards = self.unseen & self.rules.suit_cards(suit)
        return cards & ~self.excluded.get(seat, 0) == 0

    def others_cards(self, seats: Sequence[int]) -> int:
        """The cards any of ``seats`` may hold: unseen cards their plays allow, plus known ones."""
        mask = 0
        for seat in seats:
            mask |= self.known.get(seat, 0)
            allowed = self.unseen & ~self.excluded.get(seat, 0)
            if seat in self.known and self.hidden[seat] == 0:
                allowed = 0
            mask |= allowed
        return mask

    def would_win(self, card: int, winning: int | None = None) -> bool:
        """Whether ``card`` beats the trick's winning card now (ignoring later players)."""
        w = self.winner() if winning is None else (0, winning)
        if w is None:
            return True
        return self.rules.beats(card, w[1], self.led_suit)

    def safe_win(self, card: int) -> bool:
        """Whether ``card`` wins the trick whatever the seats still to play may hold."""
        if not self.would_win(card):
            return False
        later = self.still_to_play()
        opponents = [s for s in later if not self.friendly(s)]
        if not opponents:
            return True
        threats = self.others_cards(opponents)
        led = self.led_suit if self.trick else self.suit(card)
        # an opponent can only play c if it follows the rules; approximate: a card of the led
        # suit or a trump (when he may be void in the led suit) is a threat
        return not any(
            self.rules.beats(c, card, led) and (self.suit(c) == led or self.is_trump(c))
            for c in bits(threats)
        )

    def is_boss(self, card: int) -> bool:
        """No card another seat may hold is stronger in ``card``'s effective suit."""
        rules = self.rules
        rivals = self.unseen | sum(self.known.values()) if self.known else self.unseen
        rivals &= rules.suit_cards(rules.effective_suit(card)) & ~self.hand
        if not rivals:
            return True
        strength = rules.strength
        mine = strength(card)
        return all(strength(c) < mine for c in _core.mask_to_ids(rivals))

    def cards_in(self, mask: int, suit: int) -> int:
        return mask & self.rules.suit_cards(suit)

    def trick_points(self) -> int:
        return sum(self.points(c) for _, c in self.trick)


def play_exclusions(view: PlayView, *, fixed_leader: int = -1, tricks: int = 0) -> dict[int, int]:
    """The unseen cards each other seat cannot hold, from its plays: the core's
    ``play_exclusions`` (every duty of the follow policy of ``view.rules``) on the view's history,
    replayed on a play state whose unknown cards are placeholders (they prove nothing). Empty
    when there is no history or it does not replay (an illegal play that was accepted)."""
    if not view.history:
        return {}
    n = view.num_seats
    played = [0] * n
    for seat, card in view.history:
        played[seat] |= 1 << card
    size = (view.hand | played[view.me]).bit_count()  # every hand's size at the start
    fillers = bits(view.unseen)
    start = [0] * n
    for seat in view.active:
        start[seat] = played[seat] | (view.hand if seat == view.me else 0)
        start[seat] |= view.known.get(seat, 0)
        need = size - start[seat].bit_count()
        if need < 0 or need > len(fillers):
            return {}
        for card in fillers[:need]:
            start[seat] |= 1 << card
        fillers = fillers[need:]
    try:
        # The arguments by position (rules, hands, sides, leader, active, first_lead_cards,
        # fixed_leader, folding, tricks): the bindings take keywords several times slower.
        active = sum(1 << s for s in view.active)
        state = _core.PlayState(
            view.rules,
            start,
            view.sides,
            view.history[0][0],
            active,
            0,
            fixed_leader,
            False,
            tricks,
        )
        # Any held card: the placeholders may make a real play look illegal.
        if not state.replay_held(view.history):
            return {}
    except ValueError:
        return {}
    known = [view.hand if s == view.me else view.known.get(s, 0) for s in range(n)]
    excluded = _core.play_exclusions(state, known, view.unseen)
    return {s: int(m) for s, m in enumerate(excluded) if s != view.me and m}


def observation_tricks(
    obs: Mapping[str, Any], seat_index: Callable[[str], int]
) -> tuple[list[list[tuple[int, int]]], list[tuple[int, int]]]:
    """Completed tricks and the current trick of an observation, as (seat, card id) lists."""
    ids = CARD_IDS
    done = [
        [(seat_index(s), ids.get(c) or card_id(c)) for s, c in t["cards"]]
        for t in obs.get("tricks") or []
    ]
    current = [(seat_index(s), ids.get(c) or card_id(c)) for s, c in obs.get("trick") or []]
    return done, current


def seen_play(obs: Mapping[str, Any], seat_index: Callable[[str], int]) -> SeatPlay:
    """What ``obs`` shows of the card play as card ids and masks: from the observation itself
    where it offers them (a simulated bot's, ``SeatObservation.seat_play``), else read back from
    its text (the hand, the tricks, the hand sizes)."""
    ask = getattr(obs, "seat_play", None)
    seen: SeatPlay | None = ask() if ask is not None else None
    if seen is None:
        done, current = observation_tricks(obs, seat_index)
        seen = SeatPlay(mask_of(obs["hand"]), done, current, list(obs["hand_sizes"]))
    return seen
