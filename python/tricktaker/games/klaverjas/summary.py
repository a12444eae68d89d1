"""Klaverjas in ``tt.simulate`` and ``tricktaker simulate klaverjas`` (the deal scores, card
points, roem and pit per team; made, nat and pit rates), and its payoff per seat for
``tricktaker.compare`` (the deal score of the seat's team)."""

from __future__ import annotations

from typing import Any

from tricktaker.games.klaverjas.random_rows import random_rows
from tricktaker.protocol.base import Deal
from tricktaker.protocol.summary import Column, Metric, Results, SummaryAdapter, mean, rate

__all__ = ["METRIC", "SUMMARY"]

TEAMS = ("N-S", "E-W")


def _row(result: Any) -> dict[str, Any]:
    return {
        "score": result.score,
        "card_points": result.card_points,
        "roem": result.roem,
        "pit": result.pit,
        "made": result.made,
        "nat": not result.made,
        "pit_team": -1 if result.pit_team is None else result.pit_team,
        "playing_team": result.playing_team,
        "declarer": result.declarer,
        "trump": int(result.trump),
        "penalized_team": -1 if result.penalized_team is None else result.penalized_team,
    }


def _summary(res: Results) -> dict[str, Any]:
    n = res.deals
    score, card, roem, pit = res["score"], res["card_points"], res["roem"], res["pit"]
    playing, nat, pit_team = res["playing_team"], res["nat"], res["pit_team"]
    teams: dict[str, Any] = {}
    for t, name in enumerate(TEAMS):
        played = playing == t
        teams[name] = {
            "points_per_deal": mean(score[:, t]),
            "card_points_per_deal": mean(card[:, t]),
            "roem_per_deal": mean(roem[:, t]),
            "pit_bonus_per_deal": mean(pit[:, t]),
            "playing_rate": rate(played.sum(), n),
            "nat_rate": rate((nat & played).sum(), int(played.sum())),
            "pit_rate": rate((pit_team == t).sum(), n),
        }
    pit_by_playing = (pit_team >= 0) & (pit_team == playing)
    return {
        "teams": teams,
        "points_per_deal": mean(score.sum(axis=1)),
        "roem_per_deal": mean(roem.sum(axis=1)),
        "made_rate": rate((~nat).sum(), n),
        "nat_rate": rate(nat.sum(), n),
        "pit_rate": rate((pit_team >= 0).sum(), n),
        "pit_rate_playing_team": rate(pit_by_playing.sum(), n),
        "pit_rate_defenders": rate(((pit_team >= 0) & ~pit_by_playing).sum(), n),
        "penalized_rate": rate((res["penalized_team"] >= 0).sum(), n),
        "totals": {
            "score": int(score.sum()),
            "card_points": int(card.sum()),
            "roem": int(roem.sum()),
            "pit": int(pit.sum()),
        },
    }


def _table(res: Results) -> str:
    s = res.summary()
    ns, ew = (s["teams"][t] for t in TEAMS)

    def num(label: str, key: str, both: float | None = None, note: str = "") -> str:
        line = f"{label:<22}{ns[key]:>9.2f}{ew[key]:>9.2f}"
        if both is not None:
            line += f"{both:>9.2f}"
        return (line + ("  " + note if note else "")).rstrip()

    def pct(label: str, key: str, both: float | None = None, note: str = "") -> str:
        line = f"{label:<22}{ns[key]:>9.1%}{ew[key]:>9.1%}"
        line += f"{both:>9.1%}" if both is not None else " " * 9
        return (line + ("  " + note if note else "")).rstrip()

    totals = s["totals"]
    lines = [
        f"klaverjas: {res.deals:,} deals, seed {res.seed}, bots {' '.join(res.bots)}",
        f"{'':<22}{'N-S':>9}{'E-W':>9}{'both':>9}",
        num("points per deal", "points_per_deal", s["points_per_deal"], "(deal scores)"),
        num("  card points", "card_points_per_deal", 162.0 if res.deals else 0.0),
        num("  roem", "roem_per_deal", s["roem_per_deal"]),
        num("  pit bonus", "pit_bonus_per_deal", totals["pit"] / res.deals if res.deals else 0),
        pct("playing team", "playing_rate"),
        pct("nat rate", "nat_rate", s["nat_rate"], "(of the deals the side played)"),
        pct("pit rate", "pit_rate", s["pit_rate"], "(took all 8 tricks)"),
    ]
    if s["penalized_rate"]:
        lines.append(f"{'penalized deals':<22}{s['penalized_rate']:>27.1%}")
    return "\n".join(lines)


SUMMARY = SummaryAdapter(
    columns=(
        Column("score", "int32", 2, "deal score per team (N-S, E-W)"),
        Column("card_points", "int16", 2, "card points incl. last trick (C, §5.1)"),
        Column("roem", "int16", 2, "roem credited to each team (R)"),
        Column("pit", "int16", 2, "pit bonus of each team (P)"),
        Column("made", "bool", 1, "the playing team made it"),
        Column("nat", "bool", 1, "the playing team went nat"),
        Column("pit_team", "int8", 1, "team that took all 8 tricks (0 N-S, 1 E-W, -1 none)"),
        Column("playing_team", "int8", 1, "the playing team (0 N-S, 1 E-W)"),
        Column("declarer", "int8", 1, "seat that chose trumps (0-3 = N, E, S, W)"),
        Column("trump", "int8", 1, "trump suit (0-3 = S, H, D, C)"),
        Column("penalized_team", "int8", 1, "team penalized for an illegal play, -1 none"),
    ),
    row=_row,
    summarize=_summary,
    table=_table,
    random_rows=random_rows,
)


def _sides(deal: Deal) -> list[int]:
    return [0, 1, 0, 1]


def _payoff(deal: Deal) -> list[float]:
    score = deal.result().score
    return [float(score[seat % 2]) for seat in range(4)]


METRIC = Metric("deal score of the seat's team", _sides, _payoff)
