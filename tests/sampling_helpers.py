"""Shared helpers of the sampling tests: random positions of every game, observation histories,
brute-force enumeration of consistent deals, and a chi-square tail."""

from __future__ import annotations

import itertools
import json
import math
import random
from collections.abc import Iterator
from typing import Any

import tricktaker as tt
from tricktaker import _core
from tricktaker.protocol.base import Deal
from tricktaker.rebuild import rebuild
from tricktaker.sampling import knowledge

# One variant per game and per option that changes what a seat knows or how play proves it.
VARIANTS: list[tuple[str, dict[str, Any]]] = [
    ("klaverjas", {}),
    ("klaverjas", {"play_rules": "rotterdam", "undertrump_when_cannot_overtrump": "compulsory"}),
    ("klaverjas", {"illegal_play": "penalize"}),
    ("klaverjas", {"trump_selection": "drawn", "trick_history_visible": "last_trick_only"}),
    ("kiksas", {}),
    ("kiksas", {"must_overtrump": True, "must_head_in_suit": True, "partner_exemption": True}),
    ("kiksas", {"peek_decline": "reshuffle", "first_lead": "holder_any_card"}),
    ("kiksas", {"history_visible": False, "announce_trump_count": False}),
    ("trikiksis", {}),
    ("trikiksis", {"trikiksis_peek": True, "trump_choice_must_hold_suit": False}),
    ("kirves", {"num_players": 4}),
    ("kirves", {"num_players": 2}),
    ("kirves", {"num_players": 6, "preset": "rantasalmi"}),
    ("kirves", {"num_players": 3, "angel_card_source": "stub_top", "must_trump_when_void": True}),
    ("kirves", {"num_players": 2, "angel_card_source": "stub_top"}),
    ("kirves", {"num_players": 3, "may_discard_taken_card": True, "paakot_mode": "manual"}),
    ("kirves", {"num_players": 3, "discard_to_five": False, "change_veto_scope": "not_yet_spoken"}),
    ("kirves", {"num_players": 10}),
    ("allfours", {"preset": "trinidad"}),
    ("allfours", {"preset": "trinidad", "begging": "eldest_or_trumpless_opponent"}),
    (
        "allfours",
        {
            "preset": "trinidad",
            "begging": "eldest_or_trumpless_opponent",
            "dealer_side_may_beg": "run_only",
            "num_players": 3,
            "must_overtrump": True,
        },
    ),
    ("allfours", {"preset": "trinidad", "num_players": 2, "run_order": "turn_then_deal"}),
    ("allfours", {"preset": "yorkshire", "folding": True, "may_trump_when_able_to_follow": False}),
    ("allfours", {"preset": "auction_pitch", "num_players": 5}),
    ("allfours", {"preset": "oklahoma_ten_point"}),
    ("allfours", {"preset": "oklahoma_ten_point", "num_players": 6}),
    ("allfours", {"preset": "five_point_setback", "folding": True}),
]


def variant_id(variant: tuple[str, dict[str, Any]]) -> str:
    name, options = variant
    return name + "".join(f",{k}={v}" for k, v in options.items())


def new_deal(game: tt.Game, name: str, rng: random.Random) -> Deal:
    seed = rng.randrange(2**32)
    if name in ("kiksas", "trikiksis"):
        kind = rng.choice(["first", "writing", "writing_off"])
        if kind == "writing_off":
            t = rng.randrange(0, 139)
            return game.new_deal(seed=seed, deal_type=kind, targets=[t, 138 - t])
        return game.new_deal(seed=seed, deal_type=kind)
    return game.new_deal(seed=seed)


def random_position(game: tt.Game, name: str, rng: random.Random) -> Deal:
    """A deal played with random actions to a random point before its end."""
    deal = new_deal(game, name, rng)
    while not deal.is_over:
        actions = deal.legal_actions()
        deal.apply(actions[rng.randrange(len(actions))])
    log = list(deal.log)
    cut = rng.randrange(len(log)) if log else 0
    fresh: Deal = game._deal_from_setup(deal._setup)  # type: ignore[attr-defined]
    fresh.replay(log[:cut])
    return fresh


def seats_of(deal: Deal) -> int:
    for attr in ("n", "num_players"):
        value = getattr(deal, attr, None)
        if isinstance(value, int):
            return value
    return 4


def observation_history(deal: Deal, seat: int) -> list[str]:
    """The seat's observation after every action of the deal (replayed from its set-up)."""
    fresh: Deal = deal.game._deal_from_setup(deal._setup)  # type: ignore[attr-defined]
    out = [json.dumps(fresh.observation(seat), sort_keys=True)]
    for p, action in deal.log:
        fresh.apply(action, seat=p)
        out.append(json.dumps(fresh.observation(seat), sort_keys=True))
    return out


def consistent_completions(deal: Deal, seat: int) -> Iterator[tuple[int, ...]]:
    """Brute force, independent of the knowledge compiled for the sampler: every way to put the
    hidden cards in the locations (their sizes are public), kept when the deal rebuilt around it
    gives the seat the same observations after every action as the real deal."""
    info = knowledge(deal, seat)
    reference = observation_history(deal, seat)
    hidden = [c for c in range(64) if (info.hidden >> c) & 1]
    order = sorted(range(len(info.names)), key=lambda loc: info.capacity[loc])
    biggest = order[-1]

    def fill(i: int, left: list[int], row: list[int]) -> Iterator[list[int]]:
        if i == len(order) - 1:
            rest = 0
            for c in left:
                rest |= 1 << c
            yield row[:biggest] + [row[biggest] | rest] + row[biggest + 1 :]
            return
        loc = order[i]
        for chosen in itertools.combinations(left, info.capacity[loc]):
            mask = 0
            for c in chosen:
                mask |= 1 << c
            new_row = list(row)
            new_row[loc] |= mask
            yield from fill(i + 1, [c for c in left if c not in chosen], new_row)

    for row in fill(0, hidden, list(info.known)):
        try:
            rebuilt = rebuild(deal, info, row, _core.Rng(1))
            ok = observation_history(rebuilt, seat) == reference
        except ValueError:
            ok = False
        if ok:
            yield tuple(row)


def chi2_sf(x: float, df: int) -> float:
    """P(X >= x) for a chi-square variable with df degrees of freedom."""
    if df <= 0:
        return 1.0
    a, z = df / 2.0, x / 2.0
    if z <= 0:
        return 1.0
    if z < a + 1:  # series for the lower gamma
        term = total = 1.0 / a
        n = a
        for _ in range(10000):
            n += 1
            term *= z / n
            total += term
            if term < total * 1e-15:
                break
        return max(0.0, 1.0 - total * math.exp(-z + a * math.log(z) - math.lgamma(a)))
    # continued fraction for the upper gamma (Lentz)
    b = z + 1 - a
    c = 1e300
    d = 1 / b
    h = d
    for i in range(1, 10000):
        an = -i * (i - a)
        b += 2
        d = an * d + b
        d = 1e-300 if abs(d) < 1e-300 else d
        c = b + an / c
        c = 1e-300 if abs(c) < 1e-300 else c
        d = 1 / d
        delta = d * c
        h *= delta
        if abs(delta - 1) < 1e-15:
            break
    return math.exp(-z + a * math.log(z) - math.lgamma(a)) * h


def chi_square(counts: dict[Any, int], expected: dict[Any, float]) -> tuple[float, int]:
    """The statistic and degrees of freedom of observed counts against expected counts."""
    stat = 0.0
    for key, e in expected.items():
        o = counts.get(key, 0)
        stat += (o - e) ** 2 / e
    return stat, len(expected) - 1
