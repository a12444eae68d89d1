"""tricktaker: a fast, exact engine for traditional trick-taking card games.

>>> import tricktaker as tt
>>> "klaverjas" in tt.games()
True
>>> deal = tt.load("klaverjas").new_deal(seed=1, dealer="W")
>>> deal.apply("trump:H").detail["declarer"]
'N'
"""

from tricktaker import games as _games  # noqa: F401  (registers every game)
from tricktaker._core import PlayState, RulesTable
from tricktaker.bots import Bot, RandomBot
from tricktaker.cards import Card, Rank, Suit, cards_from_mask, mask_from_cards, parse_cards
from tricktaker.errors import IllegalAction
from tricktaker.playouts import playouts_from_deals, playouts_from_position, random_playouts
from tricktaker.protocol.base import Action, Deal, Event, Game, Match
from tricktaker.registry import GameInfo, from_json, games, load
from tricktaker.sampling import DealSamples, sample_deals
from tricktaker.sim import SimulationResults, simulate
from tricktaker.solve import Solution, Solver, dd_table, dd_tables, solve, solve_many
from tricktaker.tensors import decode_observation, observation_shape, observation_tensor

__version__ = "0.1.0"

__all__ = [
    "Action",
    "Bot",
    "Card",
    "Deal",
    "DealSamples",
    "Event",
    "Game",
    "GameInfo",
    "IllegalAction",
    "Match",
    "PlayState",
    "RandomBot",
    "Rank",
    "RulesTable",
    "SimulationResults",
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
    "simulate",
    "solve",
    "solve_many",
]
