"""The hand-strength study solves only the table cells its features read: its rows are the same
as those of whole tables (``every_cell=True``) for every game, and the cells left unsolved are
the ones no case reads."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker.analyze.study import hand_strength, ready_deal
from tricktaker.analyze.table_cells import solve_cells, table_plays
from tricktaker.protocol.family import capability
from tricktaker.solve import NO_VALUE

# every game, with options that keep a whole table cheap (whist: a short deck)
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("allfours", {}),
    ("pitch", {}),
    ("kiksas", {}),
    ("trikiksis", {}),
    ("kirves", {"num_players": 4}),
    ("kirves", {"num_players": 7}),
    ("klaverjas", {}),
    ("klaverjas", {"preset": "rotterdam_dutch_club"}),
    ("whist", {"ranks_per_suit": 5}),
]


def test_every_game_is_checked() -> None:
    assert {name for name, _ in GAMES} == set(tt.games())


@pytest.mark.parametrize(("name", "options"), GAMES, ids=[f"{n}-{o}" for n, o in GAMES])
def test_rows_equal_those_of_whole_tables(name: str, options: dict[str, Any]) -> None:
    game = tt.load(name, **options)
    deals = 40 if name == "klaverjas" else 8
    for seed in (1, 2024):
        cells = hand_strength(game, deals, seed, threads=2).rows
        whole = hand_strength(game, deals, seed, threads=2, every_cell=True).rows
        pd.testing.assert_frame_equal(cells, whole)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**63 - 1), tie_is_nat=st.booleans(), any_team=st.booleans())
def test_klaverjas_rows_equal_on_any_seed_and_scoring(
    seed: int, tie_is_nat: bool, any_team: bool
) -> None:
    # the scoring options are part of each cell's objective: cells of different objectives
    # are solved in different batches
    game = tt.load(
        "klaverjas",
        tie_is_nat=tie_is_nat,
        pit_bonus_for="any_team" if any_team else "playing_team_only",
    )
    cells = hand_strength(game, 6, seed, threads=1, batch=3).rows
    whole = hand_strength(game, 6, seed, threads=1, every_cell=True).rows
    pd.testing.assert_frame_equal(cells, whole)


def test_klaverjas_solves_forehand_team_column_only() -> None:
    game = tt.load("klaverjas")
    features = capability(game.name, "features")
    solver = capability(game.name, "solver")
    deals: list[Any] = [ready_deal(game, seed, features) for seed in range(12)]
    plays = [table_plays(deal, solver) for deal in deals]
    assert all(rows is not None for rows in plays)
    wanted = [features.cells(deal) for deal in deals]
    tables = solve_cells(deals, plays, wanted, solver, objective="made", threads=1)  # type: ignore[arg-type]
    assert {deal.forehand % 2 for deal in deals} == {0, 1}  # both teams' columns are met
    for deal, table in zip(deals, tables, strict=True):
        team = deal.forehand % 2
        whole = np.asarray(tt.dd_table(deal, objective="made"))
        assert table[:, team].tolist() == whole[:, team].tolist()
        assert (table[:, 1 - team] == NO_VALUE).all()  # never solved


def test_a_core_table_hands_out_no_cells() -> None:
    # whist's table is one native search: the study solves whole tables there
    game = tt.load("whist", ranks_per_suit=4)
    deal = game.new_deal(seed=3)
    assert table_plays(deal, capability(game.name, "solver")) is None
    assert capability(game.name, "features").cells(deal) is None
