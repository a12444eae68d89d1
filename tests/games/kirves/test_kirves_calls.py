"""The cut's calls, kept per packet range (the same at every cut), and the look-up of an applied
call among the listed ones by name (``protocol.base._listed``)."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker.errors import IllegalAction
from tricktaker.protocol.base import Action, _listed


@pytest.mark.parametrize("lo,hi", [(2, 52), (5, 10), (7, 7)])
def test_cut_lists_fresh_lists_of_every_packet(lo: int, hi: int) -> None:
    game = tt.load("kirves", num_players=4, cut_min_packet=lo, cut_max_packet=hi)
    deal = game.new_deal(seed=3)
    first = deal.legal_actions()
    assert [a.name for a in first] == [f"cut:{k}" for k in range(lo, hi + 1)]
    first.clear()  # the caller owns the list it is given
    again = deal.legal_actions()
    assert [a.name for a in again] == [f"cut:{k}" for k in range(lo, hi + 1)]
    assert again is not deal.legal_actions()
    before = deal.to_json()
    with pytest.raises(IllegalAction, match="allowed: cut:"):
        deal.apply(f"cut:{hi + 1}")
    assert deal.to_json() == before  # a refused call changes nothing
    deal.apply(f"CUT:{hi}")  # calls match without regard to case
    assert deal.log[-1] == (deal.cutter, f"cut:{hi}")


names = st.sampled_from(["cut:2", "cut:17", "pass", "keep", "CUT:2", "fold"])


@given(action=names, listed=st.lists(names, max_size=8), same=st.booleans())
def test_listed_is_membership_by_name(action: str, listed: list[str], same: bool) -> None:
    allowed = [Action.call(n) for n in listed]
    probe = Action.call(action)
    if same and allowed:
        probe = allowed[-1]  # the very object listed
    assert _listed(probe, allowed) == (probe in allowed)
