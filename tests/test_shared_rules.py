"""Play states share one copy of each rules table: what a state's ``rules`` returns is the
caller's own copy, so changing it changes no state, and a changed table plays by its own
entries."""

from __future__ import annotations

import random

from hypothesis import given, settings
from hypothesis import strategies as st

from tricktaker import _core

PIQUET = [s * 16 + r for s in range(4) for r in range(5, 13)]


def deal(seed: int) -> list[int]:
    cards = list(PIQUET)
    random.Random(seed).shuffle(cards)
    return [sum(1 << c for c in cards[i * 8 : (i + 1) * 8]) for i in range(4)]


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 3), st.integers(0, 10**6), st.sampled_from(PIQUET), st.integers(0, 99))
def test_a_states_rules_are_a_copy(trump: int, seed: int, card: int, points: int) -> None:
    rules = _core.klaverjas_rules(trump, rotterdam=False)
    state = _core.PlayState(rules, deal(seed), [0, 1, 0, 1], 0)
    other = _core.PlayState(rules, deal(seed + 1), [0, 1, 0, 1], 0)
    original = rules.points(card)
    copy = state.rules
    copy.set_card(card, copy.effective_suit(card), copy.strength(card), points)
    copy.finalize(trump)
    assert state.rules.points(card) == original
    assert other.rules.points(card) == original
    # A state made from the changed table plays by it; the first two are unchanged.
    changed = _core.PlayState(copy, deal(seed), [0, 1, 0, 1], 0)
    assert changed.rules.points(card) == points
    assert state.rules.points(card) == original


@settings(max_examples=10, deadline=None)
@given(st.integers(0, 3), st.integers(0, 10**6))
def test_states_of_equal_tables_play_alike(trump: int, seed: int) -> None:
    """Two tables built apart, equal in every entry, give the same play and the same points."""
    hands = deal(seed)
    states = [
        _core.PlayState(_core.klaverjas_rules(trump, rotterdam=True), hands, [0, 1, 0, 1], 0)
        for _ in range(2)
    ]
    rng = random.Random(seed)
    while not states[0].is_terminal():
        legal = [list(s.legal_cards()) for s in states]
        assert legal[0] == legal[1]
        card = rng.choice(legal[0])
        for s in states:
            s.play(card)
    assert [s.side_points(0) for s in states] == [states[0].side_points(0)] * 2
