"""Hidden-hand sampling in every game: samples never contradict what the seat has seen (each is
rebuilt into a real deal that gives the seat the same observation after every action), they
depend on nothing else (the rebuilt deal gives the same samples), and on small endings the
frequencies match the exact set of consistent deals found by brute force."""

from __future__ import annotations

import collections
import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from sampling_helpers import (
    VARIANTS,
    chi2_sf,
    chi_square,
    consistent_completions,
    observation_history,
    random_position,
    seats_of,
    variant_id,
)
from tricktaker import _core
from tricktaker.cards import Card, mask_from_cards, parse_cards
from tricktaker.protocol.base import Deal
from tricktaker.sampling import knowledge


def check_samples(deal: Deal, seat: int, samples: tt.DealSamples, rebuilt: int = 3) -> None:
    info = samples.knowledge
    deck = info.hidden
    for known in info.known:
        deck |= known
    # Every location holds its known cards and its size; no card is in two places.
    for i in range(len(samples)):
        seen = 0
        for loc, name in enumerate(samples.names):
            cards = int(samples.cards[i, loc])
            assert cards & info.known[loc] == info.known[loc], name
            assert bin(cards).count("1") == info.capacity[loc] + bin(info.known[loc]).count("1")
            assert not cards & seen
            seen |= cards
        assert seen == deck
        if info.state is not None:
            state = samples.play_state(i)
            assert state.cards_played == info.state.cards_played
            if info.check_legal:
                assert _core.history_is_legal(state)
    single = all(bin(locs).count("1") == 1 for locs, _, _ in info.constraints)
    if single:
        assert samples.acceptance == 1.0  # the play exclusions are exact: no draw is rejected
    else:
        assert samples.acceptance >= 0.2  # the Kirves eldest's angel over hand and discard
    reference = observation_history(deal, seat)
    for i in range(min(rebuilt, len(samples))):
        other = samples.deal(i)
        assert observation_history(other, seat) == reference
        again = tt.sample_deals(other, seat, len(samples), seed=samples.seed)
        assert (again.cards == samples.cards).all()  # built from what the seat knows alone


@pytest.mark.parametrize("variant", VARIANTS, ids=variant_id)
@settings(max_examples=8, deadline=None)
@given(seed=st.integers(0, 2**32 - 1))
def test_samples_agree_with_the_observation(variant: tuple[str, dict[str, Any]], seed: int) -> None:
    name, options = variant
    game = tt.load(name, **options)
    rng = random.Random(seed)
    deal = random_position(game, name, rng)
    seat = rng.randrange(seats_of(deal))
    try:
        samples = tt.sample_deals(deal, seat, 20, seed=seed)
    except ValueError as exc:
        assert "nothing to sample" in str(exc) or "no hands are dealt" in str(exc)
        return
    check_samples(deal, seat, samples)


def play_to(deal: Deal, cards_left: int, rng: random.Random) -> Deal:
    """Random actions until the play state has ``cards_left`` cards per hand to play."""
    while not deal.is_over:
        state = getattr(deal, "state", None)
        at_lead = state is not None and deal.phase == "play" and state.trick_len == 0
        if at_lead and state.total_tricks - state.tricks_played <= cards_left:
            return deal
        actions = deal.legal_actions()
        deal.apply(actions[rng.randrange(len(actions))])
    return deal


def check_frequencies(deal: Deal, seat: int, n: int = 4000) -> int:
    """Sample frequencies against the brute-force set of consistent deals; returns its size."""
    consistent = list(consistent_completions(deal, seat))
    samples = tt.sample_deals(deal, seat, n, seed=12345)
    if samples.knowledge.constraints == [] or all(
        w in (0.0, 1.0) for _, _, ws in samples.knowledge.constraints for w in ws
    ):
        assert samples.count == len(consistent)
    counts = collections.Counter(tuple(int(v) for v in row) for row in samples.cards)
    assert set(counts) <= set(consistent)
    if len(consistent) > 1:
        expected = {row: n / len(consistent) for row in consistent}
        stat, df = chi_square(counts, expected)
        assert chi2_sf(stat, df) > 1e-4
    return len(consistent)


