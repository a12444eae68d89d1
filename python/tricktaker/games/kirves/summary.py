"""Kirves in ``tt.simulate`` and ``tricktaker simulate kirves`` (outcomes, deal kinds, wins by
role, marks, keppis and kirves per seat), and its payoff per seat for ``tricktaker.compare``
(the marks the seat gains in the deal).

The deals of a simulation come from whole games (``simulation_deals``): the marks, escapes and
keppis of a leg decide who takes part in the next deal. A comparison plays each deal alone from
its seed, so it compares the bots on the first deal of a fresh leg.
"""

from __future__ import annotations

from typing import Any, cast

from tricktaker.games.kirves.game import simulation_deals
from tricktaker.protocol.base import Deal
from tricktaker.protocol.summary import Column, Metric, Results, SummaryAdapter, mean, rate

__all__ = ["METRIC", "SUMMARY"]

OUTCOMES = ("played", "paakot", "concession", "thrown_in", "void", "misdeal")
KINDS = ("normal", "cut_jack", "free_for_all")
ROLES = (
    "trump_maker",  # a normal deal won by its trump maker
    "opposition",  # a normal deal won by the opposition (also when the trump maker folded)
    "cutter",  # a cut-jack deal won by the cutter (also when the dealer folded)
    "dealer",  # a cut-jack deal won by the dealer (also when the cutter folded)
    "bystander",  # a cut-jack deal won by a bystander: no marks
    "free_for_all",  # a free-for-all deal (D34)
    "paakot",  # a deal ended by pääköt
)
WIN_RULES = ("three_tricks", "first_to_two", "last_trick")
SEATS = 10  # per-seat columns have one entry per possible seat (2-10 players)


def _role(r: Any) -> int:
    if r.outcome == "paakot":
        return ROLES.index("paakot")
    winner = r.winner
    if r.outcome == "concession":
        if r.kind == "normal":
            return ROLES.index("opposition")
        winner = r.dealer if r.conceded_by == r.cutter else r.cutter
    if winner is None:
        return -1
    if r.kind == "normal":
        return ROLES.index("trump_maker" if winner == r.trump_maker else "opposition")
    if r.kind == "cut_jack":
        if winner == r.cutter:
            return ROLES.index("cutter")
        return ROLES.index("dealer" if winner == r.dealer else "bystander")
    return ROLES.index("free_for_all")


def _row(r: Any) -> dict[str, Any]:
    pad = [0] * (SEATS - len(r.marks))
    choice = -1
    if r.kind == "normal" and r.trump_maker is not None:
        choice = 0 if r.voluntary else 1
    return {
        "outcome": OUTCOMES.index(r.outcome),
        "kind": -1 if r.kind is None else KINDS.index(r.kind),
        "winner_role": _role(r),
        "winner": -1 if r.winner is None else r.winner,
        "win_rule": 0 if r.win_rule is None else WIN_RULES.index(r.win_rule) + 1,
        "maker_choice": choice,
        "participants": len(r.participants),
        "folded": len(r.folded),
        "marks": list(r.marks) + pad,
        "points": list(r.points) + pad,
        "keppi": -1 if r.keppi is None else r.keppi,
        "kirves": -1 if r.kirves is None else r.kirves,
        "dealer": r.dealer,
        "trump": -1 if r.trump is None else int(r.trump),
    }


def _summary(res: Results) -> dict[str, Any]:
    n = res.deals
    players = int(res.options.get("num_players") or SEATS)
    outcome, kind, role = res["outcome"], res["kind"], res["winner_role"]
    choice, rule = res["maker_choice"], res["win_rule"]
    decided = (outcome == 0) | (outcome == 2)  # played, or ended by a concession
    normal = decided & (kind == 0)
    cut_jack = decided & (kind == 1)
    maker_won = role == ROLES.index("trump_maker")
    played = outcome == 0
    keppi, kirves = res["keppi"], res["kirves"]
    marks = res["marks"][:, :players]
    points = res["points"][:, :players]
    games = int((kirves >= 0).sum())
    return {
        "outcomes": {name: rate((outcome == i).sum(), n) for i, name in enumerate(OUTCOMES)},
        "kinds": {name: rate((kind == i).sum(), n) for i, name in enumerate(KINDS)},
        "wins_by_role": {name: rate((role == i).sum(), n) for i, name in enumerate(ROLES)},
        "trump_maker_win_rate": rate((normal & maker_won).sum(), int(normal.sum())),
        "voluntary_maker_win_rate": rate(
            (normal & maker_won & (choice == 0)).sum(), int((normal & (choice == 0)).sum())
        ),
        "forced_maker_win_rate": rate(
            (normal & maker_won & (choice == 1)).sum(), int((normal & (choice == 1)).sum())
        ),
        "cut_jack_wins": {
            name: rate((cut_jack & (role == ROLES.index(name))).sum(), int(cut_jack.sum()))
            for name in ("cutter", "dealer", "bystander")
        },
        "win_rules": {
            name: rate((played & (rule == i + 1)).sum(), int(played.sum()))
            for i, name in enumerate(WIN_RULES)
        },
        "marks_per_deal": mean(marks.sum(axis=1)),
        "folds_per_deal": mean(res["folded"]),
        "marks_by_seat": [int(v) for v in marks.sum(axis=0)],
        "keppis": int((keppi >= 0).sum()),
        "kirves": games,
        "keppis_by_seat": [int((keppi == p).sum()) for p in range(players)],
        "kirves_by_seat": [int((kirves == p).sum()) for p in range(players)],
        "deals_per_game": n / games if games else None,
        "bonus_points_by_seat": [int(v) for v in points.sum(axis=0)],
    }


