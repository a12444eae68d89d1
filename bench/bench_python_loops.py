"""Python loops beside OpenSpiel's bridge in the same run: the Deal loop, simulate and the RL env.

    python bench/bench_python_loops.py --rounds 7

Every figure is the median over ``--rounds`` rounds of the process's CPU time
(``time.process_time``), the rounds of ours and of the reference interleaved, so a change in the
machine's load falls on both. The loop shape is the reference's: ``random.choice`` over the
legal actions, then apply.

* ``deal_loop``: ``deal.legal_actions()`` + ``deal.apply(random.choice(...))`` per action from
  the start of the card play (Klaverjas with trumps chosen; the other games after their calls),
  in microseconds per action, beside OpenSpiel's ``bridge(use_double_dummy_result=false)``
  play phase (dealt at random, a one-club contract bid at once: the 52 cards of the play);
* ``simulate``: ``tricktaker.sim.simulate`` with random bots and with the rule-based bots, whole
  deals (dealing, calls, cards, scoring) in deals per second;
* ``rl_env``: the PettingZoo environment of Klaverjas, ``env.last()`` (the observation tensor
  and the action mask) + ``env.step(random legal action)``, in steps per second, beside
  OpenSpiel's bridge play phase with ``state.observation_tensor()`` read before each action;
  once with each episode's ``reset()`` in the time, and once without it (bridge's states are
  dealt and bid before its timing starts).

Prints JSON: each figure, and the ratios the goals of issue 33 name.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import tricktaker as tt
from bridge_anchor import bridge_positions
from tricktaker.protocol.base import Deal
from tricktaker.sim import simulate

GAMES: dict[str, dict[str, Any]] = {
    "klaverjas": {},
    "kiksas": {},
    "kirves": {"num_players": 4},
    "allfours": {},
    "whist": {},
}

Loop = Callable[[random.Random], int]  # plays one round; returns the actions it took


def game_positions(name: str, deals: int) -> list[Deal]:
    """Deals at the start of their card play, the calls before it chosen at random."""
    game = tt.load(name, **GAMES[name])
    out = []
    for seed in range(deals):
        deal = game.new_deal(seed=seed)
        rnd = random.Random(seed)
        while not deal.is_over and deal.phase != "play":
            deal.apply(rnd.choice(deal.legal_actions()))
        if not deal.is_over:
            out.append(deal)
    return out


def bridge_loop(positions: list[Any], tensor: bool) -> Loop:
    def run(rnd: random.Random) -> int:
        states = [s.clone() for s in positions]
        start = time.process_time()
        n = 0
        for state in states:
            while not state.is_terminal():
                if tensor:
                    state.observation_tensor()
                state.apply_action(rnd.choice(state.legal_actions()))
                n += 1
        run.seconds = time.process_time() - start  # type: ignore[attr-defined]
        return n

    return run


def play_deals(deals: list[Deal], rnd: random.Random) -> int:
    """The `Deal` loop every bench times or counts: random legal actions to each deal's end, in
    OpenSpiel's loop shape (``legal_actions()``, ``random.choice``, ``apply``); the actions
    played."""
    n = 0
    for deal in deals:
        while not deal.is_over:
            deal.apply(rnd.choice(deal.legal_actions()))
            n += 1
    return n


def deal_loop(positions: list[Deal]) -> Loop:
    def run(rnd: random.Random) -> int:
        deals = [d.clone() for d in positions]
        start = time.process_time()
        n = play_deals(deals, rnd)
        run.seconds = time.process_time() - start  # type: ignore[attr-defined]
        return n

    return run


def env_loop(episodes: int, time_reset: bool = True) -> Loop:
    """The environment's steps; with ``time_reset`` False, each episode's ``reset()`` (the deal
    and its set-up) is left out of the time, as bridge's loop deals and bids before its timing."""
    from tricktaker.rl import env as make_env  # the rl extra

    environment = make_env("klaverjas")

    def run(rnd: random.Random) -> int:
        start = time.process_time()
        resetting = 0.0
        n = 0
        for k in range(episodes):
            before = time.process_time()
            environment.reset(seed=k)
            resetting += time.process_time() - before
            while environment.agents:
                obs, _, terminated, truncated, _ = environment.last()
                if terminated or truncated:
                    environment.step(None)
                    continue
                environment.step(rnd.choice(obs["action_mask"].nonzero()[0].tolist()))
                n += 1
        run.seconds = time.process_time() - start  # type: ignore[attr-defined]
        if not time_reset:
            run.seconds -= resetting  # type: ignore[attr-defined]
        return n

    return run


def simulate_loop(bots: str, deals: int) -> Loop:
    game = tt.load("klaverjas")

    def run(rnd: random.Random) -> int:
        start = time.process_time()
        simulate(game, deals=deals, bots=bots, seed=rnd.randrange(2**32))
        run.seconds = time.process_time() - start  # type: ignore[attr-defined]
        return deals

    return run


def medians(loops: dict[str, Loop], rounds: int) -> dict[str, float]:
    """Seconds per item of each loop: the median over rounds, the loops taking turns."""
    times: dict[str, list[float]] = {name: [] for name in loops}
    for r in range(rounds + 1):
        for name, loop in loops.items():
            count = loop(random.Random(r))
            if r:  # round 0 warms up
                times[name].append(loop.seconds / count)  # type: ignore[attr-defined]
    return {name: statistics.median(t) for name, t in times.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--rounds", type=int, default=7)
    parser.add_argument("--deals", type=int, default=40, help="deals per round of a loop")
    parser.add_argument("--sim-deals", type=int, default=1000)
    parser.add_argument("--rule-deals", type=int, default=60)
    args = parser.parse_args()
    import pyspiel  # the bench extra

    bridge = bridge_positions(pyspiel, args.deals)
    loops: dict[str, Loop] = {"bridge": bridge_loop(bridge, tensor=False)}
    for name in GAMES:
        loops[name] = deal_loop(game_positions(name, args.deals))
    per_action = medians(loops, args.rounds)
    env_rates = medians(
        {
            "bridge_with_tensor": bridge_loop(bridge, tensor=True),
            "klaverjas_env": env_loop(max(1, args.deals // 4)),
            "klaverjas_env_without_reset": env_loop(max(1, args.deals // 4), time_reset=False),
        },
        args.rounds,
    )
    sim = medians(
        {
            "random": simulate_loop("random", args.sim_deals),
            "rule": simulate_loop("rule", args.rule_deals),
        },
        max(3, args.rounds // 2),
    )
    klaverjas = per_action["klaverjas"]
    report = {
        "deal_loop_us_per_action": {k: round(v * 1e6, 3) for k, v in per_action.items()},
        "deal_loop_bridge_over_ours": {
            k: round(per_action["bridge"] / v, 3) for k, v in per_action.items() if k != "bridge"
        },
        "deal_loop_over_klaverjas": {
            k: round(v / klaverjas, 3) for k, v in per_action.items() if k != "bridge"
        },
        "rl_steps_per_second": {k: round(1 / v) for k, v in env_rates.items()},
        "rl_env_over_bridge": round(
            env_rates["bridge_with_tensor"] / env_rates["klaverjas_env"], 3
        ),
        "rl_env_without_reset_over_bridge": round(
            env_rates["bridge_with_tensor"] / env_rates["klaverjas_env_without_reset"], 3
        ),
        "simulate_klaverjas_deals_per_second": {k: round(1 / v) for k, v in sim.items()},
    }
    print(json.dumps(report, indent=2))


if __name__ == "__main__":
    main()
