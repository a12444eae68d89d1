"""``RuleBot``: the rule-based bot of every game, chosen by the observation's ``game``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol

from tricktaker import _core
from tricktaker.protocol.base import Action, Game

__all__ = ["RuleBot", "rule_bot_for"]


class _GameBot(Protocol):
    def reset(self, seed: int) -> None: ...

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action: ...


def rule_bot_for(game: str) -> _GameBot:
    """The rule-based bot of ``game`` (its ``Game.name``)."""
    if game == "klaverjas":
        from tricktaker.bots.klaverjas import KlaverjasBot

        return KlaverjasBot()
    if game in ("kiksas", "trikiksis"):
        from tricktaker.bots.kiksas import KiksasBot

        return KiksasBot()
    if game in ("allfours", "pitch"):
        from tricktaker.bots.allfours import AllFoursBot

        return AllFoursBot()
    if game == "kirves":
        from tricktaker.bots.kirves import KirvesBot

        return KirvesBot()
    raise ValueError(f"no rule-based bot for game {game!r}")


class RuleBot:
    """Plays every game by simple rules of thumb (see each game's module in ``tricktaker.bots``).

    It sees observations only, and is deterministic: where two choices tie it takes the first
    in a fixed order; its seed only breaks ties between equally good calls.
    """

    name = "rule"

    def __init__(self, seed: int = 0) -> None:
        self._bots: dict[str, _GameBot] = {}
        self._game: Game | None = None
        self.reset(seed)

    def bind(self, game: Game) -> None:
        """Learn the game's options (public at the table: the deck, the items, the rules)."""
        self._game = game
        for bot in self._bots.values():
            if hasattr(bot, "bind"):
                bot.bind(game)

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
            if self._game is not None and self._game.name == game and hasattr(bot, "bind"):
                bot.bind(self._game)
            bot.reset(self._seed)
        action = bot.act(observation, legal_actions)
        if action not in legal_actions:  # a safety net: never return an illegal action
            return legal_actions[0]
        return action

    def __repr__(self) -> str:
        return "RuleBot()"
