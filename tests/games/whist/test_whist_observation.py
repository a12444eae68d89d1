"""Whist's JSON faces in the common form of every game: observations, events and results name
seats by id, list the sides as ``tt.solve`` names them, and validate against ``tt.schema()``
for every deck size and for endings (the conformance tests play the default pack only)."""

from __future__ import annotations

import json
import random
from typing import Any

import jsonschema
import pytest

import tricktaker as tt

SCHEMA = tt.schema()
TRUMPS = ("NT", "S", "H", "D", "C")


def _validator(kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({**SCHEMA, "$ref": f"#/$defs/whist/properties/{kind}"})


def _valid(validator: jsonschema.Draft202012Validator, instance: Any) -> None:
    data = json.loads(json.dumps(instance))
    errors = list(validator.iter_errors(data))
    assert not errors, f"{errors[0].message} at {list(errors[0].absolute_path)}"


def test_the_observation_names_seats_by_id() -> None:
    game = tt.load("whist", ranks_per_suit=8)
    deal = game.position_from_pbn("N:AK.A.. QJ.K.. T9.Q.. 87.J..", trump="S", leader="E")
    deal.apply("QS")
    obs = deal.observation("S")
    assert obs == deal.observation(2)  # a seat is given by id or by name
    assert obs["seat"] == 2 and obs["seats"] == ["N", "E", "S", "W"]
    assert obs["sides"] == [{"name": "NS", "seats": [0, 2]}, {"name": "EW", "seats": [1, 3]}]
    assert obs["to_move"] == 2 and obs["dealer"] is None and obs["leader"] == 1
    assert obs["trick"] == [[1, "QS"]] and obs["trump"] == "S"
    assert obs["hand_sizes"] == [3, 2, 3, 3] and obs["ranks_per_suit"] == 8
    assert obs["result"] is None
    for card in ("TS", "7S", "AS"):  # S, W, then N takes the trick
        deal.apply(card)
    obs = deal.observation(3)
    assert obs["tricks"] == [
        {"leader": 1, "cards": [[1, "QS"], [2, "TS"], [3, "7S"], [0, "AS"]], "winner": 0}
    ]
    assert obs["tricks_won"] == [1, 0] and obs["to_move"] == 0


def test_events_and_results_name_seats_by_id() -> None:
    game = tt.load("whist", ranks_per_suit=8)
    deal = game.position_from_pbn("N:AK.A.. QJ.K.. T9.Q.. 87.J..", trump="NT", leader="W")
    assert deal.apply("7S").to_dict() == {"seat": 3, "action": "7S", "phase": "play", "card": "7S"}
    deal.apply("KS")
    deal.apply("QS")
    last = deal.apply("TS").to_dict()
    assert last == {
        "seat": 2,
        "action": "TS",
        "phase": "play",
        "card": "TS",
        "trick": 1,
        "trick_winner": 0,
    }
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    result = deal.result()
    assert result is not None and result.tricks == (3, 0)
    assert result.to_dict() == {
        "game": "whist",
        "sides": [{"name": "NS", "seats": [0, 2]}, {"name": "EW", "seats": [1, 3]}],
        "score": [3, 0],
        "tricks": [3, 0],
    }
    assert deal.observation(1)["result"] == result.to_dict()


def test_the_side_names_are_those_solve_accepts() -> None:
    deal = tt.load("whist", ranks_per_suit=8).new_deal(seed=4)
    for index, side in enumerate(deal.observation(0)["sides"]):
        assert tt.solve(deal, side=side["name"]).side == index
        assert {tt.solve(deal, side=deal.seat_name(s)).side for s in side["seats"]} == {index}


@pytest.mark.parametrize("ranks", [2, 5, 8, 13])
def test_every_deck_size_validates_against_the_schema(ranks: int) -> None:
    observation, event, result = (_validator(k) for k in ("observation", "event", "result"))
    game = tt.load("whist", ranks_per_suit=ranks)
    for seed in range(3):
        rnd = random.Random(seed)
        deal = game.new_deal(seed=seed, trump=TRUMPS[seed % 5], leader=seed % 4)
        while True:
            for seat in range(4):
                _valid(observation, deal.observation(seat))
            if deal.is_over:
                break
            legal = deal.legal_actions()
            _valid(event, deal.apply(legal[rnd.randrange(len(legal))]).to_dict())
        _valid(result, deal.result().to_dict())


def test_the_schema_is_closed() -> None:
    validator = _validator("observation")
    obs = tt.load("whist").new_deal(seed=1).observation(0)
    _valid(validator, obs)
    assert not validator.is_valid({**obs, "extra": 1})
    assert not validator.is_valid({**obs, "leader": "N"})  # seats are ids, not names
    assert not validator.is_valid({**obs, "phase": "bidding"})
