"""Fuzz target: the core play state's methods. The input picks a game, a seed and a number of
random actions, which give a deal's play state (or, before the play, a play state built from
the input's own hands, sides and options); then, byte by byte, a method and its argument:
seats, sides, card ids and indices in range, out of range, huge, a bool, a float or None;
hands to swap in; a bounded solver call. Only ``tt.Error``, ``ValueError`` and ``TypeError``
may escape; a rejected call leaves the state as it was, and every card stays in one place (a
hand, the history or a fold)."""

from __future__ import annotations

import os
import random
import sys
from collections.abc import Callable, Iterator
from typing import Any

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))

import harness  # noqa: E402

import tricktaker as tt  # noqa: E402
from tricktaker import _core  # noqa: E402

REJECTED = (tt.Error, ValueError, TypeError)
HOSTILE: list[Any] = [-1, -2, 64, 255, 2**31 - 1, -(2**31), 2**63, -(2**63) - 1, True, None, 1.5]
OBJECTIVES = [_core.ObjectiveKind.TRICKS, _core.ObjectiveKind.POINTS, _core.ObjectiveKind.MARGIN]


def _int(code: int, size: int) -> Any:
    """An index: in range for most codes, else a hostile value."""
    return code % (size + 2) - 1 if code < 200 else HOSTILE[code % len(HOSTILE)]


def _snapshot(state: _core.PlayState) -> tuple[Any, ...]:
    return (
        state.history(),
        [state.hand(p) for p in range(state.num_players)],
        state.folds(),
        state.to_move,
        state.active,
        [state.points_won(p) for p in range(state.num_players)],
    )


def _cards_in_place(state: _core.PlayState, total: int) -> None:
    """Every card of the start is in exactly one hand, the history or a fold."""
    held = [state.hand(p) for p in range(state.num_players)]
    held += [1 << c for _, c in state.history()]
    held += [cards for _, _, cards in state.folds()]
    union = 0
    for cards in held:
        if union & cards:
            raise AssertionError(f"a card is in two places: {held}")
        union |= cards
    if union != total:
        raise AssertionError(f"cards went missing or appeared: {union:#x} != {total:#x}")


def _raw_state(data: Iterator[int]) -> _core.PlayState | None:
    """A play state from the input alone: a whist or plain table, hands dealt from a shuffle
    of the deck, and the input's sides, leader and options (most are rejected)."""
    seats = next(data, 4) % 11
    ranks = 2 + next(data, 0) % 12
    trump = next(data, 0) % 5 - 1
    rules = _core.whist_rules(trump, ranks)
    deck = [c for c in range(64) if (rules.deck >> c) & 1]
    random.Random(next(data, 0)).shuffle(deck)
    size = next(data, 1) % 7
    hands = [sum(1 << c for c in deck[p * size : (p + 1) * size]) for p in range(seats)]
    sides = [_int(next(data, 0), 3) for _ in range(seats)]
    try:
        return _core.PlayState(
            rules,
            hands,
            sides,
            _int(next(data, 0), seats),
            active=next(data, 0) << 2,
            fixed_leader=_int(next(data, 255), seats),
            folding=bool(next(data, 0) & 1),
            tricks=next(data, 0) % 8,
        )
    except REJECTED:  # a TypeError for a float or None among the sides
        return None


def _solve(state: _core.PlayState, code: int) -> None:
    objective = _core.Objective(kind=OBJECTIVES[code % 3], side=code % 5 - 1)
    solver = _core.Solver(memory_mb=1)
    try:
        result = solver.solve(state, objective, max_nodes=20_000)
    except tt.SearchLimitExceeded:
        return
    # The value is that of the best card for the side to move (or of folding).
    values = [v for _, v in result.cards] + ([result.fold_value] if result.can_fold else [])
    if values and result.value not in values:
        raise AssertionError(f"value {result.value} is no card's: {values}")


def _operations(state: _core.PlayState) -> list[Callable[[int], Any]]:
    n = state.num_players
    table = [f"item{c}" for c in range(64)]
    return [
        lambda code: state.play(_int(code, 64)),
        lambda code: state.step(_int(code, 64)),
        lambda code: state.step_items(_int(code, 64), table),
        lambda code: state.play_any_held(_int(code, 64)),
        lambda code: state.play(state.legal_cards()[code % len(state.legal_cards())]),
        lambda code: state.undo(),
        lambda code: state.fold(),
        lambda code: state.play_random(code),
        lambda code: state.set_hands([state.hand((p + code) % n) for p in range(n)]),
        lambda code: state.set_hands([_int(code, 64)] * n),
        lambda code: state.side(_int(code, n)),
        lambda code: state.hand(_int(code, n)),
        lambda code: state.points_won(_int(code, n)),
        lambda code: state.bonus_won(_int(code, n)),
        lambda code: state.tricks_won(_int(code, n)),
        lambda code: state.cards_won(_int(code, n)),
        lambda code: state.folded_cards(_int(code, n)),
        lambda code: state.side_points(_int(code, 10)),
        lambda code: state.side_bonus(_int(code, 10)),
        lambda code: state.side_tricks(_int(code, 10)),
        lambda code: state.trick_record(_int(code, state.tricks_played + 1) - 1),
        lambda code: (state.trick(), state.history(), state.trick_records(), state.folds()),
        lambda code: (state.current_winner(), state.can_fold(), state.is_terminal()),
        lambda code: _core.history_is_legal(state),
        lambda code: _core.play_exclusions(state, [0] * n, _int(code, 2**40)),
        lambda code: _core.trick_winner_index(state.rules, [_int(code, 64)] * (code % 4)),
        lambda code: _core.legal_cards(state.rules, state.hand(0), [_int(code, 64)], True),
        lambda code: _solve(state, code),
    ]


def TestOneInput(data: bytes) -> None:  # noqa: N802  (the name atheris looks for)
    if len(data) < 3:
        return
    stream = iter(data)
    case, seed, steps = next(stream), next(stream), next(stream)
    deal = harness.game(case).new_deal(seed=seed)
    harness.random_walk(deal, random.Random(seed), steps % 40)
    made = harness.rejects_cleanly(deal.play_state)
    state = made if made is not None else _raw_state(stream)
    if state is None:
        return
    total = 0
    for cards in [state.hand(p) for p in range(state.num_players)] + [
        cards for _, _, cards in state.folds()
    ]:
        total |= cards
    for _, c in state.history():
        total |= 1 << c
    operations = _operations(state)
    for code in stream:
        operation = operations[code % len(operations)]
        argument = next(stream, 0)
        before = _snapshot(state)
        try:
            operation(argument)
        except REJECTED:
            if _snapshot(state) != before:
                raise AssertionError("a rejected call changed the play state") from None
        except ZeroDivisionError:  # legal_cards() empty: the play is over
            if not state.is_terminal():
                raise
        _cards_in_place(state, total)
        copy = state.copy()
        if _snapshot(copy) != _snapshot(state):
            raise AssertionError("a copy differs from its original")


if __name__ == "__main__":
    harness.fuzz(TestOneInput)