def _table(res: Results) -> str:
    s = res.summary()
    players = len(s["marks_by_seat"])
    seats = "ABCDEFGHIJ"[:players]

    def pct(label: str, value: float, note: str = "") -> str:
        return (f"{label:<28}{value:>8.1%}" + ("  " + note if note else "")).rstrip()

    lines = [
        f"kirves: {res.deals:,} deals, {players} players, seed {res.seed}, "
        f"bots {' '.join(res.bots)}",
        "deals: "
        + ", ".join(f"{k.replace('_', ' ')} {v:.1%}" for k, v in s["outcomes"].items() if v),
        "deal wins by role (share of all deals):",
    ]
    lines += [
        pct("  " + name.replace("_", " "), value)
        for name, value in s["wins_by_role"].items()
        if value
    ]
    lines += [
        pct("trump maker wins", s["trump_maker_win_rate"], "(of normal deals played or conceded)"),
        pct("  voluntary", s["voluntary_maker_win_rate"]),
        pct("  forced", s["forced_maker_win_rate"]),
        "won by: " + ", ".join(f"{k.replace('_', ' ')} {v:.1%}" for k, v in s["win_rules"].items()),
        f"{'marks per deal':<28}{s['marks_per_deal']:>8.2f}",
        f"{'folds per deal':<28}{s['folds_per_deal']:>8.2f}",
        f"{'':<28}" + "".join(f"{p:>6}" for p in seats),
        f"{'marks':<28}" + "".join(f"{v:>6}" for v in s["marks_by_seat"]),
        f"{'keppis':<28}" + "".join(f"{v:>6}" for v in s["keppis_by_seat"]),
        f"{'kirves':<28}" + "".join(f"{v:>6}" for v in s["kirves_by_seat"]),
    ]
    if res.options.get("tournament_scoring"):
        lines.append(
            f"{'bonus points':<28}" + "".join(f"{v:>6}" for v in s["bonus_points_by_seat"])
        )
    per_game = s["deals_per_game"]
    lines.append(
        f"{s['keppis']} keppis and {s['kirves']} kirves (games finished)"
        + (f"; {per_game:.1f} deals per game" if per_game else "")
    )
    return "\n".join(lines)


SUMMARY = SummaryAdapter(
    columns=(
        Column(
            "outcome",
            "int8",
            1,
            "0 played, 1 paakot, 2 concession, 3 thrown in, 4 void, 5 misdeal",
        ),
        Column("kind", "int8", 1, "0 normal, 1 cut-jack, 2 free-for-all, -1 no trump"),
        Column(
            "winner_role",
            "int8",
            1,
            "0 trump maker, 1 opposition, 2 cutter, 3 dealer, "
            "4 bystander, 5 free-for-all, 6 paakot, -1 none",
        ),
        Column("winner", "int8", 1, "the winning player's seat, -1 none"),
        Column("win_rule", "int8", 1, "1 three tricks, 2 first to two, 3 last trick, 0 none"),
        Column("maker_choice", "int8", 1, "0 voluntary, 1 forced trump maker, -1 none"),
        Column("participants", "int8", 1, "players dealt in"),
        Column("folded", "int8", 1, "players who folded"),
        Column("marks", "int8", SEATS, "marks of the deal per seat (cut marks too)"),
        Column("points", "int16", SEATS, "tournament bonuses of the deal per seat"),
        Column("keppi", "int8", 1, "seat that got a keppi after the deal, -1 none"),
        Column("kirves", "int8", 1, "seat that got the kirves after the deal, -1 none"),
        Column("dealer", "int8", 1, "the dealer's seat"),
        Column("trump", "int8", 1, "trump suit (0-3 = S, H, D, C), -1 none"),
    ),
    row=_row,
    summarize=_summary,
    table=_table,
    deal_stream=simulation_deals,
)


def _sides(deal: Deal) -> list[int]:
    return list(range(int(cast(Any, deal).num_players)))


def _payoff(deal: Deal) -> list[float]:
    marks = deal.result().marks
    return [float(m) for m in marks]


METRIC = Metric(
    "marks the seat gains in the deal (a fresh leg: every player in, no marks yet)",
    _sides,
    _payoff,
)
