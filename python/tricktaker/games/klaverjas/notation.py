"""The position text of a Klaverjas deal: written by ``KlaverjasDeal.position()``, read by
``KlaverjasGame.parse_position()``.

Format: ``dealer=W trump=D declarer=N [rules=amsterdam] N:<N> <E> <S> <W> [| cards]``, where
each hand is ``S.H.D.C`` ranks (``AKT.9.QJ7.-``) as dealt and the cards after ``|`` are played
in order. The ``rules`` token must match the game's ``play_rules``.
"""

from __future__ import annotations

from dataclasses import dataclass

from tricktaker.cards import Card, Suit
from tricktaker.errors import Error
from tricktaker.games.klaverjas.options import NUM_SEATS, SEATS
from tricktaker.notation import format_hand, parse_hand, split_position


@dataclass(frozen=True)
class Position:
    """A position text read: the deal's set-up and the cards played since."""

    dealer: str
    trump: str
    declarer: str
    hands: list[list[Card]]
    plays: list[str]


def write_position(
    *,
    dealer: int,
    trump: Suit,
    declarer: int,
    play_rules: str,
    hands_dealt: list[list[Card]],
    played: list[str],
) -> str:
    """The position text of a deal dealt ``hands_dealt`` with ``played`` cards since."""
    hands = " ".join(format_hand(h) for h in hands_dealt)
    text = (
        f"dealer={SEATS[dealer]} trump={trump.letter} "
        f"declarer={SEATS[declarer]} rules={play_rules} N:{hands}"
    )
    if played:
        text += " | " + " ".join(played)
    return text


def read_position(text: str, play_rules: str) -> Position:
    """Read a position text for a game that plays ``play_rules``; a malformed text, or one for
    the other rules, raises ``ValueError`` saying what is wrong."""
    fields, hands_text, plays = split_position(
        text, "N", ("dealer", "trump", "declarer", "rules"), ("dealer", "trump", "declarer")
    )
    if len(hands_text) != NUM_SEATS:
        raise Error(f"malformed position: expected N: followed by 4 hands, got {len(hands_text)}")
    rules = fields.get("rules", play_rules)
    if rules != play_rules:
        raise Error(
            f"position is for rules={rules} but this game plays {play_rules}; "
            f"load it with tt.load('klaverjas', play_rules={rules!r})"
        )
    hands = [parse_hand(h) for h in hands_text]
    return Position(fields["dealer"], fields["trump"], fields["declarer"], hands, plays)
