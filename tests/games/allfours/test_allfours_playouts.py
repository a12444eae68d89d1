"""Random playouts over every All Fours / Pitch preset and option, checking invariants at every
step: a legal action exists until the end, cards are conserved, observations leak nothing, the
items agree with the cards taken (an independent oracle), the credits add up, matches end by the
spec's end rule, and JSON round trips exactly."""

from __future__ import annotations

import json
import random
import re
from collections import Counter
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker import _core
from tricktaker.cards import Card, cards_from_mask
from tricktaker.games.allfours import AllFoursDeal, AllFoursGame, AllFoursMatch
from tricktaker.games.allfours.options import PRESETS

VARIANTS: list[dict[str, Any]] = [
    {},
    {"folding": True},
    {"must_overtrump": True},
    {"no_undertrump": True, "low_award": "captor"},
    {"must_head_trump": True, "may_trump_when_able_to_follow": False},
    {"game_tie": "non_dealer_side", "last_trick": True, "five": 5},
    {"jick": True, "trey": True, "five": 1},
    {"shoot_the_moon": True},
    {"shoot_the_moon": True, "moon_requires_bid": True},
    {"begging": "eldest_or_trumpless_opponent", "dealer_side_may_beg": "run_only"},
    {"max_runs": "unlimited", "run_order": "turn_then_deal", "gift_may_win": False},
    {"num_players": 2},
    {"num_players": 3},
    {"num_players": 5},
    {"num_players": 6},
    {"num_players": 6, "widow": "pitcher", "exchange_max": 0},
    {"num_players": 6, "partnership": "teams_of_three"},
    {"deck_ranks": "AKQJT987", "deal_packet_size": 2, "table_direction": "cw"},
    {"jack_scoring": "captor_1", "first_dealer": "fixed:1"},
    {"win_check": "end_of_deal_any", "dealer_priority": False},
    {"all_pass": "redeal_next_dealer", "auction_style": "multi_round"},
    {"first_lead_must_be_trump": False, "deal_packet_size": 1},
    {"first_lead": "eldest", "first_dealer": "first_jack_faceup_before"},
    {"trump_selection": "declare", "deal_size": 9, "first_lead_must_be_trump": False},
]

PITCH_TARGET = 9  # short matches for the auction presets (target is an option like any other)


def games() -> list[tuple[str, AllFoursGame]]:
    out = []
    for preset in sorted(PRESETS):
        for variant in VARIANTS:
            options = dict(variant)
            if PRESETS[preset].get("first_lead") == "pitcher":
                options.setdefault("target", PITCH_TARGET)
            try:
                game = tt.load("allfours", preset=preset, **options)
            except ValueError:
                continue
            assert isinstance(game, AllFoursGame)
            out.append((f"{preset}-{json.dumps(variant, sort_keys=True)}", game))
    return out


GAMES = games()


def choose(rnd: random.Random, machine: Any) -> str:
    actions = [str(a) for a in machine.legal_actions()]
    assert actions, f"no legal action in phase {machine.phase}"
    if machine.phase == "auction" and "pass" in actions and rnd.random() < 0.7:
        return "pass"
    if machine.phase == "exchange" and rnd.random() < 0.3:
        return "done"
    return rnd.choice(actions)


def check_cards(deal: AllFoursDeal) -> None:
    """Every card of the pack is in exactly one place."""
    places: list[Card] = []
    for hand in deal.hands:
        places += hand
    places += deal.stock + deal.turned
    for pile in deal.discards:
        places += pile
    if deal.state is not None:
        places += [Card(c) for _, c in deal.state.history()]
        for _, _, cards in deal.state.folds():
            places += cards_from_mask(cards)
        for seat in range(deal.n):
            assert sorted(cards_from_mask(deal.state.hand(seat))) == sorted(deal.hands[seat])
    counts = Counter(places)
    assert all(v == 1 for v in counts.values()), [c for c, v in counts.items() if v > 1]
    assert set(counts) == set(deal.game.deck)


