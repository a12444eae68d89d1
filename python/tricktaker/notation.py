"""Hand notation shared by the games' position texts: PBN-style ``S.H.D.C`` rank lists.

>>> format_hand(parse_hand("AKT.9.QJ7.-"))
'AKT.9.QJ7.-'
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from tricktaker.cards import Card, Rank, Suit
from tricktaker.errors import Error

_RANK_ORDER = "AKQJT98765432"


def format_hand(cards: Iterable[Card]) -> str:
    """Ranks of each suit, high to low, suits in the order S.H.D.C; ``-`` for a void suit.

    Jokers follow after a final ``.`` as ``RJ``/``BJ`` (``AK.-.-.-.RJ``).
    """
    by_suit: dict[Suit, list[str]] = {s: [] for s in Suit}
    jokers: list[str] = []
    for card in cards:
        if card.suit is None:
            jokers.append(str(card))
        else:
            assert card.rank is not None
            by_suit[card.suit].append(card.rank.letter)
    parts = []
    for suit in Suit:
        ranks = sorted(by_suit[suit], key=_RANK_ORDER.index)
        parts.append("".join(ranks) or "-")
    text = ".".join(parts)
    if jokers:
        text += "." + "".join(sorted(jokers, reverse=True))
    return text


def parse_hand(text: str) -> list[Card]:
    """Read ``AKT.9.QJ7.-`` (suits S.H.D.C, ``-`` or nothing for a void, ``10`` allowed)."""
    parts = text.strip().split(".")
    if len(parts) not in (4, 5):
        raise Error(
            f"malformed hand {text!r}: expected four suits separated by dots (S.H.D.C), "
            "e.g. 'AKT.9.QJ7.-'"
        )
    cards: list[Card] = []
    for suit, ranks in zip(Suit, parts[:4], strict=True):
        ranks = ranks.replace("10", "T")
        if ranks == "-":
            continue
        for ch in ranks:
            try:
                rank = Rank.parse(ch)
            except ValueError:
                raise Error(
                    f"malformed hand {text!r}: {ch!r} is not a rank in the {suit.name.lower()}"
                ) from None
            cards.append(Card.make(rank, suit))
    if len(parts) == 5 and parts[4] not in ("", "-"):
        jokers = parts[4].upper()
        if len(jokers) % 2 or any(
            jokers[i : i + 2] not in ("RJ", "BJ") for i in range(0, len(jokers), 2)
        ):
            raise Error(f"malformed hand {text!r}: the fifth part holds only RJ and BJ")
        cards += [Card.parse(jokers[i : i + 2]) for i in range(0, len(jokers), 2)]
    if len(set(cards)) != len(cards):
        raise Error(f"malformed hand {text!r}: a card appears twice")
    return cards


def split_position(
    text: str,
    first_seat: str,
    keys: Sequence[str],
    required: Sequence[str],
) -> tuple[dict[str, str], list[str], list[str]]:
    """Split a position text ``key=value ... <first_seat>:<hand> <hand> ... [| actions]``.

    Returns the fields, the hand texts (first seat first) and the actions after ``|``. Raises
    ``ValueError`` naming an unexpected token or a missing required field.

    >>> split_position("dealer=W N:AK.-.-.- Q.-.-.- | AS", "N", ("dealer",), ("dealer",))
    ({'dealer': 'W'}, ['AK.-.-.-', 'Q.-.-.-'], ['AS'])
    """
    head, _, plays = text.partition("|")
    tokens = head.split()
    prefix = first_seat.upper() + ":"
    fields: dict[str, str] = {}
    hands: list[str] = []
    for i, tok in enumerate(tokens):
        if tok[: len(prefix)].upper() == prefix:
            hands = [tok[len(prefix) :]] + tokens[i + 1 :]
            break
        key, eq, value = tok.partition("=")
        if not eq or key not in keys:
            expected = ", ".join(f"{k}=" for k in keys)
            raise Error(
                f"malformed position: unexpected {tok!r}; expected {expected} and then "
                f"{prefix}<hands>"
            )
        fields[key] = value
    for key in required:
        if key not in fields:
            raise Error(f"malformed position: {key}= is missing")
    return fields, hands, plays.split()
