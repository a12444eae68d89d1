"""Kiksas and Trikiksis in ``tt.simulate`` and ``tricktaker simulate kiksas|trikiksis``
(figures by kind, egg, Akis, "Su dviem" and decline rates), and their payoff per seat for
``tricktaker.compare``.

A simulated deal is of any kind (first, writing or writing-off; see ``simulation_deal``), so the
rates cover the whole game and not only the first deal of a match.

The payoff of a seat is the figures the other side receives minus those the seat's side
receives, plus, in a writing deal, where figures are rare, the card-point margin over 138 (a
deal won 138 to 0 counts like one figure).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from tricktaker import _core
from tricktaker.games.kiksas import simulation_deal
from tricktaker.protocol.base import Deal
from tricktaker.protocol.summary import Column, Metric, Results, SummaryAdapter, VariantSummaries

__all__ = ["METRIC", "SUMMARY"]

_TYPES = ("first", "writing", "writing_off")
_AKIS = ("none", "a", "b", "c")
_OUTCOMES = [name.lower() for name in _core.KiksasOutcome.__members__]
_KINDS = ("strokes", "eggs", "crosses")


# --- the simulation summary ---------------------------------------------------------------------


def _recipients(trikiksis: bool) -> tuple[str, ...]:
    return ("A", "B", "C") if trikiksis else ("AC", "BD")


def _row(result: Any, trikiksis: bool) -> dict[str, Any]:
    names = _recipients(trikiksis)
    figures = {k: [0] * len(names) for k in _KINDS}
    for award in result.figures:
        figures[award["kind"]][names.index(award["to"])] += award["count"]
    return {
        "deal_type": _TYPES.index(result.deal_type),
        "outcome": _OUTCOMES.index(result.outcome),
        "points": result.points,
        "tricks": result.tricks,
        "strokes": figures["strokes"],
        "eggs": figures["eggs"],
        "crosses": figures["crosses"],
        "akis": _AKIS.index(result.akis["kind"]) if result.akis else 0,
    }


def _rate(mask: npt.NDArray[Any], among: npt.NDArray[Any] | None = None) -> float:
    if among is not None:
        total = int(among.sum())
        return float((mask & among).sum()) / total if total else 0.0
    return float(mask.mean()) if len(mask) else 0.0


def _summary(res: Results, trikiksis: bool) -> dict[str, Any]:
    n = res.deals
    names = _recipients(trikiksis)
    kind, outcome, akis = res["deal_type"], res["outcome"], res["akis"]
    code = {name: i for i, name in enumerate(_OUTCOMES)}

    def rate_of(*names_: str, among: npt.NDArray[Any] | None = None) -> float:
        mask = np.isin(outcome, [code[x] for x in names_])
        return _rate(mask, among)

    per_deal = {k: float(res[k].sum()) / n if n else 0.0 for k in _KINDS}
    writing = kind != 2
    writing_off = (kind == 2) & (akis == 0)
    with_akis = akis > 0
    return {
        "deal_types": {t: _rate(kind == i) for i, t in enumerate(_TYPES)},
        "outcomes": {name: _rate(outcome == i) for i, name in enumerate(_OUTCOMES) if i},
        "figures_per_deal": dict(per_deal, total=sum(per_deal.values())),
        "figures_by_recipient": {
            who: {k: int(res[k][:, i].sum()) for k in _KINDS} for i, who in enumerate(names)
        },
        "egg_rate": _rate(res["eggs"].sum(axis=1) > 0),
        "writer_egg_rate": rate_of("writer_egg", among=writing & ~with_akis),
        "self_egg_rate": rate_of("self_egg", among=writing_off),
        "akis_rate": _rate(with_akis, kind != 0),
        "akis_success_rate": rate_of("akis_made", among=with_akis),
        "akis_by_kind": {
            k: {
                "rate": _rate(akis == i, kind != 0),
                "success_rate": rate_of("akis_made", among=akis == i),
            }
            for i, k in enumerate(_AKIS)
            if i
        },
        "su_dviem_rate": rate_of("su_dviem_made", "su_dviem_failed", among=writing_off),
        "su_dviem_success_rate": rate_of(
            "su_dviem_made",
            among=np.isin(outcome, [code["su_dviem_made"], code["su_dviem_failed"]]),
        ),
        "conceded_rate": rate_of("conceded", among=writing_off),
        "points_per_deal": [float(v) for v in res["points"].mean(axis=0)] if n else [0.0, 0.0],
    }


def _table(res: Results, trikiksis: bool) -> str:
    s = _summary(res, trikiksis)
    fig = s["figures_per_deal"]
    lines = [
        f"{res.game}: {res.deals:,} deals, seed {res.seed}, bots {' '.join(res.bots)}",
        "deal kinds          "
        + "  ".join(f"{t.replace('_', '-')} {v:.1%}" for t, v in s["deal_types"].items()),
        f"figures per deal    {fig['total']:.3f} (strokes {fig['strokes']:.3f}, "
        f"eggs {fig['eggs']:.3f}, crosses {fig['crosses']:.3f})",
        "figures received    "
        + "  ".join(
            f"{who} {sum(v.values())} ({v['strokes']}/{v['eggs']}/{v['crosses']})"
            for who, v in s["figures_by_recipient"].items()
        )
        + "  (strokes/eggs/crosses)",
        f"egg rate            {s['egg_rate']:.1%} of deals (writer's egg {s['writer_egg_rate']:.1%}"
        f" of writing deals, self-egg {s['self_egg_rate']:.1%} of writing-off deals)",
        f"Akis rate           {s['akis_rate']:.1%} of choice deals, "
        f"made {s['akis_success_rate']:.1%}"
        + "".join(
            f"; ({k}) {v['rate']:.1%} made {v['success_rate']:.0%}"
            for k, v in s["akis_by_kind"].items()
        ),
        f"Su dviem            {s['su_dviem_rate']:.1%} of writing-off deals, "
        f"made {s['su_dviem_success_rate']:.1%}; last lead declined (conceded) "
        f"{s['conceded_rate']:.1%}",
        "outcomes            " + "  ".join(f"{k} {v:.1%}" for k, v in s["outcomes"].items() if v),
    ]
    return "\n".join(lines)


def _adapter(trikiksis: bool) -> SummaryAdapter:
    width = 3 if trikiksis else 2
    who = "player A, B, C" if trikiksis else "pair AC, BD"
    return SummaryAdapter(
        columns=(
            Column("deal_type", "int8", 1, "0 first, 1 writing, 2 writing-off"),
            Column("outcome", "int8", 1, "the core's KiksasOutcome value"),
            Column("points", "int16", 2, "points per side (pairs AC, BD; active, coalition)"),
            Column("tricks", "int8", 2, "tricks per side"),
            Column("strokes", "int8", width, f"strokes received per {who}"),
            Column("eggs", "int8", width, f"eggs received per {who}"),
            Column("crosses", "int8", width, f"crosses received per {who}"),
            Column("akis", "int8", 1, "Akis kind: 0 none, 1 (a), 2 (b), 3 (c)"),
        ),
        row=lambda r: _row(r, trikiksis),
        summarize=lambda res: _summary(res, trikiksis),
        table=lambda res: _table(res, trikiksis),
        new_deal=simulation_deal,  # type: ignore[arg-type]
    )


# The three players of Trikiksis receive figures alone: one column entry each, not one a pair.
SUMMARY = VariantSummaries({"kiksas": _adapter(False), "trikiksis": _adapter(True)})


# --- the comparison metric ----------------------------------------------------------------------


def _sides(deal: Deal) -> list[int]:
    n = int(getattr(deal, "n", 4))
    return [s % 2 for s in range(4)] if n == 4 else list(range(n))


def _payoff(deal: Deal) -> list[float]:
    result = deal.result()
    row = SUMMARY.for_game(deal.game.name).row(result)
    n = int(getattr(deal, "n", 4))
    figures = [
        float(row["strokes"][k] + row["eggs"][k] + row["crosses"][k])
        for k in range(len(row["strokes"]))
    ]
    writing = result.deal_type in ("first", "writing") and result.akis is None
    if n == 4:
        pay = [figures[1 - s % 2] - figures[s % 2] for s in range(4)]
        if writing:
            points = row["points"]
            pay = [p + (points[s % 2] - points[1 - s % 2]) / 138 for s, p in enumerate(pay)]
        return pay
    pay = [sum(figures) / (n - 1) - figures[s] * n / (n - 1) for s in range(n)]
    if writing and result.active_player is not None:
        active = "ABC".index(result.active_player)
        margin = (result.points[0] - result.points[1]) / 138
        pay = [p + (margin if s == active else -margin / (n - 1)) for s, p in enumerate(pay)]
    return pay


METRIC = Metric(
    "figures the other side receives minus the seat's side's (+ point margin / 138 "
    "in writing deals)",
    _sides,
    _payoff,
)
