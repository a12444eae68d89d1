"""The kit every family's observation tensor is built with, and the one path from a game to it.

A family's ``tensors.py`` exposes ``CODEC``, a ``TensorCodec``: ``spec(game)`` lays out the
segments of the tensor for a game with its options (a ``TensorSpec``), ``encode`` writes an
observation dict into a vector through a ``TensorWriter``, ``decode`` reads a vector back
through a ``TensorReader`` into a summary of the observation, and ``summary`` computes that same
summary from the observation dict (so a round trip can be checked, and the layout read).

``observation_shape(game)`` and ``encode_observation(game, observation)`` find the codec in the
game's family record (``capability(game, "tensors")``) and cache the spec per game and options.
They live here, in the protocol layer, so that ``Deal.observation_tensor`` and
``Game.observation_shape`` need nothing above it; ``tricktaker.tensors`` offers them with the
rest of the public API and documents the conventions every layout follows.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Protocol

import numpy as np
import numpy.typing as npt

from tricktaker.cards import Card
from tricktaker.protocol.family import capability

if TYPE_CHECKING:  # annotations only: protocol.base imports this module for its tensor methods
    from tricktaker.protocol.base import Game

__all__ = [
    "SUITS",
    "Segment",
    "TensorCodec",
    "TensorReader",
    "TensorSpec",
    "TensorWriter",
    "call_kind",
    "codec_and_spec",
    "encode_observation",
    "observation_shape",
    "played_from",
    "sorted_cards",
]

SUITS = "SHDC"  # the order of every suit one-hot: spades, hearts, diamonds, clubs


@dataclass(frozen=True)
class Segment:
    """One named part of a tensor: ``size`` floats from ``offset``."""

    name: str
    offset: int
    size: int
    kind: str  # one_hot, flags, cards, values
    scale: float = 1.0


class TensorSpec:
    """The layout of one game with its options, and the seat names and pack it encodes.

    Segments are appended in order; every spec starts with ``me``, the observer's own seat."""

    def __init__(self, seats: Sequence[str], deck: list[Card]) -> None:
        # Display names, by seat id: observations (and decoded tensors) name seats by id.
        self.seats = list(seats)
        self.n = len(seats)
        self.deck = sorted(deck, key=lambda c: c.id)
        self.index = {str(c): i for i, c in enumerate(self.deck)}
        self.segments: dict[str, Segment] = {}
        self.size = 0
        self.add("me", self.n, "one_hot")  # the observer's own (absolute) seat

    def add(self, name: str, size: int, kind: str, scale: float = 1.0) -> None:
        """Append a segment of ``size`` floats (values are divided by ``scale``)."""
        self.segments[name] = Segment(name, self.size, size, kind, scale)
        self.size += size

    def seat(self, name: str) -> None:
        """A one-hot over the seats, relative to the observer."""
        self.add(name, self.n, "one_hot")

    def cards(self, name: str) -> None:
        """A card plane: one entry per card of the pack."""
        self.add(name, len(self.deck), "cards")

    def per_seat_cards(self, prefix: str) -> None:
        """One card plane per relative seat: ``prefix_0`` (the observer) .. ``prefix_{n-1}``."""
        for k in range(self.n):
            self.cards(f"{prefix}_{k}")


class TensorWriter:
    """Fills the vector of one observation, seats made relative to the observer ``me``."""

    def __init__(self, spec: TensorSpec, me: int) -> None:
        self.spec = spec
        self.me = me
        self.vector = np.zeros(spec.size, dtype=np.float32)
        self.one_hot("me", me)

    def rel(self, seat: int | None) -> int | None:
        """The seat (its id) as seen from the observer (0 = the observer), None for no seat."""
        if seat is None:
            return None
        return (seat - self.me) % self.spec.n

    def one_hot(self, name: str, index: int | None) -> None:
        if index is not None:
            seg = self.spec.segments[name]
            self.vector[seg.offset + index] = 1.0

    def seat(self, name: str, seat: int | None) -> None:
        self.one_hot(name, self.rel(seat))

    def flags(self, name: str, indices: Iterable[int]) -> None:
        seg = self.spec.segments[name]
        for i in indices:
            self.vector[seg.offset + i] = 1.0

    def seats(self, name: str, seats: Iterable[int]) -> None:
        self.flags(name, [r for r in (self.rel(s) for s in seats) if r is not None])

    def cards(self, name: str, cards: Iterable[str] | None) -> None:
        seg = self.spec.segments[name]
        for c in cards or ():
            self.vector[seg.offset + self.spec.index[str(Card.parse(c))]] = 1.0

    def values(self, name: str, values: Sequence[float]) -> None:
        seg = self.spec.segments[name]
        for i, x in enumerate(values):
            self.vector[seg.offset + i] = float(x) / seg.scale

    def seat_values(self, name: str, by_seat: Sequence[float]) -> None:
        """Values per seat (a list by seat id), stored observer first."""
        values = [0.0] * self.spec.n
        for seat, x in enumerate(by_seat):
            r = self.rel(seat)
            assert r is not None
            values[r] = x
        self.values(name, values)

    def suit(self, name: str, letter: str | None) -> None:
        self.one_hot(name, None if letter is None else SUITS.index(letter))

    def trick(self, trick: list[list[Any]]) -> None:
        """The current trick (``[[seat, card], ...]``): its leader and each seat's card."""
        if trick:
            self.seat("trick_leader", trick[0][0])
        for seat, card in trick:
            self.cards(f"trick_{self.rel(seat)}", [card])

    def played(self, tricks: list[dict[str, Any]]) -> None:
        """The cards of the completed tricks, one plane per seat."""
        for t in tricks:
            for seat, card in t["cards"]:
                self.cards(f"played_{self.rel(seat)}", [card])


