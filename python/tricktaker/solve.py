"""Double-dummy analysis: what a position is worth when every hand is known and everyone
plays their best, and what each legal card is worth.

The search is the C++ solver (``_core.Solver``); this module picks the objective of the game
and turns positions and results into friendly values.

Objectives:

* ``"tricks"``: tricks the side takes in the remaining play (whist's default);
* ``"points"``: points the side takes in the remaining play: card points, the last-trick bonus
  and roem, and for a Klaverjas deal the pit bonus as the deal scoring counts it (the default
  of games with card points);
* ``"margin"``: the side's points minus the other side's, in the remaining play;
* ``"made"`` (Klaverjas): 1 if the side wins the deal (the playing team makes it, or for the
  defenders, the playing team goes nat), else 0;
* ``"win"`` (Kirves, the default): 1 if the winning player of the deal (three tricks, first to
  two, or the last trick) is on the side, else 0;
* ``"race"`` (Kiksas and Trikiksis writing-off deals, the default there): 1 if the side reaches
  its target first, else 0;
* ``"akis"`` (Kiksas and Trikiksis deals with an Akis, the default there): 1 if the side wins
  the Akis: the Akis player's side takes every trick (none in a misère Akis), or the other side
  breaks it.

All Fours and Pitch score ``"points"`` (the default) and ``"margin"`` in game points of the whole
deal: High, Low, Jack with hang jack, Game and the extras the options turn on, and for a bidder
who is set, minus the bid; the items are decided by the whole play, so these values are the
deal's, not the remaining play's.

The side is the side of the seat to move unless ``side=`` names one (0 = N-S, 1 = E-W, or
``"NS"``/``"EW"``).

>>> import tricktaker as tt
>>> game = tt.load("whist", ranks_per_suit=8)
>>> deal = game.position_from_pbn("N:AK.7.. QJ.8.. T9.9.. 87.T..", trump="NT", leader="N")
>>> result = tt.solve(deal)
>>> result.value, result.cards  # N-S cash two spades; W's ten of hearts takes a trick
(2, {'KS': 2, 'AS': 2, '7H': 2})
>>> print(tt.solve(deal, side="EW").table())
value 1 (tricks, side 1)
   KS    1  *
   AS    1  *
   7H    1  *
>>> tt.dd_table(deal)[4].tolist()  # no trump, declarers N E S W
[2, 1, 2, 1]
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Literal, TypeVar, overload

import numpy as np
import numpy.typing as npt

from tricktaker import _core
from tricktaker.cards import Card

_T = TypeVar("_T")

OBJECTIVES = ("tricks", "points", "margin", "made", "win", "race", "akis")
_KINDS = {
    "tricks": _core.ObjectiveKind.TRICKS,
    "points": _core.ObjectiveKind.POINTS,
    "margin": _core.ObjectiveKind.MARGIN,
    "made": _core.ObjectiveKind.KLAVERJAS_MADE,
    "win": _core.ObjectiveKind.KIRVES_WIN,
    "race": _core.ObjectiveKind.KIKSAS_RACE,
    "akis": _core.ObjectiveKind.KIKSAS_AKIS,
}
# The objectives that only one kind of deal has, and what that deal is.
_NEEDS = {
    "made": "a Klaverjas deal",
    "win": "a Kirves deal",
    "race": "a Kiksas or Trikiksis writing-off deal without Akis",
    "akis": "a Kiksas or Trikiksis deal with an Akis",
}
DEFAULT_MEMORY_MB = 32

# A position: a deal of any game (anything with play_state()) or a _core.PlayState.
Position = Any


@dataclass(frozen=True)
class Solution:
    """The value of a position and of each legal card, for ``side``."""

    value: int
    side: int
    objective: str
    cards: dict[str, int]
    nodes: int
    # where the player to move may fold (All Fours folding), the value of folding
    fold: int | None = None

    @property
    def best(self) -> list[Card]:
        """The legal cards that reach the value."""
        return [Card.parse(c) for c, v in self.cards.items() if v == self.value]

    def table(self) -> str:
        """A text table: the value, then each card (and a fold) with its value (best first)."""
        lines = [f"value {self.value} ({self.objective}, side {self.side})"]
        moves = dict(self.cards)
        if self.fold is not None:
            moves["fold"] = self.fold
        # Best first for the player to move: the value is the best move's, so a mover playing
        # against the side (the value below some card's) prefers the lowest.
        against = bool(moves) and self.value < max(moves.values())
        for move, v in sorted(moves.items(), key=lambda kv: kv[1] if against else -kv[1]):
            lines.append(f"  {move:>3} {v:>4}" + ("  *" if v == self.value else ""))
        return "\n".join(lines)


def _side(
    side: int | str | None, position: Any = None, state: _core.PlayState | None = None
) -> int:
    """The objective's side: a side number (also as text, "1"), NS / EW, or, for a deal, a
    seat's name ("B": that seat's side) or the names of a side's seats run together ("AC")."""
    if side is None:
        return -1
    if isinstance(side, str):
        key = side.strip().upper().replace("-", "")
        if key.isdigit():
            return int(key)
        seats = _seats_named(key, position, state)
        if seats and state is not None and len({state.side(p) for p in seats}) == 1:
            return int(state.side(seats[0]))
        if key in ("NS", "EW"):
            return 0 if key == "NS" else 1
    elif not isinstance(side, bool) and isinstance(side, int) and side >= 0:
        return side
    raise ValueError(f"not a side: {side!r}; sides are {_side_names(position, state)}")