def find_ending(name: str, options: dict[str, Any], cards_left: int, seeds: range) -> Deal:
    """A small ending where the seat to move knows something beyond its own hand."""
    game = tt.load(name, **options)
    for seed in seeds:
        rng = random.Random(seed)
        deal = game.new_deal(seed=seed)
        deal = play_to(deal, cards_left, rng)
        if deal.is_over:
            continue
        info = knowledge(deal, deal.to_move)  # type: ignore[arg-type]
        if any(a != info.hidden for a, c in zip(info.allowed, info.capacity, strict=True) if c):
            return deal
    raise AssertionError("no ending with a shown void among the seeds")


def test_klaverjas_ending_frequencies() -> None:
    deal = find_ending("klaverjas", {}, 2, range(40))
    assert 1 < check_frequencies(deal, deal.to_move) < 90  # type: ignore[arg-type]


def test_klaverjas_rotterdam_ending_frequencies() -> None:
    deal = find_ending("klaverjas", {"play_rules": "rotterdam"}, 2, range(40, 80))
    assert 1 < check_frequencies(deal, deal.to_move) < 90  # type: ignore[arg-type]


def test_kiksas_ending_frequencies_with_the_trump_count() -> None:
    game = tt.load("kiksas")
    for seed in range(60):
        rng = random.Random(seed)
        deal = play_to(game.new_deal(seed=seed, deal_type="writing"), 2, rng)
        if deal.is_over or deal.akis is not None:  # type: ignore[attr-defined]
            continue
        seat = deal.to_move
        assert seat is not None
        info = knowledge(deal, seat)
        if len(info.constraints) >= 2:
            size = check_frequencies(deal, seat)
            assert size >= 1
            return
    raise AssertionError("no Kiksas ending with trump counts among the seeds")


def test_kirves_ending_frequencies() -> None:
    game = tt.load("kirves", num_players=2)
    for seed in range(40):
        rng = random.Random(seed)
        deal = play_to(game.new_deal(seed=seed), 1, rng)
        if deal.is_over or deal.discarded != [None, None]:  # type: ignore[attr-defined]
            continue
        seat = deal.to_move
        assert seat is not None
        size = check_frequencies(deal, seat, n=3000)
        assert size > 1
        return
    raise AssertionError("no Kirves ending among the seeds")


def test_allfours_ending_frequencies() -> None:
    game = tt.load("allfours", preset="trinidad", num_players=2)
    for seed in range(40):
        rng = random.Random(seed)
        deal = play_to(game.new_deal(seed=seed), 1, rng)
        if deal.is_over:
            continue
        seat = deal.to_move
        assert seat is not None
        assert check_frequencies(deal, seat, n=3000) > 1
        return
    raise AssertionError("no All Fours ending among the seeds")


def test_pitch_ending_frequencies_with_must_follow() -> None:
    deal = find_ending(
        "pitch",
        {"num_players": 2, "may_trump_when_able_to_follow": False, "deck_ranks": "AKQJT9"},
        2,
        range(60),
    )
    assert check_frequencies(deal, deal.to_move) > 1  # type: ignore[arg-type]


# --- the facts of each game -------------------------------------------------------------------


def kiksas_after_trick_one(seed: int) -> Deal:
    game = tt.load("kiksas")
    deal = game.new_deal(seed=seed, deal_type="writing")
    rng = random.Random(seed)
    while deal.phase != "play" or deal.play_state().tricks_played < 1:  # type: ignore[attr-defined]
        actions = deal.legal_actions()
        choice = [a for a in actions if str(a) == "pass"] or actions
        deal.apply(choice[rng.randrange(len(choice))])
    return deal


