"""All Fours's trick records (``deal.tricks``, the observation's ``tricks``) are made from the
play state when first read, not at every trick; the credits of the core's awards are made once
and shared by the deals that earn them.

Whenever they are read (at every action, now and then, or only at the end, on a clone taken
mid-deal), the records must be those the deal made at each completed trick before: the trick's
leader, its cards as ``[seat, card]`` lists in play order, winner and game values as the play
state gave them when the trick was completed, in every preset and example option set.
"""

from __future__ import annotations

import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktaker as tt
from deal_invariants import CASES, case_id, load
from tricktaker.cards import Card, mask_from_cards
from tricktaker.games.allfours.result import Credit
from tricktaker.games.allfours.tables import deal_rules, rules_table

GAMES: list[tuple[str, tt.Game]] = [
    (case_id(c), load(c)) for c in CASES if c[0] in ("allfours", "pitch")
] + [
    ("allfours-folding", tt.load("allfours", folding=True)),
    ("pitch-folding", tt.load("pitch", folding=True)),
]


def _completed(deal: Any) -> dict[str, Any]:
    """The record of the trick the last action completed, from the play state as it is now."""
    state = deal.state
    record = state.trick_record(-1)
    history = state.history()
    cards = history[record.first : record.first + record.size]
    return {
        "leader": record.leader,
        "cards": [[seat, tt._core.card_to_string(card)] for seat, card in cards],
        "winner": record.winner,
        "points": record.points,
    }


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[n for n, _ in GAMES])
@given(seed=st.integers(0, 2**32 - 1), read=st.sampled_from(["always", "sometimes", "end"]))
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_the_trick_records_are_those_of_each_trick(
    name: str, game: tt.Game, seed: int, read: str
) -> None:
    deal = game.new_deal(seed=seed)
    rng = random.Random(seed)
    reads = random.Random(seed + 1)  # when to read, apart from the play's draws
    expected: list[dict[str, Any]] = []
    clone: Any = None
    while not deal.is_over:
        event = deal.apply(rng.choice(deal.legal_actions()))
        if event.phase == "play" and "trick" in event.detail:
            expected.append(_completed(deal))
            assert event.detail["trick"] == len(expected)
            assert event.detail["trick_winner"] == expected[-1]["winner"]
        if read == "always" or (read == "sometimes" and reads.random() < 0.3):
            assert deal.tricks == expected
            assert deal.observation(0)["tricks"] == expected
        if clone is None and len(expected) == 2:
            clone = (deal.clone(), len(expected), rng.getstate())
    assert deal.tricks == expected
    if clone is not None:  # a clone plays on to the same records
        copy, done, state = clone
        rng.setstate(state)
        assert copy.tricks == expected[:done]
        while not copy.is_over:
            copy.apply(rng.choice(copy.legal_actions()))
        assert copy.tricks == expected


def test_the_credits_of_awards_are_whole_and_shared() -> None:
    """Two deals that earn an award share its credit, which equals the one its own
    ``__init__`` makes."""
    seen: dict[tuple[str, int, int, Any], Credit] = {}
    shared = 0
    for seed in range(40):
        deal = tt.load("allfours").new_deal(seed=seed)
        rng = random.Random(seed)
        while not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        result = deal.result()
        assert result is not None
        for item in result.items:
            assert item == Credit(item.kind, item.side, item.points, item.card)
            key = (item.kind, item.side, item.points, item.card)
            if key in seen:
                assert seen[key] is item
                shared += 1
            seen[key] = item
    assert shared > 0


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[n for n, _ in GAMES])
def test_the_deals_rules_table_is_the_options_own(name: str, game: tt.Game) -> None:
    """The table kept per options object and trump is the one rules_table makes, and a
    deal's play state is made with it."""
    options: Any = game.options
    for trump in range(4):
        kept = deal_rules(options, trump)
        assert deal_rules(options, trump) is kept
        made = rules_table(options, trump)
        assert (kept.trump, kept.trump_cards, kept.deck) == (
            made.trump,
            made.trump_cards,
            made.deck,
        )
        assert kept.last_trick_bonus == made.last_trick_bonus


def test_each_options_object_keeps_its_own_rules_table() -> None:
    plain, jick = tt.load("allfours").options, tt.load("allfours", jick=True).options
    assert deal_rules(plain, 1).trump_cards != deal_rules(jick, 1).trump_cards
    assert deal_rules(jick, 1).trump_cards == rules_table(jick, 1).trump_cards


def test_a_mask_of_cards_reads_cards_and_texts() -> None:
    hand = [Card.parse("JH"), "AS", Card.parse("RJ"), "10d"]
    assert mask_from_cards(hand) == sum(Card.parse(c).mask for c in hand)
    with pytest.raises(tt.Error):
        mask_from_cards([Card.parse("JH"), 5])
