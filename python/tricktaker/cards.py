"""Cards, suits and ranks, with the notation of the whole project.

A card is written rank then suit: ``2``-``9``, ``T`` (also ``10``), ``J``, ``Q``, ``K``, ``A``
and ``S H D C`` (also ``♠♥♦♣``); the jokers are ``RJ`` (red) and ``BJ`` (black).

>>> Card.parse("10♥")
Card('TH')
>>> Card.parse("jd").pretty()
'J♦'
>>> [str(c) for c in cards_from_mask(mask_from_cards(parse_cards("AS KH RJ")))]
['AS', 'RJ', 'KH']
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from typing import Any

from tricktaker import _core
from tricktaker.errors import Error, require_text, short_repr


class Suit(enum.IntEnum):
    """The four suits, in the order of the card ids' 16-bit lanes."""

    SPADES = 0
    HEARTS = 1
    DIAMONDS = 2
    CLUBS = 3

    @property
    def letter(self) -> str:
        return "SHDC"[self]

    @property
    def symbol(self) -> str:
        return "♠♥♦♣"[self]

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """Read ``S H D C`` (any case), a suit symbol or a full name."""
        if isinstance(text, Suit):
            return text
        if not isinstance(text, str):
            raise Error(f"a suit is written as S H D C or ♠ ♥ ♦ ♣, got {short_repr(text)}")
        key = text.strip().upper()
        for suit in cls:
            if key in (suit.letter, suit.symbol, suit.name) or text.strip() == suit.symbol:
                return suit
        for suit, white in zip(cls, "♤♡♢♧", strict=True):
            if text.strip() == white:
                return suit
        raise Error(f"malformed suit {short_repr(text)}: expected one of S H D C or ♠ ♥ ♦ ♣")


class Rank(enum.IntEnum):
    """Ranks in natural order, as the low bits of a card id."""

    TWO = 0
    THREE = 1
    FOUR = 2
    FIVE = 3
    SIX = 4
    SEVEN = 5
    EIGHT = 6
    NINE = 7
    TEN = 8
    JACK = 9
    QUEEN = 10
    KING = 11
    ACE = 12

    @property
    def letter(self) -> str:
        return "23456789TJQKA"[self]

    def __str__(self) -> str:
        return self.letter

    @classmethod
    def parse(cls, text: str | Rank) -> Rank:
        if isinstance(text, Rank):
            return text
        if not isinstance(text, str):
            raise Error(f"a rank is written as 2-9, T or 10, J, Q, K, A, got {short_repr(text)}")
        key = text.strip().upper()
        if key == "10":
            return cls.TEN
        for rank in cls:
            if key == rank.letter:
                return rank
        raise Error(f"malformed rank {short_repr(text)}: expected 2-9, T or 10, J, Q, K, A")


class Card:
    """One card, a small immutable value with the core's card id (see cards.h for the layout)."""

    __slots__ = ("_id", "_text")
    _id: int
    _text: str

    RED_JOKER_ID = _core.RED_JOKER
    BLACK_JOKER_ID = _core.BLACK_JOKER

    def __new__(cls, card_id: int) -> Card:
        cached = _BY_ID.get(card_id)
        if cached is not None:
            return cached
        if not isinstance(card_id, int) or not (_core.ALL_CARDS >> card_id) & 1:
            raise Error(f"not a card id: {card_id!r}")
        obj = object.__new__(cls)
        object.__setattr__(obj, "_id", card_id)
        object.__setattr__(obj, "_text", _core.card_to_string(card_id))
        return obj

    @classmethod
    def make(cls, rank: Rank | str, suit: Suit | str) -> Card:
        return cls(Suit.parse(suit) * 16 + Rank.parse(rank))

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """Read a card such as ``"JH"``, ``"10♥"``, ``"th"`` or ``"RJ"``."""
        if isinstance(text, Card):
            return text
        if not isinstance(text, str):
            raise Error(f"a card is written as text such as 'JH', got {short_repr(text)}")
        cached = _BY_TEXT.get(text)
        if cached is not None:
            return cached
        return cls(_core.parse_card(text))

    @property
    def id(self) -> int:
        return self._id

    @property
    def is_joker(self) -> bool:
        return self._id in (_core.RED_JOKER, _core.BLACK_JOKER)

    @property
    def suit(self) -> Suit | None:
        """The printed suit; None for a joker."""
        return None if self.is_joker else Suit(self._id >> 4)

    @property
    def rank(self) -> Rank | None:
        """The printed rank; None for a joker."""
        return None if self.is_joker else Rank(self._id & 15)

    @property
    def mask(self) -> int:
        return 1 << self._id

    def pretty(self) -> str:
        """Rank and suit symbol, with ``10`` for tens: ``10♥``, ``J♠``, ``RJ``."""
        if self.is_joker:
            return str(self)
        rank = "10" if self.rank == Rank.TEN else str(self.rank)
        assert self.suit is not None
        return rank + self.suit.symbol

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({str(self)!r})"

    # Equality is object identity (inherited): a card is interned, one object per id, which
    # Card(), parse, copies and unpickling all return. Identity is tested in C, which keeps
    # ``card in hand`` and ``hand.remove(card)`` fast.

    def __lt__(self, other: Card) -> bool:
        return self._id < other._id

    def __hash__(self) -> int:
        return hash(self._id)

    def __setattr__(self, name: str, value: object) -> None:
        raise AttributeError("Card is immutable")

    def __reduce__(self) -> tuple[type[Card], tuple[int]]:
        return (Card, (self._id,))


_BY_ID: dict[int, Card] = {}
for _id in range(64):
    if (_core.ALL_CARDS >> _id) & 1:
        _BY_ID[_id] = Card(_id)
# The canonical text of every card, for a parse without a call into the core.
_BY_TEXT: dict[str, Card] = {str(card): card for card in _BY_ID.values()}

# The card of each id (None where no card has the id), for ``mask_to_items``.
_TABLE: list[Card | None] = [_BY_ID.get(i) for i in range(64)]

CardLike = Card | str


def cards_from_mask(mask: int) -> list[Card]:
    """The cards of a bit mask, in id order."""
    return _core.mask_to_items(mask, _TABLE)


def iter_mask(mask: int) -> Iterator[Card]:
    yield from cards_from_mask(mask)


def mask_from_cards(cards: Iterable[CardLike]) -> int:
    mask = 0
    for card in cards:
        # A Card (the common case: a hand's) gives its id; anything else is read as a card.
        mask |= 1 << (card._id if type(card) is Card else Card.parse(card).id)
    return mask


def parse_cards(text: str) -> list[Card]:
    """Read cards separated by spaces or commas: ``"AS KH 10D"``."""
    return [Card.parse(tok) for tok in require_text(text, "cards").replace(",", " ").split()]


def parse_card_list(items: Any) -> list[Card]:
    """Cards given as a text (``"AS KH 10D"``) or a list of cards or card texts, as a deal's
    ``hands=`` or ``deck=`` and a JSON set-up hold them; anything else raises ``tt.Error``."""
    if isinstance(items, str):
        return parse_cards(items)
    if not isinstance(items, (list, tuple)):
        raise Error(f"cards are a list or a text such as 'AS KS', got {short_repr(items)}")
    return [Card.parse(c) for c in items]


def deck(ranks: Iterable[Rank], jokers: int = 0) -> list[Card]:
    """Cards of the given ranks in every suit (suit-major), plus 0-2 jokers (red first)."""
    rank_list = list(ranks)
    cards = [Card.make(r, s) for s in Suit for r in rank_list]
    return cards + [Card(_core.RED_JOKER), Card(_core.BLACK_JOKER)][:jokers]
