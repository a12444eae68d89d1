"""All Fours and Pitch in ``tt.simulate`` and ``tricktaker simulate allfours|pitch`` (points by
kind, begging, running and throw-in rates, bids made and set, per side), and their payoff per
seat for ``tricktaker.compare`` (the points the seat's side gains in the deal)."""

from __future__ import annotations

from typing import Any, cast

import numpy as np

from tricktaker.games.allfours import SIDE_NAMES, AllFoursResult
from tricktaker.protocol.base import Deal
from tricktaker.protocol.summary import Column, Metric, Results, SummaryAdapter, rate

__all__ = ["METRIC", "SUMMARY"]

MAX_SIDES = 7
KINDS = (
    "kick",
    "gift",
    "high",
    "low",
    "jack",
    "jick",
    "joker_high",
    "joker_low",
    "trey",
    "five",
    "last",
    "game",
    "moon",
    "set_back",
)


def _row(result: AllFoursResult) -> dict[str, Any]:
    sides = len(result.scores)
    change = list(result.score_change) + [0] * (MAX_SIDES - sides)
    by_kind = [[0] * MAX_SIDES for _ in KINDS]
    for credit in result.credits:
        by_kind[KINDS.index(credit.kind)][credit.side] += credit.points
    gave_one = any(c.kind == "gift" for c in result.credits)
    return {
        "num_sides": sides,
        "score_change": change,
        "points_by_kind": [sum(row) for row in by_kind],
        "points_by_kind_side": [v for row in by_kind for v in row],
        "begged": result.begger is not None,
        "gave_one": gave_one,
        "runs": result.runs,
        "thrown_in": result.thrown_in,
        "bid": result.bid or 0,
        "pitcher": -1 if result.pitcher is None else result.pitcher,
        "made": -1 if result.made is None else int(result.made),
        "hang_jack": any(c.kind == "jack" and c.points == 3 for c in result.items),
        "moon": result.moon_side is not None,
        "folds": len(result.folded),
        "winner": -1 if result.winner is None else result.winner,
    }


def _summary(res: Results) -> dict[str, Any]:
    n = res.deals
    sides = int(res["num_sides"][0]) if n else 2
    by_kind = res["points_by_kind"]
    by_side = res["points_by_kind_side"].reshape(n, len(KINDS), MAX_SIDES)
    begged, runs, thrown = res["begged"], res["runs"], res["thrown_in"]
    bid, made = res["bid"], res["made"]
    bidding = made >= 0
    side_stats = {}
    for s in range(sides):
        side_stats[SIDE_NAMES[s]] = {
            "score_change_per_deal": float(res["score_change"][:, s].mean()) if n else 0.0,
            "points_by_kind_per_deal": {
                k: float(by_side[:, i, s].mean()) if n else 0.0 for i, k in enumerate(KINDS)
            },
        }
    return {
        "sides": side_stats,
        "points_by_kind_per_deal": {
            k: float(by_kind[:, i].mean()) if n else 0.0 for i, k in enumerate(KINDS)
        },
        "beg_rate": rate(begged.sum(), n),
        "give_one_rate": rate(res["gave_one"].sum(), begged.sum()),
        "run_rate": rate((runs > 0).sum(), begged.sum()),
        "second_run_rate": rate((runs > 1).sum(), (runs > 0).sum()),
        "throw_in_rate": rate(thrown.sum(), n),
        "hang_jack_rate": rate(res["hang_jack"].sum(), n),
        "bid_deals": int(bidding.sum()),
        "mean_bid": float(bid[bidding].mean()) if bidding.any() else 0.0,
        "bids": {int(b): int((bid == b).sum()) for b in np.unique(bid[bidding])},
        "made_rate": rate((made == 1).sum(), bidding.sum()),
        "set_rate": rate((made == 0).sum(), bidding.sum()),
        "moon_rate": rate(res["moon"].sum(), n),
        "fold_rate": rate((res["folds"] > 0).sum(), n),
        "game_won_rate": rate((res["winner"] >= 0).sum(), n),
    }


