"""Whist in the simulator, the duplicate comparison and the terminal: its summary, its payoff
per seat and its view (``tt.simulate``, ``tricktaker simulate whist``, ``tricktaker play
whist``)."""

from __future__ import annotations

import io
import json

import pytest

import tricktaker as tt
from tricktaker.cli import main, parse_person_input, view_for
from tricktaker.compare import compare
from tricktaker.sim import simulate, summary_adapter


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


def test_whist_offers_a_summary_a_view_and_a_metric() -> None:
    capabilities = tt.games()["whist"].capabilities
    assert {"summary", "view", "metric"} <= set(capabilities)


@pytest.mark.parametrize("ranks", [13, 8])
def test_simulate_counts_every_trick_of_every_deal(ranks: int) -> None:
    results = tt.simulate(tt.load("whist", ranks_per_suit=ranks), deals=40, seed=5)
    tricks = results["tricks"]
    assert tricks.shape == (40, 2)
    assert (tricks.sum(axis=1) == ranks).all()  # one trick per card in each hand
    summary = results.summary()
    assert summary["tricks_per_deal"] == ranks
    ns, ew = summary["sides"]["NS"], summary["sides"]["EW"]
    assert ns["tricks_per_deal"] + ew["tricks_per_deal"] == pytest.approx(ranks)
    assert ns["majority_rate"] + ew["majority_rate"] + summary["tie_rate"] == pytest.approx(1)
    assert summary["totals"] == {"NS": int(tricks[:, 0].sum()), "EW": int(tricks[:, 1].sum())}
    if ranks % 2:
        assert summary["tie_rate"] == 0.0  # an odd number of tricks cannot be shared
    json.dumps(results.to_dict(per_deal=True))


def test_a_simulated_deal_replays_from_its_seed() -> None:
    game = tt.load("whist", ranks_per_suit=8)
    results = simulate(game, deals=10, bots="random", seed=11)
    again = simulate(game, deals=10, bots="random", seed=11)
    assert (results["tricks"] == again["tricks"]).all()
    adapter = summary_adapter("whist")
    assert adapter.new_deal is None and adapter.deal_stream is None  # plain game.new_deal
    deal = game.new_deal(seed=int(results["seed"][3]))
    assert deal.to_json() == game.new_deal(seed=int(again["seed"][3])).to_json()


def test_summary_table() -> None:
    table = simulate(tt.load("whist", ranks_per_suit=8), deals=50, seed=2).table()
    lines = table.splitlines()
    assert lines[0] == "whist: 50 deals, seed 2, bots random"
    assert lines[1].split() == ["NS", "EW", "both"]
    assert lines[2].startswith("tricks per deal") and lines[2].endswith("8.00")
    assert any(line.startswith("most tricks") for line in lines)


def test_simulate_command(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["simulate", "whist", "--deals", "30", "--seed", "4", "--json"]
    code, out, _ = run(capsys, monkeypatch, argv)
    assert code == 0
    data = json.loads(out)
    assert data["game"] == "whist" and data["deals"] == 30
    assert data["summary"]["tricks_per_deal"] == 13


def test_compare_scores_the_tricks_of_each_side() -> None:
    result = compare(
        tt.load("whist", ranks_per_suit=8), ["random", tt.RandomBot(9)], deals=8, seed=3
    )
    pair = result.pairs[0]
    assert result.metric == "tricks of the seat's side"
    assert pair.plays_per_deal == 2  # N-S against E-W, then the other way round
    # every deal's tricks are split between the sides, whichever bot holds which
    assert pair.payoff_first + pair.payoff_second == pytest.approx(8)


def test_play_one_deal_in_the_terminal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # whist has no matches: without --deals the command plays one deal
    argv = ["play", "whist", "--seed", "3", "-o", "ranks_per_suit=4", "--bot", "random"]
    code, out, _ = run(capsys, monkeypatch, argv, "1\n" * 10)
    assert code == 0
    assert "=== whist: a deal in no trump, N leads ===" in out
    assert "Your hand (S): K♠   Q♥ J♥   J♣" in out
    assert "On the table: N K♦  E A♥" in out
    assert "Legal: 1) K♠  2) Q♥  3) J♥  4) J♣" in out
    assert "Deal over: tricks NS 1, EW 3; EW take the most tricks." in out
    assert out.rstrip().endswith("Done: 1 deal played.")


def test_play_asks_for_one_deal_at_most(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, monkeypatch, ["play", "whist", "--deals", "2", "--seats", "none"])
    assert code == 2
    assert err.startswith("tricktaker: error: whist")  # no match to play two deals of


def test_the_view_says_why_a_card_is_refused() -> None:
    game = tt.load("whist", ranks_per_suit=8)
    deal = game.new_deal(hands="N:AK.Q.. QJ.A.. T9..A. 87...A", leader="N")
    deal.apply("AS")
    legal = deal.legal_actions()
    obs = deal.observation(1)  # E, to follow the ace of spades
    answer = parse_person_input("AH", legal, obs, view_for("whist"))
    assert isinstance(answer, str)
    assert "A♥ is not allowed now: you must follow ♠." in answer
