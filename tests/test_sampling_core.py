"""The C++ deal sampler: exact counts and exactly proportional draws against brute-force
enumeration of small problems, determinism, bad input; play exclusions and the replay check."""

from __future__ import annotations

import collections
import doctest
import itertools
import random
from typing import Any

import numpy as np
import pytest

import tricktaker as tt
import tricktaker.sampling
from sampling_helpers import chi2_sf, chi_square
from tricktaker import _core
from tricktaker.cards import mask_from_cards, parse_cards

Constraint = tuple[int, int, list[float]]


def enumerate_completions(
    hidden: int, capacity: list[int], allowed: list[int], constraints: list[Constraint]
) -> dict[tuple[int, ...], float]:
    """Every completion with a positive weight, by brute force."""
    cards = [c for c in range(64) if (hidden >> c) & 1]
    out: dict[tuple[int, ...], float] = {}
    for where in itertools.product(range(len(capacity)), repeat=len(cards)):
        rows = [0] * len(capacity)
        ok = True
        for card, loc in zip(cards, where, strict=True):
            if not (allowed[loc] >> card) & 1:
                ok = False
                break
            rows[loc] |= 1 << card
        if not ok or [bin(r).count("1") for r in rows] != capacity:
            continue
        weight = 1.0
        for locs, subset, weights in constraints:
            held = 0
            for loc in range(len(capacity)):
                if (locs >> loc) & 1:
                    held |= rows[loc]
            t = bin(held & subset).count("1")
            weight *= weights[t] if t < len(weights) else 0.0
        if weight > 0:
            out[tuple(rows)] = weight
    return out


def random_problem(rng: random.Random) -> tuple[int, list[int], list[int], list[Constraint]]:
    cards = rng.sample(range(13), rng.randint(1, 8))
    hidden = sum(1 << c for c in cards)
    num = rng.randint(1, 4)
    capacity = [0] * num
    for _ in cards:
        capacity[rng.randrange(num)] += 1
    allowed = [hidden & ~sum(1 << c for c in cards if rng.random() < 0.3) for _ in range(num)]
    if num > 1 and rng.random() < 0.4:
        allowed[1] = allowed[0]  # two locations the sampler merges
    constraints: list[Constraint] = []
    for _ in range(rng.randint(0, 3)):
        # Several locations (the rejection step) or one.
        locs = rng.randint(1, (1 << num) - 1) if rng.random() < 0.25 else 1 << rng.randrange(num)
        subset = sum(1 << c for c in cards if rng.random() < 0.5)
        weights = [rng.choice([0.0, 1.0, 1.0, 2.0, 0.5]) for _ in range(rng.randint(1, 5))]
        constraints.append((locs, subset, weights))
    return hidden, capacity, allowed, constraints


@pytest.mark.parametrize("seed", range(6))
def test_counts_and_frequencies_match_enumeration(seed: int) -> None:
    rng = random.Random(seed)
    checked = 0
    worst = 1.0
    while checked < 12:
        hidden, capacity, allowed, constraints = random_problem(rng)
        exact = enumerate_completions(hidden, capacity, allowed, constraints)
        if not exact:
            continue
        sampler = _core.DealSampler(hidden, capacity, allowed, constraints)
        total = sum(exact.values())
        if sampler.exact:
            assert sampler.count == pytest.approx(total, rel=1e-12)
        n = 3000
        drawn, proposals = sampler.sample(n, seed * 1000 + checked)
        assert drawn.shape == (n, len(capacity)) and drawn.dtype == np.uint64
        assert proposals >= n
        counts = collections.Counter(tuple(int(v) for v in row) for row in drawn)
        assert set(counts) <= set(exact)  # nothing inconsistent is ever drawn
        if len(exact) > 1:
            stat, df = chi_square(counts, {k: n * w / total for k, w in exact.items()})
            worst = min(worst, chi2_sf(stat, df))
        checked += 1
    # 12 independent tests per seed: a correct sampler fails this bound once in 10^4 runs.
    assert worst > 1e-5


