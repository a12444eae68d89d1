"""Untrusted input (issue 37, items 5-10): each rejection is a ``tt.Error`` of the documented
family, names what was wrong, and leaves the deal and its log as they were."""

from __future__ import annotations

import json
import subprocess
import sys
from collections.abc import Callable
from typing import Any

import pytest

import tricktaker as tt

PITCH_POSITION = (
    "dealer=S2 trump=H leader=S0 pitcher=S0 bid=4 S0:J6.52.J.6 AT9.T.K.9 2.A3.7.Q4 -.9.4.AJT7"
)


def _changed(text: str, change: Callable[[dict[str, Any]], None]) -> str:
    document = json.loads(text)
    change(document)
    return json.dumps(document)


def _rejects_unchanged(machine: tt.Deal | tt.Match, call: Callable[[], Any], kind: type) -> str:
    before = machine.to_json()
    with pytest.raises(kind) as info:
        call()
    assert machine.to_json() == before
    return str(info.value)


def test_the_family_of_rejections() -> None:
    for kind in (tt.InvalidJSON, tt.InvalidPosition, tt.InvalidSeat, tt.InvalidOption):
        assert issubclass(kind, tt.Error) and issubclass(kind, ValueError)
    assert issubclass(tt.IllegalAction, tt.Error) and issubclass(tt.Unsupported, tt.Error)
    assert issubclass(tt.JSONSyntaxError, tt.InvalidJSON)
    assert issubclass(tt.JSONSyntaxError, json.JSONDecodeError)


# --- item 5: All Fours / Pitch set-ups load through the position's checks ---------------------


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (lambda s: s["start"].update(pitcher=-1), "not a seat"),
        (lambda s: s["start"].update(bid=999), "bid must be"),
        (lambda s: s["start"].update(bid=None), "bid must be"),
        (lambda s: s["start"].update(bid="4"), "bid must be"),
        (lambda s: s["start"].pop("pitcher"), "pitcher= and bid= are required"),
        (lambda s: s.update(scores=[0, 0, 0]), "need 2 whole numbers"),
        (lambda s: s.update(scores=[1.5, 0]), "whole numbers"),
        (lambda s: s.update(scores=["1", 0]), "whole numbers"),
        (lambda s: s["start"].update(hands=[[], [], [], []]), "holds no card"),
        (lambda s: s["start"].update(hands=5), "expected 4 hands"),
        (lambda s: s.update(start=[1]), "start: expected an object"),
    ],
)
def test_a_pitch_set_up_is_checked_as_a_position_is(change: Any, message: str) -> None:
    deal = tt.load("pitch").parse_position(PITCH_POSITION)
    text = _changed(deal.to_json(), lambda d: change(d["setup"]))
    with pytest.raises(tt.InvalidJSON, match=message):
        tt.from_json(text)


def test_all_fours_scores_past_the_target_are_refused() -> None:
    game = tt.load("allfours")  # the first side to reach 7 wins at once (T17)
    with pytest.raises(tt.Error, match="reached the target"):
        game.new_deal(seed=1, scores=[game.options.target, 0])
    deal = game.new_deal(seed=1)
    text = _changed(deal.to_json(), lambda d: d["setup"].update(scores=[99, 0]))
    with pytest.raises(tt.InvalidJSON, match="reached the target"):
        tt.from_json(text)


# --- item 6: a Klaverjas roem claim from seat -2 -------------------------------------------


def test_a_roem_claim_from_a_negative_seat_is_refused() -> None:
    game = tt.load("klaverjas", roem_claim="manual")
    for seed in range(60):
        deal = game.new_deal(seed=seed, trump="H", declarer=0)
        while not deal.is_over:
            claimers = [s for s in range(4) if tt.Action.call("claim") in deal.legal_actions(s)]
            if claimers:
                for seat in (claimers[0] - 4, -2, 4):
                    message = _rejects_unchanged(
                        deal,
                        lambda d=deal, s=seat: d.apply("claim", seat=s),
                        tt.InvalidSeat,
                    )
                    assert "seats are 0..3" in message
                logged = _changed(deal.to_json(), lambda d: d["log"].append([-2, "claim"]))
                with pytest.raises(tt.InvalidJSON, match="seat -2"):
                    tt.from_json(logged)
                return
            deal.apply(deal.legal_actions()[0])
    pytest.fail("no deal offered a roem claim")


# --- item 7: drawn trump without its suit, trump without a declarer ----------------------------


def test_drawn_trump_json_needs_its_proposed_suit() -> None:
    deal = tt.load("klaverjas", trump_selection="drawn").new_deal(seed=2)
    text = _changed(deal.to_json(), lambda d: d["setup"].update(proposed_suit=None))
    with pytest.raises(tt.InvalidJSON, match="needs the drawn suit"):
        tt.from_json(text)
    nan = _changed(deal.to_json(), lambda d: d["setup"].update(proposed_suit=float("nan")))
    with pytest.raises(tt.InvalidJSON, match="NaN"):
        tt.from_json(nan)
    with pytest.raises(tt.InvalidJSON, match="not a JSON number"):
        tt.from_json({**json.loads(deal.to_json()), "setup": {"proposed_suit": float("nan")}})