def _seat_names(position: Any, state: _core.PlayState | None) -> list[str]:
    if state is None or not hasattr(position, "seat_name"):
        return []
    return [str(position.seat_name(p)).upper() for p in range(state.num_players)]


def _seats_named(key: str, position: Any, state: _core.PlayState | None) -> list[int]:
    """The seats whose names, run together, spell `key` (empty if they do not)."""
    names = _seat_names(position, state)
    seats: list[int] = []
    while key and names:
        match = max(
            (p for p, name in enumerate(names) if key.startswith(name)),
            key=lambda p: len(names[p]),
            default=None,
        )
        if match is None:
            return []
        seats.append(match)
        key = key[len(names[match]) :]
    return seats if not key else []


def _side_names(position: Any, state: _core.PlayState | None) -> str:
    names = _seat_names(position, state)
    if not names or state is None:
        return "NS and EW (or 0 and 1)"
    sides = sorted({int(state.side(p)) for p in range(len(names))})
    spelled = [
        f"{''.join(n for p, n in enumerate(names) if state.side(p) == k)} ({k})" for k in sides
    ]
    return f"{' and '.join(spelled)}, or a seat's name ({', '.join(names)})"


def _has_points(state: _core.PlayState) -> bool:
    rules = state.rules
    if rules.last_trick_bonus or rules.trick_bonus != _core.TrickBonus.NONE:
        return True
    return any(rules.points(c) for c in _core.mask_to_ids(rules.deck))


@dataclass(frozen=True)
class _GameObjective:
    """What a deal of a game adds to the solver's objective."""

    default: str
    kwargs: dict[str, Any]  # extra _core.Objective arguments (the game's scoring)
    own: frozenset[str] = frozenset()  # objectives of _NEEDS this deal has


