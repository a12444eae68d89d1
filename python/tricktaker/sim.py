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
What a finished deal's ``result()`` contains is the game's own, so each game family registers a
small ``SummaryAdapter`` under its game name (``Game.name``):

* ``columns``: the per-deal arrays, each a ``Column(name, dtype, width, doc)``; ``width`` 1 gives
  an array of shape ``(deals,)``, ``width`` k one of shape ``(deals, k)`` (e.g. one value per
  team);
* ``row(result)``: a mapping from column name to the value (a number, or ``width`` numbers) for
  one finished deal;
* ``summarize(results)``: JSON-ready aggregate figures (averages, rates) computed from the arrays;
* ``table(results)``: the summary table that ``tricktaker simulate`` prints;
* ``new_deal(game, seed)`` (optional): how deal ``i`` is made from its seed, for a game whose
  deals come in kinds (Kiksas: first, writing and writing-off deals); by default
  ``game.new_deal(seed=seed)``.

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

A game whose deals depend on each other (Kirves: the marks, escapes and keppis of a leg decide
who takes part in the next deal) gives its adapter a ``deal_stream(game, seed)``: a generator of
``(seed, deal)`` pairs that draws its deals from whole games, each deal played to its end by the
bots before the next is asked for. The ``seed`` column then holds each deal's own seed, which
replays it only together with its place in the game.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeAlias

import numpy as np
import numpy.typing as npt

from tricktaker.bots import Bot, bind_bot, make_bot
from tricktaker.protocol.base import Deal, Game, StateMachine, check_seed, new_seed
from tricktaker.protocol.options import options_to_dict
from tricktaker.registry import load

