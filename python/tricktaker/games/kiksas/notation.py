"""The position text of a Kiksas or Trikiksis deal: written by ``KiksasDeal.position()``, read
by ``KiksasGame.parse_position()``.

Format: ``type=writing_off dealer=C [targets=62/76] [trump=H] A:<A> <B> <C> [<D>] [| actions]``.
Hands are ``S.H.D.C`` ranks (``AKT.9.QJ.-``) as dealt; the Trikiksis First's hand of a later
deal is ``<first six>+<last two>``. The actions after ``|`` (the Akis round, cards,
``su_dviem``, ``pass``, ``lead``, ``decline``) are applied in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from tricktaker.cards import Card, Suit
from tricktaker.errors import Error
from tricktaker.games.kiksas.options import SEATS
from tricktaker.notation import format_hand, parse_hand, split_position


@dataclass(frozen=True)
class Position:
    """A position text read: the deal's set-up and the actions taken since the trump choice."""

    deal_type: str
    dealer: str
    targets: list[int] | None
    trump: str | None
    hands: list[list[Card]]
    plays: list[str]


def write_position(
    *,
    deal_type: str,
    dealer: int,
    first: int,
    trikiksis: bool,
    targets: tuple[int, int] | None,
    trump: Suit | None,
    hands_dealt: list[list[Card]],
    actions: list[str],
) -> str:
    """The position text of a deal dealt ``hands_dealt`` (``first`` is the First's seat) with
    ``actions`` taken since the trump choice; the first deal's trumps (clubs) go unwritten."""
    parts = [f"type={deal_type}", f"dealer={SEATS[dealer]}"]
    if targets is not None:
        parts.append(f"targets={targets[0]}/{targets[1]}")
    if trump is not None and deal_type != "first":
        parts.append(f"trump={trump.letter}")
    hands = []
    for seat, hand in enumerate(hands_dealt):
        if trikiksis and seat == first and deal_type != "first":
            hands.append(format_hand(hand[:6]) + "+" + format_hand(hand[6:]))
        else:
            hands.append(format_hand(hand))
    text = " ".join(parts) + " A:" + " ".join(hands)
    if actions:
        text += " | " + " ".join(actions)
    return text


def read_position(text: str, num_seats: int) -> Position:
    """Read a position text for a table of ``num_seats``; a malformed text raises
    ``ValueError`` saying what is wrong."""
    fields, hands_text, plays = split_position(
        text, "A", ("type", "dealer", "targets", "trump"), ("type", "dealer")
    )
    if len(hands_text) != num_seats:
        raise Error(
            f"malformed position: expected A: followed by {num_seats} hands, got {len(hands_text)}"
        )
    hands = []
    for h in hands_text:
        six, plus, two = h.partition("+")
        hands.append(parse_hand(six) + (parse_hand(two) if plus else []))
    targets: list[int] | None = None
    if "targets" in fields:
        try:
            targets = [int(t) for t in fields["targets"].split("/")]
        except ValueError:
            raise Error(
                f"malformed position: targets={fields['targets']!r}; expected e.g. 62/76"
            ) from None
    return Position(fields["type"], fields["dealer"], targets, fields.get("trump"), hands, plays)
