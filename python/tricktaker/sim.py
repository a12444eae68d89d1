"""Simulation: bots play many independent deals; the results come back as numpy arrays.

>>> import tricktaker as tt
>>> from tricktaker.sim import simulate
>>> results = simulate(tt.load("klaverjas"), deals=20, bots="random", seed=1)
>>> results.deals, results["score"].shape
(20, (20, 2))
>>> bool(((results["score"].sum(axis=1) - 162) % 10 == 0).all())
True

Deal ``i`` of a run with seed ``S`` is shuffled from ``deal_seed(S, i)`` and every bot is reset
before it with ``bot_seed(deal_seed(S, i), seat)``, so any single deal can be replayed alone:
``game.new_deal(seed=results["seed"][i])`` (or the game's ``SummaryAdapter.new_deal``).

Summary adapters
----------------
What a finished deal's ``result()`` contains is the game's own, so the columns of a run, its
summary and its table come from the game's family: its ``summary`` capability
(``games/<family>/summary.py``) gives the ``SummaryAdapter`` of each of its games
(``tricktaker.protocol.summary`` describes one). ``summary_adapter(name)`` looks it up.

A game whose deals depend on each other (the marks of one deal decide who takes part in the
next) gives its adapter a ``deal_stream(game, seed)``: a generator of ``(seed, deal)`` pairs
that draws its deals from whole games, each deal played to its end by the bots before the next
is asked for. The ``seed`` column then holds each deal's own seed, which replays it only
together with its place in the game.

Where every seat has a random bot, a family may make the rows of independent deals without
playing deal objects (the adapter's ``random_rows``): the same draws, the same rows.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from operator import itemgetter
from typing import TYPE_CHECKING, Any, TypeAlias

import numpy as np
import numpy.typing as npt

from tricktaker._core import Rng
from tricktaker.bots import Bot, RandomBot, bind_bot, make_bot
from tricktaker.errors import Unsupported
from tricktaker.labels import flatten, frame, game_labels, to_arrow
from tricktaker.protocol.base import Deal, Game, StateMachine, check_seed, new_seed
from tricktaker.protocol.family import capability
from tricktaker.protocol.options import options_to_dict
from tricktaker.protocol.seat_play import SeatPlay
from tricktaker.protocol.summary import Column, SummaryAdapter
from tricktaker.registry import load
from tricktaker.results import value_categories
from tricktaker.sampling import sample_deals

if TYPE_CHECKING:
    import pandas as pd
    import pyarrow as pa

__all__ = [
    "Column",
    "SimulationResults",
    "SeatObservation",
    "SummaryAdapter",
    "bot_seed",
    "deal_seed",
    "play_deal",
    "simulate",
    "summary_adapter",
]

_MASK64 = (1 << 64) - 1

Progress: TypeAlias = Callable[[int, int], None]
BotSpec: TypeAlias = str | Bot


def _splitmix64(value: int) -> int:
    z = (value + 0x9E3779B97F4A7C15) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


def _splitmix64_array(values: npt.NDArray[np.uint64]) -> npt.NDArray[np.uint64]:
    """``_splitmix64`` of every value (numpy's uint64 arithmetic wraps as the masks do)."""
    z = values + np.uint64(0x9E3779B97F4A7C15)
    z = (z ^ (z >> np.uint64(30))) * np.uint64(0xBF58476D1CE4E5B9)
    z = (z ^ (z >> np.uint64(27))) * np.uint64(0x94D049BB133111EB)
    return z ^ (z >> np.uint64(31))


def _deal_seeds(seed: int, first: int, deals: int) -> npt.NDArray[np.uint64]:
    """``deal_seed(seed, i)`` of deals ``first`` to ``first + deals - 1``, at once."""
    indices = np.arange(first, first + deals, dtype=np.uint64)
    return _splitmix64_array(np.uint64(_splitmix64(seed)) ^ indices)


def _bot_seeds(deal_seeds: npt.NDArray[np.uint64], seat: int) -> list[int]:
    """``bot_seed(s, seat)`` of every deal seed ``s``, at once."""
    return _splitmix64_array(deal_seeds ^ np.uint64(_bot_salt(seat))).tolist()  # type: ignore[no-any-return]


def _bot_salt(seat: int) -> int:
    return (seat + 1) * 0xD1B54A32D192ED03 & _MASK64


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` (0-based) of a run with ``seed``: a 64-bit hash of both."""
    return _splitmix64(_splitmix64(seed) ^ index)


def bot_seed(seed: int, seat: int) -> int:
    """The seed a bot at ``seat`` is reset with before the deal shuffled from ``seed``."""
    return _splitmix64(seed ^ _bot_salt(seat))


# --- summary adapters ------------------------------------------------------------------------


def summary_adapter(game: str) -> SummaryAdapter:
    """The ``SummaryAdapter`` of a game (by its ``Game.name``), from its family's record;
    ``tt.Unsupported`` when the family has no simulation summary."""
    try:
        summaries = capability(game, "summary")
    except Unsupported:
        raise
    except ValueError as exc:  # not a game at all
        raise ValueError(f"no simulation summary for game {game!r}: {exc}") from None
    adapter: SummaryAdapter = summaries.for_game(game)
    return adapter


# --- results ---------------------------------------------------------------------------------


@dataclass
class SimulationResults:
    """The per-deal arrays of a run (``results["score"]``), its seed, timing and summary."""

    game: str
    options: dict[str, Any]
    seed: int
    deals: int
    bots: list[str]
    seconds: float
    arrays: dict[str, npt.NDArray[Any]] = field(repr=False)

    @property
    def deals_per_second(self) -> float:
        return self.deals / self.seconds if self.seconds > 0 else float("inf")

    @property
    def columns(self) -> list[str]:
        return list(self.arrays)

    def __getitem__(self, name: str) -> npt.NDArray[Any]:
        try:
            return self.arrays[name]
        except KeyError:
            raise KeyError(f"no column {name!r}; columns: {', '.join(self.arrays)}") from None

    def __contains__(self, name: object) -> bool:
        return name in self.arrays

    def summary(self) -> dict[str, Any]:
        """The game's aggregate figures (JSON-ready)."""
        return summary_adapter(self.game).summarize(self)

    def table(self) -> str:
        """The game's summary table as text."""
        return summary_adapter(self.game).table(self)

    def to_pandas(self, *, options: bool = True) -> pd.DataFrame:
        """One row per deal, the index its number: the seed that replays it, every column
        labelled (a value per team as ``score_NS``, ``score_EW``; trump by suit, seats by
        name), the game and (with ``options``) its options as columns. Needs pandas."""
        game = load(self.game, **self.options)
        labels = game_labels(game)
        docs = {col.name: col.doc for col in summary_adapter(self.game).columns}
        df = frame(
            flatten(self.arrays, docs, labels),
            labels=labels,
            categories=value_categories(self.arrays, docs, labels),
            options=options,
        )
        df.attrs.update(seed=self.seed, bots=list(self.bots))
        return df

    def to_arrow(self, *, options: bool = True) -> pa.Table:
        """``to_pandas()`` as an Arrow table (the deal number as a column ``deal``)."""
        meta = {"seed": str(self.seed), "bots": ",".join(self.bots)}
        return to_arrow(self.to_pandas(options=options), meta)

    def to_dict(self, per_deal: bool = False) -> dict[str, Any]:
        """JSON-ready: run parameters, timing, the summary and (optionally) every deal's row."""
        out: dict[str, Any] = {
            "game": self.game,
            "options": self.options,
            "seed": self.seed,
            "deals": self.deals,
            "bots": self.bots,
            "seconds": self.seconds,
            "deals_per_second": self.deals_per_second,
            "summary": self.summary(),
        }
        if per_deal:
            out["per_deal"] = {
                name: [str(v) for v in arr] if name == "seed" else arr.tolist()
                for name, arr in self.arrays.items()
            }
        return out


# --- the simulation loop ---------------------------------------------------------------------


_MISSING = object()


class SeatObservation(Mapping[str, Any]):
    """A seat's observation, built on first use: a bot that never looks costs nothing.

    It is valid while the bot acts; reading it afterwards raises, so it can never show a later
    state of the deal.
    """

    __slots__ = ("_machine", "_seat", "_data", "_open", "_fields", "_values")

    def __init__(self, machine: StateMachine, seat: int) -> None:
        self._machine = machine
        self._seat = seat
        self._data: dict[str, Any] | None = None
        self._open = True
        # Where the game makes its observation field by field, a bot's reads make only the
        # fields it reads (kept in _values); iterating makes the whole observation.
        self._fields = machine.observation_fields
        self._values: dict[str, Any] = {}

    def _get(self) -> dict[str, Any]:
        if self._data is None:
            if not self._open:
                raise RuntimeError("an observation is only valid while the bot acts; copy it")
            self._data = self._machine.observation(self._seat)
        return self._data

    def _field(self, key: str, default: Any) -> Any:
        values = self._values
        if key in values:
            return values[key]
        assert self._fields is not None
        field = self._fields.get(key)
        if field is None:
            return default
        if not self._open:
            raise RuntimeError("an observation is only valid while the bot acts; copy it")
        value = values[key] = field(self._machine, self._seat)
        return value

    def close(self) -> None:
        self._open = False

    def seat_play(self) -> SeatPlay | None:
        """What this observation shows of the card play as card ids and masks (``SeatPlay``),
        where the game gives it (``StateMachine.seat_play``), else None: the same facts as the
        observation's text, so a bot may read them instead of parsing the cards back."""
        if not self._open:
            raise RuntimeError("an observation is only valid while the bot acts")
        return self._machine.seat_play(self._seat)

    def seat_view(self, exclusions: bool) -> Any:
        """The core's view of the card play as this observation shows it
        (``StateMachine.seat_view``), else None."""
        if not self._open:
            raise RuntimeError("an observation is only valid while the bot acts")
        return self._machine.seat_view(self._seat, exclusions)

    def sample_hands(self, n: int, seed: int) -> list[list[int]]:
        """``n`` deals of the cards this seat cannot see, drawn uniformly among those consistent
        with what it knows (``tricktaker.sample_deals``): each sample's hands by play-state seat
        as card masks. Only sampled cards come back, never the deal, so a bot may use it (the
        PIMC bot does) and stays blind to the other hands."""
        if not self._open:
            raise RuntimeError("an observation is only valid while the bot acts")
        samples = sample_deals(self._machine, self._seat, n, seed=seed)
        return [samples.play_hands(i) for i in range(len(samples))]

    def __getitem__(self, key: str) -> Any:
        if self._data is None and self._fields is not None:
            value = self._field(key, _MISSING)
            if value is _MISSING:
                raise KeyError(key)
            return value
        return self._get()[key]

    def get(self, key: str, default: Any = None) -> Any:
        # Mapping's own get goes through __getitem__ and an exception; bots call get a lot,
        # many of them for a field read before.
        value = self._values.get(key, _MISSING)
        if value is not _MISSING:
            return value
        data = self._data
        if data is None:
            if self._fields is not None:
                return self._field(key, default)
            data = self._get()
        return data.get(key, default)

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


class _Seats:
    """The bots of a run by seat, created on first use and reset before every deal."""

    def __init__(self, bots: str | Sequence[BotSpec], game: Game | None = None) -> None:
        self._game = game
        if isinstance(bots, str):
            self._specs: Sequence[BotSpec] | None = None
            make_bot(bots)  # check the name now
            self._name = bots
        else:
            if not bots:
                raise ValueError("bots: give a bot name such as 'random' or one bot per seat")
            self._specs = list(bots)
            for spec in self._specs:
                make_bot(spec)
            self._name = ""
        self._bots: dict[int, Bot] = {}
        self._seed = 0
        # A run of independent deals knows every deal's seed up front (``plan``): each seat's
        # bot seeds are then worked out for the whole run at once, when the seat first acts.
        self._planned: npt.NDArray[np.uint64] | None = None
        self._planned_seeds: dict[int, list[int]] = {}
        self._index = -1

    @property
    def all_random(self) -> bool:
        """Whether every seat's bot is a ``RandomBot`` made here from its name: one made for
        the run, reset before every deal, so only its draws matter."""
        if self._specs is None:
            specs: Sequence[BotSpec] = [self._name]
        elif self._game is None or len(self._specs) < self._game.seat_count:
            return False  # the deals name the seat without a bot
        else:
            specs = self._specs
        return all(type(s) is str and type(make_bot(s)) is RandomBot for s in specs)

    def describe(self) -> list[str]:
        if self._specs is None:
            return [self._name]
        return [s if isinstance(s, str) else type(s).__name__ for s in self._specs]

    def plan(self, deal_seeds: npt.NDArray[np.uint64]) -> None:
        """The seeds of the deals to come, in order: ``new_deal(seed, index)`` with
        ``deal_seeds[index] == seed`` then finds each bot's seed in a table."""
        self._planned = deal_seeds
        self._planned_seeds = {}

    def _bot_seed(self, seat: int) -> int:
        if self._index < 0 or self._planned is None:
            return bot_seed(self._seed, seat)
        seeds = self._planned_seeds.get(seat)
        if seeds is None:
            seeds = self._planned_seeds[seat] = _bot_seeds(self._planned, seat)
        return seeds[self._index]

    def new_deal(self, seed: int, index: int = -1) -> None:
        """Reset every bot for the deal shuffled from ``seed`` (``index``: its place in the
        planned seeds, or -1)."""
        self._seed = seed
        self._index = index
        if index >= 0 and len(self._planned_seeds) == len(self._bots):  # every table is made
            planned = self._planned_seeds
            for seat, bot in self._bots.items():
                bot.reset(planned[seat][index])
            return
        for seat, bot in self._bots.items():
            bot.reset(self._bot_seed(seat))

    def __getitem__(self, seat: int) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            if self._specs is None:
                spec: BotSpec = self._name
            elif seat < len(self._specs):
                spec = self._specs[seat]
            else:
                raise ValueError(f"bots: no bot for seat {seat}; give one bot per seat")
            seed = self._bot_seed(seat)
            bot = make_bot(spec, seed)
            if self._game is not None:
                bind_bot(bot, self._game)
            bot.reset(seed)
            self._bots[seat] = bot
        return bot


def play_deal(deal: Deal, seats: Callable[[int], Bot]) -> Deal:
    """Let the bots play ``deal`` to its end; each bot sees only its seat's observation.

    Random bots look at nothing but the number of legal actions: where the deal comes to a
    stretch of pure card play (``Deal.play_cards``) they play it at once from their generators,
    drawing exactly what ``RandomBot.act`` draws, so the deal ends the same either way."""

    def random_generator(seat: int) -> Rng | None:
        bot = seats(seat)
        return bot.rng if type(bot) is RandomBot else None

    card_runs = deal.has_card_runs
    while not deal.is_over:
        seat = deal.to_move
        if seat is None:
            raise RuntimeError(f"{deal!r} is not over but no seat is to act")
        bot = seats(seat)
        if type(bot) is RandomBot:  # it never looks at its observation
            # A stretch of pure card play starts with a random bot, and so may be played at once.
            if card_runs and deal.phase == "play" and deal.play_cards(random_generator):
                continue
            legal = deal.legal_actions()
            if legal:  # no observation to make, and its pick needs no check
                deal._apply_listed(legal[bot.rng.below(len(legal))])
                continue
            action = bot.act({}, legal)  # raises: no legal action
        else:
            legal = deal.legal_actions()
            observation = SeatObservation(deal, seat)
            action = bot.act(observation, legal)
            observation.close()
        try:
            deal.apply(action)
        except ValueError as exc:
            raise type(exc)(f"bot {bot!r} at seat {deal.seat_name(seat)}: {exc}") from exc
    return deal


def _default_new_deal(game: Game, seed: int) -> Deal:
    return game.new_deal(seed=seed)


def simulate(
    game: Game | str,
    deals: int = 1000,
    bots: str | Sequence[BotSpec] = "random",
    seed: int | None = None,
    progress: Progress | None = None,
    first: int = 0,
) -> SimulationResults:
    """Bots play ``deals`` independent deals of ``game``; per-deal numpy arrays come back.

    ``bots`` is a bot name for every seat (``"random"``) or one bot (name or object) per seat.
    ``seed`` (default: fresh, recorded in the results) fixes every deal and every bot choice.
    ``progress(done, total)`` is called after every deal. ``first`` numbers the first deal:
    deals ``first`` to ``first + deals - 1`` of the run with ``seed`` are played, so a run can be
    split into parts (``tricktaker.tournament`` runs them in parallel) that together give the
    same rows as one run. A game whose deals follow from each other takes only ``first=0``.
    """
    if isinstance(game, str):
        game = load(game)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise ValueError(f"deals must be a whole number >= 0, got {deals!r}")
    seed = new_seed() if seed is None else check_seed(seed)
    adapter = summary_adapter(game.name)
    seats = _Seats(bots, game)
    make_deal = adapter.new_deal or _default_new_deal
    stream = adapter.deal_stream(game, seed) if adapter.deal_stream is not None else None
    if isinstance(first, bool) or not isinstance(first, int) or first < 0:
        raise ValueError(f"first must be a whole number >= 0, got {first!r}")
    if first and stream is not None:
        raise Unsupported(
            f"{game.name}'s deals follow from each other (each from the one before): "
            "its runs start at the first deal, so they cannot be split"
        )
    # Each deal's row as a tuple of its column values, made into arrays once at the end: a
    # list append is a fraction of the numpy item assignments of a row.
    take_row = itemgetter(*(col.name for col in adapter.columns))
    rows: list[Any] = []
    seeds: list[int] = []
    start = time.perf_counter()
    fast_rows = None
    if stream is None:
        planned = _deal_seeds(seed, first, deals)
        seats.plan(planned)
        seeds = planned.tolist()
        if adapter.random_rows is not None and seats.all_random:
            fast_rows = adapter.random_rows(game, seeds, lambda seat: _bot_seeds(planned, seat))
    if fast_rows is not None:  # random bots everywhere: the family makes the rows directly
        for i, row in enumerate(fast_rows):
            rows.append(take_row(row))
            if progress is not None:
                progress(i + 1, deals)
    for i in range(deals if fast_rows is None else 0):
        if stream is None:
            s = seeds[i]
            fresh = make_deal(game, s)
            seats.new_deal(s, i)
        else:
            s, fresh = next(stream)
            seeds.append(s)
            seats.new_deal(s)
        deal = play_deal(fresh, seats.__getitem__)
        rows.append(take_row(adapter.row(deal.result())))
        if progress is not None:
            progress(i + 1, deals)
    arrays: dict[str, npt.NDArray[Any]] = {"seed": np.array(seeds, dtype=np.uint64)}
    if len(adapter.columns) == 1:  # itemgetter of one name gives the value, not a tuple
        rows = [(value,) for value in rows]
    columns = list(zip(*rows, strict=True)) if rows else [() for _ in adapter.columns]
    for col, column in zip(adapter.columns, columns, strict=True):
        shape = (deals,) if col.width == 1 else (deals, col.width)
        arrays[col.name] = np.array(column, dtype=col.dtype).reshape(shape)
    seconds = time.perf_counter() - start
    return SimulationResults(
        game=game.name,
        options=options_to_dict(game.options),
        seed=seed,
        deals=deals,
        bots=seats.describe(),
        seconds=seconds,
        arrays=arrays,
    )
