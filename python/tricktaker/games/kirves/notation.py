"""The position text of a Kirves play: written by ``KirvesDeal.position()``, read by
``KirvesGame.parse_position()``.

Format: ``players=4 dealer=C trump=S maker=B [folded=D] [out=E] A:<A> <B> <C> <D> [| cards]``,
where ``kind=cut_jack`` or ``kind=free_for_all`` replaces ``maker=``, each hand is
``S.H.D.C[.jokers]`` ranks (``AKT.9.QJ7.-.RJ``) as at the start of the play, ``*`` stands for a
seat that folded or is out of the leg, and the cards after ``|`` are played in order.
"""

from __future__ import annotations

from dataclasses import dataclass

from tricktaker.cards import Card, Suit
from tricktaker.errors import Error
from tricktaker.games.kirves.options import SEAT_NAMES, seat_index
from tricktaker.games.kirves.result import NORMAL
from tricktaker.notation import format_hand, parse_hand, split_position

POSITION_KEYS = ("players", "dealer", "trump", "maker", "kind", "folded", "out")


@dataclass(frozen=True)
class Position:
    """A position text read: the set-up of the play (as ``KirvesGame.new_deal`` takes it) and
    the cards played since."""

    dealer: str
    participants: list[int]
    hands: list[list[Card] | None]  # None for a seat that folded or is out
    trump: str
    trump_maker: str | None
    kind: str | None
    folded: list[str]
    plays: list[str]


def write_position(
    *,
    num_players: int,
    dealer: int,
    trump: Suit,
    kind: str,
    trump_maker: int | None,
    folded: list[int],
    out: list[int],
    hands: list[list[Card] | None],
    played: list[str],
) -> str:
    """The position text of a play: ``hands`` are the cards each seat held at its start (None
    for a seat that folded or is out), ``played`` the cards played since."""
    names = SEAT_NAMES
    head = [f"players={num_players}", f"dealer={names[dealer]}"]
    head.append(f"trump={trump.letter}")
    if kind == NORMAL:
        assert trump_maker is not None
        head.append(f"maker={names[trump_maker]}")
    else:
        head.append(f"kind={kind}")
    if folded:
        head.append("folded=" + ",".join(names[p] for p in sorted(folded)))
    if out:
        head.append("out=" + ",".join(names[p] for p in out))
    text = " ".join(head) + " A:" + " ".join("*" if h is None else format_hand(h) for h in hands)
    if played:
        text += " | " + " ".join(played)
    return text


def read_position(text: str, num_players: int) -> Position:
    """Read a position text for a game of ``num_players``; a malformed text, or one for
    another number of players, raises ``ValueError`` saying what is wrong."""
    fields, hands_text, plays = split_position(
        text, "A", POSITION_KEYS, ("players", "dealer", "trump")
    )
    if fields["players"] != str(num_players):
        raise Error(
            f"position is for players={fields['players']} but this game has "
            f"{num_players}; load it with tt.load('kirves', "
            f"num_players={fields['players']})"
        )
    if len(hands_text) != num_players:
        raise Error(
            f"malformed position: expected A: followed by {num_players} hands, "
            f"got {len(hands_text)}"
        )
    folded = [f for f in fields.get("folded", "").split(",") if f]
    out = {seat_index(f, num_players) for f in fields.get("out", "").split(",") if f}
    hands: list[list[Card] | None] = []
    for h in hands_text:
        hands.append(None if h == "*" else parse_hand(h))
    for p in range(num_players):
        star = hands[p] is None
        if star != (p in out or SEAT_NAMES[p] in [f.upper() for f in folded]):
            raise Error(
                f"malformed position: {SEAT_NAMES[p]} is written '*' exactly when it "
                "folded or is out"
            )
    return Position(
        dealer=fields["dealer"],
        participants=[p for p in range(num_players) if p not in out],
        hands=hands,
        trump=fields["trump"],
        trump_maker=fields.get("maker"),
        kind=fields.get("kind"),
        folded=folded,
        plays=plays,
    )
