"""What ``tricktaker play`` tells a person who asks: the commands, and a hint for the card to
play.

``hint`` asks the PIMC search (``tricktaker.bots.pimc``): it samples the hands the person cannot
see, consistent with everything the seat knows, solves each sample double dummy and averages
each legal card's value. With every card known (an open ending, the last trick) the value is
exact. Early in a long deal a sample costs a second or more: the hint solves as many as its time
budget allows (at least one). Where the family offers no search, and for calls (trumps, bids,
passes), the hint is the rule-based bot's choice.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.bots import RuleBot
from tricktaker.bots.pimc import FOLD_MOVE, PimcBot, Position, position_for
from tricktaker.cards import Card
from tricktaker.protocol.base import Action, Game
from tricktaker.protocol.view import Lines, TextView

__all__ = ["COMMANDS", "HINT_SAMPLES", "help_lines", "hint_lines"]

# The words a person may type besides actions, with what each does.
COMMANDS: dict[str, str] = {
    "help, ?": "this list, then the actions allowed now",
    "rules": "what the choices of this moment mean, with the rule numbers",
    "hint": "what a search would play, and the value of each legal card",
    "undo": "take back your last action (and the bots' answers to it)",
    "save FILE": "write the game so far to FILE (JSON; tricktaker.from_json reads it)",
    "load FILE": "go on with a game saved to FILE",
    "quit, exit, q": "leave the game",
}
HINT_SAMPLES = 16
# The hint searches this long at most (after its first sample): a person waits for it.
HINT_SECONDS = 2.0

# What each objective of the solver counts, in the words of the hint.
_OBJECTIVE_WORDS = {
    "TRICKS": "tricks your side takes from here on",
    "POINTS": "points your side takes from here on",
    "MARGIN": "your side's points minus the other side's, from here on",
}


def help_lines(view: TextView, obs: Mapping[str, Any], legal: Sequence[Action]) -> Lines:
    """The commands, then the actions allowed now as the turn lists them."""
    lines = ["Commands:"]
    lines += [f"  {word:<15}{meaning}" for word, meaning in COMMANDS.items()]
    lines.append("To act, type a card (10♥ or TH), a call, or the number of an action:")
    lines += [line for line in view.turn(obs, legal) if line.startswith("Legal")]
    return lines


def _rule_hint(game: Game, obs: Mapping[str, Any], legal: Sequence[Action], view: TextView) -> str:
    bot = RuleBot()
    bot.bind(game)
    return view.action_text(bot.act(obs, legal))


def _objective_words(objective: Any) -> str:
    kind = getattr(getattr(objective, "kind", None), "name", "")
    return _OBJECTIVE_WORDS.get(kind, f"the deal's value for your side ({kind.lower()})")


def hint_lines(
    game: Game,
    obs: Mapping[str, Any],
    legal: Sequence[Action],
    view: TextView,
    seed: int,
    samples: int = HINT_SAMPLES,
    budget_s: float = HINT_SECONDS,
) -> Lines:
    """The hint for a seat to act: the search's values of each legal card, best first, or the
    rule-based bot's choice where no search runs."""
    cards = [a for a in legal if a.card is not None]
    folds = [a for a in legal if a.card is None and a.name == "fold"]
    rule = _rule_hint(game, obs, legal, view)
    if len(cards) + len(folds) != len(legal):
        return [f"Hint: {rule} (the rule-based bot's choice; calls are not searched)."]
    if len(legal) == 1:
        return [f"Hint: {rule}, the only legal action."]
    position = position_for(game, obs, cards)
    if position is None:
        return [f"Hint: {rule} (the rule-based bot's choice: this game offers no search here)."]
    exact = sum(position.hidden.counts) == 0
    values, solved = _search(position, seed, 1 if exact else samples, budget_s)
    if not values:
        return [f"Hint: {rule} (no sample of the hidden cards fits the play so far)."]
    ranked = sorted(values.items(), key=lambda item: -item[1])
    best = ranked[0][1]
    how = (
        "exact: every card is known"
        if exact
        else f"the average over {solved} deal{'s' * (solved != 1)} of the hidden cards that "
        "fit what you know"
    )
    lines = [
        f"Hint: each legal card's double-dummy value, {how}.",
        f"Value = {_objective_words(position.objective)}.",
    ]
    for move, value in ranked:
        name = "fold" if move == FOLD_MOVE else view.action_text(Action.play(Card(move)))
        mark = "  <- best" if value >= best - 1e-9 else ""
        lines.append(f"  {name:<8}{value:8.2f}{mark}")
    lines.append(f"The rule-based bot would play {rule}.")
    return lines


def _search(
    position: Position, seed: int, samples: int, budget_s: float
) -> tuple[dict[int, float], int]:
    """Each card's average value over up to ``samples`` sampled deals, and how many were
    solved: at least one, then as many as ``budget_s`` seconds allow (a deal's first tricks
    cost a search far more than its last)."""
    bot = PimcBot(seed, samples=1)
    totals: dict[int, float] = {}
    solved = 0
    start = time.perf_counter()
    while solved < samples and (solved == 0 or time.perf_counter() - start < budget_s):
        values = bot.card_values(position)
        if not values:
            break
        for move, value in values.items():
            totals[move] = totals.get(move, 0.0) + value
        solved += 1
    return {move: total / solved for move, total in totals.items()}, solved
