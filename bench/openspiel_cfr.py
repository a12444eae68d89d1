"""A CFR-family run of OpenSpiel on a small variant of one of our games: outcome-sampling
MCCFR on whist with a reduced pack, its NashConv (the sum of what each seat would gain by a
best response; 0 at an equilibrium) measured as the iterations go.

    python bench/openspiel_cfr.py --game "tricktaker_whist(ranks_per_suit=3,deals=8)" \
        --iterations 20000 --checkpoints 5

``deals=8`` makes the deal one of 8 fixed seeds (``tricktaker.openspiel``'s chance
parameter), so that the best responses can walk the whole tree.
"""

from __future__ import annotations

import argparse
import time

import pyspiel
from open_spiel.python.algorithms import exploitability, outcome_sampling_mccfr

import tricktaker.openspiel  # noqa: F401  (registers the games)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="tricktaker_whist(ranks_per_suit=3,deals=8)")
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("--checkpoints", type=int, default=5)
    args = parser.parse_args()
    game = pyspiel.load_game(args.game)
    solver = outcome_sampling_mccfr.OutcomeSamplingSolver(game)
    start = time.process_time()
    uniform = exploitability.nash_conv(game, solver.average_policy())
    print(f"{args.game}: outcome-sampling MCCFR")
    print(f"iterations {0:>7}  NashConv {uniform:.4f}  (the uniform policy)")
    step = max(1, args.iterations // args.checkpoints)
    done = 0
    while done < args.iterations:
        for _ in range(step):
            solver.iteration()
        done += step
        conv = exploitability.nash_conv(game, solver.average_policy())
        print(f"iterations {done:>7}  NashConv {conv:.4f}  CPU {time.process_time() - start:.0f} s")


if __name__ == "__main__":
    main()
