"""Observation tensors: a fixed-shape float32 encoding of what one seat may know, per game.

>>> import tricktaker as tt
>>> game = tt.load("klaverjas")
>>> game.observation_shape
(332,)
>>> deal = game.new_deal(seed=7, dealer="W", trump="H", declarer="N")
>>> x = deal.observation_tensor("S")
>>> x.shape == game.observation_shape, x.dtype.name
(True, 'float32')
>>> decoded = tt.decode_observation(game, x)
>>> decoded["hand"] == deal.observation("S")["hand"], decoded["trump"]
(True, 'H')

The tensor is built from the seat's observation dict alone (``encode_observation(game, obs)``),
so it can carry nothing the seat may not know; ``observation_tensor(deal, seat)`` is
``encode_observation(game, deal.observation(seat))``. Its shape depends only on the game and its
options (the number of players, the pack). ``decode_observation`` reads a tensor back into a
summary of the observation (own hand, cards played, current trick, trump, scores, ...), which is
also the executable definition of the layout. ``observation_layout(game)`` lists the segments.

Conventions, in every game:

* **Seats are relative to the observer**: entry k of a per-seat segment is the seat k places
  after the observer in turn order (0 = the observer, 1 = the next to play after him, ...).
  The first segment of every tensor, ``me`` (n), is the observer's own seat, the only absolute
  one (it lets ``decode_observation`` name seats as the observation does).
* **Card planes** have one entry per card of the game's pack, in increasing card id (spades
  2..A, hearts, diamonds, clubs, with the jokers after the spade ace: ``tensor_deck(game)``); 1
  marks a card in the set.
* **One-hot** segments are all zero when the item is absent (no trump yet, nobody to move).
* **Values** are divided by the scale named in the layout (card points by the deal's total,
  hand sizes by the largest hand, ...), so that they mostly lie in [0, 1].
* The current trick is a leader one-hot plus one card plane per seat; its order of play is the
  turn order from the leader. Cards played in completed tricks are one plane per seat, as far
  as the observation shows them (where an option hides completed tricks, the observation shows
  less and the tensor follows it).

Each game family documents its own layout (the segments, their sizes and scales) in its
``tensors.py``, ``tricktaker.games.<family>.tensors``, and builds it with the kit of
``tricktaker.protocol.tensor_kit``; this module finds a game's layout through its family record.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker.cards import Card
from tricktaker.protocol.base import Game, StateMachine
from tricktaker.protocol.tensor_kit import (
    Segment,
    TensorReader,
    codec_and_spec,
    encode_observation,
    observation_shape,
)

__all__ = [
    "Segment",
    "decode_observation",
    "encode_observation",
    "observation_layout",
    "observation_shape",
    "observation_tensor",
    "tensor_deck",
]


def observation_layout(game: Game) -> list[Segment]:
    """The segments of the tensor in order (name, offset, size, kind, scale)."""
    _, spec = codec_and_spec(game)
    return list(spec.segments.values())


def tensor_deck(game: Game) -> list[Card]:
    """The cards of the card planes, in plane order."""
    _, spec = codec_and_spec(game)
    return list(spec.deck)


def decode_observation(game: Game, tensor: npt.ArrayLike) -> dict[str, Any]:
    """What a tensor encodes, read back as a summary of the observation (seat names, cards as
    strings, scores as whole numbers)."""
    codec, spec = codec_and_spec(game)
    vector = np.asarray(tensor, dtype=np.float32)
    if vector.shape != (spec.size,):
        raise ValueError(f"expected a tensor of shape {(spec.size,)}, got {vector.shape}")
    return codec.decode(spec, TensorReader(spec, vector))


def observation_summary(game: Game, observation: dict[str, Any]) -> dict[str, Any]:
    """The summary ``decode_observation`` returns, computed from the observation dict: what the
    tensor carries, in the same form (for checks and for readers of the layout)."""
    codec, spec = codec_and_spec(game)
    return codec.summary(spec, observation)


def observation_tensor(target: StateMachine, seat: int | str) -> npt.NDArray[np.float32]:
    """The observation tensor of ``seat`` in a deal or a match (its current deal)."""
    return target.observation_tensor(seat)
