"""The record of one finished Kirves deal, with the outcomes and kinds of deal it names; and
the sides a deal is played, scored and solved by.

The sides (R6) are the core's (``kirves_sides``), by side id: in a normal deal the trump maker
(side 0) against everyone else (side 1); in a cut-jack deal, a free-for-all deal and a deal
whose trump is not fixed yet, every seat is its own side (side id = seat id), since the cutter
and the dealer of a cut jack play each for himself and the bystanders with them. A side is
named by its seats' letters joined by hyphens ("B", "A-C-D"), which ``tt.solve(side=...)``
takes as it takes "ACD"; run together, a pair's name could read as a card ("AC").
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from tricktaker import _core
from tricktaker.cards import Card, Suit
from tricktaker.games.kirves.options import SEAT_NAMES
from tricktaker.protocol.records import FilledRecord

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

# The core's name of each kind of deal.
_CORE_KIND = {
    NORMAL: _core.KirvesDealKind.NORMAL,
    CUT_JACK: _core.KirvesDealKind.CUT_JACK,
    FREE_FOR_ALL: _core.KirvesDealKind.FREE_FOR_ALL,
}


def deal_roles(
    kind: str,
    participants: Sequence[int],
    *,
    trump_maker: int | None = None,
    cutter: int | None = None,
    dealer: int | None = None,
) -> _core.KirvesDealRoles:
    """The kind of deal and its principals as the core takes them (``kirves_sides``,
    ``kirves_outcome``): a normal deal needs its trump maker, a cut-jack deal its cutter and
    dealer."""
    # Only the principals the kind needs go into the cache's key, so equal roles share an object.
    cut = kind == CUT_JACK
    normal = kind == NORMAL
    return _roles(
        kind if cut or normal else FREE_FOR_ALL,
        tuple(participants),
        trump_maker if normal else None,
        cutter if cut else None,
        dealer if cut else None,
    )


# A deal's roles are few and the core's object is read-only: one object per set of roles, since
# making one through the binding's keywords costs more than the scoring that reads it.
@functools.lru_cache(maxsize=1024)
def _roles(
    kind: str,
    participants: tuple[int, ...],
    trump_maker: int | None,
    cutter: int | None,
    dealer: int | None,
) -> _core.KirvesDealRoles:
    mask = sum(1 << p for p in participants)
    if kind == CUT_JACK:
        assert cutter is not None and dealer is not None
        return _core.KirvesDealRoles(
            kind=_CORE_KIND[CUT_JACK], cutter=cutter, dealer=dealer, participants=mask
        )
    if kind == NORMAL:
        assert trump_maker is not None
        return _core.KirvesDealRoles(
            kind=_CORE_KIND[NORMAL], trump_maker=trump_maker, participants=mask
        )
    return _core.KirvesDealRoles(kind=_CORE_KIND[FREE_FOR_ALL], participants=mask)


def seat_sides(
    num_players: int,
    kind: str | None,
    participants: Sequence[int],
    *,
    trump_maker: int | None = None,
    cutter: int | None = None,
    dealer: int | None = None,
) -> list[int]:
    """The side id of each seat (see the module doc); before the kind of deal is known every
    seat is its own side, as in a free-for-all deal."""
    roles = deal_roles(
        kind or FREE_FOR_ALL,
        participants,
        trump_maker=trump_maker,
        cutter=cutter,
        dealer=dealer,
    )
    return list(_sides(roles, num_players))


@functools.lru_cache(maxsize=1024)
def _sides(roles: _core.KirvesDealRoles, num_players: int) -> tuple[int, ...]:
    """``kirves_sides`` of one of ``_roles``'s objects (cached by identity with it)."""
    return tuple(_core.kirves_sides(roles, num_players))


def sides_json(sides: Sequence[int]) -> list[dict[str, Any]]:
    """The sides by side id as observations and results list them: each side's name (what
    ``tt.solve(..., side=...)`` accepts) and its seats.

    >>> sides_json([1, 1, 0, 1])
    [{'name': 'C', 'seats': [2]}, {'name': 'A-B-D', 'seats': [0, 1, 3]}]
    """
    return [{"name": name, "seats": list(seats)} for name, seats in _side_names(tuple(sides))]


