"""Hardening of the C++ core against untrusted input (issue 37): the solver with every seat of
one side folded, indices crossing the binding, thread counts, table sizes and search limits.

Each test reproduces a crash or a gap first: before the fix the solver died of SIGFPE, the
per-seat methods read outside their arrays, a failed thread start aborted the process and a
huge ``memory_mb`` never returned.
"""

from __future__ import annotations

import math
import os
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker import _core
from tricktaker.bots.pimc import PimcBot, position_for
from tricktaker.bots.rule import RuleBot

PITCH_ONE_SIDE_LEFT = (
    "dealer=S2 trump=H leader=S0 pitcher=S0 bid=4 S0:J6.52.J.6 AT9.T.K.9 2.A3.7.Q4 -.9.4.AJT7 | "
    "5H TH 3H 9H KD AH 4D 2H 7D AC JD 9S JS TS 2S JC fold AS QC TC fold fold"
)
# A ten-seat Kirves deal at its first card: unbounded, its search runs for minutes.
KIRVES_TEN = (
    "players=10 dealer=A trump=C maker=H A:-.76.62.-.BJ K94.-.JT.- 62.2.5.T 7.K.84.9 5.QJ94.-.- "
    "8.T.A.83 J.-.97.65 -.-.-.AJ74.RJ A.A5.-.KQ QT.3.Q3.-"
)
TRICKS = _core.Objective(kind=_core.ObjectiveKind.TRICKS)


def card(text: str) -> int:
    return tt.Card.parse(text).id


def mask(cards: str) -> int:
    return sum(1 << card(c) for c in cards.split())


# --- item 1: every seat still playing on one side -------------------------------------------


def test_pitch_tricks_with_one_side_left_is_solved() -> None:
    game = tt.load("pitch", num_players=4, folding=True)
    deal = game.parse_position(PITCH_ONE_SIDE_LEFT)
    state = deal.play_state()
    sides_left = {state.side(p) for p in range(4) if (state.active >> p) & 1}
    assert len(sides_left) == 1  # the position the audit found
    result = tt.solve(deal, objective="tricks")
    # Nobody is left to take a trick from the side: it takes every trick still to play.
    assert result.value == state.total_tricks - state.tricks_played
    assert set(result.cards.values()) == {result.value}


def whist_folding_state(trump: int = 0) -> _core.PlayState:
    """N-S hold the trumps (spades); E and W hold none, so either may fold at his turn."""
    hands = [mask("AS KS QS"), mask("AH KH QH"), mask("JS TS 9S"), mask("AD KD QD")]
    return _core.PlayState(_core.whist_rules(trump, 13), hands, [0, 1, 0, 1], 1, folding=True)


def test_whist_state_where_both_defenders_fold_is_solved() -> None:
    state = whist_folding_state()
    assert state.can_fold()
    state.fold()  # E
    state.play(card("JS"))  # S
    assert state.can_fold()
    state.fold()  # W
    assert state.active == 0b0101
    solver = _core.Solver(memory_mb=1)
    ns = _core.Objective(kind=_core.ObjectiveKind.TRICKS, side=0)
    assert solver.value(state, ns) == 3
    assert solver.value(state, TRICKS) == 3  # the side to move (N-S)
    result = solver.solve(state, _core.Objective(kind=_core.ObjectiveKind.MARGIN, side=0))
    assert result.value == 0  # no card points in whist
    # The folded side has no seat in the play: a clear error, not a division by zero.
    with pytest.raises(tt.Error, match="not the side of any playing seat"):
        solver.value(state, _core.Objective(kind=_core.ObjectiveKind.TRICKS, side=1))


