"""The play engine's per-card path against a plain reference.

The core computes legal moves and the trick winner from card masks (the stronger-card masks of
the rules table, the beaters of the current winner kept in the play state). Here a direct port of
the follow policy, written card by card with strengths, is checked against it for the tables of
every game and for arbitrary policy combinations; and play/undo is checked to restore every
observable part of the state exactly."""

from __future__ import annotations

import random
from typing import Any

from hypothesis import given, settings
from hypothesis import strategies as st

from tricktaker import _core

VOID = [_core.VoidTrumpDuty.NEVER, _core.VoidTrumpDuty.ALWAYS]
VOID.append(_core.VoidTrumpDuty.UNLESS_PARTNER_WINNING)
OVER = [_core.OvertrumpDuty.NEVER, _core.OvertrumpDuty.ALWAYS]
OVER.append(_core.OvertrumpDuty.UNLESS_PARTNER_WINNING)
FLAGS = (
    "head_trump_lead",
    "head_in_suit",
    "may_trump_when_able_to_follow",
    "no_undertrump",
    "undertrump_compulsory",
    "must_beat_trick",
    "must_beat_exempts_partner",
)


def cards(mask: int) -> list[int]:
    return [c for c in range(64) if (mask >> c) & 1]


def reference_winner(rules: Any, trick: list[int]) -> int:
    best = 0
    led = rules.effective_suit(trick[0])
    for i in range(1, len(trick)):
        c, w = trick[i], trick[best]
        c_trump = (rules.trump_cards >> c) & 1
        w_trump = (rules.trump_cards >> w) & 1
        if c_trump:
            beats = not w_trump or rules.strength(c) > rules.strength(w)
        else:
            beats = not w_trump and (
                rules.effective_suit(c) == led and rules.strength(c) > rules.strength(w)
            )
        if beats:
            best = i
    return best


def reference_legal(rules: Any, hand: int, trick: list[int], partner_winning: bool) -> int:
    """The follow policy of rules.h, card by card."""
    if not trick:
        return hand
    p = rules.policy
    led = rules.effective_suit(trick[0])
    winning = trick[reference_winner(rules, trick)]
    trump_cards = rules.trump_cards
    trumps = hand & trump_cards
    non_trumps = hand & ~trump_cards
    of_led = hand & rules.suit_cards(led)
    has_trump = bool((trump_cards >> winning) & 1)
    higher = trumps
    if has_trump:
        higher = sum(1 << c for c in cards(trumps) if rules.strength(c) > rules.strength(winning))
    lower = trumps & ~higher
    if rules.trump >= 0 and led == rules.trump:
        legal = hand if not trumps else (higher if p.head_trump_lead and higher else trumps)
    elif of_led:
        legal = of_led
        if p.head_in_suit:
            best = max(
                (rules.strength(c) for c in trick if rules.effective_suit(c) == led), default=-1
            )
            heading = sum(1 << c for c in cards(of_led) if rules.strength(c) > best)
            if heading:
                legal = heading
        if p.may_trump_when_able_to_follow:
            legal |= trumps
        if p.no_undertrump and has_trump and (legal & ~lower):
            legal &= ~lower
    elif not trumps:
        legal = hand
    else:
        must_trump = p.void_trump == _core.VoidTrumpDuty.ALWAYS or (
            p.void_trump == _core.VoidTrumpDuty.UNLESS_PARTNER_WINNING and not partner_winning
        )
        if must_trump:
            must_over = p.overtrump == _core.OvertrumpDuty.ALWAYS or (
                p.overtrump == _core.OvertrumpDuty.UNLESS_PARTNER_WINNING and not partner_winning
            )
            if not must_over:
                legal = trumps
            elif higher:
                legal = higher
            elif p.undertrump_compulsory or not p.no_undertrump:
                legal = trumps
            else:
                legal = non_trumps or hand
        else:
            legal = hand
            if p.no_undertrump and has_trump and (legal & ~lower):
                legal &= ~lower
    if p.must_beat_trick and not (p.must_beat_exempts_partner and partner_winning):
        beating = 0
        for c in cards(legal):
            if rules.beats(c, winning, led):
                beating |= 1 << c
        if beating:
            legal = beating
    return legal


