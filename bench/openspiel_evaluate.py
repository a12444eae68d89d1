"""OpenSpiel's MCTS and ISMCTS bots against tricktaker's rule bot and a random bot, through
OpenSpiel's ``evaluate_bots``, on our games registered by ``tricktaker.openspiel``.

    python bench/openspiel_evaluate.py --game "tricktaker_whist(ranks_per_suit=5)" \
        --bot ismcts --opponent rule --deals 200 --simulations 100

The searching bot holds seats 0 and 2 (a side in the four-seat partnership games), the
opponent the others. Each deal is played twice with the seats swapped (duplicate), and the
report gives the searching side's mean return per deal with a 95% confidence interval (normal
approximation over the duplicate pairs). The bots' UCT exploration constant is by default
twice the standard deviation of a deal's return in random play (``--uct-c`` sets it), as
OpenSpiel's usual 2 is for returns between -1 and 1.
"""

from __future__ import annotations

import argparse
import math
import time

import numpy as np
import pyspiel
from open_spiel.python.algorithms import evaluate_bots, ismcts, mcts

import tricktaker.openspiel  # noqa: F401  (registers the games)
from tricktaker.openspiel import TrickTakerBot


class Searching(pyspiel.Bot):  # type: ignore[misc]
    """An OpenSpiel search bot for ``evaluate_bots``: it searches afresh at every move, so it
    needs no news of the others' actions (the Python MCTS bots lack ``restart_at``)."""

    def __init__(self, bot: pyspiel.Bot) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot

    def restart_at(self, state: pyspiel.State) -> None:
        pass

    def inform_action(self, state: pyspiel.State, player: int, action: int) -> None:
        pass

    def step(self, state: pyspiel.State) -> int:
        return int(self.bot.step(state))


def return_spread(game: pyspiel.Game, deals: int, seed: int) -> float:
    """The standard deviation of seat 0's return over ``deals`` deals of random play: the
    scale of a deal's returns (the utility range is a bound, for Klaverjas ten times wider)."""
    rng = np.random.RandomState(seed)
    values = []
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probs = zip(*state.chance_outcomes(), strict=True)
                state.apply_action(int(rng.choice(outcomes, p=probs)))
            else:
                state.apply_action(int(rng.choice(state.legal_actions())))
        values.append(state.returns()[0])
    return max(float(np.std(values)), 1e-6)


def make_bot(
    kind: str, game: pyspiel.Game, seed: int, simulations: int, uct_c: float
) -> pyspiel.Bot:
    rng = np.random.RandomState(seed)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
    if kind == "ismcts":
        return Searching(ismcts.ISMCTSBot(game, evaluator, uct_c, simulations, random_state=rng))
    if kind == "mcts":
        # OpenSpiel's MCTS searches the true state: it sees every hand (a cheating upper mark).
        return Searching(mcts.MCTSBot(game, uct_c, simulations, evaluator, random_state=rng))
    return TrickTakerBot(kind, game, seed=seed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--game", default="tricktaker_whist(ranks_per_suit=5)")
    parser.add_argument("--bot", default="ismcts", choices=["ismcts", "mcts", "rule", "random"])
    parser.add_argument("--opponent", default="rule", choices=["rule", "random", "pimc"])
    parser.add_argument("--deals", type=int, default=100)
    parser.add_argument("--simulations", type=int, default=100)
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument(
        "--uct-c",
        type=float,
        default=None,
        help="UCT's exploration constant; default: twice the spread of a deal's returns",
    )
    args = parser.parse_args()
    game = pyspiel.load_game(args.game)
    # UCT's constant on the scale of the game's returns, as 2 is for returns of -1 .. 1.
    uct_c = args.uct_c if args.uct_c is not None else 2.0 * return_spread(game, 200, args.seed)
    n = game.num_players()
    side = [p for p in range(n) if p % 2 == 0]
    pairs = []
    start = time.process_time()
    for deal in range(args.deals):
        values = []
        for swap in (False, True):
            seats = [(p % 2 == 0) != swap for p in range(n)]  # True: the searching bot
            bots = [
                make_bot(
                    args.bot if mine else args.opponent,
                    game,
                    args.seed + 97 * deal + p,
                    args.simulations,
                    uct_c,
                )
                for p, mine in enumerate(seats)
            ]
            # The same chance outcomes (the same deal) in both games of the pair.
            returns = evaluate_bots.evaluate_bots(
                game.new_initial_state(), bots, np.random.RandomState(args.seed + deal)
            )
            mine = [p for p in range(n) if seats[p]]
            values.append(sum(returns[p] for p in mine) / len(mine))
        pairs.append(sum(values) / 2)
    searching = args.bot in ("ismcts", "mcts")
    search = f" ({args.simulations} simulations, uct_c {uct_c:.2f})" if searching else ""
    mean = float(np.mean(pairs))
    half = 1.96 * float(np.std(pairs, ddof=1)) / math.sqrt(len(pairs)) if len(pairs) > 1 else 0.0
    print(
        f"{args.game}: {args.bot}{search} vs {args.opponent}, "
        f"{len(pairs)} duplicate deal pairs: mean return per seat {mean:+.3f} "
        f"(95% CI {mean - half:+.3f} .. {mean + half:+.3f}); side {side}; "
        f"CPU {time.process_time() - start:.0f} s"
    )


if __name__ == "__main__":
    main()