def test_weights_follow_deck_orders() -> None:
    """Two locations of two cards; location 0 must hold the ace, weighted 3 (it is one of
    three orders); the draw frequencies are in the ratio of the weights."""
    hidden = mask_from_cards(parse_cards("AS KS QS JS"))
    ace = mask_from_cards(parse_cards("AS"))
    sampler = _core.DealSampler(hidden, [2, 2], [hidden, hidden], [(1, ace, [1.0, 3.0])])
    # 6 splits; the 3 with the ace in location 0 weigh 3: 3 * 3 + 3 * 1 = 12.
    assert sampler.count == 12
    drawn, _ = sampler.sample(20000, 5)
    share = float(np.mean((drawn[:, 0] & np.uint64(ace)) != 0))
    assert share == pytest.approx(0.75, abs=0.015)


def test_uniform_under_voids_where_sequential_dealing_is_biased() -> None:
    """Hearts may only go to location 0. Uniform over the 10 consistent deals, not the skewed
    distribution of dealing card by card to random allowed places."""
    hidden = mask_from_cards(parse_cards("AH KH AS KS QS"))
    hearts = mask_from_cards(parse_cards("AH KH"))
    allowed = [hidden, hidden & ~hearts]
    sampler = _core.DealSampler(hidden, [3, 2], allowed)
    assert sampler.count == 3  # location 1 takes 2 of the 3 spades
    drawn, _ = sampler.sample(6000, 11)
    counts = collections.Counter(int(v) for v in drawn[:, 1])
    assert len(counts) == 3
    assert all(abs(c - 2000) < 200 for c in counts.values())


