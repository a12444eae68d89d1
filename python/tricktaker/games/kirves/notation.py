"""The position text of a Kirves play: written by ``KirvesDeal.position()``, read by
``KirvesGame.parse_position()``."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from tricktaker import _core
from tricktaker.cards import Card, cards_from_mask
from tricktaker.errors import IllegalAction
from tricktaker.games.kirves.common import NORMAL, SEAT_NAMES
from tricktaker.games.kirves.state import KirvesDealState
from tricktaker.notation import format_hand, parse_hand, split_position

if TYPE_CHECKING:
    from tricktaker.games.kirves.deal import KirvesDeal

POSITION_KEYS = ("players", "dealer", "trump", "maker", "kind", "folded", "out")


class PositionWriter(KirvesDealState):
    """The deal's side of the position text."""

    def position(self) -> str:
        """The position text of the play: see ``KirvesGame.parse_position``."""
        if self.state is None or self.trump is None or self.kind is None:
            raise IllegalAction("a position needs the trump and sides; it starts with the play")
        names = SEAT_NAMES
        head = [f"players={self.num_players}", f"dealer={names[self.dealer]}"]
        head.append(f"trump={self.trump.letter}")
        if self.kind == NORMAL:
            assert self.trump_maker is not None
            head.append(f"maker={names[self.trump_maker]}")
        else:
            head.append(f"kind={self.kind}")
        if self.folded:
            head.append("folded=" + ",".join(names[p] for p in sorted(self.folded)))
        out = [p for p in range(self.num_players) if p not in self.participants]
        if out:
            head.append("out=" + ",".join(names[p] for p in out))
        hands = []
        history = self.state.history()
        for p in range(self.num_players):
            if p not in self.participants or p in self.folded:
                hands.append("*")
                continue
            held = cards_from_mask(self.state.hand(p))
            played = [Card(c) for q, c in history if q == p]
            hands.append(format_hand(held + played))
        text = " ".join(head) + " A:" + " ".join(hands)
        if self.state.cards_played:
            text += " | " + " ".join(_core.card_to_string(c) for _, c in self.state.history())
        return text


class PositionReader:
    """The game's side of the position text."""

    if TYPE_CHECKING:
        # Defined by KirvesGame; declared for the type checker.
        num_players: int

        def seat(self, seat: int | str) -> int: ...

        def new_deal(self, *args: Any, **kwargs: Any) -> KirvesDeal: ...

    def parse_position(self, text: str) -> KirvesDeal:
        """Read a position written by ``KirvesDeal.position()``.

        Format: ``players=4 dealer=C trump=S maker=B [folded=D] [out=E] A:<A> <B> <C> <D>
        [| cards]``, where ``kind=cut_jack`` or ``kind=free_for_all`` replaces ``maker=``, each
        hand is ``S.H.D.C[.jokers]`` ranks (``AKT.9.QJ7.-.RJ``) as at the start of the play,
        ``*`` stands for a seat that folded or is out of the leg, and the cards after ``|`` are
        played in order.
        """
        fields, hands_text, plays = split_position(
            text, "A", POSITION_KEYS, ("players", "dealer", "trump")
        )
        if fields["players"] != str(self.num_players):
            raise ValueError(
                f"position is for players={fields['players']} but this game has "
                f"{self.num_players}; load it with tt.load('kirves', "
                f"num_players={fields['players']})"
            )
        if len(hands_text) != self.num_players:
            raise ValueError(
                f"malformed position: expected A: followed by {self.num_players} hands, "
                f"got {len(hands_text)}"
            )
        folded = [f for f in fields.get("folded", "").split(",") if f]
        out = {self.seat(f) for f in fields.get("out", "").split(",") if f}
        hands: list[Any] = []
        for h in hands_text:
            hands.append(None if h == "*" else parse_hand(h))
        for p in range(self.num_players):
            star = hands[p] is None
            if star != (p in out or SEAT_NAMES[p] in [f.upper() for f in folded]):
                raise ValueError(
                    f"malformed position: {SEAT_NAMES[p]} is written '*' exactly when it "
                    "folded or is out"
                )
        parts = [p for p in range(self.num_players) if p not in out]
        deal = self.new_deal(
            seed=0,
            dealer=fields["dealer"],
            participants=list(parts),
            hands=hands,
            trump=fields["trump"],
            trump_maker=fields.get("maker"),
            kind=fields.get("kind"),
            folded=list(folded),
        )
        for tok in plays:
            deal.apply(tok)
        return deal
