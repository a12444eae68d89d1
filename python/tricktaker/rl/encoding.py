"""The numeric observation the environment gives each agent: the game's observation tensor.

The encoding is the one of ``tricktaker.tensors`` (each family's ``tensors.py`` documents its
layout), not one of the environment's own: a fixed-shape ``float32`` vector built from the
seat's own observation alone, so it never shows a hidden card. Seats are relative to the
observing seat; values are scaled to lie mostly in [0, 1] (scores that can go below zero, as
in Pitch, are scaled but not clipped).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker import tensors
from tricktaker.protocol.episode import GameAdapter


def observation_size(adapter: GameAdapter) -> int:
    """The length of the vector ``encode_observation`` returns for this game."""
    return tensors.observation_shape(adapter.game)[0]


def encode_observation(adapter: GameAdapter, obs: Mapping[str, Any]) -> npt.NDArray[np.float32]:
    """Encode ``obs``, a seat's observation of the deal (or match) of ``adapter``'s game."""
    return tensors.encode_observation(adapter.game, dict(obs))