@functools.lru_cache(maxsize=1024)
def _side_names(sides: tuple[int, ...]) -> tuple[tuple[str, tuple[int, ...]], ...]:
    """Each side's name and seats, by side id; ``sides_json`` makes its own lists of them."""
    out = []
    for side in range(max(sides, default=-1) + 1):
        seats = tuple(p for p, s in enumerate(sides) if s == side)
        out.append(("-".join(SEAT_NAMES[p] for p in seats), seats))
    return tuple(out)


@dataclass(frozen=True)
class KirvesResult(FilledRecord):
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

    def sides(self) -> list[int]:
        """The side id of each seat in this deal (see the module doc)."""
        return seat_sides(
            len(self.marks),
            self.kind,
            self.participants,
            trump_maker=self.trump_maker,
            cutter=self.cutter,
            dealer=self.dealer,
        )

    def to_dict(self) -> dict[str, Any]:
        """The result as JSON, every seat as its id: the common fields (the score of a side is
        the marks its seats gain in the deal) and the record's own."""
        out = self.entry(None, None)
        del out["seat"], out["event"]  # the entry's head: what is left is in the same order
        return out

    def entry(self, seat: int | None, event: str | None) -> dict[str, Any]:
        """``to_dict()`` after a public record's head (``seat``, ``event``), in one dict: the
        deal's record of its end."""
        d = self.__dict__
        marks = d["marks"]
        sides, names = _sides_and_names(
            len(marks),
            d["kind"],
            tuple(d["participants"]),
            d["trump_maker"],
            d["cutter"],
            d["dealer"],
        )
        score = [0] * len(names)
        for p, side in enumerate(sides):
            score[side] += marks[p]
        trump = d["trump"]
        turned = d["turned_card"]
        cut_jack = d["cut_jack"]
        return {
            "seat": seat,
            "event": event,
            "game": "kirves",
            "sides": [{"name": name, "seats": list(seats)} for name, seats in names],
            "score": score,
            "outcome": d["outcome"],
            "dealer": d["dealer"],
            "cutter": d["cutter"],
            "eldest": d["eldest"],
            "participants": list(d["participants"]),
            "kind": d["kind"],
            "trump": None if trump is None else trump.letter,
            "turned_card": None if turned is None else str(turned),
            "cut_jack": None if cut_jack is None else str(cut_jack),
            "trump_maker": d["trump_maker"],
            "voluntary": d["voluntary"],
            "forced": d["forced"],
            "folded": list(d["folded"]),
            "trick_winners": list(d["trick_winners"]),
            "winner": d["winner"],
            "win_rule": d["win_rule"],
            "conceded_by": d["conceded_by"],
            "paakot_holder": d["paakot_holder"],
            "cut_marks": list(d["cut_marks"]),
            "marks": list(marks),
            "points": list(d["points"]),
            "same_dealer_next": d["same_dealer_next"],
            "next_cut_examined": d["next_cut_examined"],
            "escaped": list(d["escaped"]),
            "keppi": d["keppi"],
            "kirves": d["kirves"],
        }


@functools.lru_cache(maxsize=1024)
def _sides_and_names(
    num_players: int,
    kind: str | None,
    participants: tuple[int, ...],
    trump_maker: int | None,
    cutter: int | None,
    dealer: int | None,
) -> tuple[tuple[int, ...], tuple[tuple[str, tuple[int, ...]], ...]]:
    """A result's sides by seat and each side's name and seats (``seat_sides``,
    ``sides_json``), kept per set of roles: a deal's end reads them once more than its play."""
    sides = tuple(
        seat_sides(
            num_players,
            kind,
            participants,
            trump_maker=trump_maker,
            cutter=cutter,
            dealer=dealer,
        )
    )
    return sides, _side_names(sides)
