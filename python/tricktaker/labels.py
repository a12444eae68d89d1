"""Names for the axes of result arrays, asked of the game, and their conversion to pandas and Arrow.

A result array of one row per deal often has a second axis: a value per seat (``hands``), per
side (``score``), per trump (a double-dummy table) or per kind of point. ``GameLabels`` holds the
names the game itself shows: its seats and sides, read from a fresh deal's observation
(``"seats"`` and ``"sides"``). Sides are named only where every deal has the same ones; a game
whose sides are roles that change from deal to deal (a player alone against the others) gets
positional names ``side0``, ``side1``. ``axis_labels`` picks the names of one column's axis from
its width and its documentation; ``flatten`` turns a mapping of (n,) and (n, k) arrays into
labelled one-dimensional columns (``score_NS``, ``score_EW``).

pandas and pyarrow are optional (the ``analysis`` extra): they are imported when a conversion is
asked for, never by ``import tricktaker``.

>>> import tricktaker as tt
>>> labels = game_labels(tt.load("klaverjas"))
>>> labels.seats, labels.sides
(('N', 'E', 'S', 'W'), ('NS', 'EW'))
>>> axis_labels("score", 2, "the deal's score per team", labels)
('NS', 'EW')
>>> axis_labels("hands", 4, "the hand of every seat", labels)
('N', 'E', 'S', 'W')
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

import numpy as np
import numpy.typing as npt

from tricktaker.errors import Error
from tricktaker.protocol.base import Game
from tricktaker.protocol.options import options_to_dict

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

__all__ = [
    "CARD_FORMATS",
    "SUITS",
    "GameLabels",
    "axis_labels",
    "flatten",
    "frame",
    "game_labels",
    "hand_text",
    "require_pandas",
    "show_cards",
    "to_arrow",
]

# Trump suits by number, as every game's tables count them (0..3 = S H D C, 4 = no trump).
SUITS = ("S", "H", "D", "C", "NT")

# How a column of cards shows them: as card masks (uint64, ``tt.cards_from_mask``; the
# default, the Parquet schema of an analysis) or as text in the hand notation ``AKT.9.QJ7.-``.
CARD_FORMATS = ("mask", "text")

# Deals whose sides are compared to tell fixed sides from roles that change between deals.
_PROBE_SEEDS = range(4)

_SEAT_WORDS = ("seat", "player")
_SIDE_WORDS = ("side", "team", "pair")
_IDENTIFIER = re.compile(r"^[A-Za-z_][A-Za-z0-9_]*$")


@dataclass(frozen=True)
class GameLabels:
    """What a game calls its seats and sides, with its name and options."""

    game: str
    options: Mapping[str, Any]
    seats: tuple[str, ...]
    sides: tuple[str, ...]
    fixed_sides: bool  # False: ``sides`` are positional names of roles, not the game's own


def _seats_and_sides(game: Game, seed: int) -> tuple[tuple[str, ...], tuple[str, ...]]:
    observation = game.new_deal(seed=seed).observation(0)
    seats = tuple(str(s) for s in observation.get("seats", ()))
    sides = tuple(str(s["name"]) for s in observation.get("sides", ()))
    return seats, sides


@lru_cache(maxsize=64)
def _labels_of(game: Game) -> GameLabels:
    probes = {_seats_and_sides(game, seed) for seed in _PROBE_SEEDS}
    seats, sides = sorted(probes)[0]
    fixed = len(probes) == 1 and bool(sides)
    if not fixed:
        counts = {len(s) for _, s in probes}
        sides = tuple(f"side{k}" for k in range(max(counts, default=0)))
    return GameLabels(game.name, options_to_dict(game.options), seats, sides, fixed)


def game_labels(game: Game) -> GameLabels:
    """The seat and side names of a game (and options), asked of its deals' observations."""
    try:
        return _labels_of(game)
    except TypeError:  # a game object that cannot be hashed: asked every time
        return _labels_of.__wrapped__(game)


