"""Double-dummy solver benchmark: full Klaverjas deals, full deals of the other games with their
own objectives, and whist trick counts beside DDS.

    python bench/bench_solver.py [--deals 200] [--deals52 50] [--seed 1] [--no-dds] [--repeat 1]

Times are the calling thread's CPU time per call (time.thread_time), so other jobs on the
machine do not inflate them; every solver call runs in the calling thread. With --repeat N each
call runs N times and the fastest counts (see Timer), which steadies the figures on a machine
whose speed drifts with its neighbours' load. DDS (through endplay, installed by the `bench`
extra) runs with one thread on the same deals, timed alike, and its trick counts are checked
against ours.
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time
from collections.abc import Callable
from typing import Any

import tricktaker as tt
from tricktaker import _core as K
from tricktaker.games.allfours.tables import scoring_items

PIQUET = [s * 16 + r for s in range(4) for r in range(5, 13)]


def deck_cards(ranks: int) -> list[int]:
    return [s * 16 + r for s in range(4) for r in range(12, 12 - ranks, -1)]


def deal(rng: random.Random, cards: list[int]) -> list[int]:
    cards = list(cards)
    rng.shuffle(cards)
    n = len(cards) // 4
    return [sum(1 << c for c in cards[i * n : (i + 1) * n]) for i in range(4)]


def stats(times: list[float]) -> dict[str, float]:
    ms = sorted(t * 1e3 for t in times)
    p99 = ms[min(len(ms) - 1, int(round(0.99 * (len(ms) - 1))))]
    return {
        "median_ms": round(statistics.median(ms), 4),
        "p99_ms": round(p99, 4),
        "mean_ms": round(statistics.mean(ms), 4),
        "max_ms": round(ms[-1], 4),
    }


def timed(fn: Callable[..., Any], *args: Any) -> tuple[Any, float]:
    t0 = time.thread_time()
    out = fn(*args)
    return out, time.thread_time() - t0


class Timer:
    """Times fn over one deal after another, after reset() (untimed; our solver's table is
    cleared). With repeat > 1 each call runs that many times and the fastest counts; before each
    run the previous deal's call runs again, untimed, so that every run meets the caches (and
    DDS its table) as a single pass over the deals would: holding another deal's work."""

    def __init__(
        self, repeat: int, fn: Callable[..., Any], reset: Callable[[], None] | None = None
    ) -> None:
        self.repeat = repeat
        self.fn = fn
        self.reset = reset
        self.last: tuple[Any, ...] | None = None

    def __call__(self, *args: Any) -> tuple[Any, float]:
        best = float("inf")
        out = None
        for _ in range(self.repeat):
            if self.repeat > 1 and self.last is not None:
                self._reset()
                self.fn(*self.last)
            self._reset()
            out, t = timed(self.fn, *args)
            best = min(best, t)
        self.last = args
        return out, best

    def _reset(self) -> None:
        if self.reset is not None:
            self.reset()


def klaverjas(n: int, seed: int, memory_mb: int, repeat: int) -> dict[str, Any]:
    rng = random.Random(seed)
    solver = K.Solver(memory_mb=memory_mb)
    value_timer = Timer(repeat, solver.value, solver.clear)
    made_timer = Timer(repeat, solver.value, solver.clear)
    cards_timer = Timer(repeat, solver.solve, solver.clear)
    points = [], []
    made: list[float] = []
    cards: list[float] = []
    nodes = []
    for i in range(n):
        trump = rng.randrange(4)
        rules = K.klaverjas_rules(trump, rotterdam=i % 2 == 1)
        state = K.PlayState(rules, deal(rng, PIQUET), [0, 1, 0, 1], 0)
        playing = rng.randrange(2)
        obj = K.Objective(
            kind=K.ObjectiveKind.POINTS,
            side=playing,
            scoring=K.Scoring.KLAVERJAS,
            playing_team=playing,
        )
        solver.clear()
        n0 = solver.nodes
        solver.value(state, obj)
        nodes.append(solver.nodes - n0)
        _, t = value_timer(state, obj)
        points[0].append(t)
        mobj = K.Objective(
            kind=K.ObjectiveKind.KLAVERJAS_MADE,
            side=playing,
            scoring=K.Scoring.KLAVERJAS,
            playing_team=playing,
        )
        _, t = made_timer(state, mobj)
        made.append(t)
        _, t = cards_timer(state, obj)
        cards.append(t)
    return {
        "deals": n,
        "points_with_roem_value": stats(points[0]),
        "points_nodes_median": statistics.median(nodes),
        "made_or_nat": stats(made),
        "points_every_card": stats(cards),
    }


