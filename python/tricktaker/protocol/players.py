"""Players: the ``Bot`` protocol, the random bot, and what every family's rule-based bot shares.

A bot never gets a deal or a match, only the seat's observation (a read-only mapping of the
JSON-ready data of ``observation(seat)``) and the list of legal actions. It is seeded and
deterministic: after ``reset(seed)`` the same observations and legal actions give the same
choices on every machine (the randomness is the core's portable ``Rng``).

A family's ``rule_bot`` capability (``games/<family>/bot.py: RULE_BOT``) is a
``RuleBotFactory``: called with no argument it returns a fresh rule-based bot for every variant
of the family, usually a subclass of ``GameRuleBot``.

>>> from tricktaker.protocol.base import Action
>>> bot = RandomBot(seed=7)
>>> actions = [Action.call("pass"), Action.call("trump:H")]
>>> first = [bot.act({}, actions) for _ in range(5)]
>>> bot.reset(7)
>>> [bot.act({}, actions) for _ in range(5)] == first
True
>>> pick_action(actions, "TRUMP:H")
Action(name='trump:H', card=None)
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from tricktaker import _core
from tricktaker.protocol.base import Action, Game

__all__ = ["Bot", "GameRuleBot", "RandomBot", "RuleBotFactory", "bind_bot", "pick_action"]


@runtime_checkable
class Bot(Protocol):
    """A player: seeded, deterministic under its seed, and blind to everything but its seat."""

    def reset(self, seed: int) -> None:
        """Start afresh from ``seed`` (called before every deal a simulation plays)."""

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``, chosen from what ``observation`` shows."""
        ...


class RuleBotFactory(Protocol):
    """A family's ``rule_bot`` capability: makes a fresh rule-based bot (the bot's class will
    do). The bot may also have ``bind(game)`` to learn the game's options before play."""

    def __call__(self) -> Bot: ...


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"
    rng: _core.Rng

    def __init__(self, seed: int = 0) -> None:
        self.reset(seed)

    def reset(self, seed: int) -> None:
        # ``rng.below(n)`` is the index this bot picks among n legal actions: a simulation
        # draws it straight from here when it plays a stretch of cards at once.
        self.rng = _core.Rng(seed)

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("a bot cannot act: there are no legal actions")
        return legal_actions[self.rng.below(len(legal_actions))]

    def __repr__(self) -> str:
        return "RandomBot()"


class GameRuleBot:
    """What every game's rule bot shares: the game it is bound to, whose options shape the
    rules it reads the play by (None until bound: the game's defaults). The bots play by
    fixed rules, so a seed changes nothing unless a bot draws at random."""

    name = "rule"

    def __init__(self) -> None:
        self.game: Game | None = None

    def bind(self, game: Game) -> None:
        self.game = game

    @property
    def options(self) -> Any:
        return None if self.game is None else self.game.options

    def reset(self, seed: int) -> None:
        pass


def bind_bot(bot: Bot, game: Game) -> None:
    """Tell ``bot`` the game it plays, if it wants to know (an optional ``bind(game)`` method).

    The game's rules and options are public at the table; a bot still sees no hidden card.
    """
    bind = getattr(bot, "bind", None)
    if callable(bind):
        bind(game)


def pick_action(legal: Sequence[Action], name: str) -> Action | None:
    """The legal action called ``name`` (case-insensitive), or None."""
    lowered = name.lower()
    return next((a for a in legal if a.name.lower() == lowered), None)
