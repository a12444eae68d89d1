"""Events made by the core (its ``Event.__init__`` and the card step's events, written into the
class's slots) are the events the Python ``__init__`` makes, to every reader; and a deal's
``is_over`` and ``to_move``, read by the core's descriptors, behave as the properties they
replace."""

from __future__ import annotations

import copy
import dataclasses
import json
import pickle
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tricktaker as tt
from deal_invariants import CASES, case_id, load
from tricktaker.protocol.base import Deal, Event, StateMachine, _event_init_py

json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.text(max_size=5),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner),
    max_leaves=6,
)
details = st.none() | st.dictionaries(st.text(max_size=6), json_values, max_size=4)


def _python_event(*args: Any, **kwargs: Any) -> Event:
    event = object.__new__(Event)
    _event_init_py(event, *args, **kwargs)
    return event


@given(
    seat=st.integers(-1, 20),
    action=st.text(max_size=8),
    phase=st.text(max_size=8),
    detail=details,
    keywords=st.integers(0, 4),
)
def test_the_core_init_makes_what_the_python_init_makes(
    seat: int, action: str, phase: str, detail: dict[str, Any] | None, keywords: int
) -> None:
    names = ("seat", "action", "phase", "detail")
    values = (seat, action, phase, detail)
    args = values[: 4 - keywords]
    kwargs = dict(zip(names[4 - keywords :], values[4 - keywords :], strict=True))
    core = Event(*args, **kwargs)
    python = _python_event(*args, **kwargs)
    assert core == python and repr(core) == repr(python)
    assert dataclasses.astuple(core) == dataclasses.astuple(python)
    assert core.to_dict() == python.to_dict()
    assert core.detail == ({} if detail is None else detail)
    if detail is not None:
        assert core.detail is detail  # the caller's dict, as the Python __init__ keeps it
    for copied in (copy.copy(core), copy.deepcopy(core), pickle.loads(pickle.dumps(core))):
        assert copied == core and type(copied) is Event


def test_events_stay_frozen_records() -> None:
    event = Event(1, "AS", "play", {"card": "AS"})
    assert Event(0, "pass", "bidding").detail is not Event(0, "pass", "bidding").detail
    assert [f.name for f in dataclasses.fields(Event)] == ["seat", "action", "phase", "detail"]
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.seat = 2  # type: ignore[misc]
    with pytest.raises(TypeError):
        hash(event)  # its detail is a dict, as before
    assert dataclasses.replace(event, seat=2) == Event(2, "AS", "play", {"card": "AS"})
    expected = '{"seat": 1, "action": "AS", "phase": "play", "card": "AS"}'
    assert json.dumps(event.to_dict()) == expected


@pytest.mark.parametrize(
    "args,kwargs,message",
    [
        ((1, "AS"), {}, "missing required argument: 'phase'"),
        ((1, "AS", "play"), {"seat": 2}, "multiple values for argument 'seat'"),
        ((1, "AS", "play"), {"color": 2}, "unexpected keyword argument 'color'"),
        ((1, "AS", "play", {}, 5), {}, "positional arguments"),
    ],
)
def test_bad_arguments_are_refused_as_python_refuses_them(
    args: tuple[Any, ...], kwargs: dict[str, Any], message: str
) -> None:
    with pytest.raises(TypeError, match=message):
        Event(*args, **kwargs)
    with pytest.raises(TypeError):
        _python_event(*args, **kwargs)


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_is_over_and_to_move_read_as_the_properties(case: Any) -> None:
    deal = load(case).new_deal(seed=3)
    while True:
        assert deal.is_over is StateMachine.is_over.fget(deal)  # type: ignore[attr-defined]
        assert deal.to_move == Deal.to_move.fget(deal)  # type: ignore[attr-defined]
        if deal.is_over:
            break
        deal.apply(deal.legal_actions()[0])
    for attribute in ("is_over", "to_move"):
        with pytest.raises(AttributeError, match=f"property '{attribute}' of .* has no setter"):
            setattr(deal, attribute, None)
    assert deal.to_json() == tt.from_json(deal.to_json()).to_json()