def whist(n: int, ranks: int, seed: int, memory_mb: int, dds: bool, repeat: int) -> dict[str, Any]:
    rng = random.Random(seed)
    solver = K.Solver(memory_mb=memory_mb)
    ours_value: list[float] = []
    ours_cards: list[float] = []
    dds_one: list[float] = []
    dds_all: list[float] = []
    mismatches = 0
    if dds:
        import endplay._dds as _dds
        from endplay.dds import solve_board
        from endplay.dds.solve import SolveMode
        from endplay.types import Deal, Denom, Player

        _dds.SetMaxThreads(1)
    positions = []
    for i in range(n):
        hands = deal(rng, deck_cards(ranks))
        strain = i % 5
        trump = strain if strain < 4 else -1
        positions.append((hands, strain, K.whist_state(hands, trump, 3, ranks)))  # W leads
    obj = K.Objective(kind=K.ObjectiveKind.TRICKS)
    values = []
    # Search nodes of each value call (every card played in the search counts) beside DDS's
    # count of its best-card call (futureTricks.nodes: the positions at a trick's start only).
    ours_nodes: list[float] = []
    dds_trick_nodes: list[float] = []
    last_nodes = [0]

    def counted_value(state: Any, objective: Any) -> int:
        n0 = solver.nodes
        value = solver.value(state, objective)
        last_nodes[0] = solver.nodes - n0
        return int(value)

    # One loop per mode, so that no call finds a table warmed by another mode on its deal.
    value_timer = Timer(repeat, counted_value, solver.clear)
    for _, _, state in positions:
        value, t = value_timer(state, obj)
        values.append(value)
        ours_value.append(t)
        ours_nodes.append(last_nodes[0])
    cards_timer = Timer(repeat, solver.solve, solver.clear)
    for (_, _, state), value in zip(positions, values, strict=True):
        res, t = cards_timer(state, obj)
        ours_cards.append(t)
        assert res.value == value
    if dds:
        denoms = [Denom.spades, Denom.hearts, Denom.diamonds, Denom.clubs, Denom.nt]
        boards = []
        for hands, strain, _ in positions:
            d = Deal(K.format_pbn(hands))
            d.first = Player.west
            d.trump = denoms[strain]
            boards.append(d)
        best_timer = Timer(repeat, solve_board)
        for d, value in zip(boards, values, strict=True):
            sol, t = best_timer(d, SolveMode.OptimalOne)
            dds_one.append(t)
            dds_trick_nodes.append(sol._data.nodes)
            if max(tr for _, tr in list(sol)) != value:
                mismatches += 1
        all_timer = Timer(repeat, solve_board)
        for d in boards:
            _, t = all_timer(d, SolveMode.Default)
            dds_all.append(t)
    out: dict[str, Any] = {
        "deals": n,
        "cards": 4 * ranks,
        "ours_value": stats(ours_value),
        "ours_every_card": stats(ours_cards),
        "ours_value_nodes_median": statistics.median(ours_nodes),
        "ours_value_nodes_sum": sum(ours_nodes),
    }
    if dds:
        out["dds_best_card"] = stats(dds_one)
        out["dds_every_card"] = stats(dds_all)
        out["dds_best_card_trick_nodes_median"] = statistics.median(dds_trick_nodes)
        out["dds_best_card_trick_nodes_sum"] = sum(dds_trick_nodes)
        out["ratio_value_vs_dds_best_card_median"] = round(
            statistics.median(ours_value) / statistics.median(dds_one), 3
        )
        out["ratio_every_card_median"] = round(
            statistics.median(ours_cards) / statistics.median(dds_all), 3
        )
        out["ratio_every_card_mean"] = round(
            statistics.mean(ours_cards) / statistics.mean(dds_all), 3
        )
        out["trick_count_mismatches"] = mismatches
    return out


def split(rng: random.Random, deck: int, players: int, per_hand: int) -> list[int]:
    cards = [c for c in range(64) if deck >> c & 1]
    rng.shuffle(cards)
    return [sum(1 << c for c in cards[i * per_hand : (i + 1) * per_hand]) for i in range(players)]


def kirves_deal(rng: random.Random) -> tuple[Any, Any]:
    """Four players, the trump maker (side 0) against the other three: does he win?"""
    state = K.PlayState(
        K.kirves_rules(rng.randrange(4)), split(rng, K.kirves_deck(), 4, 5), [0, 1, 1, 1], 0
    )
    return state, K.Objective(kind=K.ObjectiveKind.KIRVES_WIN, side=0)