@pytest.mark.parametrize("seed", range(5))
def test_kiksas_trump_count_is_exact_in_every_sample(seed: int) -> None:
    deal = kiksas_after_trick_one(seed)
    state = deal.play_state()  # type: ignore[attr-defined]
    trumps = np.uint64(state.rules.trump_cards)
    true_counts = [bin(state.hand(p) & state.rules.trump_cards).count("1") for p in range(4)]
    winner = state.trick_record(0).winner
    pair = (winner, (winner + 2) % 4)
    others = tuple(p for p in range(4) if p not in pair)
    for seat in range(4):
        samples = tt.sample_deals(deal, seat, 200, seed=seed)

        def count(p: int, samples: tt.DealSamples = samples) -> list[int]:
            return [bin(int(h) & int(trumps)).count("1") for h in samples.hands[:, p]]

        # Everyone knows the winner's and his partner's trumps (§2.6), hence the other pair's.
        for p in pair:
            assert set(count(p)) == {true_counts[p]}
        totals = {a + b for a, b in zip(count(others[0]), count(others[1]), strict=True)}
        assert totals == {true_counts[others[0]] + true_counts[others[1]]}


def test_kiksas_trump_queen_holder_is_known() -> None:
    game = tt.load("kiksas", first_lead="holder_any_card")
    deal = game.new_deal(seed=4, deal_type="writing")
    while deal.phase != "play":
        actions = deal.legal_actions()
        deal.apply(next((a for a in actions if str(a) == "pass"), actions[0]))
    queen = deal.trump_queen  # type: ignore[attr-defined]
    leader = deal.to_move
    assert leader is not None and queen is not None
    for seat in range(4):
        samples = tt.sample_deals(deal, seat, 100, seed=1)
        assert (samples.hands[:, leader] & np.uint64(queen.mask)).all()


def test_trikiksis_first_holds_the_trump_suit() -> None:
    game = tt.load("trikiksis")
    deal = game.new_deal(seed=9, deal_type="writing")
    deal.apply(deal.legal_actions()[0])  # the First names trumps
    while deal.phase == "akis":
        deal.apply("pass")
    suit = deal.trump  # type: ignore[attr-defined]
    deck = tt.cards_from_mask(_core.kiksas_deck())
    suit_cards = mask_from_cards(c for c in deck if c.suit == suit)
    first = deal.first  # type: ignore[attr-defined]
    other = (first + 1) % 3
    samples = tt.sample_deals(deal, other, 2000, seed=3)
    held = samples.hands[:, first] & np.uint64(suit_cards)
    assert held.all()
    # Weighted by the orders of his eight cards that put a trump among the first six: C(8, 6)
    # - C(8 - t, 6) of the 28, for t trumps among the eight.
    info = samples.knowledge
    location = 1 << info.hand_location[first]
    weights = [ws for locs, cards, ws in info.constraints if locs == location and cards]
    assert weights == [[0.0, 21.0, 27.0] + [28.0] * 6]


def test_kirves_cut_jack_and_taken_card_are_placed() -> None:
    game = tt.load("kirves", num_players=4)
    for seed in range(200):
        deal = game.new_deal(seed=seed, dealer="D")
        for k in range(2, 53):
            trial = game.new_deal(seed=seed, dealer="D")
            trial.apply(f"cut:{k}")
            if trial.cut_jack is not None:  # type: ignore[attr-defined]
                deal = trial
                break
        if deal.cut_jack is None:  # type: ignore[attr-defined]
            continue
        jack = deal.cut_jack  # type: ignore[attr-defined]
        cutter, dealer = deal.cutter, deal.dealer  # type: ignore[attr-defined]
        while deal.phase == "discard":
            deal.apply(deal.legal_actions()[0])
        if deal.is_over:
            continue
        turned = deal.turned_card  # type: ignore[attr-defined]
        for seat in range(4):
            samples = tt.sample_deals(deal, seat, 50, seed=seed)
            assert (samples.hands[:, cutter] & np.uint64(jack.mask)).all()
            assert (samples.hands[:, dealer] & np.uint64(turned.mask)).all()
            discard = samples.location(f"discard:{'ABCD'[dealer]}")
            assert not (discard & np.uint64(turned.mask)).any()
        return
    raise AssertionError("no cut jack among the seeds")