def _game_objective(position: Any, state: _core.PlayState) -> _GameObjective:
    """The default objective and the scoring context of a deal of any game."""
    name = getattr(getattr(position, "game", None), "name", None)
    plain = "points" if _has_points(state) else "tricks"
    if name == "klaverjas":
        options = position.options
        return _GameObjective(
            "points",
            {
                "scoring": _core.Scoring.KLAVERJAS,
                "playing_team": position.declarer % 2,
                "pit_for_any_team": options.pit_bonus_for == "any_team",
                "tie_is_nat": options.tie_is_nat,
            },
            frozenset({"made"}),
        )
    if name == "kirves":
        return _GameObjective("win", {}, frozenset({"win"}))
    if name in ("kiksas", "trikiksis"):
        if position.akis is not None:  # won or lost on tricks: every one of them, or none
            ctx = position.context()
            return _GameObjective(
                "akis", {"akis": ctx.akis, "akis_side": ctx.akis_side}, frozenset({"akis"})
            )
        if position.deal_type == "writing_off" and position.targets:
            return _GameObjective(
                "race", {"kiksas_targets": tuple(position.targets)}, frozenset({"race"})
            )
        return _GameObjective(plain, {})
    if name in ("allfours", "pitch"):
        return _GameObjective("points", position.solver_scoring())
    return _GameObjective(plain, {})


def _prepare(
    position: Position,
    objective: str | None,
    side: int | str | None,
    state: _core.PlayState | None = None,
) -> tuple[_core.PlayState, _core.Objective, str]:
    """The play state (the position's own unless given) and the core objective for a position
    of any game."""
    if isinstance(position, _core.PlayState):
        state = position
        game = _GameObjective("points" if _has_points(state) else "tricks", {})
    elif hasattr(position, "play_state"):
        state = position.play_state() if state is None else state
        game = _game_objective(position, state)
    else:
        raise TypeError(
            f"cannot solve a {type(position).__name__}: give a deal (with play_state()) "
            "or a PlayState"
        )
    if objective is None:
        objective = game.default
    if objective not in _KINDS:
        raise ValueError(f"unknown objective {objective!r}; objectives: {', '.join(OBJECTIVES)}")
    if objective in _NEEDS and objective not in game.own:
        raise ValueError(f"objective {objective!r} needs {_NEEDS[objective]}")
    kwargs: dict[str, Any] = {
        "kind": _KINDS[objective],
        "side": _side(side, position, state),
        **game.kwargs,
    }
    return state, _core.Objective(**kwargs), objective


def _pitch_states(position: Position) -> list[_core.PlayState]:
    """A Pitch deal before its first card (which fixes trump): the play of each suit the
    pitcher can lead; otherwise none."""
    pitch_states = getattr(position, "pitch_states", None)
    return list(pitch_states().values()) if pitch_states is not None else []


class Solver:
    """A reusable double-dummy solver with its own transposition table (``memory_mb``).

    Its table stays warm between calls on positions of the same game, rules and objective (for
    example many sampled deals of one trick-taking situation). Calls release the GIL; calls on
    one solver from several threads take turns, so give each thread its own solver to run them
    at once (or use ``solve_many``).
    """

    def __init__(self, *, memory_mb: int = DEFAULT_MEMORY_MB, objective: str | None = None):
        if objective is not None and objective not in _KINDS:
            raise ValueError(
                f"unknown objective {objective!r}; objectives: {', '.join(OBJECTIVES)}"
            )
        self._core = _core.Solver(memory_mb=memory_mb)
        self.objective = objective

    def solve(
        self, position: Position, *, objective: str | None = None, side: int | str | None = None
    ) -> Solution:
        """The value of the position and of every legal card."""
        pitches = _pitch_states(position)
        if pitches:
            return self._solve_pitch(position, pitches, objective or self.objective, side)
        state, obj, name = _prepare(position, objective or self.objective, side)
        res = self._core.solve(state, obj)
        cards = {_core.card_to_string(c): v for c, v in res.cards}
        fold = int(res.fold_value) if res.can_fold else None
        return Solution(res.value, res.side, name, cards, res.nodes, fold)

    def _solve_pitch(
        self,
        position: Position,
        pitches: list[_core.PlayState],
        objective: str | None,
        side: int | str | None,
    ) -> Solution:
        """Before a Pitch deal's first card, which fixes trump: each suit the pitcher can lead
        is its own play, and each card's value is that of its suit's play."""
        cards: dict[str, int] = {}
        nodes = 0
        for state in pitches:
            state, obj, name = _prepare(position, objective, side, state)
            res = self._core.solve(state, obj)
            cards.update({_core.card_to_string(c): v for c, v in res.cards})
            nodes += res.nodes
            solved_side = res.side
        maxing = state.side(state.to_move) == solved_side
        value = (max if maxing else min)(cards.values())
        return Solution(value, solved_side, name, dict(sorted(cards.items())), nodes)

    def value(
        self, position: Position, *, objective: str | None = None, side: int | str | None = None
    ) -> int:
        """Only the value (cheaper than ``solve``)."""
        if _pitch_states(position):
            return self.solve(position, objective=objective, side=side).value
        state, obj, _ = _prepare(position, objective or self.objective, side)
        return int(self._core.value(state, obj))

    def reaches(
        self,
        position: Position,
        target: int,
        *,
        objective: str | None = None,
        side: int | str | None = None,
    ) -> bool:
        """Whether the value is at least ``target`` (``value(...) >= target``), settled by one
        zero-window search: cheaper than the value where only a threshold matters (a contract,
        a score to reach)."""
        if _pitch_states(position):
            return self.value(position, objective=objective, side=side) >= target
        state, obj, _ = _prepare(position, objective or self.objective, side)
        return bool(self._core.reaches(state, obj, target))

    def clear(self) -> None:
        """Forget every stored position."""
        self._core.clear()

    @property
    def nodes(self) -> int:
        return int(self._core.nodes)


