"""Random-playout harness over every Klaverjas option combination (issue: must show).

At every step: cards are conserved, every legal action applies and every other card is rejected
with the deal unchanged, observations never hold another seat's hidden cards; at the end the
two scores add to 162 plus all roem plus the pit bonus; clone and JSON round trips are exact.
"""

from __future__ import annotations

import itertools
import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from conftest import all_strings
from tricktaker.cards import cards_from_mask
from tricktaker.games.klaverjas import DECK, DECK_MASK, KlaverjasDeal

OPTION_VALUES: dict[str, list[Any]] = {
    "play_rules": ["amsterdam", "rotterdam"],
    "undertrump_when_cannot_overtrump": ["forbidden_if_alternative", "compulsory"],
    "trump_selection": ["free", "utrecht", "drawn"],
    "drawn_forced_choice": ["any_suit", "other_suit"],
    "deal_packets": ["3-2-3", "4-4"],
    "roem_claim": ["auto", "manual"],
    "pit_bonus_for": ["any_team", "playing_team_only"],
    "tie_is_nat": [True, False],
    "illegal_play": ["reject", "penalize"],
    "trick_history_visible": ["all", "last_trick_only"],
}

options_strategy = st.fixed_dictionaries({k: st.sampled_from(v) for k, v in OPTION_VALUES.items()})


def check_conservation(deal: KlaverjasDeal) -> None:
    state = deal.state
    if state is None:
        held = [set(h) for h in deal.hands_dealt]
        assert sum(len(h) for h in held) == 32
        assert set().union(*held) == set(DECK)
        return
    hands = [state.hand(p) for p in range(4)]
    played = 0
    for _, card in state.history():
        assert not (played >> card) & 1
        played |= 1 << card
    union = played
    for h in hands:
        assert not h & union
        union |= h
    assert union == DECK_MASK


def check_observations(deal: KlaverjasDeal) -> None:
    for seat in range(4):
        obs = deal.observation(seat)
        json.dumps(obs)  # JSON-ready
        strings = set(all_strings(obs))
        for other in range(4):
            if other == seat:
                continue
            hidden = {str(c) for c in deal.hand(other)}
            assert not hidden & strings, f"seat {seat} sees cards of seat {other}"
        assert obs["hand"] == [str(c) for c in deal.hand(seat)]


def check_actions(deal: KlaverjasDeal, rng: random.Random) -> None:
    """Every legal action applies (on a clone); other cards are rejected and change nothing."""
    legal = deal.legal_actions()
    assert legal, "a legal action exists until the deal ends"
    for action in legal:
        clone = deal.clone()
        clone.apply(action)
    if deal.phase == "play":
        seat = deal.to_move
        assert seat is not None
        legal_names = {str(a) for a in legal}
        before = deal.to_json()
        for card in DECK:
            if str(card) in legal_names:
                continue
            held = card in deal.hand(seat)
            if held and deal.options.illegal_play == "penalize":
                continue  # a held illegal card is accepted and penalized (§5.8)
            with pytest.raises(tt.IllegalAction):
                deal.apply(card)
            assert deal.to_json() == before
    for wrong in ("accept", "trump:S", "claim") if deal.phase == "play" else ():
        if wrong not in {str(a) for a in legal}:
            with pytest.raises(tt.IllegalAction):
                deal.apply(wrong)


def play_random(deal: KlaverjasDeal, rng: random.Random, full_checks: bool) -> None:
    while not deal.is_over:
        if full_checks:
            check_conservation(deal)
            check_observations(deal)
            check_actions(deal, rng)
        actions = deal.legal_actions()
        if deal.options.illegal_play == "penalize" and deal.phase == "play" and rng.random() < 0.1:
            seat = deal.to_move
            assert seat is not None
            deal.apply(rng.choice(deal.hand(seat)))  # sometimes revoke
        else:
            deal.apply(rng.choice(actions))
        if full_checks and rng.random() < 0.1:
            assert tt.from_json(deal.to_json()).to_json() == deal.to_json()
            assert deal.clone().to_json() == deal.to_json()


