"""Each tricktaker game as an OpenSpiel Python game: its ``GameType``, ``GameInfo`` and class.

``register_games()`` registers ``tricktaker_<game>`` for every game of ``tricktaker.games()``;
a game's options and the adapter's ``preset`` and ``deals`` are its parameters
(``tricktaker.openspiel.parameters``). A game is one deal, from the shuffle to its scores:

* **chance**: the deal's seed, as chance outcomes (a *sampled chance* mode): by default four
  chance nodes of 256 outcomes each, the seed's bytes, so that 2**32 deals are equally likely;
  with ``deals=N``, one chance node of N outcomes, seeds 0 .. N-1. The seed deals through the
  game's own deal flow (its cut, its turn-up, its deal packets), as the RL environment does;
* **actions**: the RL environment's fixed layout (``tricktaker.rl.layout``): the pack's cards
  by card id, then every call of the game;
* **returns**: each seat's deal reward of the RL environment (the game's own deal score);
* **tensors**: the package's observation tensor (``tricktaker.tensors``).
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from typing import Any

import pyspiel

from tricktaker.openspiel.observer import TrickTakerObserver
from tricktaker.openspiel.parameters import (
    game_options,
    given_parameters,
    parameter_specification,
)
from tricktaker.openspiel.state import TrickTakerState
from tricktaker.protocol.base import Game
from tricktaker.protocol.episode import GameAdapter
from tricktaker.registry import family_of, games, load
from tricktaker.rl.games import adapter_for
from tricktaker.rl.layout import ActionLayout
from tricktaker.tensors import observation_shape

__all__ = ["PREFIX", "TrickTakerGame", "game_type", "open_spiel_name", "register_games"]

PREFIX = "tricktaker_"
SEED_BYTES = 4  # chance nodes of the default sampled-chance mode, one byte of the seed each
# The most player actions of one deal, as a multiple of the pack plus every call of every seat:
# a generous bound (an auction, runs and redeals repeat calls), checked by the random tests.
LENGTH_FACTOR = 4


def open_spiel_name(game: str) -> str:
    """The OpenSpiel short name of a tricktaker game: ``tricktaker_klaverjas``."""
    return PREFIX + game


def _seat_range(game: str) -> tuple[int, int]:
    """The fewest and most players of a game, over its example option sets and presets."""
    counts: set[int] = set()
    for options in _loadable_option_sets(game):
        counts.add(adapter_for(load(game, **options)).num_seats)
    return min(counts), max(counts)


def _loadable_option_sets(game: str) -> list[dict[str, Any]]:
    from_family = [dict(e) for e in _variant(game).examples]
    if any(o["name"] == "num_players" for o in games()[game].options):
        extra = [{**from_family[0], "num_players": n} for n in range(2, 11)]
        return [*from_family, *_valid(game, extra)]
    return from_family


def _valid(game: str, option_sets: list[dict[str, Any]]) -> list[dict[str, Any]]:
    out = []
    for options in option_sets:
        try:
            load(game, **options)
        except ValueError:
            continue
        out.append(options)
    return out


def _variant(game: str) -> Any:
    return next(v for v in family_of(game).variants if v.name == game)


def game_type(game: str) -> pyspiel.GameType:
    """The OpenSpiel ``GameType`` of a tricktaker game."""
    low, high = _seat_range(game)
    return pyspiel.GameType(
        short_name=open_spiel_name(game),
        long_name=f"tricktaker {games()[game].description}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        # Deal rewards sum to zero when the sides are equal in size, not with every option.
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=high,
        min_num_players=low,
        provides_information_state_string=True,
        provides_information_state_tensor=True,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification=parameter_specification(game),
    )


@dataclass(frozen=True)
class Setup:
    """What every state of one loaded OpenSpiel game shares."""

    game: Game
    adapter: GameAdapter
    layout: ActionLayout
    deals: int  # 0: the seed from SEED_BYTES byte-valued chance nodes; N: one node of N seeds
    # The OpenSpiel game it was loaded as: its short name and parameters, for pickling.
    source: tuple[str, tuple[tuple[str, Any], ...]]

    def __deepcopy__(self, memo: dict[int, Any]) -> Setup:
        return self  # shared by every state of the game, never changed: clones share it

    def __reduce__(self) -> tuple[Any, tuple[str, tuple[tuple[str, Any], ...]]]:
        # A serialized state names its game; unpickling finds the game's shared set-up.
        return (loaded_setup, self.source)

    @property
    def chance_nodes(self) -> int:
        return SEED_BYTES if self.deals == 0 else 1

    @property
    def chance_outcomes(self) -> int:
        return 256 if self.deals == 0 else self.deals


class TrickTakerGame(pyspiel.Game):
    """One deal of a tricktaker game, with its options, as an OpenSpiel game."""

    name: str  # the tricktaker game; set on each registered subclass

    def __init__(self, params: dict[str, Any] | None = None) -> None:
        params = dict(params or {})
        preset, options = game_options(self.name, params)
        deals = int(params.get("deals", 0))
        if deals < 0:
            raise ValueError(f"deals={deals} is not allowed: 0 (every seed) or a count >= 1")
        tt_game = load(self.name, preset=preset, **options)
        adapter = adapter_for(tt_game)
        layout = ActionLayout(
            tuple(sorted(adapter.cards(), key=lambda c: c.id)), tuple(adapter.calls())
        )
        given = given_parameters(self.name, params)
        source = (open_spiel_name(self.name), tuple(sorted(given.items())))
        self.setup = Setup(tt_game, adapter, layout, deals, source)
        bound = adapter.reward_bound()
        info = pyspiel.GameInfo(
            num_distinct_actions=layout.size,
            max_chance_outcomes=self.setup.chance_outcomes,
            num_players=adapter.num_seats,
            min_utility=-bound,
            max_utility=bound,
            utility_sum=None,
            max_game_length=LENGTH_FACTOR * (len(layout.cards) + adapter.num_seats * layout.size),
        )
        super().__init__(_TYPES[self.name], info, given)
        self.tensor_size = observation_shape(tt_game)[0]

    def new_initial_state(self) -> TrickTakerState:
        return TrickTakerState(self)

    def make_py_observer(
        self, iig_obs_type: pyspiel.IIGObservationType | None = None, params: Any = None
    ) -> TrickTakerObserver:
        perfect_recall = iig_obs_type is None or bool(iig_obs_type.perfect_recall)
        return TrickTakerObserver(self.tensor_size, perfect_recall, params)


_TYPES: dict[str, pyspiel.GameType] = {}


@functools.lru_cache(maxsize=64)
def loaded_setup(short_name: str, parameters: tuple[tuple[str, Any], ...]) -> Setup:
    """The set-up of the OpenSpiel game ``short_name`` with ``parameters`` (loaded once)."""
    game = pyspiel.load_game(short_name, dict(parameters))
    if not isinstance(game, TrickTakerGame):
        raise ValueError(f"{short_name} is not a tricktaker game")
    return game.setup


def register_games() -> list[str]:
    """Register every tricktaker game with OpenSpiel (once); their OpenSpiel names."""
    names = []
    for game in games():
        if game not in _TYPES:
            _TYPES[game] = game_type(game)
            cls = type(f"TrickTaker_{game}", (TrickTakerGame,), {"name": game})
            pyspiel.register_game(_TYPES[game], cls)
        names.append(open_spiel_name(game))
    return names
