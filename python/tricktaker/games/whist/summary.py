"""Whist in ``tt.simulate`` and ``tricktaker simulate whist`` (the tricks of each side per deal:
their mean, how often a side took most or all of them), and its payoff per seat for
``tricktaker.compare`` (the tricks of the seat's side).

A simulated deal is ``game.new_deal(seed=...)``: no trump, N leads.

>>> row = SUMMARY.row(WhistResult((9, 4)))
>>> row
{'tricks': (9, 4)}
"""

from __future__ import annotations

from typing import Any

from tricktaker.games.whist import SIDES, WhistResult
from tricktaker.protocol.base import Deal
from tricktaker.protocol.summary import Column, Metric, Results, SummaryAdapter, mean, rate

__all__ = ["METRIC", "SUMMARY"]


def _row(result: WhistResult) -> dict[str, Any]:
    return {"tricks": result.tricks}


def _summary(res: Results) -> dict[str, Any]:
    n = res.deals
    tricks = res["tricks"]
    total = tricks.sum(axis=1)
    sides: dict[str, Any] = {}
    for s, name in enumerate(SIDES):
        own, other = tricks[:, s], tricks[:, 1 - s]
        sides[name] = {
            "tricks_per_deal": mean(own),
            "majority_rate": rate((own > other).sum(), n),
            "all_tricks_rate": rate(((own == total) & (total > 0)).sum(), n),
        }
    return {
        "sides": sides,
        "tricks_per_deal": mean(total),
        "tie_rate": rate((tricks[:, 0] == tricks[:, 1]).sum(), n),
        "totals": {name: int(tricks[:, s].sum()) for s, name in enumerate(SIDES)},
    }


def _table(res: Results) -> str:
    s = res.summary()
    ns, ew = (s["sides"][name] for name in SIDES)
    head = "".join(f"{name:>9}" for name in SIDES)
    lines = [
        f"{res.game}: {res.deals:,} deals, seed {res.seed}, bots {' '.join(res.bots)}",
        f"{'':<22}{head}{'both':>9}",
        f"{'tricks per deal':<22}{ns['tricks_per_deal']:>9.2f}{ew['tricks_per_deal']:>9.2f}"
        f"{s['tricks_per_deal']:>9.2f}",
        f"{'most tricks':<22}{ns['majority_rate']:>9.1%}{ew['majority_rate']:>9.1%}",
        f"{'every trick':<22}{ns['all_tricks_rate']:>9.1%}{ew['all_tricks_rate']:>9.1%}",
    ]
    if s["tie_rate"]:
        lines.append(f"{'tied deals':<22}{s['tie_rate']:>9.1%}")
    return "\n".join(lines)


SUMMARY = SummaryAdapter(
    columns=(Column("tricks", "int8", 2, "tricks won by each side (N-S, E-W)"),),
    row=_row,
    summarize=_summary,
    table=_table,
)


def _sides(deal: Deal) -> list[int]:
    return [0, 1, 0, 1]


def _payoff(deal: Deal) -> list[float]:
    tricks = deal.result().tricks
    return [float(tricks[seat % 2]) for seat in range(4)]


METRIC = Metric("tricks of the seat's side", _sides, _payoff)