def _listed_names(doc: str, width: int) -> tuple[str, ...] | None:
    """Names a column's documentation lists for its axis: ``"per kind: kick, gift, ..."`` or
    ``"(high, low)"``, when it lists exactly ``width`` plain words."""
    candidates = [doc.rpartition(":")[2]] if ":" in doc else []
    candidates += re.findall(r"\(([^()]*)\)", doc)
    for text in candidates:
        words = tuple(w.strip() for w in text.split(","))
        if len(words) == width and all(_IDENTIFIER.match(w) for w in words):
            return words
    return None


def _named(names: Sequence[str], width: int) -> tuple[str, ...]:
    """``names`` for the first positions of an axis, positions beyond them by number (an array
    sized for the most seats a game allows)."""
    return tuple(names[k] if k < len(names) else str(k) for k in range(width))


def axis_labels(name: str, width: int, doc: str, labels: GameLabels) -> tuple[str, ...]:
    """The names of the second axis of a column of ``width`` values per deal.

    A column that documents its axis ("per seat", "each team") as seats or players is named by
    the seats; as sides, teams or pairs by the sides; a list of ``width`` words in its
    documentation names it; otherwise a width equal to the number of seats or of sides
    decides, and positions are numbered last.
    """
    # the axis is the word after "per", "each" or "every": "score per team", "the hand of
    # every seat", "the side credited with each item" (an axis of items, not of sides)
    axis = re.findall(r"\b(?:per|each|every)\s+(\w+)", doc.lower())
    if any(w.startswith(_SEAT_WORDS) for w in axis) and width >= len(labels.seats) > 0:
        return _named(labels.seats, width)
    if any(w.startswith(_SIDE_WORDS) for w in axis) and width >= len(labels.sides) > 0:
        return _named(labels.sides, width)
    listed = _listed_names(doc, width)
    if listed is not None:
        return listed
    if width == len(labels.seats):
        return labels.seats
    if width == len(labels.sides):
        return labels.sides
    return tuple(str(k) for k in range(width))


def flatten(
    arrays: Mapping[str, npt.NDArray[Any]], docs: Mapping[str, str], labels: GameLabels
) -> dict[str, npt.NDArray[Any]]:
    """One-dimensional columns: a (n,) array as it is, a (n, k) array as k columns named
    ``{name}_{label}`` (views, nothing copied)."""
    out: dict[str, npt.NDArray[Any]] = {}
    for name, array in arrays.items():
        if array.ndim == 1:
            out[name] = array
            continue
        width = int(np.prod(array.shape[1:]))
        flat = array.reshape(array.shape[0], width)
        for k, label in enumerate(axis_labels(name, width, docs.get(name, ""), labels)):
            out[f"{name}_{label}"] = flat[:, k]
    return out


def require_pandas() -> Any:
    """The pandas module, or a clear error naming the extra that brings it."""
    try:
        import pandas
    except ImportError:  # pragma: no cover - the analysis extra is installed in the tests
        raise ImportError(
            "labelled results need pandas: pip install 'tricktaker[analysis]'"
        ) from None
    return pandas


def _categorical(values: npt.NDArray[Any], names: Sequence[str]) -> Any:
    """Codes (-1 or out of range: missing) as a pandas categorical of ``names``."""
    pd = require_pandas()
    codes = np.asarray(values, dtype=np.int64)
    codes = np.where((codes >= 0) & (codes < len(names)), codes, -1)
    return pd.Categorical.from_codes(codes, categories=list(names))


def frame(
    columns: Mapping[str, npt.NDArray[Any]],
    *,
    labels: GameLabels | None = None,
    categories: Mapping[str, Sequence[str]] | None = None,
    options: bool = True,
    index_name: str = "deal",
) -> pd.DataFrame:
    """A DataFrame of one-dimensional columns: those in ``categories`` as categoricals of their
    names (codes: trump suits, seats), the game and (with ``options``) every option as constant
    categorical columns ``game`` and ``option_<name>``."""
    pd = require_pandas()
    data: dict[str, Any] = {}
    n = len(next(iter(columns.values()))) if columns else 0
    if labels is not None:
        data["game"] = pd.Categorical([labels.game] * n)
        if options:
            for key, value in labels.options.items():
                data[f"option_{key}"] = pd.Categorical([value] * n)
    for name, values in columns.items():
        names = (categories or {}).get(name)
        data[name] = values if names is None else _categorical(values, names)
    result = pd.DataFrame(data, index=pd.RangeIndex(n, name=index_name))
    if labels is not None:
        result.attrs["game"] = labels.game
        result.attrs["options"] = dict(labels.options)
    return result


