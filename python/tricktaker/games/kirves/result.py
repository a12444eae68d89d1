"""The record of one finished Kirves deal, with the outcomes and kinds of deal it names."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from tricktaker.cards import Card, Suit
from tricktaker.games.kirves.options import SEAT_NAMES

# Outcomes of a deal (KirvesResult.outcome).
PLAYED = "played"
PAAKOT_DECLARED = "paakot"
CONCESSION = "concession"
THROWN_IN = "thrown_in"
VOID = "void"
MISDEAL = "misdeal"

# Kinds of deal (R6, D34).
NORMAL = "normal"
CUT_JACK = "cut_jack"
FREE_FOR_ALL = "free_for_all"


@dataclass(frozen=True)
class KirvesResult:
    """The record of one deal: how it ended, the trump, the sides, and what each seat earned."""

    outcome: str  # played, paakot, concession, thrown_in, void, misdeal
    dealer: int
    cutter: int
    eldest: int
    participants: tuple[int, ...]
    kind: str | None  # normal, cut_jack, free_for_all; None when no trump was fixed
    trump: Suit | None
    turned_card: Card | None
    cut_jack: Card | None
    trump_maker: int | None
    voluntary: bool  # the trump maker chose (R11.1)
    forced: bool  # the dealer had to take the turned card (R3.4, R3.5)
    folded: tuple[int, ...]
    trick_winners: tuple[int, ...]
    winner: int | None  # the winning player (R9.1)
    win_rule: str | None  # three_tricks, first_to_two, last_trick
    conceded_by: int | None
    paakot_holder: int | None  # the declarer of pääköt
    cut_marks: tuple[int, ...]  # given at the cut (revoked for void and misdeal)
    marks: tuple[int, ...]  # every mark of this deal that stands, per seat
    points: tuple[int, ...]  # tournament bonuses of this deal (R11.1-R11.3)
    same_dealer_next: bool  # R10.5 / §10.1: the same dealer deals again
    next_cut_examined: bool
    # R10.1-R10.3, what the deal brings about in its game: who escapes after it, and the one
    # player left without 3 marks, who gets a keppi, or the kirves if he already holds one.
    escaped: tuple[int, ...] = ()
    keppi: int | None = None
    kirves: int | None = None

    @property
    def completed(self) -> bool:
        """A deal that counts (escapes and keppi are checked after it, R10.1)."""
        return self.outcome in (PLAYED, PAAKOT_DECLARED, CONCESSION)

    def to_dict(self) -> dict[str, Any]:
        def seat(s: int | None) -> str | None:
            return None if s is None else SEAT_NAMES[s]

        return {
            "outcome": self.outcome,
            "dealer": seat(self.dealer),
            "cutter": seat(self.cutter),
            "eldest": seat(self.eldest),
            "participants": [SEAT_NAMES[s] for s in self.participants],
            "kind": self.kind,
            "trump": None if self.trump is None else self.trump.letter,
            "turned_card": None if self.turned_card is None else str(self.turned_card),
            "cut_jack": None if self.cut_jack is None else str(self.cut_jack),
            "trump_maker": seat(self.trump_maker),
            "voluntary": self.voluntary,
            "forced": self.forced,
            "folded": [SEAT_NAMES[s] for s in self.folded],
            "trick_winners": [SEAT_NAMES[s] for s in self.trick_winners],
            "winner": seat(self.winner),
            "win_rule": self.win_rule,
            "conceded_by": seat(self.conceded_by),
            "paakot_holder": seat(self.paakot_holder),
            "cut_marks": list(self.cut_marks),
            "marks": list(self.marks),
            "points": list(self.points),
            "same_dealer_next": self.same_dealer_next,
            "next_cut_examined": self.next_cut_examined,
            "escaped": [SEAT_NAMES[s] for s in self.escaped],
            "keppi": seat(self.keppi),
            "kirves": seat(self.kirves),
        }