def solve(
    position: Position,
    *,
    objective: str | None = None,
    side: int | str | None = None,
    memory_mb: int = 8,
) -> Solution:
    """Solve one position with a fresh solver: its value and the value of each legal card."""
    return Solver(memory_mb=memory_mb).solve(position, objective=objective, side=side)


def _named(kind: str, index: int, fn: Callable[[Any], _T], item: Any) -> _T:
    """fn(item), its ValueError (IllegalAction too) or TypeError naming the item of a batch."""
    try:
        return fn(item)
    except (ValueError, TypeError) as exc:
        try:
            named = type(exc)(f"{kind} {index}: {exc}")
        except Exception:  # an exception type that takes other arguments: left as it is
            raise exc from None
        raise named from exc


def _each_named(kind: str, items: Sequence[Any], fn: Callable[[Any], _T]) -> list[_T]:
    return [_named(kind, i, fn, item) for i, item in enumerate(items)]


@overload
def solve_many(
    positions: Sequence[Position],
    *,
    objective: str | None = None,
    side: int | str | None = None,
    threads: int = 0,
    memory_mb: int = DEFAULT_MEMORY_MB,
    cards: Literal[False] = False,
) -> npt.NDArray[np.int32]: ...


@overload
def solve_many(
    positions: Sequence[Position],
    *,
    objective: str | None = None,
    side: int | str | None = None,
    threads: int = 0,
    memory_mb: int = DEFAULT_MEMORY_MB,
    cards: Literal[True],
) -> tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]: ...


def solve_many(
    positions: Sequence[Position],
    *,
    objective: str | None = None,
    side: int | str | None = None,
    threads: int = 0,
    memory_mb: int = DEFAULT_MEMORY_MB,
    cards: bool = False,
) -> npt.NDArray[np.int32] | tuple[npt.NDArray[np.int32], npt.NDArray[np.int32]]:
    """Values of many positions of one game and objective, on ``threads`` threads (0 = all
    cores), as a numpy array.

    With ``cards=True`` also every legal card's value, as ``solve`` gives them: a second array
    of shape ``(len(positions), 64)`` indexed by ``Card.id``, ``NO_VALUE`` where a card is not
    a legal play (for example as training targets for a policy)."""
    prepared = _each_named("position", positions, lambda p: _prepare(p, objective, side))
    if not prepared:
        empty = np.zeros(0, dtype=np.int32)
        return (empty, np.zeros((0, 64), dtype=np.int32)) if cards else empty
    objs = {_objective_key(o) for _, o, _ in prepared}
    if len(objs) > 1:
        raise ValueError(
            "solve_many needs positions with one objective (same game, team, targets, dealer "
            "and bid)"
        )
    states = [s for s, _, _ in prepared]
    if not cards:
        values = _core.solve_many(states, prepared[0][1], threads=threads, memory_mb=memory_mb)
        return np.asarray(values, dtype=np.int32)
    values, card_values = _core.solve_many(
        states, prepared[0][1], threads=threads, memory_mb=memory_mb, card_values=True
    )
    return np.asarray(values, dtype=np.int32), np.asarray(card_values, dtype=np.int32)


