"""The solver's game objectives (Kirves winning the deal, the Kiksas race, All Fours game
points) against a plain brute-force minimax on random endings.

Kirves and the Kiksas race are scored here with their own arithmetic from the trick winners
(R9.1 of the Kirves spec, §3.7 of the Kiksas spec), so they share only the rules of play with
the solver. All Fours endings are scored with ``allfours_score`` (itself checked item by item
against an independent recount in test_allfours*.py): what is checked here is the search, its
bounds, its table keys and its equivalent cards. One solver is reused across every position of
a test, so table entries of one deal must never be read as another's.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial

import pytest

from tricktaker import _core as K

KIRVES_WIN = K.ObjectiveKind.KIRVES_WIN
KIKSAS_RACE = K.ObjectiveKind.KIKSAS_RACE
POINTS = K.ObjectiveKind.POINTS
MARGIN = K.ObjectiveKind.MARGIN


def cards_of(mask: int) -> list[int]:
    return [c for c in range(64) if mask >> c & 1]


def deal(rng: random.Random, deck: int, players: int, per_hand: int) -> list[int]:
    cards = cards_of(deck)
    rng.shuffle(cards)
    return [sum(1 << c for c in cards[i * per_hand : (i + 1) * per_hand]) for i in range(players)]


def play_until(rng: random.Random, state: K.PlayState, cards_left: int) -> None:
    held = sum(bin(state.hand(p)).count("1") for p in range(state.num_players))
    for _ in range(held - cards_left):
        state.play(rng.choice(state.legal_cards()))


def ending(rng: random.Random, players: int) -> int:
    """Cards left in an ending of 2 or 3 tricks (4 with three players or fewer), at a trick
    boundary or inside a trick."""
    tricks = rng.choice([2, 3, 4] if players <= 3 else [2, 3])
    return tricks * players - rng.randrange(players)


def minimax(state: K.PlayState, side: int, score: Callable[[K.PlayState], int]) -> int:
    """Every legal card, and a fold where the player may fold."""
    if state.is_terminal():
        return score(state)
    maxing = state.side(state.to_move) == side
    values = []
    for c in state.legal_cards():
        state.play(c)
        values.append(minimax(state, side, score))
        state.undo()
    if state.can_fold():
        FOLDS_SEEN[0] += 1
        state.fold()
        values.append(minimax(state, side, score))
        state.undo()
    return max(values) if maxing else min(values)


FOLDS_SEEN = [0]  # folds the brute force has searched (the folding tests must meet some)


def check(
    solver: K.Solver,
    state: K.PlayState,
    objective: K.Objective,
    side: int,
    score: Callable[[K.PlayState], int],
) -> None:
    """The solver's value and every card's value equal brute force."""
    expected = minimax(state, side, score)
    result = solver.solve(state, objective)
    assert result.value == expected
    assert solver.value(state, objective) == expected
    for card, value in result.cards:
        state.play(card)
        assert value == minimax(state, side, score), K.card_to_string(card)
        state.undo()
    values = [v for _, v in result.cards]
    assert result.can_fold == state.can_fold()
    if state.can_fold():
        state.fold()
        assert result.fold_value == minimax(state, side, score)
        state.undo()
        values.append(result.fold_value)
    best = max if state.side(state.to_move) == side else min
    assert best(values) == expected


# --- Kirves ---------------------------------------------------------------------------------


def kirves_winning_seat(winners: list[int]) -> int:
    """R9.1 on a played-out deal: three tricks; else the first to two; else the last trick."""
    counts: dict[int, int] = {}
    first_to_two = None
    for p in winners:
        counts[p] = counts.get(p, 0) + 1
        if counts[p] == 3:
            return p
        if counts[p] == 2 and first_to_two is None:
            first_to_two = p
    return first_to_two if first_to_two is not None else winners[-1]


def kirves_win(state: K.PlayState, side: int) -> int:
    winners = [state.trick_record(i).winner for i in range(state.tricks_played)]
    return int(state.side(kirves_winning_seat(winners)) == side)


@pytest.mark.parametrize("players", [3, 4, 5])
@pytest.mark.parametrize("layout", ["maker", "free_for_all"])
def test_kirves_win_matches_brute_force(players: int, layout: str) -> None:
    rng = random.Random(players * 10 + len(layout))
    solver = K.Solver(memory_mb=4)
    values = set()
    for _ in range(30):
        trump = rng.randrange(4)
        rules = K.kirves_rules(
            trump, overtake_required=rng.random() < 0.3, must_trump_when_void=rng.random() < 0.3
        )
        hands = deal(rng, K.kirves_deck(), players, 5)
        maker = rng.randrange(players)
        sides = (
            [0 if p == maker else 1 for p in range(players)]
            if layout == "maker"
            else list(range(players))
        )
        state = K.PlayState(rules, hands, sides, rng.randrange(players))
        play_until(rng, state, ending(rng, players))
        side = rng.choice(sorted(set(sides)))
        objective = K.Objective(kind=KIRVES_WIN, side=side)
        check(solver, state, objective, side, lambda s, side=side: kirves_win(s, side))
        values.add(solver.value(state, objective))
    assert values == {0, 1}


def test_kirves_decided_deal_needs_no_search() -> None:
    """A seat with three tricks has won: the value is fixed whatever is left."""
    rng = random.Random(5)
    for _ in range(50):
        rules = K.kirves_rules(rng.randrange(4))
        state = K.PlayState(rules, deal(rng, K.kirves_deck(), 4, 5), [0, 1, 1, 1], 0)
        while not state.is_terminal():
            winners = [state.trick_record(i).winner for i in range(state.tricks_played)]
            if any(winners.count(p) >= 3 for p in range(4)):
                break
            state.play(rng.choice(state.legal_cards()))
        if state.is_terminal():
            continue
        solver = K.Solver(memory_mb=1)
        result = solver.solve(state, K.Objective(kind=KIRVES_WIN, side=0))
        winners = [state.trick_record(i).winner for i in range(state.tricks_played)]
        assert result.value == int(kirves_winning_seat(winners) == 0)
        return
    pytest.fail("no early decided deal found")


# --- Kiksas ---------------------------------------------------------------------------------


def kiksas_race_winner(state: K.PlayState, targets: tuple[int, int]) -> int:
    """§3.7: the side whose running total (last trick with its 10) first reaches its target."""
    for side in (0, 1):
        if targets[side] == 0:
            return side
    running = [0, 0]
    last = state.tricks_played - 1
    for i in range(state.tricks_played):
        record = state.trick_record(i)
        side = state.side(record.winner)
        points = sum(state.rules.points(c) for c in cards_of(record_cards(state, i)))
        running[side] += points + (10 if i == last and state.is_terminal() else 0)
        if running[side] >= targets[side]:
            return side
    raise AssertionError("no side reached its target")


def record_cards(state: K.PlayState, trick: int) -> int:
    size = state.trick_size
    history = state.history()
    return sum(1 << card for _, card in history[trick * size : (trick + 1) * size])


@pytest.mark.parametrize("players", [4, 3])
def test_kiksas_race_matches_brute_force(players: int) -> None:
    rng = random.Random(players)
    solver = K.Solver(memory_mb=4)
    per_hand = 24 // players
    values = set()
    for _ in range(30):
        trump = rng.randrange(4)
        rules = K.kiksas_rules(
            trump,
            must_overtrump=rng.random() < 0.3,
            must_head_in_suit=rng.random() < 0.3,
            partner_exemption=rng.random() < 0.3,
        )
        hands = deal(rng, K.kiksas_deck(), players, per_hand)
        sides = [0, 1, 0, 1] if players == 4 else [0, 1, 1]
        state = K.PlayState(rules, hands, sides, rng.randrange(players))
        first = rng.choice([0, 0, 0, 20, 45, 69, 70, 93, 138])
        targets = (first, 138 - first)
        play_until(rng, state, ending(rng, players))
        side = rng.randrange(2)
        objective = K.Objective(kind=KIKSAS_RACE, side=side, kiksas_targets=targets)
        check(
            solver,
            state,
            objective,
            side,
            lambda s, t=targets, side=side: int(kiksas_race_winner(s, t) == side),
        )
        values.add(solver.value(state, objective))
    assert values == {0, 1}


def test_kiksas_race_agrees_with_the_deal_evaluation() -> None:
    """The race winner the solver plays for is the one kiksas_evaluate records."""
    rng = random.Random(11)
    for _ in range(40):
        state = K.PlayState(
            K.kiksas_rules(rng.randrange(4)), deal(rng, K.kiksas_deck(), 4, 6), [0, 1, 0, 1], 0
        )
        play_until(rng, state, 0)
        first = rng.randrange(139)
        ctx = K.KiksasDealContext()
        ctx.type = K.KiksasDealType.WRITING_OFF
        ctx.targets = [first, 138 - first]
        assert K.kiksas_evaluate(state, ctx).race_winner == kiksas_race_winner(
            state, (first, 138 - first)
        )


def test_kiksas_race_bad_targets() -> None:
    state = K.PlayState(
        K.kiksas_rules(0), deal(random.Random(1), K.kiksas_deck(), 4, 6), [0, 1, 0, 1], 0
    )
    with pytest.raises(ValueError, match="summing to 138"):
        K.Solver(memory_mb=1).value(state, K.Objective(kind=KIKSAS_RACE, kiksas_targets=(70, 70)))


AKIS_KINDS = [K.AkisKind.OWN_TRUMPS, K.AkisKind.NO_TRUMPS_ALL, K.AkisKind.NO_TRUMPS_NONE]


def akis_won(state: K.PlayState, kind: K.AkisKind, akis_side: int, side: int) -> int:
    """§3.8: the Akis side takes every trick ((a), (b)) or none ((c))."""
    akis_tricks = state.side_tricks(akis_side)
    made = (
        akis_tricks == 0
        if kind == K.AkisKind.NO_TRUMPS_NONE
        else akis_tricks == state.tricks_played
    )
    return int(made == (side == akis_side))


@pytest.mark.parametrize("kind", AKIS_KINDS)
def test_kiksas_akis_matches_brute_force(kind: K.AkisKind) -> None:
    """The Akis player leads every trick (a fixed leader), with or without trumps."""
    rng = random.Random(int(kind))
    solver = K.Solver(memory_mb=4)
    values = set()
    for _ in range(20):
        trump = -1 if kind != K.AkisKind.OWN_TRUMPS else rng.randrange(4)
        hands = deal(rng, K.kiksas_deck(), 4, 6)
        soloist = rng.randrange(4)
        state = K.PlayState(
            K.kiksas_rules(trump), hands, [0, 1, 0, 1], soloist, fixed_leader=soloist
        )
        play_until(rng, state, ending(rng, 4))
        side = rng.randrange(2)
        objective = K.Objective(
            kind=K.ObjectiveKind.KIKSAS_AKIS, side=side, akis=kind, akis_side=soloist % 2
        )
        score = partial(akis_won, kind=kind, akis_side=soloist % 2, side=side)
        check(solver, state, objective, side, score)
        values.add(solver.value(state, objective))
    assert values == {0, 1}


# --- All Fours ------------------------------------------------------------------------------

FULL_DECK = K.allfours_deck(0x1FFF, False)
JOKER_DECK = K.allfours_deck(0x1FFF, True)


def random_scoring(rng: random.Random, jokers: bool) -> dict[str, object]:
    return {
        "hang_jack": rng.random() < 0.6,
        "low_to_captor": rng.random() < 0.4,
        "game_tie_non_dealer": rng.random() < 0.4,
        "jick": rng.random() < 0.4,
        "jokers": jokers,
        "five": rng.choice([0, 0, 1, 5]),
        "trey": rng.random() < 0.3,
        "last_trick": rng.random() < 0.4,
        "shoot_the_moon": rng.random() < 0.4,
        "moon_requires_bid": rng.random() < 0.2,
    }


def allfours_value(
    state: K.PlayState, kind: str, side: int, contract: dict[str, int], items: dict[str, object]
) -> int:
    score = list(K.allfours_score(state, **contract, **items).score)  # type: ignore[arg-type]
    if kind == "points":
        return score[side]
    n_sides = max(state.side(p) for p in range(state.num_players)) + 1
    return sum(v if k == side else -v for k, v in enumerate(score[:n_sides]))


def random_allfours(
    rng: random.Random, no_undertrump: bool = False
) -> tuple[dict[str, object], int, K.RulesTable]:
    """Random scoring items (jokers three times in ten), their deck and the rules of a random
    trump suit."""
    jokers = rng.random() < 0.3
    items = random_scoring(rng, jokers)
    deck = JOKER_DECK if jokers else FULL_DECK
    rules = K.allfours_rules(
        rng.randrange(4), deck, jick=bool(items["jick"]), no_undertrump=no_undertrump
    )
    return items, deck, rules


def random_objective(
    rng: random.Random,
    items: dict[str, object],
    players: int,
    sides: int = 2,
    kind: str | None = None,
) -> tuple[K.Objective, int, Callable[[K.PlayState], int]]:
    """A random dealer, contract (or none), side and, unless given, kind (points or margin):
    the solver's objective, the side, and the brute force's score of a finished play."""
    dealer = rng.randrange(players)
    bidding_side = rng.choice([-1, *range(sides)])
    bid = rng.randrange(2, 6) if bidding_side >= 0 else 0
    side = rng.randrange(sides)
    kind = kind or rng.choice(["points", "margin"])
    objective = K.Objective(
        kind=POINTS if kind == "points" else MARGIN,
        side=side,
        scoring=K.Scoring.ALLFOURS,
        allfours=K.AllFoursScoringOptions(**items),
        dealer=dealer,
        bidding_side=bidding_side,
        bid=bid,
    )
    contract = {"dealer": dealer, "bidding_side": bidding_side, "bid": bid}
    return (
        objective,
        side,
        partial(allfours_value, kind=kind, side=side, contract=contract, items=items),
    )


@pytest.mark.parametrize("players", [6, 5, 4, 3, 2])
@pytest.mark.parametrize("kind", ["points", "margin"])
@pytest.mark.parametrize("folding", [False, True])
def test_allfours_game_points_match_brute_force(players: int, kind: str, folding: bool) -> None:
    """Also with folding (PV10): a fold is one more move, searched exactly."""
    rng = random.Random(players * 7 + len(kind) + folding)
    folds_before = FOLDS_SEEN[0]
    solver = K.Solver(memory_mb=4)
    values = set()
    for _ in range(25):
        items, deck, rules = random_allfours(rng, rng.random() < 0.3)
        hands = deal(rng, deck, players, 6)
        sides = [0, 1, 0, 1] if players == 4 else list(range(players))
        state = K.PlayState(rules, hands, sides, rng.randrange(players), folding=folding)
        play_until(rng, state, ending(rng, players))
        objective, side, score = random_objective(rng, items, players, max(sides) + 1, kind)
        check(solver, state, objective, side, score)
        values.add(solver.value(state, objective))
    assert len(values) >= 4
    assert (FOLDS_SEEN[0] > folds_before) == folding


def test_allfours_objective_errors() -> None:
    rng = random.Random(3)
    state = K.PlayState(K.allfours_rules(0, FULL_DECK), deal(rng, FULL_DECK, 4, 6), [0, 1, 0, 1], 0)
    solver = K.Solver(memory_mb=1)
    with pytest.raises(ValueError, match="dealer 7 is not a seat"):
        solver.value(state, K.Objective(scoring=K.Scoring.ALLFOURS, dealer=7))
    with pytest.raises(ValueError, match="bidding side 2 is not a side"):
        solver.value(state, K.Objective(scoring=K.Scoring.ALLFOURS, bidding_side=2, bid=2))
    with pytest.raises(ValueError, match="five must be"):
        K.AllFoursScoringOptions(five=3)


@pytest.mark.parametrize("players", [4, 2])
@pytest.mark.parametrize("folding", [False, True])
def test_allfours_game_race_bounds_match_brute_force(players: int, folding: bool) -> None:
    """Endings where Game is open: the bounds on the game values each side can still take
    (sure cards, the tricks they win, a card of every hand per trick) must keep the value exact,
    with and without jokers and extras, and with either rule for a tied Game."""
    rng = random.Random(1234 + players + 10 * folding)
    solver = K.Solver(memory_mb=4)
    values = set()
    for _ in range(40):
        items, deck, rules = random_allfours(rng)
        hands = deal(rng, deck, players, 6)
        sides = [0, 1, 0, 1] if players == 4 else [0, 1]
        state = K.PlayState(rules, hands, sides, rng.randrange(players), folding=folding)
        # Play on while the Game race is still open, to an ending at a trick boundary.
        play_until(rng, state, rng.choice([2, 3]) * players)
        objective, side, score = random_objective(rng, items, players)
        check(solver, state, objective, side, score)
        values.add(solver.value(state, objective))
    assert len(values) >= 4


def test_allfours_no_trump_endings_match_brute_force() -> None:
    """Endings with every trump gone: the play is plain follow suit, and the leader's side's
    quick tricks bound the game values either side can still take."""
    rng = random.Random(77)
    solver = K.Solver(memory_mb=4)
    values = set()
    found = 0
    while found < 100:
        items, deck, rules = random_allfours(rng)
        state = K.PlayState(rules, deal(rng, deck, 4, 6), [0, 1, 0, 1], rng.randrange(4))
        left = rng.choice([2, 3]) * 4
        trumps = rules.trump_cards
        # Trumps first, so that they run out before the ending.
        while sum(bin(state.hand(p)).count("1") for p in range(4)) > left:
            legal = state.legal_cards()
            trump_moves = [c for c in legal if (trumps >> c) & 1]
            state.play(rng.choice(trump_moves or legal))
        if any(state.hand(p) & trumps for p in range(4)):
            continue
        found += 1
        objective, side, score = random_objective(rng, items, players=4)
        check(solver, state, objective, side, score)
        values.add(solver.value(state, objective))
    assert len(values) >= 4


def memo_minimax(
    state: K.PlayState,
    side: int,
    score: Callable[[K.PlayState], int],
    memo: dict[tuple[int, ...], int],
) -> int:
    """Minimax without folds, remembering positions by what the rest of the play and the score
    can turn on: the hands, the trick, the mover, the cards and tricks each side has won."""
    if state.is_terminal():
        return score(state)
    n = state.num_players
    key = (
        *(state.hand(p) for p in range(n)),
        *(card for _, card in state.trick()),
        state.to_move,
        sum(state.cards_won(p) for p in range(n) if state.side(p) == 0),
        state.side_tricks(0),
        state.side_tricks(1),
    )
    if key not in memo:
        maxing = state.side(state.to_move) == side
        values = []
        for c in state.legal_cards():
            state.play(c)
            values.append(memo_minimax(state, side, score, memo))
            state.undo()
        memo[key] = max(values) if maxing else min(values)
    return memo[key]


def after_one_trick(state: K.PlayState) -> list[K.PlayState]:
    """Every position one trick on (from a trick boundary)."""
    out = []
    for c in state.legal_cards():
        child = state.copy()
        child.play(c)
        if child.trick_len == 0:
            out.append(child)
        else:
            out.extend(after_one_trick(child))
    return out


def test_allfours_split_game_values_share_entries() -> None:
    """Positions that differ only in how the game values taken so far split share table
    entries by the side's lead. Every position one trick into a four-trick ending meets many
    such others in one table; each value must still be exact."""
    rng = random.Random(2024)
    solver = K.Solver(memory_mb=4)
    values = set()
    for _ in range(12):
        items, deck, rules = random_allfours(rng)
        state = K.PlayState(rules, deal(rng, deck, 4, 6), [0, 1, 0, 1], rng.randrange(4))
        play_until(rng, state, 16)
        objective, side, score = random_objective(rng, items, players=4)
        memo: dict[tuple[int, ...], int] = {}
        solver.clear()
        for child in [state, *after_one_trick(state)]:
            value = solver.value(child, objective)
            assert value == memo_minimax(child, side, score, memo)
            values.add(value)
    assert len(values) >= 3