class TensorReader:
    """Reads a vector back, naming seats absolutely again (``me`` is its first segment)."""

    def __init__(self, spec: TensorSpec, vector: npt.NDArray[np.float32]) -> None:
        self.spec = spec
        self.vector = vector
        me = self.one_hot_raw("me")
        self.me = 0 if me is None else me

    def raw(self, name: str) -> npt.NDArray[np.float32]:
        seg = self.spec.segments[name]
        return self.vector[seg.offset : seg.offset + seg.size]

    def one_hot_raw(self, name: str) -> int | None:
        if name not in self.spec.segments:
            return None
        hot = np.flatnonzero(self.raw(name) > 0.5)
        return None if len(hot) == 0 else int(hot[0])

    def one_hot(self, name: str, labels: Sequence[str]) -> str | None:
        i = self.one_hot_raw(name)
        return None if i is None else labels[i]

    def abs(self, rel: int) -> int:
        """The id of the seat ``rel`` places after the observer."""
        return (rel + self.me) % self.spec.n

    def seat(self, name: str) -> int | None:
        i = self.one_hot_raw(name)
        return None if i is None else self.abs(i)

    def flags(self, name: str) -> list[int]:
        return [int(i) for i in np.flatnonzero(self.raw(name) > 0.5)]

    def seats(self, name: str) -> list[int]:
        return sorted(self.abs(i) for i in self.flags(name))

    def cards(self, name: str) -> list[str]:
        return [str(self.spec.deck[i]) for i in self.flags(name)]

    def values(self, name: str) -> list[float]:
        seg = self.spec.segments[name]
        return [float(x) * seg.scale for x in self.raw(name)]

    def ints(self, name: str) -> list[int]:
        return [round(x) for x in self.values(name)]

    def seat_ints(self, name: str) -> list[int]:
        """Integers per seat, by seat id."""
        values = {self.abs(k): x for k, x in enumerate(self.ints(name))}
        return [values[i] for i in range(self.spec.n)]

    def suit(self, name: str) -> str | None:
        return self.one_hot(name, SUITS)

    def trick(self) -> list[list[Any]]:
        """The current trick in order of play from its leader: [seat, card] pairs."""
        leader = self.one_hot_raw("trick_leader")
        if leader is None:
            return []
        out = []
        for k in range(self.spec.n):
            rel = (leader + k) % self.spec.n
            for card in self.cards(f"trick_{rel}"):
                out.append([self.abs(rel), card])
        return out

    def played(self) -> list[list[str]]:
        """The cards each seat played in completed tricks, by seat id."""
        by_seat = {self.abs(k): self.cards(f"played_{k}") for k in range(self.spec.n)}
        return [by_seat[i] for i in range(self.spec.n)]


def sorted_cards(cards: Iterable[str]) -> list[str]:
    """Cards as strings in card order, as a card plane reads back."""
    return [str(c) for c in sorted(Card.parse(x) for x in cards)]


def played_from(tricks: list[dict[str, Any]], seats: Sequence[str]) -> list[list[str]]:
    """The cards each seat played in the completed tricks, by seat id, as
    ``TensorReader.played`` reads them."""
    out: list[list[str]] = [[] for _ in seats]
    for t in tricks:
        for seat, card in t["cards"]:
            out[seat].append(card)
    return [sorted_cards(c) for c in out]


def call_kind(call: str) -> str:
    """A call without its argument: ``"bid"`` for ``"bid:3"``."""
    return call.split(":", 1)[0]


class TensorCodec(Protocol):
    """A family's observation tensor (its ``tensors.py`` exposes one as ``CODEC``).

    One codec serves every variant of the family; ``spec`` reads the game's options (the number
    of seats, the pack) where they change the layout."""

    def spec(self, game: Game) -> TensorSpec:
        """The segments of the tensor of ``game`` with its options."""
        ...

    def encode(self, spec: TensorSpec, observation: dict[str, Any]) -> npt.NDArray[np.float32]:
        """The vector of an observation dict (``deal.observation(seat)``), read alone."""
        ...

    def decode(self, spec: TensorSpec, reader: TensorReader) -> dict[str, Any]:
        """What a vector encodes, as a summary of the observation."""
        ...

    def summary(self, spec: TensorSpec, observation: dict[str, Any]) -> dict[str, Any]:
        """The summary ``decode`` returns, computed from the observation dict."""
        ...


# The spec of each game and options met so far: building one walks the whole layout.
_SPECS: dict[tuple[str, Any], TensorSpec] = {}


def codec_and_spec(game: Game) -> tuple[TensorCodec, TensorSpec]:
    """The game's codec from its family record, and the spec of the game with its options;
    ``Unsupported`` when the family has no observation tensor."""
    codec: TensorCodec = capability(game, "tensors")
    key = (game.name, game.options)
    spec = _SPECS.get(key)
    if spec is None:
        spec = _SPECS[key] = codec.spec(game)
    return codec, spec


def observation_shape(game: Game) -> tuple[int]:
    """The shape of every observation tensor of this game with its options."""
    _, spec = codec_and_spec(game)
    return (spec.size,)


def encode_observation(game: Game, observation: dict[str, Any]) -> npt.NDArray[np.float32]:
    """The tensor of an observation dict (``deal.observation(seat)``): nothing else is read."""
    codec, spec = codec_and_spec(game)
    if "seat" not in observation or "phase" not in observation:
        raise ValueError("not an observation of a deal (is the match over?)")
    return codec.encode(spec, observation)