CARD_TOKEN = re.compile(r'"(?:discard:)?([2-9TJQKA][SHDC]|RJ|BJ)"')


def check_secrecy(deal: AllFoursDeal) -> None:
    hidden_stock = set(deal.stock)
    for seat in range(deal.n):
        seen = set(CARD_TOKEN.findall(json.dumps(deal.observation(seat))))
        secret = set(hidden_stock)
        for other in range(deal.n):
            if other != seat:
                secret |= set(deal.hands[other]) | set(deal.discards[other])
        leaked = {str(c) for c in secret} & seen
        assert not leaked, f"seat {seat} sees {leaked}"


def oracle_items(deal: AllFoursDeal) -> list[tuple[str, int, int]]:
    """High, Low, Jack, extras and Game recomputed from the cards, independently of the core."""
    o = deal.options
    state = deal.state
    assert state is not None and deal.trump is not None
    rules = state.rules
    trump = int(deal.trump)
    holder = {c: p for p, c in state.history()}
    captor = {c.id: p for p in range(deal.n) for c in cards_from_mask(state.cards_won(p))}
    side = deal.sides
    items: list[tuple[str, int, int]] = []
    trumps = [c for c in holder if rules.effective_suit(c) == trump]
    if trumps:
        high = max(trumps, key=rules.strength)
        low = min(trumps, key=rules.strength)
        items.append(("high", side[holder[high]], 1))
        items.append(("low", side[(holder if o.low_award == "holder" else captor)[low]], 1))
    jack = trump * 16 + 9
    if jack in holder:
        hs, cs = side[holder[jack]], side[captor[jack]]
        if o.jack_scoring == "hang_jack" and hs != cs:
            items.append(("jack", cs, 3))
        else:
            items.append(("jack", cs, 1))
    extras = []
    if o.jick:
        extras.append(("jick", _core.jick_of(trump), 1))
    if o.jokers:
        extras += [("joker_high", Card.parse("RJ").id, 1), ("joker_low", Card.parse("BJ").id, 1)]
    if o.trey:
        extras.append(("trey", trump * 16 + 1, 3))
    if o.five != "off":
        extras.append(("five", trump * 16 + 3, int(o.five)))
    for name, card, points in extras:
        if card in holder:
            items.append((name, side[captor[card]], points))
    if o.last_trick:
        items.append(("last", side[state.trick_records()[-1].winner], 1))
    values = [0] * deal.num_sides
    for p in range(deal.n):
        values[side[p]] += sum(rules.points(c.id) for c in cards_from_mask(state.cards_won(p)))
    best = max(values)
    if values.count(best) == 1:
        items.append(("game", values.index(best), 1))
    elif o.game_tie == "non_dealer_side" and deal.num_sides == 2:
        items.append(("game", 1 - side[deal.dealer], 1))
    return items


def check_deal_end(deal: AllFoursDeal) -> None:
    result = deal.result()
    assert result is not None
    changes = [0] * deal.num_sides
    for credit in result.credits:
        changes[credit.side] += credit.points
    assert [b + c for b, c in zip(result.scores_before, changes, strict=True)] == list(
        result.scores
    )
    if deal.state is None or result.thrown_in:
        return
    assert deal.state.is_terminal()
    expected = oracle_items(deal)
    got = [(c.kind, c.side, c.points) for c in result.items]
    if result.moon_side is not None:
        assert got == [("moon", result.moon_side, deal.options.max_points + 1)]
        assert all(s == result.moon_side for _, s, _ in expected)
        assert result.all_tricks_side == result.moon_side
    else:
        assert got == expected
    o = deal.options
    if result.winner is not None:
        assert result.scores[result.winner] >= o.target
        if o.win_check == "bidder_made_only":
            assert result.made and result.bidding_side == result.winner
        if o.win_check == "immediate_ordered":
            last = result.credits[-1]
            assert last.side == result.winner
            before = result.scores[result.winner] - last.points
            assert before < o.target
    elif o.win_check != "bidder_made_only":
        assert max(result.scores) < o.target


