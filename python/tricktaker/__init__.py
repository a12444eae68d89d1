"""tricktaker: a fast, exact engine for traditional trick-taking card games.

>>> import tricktaker as tt
>>> "klaverjas" in tt.games()
True
>>> deal = tt.load("klaverjas").new_deal(seed=1, dealer="W")
>>> deal.apply("trump:H").detail["declarer"]  # a seat id: N
0

The simulator (``simulate``, ``SimulationResults``) is loaded on first use: a plain
``import tricktaker`` stays light, loading neither it, nor the bots it plays with
(``tricktaker.bots``), nor the command line.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

from tricktaker import games as _games  # noqa: F401  (registers every game)
from tricktaker._core import PlayState, RulesTable
from tricktaker.cards import Card, Rank, Suit, cards_from_mask, mask_from_cards, parse_cards
from tricktaker.errors import (
    Error,
    IllegalAction,
    InvalidJSON,
    InvalidOption,
    InvalidPosition,
    InvalidSeat,
    JSONSyntaxError,
    SearchLimitExceeded,
    Unsupported,
)
from tricktaker.playouts import playouts_from_deals, playouts_from_position, random_playouts
from tricktaker.protocol.base import Action, Deal, Event, Game, Match
from tricktaker.protocol.players import Bot, RandomBot
from tricktaker.registry import GameInfo, from_json, games, load, schema
from tricktaker.sampling import DealSamples, sample_deals
from tricktaker.solve import Solution, Solver, dd_table, dd_tables, solve, solve_many
from tricktaker.tensors import decode_observation, observation_shape, observation_tensor

if TYPE_CHECKING:
    from tricktaker.sim import SimulationResults, simulate

# The one source of the version: the package metadata reads it from here (pyproject.toml,
# dynamic version through scikit-build-core's regex provider).
__version__ = "0.1.0"

__all__ = [
    "Action",
    "Bot",
    "Card",
    "Deal",
    "DealSamples",
    "Error",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "InvalidJSON",
    "InvalidOption",
    "InvalidPosition",
    "InvalidSeat",
    "JSONSyntaxError",
    "Match",
    "PlayState",
    "RandomBot",
    "Rank",
    "RulesTable",
    "SearchLimitExceeded",
    "SimulationResults",
    "Unsupported",
    "Solution",
    "Solver",
    "Suit",
    "cards_from_mask",
    "dd_table",
    "dd_tables",
    "decode_observation",
    "from_json",
    "games",
    "load",
    "mask_from_cards",
    "observation_shape",
    "observation_tensor",
    "parse_cards",
    "playouts_from_deals",
    "playouts_from_position",
    "random_playouts",
    "sample_deals",
    "schema",
    "simulate",
    "solve",
    "solve_many",
]

# The names loaded on first use (PEP 562), each with the module that defines it.
_LAZY: dict[str, str] = {"SimulationResults": "tricktaker.sim", "simulate": "tricktaker.sim"}


def __getattr__(name: str) -> Any:
    module = _LAZY.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value  # later lookups find it without coming here
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(_LAZY))
