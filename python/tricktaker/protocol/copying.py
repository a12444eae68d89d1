"""Copies of deals and matches that share what never changes.

A copy is a deep copy that shares the game and its options, cards and actions (interned),
numbers, strings, tuples of these and frozen dataclasses whose fields are all such values, and
copies the plain containers (lists, dicts, sets) itself, in one pass with a memo as
``copy.deepcopy`` keeps, so that objects shared within the state stay shared in the copy;
anything else (the core's card-play state, enums, other objects) goes through ``copy.deepcopy``
with the same memo. A class that takes over its own copying (``__deepcopy__``, ``__reduce__``,
slots, ...) is copied by ``copy.deepcopy`` as a whole. ``StateMachine.clone`` uses it: 2-4x
faster than ``copy.deepcopy`` of a deal (``bench/bench_openspiel.py`` measures clones).
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import functools
from typing import Any

from tricktaker._core import ALL_CARDS
from tricktaker.cards import Card, cards_from_mask

__all__ = ["copy_fieldwise", "copy_state", "register_immutable"]

# Cards and card actions are interned immutable values (one object per card): copies share
# them, as they share numbers and strings.
_SHARED_CARDS: dict[int, Any] = {id(card): card for card in cards_from_mask(ALL_CARDS)}
# Action joins them where it is defined (``register_immutable``): this module sits below it.
_IMMUTABLE: set[type] = {int, str, bool, float, type(None), Card}
# The methods by which a class takes over its own copying; a deal class with any of them is
# copied by ``copy.deepcopy`` as a whole.
_COPY_HOOKS = ("__deepcopy__", "__reduce__", "__reduce_ex__", "__getstate__", "__setstate__")


# Hooks that a class defines for the users of ``copy`` and ``pickle`` while ``copy_state`` still
# copies its instances field by field (the deal's ``__deepcopy__`` and ``__reduce__``).
_FIELDWISE_HOOKS: set[Any] = set()


def copy_fieldwise(kind: type) -> None:
    """Let ``copy_state`` copy the instances of ``kind`` and its subclasses field by field,
    although ``kind`` defines copy hooks of its own (which call ``copy_state``)."""
    _FIELDWISE_HOOKS.update(vars(kind)[h] for h in _COPY_HOOKS if h in vars(kind))
    _copies_itself.cache_clear()


def register_immutable(kind: type) -> None:
    """Let copies share the values of ``kind`` (an interned, never-changing class)."""
    _IMMUTABLE.add(kind)


def copy_state(state: Any) -> Any:
    """A deep copy of a deal or match sharing its game, its options and every immutable value."""
    memo: dict[int, Any] = dict(_SHARED_CARDS)
    memo[id(state.game)] = state.game
    memo[id(state.game.options)] = state.game.options
    kind: type = type(state)
    if _copies_itself(kind):
        return copy.deepcopy(state, memo)
    new: Any = object.__new__(kind)
    memo[id(state)] = new
    # Field by field rather than through the copy's ``__dict__``: asking for an instance's dict
    # turns its inline values into a dict for good, and the interpreter specializes the method
    # reads of an instance (``deal.apply``, ``deal.legal_actions``) only while it keeps them.
    # The class's own ``__setattr__``, if any, is bypassed (``object.__setattr__``), as
    # ``__dict__.update`` did; without one the builtin ``setattr`` does the same at less cost.
    own_setattr: Any = kind.__setattr__
    set_field: Any = setattr if own_setattr is _OBJECT_SETATTR else _OBJECT_SETATTR
    for name, value in vars(state).items():
        set_field(new, name, _copy(value, memo))
    return new


_OBJECT_SETATTR: Any = object.__setattr__


@functools.cache
def _copies_itself(kind: type) -> bool:
    own = any(
        getattr(kind, h, None) is not getattr(object, h, None)
        and _defined(kind, h) not in _FIELDWISE_HOOKS
        for h in _COPY_HOOKS
    )
    # Values in slots are not in ``vars()``: such a class is left to ``copy.deepcopy``.
    slots = any(vars(base).get("__slots__") for base in kind.__mro__)
    return own or slots or not hasattr(kind, "__dict__")


def _defined(kind: type, name: str) -> Any:
    """The attribute ``name`` as the class that defines it holds it (functions unbound)."""
    for base in kind.__mro__:
        if name in vars(base):
            return vars(base)[name]
    return None


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