def to_arrow(df: pd.DataFrame, metadata: Mapping[str, str] | None = None) -> pa.Table:
    """The Arrow table of a labelled DataFrame (a named index as a column, categoricals as
    dictionaries), with ``metadata`` added to the schema."""
    try:
        import pyarrow
    except ImportError:  # pragma: no cover - the analysis extra is installed in the tests
        raise ImportError("Arrow tables need pyarrow: pip install 'tricktaker[analysis]'") from None
    named = df.reset_index() if df.index.name is not None else df
    table = pyarrow.Table.from_pandas(named, preserve_index=False)
    if metadata:
        extra = {k.encode(): v.encode() for k, v in metadata.items()}
        merged = {**(table.schema.metadata or {}), **extra}
        table = table.replace_schema_metadata(merged)
    return table


def _lane_texts() -> npt.NDArray[np.object_]:
    """The ranks of one suit's 16-bit lane of a card mask, high to low (``-`` for none), for
    every lane value: the suit's part of ``format_hand``."""
    texts = np.empty(1 << 13, dtype=object)
    for lane in range(1 << 13):
        texts[lane] = "".join("23456789TJQKA"[r] for r in range(12, -1, -1) if lane >> r & 1) or "-"
    return texts


@lru_cache(maxsize=1)
def _lanes() -> tuple[npt.NDArray[np.object_], npt.NDArray[np.object_]]:
    """The rank texts of a suit's lane, and the jokers' suffix by their two bits."""
    jokers = np.array(["", ".RJ", ".BJ", ".RJBJ"], dtype=object)
    return _lane_texts(), jokers


def hand_text(masks: npt.ArrayLike) -> npt.NDArray[np.object_]:
    """Card masks as text in the hand notation of the position texts
    (``tricktaker.notation.format_hand``): suits S.H.D.C, ranks high to low, ``-`` for a void,
    jokers after a final dot (``AKT.9.QJ7.-``, ``-.-.-.-.RJ``); ``parse_hand`` reads it back.
    Vectorised: a suit's text is looked up by its 13-bit lane, so a million hands take about
    a second."""
    values = np.asarray(masks, dtype=np.uint64)
    ranks, jokers = _lanes()
    parts = [ranks[((values >> np.uint64(16 * suit)) & np.uint64(0x1FFF)).astype(np.intp)]
             for suit in range(4)]  # fmt: skip
    joker_bits = ((values >> np.uint64(_JOKER_SHIFT)) & np.uint64(3)).astype(np.intp)
    text = parts[0] + "." + parts[1] + "." + parts[2] + "." + parts[3] + jokers[joker_bits]
    return np.asarray(text, dtype=object)


# The jokers' card ids follow the spades' ranks in the spades lane (red first).
_JOKER_SHIFT = 13


def check_card_format(cards: str) -> str:
    """``cards`` if it is one of ``CARD_FORMATS``, else a clear error."""
    if cards not in CARD_FORMATS:
        raise Error(f"cards shows as {' or '.join(map(repr, CARD_FORMATS))}, got {cards!r}")
    return cards


def show_cards(
    columns: Mapping[str, npt.NDArray[Any]], card_columns: Sequence[str], cards: str
) -> dict[str, npt.NDArray[Any]]:
    """``columns`` with those named in ``card_columns`` (card masks) as ``cards`` asks: as
    they are (``"mask"``) or as text (``"text"``, ``hand_text``)."""
    check_card_format(cards)
    if cards == "mask":
        return dict(columns)
    return {k: hand_text(v) if k in card_columns else v for k, v in columns.items()}