def minimax_tricks(state: _core.PlayState, side: int) -> int:
    """Tricks `side` takes from here with best play (every seat of it maximizes)."""
    if state.is_terminal():
        return 0
    before = state.side_tricks(side)
    values = []
    moves: list[int | None] = list(state.legal_cards())
    if state.can_fold():
        moves.append(None)
    for move in moves:
        child = state.copy()
        if move is None:
            child.fold()
        else:
            child.play(move)
        values.append(child.side_tricks(side) - before + minimax_tricks(child, side))
    return max(values) if state.side(state.to_move) == side else min(values)


@settings(max_examples=40, deadline=None)
@given(
    st.permutations(range(12)),
    st.integers(0, 3),
    st.lists(st.integers(0, 3), max_size=6),
)
def test_folding_whist_tricks_match_a_plain_minimax(
    order: list[int], leader: int, choices: list[int]
) -> None:
    # Three ranks of four suits, three cards a hand: a small deal a plain minimax settles.
    deck = [c for c in range(64) if (_core.whist_deck(3) >> c) & 1]
    hands = [sum(1 << deck[i] for i in order[3 * p : 3 * p + 3]) for p in range(4)]
    state = _core.PlayState(_core.whist_rules(0, 3), hands, [0, 1, 0, 1], leader, folding=True)
    for choice in choices:  # a random start, folds included
        if state.is_terminal():
            break
        moves: list[int | None] = list(state.legal_cards())
        if state.can_fold():
            moves.append(None)
        move = moves[choice % len(moves)]
        if move is None:
            state.fold()
        else:
            state.play(move)
    solver = _core.Solver(memory_mb=1)
    for side in {state.side(p) for p in range(4) if (state.active >> p) & 1}:
        objective = _core.Objective(kind=_core.ObjectiveKind.TRICKS, side=side)
        assert solver.value(state, objective) == minimax_tricks(state, side)


# --- item 2: indices crossing the binding ----------------------------------------------------

SEAT_METHODS = ["side", "hand", "points_won", "bonus_won", "tricks_won", "cards_won"]
SEAT_METHODS += ["folded_cards"]
BAD_INDICES = [4, 500, -1, 2**31 - 1, -(2**31), 2**63, -(2**63) - 1, 10**30]


def klaverjas_state() -> _core.PlayState:
    deal = tt.load("klaverjas").new_deal(seed=3, dealer="W")
    deal.apply("trump:H")
    for _ in range(5):
        deal.apply(deal.legal_actions()[0])
    return deal.play_state()


@pytest.mark.parametrize("method", SEAT_METHODS)
@pytest.mark.parametrize("seat", BAD_INDICES)
def test_seat_out_of_range_is_an_error_naming_the_range(method: str, seat: int) -> None:
    state = klaverjas_state()
    history = state.history()
    with pytest.raises(tt.Error, match=r"seat must be 0\.\.3"):
        getattr(state, method)(seat)
    assert state.history() == history


@pytest.mark.parametrize("method", SEAT_METHODS)
def test_seats_in_range_still_answer(method: str) -> None:
    state = klaverjas_state()
    for seat in range(4):
        getattr(state, method)(seat)
    with pytest.raises(TypeError, match="not bool"):
        getattr(state, method)(True)
    with pytest.raises(TypeError):
        getattr(state, method)(1.0)


@pytest.mark.parametrize("method", ["side_points", "side_bonus", "side_tricks"])
@pytest.mark.parametrize("side", [10, -1, 2**63])
def test_side_out_of_range_is_an_error(method: str, side: int) -> None:
    with pytest.raises(tt.Error, match=r"side must be 0\.\.9"):
        getattr(klaverjas_state(), method)(side)


@pytest.mark.parametrize("index", [1, -2, 2**63, -(2**63)])
def test_trick_record_out_of_range_is_an_error(index: int) -> None:
    state = klaverjas_state()  # one trick complete
    assert state.trick_record(0).size == 4 and state.trick_record(-1).size == 4
    with pytest.raises(tt.Error, match=r"-1\.\.0"):
        state.trick_record(index)


