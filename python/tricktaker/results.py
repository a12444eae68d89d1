"""Result types that know their labels: playout batches and labelled arrays (double-dummy tables,
solver batches), each convertible to pandas and Arrow.

``PlayoutResults`` is a dict of one-dimensional labelled columns (``hands_N`` ... ``score_EW``),
so ``pd.DataFrame(results)`` gives a table; a group's two-dimensional array is still there under
its own name (``results["hands"]``, shape ``(n, seats)``).

``LabelledArray`` is a numpy array with a name for every axis and for every position along it
(``dims`` and ``coords``): ``tt.dd_table`` gives one of shape ``(trumps, columns)``,
``tt.dd_tables`` one of ``(deals, trumps, columns)``, ``tt.solve_many`` one of ``(positions,)``.
It is a plain array for every numpy use; ``to_pandas()`` gives one row per cell (the axes as
columns, ``NO_VALUE`` cells as missing), ``to_arrow()`` the same as an Arrow table. An array
derived with another shape (a slice, a sum) keeps no labels and is named by position.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

import numpy as np
import numpy.typing as npt

from tricktaker.labels import (
    SUITS,
    GameLabels,
    flatten,
    frame,
    require_pandas,
    show_cards,
    to_arrow,
)

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

__all__ = ["LabelledArray", "PlayoutResults", "axes_of", "seat_valued", "value_categories"]

# The playout columns every game has that hold a seat (the playouts module documents them).
_ROLE_COLUMNS = ("leader", "declarer", "dealer")


def seat_valued(name: str, doc: str, array: npt.NDArray[Any]) -> bool:
    """Whether a one-value-per-deal integer column holds a seat number (by its documentation:
    "the seat that led", "the pitcher's seat")."""
    if array.ndim != 1 or array.dtype.kind not in "iu":
        return False
    text = doc.lower()
    return name in _ROLE_COLUMNS or ("seat" in text and "per " not in text)


def value_categories(
    arrays: Mapping[str, npt.NDArray[Any]], docs: Mapping[str, str], labels: GameLabels
) -> dict[str, Sequence[str]]:
    """The columns whose numbers stand for names: ``trump`` (suits) and the seat columns."""
    found: dict[str, Sequence[str]] = {}
    for name, array in arrays.items():
        if name == "trump" and array.ndim == 1:
            found[name] = SUITS
        elif seat_valued(name, docs.get(name, ""), array):
            found[name] = labels.seats
    return found


class PlayoutResults(dict[str, npt.NDArray[Any]]):
    """A batch of playouts: labelled one-dimensional columns (see the module doc).

    ``results["hands"]`` is the (n, seats) array of the group, ``results["hands_N"]`` one of
    its columns; ``arrays`` maps each group to its array, ``docs`` to what it means (as the
    game's playout engine documents it), ``labels`` holds the game's seat and side names.
    """

    def __init__(
        self,
        arrays: Mapping[str, npt.NDArray[Any]],
        labels: GameLabels,
        docs: Mapping[str, str],
        seed: int,
    ) -> None:
        super().__init__(flatten(arrays, docs, labels))
        self.arrays = dict(arrays)
        self.labels = labels
        self.docs = dict(docs)
        self.seed = seed

    def __missing__(self, key: str) -> npt.NDArray[Any]:
        try:
            return self.arrays[key]
        except KeyError:
            raise KeyError(
                f"no column {key!r}; columns: {', '.join(self.arrays)} "
                f"(or one labelled column of them: {', '.join(self)})"
            ) from None

    def __contains__(self, key: object) -> bool:
        return dict.__contains__(self, key) or key in self.arrays

    @property
    def columns(self) -> list[str]:
        """The groups' names, as the game's playout engine lists them."""
        return list(self.arrays)

    @property
    def card_columns(self) -> list[str]:
        """The labelled columns that hold card masks (``hands_N`` ...: the groups whose
        documentation says so)."""
        groups = {k: v for k, v in self.arrays.items() if "card mask" in self.docs.get(k, "")}
        return list(flatten(groups, self.docs, self.labels))

    def to_pandas(self, *, options: bool = True, cards: str = "mask") -> pd.DataFrame:
        """One row per deal: the labelled columns, trump by suit, seats by name, the game and
        (with ``options``) its options as columns; the index is the deal's number. ``cards``:
        the hands as card masks (``"mask"``, uint64, ``tt.cards_from_mask``) or as text
        (``"text"``: ``AKT.9.QJ7.-``, suits S.H.D.C, ``tricktaker.labels.hand_text``)."""
        categories = value_categories(self.arrays, self.docs, self.labels)
        columns = show_cards(self, self.card_columns, cards)
        df = frame(columns, labels=self.labels, categories=categories, options=options)
        df.attrs["seed"] = self.seed
        return df

    def to_arrow(self, *, options: bool = True, cards: str = "mask") -> pa.Table:
        """``to_pandas()`` as an Arrow table (the deal number as a column ``deal``)."""
        df = self.to_pandas(options=options, cards=cards)
        return to_arrow(df, {"seed": str(self.seed)})


class LabelledArray(np.ndarray[Any, np.dtype[Any]]):
    """A numpy array with named axes and named positions along them (see the module doc)."""

    dims: tuple[str, ...] | None
    coords: tuple[tuple[Any, ...], ...] | None
    name: str
    attrs: dict[str, Any]
    missing: int | None  # the value that marks a cell without a value (tt.solve's NO_VALUE)

    def __new__(
        cls,
        values: npt.ArrayLike,
        dims: Sequence[str],
        coords: Sequence[Sequence[Any]],
        name: str = "value",
        attrs: Mapping[str, Any] | None = None,
        missing: int | None = None,
    ) -> LabelledArray:
        obj = np.asarray(values).view(cls)
        shape = tuple(len(c) for c in coords)
        if len(dims) != obj.ndim or shape != obj.shape:
            raise ValueError(f"labels of shape {shape} for an array of shape {obj.shape}")
        obj.dims = tuple(dims)
        obj.coords = tuple(tuple(c) for c in coords)
        obj.name = name
        obj.attrs = dict(attrs or {})
        obj.missing = missing
        return obj

    def __array_finalize__(self, obj: Any) -> None:
        coords = getattr(obj, "coords", None)
        same = coords is not None and tuple(len(c) for c in coords) == self.shape
        self.dims = getattr(obj, "dims", None) if same else None
        self.coords = coords if same else None
        self.name = getattr(obj, "name", "value")
        self.attrs = dict(getattr(obj, "attrs", None) or {})
        self.missing = getattr(obj, "missing", None)

    def __reduce__(self) -> Any:
        rebuild, args, state = cast(tuple[Any, Any, Any], super().__reduce__())
        labels = (self.dims, self.coords, self.name, self.attrs, self.missing)
        return rebuild, args, (state, labels)

    def __setstate__(self, state: Any) -> None:
        array_state, (self.dims, self.coords, self.name, self.attrs, self.missing) = state
        super().__setstate__(array_state)

    def labelled_axes(self) -> tuple[tuple[str, ...], tuple[tuple[Any, ...], ...]]:
        """The axes' names and positions: the labels, or ``dim_k`` and numbers without them."""
        if self.dims is not None and self.coords is not None:
            return self.dims, self.coords
        dims = tuple(f"dim_{k}" for k in range(self.ndim))
        return dims, tuple(tuple(range(n)) for n in self.shape)

    def to_pandas(self, *, dropna: bool = False) -> pd.DataFrame:
        """One row per cell: a column per axis (its names as categories) and the value
        (``missing`` cells, ``NO_VALUE`` of the solver, as missing; ``dropna`` leaves them
        out)."""
        pd = require_pandas()
        dims, coords = self.labelled_axes()
        index = pd.MultiIndex.from_product(coords, names=dims)
        values = np.asarray(self).reshape(-1)
        if values.dtype.kind in "iu":
            nullable = values.dtype.name.capitalize()  # int32 -> Int32: missing cells as NA
            series = pd.Series(values, index=index, name=self.name).astype(nullable)
            if self.missing is not None:
                series = series.mask(series == self.missing)
        else:
            series = pd.Series(values, index=index, name=self.name)
        if dropna:
            series = series.dropna()
        df = series.reset_index()
        for dim, names in zip(dims, coords, strict=True):
            if names and all(isinstance(n, str) for n in names):
                df[dim] = pd.Categorical(df[dim], categories=list(names))
        df.attrs.update(self.attrs)
        return df

    def to_arrow(self, *, dropna: bool = False) -> pa.Table:
        """``to_pandas()`` as an Arrow table."""
        meta = {k: str(v) for k, v in self.attrs.items()}
        return to_arrow(self.to_pandas(dropna=dropna), meta)


def axes_of(array: npt.NDArray[Any]) -> tuple[tuple[str, ...], tuple[tuple[Any, ...], ...]]:
    """The axes' names and positions of any array: a ``LabelledArray``'s labels, else
    ``dim_k`` and numbers."""
    if isinstance(array, LabelledArray):
        return array.labelled_axes()
    dims = tuple(f"dim_{k}" for k in range(array.ndim))
    return dims, tuple(tuple(range(n)) for n in array.shape)
