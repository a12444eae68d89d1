"""A Kirves deal's end: its result record and the public record's ``result`` entry, made in one
dict each (``KirvesResult.filled``, ``KirvesResult.entry``), against the record written here
field by field as the rules and the JSON define them.

Random deals of many option sets (2-10 players, folding, manual pääköt, misdeal calls,
tournament scoring, a play stopped once decided; marks and keppis before the deal), so that
every outcome and every escape, keppi and kirves case is met.
"""

from __future__ import annotations

import dataclasses
import random
from typing import Any

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktaker as tt
from tricktaker.games.kirves.result import KirvesResult, seat_sides, sides_json

OPTION_SETS: list[dict[str, Any]] = [
    {"num_players": 2},
    {"num_players": 4},
    {"num_players": 4, "tournament_scoring": True, "stop_when_decided": True},
    {"num_players": 5, "paakot_mode": "manual", "misdeal_action_enabled": True},
    {"num_players": 7, "tournament_scoring": True, "folded_players_score_with_side": True},
    {"num_players": 10, "folding_allowed": False},
]

MARKS_TO_ESCAPE = 3


def reference_json(result: KirvesResult) -> dict[str, Any]:
    """``to_dict()`` as the JSON defines it, each field read from the record."""
    sides = seat_sides(
        len(result.marks),
        result.kind,
        result.participants,
        trump_maker=result.trump_maker,
        cutter=result.cutter,
        dealer=result.dealer,
    )
    score = [0] * (max(sides) + 1)
    for p, side in enumerate(sides):
        score[side] += result.marks[p]
    return {
        "game": "kirves",
        "sides": sides_json(sides),
        "score": score,
        "outcome": result.outcome,
        "dealer": result.dealer,
        "cutter": result.cutter,
        "eldest": result.eldest,
        "participants": list(result.participants),
        "kind": result.kind,
        "trump": None if result.trump is None else result.trump.letter,
        "turned_card": None if result.turned_card is None else str(result.turned_card),
        "cut_jack": None if result.cut_jack is None else str(result.cut_jack),
        "trump_maker": result.trump_maker,
        "voluntary": result.voluntary,
        "forced": result.forced,
        "folded": list(result.folded),
        "trick_winners": list(result.trick_winners),
        "winner": result.winner,
        "win_rule": result.win_rule,
        "conceded_by": result.conceded_by,
        "paakot_holder": result.paakot_holder,
        "cut_marks": list(result.cut_marks),
        "marks": list(result.marks),
        "points": list(result.points),
        "same_dealer_next": result.same_dealer_next,
        "next_cut_examined": result.next_cut_examined,
        "escaped": list(result.escaped),
        "keppi": result.keppi,
        "kirves": result.kirves,
    }


def check_escapes(result: KirvesResult, marks_before: list[int], keppis: list[int]) -> None:
    """R10.1-R10.3: who escapes, and the one player left gets a keppi or the kirves."""
    if not result.completed:
        assert (result.escaped, result.keppi, result.kirves) == ((), None, None)
        return
    after = {p: marks_before[p] + result.marks[p] for p in result.participants}
    escaped = tuple(p for p in result.participants if after[p] >= MARKS_TO_ESCAPE)
    left = [p for p in result.participants if after[p] < MARKS_TO_ESCAPE]
    keppi = kirves = None
    if len(left) == 1:
        if keppis[left[0]] >= 1:
            kirves = left[0]
        else:
            keppi = left[0]
    assert (result.escaped, result.keppi, result.kirves) == (escaped, keppi, kirves)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    which=st.integers(0, len(OPTION_SETS) - 1),
    seed=st.integers(0, 2**31 - 1),
    data=st.data(),
)
def test_result_record_and_entry_match_the_reference(
    which: int, seed: int, data: st.DataObject
) -> None:
    options = OPTION_SETS[which]
    n = options["num_players"]
    game = tt.load("kirves", **options)
    marks = data.draw(st.lists(st.integers(0, 2), min_size=n, max_size=n))
    keppis = data.draw(st.lists(st.integers(0, 1), min_size=n, max_size=n))
    deal = game.new_deal(seed=seed, marks=marks, keppis=keppis)
    rng = random.Random(seed)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    result = deal.result()
    assert result is not None
    # Whole and in order, equal to what the dataclass's own __init__ makes of the same values.
    assert list(vars(result)) == [f.name for f in dataclasses.fields(result)]
    assert dataclasses.replace(result) == result
    check_escapes(result, marks, keppis)
    expected = reference_json(result)
    made = result.to_dict()
    assert made == expected and list(made) == list(expected)
    entry = deal.events[-1]
    head = {"seat": None, "event": "result"}
    assert entry == {**head, **expected} and list(entry) == [*head, *expected]
    # Fresh containers every time: a reader may change what it is given.
    again = result.to_dict()
    assert again == made and again["sides"] is not made["sides"]
    assert again["sides"][0]["seats"] is not made["sides"][0]["seats"]
    assert again["marks"] is not made["marks"]