@pytest.mark.parametrize("method", ["play", "step", "play_any_held"])
@pytest.mark.parametrize("bad", [64, -1, 2**63, 2**200])
def test_a_card_id_out_of_range_is_an_illegal_action(method: str, bad: int) -> None:
    state = klaverjas_state()
    history = state.history()
    with pytest.raises(tt.IllegalAction, match="not a card id"):
        getattr(state, method)(bad)
    assert state.history() == history


def test_nothing_to_undo_is_an_error() -> None:
    state = whist_folding_state()
    with pytest.raises(tt.Error, match="nothing to undo"):
        state.undo()


# --- item 3: thread counts ---------------------------------------------------------------------


def test_thread_counts_over_the_cap_are_refused() -> None:
    assert _core.MAX_THREADS == 256
    klaverjas = tt.load("klaverjas")
    with pytest.raises(tt.Error, match=r"threads .* must be 0\.\.256, got 1000"):
        tt.random_playouts(klaverjas, 10, seed=1, threads=1000)
    states = [klaverjas_state()]
    with pytest.raises(tt.Error, match="got 600"):
        tt.solve_many(states, threads=600)
    with pytest.raises(tt.Error, match="got -1"):
        tt.solve_many(states, threads=-1)
    whist = tt.load("whist", ranks_per_suit=4).new_deal(seed=1)
    for deals in ([whist], [klaverjas.new_deal(seed=1)]):
        with pytest.raises(tt.Error, match="threads must be 0..256"):
            tt.dd_tables(deals, threads=1000)
    with pytest.raises(tt.Error, match="got 2000"):
        _core.DealSampler(mask("AS KS"), [1, 1], [mask("AS KS")] * 2).sample(4, 1, threads=2000)


FAILED_START = """
import resource
import tricktaker as tt

game = tt.load("klaverjas")
tt.random_playouts(game, 10, seed=1, threads=2)
with open("/proc/self/status") as f:
    vm = next(int(line.split()[1]) for line in f if line.startswith("VmSize")) * 1024
# Room for the batch's arrays but not for 256 thread stacks of 8 MB each.
resource.setrlimit(resource.RLIMIT_AS, (vm + 300 * 2**20, resource.RLIM_INFINITY))
try:
    tt.{call}
    print("no failure")
except RuntimeError as e:
    print("refused:", e)
print("alive", len(tt.random_playouts(game, 100, seed=1, threads=2)["trump"]))
"""


# AddressSanitizer reserves terabytes of address space for its shadow memory and maps more as
# it goes, so under an address-space limit the sanitizer itself fails before any thread does.
UNDER_ADDRESS_SANITIZER = "libasan" in os.environ.get("LD_PRELOAD", "")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="needs RLIMIT_AS and /proc")
@pytest.mark.skipif(UNDER_ADDRESS_SANITIZER, reason="an address-space limit breaks ASan itself")
@pytest.mark.parametrize(
    "call",
    [
        "random_playouts(game, 5000, seed=1, threads=256)",
        "solve_many([tt.load('whist').new_deal(seed=i) for i in range(300)], threads=256)",
    ],
)
def test_a_failed_thread_start_is_an_exception_not_an_abort(call: str) -> None:
    code = FAILED_START.replace("{call}", call)
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
    lines = done.stdout.splitlines()
    assert lines[-1] == "alive 100"
    # Under this limit some thread fails to start (the batch is refused, naming it); on a
    # system that still started them all the batch simply ran.
    assert lines[0].startswith("refused: could not start thread") or lines[0] == "no failure"


# --- item 4: table sizes -----------------------------------------------------------------------

BAD_MEMORY = [0, -1, 65537, 2**43, 2**64]


