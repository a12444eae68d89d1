"""The OpenSpiel adapter's cost per card in OpenSpiel's own loop, beside OpenSpiel's bridge.

    python bench/bench_openspiel.py --rounds 7 --deals 40

The loop is the one OpenSpiel's examples and random simulations run: ``random.choice`` over
``state.legal_actions()``, then ``state.apply_action``. Only the card play is timed (from the
first card to the last), so the deal's chance nodes and calls are left out: for bridge, the
random auction (deals passed out have no play and are skipped); for our games, the calls of
the deal. Times are the process's CPU time; each round plays ``--deals`` deals of every game,
and the report gives the median over rounds of the time per card, and its ratio to bridge's.

It also times ``state.clone()`` (what MCTS and ISMCTS do at every simulation) at a random
point of each deal's play, beside bridge's clone, and the deal's share of it: the adapter's
deal copy (``tricktaker.openspiel.slot.copy_deal``) beside ``copy.deepcopy`` of the same deal
(the clone's former way): microseconds per copy, median over rounds.
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import statistics
import time

import pyspiel

import tricktaker.openspiel  # noqa: F401  (registers the games)
from tricktaker.openspiel.slot import copy_deal

BRIDGE = "bridge(use_double_dummy_result=false)"
BRIDGE_CARDS = 52  # bridge's actions below 52 are cards, the rest calls
GAMES = [
    "tricktaker_klaverjas",
    "tricktaker_whist",
    "tricktaker_kiksas",
    "tricktaker_kirves(num_players=4)",
    "tricktaker_pitch",
]


def is_card(game: pyspiel.Game, state: pyspiel.State, action: int) -> bool:
    if game.get_type().short_name == "bridge":
        return action < BRIDGE_CARDS
    return action < len(state.setup.layout.cards)


def card_time(game: pyspiel.Game, deals: int, rng: random.Random) -> tuple[float, int]:
    """The CPU seconds spent in the card play of ``deals`` deals, and the cards played."""
    spent = 0.0
    cards = 0
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
                continue
            actions = state.legal_actions()
            if is_card(game, state, actions[0]):
                break
            state.apply_action(rng.choice(actions))
        start = time.process_time()
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            cards += 1
        spent += time.process_time() - start
    return spent, cards


def clone_time(game: pyspiel.Game, deals: int, rng: random.Random) -> tuple[float, float, float]:
    """CPU seconds per ``state.clone()``, per ``copy_deal`` and per ``copy.deepcopy`` of the
    state's deal (0 for bridge, which has no deal object), at a random point of each of
    ``deals`` deals."""
    clones = 20  # per state, so that the timer's resolution does not matter
    cloning = copying = deep = 0.0
    for _ in range(deals):
        state = game.new_initial_state()
        stop = rng.randrange(8, 40)
        while not state.is_terminal() and len(state.history()) < stop:
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        start = time.process_time()
        for _ in range(clones):
            state.clone()
        cloning += time.process_time() - start
        deal = getattr(state, "deal", None)
        if deal is not None:
            start = time.process_time()
            for _ in range(clones):
                copy_deal(deal)
            copying += time.process_time() - start
            start = time.process_time()
            for _ in range(clones):
                copy.deepcopy(deal)
            deep += time.process_time() - start
    calls = deals * clones
    return cloning / calls, copying / calls, deep / calls


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--deals", type=int, default=40)
    args = parser.parse_args()
    names = [BRIDGE, *GAMES]
    games = {name: pyspiel.load_game(name) for name in names}
    per_card: dict[str, list[float]] = {name: [] for name in names}
    per_clone: dict[str, list[float]] = {name: [] for name in names}
    per_copy: dict[str, list[float]] = {name: [] for name in GAMES}
    per_deepcopy: dict[str, list[float]] = {name: [] for name in GAMES}
    rng = random.Random(1)
    for _ in range(args.rounds):
        for name in names:  # the games take turns within each round
            spent, cards = card_time(games[name], args.deals, rng)
            if cards:
                per_card[name].append(spent / cards * 1e6)
            cloning, copying, deep = clone_time(games[name], args.deals, rng)
            per_clone[name].append(cloning * 1e6)
            if name in per_deepcopy:
                per_copy[name].append(copying * 1e6)
                per_deepcopy[name].append(deep * 1e6)
    bridge = statistics.median(per_card[BRIDGE])
    report = {
        "rounds": args.rounds,
        "deals_per_round": args.deals,
        "median_us_per_card": {n: round(statistics.median(v), 2) for n, v in per_card.items()},
        "ratio_to_bridge": {
            n: round(statistics.median(v) / bridge, 1) for n, v in per_card.items() if n != BRIDGE
        },
        "median_us_per_clone": {n: round(statistics.median(v), 1) for n, v in per_clone.items()},
        "median_us_per_deal_copy": {n: round(statistics.median(v), 1) for n, v in per_copy.items()},
        "median_us_per_deal_deepcopy": {
            n: round(statistics.median(v), 1) for n, v in per_deepcopy.items()
        },
        "deepcopy_to_copy_ratio": {
            n: round(statistics.median(per_deepcopy[n]) / statistics.median(per_copy[n]), 1)
            for n in GAMES
        },
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
