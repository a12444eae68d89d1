"""Analysis on request: solve a position, the double-dummy table of a deal, deals sampled from
what a seat knows. Each request is bounded in size by its message (a position of at most 2000
characters, at most 200 samples) and in time by the caller, which runs it in a worker thread
with a time limit (``tricktaker.server.app``, ``tricktaker.server.stdio``).

Sampling reads a table, so it is asked about a copy made on the caller's thread; the answer
holds only deals consistent with what the seat already knows (its token proves the seat).
"""

from __future__ import annotations

from typing import Any

from tricktaker.cards import cards_from_mask
from tricktaker.errors import Error
from tricktaker.protocol.base import Game, StateMachine
from tricktaker.registry import load
from tricktaker.sampling import sample_deals
from tricktaker.server.errors import ProtocolError
from tricktaker.server.messages import DdTable, Solve
from tricktaker.solve import NO_VALUE, dd_table, solve

__all__ = ["run_dd_table", "run_sample", "run_solve"]

_STRAINS = ("S", "H", "D", "C", "NT")


def _game(name: str, preset: str | None, options: dict[str, Any]) -> Game:
    try:
        return load(name, preset=preset, **options)
    except (Error, ValueError, TypeError) as exc:
        raise ProtocolError("bad_options", str(exc)) from None


def _position(game: Game, text: str) -> Any:
    parse = getattr(game, "parse_position", None)
    if parse is None:
        raise ProtocolError("unsupported", f"{game.name} has no position text")
    try:
        return parse(text)
    except (Error, ValueError) as exc:
        raise ProtocolError("bad_message", f"position: {exc}") from None


def run_solve(request: Solve) -> dict[str, Any]:
    """The value of the position and of each legal card."""
    game = _game(request.game, request.preset, dict(request.options))
    position = _position(game, request.position)
    try:
        found = solve(position, objective=request.objective, side=request.side)
    except NotImplementedError as exc:
        raise ProtocolError("unsupported", str(exc)) from None
    except (Error, ValueError) as exc:
        raise ProtocolError("bad_message", str(exc)) from None
    return {
        "type": "solution",
        "v": 1,
        "value": found.value,
        "side": found.side,
        "objective": found.objective,
        "cards": dict(found.cards),
        "nodes": found.nodes,
    }


def run_dd_table(request: DdTable) -> dict[str, Any]:
    """The double-dummy table of a position, or of the deal shuffled from a seed."""
    game = _game(request.game, request.preset, dict(request.options))
    if request.position is not None:
        deal: Any = _position(game, request.position)
    else:
        deal = game.new_deal(seed=request.seed)
    try:
        table = dd_table(deal, objective=request.objective)
    except NotImplementedError as exc:
        raise ProtocolError("unsupported", str(exc)) from None
    except (Error, ValueError) as exc:
        raise ProtocolError("bad_message", str(exc)) from None
    rows = [[None if v == NO_VALUE else int(v) for v in row] for row in table.tolist()]
    return {
        "type": "dd_table_result",
        "v": 1,
        "strains": list(_STRAINS[: len(rows)]),
        "table": rows,
    }


def run_sample(machine: StateMachine, seat: int, n: int, seed: int | None) -> dict[str, Any]:
    """``n`` deals consistent with what ``seat`` knows of ``machine`` (a copy: this may run
    on another thread than the table's)."""
    try:
        samples = sample_deals(machine, seat, n, seed=seed)
    except NotImplementedError as exc:
        raise ProtocolError("unsupported", str(exc)) from None
    except (Error, ValueError) as exc:
        raise ProtocolError("bad_message", str(exc)) from None
    hands = [
        [[str(card) for card in cards_from_mask(int(mask))] for mask in row]
        for row in samples.hands.tolist()
    ]
    return {"type": "samples", "v": 1, "seat": seat, "hands": hands, "count": samples.count}
