"""Bots: players that choose an action from what their seat may see.

``RandomBot`` (``"random"``), ``RuleBot`` (``"rule"``: simple rules of thumb per game, each
family's ``rule_bot`` capability) and ``PimcBot`` (``"pimc"``, ``"pimc:32"``, ``"pimc:50ms"``:
Perfect-Information Monte Carlo card play, on each family's ``pimc`` capability). ``Bot``,
``RandomBot`` and ``bind_bot`` live in ``tricktaker.protocol.players`` and are re-exported here.

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

from collections.abc import Callable

from tricktaker.bots.pimc import PimcBot, pimc_factory
from tricktaker.bots.rule import RuleBot
from tricktaker.protocol.players import Bot, RandomBot, bind_bot

__all__ = [
    "Bot",
    "PimcBot",
    "RandomBot",
    "RuleBot",
    "bind_bot",
    "bot_names",
    "make_bot",
    "register_bot",
]


_BOTS: dict[str, Callable[[int], Bot]] = {"random": RandomBot, "rule": RuleBot, "pimc": PimcBot}


def register_bot(name: str, factory: Callable[[int], Bot]) -> None:
    """Make a bot available by name: ``factory(seed)`` returns a new bot."""
    _BOTS[name.lower()] = factory


def bot_names() -> list[str]:
    return sorted(_BOTS)


# Bots that take a parameter after a colon: "pimc:32" (samples), "pimc:50ms" (a time budget).
_FAMILIES: dict[str, Callable[[str], Callable[[int], Bot]]] = {"pimc": pimc_factory}


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
