"""The deal of an OpenSpiel state, held so that OpenSpiel can copy and pickle it.

OpenSpiel copies a Python state by ``copy.deepcopy`` of each attribute (``clone``) and
serializes it by pickling its attributes (``serialize_game_and_state``, ``random_sim_test``
with ``serialize=True``). A tricktaker deal holds the core's card-play state, which pickle
refuses, and a plain deep copy also copies what never changes: the game, its options and the
interned cards. ``DealSlot`` holds the deal (or None before it is dealt) and defines both:

* a copy is a deep copy that shares what never changes (the game and its options, cards and
  actions, which are interned, numbers, strings, tuples of these, and frozen dataclasses
  whose fields are all such values) and copies the plain containers
  (lists, dicts, sets) itself, in one pass with a memo as ``copy.deepcopy`` keeps, so that
  objects shared within the deal stay shared in the copy; anything else (the core's
  card-play state, enums, other objects) goes through ``copy.deepcopy`` with the same memo.
  A clone can be played on without touching the original, at a fraction of the cost of
  ``copy.deepcopy`` of the deal (``bench/bench_openspiel.py`` measures both);
* a pickle is the deal's JSON (``to_json``: its game, options, set-up and log), rebuilt by
  ``tricktaker.from_json``, which deals the same set-up and replays the log.
"""

from __future__ import annotations

from typing import Any

from tricktaker.protocol.base import Deal
from tricktaker.protocol.copying import copy_state
from tricktaker.registry import from_json

__all__ = ["DealSlot", "copy_deal"]


def copy_deal(deal: Deal) -> Deal:
    """A deep copy of ``deal`` sharing its game, its options and every immutable value."""
    copied: Deal = copy_state(deal)
    return copied


class DealSlot:
    """A deal, or None before the deal; copied and pickled as the module says."""

    __slots__ = ("deal",)

    def __init__(self, deal: Deal | None = None) -> None:
        self.deal = deal

    def __deepcopy__(self, memo: dict[int, Any]) -> DealSlot:
        deal = self.deal
        return DealSlot(None if deal is None else copy_deal(deal))

    def __reduce__(self) -> tuple[Any, tuple[str | None]]:
        return (_rebuild, (None if self.deal is None else self.deal.to_json(),))


def _rebuild(text: str | None) -> DealSlot:
    if text is None:
        return DealSlot()
    deal = from_json(text)
    if not isinstance(deal, Deal):
        raise TypeError(f"a deal's JSON was expected, got a {type(deal).__name__}")
    return DealSlot(deal)
