"""Copies of deals and matches that share what never changes.

A copy is a deep copy that shares the game and its options, cards and actions (interned),
numbers, strings, tuples of these and frozen dataclasses whose fields are all such values, and
copies the plain containers (lists, dicts, sets) itself, in one pass with a memo as
``copy.deepcopy`` keeps, so that objects shared within the state stay shared in the copy;
anything else (the core's card-play state, enums, other objects) goes through ``copy.deepcopy``
with the same memo. The fields in the instance's slots are copied alike. A class that takes over
its own copying (``__deepcopy__``, ``__reduce__``, ...) is copied by ``copy.deepcopy`` as a
whole. ``StateMachine.clone`` uses it: 2-4x faster than ``copy.deepcopy`` of a deal
(``bench/bench_openspiel.py`` measures clones).
"""

from __future__ import annotations

import copy
import dataclasses
import enum
import functools
import operator
from collections.abc import Callable
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
    names, read_all = _slot_fields(kind)  # the fields a deal keeps in slots (Deal.__slots__)
    if names:
        try:
            values = read_all(state)  # every slot at once, the common case
        except AttributeError:  # an empty slot stays empty
            values = tuple(getattr(state, name, _EMPTY) for name in names)
        # As many values as names (zip's strict= would cost a parse of its keyword).
        for name, value in zip(names, values):  # noqa: B905
            if value is not _EMPTY:
                set_field(new, name, value if type(value) in _IMMUTABLE else _copy(value, memo))
    return new


_EMPTY: Any = object()  # an empty slot, read


_OBJECT_SETATTR: Any = object.__setattr__


@functools.cache
def _copies_itself(kind: type) -> bool:
    own = any(
        getattr(kind, h, None) is not getattr(object, h, None)
        and _defined(kind, h) not in _FIELDWISE_HOOKS
        for h in _COPY_HOOKS
    )
    # The values in slots are read and set by name (``_slot_fields``).
    return own or not hasattr(kind, "__dict__")


@functools.cache
def _slot_fields(kind: type) -> tuple[tuple[str, ...], Callable[[Any], tuple[Any, ...]]]:
    """The names of the slots the instances of ``kind`` hold values in (``__slots__`` of its
    bases, not ``__dict__`` or ``__weakref__``), and a reader of all of them at once."""
    names: list[str] = []
    for base in reversed(kind.__mro__):
        slots = vars(base).get("__slots__", ())
        for name in (slots,) if isinstance(slots, str) else slots:
            if name in ("__dict__", "__weakref__"):
                continue
            if name.startswith("__") and not name.endswith("__"):
                name = f"_{base.__name__.lstrip('_')}{name}"  # a private name, mangled
            names.append(name)
    read_all = operator.attrgetter(*names) if len(names) > 1 else _one_tuple(names)
    return tuple(names), read_all


def _one_tuple(names: list[str]) -> Callable[[Any], tuple[Any, ...]]:
    """A reader of the fields ``names`` (none or one) as a tuple, as ``attrgetter`` of more."""
    return lambda state: tuple(getattr(state, name) for name in names)


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
