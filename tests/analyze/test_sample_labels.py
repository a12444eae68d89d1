"""Sampled deals labelled like every other result: one row per sample, seats by the game's
names, the other locations by theirs, the seed, the game and its options as columns."""

from __future__ import annotations

import random

import numpy as np
import pyarrow as pa
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt


def _klaverjas_samples(seed: int, n: int) -> tuple[tt.Deal, tt.sampling.DealSamples]:
    deal = tt.load("klaverjas").new_deal(seed=7, dealer="W", trump="H", declarer="N")
    for card in ("TS", "8S", "7S", "AS"):
        deal.apply(card)
    return deal, tt.sample_deals(deal, "S", n, seed=seed)


@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**64 - 1), n=st.integers(1, 40))
def test_klaverjas_samples_to_pandas(seed: int, n: int) -> None:
    deal, samples = _klaverjas_samples(seed, n)
    df = samples.to_pandas()
    assert df.index.name == "sample" and df.index.tolist() == list(range(n))
    assert [c for c in df.columns if c.startswith(("hands_", "cards_"))] == [
        "hands_N",
        "hands_E",
        "hands_S",
        "hands_W",
    ]
    for p, seat in enumerate("NESW"):
        assert (df[f"hands_{seat}"].to_numpy() == samples.hands[:, p]).all()
    # S's own hand is what S holds; the others' are disjoint and fill the rest
    assert (df["hands_S"] == deal.play_state().hand(2)).all()
    union = np.bitwise_or.reduce(
        df[["hands_N", "hands_E", "hands_S", "hands_W"]].to_numpy(), axis=1
    )
    assert len(set(union.tolist())) == 1
    assert (df["seed"] == seed).all() and df["seed"].dtype == np.uint64
    assert set(df["game"]) == {"klaverjas"} and set(df["option_play_rules"]) == {"amsterdam"}
    assert df.attrs["count"] == samples.count and df.attrs["acceptance"] == samples.acceptance


def test_a_stock_is_a_column_and_arrow_keeps_the_sample_number() -> None:
    deal = tt.load("kirves", num_players=4).new_deal(seed=3)
    chooser = random.Random(1)
    while True:  # random calls until there is a hand to sample
        try:
            samples = tt.sample_deals(deal, 0, 6, seed=2)
            break
        except tt.Error:
            deal.apply(chooser.choice(deal.legal_actions()))
    df = samples.to_pandas(options=False)
    assert [c for c in df.columns if c.startswith(("hands_", "cards_"))] == [
        "hands_A",
        "hands_B",
        "hands_C",
        "hands_D",
        "cards_stock",
    ]
    assert (df["cards_stock"].to_numpy() == samples.location("stock")).all()
    assert not any(c.startswith("option_") for c in df.columns)
    table = samples.to_arrow()
    assert table.column_names[0] == "sample" and table.num_rows == 6
    assert table.schema.field("hands_A").type == pa.uint64()
    assert table.schema.metadata[b"seed"] == b"2"