def _objective_key(o: _core.Objective) -> tuple[Any, ...]:
    a = o.allfours
    scoring = (
        a.hang_jack,
        a.low_to_captor,
        a.game_tie_non_dealer,
        a.jick,
        a.jokers,
        a.five,
        a.trey,
        a.last_trick,
        a.shoot_the_moon,
        a.moon_requires_bid,
    )
    return (
        o.kind,
        o.side,
        o.scoring,
        o.playing_team,
        o.pit_for_any_team,
        o.tie_is_nat,
        tuple(o.kiksas_targets),
        o.akis,
        o.akis_side,
        scoring,
        o.dealer,
        o.bidding_side,
        o.bid,
    )


def _whist_hands(deal: Any) -> tuple[list[int], int]:
    """Hands N, E, S, W and ranks per suit of a whist deal, PBN text or list of hands."""
    if isinstance(deal, str):
        hands = list(_core.parse_pbn(deal))
        return hands, int(_core.ranks_needed(hands))
    if hasattr(deal, "hands_dealt") and getattr(getattr(deal, "game", None), "name", "") == "whist":
        # The deal as it was dealt, wherever its play has got to (as every game's table is).
        return [int(h) for h in deal.hands_dealt], int(deal.game.options.ranks_per_suit)
    if isinstance(deal, Sequence) and len(deal) == 4:
        hands = [
            int(h) if isinstance(h, int) else sum(Card.parse(c).mask for c in h.split())
            for h in deal
        ]
        return hands, int(_core.ranks_needed(hands))
    raise TypeError("dd_table takes a whist deal, a PBN string or four hands")


def _klaverjas_table(deal: Any, objective: str, solver: _core.Solver) -> npt.NDArray[np.int32]:
    options = deal.options
    hands = [sum(c.mask for c in h) for h in deal.hands_dealt]
    out = np.zeros((4, 2), dtype=np.int32)
    for trump in range(4):
        rules = _core.klaverjas_rules(
            trump,
            rotterdam=options.play_rules == "rotterdam",
            undertrump_compulsory=options.undertrump_when_cannot_overtrump == "compulsory",
        )
        state = _core.PlayState(rules, hands, [0, 1, 0, 1], deal.forehand)
        for team in range(2):
            obj = _core.Objective(
                kind=_KINDS[objective],
                side=team,
                scoring=_core.Scoring.KLAVERJAS,
                playing_team=team,
                pit_for_any_team=options.pit_bonus_for == "any_team",
                tie_is_nat=options.tie_is_nat,
            )
            out[trump, team] = solver.value(state, obj)
    return out


NO_VALUE = -32768  # a table cell with no play (a Kirves seat not dealt in), a card not legal


def _game_table(
    deal: Any,
    rows: list[list[tuple[_core.PlayState, int] | None]],
    objective: str | None,
    solver: _core.Solver,
) -> npt.NDArray[np.int32]:
    out = np.full((len(rows), len(rows[0])), NO_VALUE, dtype=np.int32)
    for r, row in enumerate(rows):
        for c, cell in enumerate(row):
            if cell is not None:
                state, obj, _ = _prepare(deal, objective, cell[1], cell[0])
                out[r, c] = solver.value(state, obj)
    return out


