"""A family's rows of random-bot deals made without deal objects (``SummaryAdapter.random_rows``)
equal the rows of the deals ``play_deal`` plays with the same seeds, over the options that change
the dealing, the trump selection, the play and the scoring."""

from __future__ import annotations

import json
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker.bots import RandomBot
from tricktaker.sim import simulate, summary_adapter
from tricktaker.tournament import PART_SIZE, RANDOM_PART_SIZE, simulate_in_parts

KLAVERJAS_OPTIONS = st.fixed_dictionaries(
    {
        "play_rules": st.sampled_from(["amsterdam", "rotterdam"]),
        "undertrump_when_cannot_overtrump": st.sampled_from(
            ["forbidden_if_alternative", "compulsory"]
        ),
        "trump_selection": st.sampled_from(["free", "utrecht", "drawn"]),
        "drawn_forced_choice": st.sampled_from(["any_suit", "other_suit"]),
        "deal_packets": st.sampled_from(["3-2-3", "4-4"]),
        "first_dealer": st.sampled_from(["random", "N", "E", "S", "W"]),
        "pit_bonus_for": st.sampled_from(["any_team", "playing_team_only"]),
        "tie_is_nat": st.booleans(),
    }
)


def played_through_deals(game: tt.Game, deals: int, seed: int, first: int = 0) -> Any:
    """The same run with every deal played by ``play_deal``: RandomBot objects take the
    simulation's bot seeds before every deal as named random bots do, but only named bots
    may be played without deals."""
    bots = [RandomBot() for _ in range(game.seat_count)]
    return simulate(game, deals=deals, bots=bots, seed=seed, first=first)


def assert_same_rows(fast: Any, slow: Any) -> None:
    assert fast.columns == slow.columns
    for name in fast.columns:
        assert fast[name].dtype == slow[name].dtype, name
        np.testing.assert_array_equal(fast[name], slow[name], err_msg=name)


@settings(max_examples=25, deadline=None)
@given(
    options=KLAVERJAS_OPTIONS,
    seed=st.integers(min_value=0, max_value=2**64 - 1),
    first=st.integers(min_value=0, max_value=10**6),
)
def test_klaverjas_random_rows_are_the_played_deals(
    options: dict[str, Any], seed: int, first: int
) -> None:
    game = tt.load("klaverjas", **options)
    fast = simulate(game, deals=30, bots="random", seed=seed, first=first)
    assert_same_rows(fast, played_through_deals(game, 30, seed, first))


def test_every_trump_selection_path_is_taken() -> None:
    """Passes, the forced choice after four passes, an accepted drawn suit: the runs above
    meet each, as a run of the default options shows."""
    results = simulate(tt.load("klaverjas"), deals=400, bots="random", seed=3)
    slow = played_through_deals(tt.load("klaverjas"), 400, 3)
    assert_same_rows(results, slow)
    assert set(results["declarer"].tolist()) == {0, 1, 2, 3}


@pytest.mark.parametrize("bots", [["random", "Random ", "random", "random"], "RANDOM"])
def test_random_bots_by_any_spelling_take_the_direct_rows(bots: Any) -> None:
    game = tt.load("klaverjas")
    assert_same_rows(simulate(game, deals=20, bots=bots, seed=9), played_through_deals(game, 20, 9))


def test_manual_roem_claims_play_every_deal() -> None:
    game = tt.load("klaverjas", roem_claim="manual")
    adapter = summary_adapter("klaverjas")
    assert adapter.random_rows is not None
    assert adapter.random_rows(game, [1, 2], lambda seat: [seat, seat]) is None
    assert_same_rows(
        simulate(game, deals=20, bots="random", seed=5), played_through_deals(game, 20, 5)
    )


def test_a_run_with_other_bots_plays_deals() -> None:
    game = tt.load("klaverjas")
    mixed = simulate(game, deals=10, bots=["random", "rule", "random", "rule"], seed=2)
    assert mixed.deals == 10
    assert ((mixed["card_points"].sum(axis=1)) == 162).all()


def test_progress_is_reported_for_every_direct_row() -> None:
    seen: list[tuple[int, int]] = []
    simulate(tt.load("klaverjas"), deals=5, seed=1, progress=lambda d, t: seen.append((d, t)))
    assert seen == [(i, 5) for i in range(1, 6)]


def test_a_random_run_in_parts_takes_larger_parts(tmp_path: Any) -> None:
    """Random bots' parts are RANDOM_PART_SIZE deals (a journal entry each), other bots'
    PART_SIZE; the rows are the one run's either way."""
    game = tt.load("klaverjas")
    for bots, deals, size in (
        ("random", RANDOM_PART_SIZE + 7, RANDOM_PART_SIZE),
        ("rule", 30, PART_SIZE),
    ):
        journal = tmp_path / f"{bots}.jsonl"
        parts = simulate_in_parts(game, deals, bots, 4, journal=journal)
        lines = journal.read_text().splitlines()
        assert json.loads(lines[0])["part_size"] == size
        assert len(lines) == 1 + -(-deals // size)
        assert_same_rows(parts, simulate(game, deals, bots, 4))
