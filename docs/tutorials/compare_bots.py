"""Compare bots: the rule bot against the random bot on duplicate Pitch deals (every deal played
twice from the same cards, the bots swapping seats), with a 95% confidence interval; then a bot
of our own, written in a few lines, against both."""

from collections.abc import Mapping, Sequence
from typing import Any

import tricktaker as tt
from tricktaker.compare import compare

game = tt.load("pitch", preset="five_point_setback")

result = compare(game, ["rule", "random"], deals=100, seed=1)
print(result.table())
pair = result.pairs[0]
low, high = pair.interval
print(f"rule minus random: {pair.mean:+.2f} points a deal, 95% in [{low:+.2f}, {high:+.2f}]")
assert pair.verdict == "rule better"  # the whole interval lies above zero


def strength(action: tt.Action) -> int:
    """A card's rank (a joker above every rank); a call below every card."""
    if action.card is None:
        return -1
    return 99 if action.card.rank is None else int(action.card.rank)


class HighCardBot:
    """Makes the first call offered (a pass where it may pass) and plays its highest legal
    card, trump or not. A bot needs only ``reset`` and ``act``."""

    name = "high"

    def reset(self, seed: int) -> None:
        pass  # plays by fixed rules: nothing random to seed

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[tt.Action]) -> tt.Action:
        best = max(legal_actions, key=strength)
        return best if best.card is not None else legal_actions[0]


# Bot objects and bot names mix freely; every pair is compared on the same deals.
result = compare(game, [HighCardBot(), "rule", "random"], deals=60, seed=2)
print(result.table())
for pair in result.pairs:
    print(f"{pair.first} vs {pair.second}: {pair.verdict}")