@pytest.mark.parametrize("memory_mb", BAD_MEMORY)
def test_memory_mb_is_checked_on_every_path(memory_mb: int) -> None:
    whist = tt.load("whist", ranks_per_suit=4).new_deal(seed=1)
    calls: list[Callable[[], Any]] = [
        lambda: _core.Solver(memory_mb=memory_mb),
        lambda: tt.Solver(memory_mb=memory_mb),
        lambda: tt.solve(whist, memory_mb=memory_mb),
        lambda: tt.solve_many([whist], memory_mb=memory_mb),
        lambda: tt.dd_table(whist, memory_mb=memory_mb),
        lambda: tt.dd_tables([whist], memory_mb=memory_mb),
        lambda: _core.whist_dd_tables(
            [[mask("AS"), mask("KS"), mask("QS"), mask("JS")]], 13, memory_mb=memory_mb
        ),
    ]
    for call in calls:
        with pytest.raises(tt.Error, match=r"memory_mb must be 1\.\.65536"):
            call()


# --- item 5: search limits ----------------------------------------------------------------------


def kirves_ten() -> Any:
    return tt.load("kirves", num_players=10).parse_position(KIRVES_TEN)


def test_a_ten_seat_kirves_deal_stops_at_its_node_limit() -> None:
    deal = kirves_ten()
    solver = tt.Solver(memory_mb=8)
    with pytest.raises(tt.SearchLimitExceeded, match="limit of 100000 nodes") as caught:
        solver.solve(deal, max_nodes=100_000)
    assert isinstance(caught.value, tt.Error) and isinstance(caught.value, ValueError)
    # The count stops within a node of the limit.
    assert 100_000 < solver.nodes <= 100_001


def test_a_ten_seat_kirves_deal_stops_at_its_time_limit() -> None:
    deal = kirves_ten()
    solver = tt.Solver(memory_mb=8)
    with pytest.raises(tt.SearchLimitExceeded, match="time limit"):
        solver.value(deal, time_limit=0.05)
    first = solver.nodes
    assert first > 0
    with pytest.raises(tt.SearchLimitExceeded):
        tt.dd_table(deal, time_limit=0.05)
    with pytest.raises(tt.SearchLimitExceeded):
        tt.solve_many([deal, deal], max_nodes=50_000, threads=2)


def mid_play_deals(name: str, count: int, cards: int, **options: Any) -> list[Any]:
    """Deals of `name` with `cards` cards played (calls and cards by the rule bot); deals
    that end before that are left out."""
    game = tt.load(name, **options)
    deals = []
    for seed in range(count):
        deal = game.new_deal(seed=seed)
        bot = RuleBot(seed)
        bot.bind(game)
        played = 0
        while not deal.is_over and played < cards:
            seat = deal.to_move
            played += deal.phase == "play"
            deal.apply(bot.act(deal.observation(seat), deal.legal_actions(seat)), seat=seat)
        if not deal.is_over:
            deals.append(deal)
    return deals


@pytest.mark.parametrize(("name", "options"), [("klaverjas", {}), ("whist", {"ranks_per_suit": 8})])
def test_generous_limits_give_the_unbounded_values(name: str, options: dict[str, Any]) -> None:
    deals = mid_play_deals(name, 3, 8, **options)
    assert deals
    generous = {"max_nodes": 10**12, "time_limit": 3600.0}
    for deal in deals:
        assert tt.solve(deal, **generous) == tt.solve(deal)
        solver = tt.Solver()
        value = solver.value(deal)
        assert solver.value(deal, **generous) == value
        assert solver.reaches(deal, value, **generous) and not solver.reaches(
            deal, value + 1, **generous
        )
    assert (tt.solve_many(deals, **generous) == tt.solve_many(deals)).all()
    fresh = [tt.dd_table(deal) for deal in deals]
    assert all((tt.dd_table(d, **generous) == t).all() for d, t in zip(deals, fresh, strict=True))
    assert (tt.dd_tables(deals, **generous) == tt.dd_tables(deals)).all()