def test_deterministic_under_a_seed_whatever_the_threads() -> None:
    hidden = (1 << 40) - 1 & _core.ALL_CARDS
    capacity = [bin(hidden).count("1") - 24, 8, 8, 8]
    allowed = [hidden, hidden & ~0xFFFF, hidden, hidden & ~(0xFFFF << 16)]
    sampler = _core.DealSampler(hidden, capacity, allowed)
    one, _ = sampler.sample(500, 99, threads=1)
    four, _ = sampler.sample(500, 99, threads=4)
    again, _ = sampler.sample(500, 99)
    other, _ = sampler.sample(500, 100)
    assert (one == four).all() and (one == again).all()
    assert not (one == other).all()
    assert ((one[:, 1] & np.uint64(0xFFFF)) == 0).all()
    total = one[:, 0] | one[:, 1] | one[:, 2] | one[:, 3]
    assert (total == np.uint64(hidden)).all()


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (((1 << 3) - 1, [2], [7]), "capacities sum to 2"),
        ((7, [3, 0], [7]), "one card set per location"),
        ((7, [2, 1], [3, 3]), "no location may hold"),
        ((7, [-1, 4], [7, 7]), ">= 0"),
        ((7, [3], [7], [(1, 7, [0.0, 1.0])]), "no deal is consistent"),
        ((7, [3], [7], [(2, 7, [1.0])]), "out of range"),
        ((7, [3], [7], [(1, 7, [float("nan")])]), "finite"),
    ],
)
def test_bad_problems_raise(args: tuple[Any, ...], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        _core.DealSampler(*args)


def test_nothing_hidden() -> None:
    sampler = _core.DealSampler(0, [0, 0], [0, 0])
    drawn, proposals = sampler.sample(3, 1)
    assert sampler.count == 1 and drawn.shape == (3, 2) and not drawn.any()


def test_play_exclusions_show_voids_and_forced_cards() -> None:
    """Klaverjas, hearts trump, Amsterdam. E leads KS, S trumps with QH, W throws AC while his
    opponent S is winning, N follows with AS. Seen from N: S is void in spades; W is void in
    spades and holds no trump (he would have had to trump); E and N prove nothing."""
    rules = _core.klaverjas_rules(1, rotterdam=False, undertrump_compulsory=False)
    hands = [
        "AS 7H 8H TH JH 7D 8D 7C",
        "KS QS JS TS 9S 8S 7S AD",
        "QH KH AH 9H TD JD QD KD",
        "8C 9C TC JC QC KC AC 9D",
    ]
    masks = [mask_from_cards(parse_cards(h)) for h in hands]
    state = _core.PlayState(rules, masks, [0, 1, 0, 1], 1)
    for card in ("KS", "QH", "AC", "AS"):
        state.play(parse_cards(card)[0].id)
    known = [state.hand(0), 0, 0, 0]
    played = mask_from_cards(parse_cards("KS QH AC AS"))
    hidden = mask_from_cards(c for h in hands for c in parse_cards(h)) & ~played & ~known[0]
    excluded = _core.play_exclusions(state, known, hidden)
    spades = rules.suit_cards(0) & hidden
    trumps = rules.trump_cards & hidden
    assert spades and trumps
    assert excluded[2] == spades
    assert excluded[3] == spades | trumps
    assert excluded[0] == 0 and excluded[1] == 0
    # From N's view the samples respect it, and nothing is rejected by the replay check.
    deal = tt.load("klaverjas").new_deal(seed=0, hands=hands, dealer="N", trump="H", declarer="N")
    for card in ("KS", "QH", "AC", "AS"):
        deal.apply(card)
    samples = tt.sample_deals(deal, "N", 400, seed=2)
    assert samples.acceptance == 1.0
    assert not (samples.hands[:, 2] & np.uint64(spades)).any()
    assert not (samples.hands[:, 3] & np.uint64(spades | trumps)).any()


def test_set_hands_checks_its_input() -> None:
    deal = tt.load("klaverjas").new_deal(seed=3, trump="S", declarer="N")
    state = deal.play_state()
    card = state.legal_cards()[0]
    state.play(card)
    hands = [state.hand(p) for p in range(4)]
    swapped = list(hands)
    a, b = hands[1] & -hands[1], hands[2] & -hands[2]
    swapped[1] = hands[1] ^ a | b
    swapped[2] = hands[2] ^ b | a
    copy = state.copy()
    copy.set_hands(swapped)
    assert copy.hand(1) == swapped[1] and copy.cards_played == 1
    with pytest.raises(ValueError, match=r"holds \d cards, got a hand of 16"):
        state.set_hands([hands[0], hands[1] | hands[2], 0, hands[3]])
    with pytest.raises(ValueError, match="already been played"):
        state.set_hands([hands[0] ^ (hands[0] & -hands[0]) | (1 << card)] + hands[1:])
    with pytest.raises(ValueError, match="more than one seat"):
        state.set_hands([hands[0], hands[1], hands[1], hands[3]])
    with pytest.raises(ValueError, match="one hand per seat"):
        state.set_hands(hands[:3])
    assert state.hand(1) == hands[1]  # nothing changed


def test_history_is_legal_detects_impossible_hands() -> None:
    deal = tt.load("klaverjas").new_deal(seed=11, trump="H", declarer="N")
    rng = random.Random(4)
    while deal.play_state().cards_played < 12:
        legal = deal.legal_actions()
        deal.apply(legal[rng.randrange(len(legal))])
    state = deal.play_state()
    assert _core.history_is_legal(state)
    # Give a seat that showed out of a suit a card of it: the history is no longer legal.
    history = state.history()
    for i, (p, c) in enumerate(history):
        lead = history[i - i % 4][1]
        if i % 4 and c >> 4 != lead >> 4 and (lead >> 4) != 1:
            suit = 0xFFFF << (lead >> 4) * 16
            holders = [q for q in range(4) if q != p and state.hand(q) & suit]
            if holders:
                q = holders[0]
                x = state.hand(q) & suit
                x &= -x
                y = state.hand(p) & -state.hand(p)
                hands = [state.hand(s) for s in range(4)]
                hands[p] = hands[p] ^ y | x
                hands[q] = hands[q] ^ x | y
                copy = state.copy()
                copy.set_hands(hands)
                assert not _core.history_is_legal(copy)
                return
    pytest.skip("no void shown in this deal")


def test_module_docstring_runs() -> None:
    failures, tried = doctest.testmod(tricktaker.sampling, optionflags=doctest.ELLIPSIS)
    assert tried > 0 and failures == 0