def tables(trump: int) -> list[tuple[Any, int]]:
    """(rules table, players) of every game family with trump suit ``trump``."""
    af_deck = _core.allfours_deck(0x1FFF, True)
    return [
        (_core.klaverjas_rules(trump), 4),
        (_core.klaverjas_rules(trump, rotterdam=True, undertrump_compulsory=True), 4),
        (_core.kirves_rules(trump, overtake_required=True, overtake_exempts_partner=True), 5),
        (_core.kirves_rules(trump, must_trump_when_void=True), 3),
        (_core.kiksas_rules(trump, must_overtrump=True, must_head_in_suit=True), 4),
        (_core.kiksas_rules(-1), 3),
        (_core.allfours_rules(trump, af_deck, jick=True, no_undertrump=True), 4),
        (_core.allfours_rules(trump, af_deck, must_head_trump=True), 6),
    ]


def random_policy(rules: Any, rnd: random.Random) -> None:
    policy = rules.policy
    policy.void_trump = rnd.choice(VOID)
    policy.overtrump = rnd.choice(OVER)
    for flag in FLAGS:
        setattr(policy, flag, rnd.random() < 0.5)
    rules.policy = policy


def deal(rules: Any, players: int, rnd: random.Random) -> list[int]:
    deck = cards(rules.deck)
    rnd.shuffle(deck)
    size = min(len(deck) // players, 8)
    return [sum(1 << c for c in deck[p * size : (p + 1) * size]) for p in range(players)]


def check_playout(rules: Any, players: int, rnd: random.Random) -> None:
    hands = deal(rules, players, rnd)
    sides = [p % 2 for p in range(players)]
    state = _core.PlayState(rules, hands, sides, rnd.randrange(players))
    snapshots = []
    while not state.is_terminal():
        trick = [c for _, c in state.trick()]
        seat = state.to_move
        partner = bool(trick) and sides[state.current_winner()] == sides[seat]
        expected = reference_legal(rules, state.hand(seat), trick, partner)
        assert state.legal_moves() == expected, (trick, cards(state.hand(seat)))
        assert _core.legal_cards(rules, state.hand(seat), trick, partner) == expected
        if trick:
            assert state.current_winner() == state.trick()[reference_winner(rules, trick)][0]
        snapshots.append(snapshot(state))
        state.play(rnd.choice(cards(expected)))
        if not state.trick():
            record = state.trick_records()[-1]
            history = state.history()[record.first : record.first + record.size]
            winner = history[reference_winner(rules, [c for _, c in history])][0]
            assert record.winner == winner
            points = sum(rules.points(c) for _, c in history)
            bonus = rules.last_trick_bonus if state.is_terminal() else 0
            assert record.points == points + bonus
    # Undo back to the start: every intermediate state comes back exactly.
    while snapshots:
        state.undo()
        assert snapshot(state) == snapshots.pop()


def snapshot(state: Any) -> tuple[Any, ...]:
    n = state.num_players
    return (
        [state.hand(p) for p in range(n)],
        state.trick(),
        state.history(),
        state.to_move,
        state.leader,
        state.legal_moves(),
        state.current_winner(),
        [(r.leader, r.winner, r.points, r.bonus, r.first, r.size) for r in state.trick_records()],
        [(state.points_won(p), state.bonus_won(p), state.tricks_won(p)) for p in range(n)],
        [state.cards_won(p) for p in range(n)],
        state.folds(),
        state.active,
    )


def test_game_tables_against_reference() -> None:
    rnd = random.Random(1)
    for trump in range(4):
        for rules, players in tables(trump):
            for _ in range(6):
                check_playout(rules, players, rnd)


@settings(max_examples=60, deadline=None)
@given(st.integers(0, 3), st.integers(0, 7), st.integers(0, 2**32 - 1))
def test_any_policy_against_reference(trump: int, index: int, seed: int) -> None:
    rnd = random.Random(seed)
    rules, players = tables(trump)[index]
    random_policy(rules, rnd)
    check_playout(rules, players, rnd)


def test_folding_play_and_undo() -> None:
    rnd = random.Random(5)
    deck = _core.allfours_deck(0x1FFF, False)
    for trump in range(4):
        rules = _core.allfours_rules(trump, deck)
        for _ in range(10):
            hands = deal(rules, 4, rnd)
            state = _core.PlayState(rules, hands, [0, 1, 0, 1], rnd.randrange(4), folding=True)
            snapshots = []
            while not state.is_terminal():
                snapshots.append(snapshot(state))
                if state.can_fold() and rnd.random() < 0.5:
                    state.fold()
                else:
                    state.play(rnd.choice(cards(state.legal_moves())))
            while snapshots:
                state.undo()
                assert snapshot(state) == snapshots.pop()


def replay(start: Any, played: Any) -> Any:
    """The cards (and folds) of ``played`` since ``start`` applied to a copy of ``start`` with
    the checked entry points."""
    state = start.copy()
    history = played.history()[start.cards_played :]
    folds = [f for f in played.folds() if f not in start.folds()]
    for seat, card in history:
        while folds and folds[0][1] == state.cards_played:
            assert state.to_move == folds[0][0]
            state.fold()
            folds.pop(0)
        assert state.to_move == seat
        state.play(card)
    while folds:
        state.fold()
        folds.pop(0)
    return state


@settings(max_examples=80, deadline=None)
@given(st.integers(0, 3), st.integers(0, 7), st.integers(0, 2**32 - 1), st.integers(0, 12))
def test_play_random_plays_legal_cards(trump: int, index: int, seed: int, first: int) -> None:
    """play_random (the batch playouts' loop, a trick at a time) plays only legal cards and
    keeps every record as play() does, from any point of a deal, with any policy."""
    rnd = random.Random(seed)
    rules, players = tables(trump)[index]
    if seed % 2:
        random_policy(rules, rnd)
    hands = deal(rules, players, rnd)
    sides = [p % 2 for p in range(players)]
    start = _core.PlayState(rules, hands, sides, rnd.randrange(players))
    for _ in range(first):
        if start.is_terminal():
            break
        start.play(rnd.choice(cards(start.legal_moves())))
    played = start.copy()
    count = played.play_random(seed)
    assert played.is_terminal()
    assert count == played.cards_played - start.cards_played
    assert snapshot(replay(start, played)) == snapshot(played)
    again = start.copy()
    again.play_random(seed)
    assert again.history() == played.history()


def test_play_random_with_folds() -> None:
    deck = _core.allfours_deck(0x1FFF, False)
    folded = 0
    for seed in range(60):
        rnd = random.Random(seed)
        rules = _core.allfours_rules(seed % 4, deck)
        hands = deal(rules, 4, rnd)
        start = _core.PlayState(rules, hands, [0, 1, 0, 1], seed % 4, folding=True)
        played = start.copy()
        played.play_random(seed)
        assert played.is_terminal()
        folded += len(played.folds())
        assert snapshot(replay(start, played)) == snapshot(played)
    assert folded > 0


def test_play_random_keeps_the_forced_first_lead() -> None:
    for seed in range(40):
        rnd = random.Random(seed)
        trump = seed % 4
        rules = _core.kiksas_rules(trump)
        queen = _core.kiksas_trump_queen(trump)
        hands = deal(rules, 4, rnd)
        holder = next(p for p in range(4) if (hands[p] >> queen) & 1)
        state = _core.PlayState(rules, hands, [0, 1, 0, 1], holder, first_lead_cards=1 << queen)
        state.play_random(seed)
        assert state.history()[0] == (holder, queen)