def check_result(deal: KlaverjasDeal) -> None:
    result = deal.result()
    assert result is not None
    assert sum(result.card_points) == 162
    pit = sum(result.pit)
    assert result.score[0] + result.score[1] == 162 + sum(result.roem) + pit
    assert (result.score[0] + result.score[1]) % 10 == 2
    state = deal.state
    assert state is not None and state.is_terminal()
    if deal.options.roem_claim == "auto":
        assert result.roem == (state.side_bonus(0), state.side_bonus(1))
    else:
        assert all(
            r <= b
            for r, b in zip(result.roem, (state.side_bonus(0), state.side_bonus(1)), strict=True)
        )
    if result.penalized_team is not None:
        assert result.score[result.penalized_team] == 0 and pit == 0


@settings(max_examples=60, deadline=None)
@given(options=options_strategy, seed=st.integers(0, 2**63 - 1))
def test_random_deals_with_full_checks(options: dict[str, Any], seed: int) -> None:
    game = tt.load("klaverjas", **options)
    deal = game.new_deal(seed=seed)
    play_random(deal, random.Random(seed), full_checks=True)
    check_result(deal)
    assert tt.from_json(deal.to_json()).to_json() == deal.to_json()


def test_thousands_of_deals_over_all_option_combinations() -> None:
    keys = list(OPTION_VALUES)
    combos = list(itertools.product(*(OPTION_VALUES[k] for k in keys)))
    rng = random.Random(2026)
    played = 0
    for combo in combos:
        game = tt.load("klaverjas", **dict(zip(keys, combo, strict=True)))
        for _ in range(2):
            deal = game.new_deal(seed=rng.getrandbits(63))
            play_random(deal, rng, full_checks=False)
            check_result(deal)
            check_conservation(deal)
            played += 1
    assert played == 2 * len(combos) >= 2000


def test_legal_moves_match_a_python_reading_of_section_3_6() -> None:
    """The core's legal-move procedure against an independent transcription of §3.6."""
    from tricktaker import _core

    rng = random.Random(5)
    for _ in range(3000):
        trump = rng.randrange(4)
        rules = rng.choice(["amsterdam", "rotterdam"])
        compulsory = rng.random() < 0.3
        table = _core.klaverjas_rules(trump, rules == "rotterdam", compulsory)
        cards = [c.id for c in DECK]
        rng.shuffle(cards)
        n = rng.randrange(4)
        trick, hand_cards = cards[:n], cards[n : n + rng.randint(1, 8)]
        hand = sum(1 << c for c in hand_cards)
        me = n  # seats 0..n-1 played, me is seat n; partner of seat n is n-2
        winner = _core.trick_winner_index(table, trick) if trick else -1
        partner = n >= 2 and winner == n - 2
        got = _core.legal_cards(table, hand, trick, partner)
        want = reference_legal(table, hand_cards, trick, trump, rules, compulsory, partner)
        assert set(cards_from_mask(got)) == {tt.Card(c) for c in want}, (trick, hand_cards, me)


def reference_legal(
    table: Any,
    hand: list[int],
    trick: list[int],
    trump: int,
    rules: str,
    compulsory: bool,
    partner_winning: bool,
) -> list[int]:
    """§3.6 transcribed line by line."""
    if not trick:
        return hand
    suit = lambda c: c >> 4  # noqa: E731
    led = suit(trick[0])
    ht = [c for c in hand if suit(c) == trump]
    hn = [c for c in hand if suit(c) != trump]
    hl = [c for c in hand if suit(c) == led]
    trumps_in_trick = [c for c in trick if suit(c) == trump]
    top = max(trumps_in_trick, key=table.strength) if trumps_in_trick else None
    hup = ht if top is None else [c for c in ht if table.strength(c) > table.strength(top)]
    hdn = [c for c in ht if c not in hup]
    if led == trump:
        if ht:
            return hup if hup else ht
        return hand
    if hl:
        return hl
    if not ht:
        return hand
    if rules == "amsterdam":
        if partner_winning:
            if top is None:
                return hand
            s = [c for c in hand if c not in hdn]
            return s if s else hand
        if hup:
            return hup
        if compulsory:
            return ht
        return hn if hn else hand
    if hup:
        return hup
    if compulsory:
        return ht
    return hn if hn else hand
