"""Kirves on the command line and in the batch simulator."""

from __future__ import annotations

import io
import json
import re

import numpy as np
import pytest

import tricktaker as tt
from tricktaker.cli import main
from tricktaker.games import kirves as K
from tricktaker.sim import simulate


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    stdin: str = "",
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_play_a_whole_game_of_bots(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "kirves", "--num-players", "3", "--seats", "none", "--seed", "2"]
    argv += ["--bot", "random"]  # the API replay below plays random bots
    code, out, _ = run(capsys, monkeypatch, argv)
    assert code == 0
    assert "=== Game 1, leg 1, deal 1: dealer" in out
    assert "gets the KIRVES and loses the game!" in out and "every other player wins" in out
    played = int(re.search(r"Done: (\d+) deals played", out).group(1))  # type: ignore[union-attr]
    over = int(re.search(r"Game over after (\d+) deals", out).group(1))  # type: ignore[union-attr]
    assert played == over  # choosing a dealer after a keppi does not count as a deal
    # The same game through the API gives the same number of deals.
    match = tt.load("kirves", num_players=3).new_match(seed=2)
    assert isinstance(match, K.KirvesMatch)
    bots = {p: tt.RandomBot(tt.sim.bot_seed(2, p)) for p in range(3)}
    while not match.is_over:
        seat = match.to_move
        assert seat is not None
        match.apply(bots[seat].act(match.observation(seat), match.legal_actions()))
    assert match.result().deals == played


def test_play_with_a_person_hides_other_seats_secrets(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    lines = "\n".join(["cut 20", "help", "nonsense"] + ["1"] * 200)
    argv = ["play", "kirves", "--num-players", "4", "--seats", "A", "--deals", "3", "--seed", "8"]
    argv += ["-o", "first_dealer=B"]  # A cuts first
    code, out, _ = run(capsys, monkeypatch, argv, lines)
    assert code == 0
    assert "Done: 3 deals played." in out
    assert "Not an action allowed now: 'nonsense'" in out
    assert "Legal: cut N, for N from 2 to 52" in out
    # A discard is narrated without its card, and no other seat's hand is printed.
    assert "discard:" not in out.replace("A, discard> ", "")
    for line in out.splitlines():
        if line.startswith("Your hand ("):
            assert line.startswith("Your hand (A)")


def test_play_options_and_errors(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = [
        "play", "kirves", "--num-players", "5", "--preset", "rantasalmi", "-o",
        "tournament_scoring=true", "--seats", "none", "--seed", "3",
    ]  # fmt: skip
    code, out, _ = run(capsys, monkeypatch, argv)
    assert code == 0 and "overtake_required=true" in out and "Ranking: " in out
    code, _, err = run(capsys, monkeypatch, ["play", "kirves"])
    assert code == 2 and "needs num_players" in err
    code, _, err = run(capsys, monkeypatch, ["play", "kirves", "--num-players", "11"])
    assert code == 2 and "2..10" in err
    code, _, err = run(
        capsys, monkeypatch, ["play", "kirves", "--num-players", "3", "--seats", "D"]
    )
    assert code == 2 and "not a seat: 'D'" in err


def test_simulate_table(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["simulate", "kirves", "--num-players", "4", "--deals", "300", "--seed", "1"]
    code, out, _ = run(capsys, monkeypatch, argv)
    assert code == 0
    assert "kirves: 300 deals, 4 players, seed 1" in out
    for text in ("deal wins by role", "trump maker wins", "keppis", "kirves", "marks per deal"):
        assert text in out


def test_simulate_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    argv = [
        "simulate", "kirves", "--num-players", "6", "--deals", "200", "--seed", "4", "--json",
        "--per-deal", "-o", "tournament_scoring=true",
    ]  # fmt: skip
    code, out, _ = run(capsys, monkeypatch, argv)
    assert code == 0
    data = json.loads(out)
    s = data["summary"]
    assert abs(sum(s["outcomes"].values()) - 1) < 1e-9
    assert len(s["marks_by_seat"]) == 6 and len(s["kirves_by_seat"]) == 6
    rows = data["per_deal"]
    assert len(rows["outcome"]) == 200
    assert s["kirves"] == sum(k >= 0 for k in rows["kirves"])
    assert s["keppis"] == sum(k >= 0 for k in rows["keppi"])


def test_simulate_results_are_consistent() -> None:
    game = tt.load("kirves", num_players=5, tournament_scoring=True)
    res = simulate(game, deals=400, bots="random", seed=11)
    again = simulate(game, deals=400, bots="random", seed=11)
    for name in res.columns:
        assert np.array_equal(res[name], again[name])
    marks = res["marks"]
    assert marks.shape == (400, 10) and set(np.unique(marks)) <= {0, 1}
    assert not marks[:, 5:].any()
    outcome, role, winner = res["outcome"], res["winner_role"], res["winner"]
    played = outcome == 0
    assert (winner[played] >= 0).all() and (role[played] >= 0).all()
    no_marks = (outcome == 3) | (outcome == 4) | (outcome == 5)
    assert not marks[no_marks].any() and (role[no_marks] == -1).all()
    # A game ends with one kirves, and a keppi or kirves follows a deal that counts.
    assert ((res["keppi"] >= 0) & (res["kirves"] >= 0)).sum() == 0
    assert ((res["kirves"] >= 0) & no_marks).sum() == 0
    s = res.summary()
    assert s["kirves"] >= 1 and s["deals_per_game"] is not None


def test_simulation_deals_come_from_whole_games() -> None:
    game = tt.load("kirves", num_players=3)
    stream = K.simulation_deals(game, 5)
    participants = []
    for _ in range(30):
        seed, deal = next(stream)
        assert deal.phase == K.CUT and seed == deal._setup["seed"]
        participants.append(len(deal.participants))
        while not deal.is_over:
            deal.apply(deal.legal_actions()[0])
    assert 2 in participants  # escapes shrink the table within a leg
    with pytest.raises(ValueError, match="Kirves game"):
        next(K.simulation_deals(tt.load("klaverjas"), 1))