def _table(res: Results) -> str:
    s = _summary(res)
    names = list(s["sides"])
    lines = [
        f"{res.game}: {res.deals:,} deals, seed {res.seed}, bots {' '.join(res.bots)}",
        f"{'credited per deal':<22}" + "".join(f"{n:>9}" for n in names) + f"{'all':>9}",
    ]
    for kind in KINDS:
        total = s["points_by_kind_per_deal"][kind]
        if not total and not any(s["sides"][n]["points_by_kind_per_deal"][kind] for n in names):
            continue
        row = "".join(f"{s['sides'][n]['points_by_kind_per_deal'][kind]:>9.3f}" for n in names)
        lines.append(f"  {kind:<20}{row}{total:>9.3f}")
    change = "".join(f"{s['sides'][n]['score_change_per_deal']:>9.3f}" for n in names)
    lines.append(f"{'score change':<22}{change}")
    if s["beg_rate"] or res.options.get("trump_selection") == "turn_up":
        lines += [
            f"{'beg rate':<22}{s['beg_rate']:>9.1%}",
            f"{'  give one':<22}{s['give_one_rate']:>9.1%}  (of begs)",
            f"{'  run the cards':<22}{s['run_rate']:>9.1%}  (of begs)",
            f"{'  second run':<22}{s['second_run_rate']:>9.1%}  (of runs)",
            f"{'throw-in rate':<22}{s['throw_in_rate']:>9.1%}",
            f"{'hang jack rate':<22}{s['hang_jack_rate']:>9.1%}",
        ]
    if s["bid_deals"]:
        bids = ", ".join(f"{b}: {c}" for b, c in s["bids"].items())
        lines += [
            f"{'mean bid':<22}{s['mean_bid']:>9.2f}  ({bids})",
            f"{'bids made':<22}{s['made_rate']:>9.1%}",
            f"{'bids set':<22}{s['set_rate']:>9.1%}",
        ]
    if s["moon_rate"]:
        lines.append(f"{'moon rate':<22}{s['moon_rate']:>9.1%}")
    if s["fold_rate"]:
        lines.append(f"{'deals with a fold':<22}{s['fold_rate']:>9.1%}")
    return "\n".join(lines)


SUMMARY = SummaryAdapter(
    columns=(
        Column("num_sides", "int8", 1, "number of sides (A, B, ...)"),
        Column("score_change", "int16", MAX_SIDES, "change of each side's score (A..G)"),
        Column(
            "points_by_kind", "int16", len(KINDS), "points credited per kind: " + ", ".join(KINDS)
        ),
        Column(
            "points_by_kind_side",
            "int16",
            len(KINDS) * MAX_SIDES,
            "points per kind and side, kind-major (kind * 7 + side)",
        ),
        Column("begged", "bool", 1, "a player begged (T7, V3)"),
        Column("gave_one", "bool", 1, "the dealer gave one (T8)"),
        Column("runs", "int8", 1, "times the cards were run (T9)"),
        Column("thrown_in", "bool", 1, "the deal was thrown in (T10, D38)"),
        Column("bid", "int8", 1, "the contract, 0 without an auction"),
        Column("pitcher", "int8", 1, "the pitcher's seat, -1 without an auction"),
        Column("made", "int8", 1, "1 made, 0 set back, -1 no contract"),
        Column("hang_jack", "bool", 1, "the jack was hanged (3 points)"),
        Column("moon", "bool", 1, "a side shot the moon"),
        Column("folds", "int8", 1, "players who folded"),
        Column("winner", "int8", 1, "side that won the game in this deal, -1 none"),
    ),
    row=_row,
    summarize=_summary,
    table=_table,
)


def _sides(deal: Deal) -> list[int]:
    sides: list[int] = cast(Any, deal).sides
    return list(sides)


def _payoff(deal: Deal) -> list[float]:
    result = deal.result()
    sides = _sides(deal)
    return [float(result.score_change[sides[seat]]) for seat in range(len(sides))]


METRIC = Metric("points the seat's side gains in the deal", _sides, _payoff)
