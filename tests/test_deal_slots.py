"""The card step's per-card fields live in slots of Deal (``Deal.__slots__``), which the core
reads and writes at their offsets in the instance and the families' Python through the slots'
descriptors: both must see the same fields.

Every game's deal is played at random through the core's step and the Python path; at each
action the fields are nowhere but in the slots (never in the instance dict, where the Python
path would not see what the core wrote), the core's ``is_over`` and ``to_move`` equal what the
slots hold, and clones, deep copies and pickles carry the slots over. A deal class that hides
a slot behind an attribute of its own is refused when it is defined; the core's descriptors
refuse an object that is no deal; an empty slot reads as the missing attribute, never a crash.
"""

from __future__ import annotations

import copy
import pickle
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktaker as tt
from deal_invariants import CASES, case_id, load
from tricktaker.protocol.base import Deal

SLOTS = ("_card_step", "_next_legal", "_phase", "_to_move", "state")
GAMES: list[tuple[str, tt.Game]] = [(case_id(c), load(c)) for c in CASES]


def _slots(deal: Deal) -> dict[str, Any]:
    return {name: getattr(deal, name, "<empty>") for name in SLOTS}


def _check(deal: Deal) -> None:
    assert not set(SLOTS) & set(vars(deal))  # asking for vars() leaves a dict: the step reads it
    assert deal.to_move == deal._to_move
    assert deal.is_over == (deal._phase == "over")


def test_deal_keeps_the_card_steps_fields_in_slots() -> None:
    assert Deal.__slots__ == SLOTS


@pytest.mark.parametrize("name,game", GAMES, ids=[n for n, _ in GAMES])
@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), cut=st.integers(0, 60))
def test_the_core_and_python_see_the_same_slots(
    name: str, game: tt.Game, seed: int, cut: int
) -> None:
    deal = game.new_deal(seed=seed)
    rnd = random.Random(seed)
    copies: list[Deal] = []
    steps = 0
    while not deal.is_over:
        _check(deal)
        if steps == cut:
            copies = [deal.clone(), copy.deepcopy(deal), pickle.loads(pickle.dumps(deal))]
            for copied in copies:
                assert type(copied) is type(deal)
                assert copied.to_move == deal.to_move and copied.is_over == deal.is_over
                assert copied.legal_actions() == deal.legal_actions()
                assert copied._next_legal is None  # legal_actions() took the list
        action = rnd.choice(deal.legal_actions())
        event = deal.apply(action)
        assert all(c.apply(action) == event for c in copies)
        steps += 1
    _check(deal)
    assert all(_slots(c).keys() == _slots(deal).keys() for c in copies)
    assert all(c.to_json() == deal.to_json() and c.result() == deal.result() for c in copies)


def test_a_deal_class_may_not_hide_a_slot() -> None:
    base = type(tt.load("whist").new_deal(seed=1))
    for name in SLOTS:
        with pytest.raises(ValueError, match=name):
            type("Hiding", (base,), {name: None})
    with pytest.raises(ValueError, match="state"):
        type("HidingState", (base,), {"state": property(lambda self: None)})


def test_the_core_descriptors_refuse_what_is_no_deal() -> None:
    kind = type(tt.load("klaverjas").new_deal(seed=1))
    for field in ("to_move", "is_over"):
        with pytest.raises(TypeError, match=field):
            vars(kind)[field].__get__(object(), kind)


def test_empty_slots_read_as_missing_attributes() -> None:
    deal = tt.load("whist").new_deal(seed=3)
    while deal.phase != "play":
        deal.apply(deal.legal_actions()[0])
    copied = deal.clone()
    del copied._to_move
    with pytest.raises(AttributeError, match="_to_move"):
        copied.to_move  # noqa: B018
    again = copied.clone()  # an empty slot stays empty in a copy
    with pytest.raises(AttributeError, match="_to_move"):
        again.to_move  # noqa: B018
    assert again.legal_actions() == deal.legal_actions()
    bare = object.__new__(type(deal))  # no field at all: the attribute errors, no crash
    with pytest.raises(AttributeError):
        bare.apply(deal.legal_actions()[0])
    with pytest.raises(AttributeError):
        bare.legal_actions()
    with pytest.raises(AttributeError):
        bare.is_over  # noqa: B018