def dd_table(
    deal: Any, *, objective: str | None = None, memory_mb: int = 8
) -> npt.NDArray[np.int32]:
    """The double-dummy table of a deal, as it was dealt: the value for each trump choice.

    Whist (a deal, a PBN string or four hands): ``[strain][declarer]`` tricks for the
    declarer's side with the declarer's left-hand opponent on lead; strains S, H, D, C, NT and
    declarers N, E, S, W.

    Klaverjas: ``[trump][playing team]`` with forehand on lead, trumps S, H, D, C and playing
    teams N-S, E-W: the playing team's points (card points, roem and pit) with
    ``objective="points"`` (the default), or 1 if it makes the deal with ``objective="made"``.

    Kiksas and Trikiksis: ``[trump][side]``, the trump queen's holder leading it: the side's
    points, or in a writing-off deal 1 if the side wins the race to its target.

    All Fours and Pitch: ``[trump][side]`` with the deal's first leader (where the first card
    fixes trump, leading that suit): the side's game points. A Pitch deal needs its auction
    ended (the pitcher leads), and a deal that deals more than it plays its discards made.

    Kirves: ``[trump][trump maker]`` with every seat playing and eldest leading: 1 if the maker
    alone wins the deal against everyone else (``NO_VALUE`` for a seat not dealt in).

    ``objective`` overrides the game's own (as in ``solve``).
    """
    return _table(deal, objective, _core.Solver(memory_mb=memory_mb))


def _table(deal: Any, objective: str | None, solver: _core.Solver) -> npt.NDArray[np.int32]:
    if getattr(getattr(deal, "game", None), "name", None) == "klaverjas":
        objective = objective or "points"
        if objective not in ("points", "made", "margin"):
            raise ValueError("a Klaverjas table's objective is points, margin or made")
        return _klaverjas_table(deal, objective, solver)
    table_states = getattr(deal, "dd_table_states", None)
    if table_states is not None:
        return _game_table(deal, table_states(), objective, solver)
    hands, ranks = _whist_hands(deal)
    return np.asarray(_core.whist_dd_table(hands, ranks, solver), dtype=np.int32)


def dd_tables(
    deals: Sequence[Any],
    *,
    objective: str | None = None,
    threads: int = 0,
    memory_mb: int = DEFAULT_MEMORY_MB,
) -> npt.NDArray[np.int32]:
    """The tables of many deals at once, on ``threads`` threads (0 = every core), stacked:
    shape (deals, *table). Whist deals (of one deck size) run in one native batch; deals of the
    other games run on a pool of threads, one warm solver each (the solver releases the GIL)."""
    if not deals:
        return np.zeros((0, 5, 4), dtype=np.int32)
    if all(_is_whist(d) for d in deals) and objective in (None, "tricks"):
        parsed = _each_named("deal", deals, _whist_hands)
        ranks = max(r for _, r in parsed)
        tables = _core.whist_dd_tables(
            [h for h, _ in parsed], ranks, threads=threads, memory_mb=memory_mb
        )
        return np.asarray(tables, dtype=np.int32)
    local = threading.local()

    def one(deal: Any) -> npt.NDArray[np.int32]:
        if not hasattr(local, "solver"):
            local.solver = _core.Solver(memory_mb=memory_mb)
        return _table(deal, objective, local.solver)

    workers = threads if threads > 0 else os.cpu_count() or 1
    with ThreadPoolExecutor(max_workers=min(workers, len(deals))) as pool:
        per_deal = list(pool.map(lambda i: _named("deal", i, one, deals[i]), range(len(deals))))
    shapes = sorted({t.shape for t in per_deal})
    if len(shapes) > 1:
        raise ValueError(
            f"dd_tables stacks tables of one shape (deals of one game); got shapes {shapes}"
        )
    return np.stack(per_deal)


def _is_whist(deal: Any) -> bool:
    if isinstance(deal, str) or (isinstance(deal, Sequence) and len(deal) == 4):
        return True
    return getattr(getattr(deal, "game", None), "name", None) == "whist"


__all__ = [
    "NO_VALUE",
    "OBJECTIVES",
    "Solution",
    "Solver",
    "dd_table",
    "dd_tables",
    "solve",
    "solve_many",
]
