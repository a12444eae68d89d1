"""Hands as text: playouts, sampled deals and analysis folders show their card-mask columns as
the hand notation ``AKT.9.QJ7.-`` on request (``cards="text"``), masks by default; the text
reads back to the same cards, and ``tricktaker analyze --out`` writes text into a CSV."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pandas as pd
import pyarrow as pa
import pyarrow.parquet as pq
import pytest
from hypothesis import given
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker import _core, analyze
from tricktaker.cards import cards_from_mask, mask_from_cards
from tricktaker.cli import main
from tricktaker.games.klaverjas import DECK_MASK
from tricktaker.games.klaverjas.tables import rules_table
from tricktaker.labels import hand_text
from tricktaker.notation import format_hand, parse_hand
from tricktaker.protocol.hand_strength import hand_features

CARD_IDS = _core.mask_to_ids(_core.ALL_CARDS)  # every card, the two jokers among them


def _is_text(kind: pa.DataType) -> bool:
    return bool(pa.types.is_string(kind) or pa.types.is_large_string(kind))


def _mask(text: str) -> int:
    return mask_from_cards(parse_hand(text))


@given(st.lists(st.lists(st.sampled_from(CARD_IDS), unique=True), min_size=1, max_size=30))
def test_text_is_the_hand_notation_and_reads_back(hands: list[list[int]]) -> None:
    masks = np.array([sum(1 << c for c in hand) for hand in hands], dtype=np.uint64)
    texts = hand_text(masks)
    assert texts.tolist() == [format_hand(cards_from_mask(int(m))) for m in masks]
    assert [_mask(t) for t in texts] == [int(m) for m in masks]


def test_examples() -> None:
    masks = [_mask("AKT.9.QJ7.-"), 0, _mask("-.-.-.-.RJBJ")]
    assert hand_text(masks).tolist() == ["AKT.9.QJ7.-", "-.-.-.-", "-.-.-.-.RJBJ"]


def test_playouts_show_hands_as_text_on_request() -> None:
    results = tt.random_playouts(tt.load("klaverjas"), 30, seed=4)
    masks = results.to_pandas()
    text = results.to_pandas(cards="text")
    assert results.card_columns == ["hands_N", "hands_E", "hands_S", "hands_W"]
    assert masks["hands_N"].dtype == np.uint64  # the default is unchanged
    for seat in "NESW":
        column = text[f"hands_{seat}"]
        assert [_mask(t) for t in column] == masks[f"hands_{seat}"].tolist()
        assert all(len(parse_hand(t)) == 8 for t in column)  # eight cards each
    others = [c for c in masks.columns if not c.startswith("hands_")]
    pd.testing.assert_frame_equal(text[others], masks[others])
    schema = results.to_arrow(cards="text").schema
    assert _is_text(schema.field("hands_W").type)
    assert results.to_arrow().schema.field("hands_W").type == pa.uint64()


def test_sampled_deals_show_hands_and_locations_as_text() -> None:
    deal = tt.load("klaverjas").new_deal(seed=7, dealer="W", trump="H", declarer="N")
    for card in ("TS", "8S"):
        deal.apply(card)
    samples = tt.sample_deals(deal, "S", 12, seed=3)
    text = samples.to_pandas(cards="text")
    for p, seat in enumerate("NESW"):
        assert [_mask(t) for t in text[f"hands_{seat}"]] == samples.hands[:, p].tolist()
    assert text["seed"].dtype == np.uint64  # not a card column
    assert _is_text(samples.to_arrow(cards="text").schema.field("hands_S").type)


def test_an_unknown_format_is_refused() -> None:
    results = tt.random_playouts(tt.load("kiksas"), 3, seed=1)
    with pytest.raises(tt.Error, match="cards shows as 'mask' or 'text', got 'pbn'"):
        results.to_pandas(cards="pbn")


def test_an_analysis_folder_reads_and_writes_text(tmp_path: Path) -> None:
    result = analyze.run(
        "kiksas", "dd", deals=4, seed=2, chunk_size=2, folder=tmp_path / "dd", workers=1
    )
    masks = result.to_pandas()
    text = result.to_pandas(cards="text")
    assert masks["hands_A"].dtype == np.uint64  # the chunks keep masks
    assert [_mask(t) for t in text["hands_A"]] == masks["hands_A"].tolist()
    assert text["dd_S_A-C"].tolist() == masks["dd_S_A-C"].tolist()
    # the command line: text in a CSV, masks in Parquet, either on request
    argv = ["analyze", "kiksas", "--folder", str(tmp_path / "dd"), "--workers", "1"]
    assert main([*argv, "--out", str(tmp_path / "rows.csv")]) == 0
    csv = pd.read_csv(tmp_path / "rows.csv")
    assert csv["hands_B"].tolist() == text["hands_B"].tolist()
    assert main([*argv, "--out", str(tmp_path / "rows.parquet")]) == 0
    assert pq.read_schema(tmp_path / "rows.parquet").field("hands_B").type == pa.uint64()
    assert main([*argv, "--out", str(tmp_path / "masks.csv"), "--cards", "mask"]) == 0
    assert pd.read_csv(tmp_path / "masks.csv")["hands_B"].tolist() == [
        int(m) for m in masks["hands_B"]
    ]


def test_a_strength_row_holds_the_judged_hand(tmp_path: Path) -> None:
    """The hand a strength row judges is forehand's dealt hand (Klaverjas: the trump chooser's),
    with the features read from it, and shows as text."""
    folder = tmp_path / "strength"
    result = analyze.run("klaverjas", "strength", deals=6, seed=3, folder=folder, workers=1)
    rows = result.to_pandas().reset_index()
    text = result.to_pandas(cards="text").reset_index()
    game = tt.load("klaverjas")
    for row, shown in zip(rows.itertuples(), text["hand"], strict=True):
        deal = game.new_deal(seed=int(row.seed))
        dealt = deal.hands_dealt[deal.forehand]
        assert int(row.hand) == mask_from_cards(dealt)
        assert _mask(shown) == int(row.hand)
        assert len(parse_hand(shown)) == 8
        rules = rules_table(deal.options, "SHDC".index(str(row.trump)))
        features = hand_features(int(row.hand), rules, _core.ALL_CARDS & DECK_MASK)
        assert (row.trumps, row.high_cards, row.points) == (
            features["trumps"],
            features["high_cards"],
            features["points"],
        )
