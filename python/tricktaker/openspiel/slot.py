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

import copy
import dataclasses
import enum
import functools
from typing import Any

from tricktaker._core import ALL_CARDS
from tricktaker.cards import Card, cards_from_mask
from tricktaker.protocol.base import Action, Deal
from tricktaker.registry import from_json

__all__ = ["DealSlot", "copy_deal"]

# Cards and card actions are interned immutable values (one object per card): copies share
# them, as they share numbers and strings.
_SHARED_CARDS: dict[int, Any] = {id(card): card for card in cards_from_mask(ALL_CARDS)}
_IMMUTABLE: frozenset[type] = frozenset({int, str, bool, float, type(None), Card, Action})
# The methods by which a class takes over its own copying; a deal class with any of them is
# copied by ``copy.deepcopy`` as a whole.
_COPY_HOOKS = ("__deepcopy__", "__reduce__", "__reduce_ex__", "__getstate__", "__setstate__")


def copy_deal(deal: Deal) -> Deal:
    """A deep copy of ``deal`` sharing its game, its options and every immutable value."""
    memo: dict[int, Any] = dict(_SHARED_CARDS)
    memo[id(deal.game)] = deal.game
    memo[id(deal.game.options)] = deal.game.options
    kind = type(deal)
    if _copies_itself(kind):
        return copy.deepcopy(deal, memo)
    new = object.__new__(kind)
    memo[id(deal)] = new
    new.__dict__.update({name: _copy(value, memo) for name, value in vars(deal).items()})
    return new


@functools.cache
def _copies_itself(kind: type) -> bool:
    own = any(getattr(kind, h, None) is not getattr(object, h, None) for h in _COPY_HOOKS)
    # Values in slots are not in ``vars()``: such a class is left to ``copy.deepcopy``.
    slots = any(vars(base).get("__slots__") for base in kind.__mro__)
    return own or slots or not hasattr(kind, "__dict__")


def _copy(value: Any, memo: dict[int, Any]) -> Any:
    kind: type = type(value)
    if kind in _IMMUTABLE:
        return value
    known = memo.get(id(value))
    if known is not None:
        return known
    if kind is list:
        items: list[Any] = []
        memo[id(value)] = items  # before the items, as deepcopy: a list may hold itself
        if _IMMUTABLE.issuperset(map(type, value)):
            items.extend(value)  # the common case (cards, numbers), at C speed
        else:
            items.extend([_copy(item, memo) for item in value])
        return items
    if kind is tuple:
        if _IMMUTABLE.issuperset(map(type, value)):
            return value  # a tuple of immutable values is itself immutable
        copied = [_copy(item, memo) for item in value]
        same = all(a is b for a, b in zip(copied, value, strict=True))
        result: Any = value if same else tuple(copied)
    elif kind is dict:
        result = {}
        memo[id(value)] = result
        for key, item in value.items():
            result[_copy(key, memo)] = _copy(item, memo)
        return result
    elif kind is set:
        result = {_copy(item, memo) for item in value}
    elif _is_frozen_dataclass(kind) and _immutable(value):
        result = value  # options, results: frozen, and every field immutable
    else:
        return copy.deepcopy(value, memo)
    memo[id(value)] = result
    return result


@functools.cache
def _is_frozen_dataclass(kind: type) -> bool:
    params = getattr(kind, "__dataclass_params__", None)
    return params is not None and bool(params.frozen)


def _immutable(value: Any) -> bool:
    """Whether ``value`` can never change: an immutable value, an enum member, or a tuple,
    frozenset or frozen dataclass of such values."""
    kind: type = type(value)
    if kind in _IMMUTABLE or isinstance(value, enum.Enum):
        return True
    if kind is tuple or kind is frozenset:
        return all(_immutable(item) for item in value)
    if _is_frozen_dataclass(kind):
        return all(_immutable(getattr(value, f.name)) for f in dataclasses.fields(value))
    return False


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
