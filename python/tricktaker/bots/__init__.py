"""Bots: players that choose an action from what their seat may see.

``RandomBot`` (``"random"``), ``RuleBot`` (``"rule"``: simple rules of thumb per game, in
``tricktaker.bots.klaverjas``, ``.kiksas``, ``.allfours`` and ``.kirves``) and ``PimcBot``
(``"pimc"``, ``"pimc:32"``, ``"pimc:50ms"``: Perfect-Information Monte Carlo card play).

A bot never gets a deal or a match, only the seat's observation (a read-only mapping of the
JSON-ready data of ``observation(seat)``) and the list of legal actions. It is seeded and
deterministic: after ``reset(seed)`` the same observations and legal actions give the same
choices on every machine (the randomness is the core's portable ``Rng``).

>>> from tricktaker.protocol.base import Action
>>> bot = RandomBot(seed=7)
>>> actions = [Action.call("pass"), Action.call("trump:H")]
>>> first = [bot.act({}, actions) for _ in range(5)]
>>> bot.reset(7)
>>> [bot.act({}, actions) for _ in range(5)] == first
True

Write a bot as any class with ``reset`` and ``act`` (and, optionally, ``bind(game)`` to learn the
game's options before play); register it by name with
``register_bot("name", factory)`` so that ``simulate(..., bots="name")`` and the command line
find it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol, runtime_checkable

from tricktaker import _core
from tricktaker.protocol.base import Action, Game

__all__ = ["Bot", "RandomBot", "bind_bot", "bot_names", "make_bot", "register_bot"]


@runtime_checkable
class Bot(Protocol):
    """A player: seeded, deterministic under its seed, and blind to everything but its seat."""

    def reset(self, seed: int) -> None:
        """Start afresh from ``seed`` (called before every deal a simulation plays)."""

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        """One of ``legal_actions``, chosen from what ``observation`` shows."""
        ...


class RandomBot:
    """Chooses uniformly among the legal actions."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.reset(seed)

    def reset(self, seed: int) -> None:
        self._rng = _core.Rng(seed)

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("a bot cannot act: there are no legal actions")
        return legal_actions[int(self._rng.below(len(legal_actions)))]

    def __repr__(self) -> str:
        return "RandomBot()"


def _rule_bot(seed: int) -> Bot:
    return RuleBot(seed)


def _pimc_bot(seed: int) -> Bot:
    return PimcBot(seed)


_BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "rule": _rule_bot, "pimc": _pimc_bot}


def bind_bot(bot: Bot, game: Game) -> None:
    """Tell ``bot`` the game it plays, if it wants to know (an optional ``bind(game)`` method).

    The game's rules and options are public at the table; a bot still sees no hidden card.
    """
    bind = getattr(bot, "bind", None)
    if callable(bind):
        bind(game)


def register_bot(name: str, factory: Callable[[int], Bot]) -> None:
    """Make a bot available by name: ``factory(seed)`` returns a new bot."""
    _BOTS[name.lower()] = factory


def bot_names() -> list[str]:
    return sorted(_BOTS)


def _pimc_family(param: str) -> Callable[[int], Bot]:
    return pimc_factory(param)


# Bots that take a parameter after a colon: "pimc:32" (samples), "pimc:50ms" (a time budget).
_FAMILIES: dict[str, Callable[[str], Callable[[int], Bot]]] = {"pimc": _pimc_family}


def make_bot(spec: str | Bot, seed: int = 0) -> Bot:
    """A bot from a name (``"random"``, ``"rule"``, ``"pimc"``, ``"pimc:32"``) or a bot object
    (returned as is)."""
    if isinstance(spec, str):
        name = spec.strip().lower()
        head, colon, param = name.partition(":")
        if colon and head in _FAMILIES:
            return _FAMILIES[head](param)(seed)
        factory = _BOTS.get(name)
        if factory is None:
            raise ValueError(f"unknown bot {spec!r}; bots: {', '.join(bot_names())}")
        return factory(seed)
    if not isinstance(spec, Bot):
        raise ValueError(f"a bot is a name ({', '.join(bot_names())}) or has reset() and act()")
    return spec


from tricktaker.bots.pimc import PimcBot, pimc_factory  # noqa: E402  (built on the protocol)
from tricktaker.bots.rule import RuleBot  # noqa: E402

__all__ += ["PimcBot", "RuleBot"]
