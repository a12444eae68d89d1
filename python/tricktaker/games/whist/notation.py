"""The position text of a whist deal: written by ``WhistDeal.position()``, read by
``WhistGame.parse_position()``.

Format: ``[trump=NT] [leader=W] N:<four hands> [| cards played]``: a PBN deal (the seat of the
first hand, a colon, then four hands clockwise, each ``spades.hearts.diamonds.clubs``) with the
trump and the leader before it. A bare PBN deal leads from its first seat, with no trump.
"""

from __future__ import annotations

from dataclasses import dataclass

from tricktaker import _core
from tricktaker.errors import Error
from tricktaker.games.whist.options import SEATS, STRAINS


@dataclass(frozen=True)
class Position:
    """A position text read: the deal's set-up and the cards played since."""

    pbn: str
    trump: str
    leader: str
    plays: list[str]


def write_position(*, strain: int, leader: int, hands_dealt: list[int], played: list[str]) -> str:
    """The position text of a deal dealt ``hands_dealt`` (card masks, N first) with ``played``
    cards since."""
    text = f"trump={STRAINS[strain]} leader={SEATS[leader]} {_core.format_pbn(hands_dealt)}"
    if played:
        text += " | " + " ".join(played)
    return text


def read_position(text: str) -> Position:
    """Read a position text; a malformed head raises ``ValueError`` naming the token (the PBN
    deal itself is checked when the deal is set up)."""
    head, _, plays = text.partition("|")
    fields: dict[str, str] = {}
    rest = head.strip()
    while rest and "=" in rest.split(None, 1)[0]:
        token, _, rest = rest.partition(" ")
        key, _, value = token.partition("=")
        if key not in ("trump", "leader"):
            raise Error(
                f"malformed position: unexpected {token!r}; expected trump=, leader= and "
                "then a PBN deal"
            )
        fields[key] = value
        rest = rest.strip()
    pbn = rest
    leader = fields.get("leader", pbn[:1] if pbn[:1].upper() in SEATS else "N")
    return Position(pbn, fields.get("trump", "NT"), leader, plays.split())
