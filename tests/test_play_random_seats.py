"""The card play of random players in one core call (``PlayState.play_random_seats``, behind
``Deal.play_cards``) plays exactly the cards the Python loop of ``legal_actions`` and ``apply``
plays, each seat drawing from its own generator; bad generators are refused, nothing played."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker import _core
from tricktaker.protocol.base import Deal

# Every game at its defaults (and the variants whose card play differs), seated as it needs.
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("klaverjas", {}),
    ("klaverjas", {"play_rules": "rotterdam"}),
    ("klaverjas", {"undertrump_when_cannot_overtrump": "compulsory"}),
    ("klaverjas", {"trump_selection": "drawn"}),
    ("kiksas", {}),
    ("trikiksis", {}),
    ("kirves", {"num_players": 4}),
    ("allfours", {}),
    ("pitch", {}),
    ("whist", {}),
    ("whist", {"ranks_per_suit": 8}),
]
CARD_RUN_VARIANTS = [
    (name, options)
    for name, options in VARIANTS
    if tt.load(name, **options).new_deal(seed=0).has_card_runs
]
SEEDS = st.integers(min_value=0, max_value=2**64 - 1)


def test_some_games_have_card_runs() -> None:
    assert len({name for name, _ in CARD_RUN_VARIANTS}) >= 2


def at_card_run(game: tt.Game, seed: int, calls: int) -> Deal | None:
    """A deal at the start of a stretch of pure card play, its calls before it chosen from
    ``calls``; None when the deal never comes to one."""
    deal = game.new_deal(seed=seed)
    pick = _core.Rng(calls)
    while not deal.is_over:
        if deal._card_run() is not None:
            return deal
        legal = deal.legal_actions()
        deal.apply(legal[pick.below(len(legal))])
    return None


def python_loop(deal: Deal, rngs: list[_core.Rng]) -> int:
    """What a random player does, an action at a time: the index ``below(n)`` among the legal
    actions of the seat to move."""
    played = 0
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        legal = deal.legal_actions()
        deal.apply(legal[rngs[seat].below(len(legal))])
        played += 1
    return played


@pytest.mark.parametrize(("name", "options"), CARD_RUN_VARIANTS)
@settings(max_examples=25, deadline=None)
@given(deal_seed=SEEDS, calls=SEEDS, seat_seeds=st.lists(SEEDS, min_size=10, max_size=10))
def test_native_stretch_is_the_python_loop(
    name: str, options: dict[str, Any], deal_seed: int, calls: int, seat_seeds: list[int]
) -> None:
    game = tt.load(name, **options)
    deal = at_card_run(game, deal_seed, calls)
    if deal is None:
        return
    seats = game.seat_count
    native, loop = deal.clone(), deal.clone()
    assert isinstance(native, Deal) and isinstance(loop, Deal)
    native_rngs = [_core.Rng(s) for s in seat_seeds[:seats]]
    loop_rngs = [_core.Rng(s) for s in seat_seeds[:seats]]

    played = native.play_cards(lambda seat: native_rngs[seat])

    assert played == python_loop(loop, loop_rngs) > 0
    assert native.is_over
    assert native.log == loop.log
    assert native.result() == loop.result()
    assert native.to_json() == loop.to_json()
    # Each generator was drawn exactly as often.
    assert [r.next() for r in native_rngs] == [r.next() for r in loop_rngs]


@pytest.mark.parametrize(("name", "options"), CARD_RUN_VARIANTS[:1] + CARD_RUN_VARIANTS[-1:])
def test_a_seat_without_a_generator_plays_nothing(name: str, options: dict[str, Any]) -> None:
    game = tt.load(name, **options)
    deal = at_card_run(game, 5, 5)
    assert deal is not None
    before = deal.to_json()
    rngs = [_core.Rng(seat) for seat in range(game.seat_count)]
    assert deal.play_cards(lambda seat: None if seat == 1 else rngs[seat]) == 0
    assert deal.to_json() == before


def started_play() -> _core.PlayState:
    deal = at_card_run(tt.load("klaverjas"), 3, 3)
    assert deal is not None and deal.state is not None  # type: ignore[attr-defined]
    state: _core.PlayState = deal.state  # type: ignore[attr-defined]
    return state


@pytest.mark.parametrize(
    ("rngs", "message"),
    [
        ([_core.Rng(1)] * 3, "one generator .* per seat \\(4\\), got 3"),
        ([_core.Rng(1)] * 5, "per seat \\(4\\), got 5"),
        ([_core.Rng(1)] * 3 + [None], "rngs\\[3\\]: the seat holds cards"),
        ([_core.Rng(1)] * 3 + [7], "rngs\\[3\\]: expected an Rng or None, got int"),
        ([_core.Rng(1), "seed", _core.Rng(1), _core.Rng(1)], "rngs\\[1\\]: .* got str"),
    ],
)
def test_bad_generators_are_refused(rngs: list[Any], message: str) -> None:
    state = started_play()
    hands = [state.hand(seat) for seat in range(4)]
    with pytest.raises(tt.Error, match=message):
        state.play_random_seats(rngs)
    assert state.cards_played == 0
    assert [state.hand(seat) for seat in range(4)] == hands


def test_not_a_sequence_is_a_type_error() -> None:
    with pytest.raises(TypeError):
        started_play().play_random_seats(7)  # type: ignore[arg-type]


def test_generators_of_any_iterable_and_a_finished_play() -> None:
    state = started_play()
    assert state.play_random_seats(_core.Rng(seat) for seat in range(4)) == 32
    assert state.is_terminal()
    # Nothing left to play: no seat holds a card, so no generator is needed.
    assert state.play_random_seats([None] * 4) == 0


@given(start=st.integers(min_value=0, max_value=32), seed=SEEDS)
@settings(max_examples=20, deadline=None)
def test_history_items_are_the_history_through_a_table(start: int, seed: int) -> None:
    state = started_play()
    state.play_random_seats([_core.Rng((seed + seat) % 2**64) for seat in range(4)])
    table = [[(seat, card) for card in range(64)] for seat in range(4)]
    assert state.history_items(start, table) == state.history()[start:]


@pytest.mark.parametrize(
    ("start", "table", "message"),
    [
        (-1, [[0] * 64] * 4, "start"),
        (1, [[0] * 64] * 4, "start"),  # nothing played yet
        (0, [[0] * 64] * 3, "one list of 64 items per seat \\(4\\), got 3"),
        (0, [[0] * 64] * 3 + [[0] * 63], "table\\[3\\]: need a list of 64 items"),
        (0, [[0] * 64] * 3 + [(0,) * 64], "table\\[3\\]: need a list of 64 items"),
    ],
)
def test_history_items_refuse_a_bad_start_or_table(
    start: int, table: list[Any], message: str
) -> None:
    with pytest.raises(tt.Error, match=message):
        started_play().history_items(start, table)


@given(seed=SEEDS, cut=st.integers(min_value=0, max_value=32))
@settings(max_examples=20, deadline=None)
def test_replay_held_is_the_loop_of_play_any_held(seed: int, cut: int) -> None:
    played = started_play()
    played.play_random_seats([_core.Rng((seed + seat) % 2**64) for seat in range(4)])
    history = played.history()[:cut]
    bulk, loop = started_play(), started_play()
    assert bulk.replay_held(history)
    for _, card in history:
        loop.play_any_held(card)
    assert bulk.history() == loop.history() == history
    assert [bulk.hand(s) for s in range(4)] == [loop.hand(s) for s in range(4)]


def test_replay_held_stops_at_a_seat_out_of_turn() -> None:
    state = started_play()
    first = state.legal_cards()[0]
    leader = state.to_move
    assert not state.replay_held([(leader, first), (leader, 0)])
    assert state.cards_played == 1  # the pair before it stays played
    with pytest.raises(tt.IllegalAction, match="not a card id"):
        state.replay_held([(state.to_move, 64)])
