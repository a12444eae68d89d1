"""The solver's preparation keeps what a deal's objective context makes of an objective and a
side (``DealObjective.prepared``): a call that finds it there gets the core objective and the
objective's name that a fresh context gives, for every game, objective and side, and a request
that fails fails alike every time. Calls without limits skip the core's keywords and give the
values of calls with limits that are never reached."""

from __future__ import annotations

import dataclasses
import importlib
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt

solve_module = importlib.import_module("tricktaker.solve")

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("klaverjas", {}),
    ("kirves", {"num_players": 4}),
    ("kiksas", {}),
    ("allfours", {}),
    ("whist", {"ranks_per_suit": 8}),
]
OBJECTIVES = [None, "tricks", "points", "margin", "race", "akis", "win", "made", "no such"]
SIDES: list[int | str | None] = [None, 0, 1, 2, "NS", "EW", "N", "1", -1]


def deal_in_play(name: str, options: dict[str, Any], seed: int) -> Any:
    """A deal of the game at a random point of its card play (None if it ended before)."""
    rng = random.Random(seed)
    deal: Any = tt.load(name, **options).new_deal(seed=seed)
    while deal.phase != "play" and not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    for _ in range(rng.randrange(8)):
        if deal.is_over or deal.phase != "play":
            break
        deal.apply(rng.choice(deal.legal_actions()))
    return None if deal.is_over or deal.phase != "play" else deal


def prepared(deal: Any, objective: str | None, side: int | str | None, fresh: bool) -> Any:
    """What _prepare gives (the objective's fields and name), or the exception it raises; with
    ``fresh``, from a copy of the deal's context that holds nothing made yet."""
    context = None
    if fresh:
        tables = solve_module._solver_tables(deal)
        context = dataclasses.replace(tables.objective(deal, deal.play_state()))
        assert not context.prepared
    try:
        _, core, name = solve_module._prepare(deal, objective, side, context=context)
    except Exception as exc:  # noqa: BLE001 - compared with the fresh context's
        return (type(exc), str(exc))
    return (solve_module._objective_key(core), name)


ASKS = [(objective, side) for objective in OBJECTIVES for side in SIDES]


@settings(max_examples=40, deadline=None)
@given(
    game=st.sampled_from(GAMES),
    seed=st.integers(0, 10_000),
    asks=st.lists(st.sampled_from(ASKS), min_size=1, max_size=40),
)
def test_a_kept_objective_is_the_one_a_fresh_context_makes(
    game: tuple[str, dict[str, Any]], seed: int, asks: list[tuple[str | None, int | str | None]]
) -> None:
    deal = deal_in_play(*game, seed)
    if deal is None:
        return
    for objective, side in asks:
        assert prepared(deal, objective, side, fresh=False) == prepared(
            deal, objective, side, fresh=True
        )


@pytest.mark.parametrize("game", GAMES, ids=[g[0] for g in GAMES])
def test_every_request_in_turn_twice(game: tuple[str, dict[str, Any]]) -> None:
    for seed in range(2):
        deal = deal_in_play(*game, seed)
        if deal is None:
            continue
        for objective, side in ASKS * 2:  # each request met again, after all the others
            assert prepared(deal, objective, side, fresh=False) == prepared(
                deal, objective, side, fresh=True
            )


def test_klaverjas_deals_of_one_team_share_their_context() -> None:
    """The context a family hands out once per set of options is where the objective is
    kept: a second call makes nothing anew."""
    deal = deal_in_play("klaverjas", {}, 4)
    assert deal is not None
    tables = solve_module._solver_tables(deal)
    context = tables.objective(deal, deal.play_state())
    assert tables.objective(deal, deal.play_state()) is context
    solve_module._prepare(deal, "made", 1)
    core, name = context.prepared[("made", 1)]
    assert name == "made"
    assert solve_module._prepare(deal, "made", 1)[1] is core


@pytest.mark.parametrize("game", GAMES, ids=[g[0] for g in GAMES])
def test_calls_without_limits_give_the_values_of_calls_with_limits(
    game: tuple[str, dict[str, Any]],
) -> None:
    for seed in range(3):
        deal = deal_in_play(*game, seed)
        if deal is None:
            continue
        free, bounded = tt.Solver(memory_mb=1), tt.Solver(memory_mb=1)
        limits = {"max_nodes": 10**9, "time_limit": 600.0}
        assert free.value(deal) == bounded.value(deal, **limits)
        assert free.solve(deal) == bounded.solve(deal, **limits)
        target = free.value(deal)
        assert free.reaches(deal, target) == bounded.reaches(deal, target, **limits)
        assert free.reaches(deal, target + 1) == bounded.reaches(deal, target + 1, **limits)
