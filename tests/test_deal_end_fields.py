"""The end of a Kiksas, Kirves and All Fours deal reads the core's scoring in one call each
(``kiksas_evaluate_fields``, ``kirves_outcome_fields``, ``allfours_score_fields``) and makes its
result records without the frozen dataclasses' ``__init__`` (``of``).

The one-call fields must equal what the core's objects say (``kiksas_evaluate`` and the two
checks of the calls a trick opens, ``kirves_outcome`` and the trick records,
``allfours_score``) at every trick of random deals of every preset and example option set, and
every record a deal makes must be whole: every field set, in the dataclass's order, equal to the
record its own ``__init__`` makes of the same values.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktaker as tt
from deal_invariants import CASES, case_id, load
from tricktaker import _core
from tricktaker.games.allfours.deal import AllFoursDeal
from tricktaker.games.allfours.tables import scoring_items, scoring_options
from tricktaker.games.kiksas.deal import KiksasDeal
from tricktaker.games.kirves.deal import KirvesDeal

FAMILIES = ("kiksas", "kirves", "allfours", "pitch")
EXTRA: list[tuple[str, dict[str, Any]]] = [
    ("kiksas", {"variant": "trikiksis"}),
    ("kiksas", {"su_dviem": False}),
    ("kiksas", {"decline_last_lead": False, "announce_trump_count": False}),
    *[("kirves", {"num_players": n}) for n in (2, 4, 7, 10)],
    ("kirves", {"num_players": 4, "stop_when_decided": True, "tournament_scoring": True}),
    ("allfours", {"folding": True}),
    ("allfours", {"win_check": "immediate_ordered"}),
]
GAMES: list[tuple[str, tt.Game]] = [(case_id(c), load(c)) for c in CASES if c[0] in FAMILIES] + [
    (f"{name}-{'-'.join(f'{k}={v}' for k, v in opts.items())}", tt.load(name, **opts))
    for name, opts in EXTRA
]


def _record_is_whole(record: Any) -> None:
    names = [f.name for f in dataclasses.fields(record)]
    assert list(vars(record)) == names
    made = dataclasses.replace(record)  # the dataclass's own __init__ on the same values
    assert made == record and repr(made) == repr(record)
    if hasattr(record, "to_dict"):
        assert made.to_dict() == record.to_dict()


def _check_fields(deal: Any) -> None:
    """The one-call fields against the core's objects, on the deal as it stands."""
    state = deal.state
    if state is None or state.cards_played == 0 or state.trick_len != 0:
        return
    if isinstance(deal, KiksasDeal):
        ctx = deal.context()
        o = deal.options
        try:
            result = _core.kiksas_evaluate(state, ctx)
        except ValueError:
            with pytest.raises(ValueError):
                _core.kiksas_evaluate_fields(state, ctx, o.su_dviem, o.decline_last_lead)
            return
        fields = _core.kiksas_evaluate_fields(state, ctx, o.su_dviem, o.decline_last_lead)
        su = not result.over and o.su_dviem and _core.kiksas_su_dviem_available(state, ctx)
        last = (
            not result.over
            and not su
            and o.decline_last_lead
            and _core.kiksas_may_decline_last_lead(state, ctx)
        )
        assert fields == (
            result.over,
            int(result.outcome),
            tuple(result.points),
            tuple(result.tricks),
            tuple(result.reached_at),
            result.race_winner,
            result.figure_side,
            int(result.figure_kind),
            result.figure_count,
            su,
            last,
        )
    elif isinstance(deal, KirvesDeal):
        if deal.kind is None:
            return
        roles = deal.roles()
        flag = deal.options.folded_players_score_with_side
        winners = tuple(r.winner for r in state.trick_records())
        if not state.is_terminal() and not _core.kirves_decided(state):
            return
        out = _core.kirves_outcome(state, roles, flag)
        n = deal.num_players
        assert _core.kirves_outcome_fields(state, roles, flag) == (
            out.winner.player,
            int(out.winner.rule),
            tuple(out.marks[:n]),
            out.principal_won,
            winners,
        )
    elif isinstance(deal, AllFoursDeal) and state.is_terminal():
        o = deal.options
        bidding_side = -1 if deal.pitcher is None else deal.side_of(deal.pitcher)
        args = (state, deal.dealer, bidding_side, deal.bid or 0)
        score = _core.allfours_score(*args, **scoring_items(o))
        awards = tuple((int(a.item), a.side, a.points, a.card) for a in score.awards)
        assert _core.allfours_score_fields(*args, scoring_options(o)) == (
            tuple(score.points),
            tuple(score.game_values),
            score.made,
            None if score.all_tricks_side < 0 else score.all_tricks_side,
            None if score.moon_side < 0 else score.moon_side,
            awards,
        )


@pytest.mark.parametrize("name,game", GAMES, ids=[name for name, _ in GAMES])
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_end_of_deal_fields_and_records(name: str, game: tt.Game, seed: int) -> None:
    deal = game.new_deal(seed=seed)
    rng = random.Random(seed)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
        _check_fields(deal)
    result = deal.result()
    assert result is not None
    _record_is_whole(result)
    for credit in getattr(result, "credits", ()):
        _record_is_whole(credit)
    for credit in getattr(result, "items", ()):
        _record_is_whole(credit)


def test_scoring_options_are_kept_per_options_object() -> None:
    game = tt.load("allfours")
    made = scoring_options(game.options)
    assert scoring_options(game.options) is made
    other = tt.load("allfours", jick=True).options
    assert scoring_options(other) is not made
    assert scoring_options(other).jick and not made.jick
