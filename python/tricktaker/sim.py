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
``game.new_deal(seed=results["seed"][i])``.

Summary adapters
----------------
What a finished deal's ``result()`` contains is the game's own, so each game family registers a
small ``SummaryAdapter`` under its game name (``Game.name``):

* ``columns``: the per-deal arrays, each a ``Column(name, dtype, width, doc)``; ``width`` 1 gives
  an array of shape ``(deals,)``, ``width`` k one of shape ``(deals, k)`` (e.g. one value per
  team);
* ``row(result)``: a mapping from column name to the value (a number, or ``width`` numbers) for
  one finished deal;
* ``summarize(results)``: JSON-ready aggregate figures (averages, rates) computed from the arrays;
* ``table(results)``: the summary table that ``tricktaker simulate`` prints.

Another game adds its adapter in the same way as Klaverjas's at the end of this module, e.g. for
Kirves, in its game module or beside Klaverjas's here::

    register_summary("kirves", SummaryAdapter(
        columns=(Column("marks", "int16", 1, "marks won by the trump maker"), ...),
        row=lambda r: {"marks": r.marks, ...},
        summarize=lambda res: {"marks_per_deal": float(res["marks"].mean()), ...},
        table=lambda res: "...",
    ))

``simulate`` then works for the game unchanged, and so do ``tricktaker simulate kirves`` and its
``--json`` output.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from tricktaker.bots import Bot, make_bot
from tricktaker.games.base import Deal, Game, StateMachine, check_seed, new_seed
from tricktaker.games.options import options_to_dict
from tricktaker.registry import load

