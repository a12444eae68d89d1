"""The OpenSpiel adapter's cost per card in OpenSpiel's own loop, beside OpenSpiel's bridge.

    python bench/bench_openspiel.py --rounds 7 --deals 40

The loop is the one OpenSpiel's examples and random simulations run: ``random.choice`` over
``state.legal_actions()``, then ``state.apply_action``. Only the card play is timed (from the
first card to the last), so the deal's chance nodes and calls are left out: for bridge, the
random auction (deals passed out have no play and are skipped); for our games, the calls of
the deal. Times are the process's CPU time; each round plays ``--deals`` deals of every game,
and the report gives the median over rounds of the time per card, and its ratio to bridge's.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

import pyspiel

import tricktaker.openspiel  # noqa: F401  (registers the games)

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


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--deals", type=int, default=40)
    args = parser.parse_args()
    names = [BRIDGE, *GAMES]
    games = {name: pyspiel.load_game(name) for name in names}
    per_card: dict[str, list[float]] = {name: [] for name in names}
    rng = random.Random(1)
    for _ in range(args.rounds):
        for name in names:  # the games take turns within each round
            spent, cards = card_time(games[name], args.deals, rng)
            if cards:
                per_card[name].append(spent / cards * 1e6)
    bridge = statistics.median(per_card[BRIDGE])
    report = {
        "rounds": args.rounds,
        "deals_per_round": args.deals,
        "median_us_per_card": {n: round(statistics.median(v), 2) for n, v in per_card.items()},
        "ratio_to_bridge": {
            n: round(statistics.median(v) / bridge, 1) for n, v in per_card.items() if n != BRIDGE
        },
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
