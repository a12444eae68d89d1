"""OpenSpiel's bridge, the anchor of the Python loop benchmarks: its play phase, reached by
dealing at random and bidding one club, pass, pass, pass, so that 52 cards remain to play."""

from __future__ import annotations

import random
from typing import Any

__all__ = ["BRIDGE", "bridge_positions"]

BRIDGE = "bridge(use_double_dummy_result=false)"
BRIDGE_PASS, BRIDGE_ONE_CLUB = 52, 55  # bridge's call actions: pass, then 1C


def bridge_positions(pyspiel: Any, deals: int) -> list[Any]:
    """``deals`` bridge states at the first card, deal ``k`` dealt from ``random.Random(k)``."""
    game = pyspiel.load_game(BRIDGE)
    out = []
    for seed in range(deals):
        rnd = random.Random(seed)
        state = game.new_initial_state()
        while state.is_chance_node():
            state.apply_action(rnd.choice([a for a, _ in state.chance_outcomes()]))
        for action in (BRIDGE_ONE_CLUB, BRIDGE_PASS, BRIDGE_PASS, BRIDGE_PASS):
            state.apply_action(action)
        out.append(state)
    return out
