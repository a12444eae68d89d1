"""What the choices of each All Fours and Pitch phase mean, for ``rules`` in ``tricktaker play
allfours|pitch``. Each note names its rule in docs/rules/allfours.md."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.protocol.base import Action
from tricktaker.protocol.view import Lines, rule_notes

__all__ = ["explain"]

DOC = "docs/rules/allfours.md"

_TITLES = {
    "beg": f"Stand or beg ({DOC} §2.2, T7): the turned-up suit is the proposed trump.",
    "respond": f"A beg ({DOC} §2.2, T8-T9): you are the dealer.",
    "auction": f"The auction ({DOC} §4.2, P4-P5): one turn each, the dealer last.",
    "declare": f"Declaring trump ({DOC} §4.5, PV5-PV6): you are the pitcher.",
    "exchange": f"The exchange ({DOC} §4.5, PV5): discard and draw as many.",
    "discard": f"Discarding to six ({DOC} §4.5, PV5).",
    "play": f"Trick play ({DOC} §1.7, C15-C19); the points: High, Low, Jack, Game (§1.8).",
}

_NOTES = {
    "stand": "accept the turned-up suit as trump (T7).",
    "beg": '"I beg": ask the dealer to change the trump; he gives your side a point or '
    "runs the cards (T7-T9).",
    "give_one": "refuse the beg: the begging side scores 1 point and the turned suit stays "
    "trump (T8).",
    "run": "deal three more cards each and turn a new card; a new suit becomes trump, the "
    "same suit twice throws the deal in (T9, T10).",
    "pass": "make no bid (P4).",
    "bid": "undertake that your side wins this many of the points (High, Low, Jack, Game...) "
    "or is set back by as many; beat the highest bid; the dealer may match it (P4, P5).",
    "trump": "name the trump suit (PV5).",
    "discard": "put this card away face down; it scores for nobody (PV5).",
    "done": "keep the cards you hold (PV5).",
    "fold": "show your hand and drop out: allowed with no trump and no card of game value (PV10).",
    "card": "lead anything; to follow, play the led suit or a trump (a trump is always "
    "allowed); void, play anything (C15-C17). Trump led: follow with a trump if you can. "
    "Points: High (highest trump out), Low (lowest), Jack of trumps, Game (most card values "
    "A 4, K 3, Q 2, J 1, 10 10) (§1.8). The pitcher's first lead fixes the trump (P6).",
}


def _key(action: Action) -> str:
    return "card" if action.card is not None else action.name.partition(":")[0]


def explain(obs: Mapping[str, Any], legal: Sequence[Action]) -> Lines:
    """The ``rules`` answer for an All Fours or Pitch seat to act."""
    phase = str(obs.get("phase"))
    return rule_notes(_TITLES.get(phase, f"Phase {phase} ({DOC})."), _NOTES, legal, _key)