@pytest.mark.parametrize(("name", "game"), GAMES, ids=[name for name, _ in GAMES])
def test_random_matches(name: str, game: AllFoursGame) -> None:
    for seed in (len(name),):
        rnd = random.Random(seed)
        match = game.new_match(seed=seed)
        assert isinstance(match, AllFoursMatch)
        deals_checked = 0
        steps = 0
        while not match.is_over and steps < 1500:
            deal = match.deal
            check_cards(deal)
            if steps % 7 == 0:
                check_secrecy(deal)
            match.apply(choose(rnd, match))
            steps += 1
            if deal is not match.deal or deal.is_over:
                check_cards(deal)
                check_deal_end(deal)
                deals_checked += 1
        if match.is_over:
            standings = match.result()
            assert standings.over and standings.winner is not None
            winner = "ABCDEFG".index(standings.winner)
            assert match.scores[winner] >= game.options.target
            assert match.results[-1].winner == winner
            assert all(r.winner is None for r in match.results[:-1])
        again = tt.from_json(match.to_json())
        assert isinstance(again, AllFoursMatch)
        assert again.result() == match.result() and again.phase == match.phase


@settings(max_examples=25, deadline=None)
@given(
    preset=st.sampled_from(sorted(PRESETS)),
    seed=st.integers(0, 2**32),
    cut=st.integers(0, 60),
)
def test_json_round_trip_anywhere(preset: str, seed: int, cut: int) -> None:
    game = tt.load("allfours", preset=preset, folding=True)
    deal = game.new_deal(seed=seed)
    rnd = random.Random(seed)
    for _ in range(cut):
        if deal.is_over:
            break
        deal.apply(choose(rnd, deal))
    again = tt.from_json(deal.to_json())
    assert isinstance(again, AllFoursDeal)
    assert again.to_json() == deal.to_json()
    for seat in range(deal.n):
        assert again.observation(seat) == deal.observation(seat)
    clone = deal.clone()
    assert isinstance(clone, AllFoursDeal) and clone.to_json() == deal.to_json()


@settings(max_examples=30, deadline=None)
@given(seed=st.integers(0, 2**32))
def test_play_fold_undo_restores(seed: int) -> None:
    """Random play with folds, then undo to the start: the state is as it was."""
    rnd = random.Random(seed)
    deck = cards_from_mask(_core.allfours_deck(_core.SET_BACK_RANKS))
    rnd.shuffle(deck)
    n = rnd.choice([2, 3, 4])
    size = 24 // n if n != 3 else 8
    hands = [sum(c.mask for c in deck[i * size : (i + 1) * size]) for i in range(n)]
    rules = _core.allfours_rules(rnd.randrange(4), _core.allfours_deck(_core.SET_BACK_RANKS),
                                 jick=True)  # fmt: skip
    state = _core.PlayState(rules, hands, list(range(n)), rnd.randrange(n), folding=True)
    start = state.copy()
    snapshots = []
    moves = 0
    while not state.is_terminal():
        snapshots.append((state.to_move, state.legal_moves(), state.can_fold(), state.trick()))
        if state.can_fold() and rnd.random() < 0.5:
            state.fold()
        else:
            legal = state.legal_moves()
            assert legal
            state.play(rnd.choice(cards_from_mask(legal)).id)
        moves += 1
    won = sum(len(cards_from_mask(state.cards_won(p))) for p in range(n))
    folded = sum(len(cards_from_mask(c)) for _, _, c in state.folds())
    assert won + folded == 24 if n != 3 else won + folded == 24
    for _ in range(moves):
        state.undo()
        assert snapshots.pop() == (
            state.to_move,
            state.legal_moves(),
            state.can_fold(),
            state.trick(),
        )
    assert state.cards_played == 0 and state.folds() == []
    assert [state.hand(p) for p in range(n)] == [start.hand(p) for p in range(n)]
    assert state.to_move == start.to_move and state.trick_size == start.trick_size