def test_a_solver_stays_exact_after_an_abort() -> None:
    deals = mid_play_deals("klaverjas", 4, 4)
    expected = [tt.Solver().solve(d) for d in deals]
    solver = tt.Solver()
    aborted = 0
    for deal, want in zip(deals, expected, strict=True):
        # Cut at the first nodes, then halfway (a warm table may finish that one).
        for max_nodes in (1, 2, want.nodes // 2):
            try:
                solver.solve(deal, max_nodes=max_nodes)
            except tt.SearchLimitExceeded:
                aborted += 1
        got = solver.solve(deal)
        assert (got.value, got.cards) == (want.value, want.cards)
    assert aborted >= 2 * len(deals)


@pytest.mark.parametrize(
    ("options", "error"),
    [
        ({"max_nodes": 0}, tt.Error),
        ({"max_nodes": -5}, tt.Error),
        ({"max_nodes": 2**64}, tt.Error),
        ({"max_nodes": True}, TypeError),
        ({"max_nodes": 1.5}, TypeError),
        ({"time_limit": 0}, tt.Error),
        ({"time_limit": -1.0}, tt.Error),
        ({"time_limit": math.nan}, tt.Error),
        ({"time_limit": math.inf}, tt.Error),
        ({"time_limit": "1"}, TypeError),
    ],
)
def test_bad_limits_are_refused(options: dict[str, Any], error: type[Exception]) -> None:
    deal = mid_play_deals("whist", 1, 8, ranks_per_suit=4)[0]
    with pytest.raises(error):
        tt.solve(deal, **options)
    with pytest.raises(error):
        tt.solve_many([deal], **options)
    with pytest.raises(error):
        tt.dd_tables([deal], **options)


def test_core_limits_are_refused_at_the_binding() -> None:
    state = klaverjas_state()
    solver = _core.Solver(memory_mb=1)
    for bad in (0, -1, 2**63):
        with pytest.raises(tt.Error, match="max_nodes must be 1"):
            solver.value(state, max_nodes=bad)
    for seconds in (0.0, -1.0, math.nan, math.inf):
        with pytest.raises(tt.Error, match="time_limit must be a positive number"):
            solver.solve(state, time_limit=seconds)


def pimc_decision(bot: Any, game: Any, deal: Any) -> Any:
    seat = deal.to_move
    return bot.act(deal.observation(seat), deal.legal_actions(seat))


def test_pimc_within_a_node_limit_falls_back_to_the_rule_bot() -> None:
    game = tt.load("klaverjas")
    deal = game.new_deal(seed=4, dealer="W")
    deal.apply("trump:H")
    for _ in range(14):  # late enough for the search to run
        deal.apply(deal.legal_actions()[0])
    seat = deal.to_move
    position = position_for(game, deal.observation(seat), deal.legal_actions(seat))
    assert position is not None and position.cards_left <= position.max_cards
    starved = PimcBot(7, samples=4, max_nodes=1)
    starved.bind(game)
    assert starved.card_values(position) == {}
    rule = RuleBot(7)
    rule.bind(game)
    assert pimc_decision(starved, game, deal) == pimc_decision(rule, game, deal)
    # A generous limit decides as no limit does.
    free, generous = PimcBot(7, samples=4), PimcBot(7, samples=4, max_nodes=10**12)
    for bot in (free, generous):
        bot.bind(game)
    assert free.card_values(position) == generous.card_values(position)
    assert "max_nodes=1" in repr(starved)
    with pytest.raises(tt.Error):
        PimcBot(1, max_nodes=0)


def test_pimc_bounds_a_ten_seat_kirves_decision() -> None:
    deal = kirves_ten()
    game = deal.game
    bot = PimcBot(1, samples=2, max_nodes=20_000)
    bot.bind(game)
    seat = deal.to_move
    position = position_for(game, deal.observation(seat), deal.legal_actions(seat))
    if position is None or position.cards_left > position.max_cards:
        pytest.skip("the family leaves this decision to the rule bot")
    before = bot.solver.nodes
    action = pimc_decision(bot, game, deal)
    assert action in deal.legal_actions(seat)
    assert bot.solver.nodes - before <= 20_000 + 1
