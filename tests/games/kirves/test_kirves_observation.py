"""Kirves's JSON faces in the common form of every game: observations, events, results and
standings name seats by id, list the sides as ``tt.solve`` names them, and validate against
``tt.schema()`` under every option (the conformance tests play the defaults and the preset)."""

from __future__ import annotations

import json
import random
from typing import Any

import jsonschema
import pytest
from kirves_helpers import A, B, C, D, fill_hands, finish, game, legal
from test_kirves_harness import VARIANTS

import tricktaker as tt
from tricktaker.games import kirves as K

SCHEMA = tt.schema()


def _validator(kind: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({**SCHEMA, "$ref": f"#/$defs/kirves/properties/{kind}"})


def _valid(validator: jsonschema.Draft202012Validator, instance: Any, what: Any = "") -> None:
    data = json.loads(json.dumps(instance))
    errors = list(validator.iter_errors(data))
    assert not errors, f"{what}: {errors[0].message} at {list(errors[0].absolute_path)}"


def _cut_jack_deal() -> K.KirvesDeal:
    """C deals, B cut the jack of diamonds, D is the eldest; C takes the turned ace."""
    hands = fill_hands(4, {C: "KS QS"}, exclude="AD")
    return game(4).new_deal(dealer="C", hands=hands, turned="AD", cut_jack="JD")


def test_the_observation_names_seats_by_id() -> None:
    deal = _cut_jack_deal()
    obs = deal.observation("A")
    assert obs == deal.observation(A)  # a seat is given by id or by letter
    assert obs["seat"] == A and obs["seats"] == ["A", "B", "C", "D"]
    assert (obs["dealer"], obs["cutter"], obs["eldest"], obs["to_move"]) == (C, B, D, B)
    assert obs["participants"] == [A, B, C, D] and obs["hand_sizes"] == [5, 6, 6, 5]
    assert obs["kind"] == "cut_jack" and obs["trump"] == "D" and obs["trump_maker"] is None
    assert obs["cut_marks"] == [1, 0, 0, 1]  # every participant but the cutter and the dealer
    # A cut jack: the cutter and the dealer each for himself, and so the bystanders.
    assert obs["sides"] == [{"name": name, "seats": [p]} for p, name in enumerate("ABCD")]
    assert obs["events"][:2] == [
        {"seat": C, "event": "turned_card", "card": "AD"},
        {"seat": C, "event": "takes_turned_card", "card": "AD", "trump": "D"},
    ]
    card = legal(deal)[0].split(":")[1]
    event = deal.apply(legal(deal)[0]).to_dict()  # B discards
    assert event == {"seat": B, "action": f"discard:{card}", "phase": "discard", "card": card}
    assert deal.observation(A)["events"][-1] == {"seat": B, "event": "discard"}
    assert deal.observation(A)["to_move"] == C and deal.observation(B)["discarded"] == card


def test_calls_tricks_and_the_result_name_seats_by_id() -> None:
    hands = fill_hands(4, {B: "RJ BJ JS JH AD"}, exclude="6D")
    deal = game(4).new_deal(dealer="A", hands=hands, turned="6D")
    assert deal.apply("keep").to_dict() == {
        "seat": B,
        "action": "keep",
        "phase": "speaking",
        "trump": "D",
    }
    obs = deal.observation(C)
    assert obs["trump_maker"] == B and obs["calls"] == [[B, "keep"]]
    assert obs["sides"] == [{"name": "B", "seats": [B]}, {"name": "A-C-D", "seats": [A, C, D]}]
    while deal.phase == K.FOLDING:
        deal.apply("stay")
    for index, side in enumerate(obs["sides"]):  # the names tt.solve takes
        assert tt.solve(deal, side=side["name"]).side == index
        assert {tt.solve(deal, side=deal.seat_name(s)).side for s in side["seats"]} == {index}
    events = [deal.apply(deal.legal_actions()[0]).to_dict() for _ in range(4)]
    winner = events[-1]["trick_winner"]
    assert events[-1]["trick"] == 1 and winner in (A, B, C, D)
    trick = deal.observation(A)["tricks"][0]
    assert trick["leader"] == B and trick["winner"] == winner
    assert [seat for seat, _ in trick["cards"]] == [B, C, D, A]
    finish(deal, strong=(B,))
    result = deal.result()
    assert result is not None and result.winner == B
    data = result.to_dict()
    assert data["game"] == "kirves" and data["sides"] == obs["sides"]
    assert data["score"] == [1, 0] and data["marks"] == [0, 1, 0, 0]
    assert (data["winner"], data["trump_maker"], data["dealer"]) == (B, B, A)
    assert data["participants"] == [A, B, C, D] and set(data["trick_winners"]) <= {A, B, C, D}
    assert deal.observation(D)["result"] == data
    assert deal.observation(D)["events"][-1] == {"seat": None, "event": "result", **data}


def test_a_lost_deal_scores_the_opposition_marks() -> None:
    hands = fill_hands(4, {C: "RJ BJ JS JH AD"}, exclude="6D")
    deal = game(4).new_deal(dealer="A", hands=hands, turned="6D")
    deal.apply("keep")  # B makes diamonds trumps against C's top trumps
    finish(deal, strong=(C,))
    result = deal.result()
    assert result is not None
    data = result.to_dict()
    assert data["winner"] == C and data["marks"] == [1, 0, 1, 1] and data["score"] == [0, 3]


def test_match_observations_and_the_keppi_name_seats_by_id() -> None:
    match = game(3).new_match(seed=4, dealer="A", marks=[0, 2, 3])
    assert isinstance(match, K.KirvesMatch)
    rnd = random.Random(4)
    while match.phase != K.CHOOSE_DEALER:
        assert not match.is_over
        match.apply(rnd.choice(match.legal_actions()))
    holder = match.to_move
    obs = match.observation(0)
    assert obs["phase"] == K.CHOOSE_DEALER and obs["keppi_holder"] == holder == obs["to_move"]
    assert obs["match"]["keppis"][holder] == 1 and obs["match"]["escaped"] == []
    assert all(isinstance(p, int) for group in obs["match"]["ranking"] for p in group)
    _valid(_validator("observation"), obs)
    event = match.apply("dealer:C").to_dict()
    assert event == {"seat": holder, "action": "dealer:C", "phase": "choose_dealer", "dealer": C}


@pytest.mark.parametrize(
    ("options", "n"),
    [(v, (3, 5, 2)[i % 3]) for i, v in enumerate(VARIANTS)],
    ids=[json.dumps(v) for v in VARIANTS],
)
def test_every_option_validates_against_the_schema(options: dict[str, Any], n: int) -> None:
    observation, event, result = (_validator(k) for k in ("observation", "event", "result"))
    match = tt.load("kirves", num_players=n, **options).new_match(seed=n)
    assert isinstance(match, K.KirvesMatch)
    rnd = random.Random(n)
    deals = 0
    while not match.is_over and deals < 1:
        deal = match.deal
        seat = match.to_move
        assert seat is not None
        _valid(observation, match.observation(seat), match.phase)
        applied = match.apply(rnd.choice(match.legal_actions()))
        _valid(event, applied.to_dict(), applied.action)
        if deal.is_over:
            deals += 1
            finished = deal.result()
            assert finished is not None
            _valid(result, finished.to_dict())
            for p in range(n):
                _valid(observation, deal.observation(p), ("over", p))


def test_the_schema_is_closed() -> None:
    validator = _validator("observation")
    obs = _cut_jack_deal().observation(0)
    _valid(validator, obs)
    assert not validator.is_valid({**obs, "extra": 1})
    assert not validator.is_valid({**obs, "cutter": "B"})  # seats are ids, not letters
    assert not validator.is_valid({**obs, "hand_sizes": {"A": 5}})
    assert not validator.is_valid({**obs, "phase": "bidding"})
