"""Deals keep their fields in the instance's inline values (CPython 3.11+) through the card
step and through copies, and a deal whose fields sit in a real instance dict plays on alike.

Asking for an instance's ``__dict__`` turns its inline values into a dict for good; the core's
card step reads and writes the deal's fields through the attribute API and ``clone()`` sets the
copy's fields one by one, so that the interpreter's specialized method reads (``deal.apply``,
``deal.legal_actions``) stay on. Whether the values are inline is seen through the garbage
collector: an instance with inline values refers to each value, one with a dict to the dict.
"""

from __future__ import annotations

import copy
import gc
import pickle
import platform
import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker.protocol.base import Deal

INLINE = platform.python_implementation() == "CPython"
# Games whose deals keep few enough fields for the interpreter's shared keys (at most 30).
SMALL = [("klaverjas", {}), ("klaverjas", {"roem_claim": "manual"}), ("whist", {})]
# More deals than the interpreter lets a class's shared keys grow with (about 30): the card
# step's fields must be among them before that.
MANY = 40
ALL = [*SMALL, ("kiksas", {}), ("allfours", {}), ("kirves", {"num_players": 4})]


def _inline(deal: Deal) -> bool:
    """Whether the deal keeps its fields inline (not in an instance dict): its log is then one
    of the objects it refers to itself."""
    log = deal.log  # an attribute read leaves the values inline
    return any(ref is log for ref in gc.get_referents(deal))


def _to_play(name: str, options: dict[str, object], seed: int) -> Deal:
    deal = tt.load(name, **options).new_deal(seed=seed)
    rnd = random.Random(seed)
    while not deal.is_over and deal.phase != "play":
        deal.apply(rnd.choice(deal.legal_actions()))
    return deal


@pytest.mark.skipif(not INLINE, reason="inline values are CPython's")
@pytest.mark.parametrize("name,options", SMALL, ids=[f"{n}-{o}" for n, o in SMALL])
def test_a_clone_keeps_its_fields_inline_through_the_card_play(
    name: str, options: dict[str, object]
) -> None:
    deals = [_to_play(name, options, seed) for seed in range(MANY)]
    copied = deals[-1].clone()
    assert _inline(copied)
    rnd = random.Random(7)
    while not copied.is_over:
        copied.apply(rnd.choice(copied.legal_actions()))
        assert _inline(copied)
        assert copied.to_move == copied._to_move  # the core's descriptor reads the field


@pytest.mark.parametrize("name,options", ALL, ids=[f"{n}-{o}" for n, o in ALL])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1), cut=st.integers(0, 40))
def test_inline_and_dict_deals_play_alike(
    name: str, options: dict[str, object], seed: int, cut: int
) -> None:
    """A clone (inline fields), a deep copy and an unpickled deal play on as the original, whose
    fields sit in an instance dict once it has been copied."""
    deal = _to_play(name, options, seed)
    rnd = random.Random(seed)
    for _ in range(cut):
        if deal.is_over:
            break
        deal.apply(rnd.choice(deal.legal_actions()))
    copies = [deal.clone(), copy.deepcopy(deal), pickle.loads(pickle.dumps(deal))]
    assert all(vars(c).keys() == vars(deal).keys() for c in copies[:2])
    while not deal.is_over:
        legal = deal.legal_actions()
        assert all(c.legal_actions() == legal for c in copies)
        action = rnd.choice(legal)
        event = deal.apply(action)
        assert all(c.apply(action) == event for c in copies)
        assert all(c.to_move == deal.to_move and c.is_over == deal.is_over for c in copies)
    assert all(c.to_json() == deal.to_json() for c in copies)
    assert all(c.result() == deal.result() for c in copies)


def test_a_deal_without_a_field_says_so() -> None:
    """The core's descriptors read the fields through the attribute API: a missing field is
    the AttributeError of a missing attribute, not a crash."""
    deal = _to_play("whist", {}, 1)
    copied = deal.clone()
    del copied._to_move
    with pytest.raises(AttributeError, match="_to_move"):
        copied.to_move  # noqa: B018