__all__ = [
    "Column",
    "SimulationResults",
    "SummaryAdapter",
    "bot_seed",
    "deal_seed",
    "register_summary",
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


def deal_seed(seed: int, index: int) -> int:
    """The seed of deal ``index`` (0-based) of a run with ``seed``: a 64-bit hash of both."""
    return _splitmix64(_splitmix64(seed) ^ index)


def bot_seed(seed: int, seat: int) -> int:
    """The seed a bot at ``seat`` is reset with before the deal shuffled from ``seed``."""
    return _splitmix64(seed ^ ((seat + 1) * 0xD1B54A32D192ED03 & _MASK64))


# --- summary adapters ------------------------------------------------------------------------


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
    summarize: Callable[[SimulationResults], dict[str, Any]]
    table: Callable[[SimulationResults], str]


_SUMMARIES: dict[str, SummaryAdapter] = {}


def register_summary(game: str, adapter: SummaryAdapter) -> None:
    """Register the summary adapter of a game (by its ``Game.name``)."""
    _SUMMARIES[game] = adapter


def summary_adapter(game: str) -> SummaryAdapter:
    adapter = _SUMMARIES.get(game)
    if adapter is None:
        known = ", ".join(sorted(_SUMMARIES)) or "(none)"
        raise ValueError(f"no simulation summary for game {game!r}; games with one: {known}")
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


class _Observation(Mapping[str, Any]):
    """A seat's observation, built on first use: a bot that never looks costs nothing.

    It is valid while the bot acts; reading it afterwards raises, so it can never show a later
    state of the deal.
    """

    __slots__ = ("_machine", "_seat", "_data", "_open")

    def __init__(self, machine: StateMachine, seat: int) -> None:
        self._machine = machine
        self._seat = seat
        self._data: dict[str, Any] | None = None
        self._open = True

    def _get(self) -> dict[str, Any]:
        if self._data is None:
            if not self._open:
                raise RuntimeError("an observation is only valid while the bot acts; copy it")
            self._data = self._machine.observation(self._seat)
        return self._data

    def close(self) -> None:
        self._open = False

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

    def __iter__(self) -> Iterator[str]:
        return iter(self._get())

    def __len__(self) -> int:
        return len(self._get())


class _Seats:
    """The bots of a run by seat, created on first use and reset before every deal."""

    def __init__(self, bots: str | Sequence[BotSpec]) -> None:
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

    def describe(self) -> list[str]:
        if self._specs is None:
            return [self._name]
        return [s if isinstance(s, str) else type(s).__name__ for s in self._specs]

    def new_deal(self, seed: int) -> None:
        self._seed = seed
        for seat, bot in self._bots.items():
            bot.reset(bot_seed(seed, seat))

    def __getitem__(self, seat: int) -> Bot:
        bot = self._bots.get(seat)
        if bot is None:
            if self._specs is None:
                spec: BotSpec = self._name
            elif seat < len(self._specs):
                spec = self._specs[seat]
            else:
                raise ValueError(f"bots: no bot for seat {seat}; give one bot per seat")
            bot = make_bot(spec, bot_seed(self._seed, seat))
            bot.reset(bot_seed(self._seed, seat))
            self._bots[seat] = bot
        return bot


def play_deal(deal: Deal, seats: Callable[[int], Bot]) -> Deal:
    """Let the bots play ``deal`` to its end; each bot sees only its seat's observation."""
    while not deal.is_over:
        seat = deal.to_move
        if seat is None:
            raise RuntimeError(f"{deal!r} is not over but no seat is to act")
        legal = deal.legal_actions()
        bot = seats(seat)
        observation = _Observation(deal, seat)
        action = bot.act(observation, legal)
        observation.close()
        try:
            deal.apply(action)
        except ValueError as exc:
            raise type(exc)(f"bot {bot!r} at seat {deal.seat_name(seat)}: {exc}") from exc
    return deal


def simulate(
    game: Game | str,
    deals: int = 1000,
    bots: str | Sequence[BotSpec] = "random",
    seed: int | None = None,
    progress: Progress | None = None,
) -> SimulationResults:
    """Bots play ``deals`` independent deals of ``game``; per-deal numpy arrays come back.

    ``bots`` is a bot name for every seat (``"random"``) or one bot (name or object) per seat.
    ``seed`` (default: fresh, recorded in the results) fixes every deal and every bot choice.
    ``progress(done, total)`` is called after every deal.
    """
    if isinstance(game, str):
        game = load(game)
    if isinstance(deals, bool) or not isinstance(deals, int) or deals < 0:
        raise ValueError(f"deals must be a whole number >= 0, got {deals!r}")
    seed = new_seed() if seed is None else check_seed(seed)
    adapter = summary_adapter(game.name)
    seats = _Seats(bots)
    arrays: dict[str, npt.NDArray[Any]] = {"seed": np.zeros(deals, dtype=np.uint64)}
    for col in adapter.columns:
        shape = (deals,) if col.width == 1 else (deals, col.width)
        arrays[col.name] = np.zeros(shape, dtype=col.dtype)
    seed_column = arrays["seed"]
    targets = [(col.name, arrays[col.name]) for col in adapter.columns]
    start = time.perf_counter()
    for i in range(deals):
        s = deal_seed(seed, i)
        seats.new_deal(s)
        deal = play_deal(game.new_deal(seed=s), seats.__getitem__)
        row = adapter.row(deal.result())
        seed_column[i] = s
        for name, target in targets:
            target[i] = row[name]
        if progress is not None:
            progress(i + 1, deals)
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


# --- Klaverjas -------------------------------------------------------------------------------

_KLAVERJAS_TEAMS = ("N-S", "E-W")


def _klaverjas_row(result: Any) -> dict[str, Any]:
    return {
        "score": result.score,
        "card_points": result.card_points,
        "roem": result.roem,
        "pit": result.pit,
        "made": result.made,
        "nat": not result.made,
        "pit_team": -1 if result.pit_team is None else result.pit_team,
        "playing_team": result.playing_team,
        "declarer": result.declarer,
        "trump": int(result.trump),
        "penalized_team": -1 if result.penalized_team is None else result.penalized_team,
    }


def _rate(count: Any, total: int) -> float:
    return float(count) / total if total else 0.0


def _mean(values: npt.NDArray[Any]) -> float:
    return float(values.mean()) if len(values) else 0.0


def _klaverjas_summary(res: SimulationResults) -> dict[str, Any]:
    n = res.deals
    score, card, roem, pit = res["score"], res["card_points"], res["roem"], res["pit"]
    playing, nat, pit_team = res["playing_team"], res["nat"], res["pit_team"]
    teams: dict[str, Any] = {}
    for t, name in enumerate(_KLAVERJAS_TEAMS):
        played = playing == t
        teams[name] = {
            "points_per_deal": _mean(score[:, t]),
            "card_points_per_deal": _mean(card[:, t]),
            "roem_per_deal": _mean(roem[:, t]),
            "pit_bonus_per_deal": _mean(pit[:, t]),
            "playing_rate": _rate(played.sum(), n),
            "nat_rate": _rate((nat & played).sum(), int(played.sum())),
            "pit_rate": _rate((pit_team == t).sum(), n),
        }
    pit_by_playing = (pit_team >= 0) & (pit_team == playing)
    return {
        "teams": teams,
        "points_per_deal": _mean(score.sum(axis=1)),
        "roem_per_deal": _mean(roem.sum(axis=1)),
        "made_rate": _rate((~nat).sum(), n),
        "nat_rate": _rate(nat.sum(), n),
        "pit_rate": _rate((pit_team >= 0).sum(), n),
        "pit_rate_playing_team": _rate(pit_by_playing.sum(), n),
        "pit_rate_defenders": _rate(((pit_team >= 0) & ~pit_by_playing).sum(), n),
        "penalized_rate": _rate((res["penalized_team"] >= 0).sum(), n),
        "totals": {
            "score": int(score.sum()),
            "card_points": int(card.sum()),
            "roem": int(roem.sum()),
            "pit": int(pit.sum()),
        },
    }


def _klaverjas_table(res: SimulationResults) -> str:
    s = res.summary()
    ns, ew = (s["teams"][t] for t in _KLAVERJAS_TEAMS)

    def num(label: str, key: str, both: float | None = None, note: str = "") -> str:
        line = f"{label:<22}{ns[key]:>9.2f}{ew[key]:>9.2f}"
        if both is not None:
            line += f"{both:>9.2f}"
        return (line + ("  " + note if note else "")).rstrip()

    def pct(label: str, key: str, both: float | None = None, note: str = "") -> str:
        line = f"{label:<22}{ns[key]:>9.1%}{ew[key]:>9.1%}"
        line += f"{both:>9.1%}" if both is not None else " " * 9
        return (line + ("  " + note if note else "")).rstrip()

    totals = s["totals"]
    lines = [
        f"klaverjas: {res.deals:,} deals, seed {res.seed}, bots {' '.join(res.bots)}",
        f"{'':<22}{'N-S':>9}{'E-W':>9}{'both':>9}",
        num("points per deal", "points_per_deal", s["points_per_deal"], "(deal scores)"),
        num("  card points", "card_points_per_deal", 162.0 if res.deals else 0.0),
        num("  roem", "roem_per_deal", s["roem_per_deal"]),
        num("  pit bonus", "pit_bonus_per_deal", totals["pit"] / res.deals if res.deals else 0),
        pct("playing team", "playing_rate"),
        pct("nat rate", "nat_rate", s["nat_rate"], "(of the deals the side played)"),
        pct("pit rate", "pit_rate", s["pit_rate"], "(took all 8 tricks)"),
    ]
    if s["penalized_rate"]:
        lines.append(f"{'penalized deals':<22}{s['penalized_rate']:>27.1%}")
    return "\n".join(lines)


register_summary(
    "klaverjas",
    SummaryAdapter(
        columns=(
            Column("score", "int32", 2, "deal score per team (N-S, E-W)"),
            Column("card_points", "int16", 2, "card points incl. last trick (C, §5.1)"),
            Column("roem", "int16", 2, "roem credited to each team (R)"),
            Column("pit", "int16", 2, "pit bonus of each team (P)"),
            Column("made", "bool", 1, "the playing team made it"),
            Column("nat", "bool", 1, "the playing team went nat"),
            Column("pit_team", "int8", 1, "team that took all 8 tricks (0 N-S, 1 E-W, -1 none)"),
            Column("playing_team", "int8", 1, "the playing team (0 N-S, 1 E-W)"),
            Column("declarer", "int8", 1, "seat that chose trumps (0-3 = N, E, S, W)"),
            Column("trump", "int8", 1, "trump suit (0-3 = S, H, D, C)"),
            Column("penalized_team", "int8", 1, "team penalized for an illegal play, -1 none"),
        ),
        row=_klaverjas_row,
        summarize=_klaverjas_summary,
        table=_klaverjas_table,
    ),
)
