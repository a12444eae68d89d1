"""Labelled results: playouts, simulations, double-dummy tables and solver batches become pandas
and Arrow tables with columns named by the game's seats, sides, suits and options."""

from __future__ import annotations

import pickle

import numpy as np
import pandas as pd
import pyarrow as pa
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker.labels import axis_labels, game_labels
from tricktaker.results import LabelledArray, axes_of
from tricktaker.solve import NO_VALUE


def test_a_dataframe_of_playouts_is_the_natural_thing() -> None:
    """The issue's example: pd.DataFrame(tt.random_playouts(...)) failed on 2-D columns."""
    r = tt.random_playouts(tt.load("klaverjas"), 50, seed=1)
    df = pd.DataFrame(r)
    assert df.shape[0] == 50
    assert {"hands_N", "hands_E", "hands_S", "hands_W", "score_NS", "score_EW"} <= set(df)
    assert (df["card_points_NS"] + df["card_points_EW"] == 162).all()
    # the grouped arrays are still there under their own names
    assert r["hands"].shape == (50, 4) and "hands" in r and "hands_N" in r
    assert (r["hands"][:, 0] == df["hands_N"]).all()


def test_playouts_to_pandas_names_suits_seats_and_options() -> None:
    game = tt.load("klaverjas", play_rules="rotterdam")
    r = tt.random_playouts(game, 200, seed=2)
    df = r.to_pandas()
    assert df.index.name == "deal"
    assert list(df["trump"].cat.categories[:4]) == ["S", "H", "D", "C"]
    assert set(df["trump"].astype(str)) <= {"S", "H", "D", "C"}
    assert (df["trump"].cat.codes == r["trump"]).all()
    assert set(df["declarer"].astype(str)) <= {"N", "E", "S", "W"}
    assert (df["option_play_rules"] == "rotterdam").all()
    assert (df["game"] == "klaverjas").all()
    table = r.to_arrow()
    assert table.num_rows == 200 and table.schema.metadata[b"seed"] == b"2"
    assert pa.types.is_dictionary(table.schema.field("trump").type)


def test_an_unknown_playout_column_is_named_with_the_known_ones() -> None:
    r = tt.random_playouts(tt.load("klaverjas"), 3, seed=1)
    with pytest.raises(KeyError, match="no column 'nope'.*score"):
        r["nope"]


@pytest.mark.parametrize(
    ("name", "options", "expected"),
    [
        ("kiksas", {}, {"points_A-C", "points_B-D", "player_points_D", "hands_A"}),
        ("kirves", {"num_players": 5}, {"marks_E", "tricks_A", "hands_E"}),
        ("pitch", {}, {"points_A", "score_B", "hands_S3"}),
        # Trikiksis sides are roles (the writer, the other two): numbered, not misnamed
        ("trikiksis", {}, {"points_side0", "points_side1", "hands_C"}),
    ],
)
def test_every_game_labels_its_own_axes(name: str, options: dict, expected: set[str]) -> None:
    r = tt.random_playouts(tt.load(name, **options), 5, seed=3)
    assert expected <= set(r)
    assert not any(c.endswith(("_0", "_1")) for c in r if c.startswith(("hands", "points")))


def test_axis_labels_read_the_column_documentation() -> None:
    labels = game_labels(tt.load("klaverjas"))
    assert axis_labels("x", 4, "marks per seat", labels) == ("N", "E", "S", "W")
    assert axis_labels("x", 6, "marks per seat (padded)", labels) == ("N", "E", "S", "W", "4", "5")
    assert axis_labels("x", 2, "roem credited to each team", labels) == ("NS", "EW")
    assert axis_labels("x", 3, "per kind: high, low, game", labels) == ("high", "low", "game")
    # "the side credited with each item": an axis of items, numbered
    assert axis_labels("x", 3, "the side credited with each item", labels) == ("0", "1", "2")


def test_simulation_results_to_pandas_and_arrow() -> None:
    results = tt.simulate(tt.load("klaverjas"), deals=30, bots="random", seed=5)
    df = results.to_pandas()
    assert len(df) == 30 and (df["seed"].to_numpy() == results["seed"]).all()
    assert (df["score_NS"].to_numpy() == results["score"][:, 0]).all()
    assert set(df["declarer"].astype(str)) <= {"N", "E", "S", "W"}
    assert df.attrs["seed"] == 5 and df.attrs["bots"] == ["random"]
    assert (
        results.to_arrow(options=False).num_columns
        == len(df.columns) - sum(c.startswith("option_") for c in df.columns) + 1
    )  # the deal number becomes a column


def test_dd_table_names_trumps_and_sides() -> None:
    deal = tt.load("klaverjas").new_deal(seed=3)
    table = tt.dd_table(deal)
    assert isinstance(table, np.ndarray) and table.dims == ("trump", "side")
    assert table.coords == (("S", "H", "D", "C"), ("NS", "EW"))
    df = table.to_pandas()
    assert list(df.columns) == ["trump", "side", "value"]
    cell = df[(df["trump"] == "H") & (df["side"] == "EW")]["value"].item()
    assert cell == table[1, 1]
    # plain numpy use is unchanged; a derived array of another shape keeps no labels
    assert table.tolist() == np.asarray(table).tolist()
    assert axes_of(table[1])[0] == ("dim_0",)
    again = pickle.loads(pickle.dumps(table))
    assert again.coords == table.coords and (again == table).all()


def test_dd_tables_of_whist_name_declarers_by_seat() -> None:
    tables = tt.dd_tables(["N:AK... QJ... T9... 87...", "N:87... T9... QJ... AK..."])
    assert tables.dims == ("deal", "trump", "seat")
    df = tables.to_pandas()
    nt = df[(df["trump"] == "NT") & (df["deal"] == 0)]
    assert nt.set_index("seat")["value"].to_dict() == {"N": 2, "E": 0, "S": 2, "W": 0}


def test_solve_many_values_and_cards_are_labelled() -> None:
    deal = tt.load("klaverjas").new_deal(seed=3, dealer="W", trump="H", declarer="N")
    values, cards = tt.solve_many([deal, deal.clone()], cards=True)
    assert values.to_pandas()["value"].tolist() == values.tolist()
    legal = cards.to_pandas(dropna=True)
    assert set(legal["card"].astype(str)) == {str(a) for a in deal.legal_actions()}
    assert (legal.groupby("position", observed=True)["value"].max() == values).all()
    assert NO_VALUE not in legal["value"].tolist()


@settings(max_examples=20, deadline=None)
@given(st.lists(st.lists(st.integers(-5, 5), min_size=3, max_size=3), min_size=1, max_size=4))
def test_a_labelled_array_round_trips_through_pandas(rows: list[list[int]]) -> None:
    array = np.array(rows, dtype=np.int32)
    labelled = LabelledArray(array, ("deal", "side"), (range(len(rows)), ("A", "B", "C")))
    df = labelled.to_pandas()
    back = df.pivot(index="deal", columns="side", values="value").to_numpy()
    assert (back == array).all()


def test_cli_prints_the_dd_table_headed_by_names(capsys: pytest.CaptureFixture[str]) -> None:
    from tricktaker.cli import main

    deal = tt.load("klaverjas").new_deal(seed=4, dealer="W", trump="H", declarer="N")
    assert main(["solve", "klaverjas", deal.position(), "--dd-table"]) == 0
    assert "trump     NS    EW" in capsys.readouterr().out.splitlines()
