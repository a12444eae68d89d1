"""Reinforcement-learning interop: a PettingZoo AEC environment for every game.

Install the ``rl`` extra (``pip install "tricktaker[rl]"``: PettingZoo and Gymnasium), then::

    from tricktaker.rl import env
    e = env("klaverjas", play_rules="rotterdam")            # one deal per episode
    e = env("pitch", preset="five_point_setback", episode="match")   # a whole match

Each environment has a fixed ``Discrete`` action space (``tricktaker.rl.layout``: the pack's
cards by card id, then the game's calls), observations ``{"observation", "action_mask"}``
(``tricktaker.rl.encoding``), rewards per seat at the end of each deal (``tricktaker.rl.games``)
and seeding through ``reset(seed=...)``. ``Episode`` is the same environment without PettingZoo.
"""

from __future__ import annotations

from typing import Any

from tricktaker.protocol.episode import GameAdapter
from tricktaker.rl.encoding import encode_observation, observation_size
from tricktaker.rl.episode import Episode
from tricktaker.rl.games import adapter_names
from tricktaker.rl.layout import ActionLayout

# The PettingZoo environment needs the rl extra; without it the rest (Episode, the layouts)
# still works, and env() says what to install.
try:
    from tricktaker.rl.pettingzoo_env import TrickTakerEnv
except ImportError as exc:  # pragma: no cover - depends on the installation
    _MISSING_EXTRA: ImportError | None = exc
else:
    _MISSING_EXTRA = None

__all__ = [
    "ActionLayout",
    "Episode",
    "GameAdapter",
    "adapter_names",
    "encode_observation",
    "env",
    "observation_size",
    "raw_env",
]


def env(game: str, **options: Any) -> TrickTakerEnv:
    """The PettingZoo AEC environment of ``game`` (see ``TrickTakerEnv``); needs the ``rl``
    extra. Takes ``episode="deal"`` or ``"match"``, ``render_mode``, ``preset`` and the game's
    options, as ``tricktaker.load`` does."""
    if _MISSING_EXTRA is not None:  # pragma: no cover - depends on the installation
        raise ImportError(
            f"tricktaker.rl.env needs PettingZoo and Gymnasium ({_MISSING_EXTRA}); "
            'install them with: pip install "tricktaker[rl]"'
        ) from _MISSING_EXTRA
    return TrickTakerEnv(game, **options)


raw_env = env
