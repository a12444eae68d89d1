"""The double-dummy solver's values stay exactly what they were.

``tests/data/solver_golden.json`` holds, for random full deals and positions part-way through
the play of every game and objective the solver serves (Klaverjas points, margin and made/nat;
whist trick counts on 32 and 52 cards; Kiksas and Trikiksis points and races; Kirves; All Fours
under three scorings), the value of each position and, for every third one, every card's value
(``Solver.solve``). Some calls meet a table a previous call warmed, as callers' calls do. The
values were taken before the solver's speed work of issue 33, so they pin down that its rules
(bounds, table keys, move order, windows) change the speed alone. When a rule change really
changes a value, find out why first; regenerate with ``python tests/test_solver_golden.py
--write`` only for a change of the games' rules.
"""

from __future__ import annotations

import json
import random
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

import tricktaker as tt
from tricktaker import _core as K
from tricktaker.games.allfours.tables import scoring_items

GOLDEN = Path(__file__).parent / "data" / "solver_golden.json"
SEED = 33
PIQUET = [s * 16 + r for s in range(4) for r in range(5, 13)]

Position = tuple[Any, Any]  # (PlayState, Objective)
Maker = Callable[[random.Random], Position]


def deck_cards(ranks: int) -> list[int]:
    return [s * 16 + r for s in range(4) for r in range(12, 12 - ranks, -1)]


def split(rng: random.Random, cards: list[int], players: int, per_hand: int) -> list[int]:
    cards = list(cards)
    rng.shuffle(cards)
    return [sum(1 << c for c in cards[i * per_hand : (i + 1) * per_hand]) for i in range(players)]


def deck_list(deck: int) -> list[int]:
    return [c for c in range(64) if deck >> c & 1]


def klaverjas(kind: Any) -> Maker:
    def make(rng: random.Random) -> Position:
        trump = rng.randrange(4)
        rules = K.klaverjas_rules(trump, rotterdam=rng.random() < 0.5)
        state = K.PlayState(rules, split(rng, PIQUET, 4, 8), [0, 1, 0, 1], rng.randrange(4))
        playing = rng.randrange(2)
        side = playing if rng.random() < 0.7 else 1 - playing
        objective = K.Objective(
            kind=kind, side=side, scoring=K.Scoring.KLAVERJAS, playing_team=playing
        )
        return state, objective

    return make


def whist(ranks: int) -> Maker:
    def make(rng: random.Random) -> Position:
        hands = split(rng, deck_cards(ranks), 4, ranks)
        strain = rng.randrange(5)
        state = K.whist_state(hands, strain if strain < 4 else -1, rng.randrange(4), ranks)
        return state, K.Objective(kind=K.ObjectiveKind.TRICKS)

    return make


def kirves(rng: random.Random) -> Position:
    rules = K.kirves_rules(rng.randrange(4))
    hands = split(rng, deck_list(K.kirves_deck()), 4, 5)
    state = K.PlayState(rules, hands, [0, 1, 1, 1], 0)
    return state, K.Objective(kind=K.ObjectiveKind.KIRVES_WIN, side=0)


def kiksas(players: int, race: bool) -> Maker:
    def make(rng: random.Random) -> Position:
        rules = K.kiksas_rules(rng.randrange(4))
        hands = split(rng, deck_list(K.kiksas_deck()), players, 24 // players)
        sides = [0, 1, 0, 1] if players == 4 else [0, 1, 1]
        state = K.PlayState(rules, hands, sides, 0)
        if not race:
            return state, K.Objective(kind=K.ObjectiveKind.POINTS, side=0)
        first = rng.randrange(40, 99)
        targets = (first, 138 - first)
        return state, K.Objective(kind=K.ObjectiveKind.KIKSAS_RACE, side=0, kiksas_targets=targets)

    return make


# The items each All Fours case scores, from the game's own options (``scoring_items``): the
# Oklahoma case adds the five and the last trick, items no preset scores, so that the solver's
# every item is covered.
ALLFOURS_OPTIONS: dict[str, dict[str, Any]] = {
    "trinidad": {},
    "auction_pitch": {},
    "oklahoma_ten_point": {"five": 5, "last_trick": True},
}


def allfours_items(preset: str) -> dict[str, Any]:
    return scoring_items(tt.load("allfours", preset=preset, **ALLFOURS_OPTIONS[preset]).options)


def allfours(preset: str) -> Maker:
    items = allfours_items(preset)
    deck = K.allfours_deck(0x1FFF, bool(items["jokers"]))

    def make(rng: random.Random) -> Position:
        rules = K.allfours_rules(rng.randrange(4), deck, jick=bool(items["jick"]))
        state = K.PlayState(rules, split(rng, deck_list(deck), 4, 6), [0, 1, 0, 1], 0)
        bid = rng.randrange(2, 5) if preset != "trinidad" else 0
        objective = K.Objective(
            kind=K.ObjectiveKind.POINTS,
            side=0,
            scoring=K.Scoring.ALLFOURS,
            allfours=K.AllFoursScoringOptions(**items),
            dealer=3,
            bidding_side=0 if bid else -1,
            bid=bid,
        )
        return state, objective

    return make


# Each case: how many positions, and how to deal one.
CASES: dict[str, tuple[int, Maker]] = {
    "klaverjas_points": (150, klaverjas(K.ObjectiveKind.POINTS)),
    "klaverjas_margin": (90, klaverjas(K.ObjectiveKind.MARGIN)),
    "klaverjas_made": (150, klaverjas(K.ObjectiveKind.KLAVERJAS_MADE)),
    "whist_32": (90, whist(8)),
    "whist_52": (8, whist(13)),
    "kirves_win": (60, kirves),
    "kiksas_points": (60, kiksas(4, False)),
    "kiksas_race": (60, kiksas(4, True)),
    "trikiksis_points": (60, kiksas(3, False)),
    "trikiksis_race": (60, kiksas(3, True)),
    "allfours_trinidad": (60, allfours("trinidad")),
    "allfours_auction_pitch": (60, allfours("auction_pitch")),
    "allfours_oklahoma": (60, allfours("oklahoma_ten_point")),
}


def values(name: str) -> list[Any]:
    """The case's values: full deals and (every second one) positions after random cards."""
    count, make = CASES[name]
    rng = random.Random(f"{SEED}-{name}")
    solver = K.Solver(memory_mb=16)
    out: list[Any] = []
    for i in range(count):
        state, objective = make(rng)
        if i % 2 == 1:
            for _ in range(rng.randrange(1, max(2, state.total_tricks * state.num_players // 2))):
                legal = state.legal_moves()
                state.play(rng.choice([c for c in range(64) if legal >> c & 1]))
        if i % 5 != 0:
            solver.clear()  # else the table keeps the previous call's entries
        if i % 3 == 0:
            result = solver.solve(state, objective)
            out.append([result.value, sorted(list(card) for card in result.cards)])
        else:
            out.append(solver.value(state, objective))
    return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_values_unchanged(name: str) -> None:
    golden = json.loads(GOLDEN.read_text())[name]
    got = values(name)
    differ = [i for i, (a, b) in enumerate(zip(golden, got, strict=True)) if a != b]
    assert not differ, f"{name}: positions {differ[:10]} changed value (of {len(golden)})"


if __name__ == "__main__":
    if "--write" not in sys.argv:
        sys.exit("usage: python tests/test_solver_golden.py --write")
    GOLDEN.write_text(json.dumps({name: values(name) for name in sorted(CASES)}) + "\n")