def test_kirves_paakot_never_in_one_final_hand() -> None:
    """Auto pääköt: a deal that reaches speaking has no hand with RJ, BJ and JC together, so a
    hidden hand that could hold all of the hidden ones gets a weight 0 for holding them all,
    and no sample has them in one hand."""
    paakot = _core.KIRVES_PAAKOT
    game = tt.load("kirves", num_players=3)
    for seed in range(400):
        deal = game.new_deal(seed=seed)
        deal.apply(deal.legal_actions()[len(deal.legal_actions()) // 2])
        if deal.phase != "speaking":
            continue
        seat = deal.to_move
        assert seat is not None
        own = mask_from_cards(deal.hand(seat))  # type: ignore[attr-defined]
        if own & paakot:
            continue
        info = knowledge(deal, seat)
        for p in range(3):
            if p == seat:
                continue
            location = 1 << info.hand_location[p]
            weights = [ws for locs, cards, ws in info.constraints if locs == location]
            assert weights == [[1.0, 1.0, 1.0, 0.0, 0.0, 0.0]]
        samples = tt.sample_deals(deal, seat, 300, seed=seed)
        for p in range(3):
            assert ((samples.hands[:, p] & np.uint64(paakot)) != np.uint64(paakot)).all()
        return
    raise AssertionError("no speaking position among the seeds")


def test_kirves_veto_needs_a_kiellonvara() -> None:
    game = tt.load("kirves", num_players=3)
    for seed in range(400):
        deal = game.new_deal(seed=seed)
        deal.apply(deal.legal_actions()[10])
        if deal.phase != "speaking" or "change" not in [str(a) for a in deal.legal_actions()]:
            continue
        deal.apply("change")
        if "veto" not in [str(a) for a in deal.legal_actions()]:
            continue
        vetoer = deal.to_move
        assert vetoer is not None
        deal.apply("veto")
        suit = tt.Suit.parse(deal.trump.letter)  # type: ignore[attr-defined]
        kiellonvara = np.uint64(_core.kirves_kiellonvara(int(suit)))
        observer = next(p for p in range(3) if p != vetoer)
        samples = tt.sample_deals(deal, observer, 300, seed=seed)
        assert (samples.hands[:, vetoer] & kiellonvara).all()
        return
    raise AssertionError("no veto among the seeds")


def test_allfours_trumpless_beggers() -> None:
    """V3: a player asked to beg after the eldest stood holds no card of the turned suit; one
    passed over holds one."""
    game = tt.load(
        "allfours", preset="trinidad", begging="eldest_or_trumpless_opponent", num_players=3
    )
    for seed in range(300):
        deal = game.new_deal(seed=seed)
        if deal.phase != "beg":
            continue
        deal.apply("stand")
        if deal.phase != "beg":
            continue
        asked = deal.to_move
        assert asked is not None
        from tricktaker.games.allfours.deal import rules_for

        trumps = rules_for(deal.options, deal.turned[0].suit).trump_cards  # type: ignore[attr-defined]
        samples = tt.sample_deals(deal, deal.dealer, 300, seed=seed)  # type: ignore[attr-defined]
        assert not (samples.hands[:, asked] & np.uint64(trumps)).any()
        check_samples(deal, deal.dealer, samples)  # type: ignore[attr-defined]
        return
    raise AssertionError("no second beg turn among the seeds")


def test_match_players_are_mapped_to_seats() -> None:
    game = tt.load("klaverjas", match_format="rotating_partners_48", trump_selection="utrecht")
    match = game.new_match(seed=5)
    rng = random.Random(5)
    for _ in range(8 * 16 + 3):  # into the second game, where the partners change
        actions = match.legal_actions()
        match.apply(actions[rng.randrange(len(actions))])
    player = 2
    seat = match.seat_of(player)  # type: ignore[attr-defined]
    samples = tt.sample_deals(match, player, 10, seed=1)
    own = mask_from_cards(match.deal.hand(seat))  # type: ignore[attr-defined]
    assert (samples.hands[:, seat] == np.uint64(own)).all()
    assert samples.knowledge.seat == seat


def test_bad_calls_raise() -> None:
    deal = tt.load("klaverjas").new_deal(seed=1)
    with pytest.raises(ValueError, match="n must be"):
        tt.sample_deals(deal, 0, -1)
    with pytest.raises(ValueError, match="seed must be"):
        tt.sample_deals(deal, 0, 1, seed=-3)
    with pytest.raises(ValueError, match="not a seat"):
        tt.sample_deals(deal, "X", 1)
    samples = tt.sample_deals(deal, "N", 2, seed=1)
    with pytest.raises(ValueError, match="no play state"):
        samples.play_state(0)
    with pytest.raises(IndexError):
        samples.deal(5)
    deal.apply(deal.legal_actions()[1])
    with pytest.raises(ValueError, match="changed since sampling"):
        samples.deal(0)
    kirves = tt.load("kirves", num_players=3).new_deal(seed=1)
    with pytest.raises(ValueError, match="no hands are dealt"):
        tt.sample_deals(kirves, 0, 1)
    with pytest.raises(TypeError):
        tt.sample_deals("deal", 0, 1)  # type: ignore[arg-type]
    over = tt.load("klaverjas").new_deal(seed=2)
    while not over.is_over:
        over.apply(over.legal_actions()[0])
    with pytest.raises(ValueError, match="over"):
        tt.sample_deals(over, 0, 1)


def test_penalize_proves_nothing() -> None:
    """Under illegal_play = penalize a card that does not follow suit may be a revoke: it shows
    no void, so a sample may give that seat the suit."""
    hands = [
        "AS 7H 8H TH JH 7D 8D 7C",
        "KS QS JS TS 9S 8S 7S AD",
        "QH KH AH 9H TD JD QD KD",
        "8C 9C TC JC QC KC AC 9D",
    ]
    game = tt.load("klaverjas", illegal_play="penalize")
    deal = game.new_deal(seed=0, hands=hands, dealer="N", trump="H", declarer="N")
    for card in ("KS", "QH", "AC", "AS"):
        deal.apply(card)
    samples = tt.sample_deals(deal, "N", 300, seed=1)
    assert not samples.knowledge.check_legal
    spades = np.uint64(mask_from_cards(parse_cards("QS JS TS 9S 8S 7S")))
    assert (samples.hands[:, 3] & spades).any()
    assert all(isinstance(c, Card) for c in samples.hand(0, 1))


def test_trikiksis_weighted_ending_frequencies() -> None:
    """The First's eight cards weigh by how many of their orders put a trump among the first six
    he chose from. Brute force: every consistent deal, weighted by counting those six-card
    subsets directly; the samples follow the weights."""
    import itertools

    # The First need not trump at trick 1, and no count after it tells his trumps.
    game = tt.load("trikiksis", first_lead="holder_any_card", announce_trump_count=False)
    suit_of = {}
    for seed in range(400):
        rng = random.Random(seed)
        deal = game.new_deal(seed=seed, deal_type="writing")
        deal.apply(deal.legal_actions()[rng.randrange(len(deal.legal_actions()))])
        while deal.phase == "akis":
            deal.apply("pass")
        deal = play_to(deal, 4, rng)
        if deal.is_over or deal.akis is not None:  # type: ignore[attr-defined]
            continue
        first = deal.first  # type: ignore[attr-defined]
        suit = deal.trump  # type: ignore[attr-defined]
        suit_of = {c.id: c.suit for c in tt.cards_from_mask(_core.kiksas_deck())}
        state = deal.play_state()  # type: ignore[attr-defined]
        if any(suit_of[c] == suit for p, c in state.history() if p == first):
            continue  # his trumps so far settle it: every order qualifies
        seat = (first + 1) % 3
        consistent = list(consistent_completions(deal, seat))
        info = knowledge(deal, seat)
        loc = info.hand_location[first]
        played = [c for p, c in state.history() if p == first]

        weights = {}
        for row in consistent:
            cards = [c for c in range(64) if (row[loc] >> c) & 1] + played
            sixes = itertools.combinations(cards, 6)
            weights[row] = sum(1 for six in sixes if any(suit_of[c] == suit for c in six))
        if len(set(weights.values())) < 2:
            continue
        n = 4000
        samples = tt.sample_deals(deal, seat, n, seed=seed)
        counts = collections.Counter(tuple(int(v) for v in row) for row in samples.cards)
        assert set(counts) <= set(weights)
        total = sum(weights.values())
        assert samples.count == pytest.approx(total)
        stat, df = chi_square(counts, {row: n * w / total for row, w in weights.items()})
        assert chi2_sf(stat, df) > 1e-4
        return
    raise AssertionError("no informative Trikiksis ending among the seeds")
