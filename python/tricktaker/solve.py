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
  defenders, the playing team goes nat), else 0.

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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker import _core
from tricktaker.cards import Card

OBJECTIVES = ("tricks", "points", "margin", "made")
_KINDS = {
    "tricks": _core.ObjectiveKind.TRICKS,
    "points": _core.ObjectiveKind.POINTS,
    "margin": _core.ObjectiveKind.MARGIN,
    "made": _core.ObjectiveKind.KLAVERJAS_MADE,
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

    @property
    def best(self) -> list[Card]:
        """The legal cards that reach the value."""
        return [Card.parse(c) for c, v in self.cards.items() if v == self.value]

    def table(self) -> str:
        """A text table: the value, then each card with its value (best first)."""
        lines = [f"value {self.value} ({self.objective}, side {self.side})"]
        for card, v in sorted(self.cards.items(), key=lambda kv: -kv[1]):
            lines.append(f"  {card:>3} {v:>4}" + ("  *" if v == self.value else ""))
        return "\n".join(lines)


def _side(side: int | str | None) -> int:
    if side is None:
        return -1
    if isinstance(side, str):
        key = side.strip().upper()
        if key in ("NS", "N-S"):
            return 0
        if key in ("EW", "E-W"):
            return 1
        raise ValueError(f"not a side: {side!r}; sides are NS and EW (or 0 and 1)")
    if isinstance(side, bool) or not isinstance(side, int) or side < 0:
        raise ValueError(f"not a side: {side!r}; sides are NS and EW (or 0 and 1)")
    return side


def _has_points(state: _core.PlayState) -> bool:
    rules = state.rules
    if rules.last_trick_bonus or rules.trick_bonus != _core.TrickBonus.NONE:
        return True
    return any(rules.points(c) for c in _core.mask_to_ids(rules.deck))


def _prepare(
    position: Position, objective: str | None, side: int | str | None
) -> tuple[_core.PlayState, _core.Objective, str]:
    """The play state and the core objective for a position of any game."""
    klaverjas: dict[str, Any] | None = None
    if isinstance(position, _core.PlayState):
        state = position
    elif hasattr(position, "play_state"):
        state = position.play_state()
        game = getattr(position, "game", None)
        if getattr(game, "name", None) == "klaverjas":
            options = position.options
            klaverjas = {
                "playing_team": position.declarer % 2,
                "pit_for_any_team": options.pit_bonus_for == "any_team",
                "tie_is_nat": options.tie_is_nat,
            }
    else:
        raise TypeError(
            f"cannot solve a {type(position).__name__}: give a deal (with play_state()) "
            "or a PlayState"
        )
    if objective is None:
        objective = "points" if _has_points(state) else "tricks"
    if objective not in _KINDS:
        raise ValueError(f"unknown objective {objective!r}; objectives: {', '.join(OBJECTIVES)}")
    if objective == "made" and klaverjas is None:
        raise ValueError("objective 'made' needs a Klaverjas deal")
    kwargs: dict[str, Any] = {"kind": _KINDS[objective], "side": _side(side)}
    if klaverjas is not None:
        kwargs.update(klaverjas, scoring=_core.Scoring.KLAVERJAS)
    return state, _core.Objective(**kwargs), objective


class Solver:
    """A reusable double-dummy solver with its own transposition table (``memory_mb``).

    Keep one per thread; its table stays warm between calls on positions of the same game,
    rules and objective (for example many sampled deals of one trick-taking situation).
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
        state, obj, name = _prepare(position, objective or self.objective, side)
        res = self._core.solve(state, obj)
        cards = {_core.card_to_string(c): v for c, v in res.cards}
        return Solution(res.value, res.side, name, cards, res.nodes)

    def value(
        self, position: Position, *, objective: str | None = None, side: int | str | None = None
    ) -> int:
        """Only the value (cheaper than ``solve``)."""
        state, obj, _ = _prepare(position, objective or self.objective, side)
        return int(self._core.value(state, obj))

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


def solve_many(
    positions: Sequence[Position],
    *,
    objective: str | None = None,
    side: int | str | None = None,
    threads: int = 0,
    memory_mb: int = DEFAULT_MEMORY_MB,
) -> npt.NDArray[np.int32]:
    """Values of many positions of one game and objective, on ``threads`` threads (0 = all
    cores), as a numpy array."""
    prepared = [_prepare(p, objective, side) for p in positions]
    if not prepared:
        return np.zeros(0, dtype=np.int32)
    objs = {(o.kind, o.side, o.scoring, o.playing_team) for _, o, _ in prepared}
    if len(objs) > 1:
        raise ValueError("solve_many needs positions with one objective (same game and team)")
    states = [s for s, _, _ in prepared]
    values = _core.solve_many(states, prepared[0][1], threads=threads, memory_mb=memory_mb)
    return np.asarray(values, dtype=np.int32)


def _whist_hands(deal: Any) -> tuple[list[int], int]:
    """Hands N, E, S, W and ranks per suit of a whist deal, PBN text or list of hands."""
    if isinstance(deal, str):
        hands = list(_core.parse_pbn(deal))
        return hands, int(_core.ranks_needed(hands))
    if hasattr(deal, "hands_dealt") and getattr(getattr(deal, "game", None), "name", "") == "whist":
        state = deal.state
        hands = [int(state.hand(p)) for p in range(4)]
        if state.trick_len:
            raise ValueError("a double-dummy table needs a trick boundary; this deal is mid-trick")
        return hands, int(deal.game.options.ranks_per_suit)
    if isinstance(deal, Sequence) and len(deal) == 4:
        hands = [
            int(h) if isinstance(h, int) else sum(Card.parse(c).mask for c in h.split())
            for h in deal
        ]
        return hands, int(_core.ranks_needed(hands))
    raise TypeError("dd_table takes a whist deal, a PBN string or four hands")


def _klaverjas_table(deal: Any, objective: str, memory_mb: int) -> npt.NDArray[np.int32]:
    options = deal.options
    hands = [sum(c.mask for c in h) for h in deal.hands_dealt]
    solver = _core.Solver(memory_mb=memory_mb)
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


def dd_table(deal: Any, *, objective: str = "points", memory_mb: int = 8) -> npt.NDArray[np.int32]:
    """The double-dummy table of a deal, as it was dealt.

    Whist (a deal, a PBN string or four hands): ``[strain][declarer]`` tricks for the
    declarer's side with the declarer's left-hand opponent on lead; strains S, H, D, C, NT and
    declarers N, E, S, W.

    Klaverjas: ``[trump][playing team]`` with forehand on lead, trumps S, H, D, C and playing
    teams N-S, E-W: the playing team's points (card points, roem and pit) with
    ``objective="points"``, or 1 if it makes the deal with ``objective="made"``.
    """
    if getattr(getattr(deal, "game", None), "name", None) == "klaverjas":
        if objective not in ("points", "made", "margin"):
            raise ValueError("a Klaverjas table's objective is points, margin or made")
        return _klaverjas_table(deal, objective, memory_mb)
    hands, ranks = _whist_hands(deal)
    solver = _core.Solver(memory_mb=memory_mb)
    return np.asarray(_core.whist_dd_table(hands, ranks, solver), dtype=np.int32)


def dd_tables(
    deals: Sequence[Any], *, threads: int = 0, memory_mb: int = DEFAULT_MEMORY_MB
) -> npt.NDArray[np.int32]:
    """Tables of many whist deals of one deck size at once, on ``threads`` threads:
    an array of shape (deals, 5, 4)."""
    parsed = [_whist_hands(d) for d in deals]
    if not parsed:
        return np.zeros((0, 5, 4), dtype=np.int32)
    ranks = max(r for _, r in parsed)
    tables = _core.whist_dd_tables(
        [h for h, _ in parsed], ranks, threads=threads, memory_mb=memory_mb
    )
    return np.asarray(tables, dtype=np.int32)


__all__ = [
    "OBJECTIVES",
    "Solution",
    "Solver",
    "dd_table",
    "dd_tables",
    "solve",
    "solve_many",
]
