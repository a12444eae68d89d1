"""The simulation-summary and comparison-metric kit: what a family gives ``tt.simulate``,
``tricktaker simulate`` and ``tricktaker.compare``.

What a finished deal's ``result()`` contains is the game's own, so each family describes it in
``games/<family>/summary.py``:

``SUMMARY`` (the ``summary`` capability) answers ``for_game(name)`` with the ``SummaryAdapter``
of a variant of the family: a ``SummaryAdapter`` answers with itself (one adapter for every
variant), a ``VariantSummaries`` picks one by the game's name (variants whose results differ in
shape). An adapter holds

* ``columns``: the per-deal arrays, each a ``Column(name, dtype, width, doc)``; ``width`` 1 gives
  an array of shape ``(deals,)``, ``width`` k one of shape ``(deals, k)`` (e.g. one value per
  team);
* ``row(result)``: a mapping from column name to the value (a number, or ``width`` numbers) for
  one finished deal;
* ``summarize(results)``: JSON-ready aggregate figures (averages, rates) computed from the arrays
  of a run (anything shaped like ``Results``: ``tricktaker.sim.SimulationResults``);
* ``table(results)``: the summary table that ``tricktaker simulate`` prints;
* ``new_deal(game, seed)`` (optional): how deal ``i`` is made from its seed, for a game whose
  deals come in kinds (first, writing and writing-off deals, say); by default
  ``game.new_deal(seed=seed)``;
* ``deal_stream(game, seed)`` (optional): for a game whose deals depend on each other (the marks
  of one deal decide who takes part in the next), a generator of ``(seed, deal)`` pairs drawn
  from whole games, each deal played to its end before the next is asked for.
* ``random_rows(game, deal_seeds, bot_seeds)`` (optional): the rows of independent deals that
  random bots play at every seat, made without a deal object: deal ``i`` shuffled from
  ``deal_seeds[i]``, the bot at ``seat`` drawing from ``Rng(bot_seeds(seat)[i])`` exactly as
  ``RandomBot`` draws from its list of legal actions, so every row equals ``row(result)`` of
  the deal ``play_deal`` plays; None (instead of rows) where the game's options need the deal.

``METRIC`` (the ``metric`` capability) is one ``Metric`` serving every variant of the family:
which seats sit on one side of a deal, and what the finished deal pays each seat.

>>> adapter = SummaryAdapter(
...     columns=(Column("tricks", "int8", 2, "tricks per side"),),
...     row=lambda result: {"tricks": result.tricks},
...     summarize=lambda res: {"tricks_per_deal": mean(res["tricks"].sum(axis=1))},
...     table=lambda res: f"{res.deals} deals",
... )
>>> adapter.for_game("any variant") is adapter
True
>>> rate(3, 4), rate(1, 0)
(0.75, 0.0)
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any, Protocol

import numpy.typing as npt

from tricktaker.protocol.base import Deal, Game

__all__ = [
    "Column",
    "FamilySummary",
    "Metric",
    "Results",
    "SummaryAdapter",
    "VariantSummaries",
    "mean",
    "rate",
]


# random_rows(game, deal_seeds, bot_seeds): the rows, or None (see the module doc).
RandomRows = Callable[
    [Game, list[int], Callable[[int], list[int]]], Iterator[Mapping[str, Any]] | None
]


class Results(Protocol):
    """What a summary reads of a simulation run (``tricktaker.sim.SimulationResults``): the run's
    parameters, its per-deal arrays by column name and its summary."""

    game: str
    options: dict[str, Any]
    seed: int
    deals: int
    bots: list[str]

    def __getitem__(self, name: str) -> npt.NDArray[Any]: ...

    def summary(self) -> dict[str, Any]: ...


@dataclass(frozen=True)
class Column:
    """One per-deal array of a simulation's results."""

    name: str
    dtype: str
    width: int = 1
    doc: str = ""


@dataclass(frozen=True)
class SummaryAdapter:
    """How a game's finished deals become rows of numbers and a summary (see the module doc)."""

    columns: tuple[Column, ...]
    row: Callable[[Any], Mapping[str, Any]]
    summarize: Callable[[Results], dict[str, Any]]
    table: Callable[[Results], str]
    new_deal: Callable[[Game, int], Deal] | None = None
    # None: independent deals (``new_deal``); otherwise the deals in the order whole games
    # produce them (see the module doc).
    deal_stream: Callable[[Game, int], Iterator[tuple[int, Deal]]] | None = None
    # None: random bots play through deals too; otherwise their rows made directly (module doc).
    random_rows: RandomRows | None = None

    def for_game(self, game: str) -> SummaryAdapter:
        """The adapter of every variant: this one."""
        return self


@dataclass(frozen=True)
class VariantSummaries:
    """One adapter per variant of a family, by the variant's game name."""

    adapters: Mapping[str, SummaryAdapter]

    def for_game(self, game: str) -> SummaryAdapter:
        adapter = self.adapters.get(game.lower())
        if adapter is None:
            known = ", ".join(sorted(self.adapters))
            raise ValueError(f"no simulation summary for game {game!r}; variants: {known}")
        return adapter


class FamilySummary(Protocol):
    """The ``summary`` capability (``SUMMARY``): a variant's adapter by its game name."""

    def for_game(self, game: str) -> SummaryAdapter: ...


@dataclass(frozen=True)
class Metric:
    """How a game's finished deal pays each seat, and which seats sit on one side (the
    ``metric`` capability, ``METRIC``)."""

    name: str
    sides: Callable[[Deal], list[int]]  # side of each seat (fixed before the play)
    payoff: Callable[[Deal], list[float]]  # payoff of each seat once the deal is over


def rate(count: Any, total: Any) -> float:
    """``count / total`` as a float, 0.0 when there is nothing to count among."""
    return float(count) / float(total) if total else 0.0


def mean(values: npt.NDArray[Any]) -> float:
    """The mean of an array as a float, 0.0 for an empty one (a run of no deals)."""
    return float(values.mean()) if len(values) else 0.0