__all__ = [
    "Column",
    "SimulationResults",
    "SeatObservation",
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
    new_deal: Callable[[Game, int], Deal] | None = None
    # None: independent deals (``new_deal``); otherwise the deals in the order whole games
    # produce them (see the module doc).
    deal_stream: Callable[[Game, int], Iterator[tuple[int, Deal]]] | None = None


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


class SeatObservation(Mapping[str, Any]):
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

    def sample_hands(self, n: int, seed: int) -> list[list[int]]:
        """``n`` deals of the cards this seat cannot see, drawn uniformly among those consistent
        with what it knows (``tricktaker.sample_deals``): each sample's hands by play-state seat
        as card masks. Only sampled cards come back, never the deal, so a bot may use it (the
        PIMC bot does) and stays blind to the other hands."""
        if not self._open:
            raise RuntimeError("an observation is only valid while the bot acts")
        from tricktaker.sampling import sample_deals

        samples = sample_deals(self._machine, self._seat, n, seed=seed)
        return [samples.play_hands(i) for i in range(len(samples))]

    def __getitem__(self, key: str) -> Any:
        return self._get()[key]

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
            if self._game is not None:
                bind_bot(bot, self._game)
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
    seats = _Seats(bots, game)
    arrays: dict[str, npt.NDArray[Any]] = {"seed": np.zeros(deals, dtype=np.uint64)}
    for col in adapter.columns:
        shape = (deals,) if col.width == 1 else (deals, col.width)
        arrays[col.name] = np.zeros(shape, dtype=col.dtype)
    seed_column = arrays["seed"]
    targets = [(col.name, arrays[col.name]) for col in adapter.columns]
    make_deal = adapter.new_deal or _default_new_deal
    stream = adapter.deal_stream(game, seed) if adapter.deal_stream is not None else None
    start = time.perf_counter()
    for i in range(deals):
        if stream is None:
            s = deal_seed(seed, i)
            fresh = make_deal(game, s)
        else:
            s, fresh = next(stream)
        seats.new_deal(s)
        deal = play_deal(fresh, seats.__getitem__)
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


# --- Kirves ----------------------------------------------------------------------------------

_KIRVES_OUTCOMES = ("played", "paakot", "concession", "thrown_in", "void", "misdeal")
_KIRVES_KINDS = ("normal", "cut_jack", "free_for_all")
_KIRVES_ROLES = (
    "trump_maker",  # a normal deal won by its trump maker
    "opposition",  # a normal deal won by the opposition (also when the trump maker folded)
    "cutter",  # a cut-jack deal won by the cutter (also when the dealer folded)
    "dealer",  # a cut-jack deal won by the dealer (also when the cutter folded)
    "bystander",  # a cut-jack deal won by a bystander: no marks
    "free_for_all",  # a free-for-all deal (D34)
    "paakot",  # a deal ended by pääköt
)
_KIRVES_RULES = ("three_tricks", "first_to_two", "last_trick")
_KIRVES_SEATS = 10  # per-seat columns have one entry per possible seat (2-10 players)


def _kirves_role(r: Any) -> int:
    if r.outcome == "paakot":
        return _KIRVES_ROLES.index("paakot")
    winner = r.winner
    if r.outcome == "concession":
        if r.kind == "normal":
            return _KIRVES_ROLES.index("opposition")
        winner = r.dealer if r.conceded_by == r.cutter else r.cutter
    if winner is None:
        return -1
    if r.kind == "normal":
        return _KIRVES_ROLES.index("trump_maker" if winner == r.trump_maker else "opposition")
    if r.kind == "cut_jack":
        if winner == r.cutter:
            return _KIRVES_ROLES.index("cutter")
        return _KIRVES_ROLES.index("dealer" if winner == r.dealer else "bystander")
    return _KIRVES_ROLES.index("free_for_all")


def _kirves_row(r: Any) -> dict[str, Any]:
    pad = [0] * (_KIRVES_SEATS - len(r.marks))
    choice = -1
    if r.kind == "normal" and r.trump_maker is not None:
        choice = 0 if r.voluntary else 1
    return {
        "outcome": _KIRVES_OUTCOMES.index(r.outcome),
        "kind": -1 if r.kind is None else _KIRVES_KINDS.index(r.kind),
        "winner_role": _kirves_role(r),
        "winner": -1 if r.winner is None else r.winner,
        "win_rule": 0 if r.win_rule is None else _KIRVES_RULES.index(r.win_rule) + 1,
        "maker_choice": choice,
        "participants": len(r.participants),
        "folded": len(r.folded),
        "marks": list(r.marks) + pad,
        "points": list(r.points) + pad,
        "keppi": -1 if r.keppi is None else r.keppi,
        "kirves": -1 if r.kirves is None else r.kirves,
        "dealer": r.dealer,
        "trump": -1 if r.trump is None else int(r.trump),
    }


def _kirves_summary(res: SimulationResults) -> dict[str, Any]:
    n = res.deals
    players = int(res.options.get("num_players") or _KIRVES_SEATS)
    outcome, kind, role = res["outcome"], res["kind"], res["winner_role"]
    choice, rule = res["maker_choice"], res["win_rule"]
    decided = (outcome == 0) | (outcome == 2)  # played, or ended by a concession
    normal = decided & (kind == 0)
    cut_jack = decided & (kind == 1)
    maker_won = role == _KIRVES_ROLES.index("trump_maker")
    played = outcome == 0
    keppi, kirves = res["keppi"], res["kirves"]
    marks = res["marks"][:, :players]
    points = res["points"][:, :players]
    games = int((kirves >= 0).sum())
    return {
        "outcomes": {
            name: _rate((outcome == i).sum(), n) for i, name in enumerate(_KIRVES_OUTCOMES)
        },
        "kinds": {name: _rate((kind == i).sum(), n) for i, name in enumerate(_KIRVES_KINDS)},
        "wins_by_role": {name: _rate((role == i).sum(), n) for i, name in enumerate(_KIRVES_ROLES)},
        "trump_maker_win_rate": _rate((normal & maker_won).sum(), int(normal.sum())),
        "voluntary_maker_win_rate": _rate(
            (normal & maker_won & (choice == 0)).sum(), int((normal & (choice == 0)).sum())
        ),
        "forced_maker_win_rate": _rate(
            (normal & maker_won & (choice == 1)).sum(), int((normal & (choice == 1)).sum())
        ),
        "cut_jack_wins": {
            name: _rate((cut_jack & (role == _KIRVES_ROLES.index(name))).sum(), int(cut_jack.sum()))
            for name in ("cutter", "dealer", "bystander")
        },
        "win_rules": {
            name: _rate((played & (rule == i + 1)).sum(), int(played.sum()))
            for i, name in enumerate(_KIRVES_RULES)
        },
        "marks_per_deal": _mean(marks.sum(axis=1)),
        "folds_per_deal": _mean(res["folded"]),
        "marks_by_seat": [int(v) for v in marks.sum(axis=0)],
        "keppis": int((keppi >= 0).sum()),
        "kirves": games,
        "keppis_by_seat": [int((keppi == p).sum()) for p in range(players)],
        "kirves_by_seat": [int((kirves == p).sum()) for p in range(players)],
        "deals_per_game": n / games if games else None,
        "bonus_points_by_seat": [int(v) for v in points.sum(axis=0)],
    }


def _kirves_table(res: SimulationResults) -> str:
    s = res.summary()
    players = len(s["marks_by_seat"])
    seats = "ABCDEFGHIJ"[:players]

    def pct(label: str, value: float, note: str = "") -> str:
        return (f"{label:<28}{value:>8.1%}" + ("  " + note if note else "")).rstrip()

    lines = [
        f"kirves: {res.deals:,} deals, {players} players, seed {res.seed}, "
        f"bots {' '.join(res.bots)}",
        "deals: "
        + ", ".join(f"{k.replace('_', ' ')} {v:.1%}" for k, v in s["outcomes"].items() if v),
        "deal wins by role (share of all deals):",
    ]
    lines += [
        pct("  " + name.replace("_", " "), value)
        for name, value in s["wins_by_role"].items()
        if value
    ]
    lines += [
        pct("trump maker wins", s["trump_maker_win_rate"], "(of normal deals played or conceded)"),
        pct("  voluntary", s["voluntary_maker_win_rate"]),
        pct("  forced", s["forced_maker_win_rate"]),
        "won by: " + ", ".join(f"{k.replace('_', ' ')} {v:.1%}" for k, v in s["win_rules"].items()),
        f"{'marks per deal':<28}{s['marks_per_deal']:>8.2f}",
        f"{'folds per deal':<28}{s['folds_per_deal']:>8.2f}",
        f"{'':<28}" + "".join(f"{p:>6}" for p in seats),
        f"{'marks':<28}" + "".join(f"{v:>6}" for v in s["marks_by_seat"]),
        f"{'keppis':<28}" + "".join(f"{v:>6}" for v in s["keppis_by_seat"]),
        f"{'kirves':<28}" + "".join(f"{v:>6}" for v in s["kirves_by_seat"]),
    ]
    if res.options.get("tournament_scoring"):
        lines.append(
            f"{'bonus points':<28}" + "".join(f"{v:>6}" for v in s["bonus_points_by_seat"])
        )
    per_game = s["deals_per_game"]
    lines.append(
        f"{s['keppis']} keppis and {s['kirves']} kirves (games finished)"
        + (f"; {per_game:.1f} deals per game" if per_game else "")
    )
    return "\n".join(lines)


def _kirves_deals(game: Game, seed: int) -> Iterator[tuple[int, Deal]]:
    from tricktaker.games.kirves import simulation_deals

    yield from simulation_deals(game, seed)


register_summary(
    "kirves",
    SummaryAdapter(
        columns=(
            Column(
                "outcome",
                "int8",
                1,
                "0 played, 1 paakot, 2 concession, 3 thrown in, 4 void, 5 misdeal",
            ),
            Column("kind", "int8", 1, "0 normal, 1 cut-jack, 2 free-for-all, -1 no trump"),
            Column(
                "winner_role",
                "int8",
                1,
                "0 trump maker, 1 opposition, 2 cutter, 3 dealer, "
                "4 bystander, 5 free-for-all, 6 paakot, -1 none",
            ),
            Column("winner", "int8", 1, "the winning player's seat, -1 none"),
            Column("win_rule", "int8", 1, "1 three tricks, 2 first to two, 3 last trick, 0 none"),
            Column("maker_choice", "int8", 1, "0 voluntary, 1 forced trump maker, -1 none"),
            Column("participants", "int8", 1, "players dealt in"),
            Column("folded", "int8", 1, "players who folded"),
            Column("marks", "int8", _KIRVES_SEATS, "marks of the deal per seat (cut marks too)"),
            Column("points", "int16", _KIRVES_SEATS, "tournament bonuses of the deal per seat"),
            Column("keppi", "int8", 1, "seat that got a keppi after the deal, -1 none"),
            Column("kirves", "int8", 1, "seat that got the kirves after the deal, -1 none"),
            Column("dealer", "int8", 1, "the dealer's seat"),
            Column("trump", "int8", 1, "trump suit (0-3 = S, H, D, C), -1 none"),
        ),
        row=_kirves_row,
        summarize=_kirves_summary,
        table=_kirves_table,
        deal_stream=_kirves_deals,
    ),
)
