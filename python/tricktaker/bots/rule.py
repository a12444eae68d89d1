"""``RuleBot``: the rule-based bot of every game, its family's ``rule_bot`` capability.

Each family's ``bot.py`` holds its rules of thumb as ``RULE_BOT``; ``RuleBot`` picks the one of
the game the observation names (its ``game``) and keeps one bot per game it has met.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker import _core
from tricktaker.protocol.base import Action, Game
from tricktaker.protocol.family import capability
from tricktaker.protocol.players import Bot, RuleBotFactory, bind_bot

__all__ = ["RuleBot", "rule_bot_for"]


def rule_bot_for(game: str) -> Bot:
    """A fresh rule-based bot of ``game`` (its ``Game.name``); ``tt.Unsupported`` when its
    family has none."""
    factory: RuleBotFactory = capability(game, "rule_bot")
    return factory()


class RuleBot:
    """Plays every game by simple rules of thumb (see each family's ``bot.py``).

    It sees observations only, and is deterministic: where two choices tie it takes the first
    in a fixed order; its seed only breaks ties between equally good calls.
    """

    name = "rule"

    def __init__(self, seed: int = 0) -> None:
        self._bots: dict[str, Bot] = {}
        self._game: Game | None = None
        self.reset(seed)

    def bind(self, game: Game) -> None:
        """Learn the game's options (public at the table: the deck, the items, the rules)."""
        self._game = game
        for bot in self._bots.values():
            bind_bot(bot, game)

    def reset(self, seed: int) -> None:
        self._seed = seed
        self._rng = _core.Rng(seed)
        for bot in self._bots.values():
            bot.reset(seed)

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("a bot cannot act: there are no legal actions")
        if len(legal_actions) == 1:
            return legal_actions[0]
        game = str(observation.get("game", ""))
        bot = self._bots.get(game)
        if bot is None:
            bot = self._bots[game] = rule_bot_for(game)
            if self._game is not None and self._game.name == game:
                bind_bot(bot, self._game)
            bot.reset(self._seed)
        action = bot.act(observation, legal_actions)
        if action not in legal_actions:  # a safety net: never return an illegal action
            return legal_actions[0]
        return action

    def __repr__(self) -> str:
        return "RuleBot()"