def kiksas_deal(players: int, race: bool) -> Callable[[random.Random], tuple[Any, Any]]:
    """Kiksas (4 players) or Trikiksis (3): points, or the writing-off race to a target."""

    def make(rng: random.Random) -> tuple[Any, Any]:
        trump = rng.randrange(4)
        hands = split(rng, K.kiksas_deck(), players, 24 // players)
        sides = [0, 1, 0, 1] if players == 4 else [0, 1, 1]
        state = K.PlayState(K.kiksas_rules(trump), hands, sides, 0)
        if not race:
            return state, K.Objective(kind=K.ObjectiveKind.POINTS, side=0)
        first = rng.randrange(40, 99)
        return state, K.Objective(
            kind=K.ObjectiveKind.KIKSAS_RACE, side=0, kiksas_targets=(first, 138 - first)
        )

    return make


def allfours_deal(per_hand: int, preset: str) -> Callable[[random.Random], tuple[Any, Any]]:
    """All Fours, four players in two sides: the game points of side 0 (contract for Pitch)."""
    # The preset's own items; the Oklahoma case adds the five and the last trick, which no
    # preset scores, so that every item of the scoring is timed.
    extra = {"five": 5, "last_trick": True} if preset == "oklahoma_ten_point" else {}
    items = scoring_items(tt.load("allfours", preset=preset, **extra).options)
    jokers = bool(items.get("jokers"))
    deck = K.allfours_deck(0x1FFF, jokers)

    def make(rng: random.Random) -> tuple[Any, Any]:
        trump = rng.randrange(4)
        rules = K.allfours_rules(trump, deck, jick=bool(items.get("jick")))
        state = K.PlayState(rules, split(rng, deck, 4, per_hand), [0, 1, 0, 1], 0)
        bid = rng.randrange(2, 5) if preset != "trinidad" else 0
        return state, K.Objective(
            kind=K.ObjectiveKind.POINTS,
            side=0,
            scoring=K.Scoring.ALLFOURS,
            allfours=K.AllFoursScoringOptions(**items),
            dealer=3,
            bidding_side=0 if bid else -1,
            bid=bid,
        )

    return make


GAMES: dict[str, Callable[[random.Random], tuple[Any, Any]]] = {
    "kirves_4p_win": kirves_deal,
    "kiksas_points": kiksas_deal(4, False),
    "kiksas_race": kiksas_deal(4, True),
    "trikiksis_points": kiksas_deal(3, False),
    "trikiksis_race": kiksas_deal(3, True),
    "allfours_trinidad_6_cards": allfours_deal(6, "trinidad"),
    "allfours_auction_pitch_6_cards": allfours_deal(6, "auction_pitch"),
    "allfours_oklahoma_6_cards": allfours_deal(6, "oklahoma_ten_point"),
}


def other_games(n: int, seed: int, memory_mb: int, repeat: int) -> dict[str, Any]:
    """Full deals of every other game with its own objective: the value, and every card's."""
    out: dict[str, Any] = {}
    solver = K.Solver(memory_mb=memory_mb)
    for name, make in GAMES.items():
        rng = random.Random(seed)
        value_times: list[float] = []
        card_times: list[float] = []
        value_timer = Timer(repeat, solver.value, solver.clear)
        cards_timer = Timer(repeat, solver.solve, solver.clear)
        for _ in range(n):
            state, objective = make(rng)
            _, t = value_timer(state, objective)
            value_times.append(t)
            _, t = cards_timer(state, objective)
            card_times.append(t)
        out[name] = {"deals": n, "value": stats(value_times), "every_card": stats(card_times)}
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--deals", type=int, default=200)
    ap.add_argument("--deals52", type=int, default=50)
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--memory-mb", type=int, default=32)
    ap.add_argument("--no-dds", action="store_true")
    ap.add_argument("--only", choices=["klaverjas", "games", "whist32", "whist52"])
    ap.add_argument(
        "--repeat", type=int, default=1, help="time each call N times, keep the fastest"
    )
    args = ap.parse_args()
    dds = not args.no_dds
    if dds:
        try:
            import endplay  # noqa: F401
        except ImportError:
            dds = False
    out: dict[str, Any] = {}
    if args.only in (None, "klaverjas"):
        out["klaverjas"] = klaverjas(args.deals, args.seed, args.memory_mb, args.repeat)
    if args.only in (None, "games"):
        out["other_games"] = other_games(args.deals, args.seed, args.memory_mb, args.repeat)
    if args.only in (None, "whist32"):
        out["whist32"] = whist(args.deals, 8, args.seed, args.memory_mb, dds, args.repeat)
    if args.only in (None, "whist52") and args.deals52:
        out["whist52"] = whist(args.deals52, 13, args.seed, args.memory_mb, dds, args.repeat)
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