def test_trump_without_declarer_is_refused() -> None:
    deal = tt.load("klaverjas").new_deal(seed=2)
    text = _changed(deal.to_json(), lambda d: d["setup"].update(trump="H"))
    with pytest.raises(tt.InvalidJSON, match="trump= and declarer= go together"):
        tt.from_json(text)


# --- items 8 and 10: seats --------------------------------------------------------------------


@pytest.mark.parametrize("seat", [10, -11, 2**63, -(2**63), True, False, 1.0, "N"])
def test_a_seat_out_of_range_or_of_another_type_is_refused(seat: Any) -> None:
    deal = tt.load("klaverjas").new_deal(seed=1)
    action = deal.legal_actions()[0]
    _rejects_unchanged(deal, lambda: deal.apply(action, seat=seat), tt.InvalidSeat)
    assert deal.log == []


@pytest.mark.parametrize("seat", [10, -11, 2**63, "1", True, 1.5, None])
def test_a_log_seat_out_of_range_or_of_another_type_is_refused(seat: Any) -> None:
    deal = tt.load("kirves", num_players=4).new_deal(seed=3)
    text = _changed(deal.to_json(), lambda d: d["log"].append([seat, "pass"]))
    with pytest.raises(tt.InvalidJSON, match="log entry 0"):
        tt.from_json(text)


def test_an_infinite_log_seat_is_refused() -> None:
    deal = tt.load("klaverjas").new_deal(seed=1)
    text = deal.to_json().replace('"log": []', '"log": [[Infinity, "pass"]]')
    with pytest.raises(tt.InvalidJSON, match="Infinity"):
        tt.from_json(text)


def test_a_bool_seat_is_never_logged() -> None:
    deal = tt.load("klaverjas").new_deal(seed=1, trump="H", declarer=0)
    card = deal.legal_actions()[0]
    with pytest.raises(tt.InvalidSeat, match="True"):
        deal.apply(card, seat=True)
    deal.apply(card, seat=deal.to_move)
    assert tt.from_json(deal.to_json()).to_json() == deal.to_json()


# --- item 9: values of the wrong kind ---------------------------------------------------------


def test_wrong_python_types_raise_a_clear_type_error() -> None:
    with pytest.raises(TypeError, match="a game name must be a string"):
        tt.load(5)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="a position must be a string"):
        tt.load("klaverjas").parse_position(None)  # type: ignore[attr-defined]
    with pytest.raises(TypeError, match="expected a game"):
        tt.random_playouts(None, 10, seed=1)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="from_json takes"):
        tt.from_json(5)  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ({"game": 5}, "'game' must be a game name"),
        ({"game": "klaverjas", "kind": "hand"}, "unknown JSON kind"),
        ({"game": "nope"}, "unknown game"),
        ({"options": {"play_rules": "x"}}, "play_rules"),
        ({"options": []}, "'options' must be an object"),
        ({"setup": None}, "'setup' must be an object"),
        ({"log": {}}, "the log must be a list"),
        ({"log": [["0", "pass"]]}, "malformed log entry 0"),
    ],
)
def test_a_malformed_document_is_invalid_json(document: dict[str, Any], message: str) -> None:
    base = json.loads(tt.load("klaverjas").new_deal(seed=1).to_json())
    with pytest.raises(tt.InvalidJSON, match=message):
        tt.from_json(json.dumps({**base, **document}))


def test_deeply_nested_json_is_a_clear_error() -> None:
    with pytest.raises(tt.JSONSyntaxError, match="nested too deeply"):
        tt.from_json("[" * 100000 + "]" * 100000)
    with pytest.raises(tt.InvalidJSON, match="not a tricktaker JSON document"):
        tt.from_json("[[[]]]")
    with pytest.raises(json.JSONDecodeError):  # still what a caller of the json module expects
        tt.from_json("not json")


def test_unknown_games_and_options_are_invalid_options() -> None:
    with pytest.raises(tt.InvalidOption, match="unknown game"):
        tt.load("bridge")
    with pytest.raises(tt.InvalidOption, match="no option"):
        tt.load("klaverjas", colour="red")
    with pytest.raises(tt.InvalidOption, match="allowed values"):
        tt.load("klaverjas", play_rules=["rotterdam"])


def test_positions_reject_with_invalid_position() -> None:
    game = tt.load("klaverjas")
    with pytest.raises(tt.InvalidPosition, match="dealer= is missing"):
        game.parse_position("trump=H declarer=N N:A.-.-.-")  # type: ignore[attr-defined]
    with pytest.raises(tt.InvalidPosition, match="not a seat"):
        tt.load("pitch").parse_position(PITCH_POSITION.replace("leader=S0", "leader=S9"))  # type: ignore[attr-defined]


def test_a_huge_pimc_budget_is_a_clean_command_line_error() -> None:
    done = subprocess.run(
        [
            sys.executable,
            "-m",
            "tricktaker",
            "simulate",
            "klaverjas",
            "--deals",
            "1",
            "--bots",
            "pimc:99999999999999999999",
        ],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert done.returncode == 2
    assert "pimc budget" in done.stderr and "Traceback" not in done.stderr
