"""``tricktaker play`` and ``tricktaker simulate`` for Kiksas and Trikiksis."""

from __future__ import annotations

import io
import json

import pytest

import tricktaker as tt
from tricktaker.cli import main
from tricktaker.games.kiksas import KiksasDeal, simulation_deal
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


@pytest.mark.parametrize("name", ["kiksas", "trikiksis"])
def test_simulate_summary(name: str) -> None:
    results = simulate(tt.load(name), deals=60, bots="random", seed=3)
    summary = results.summary()
    assert set(summary["deal_types"]) == {"first", "writing", "writing_off"}
    assert abs(sum(summary["deal_types"].values()) - 1) < 1e-9
    assert {"egg_rate", "akis_rate", "akis_success_rate", "su_dviem_rate"} <= set(summary)
    assert set(summary["figures_per_deal"]) == {"strokes", "eggs", "crosses", "total"}
    width = 3 if name == "trikiksis" else 2
    assert results["strokes"].shape == (60, width)
    # Every finished non-Akis deal of a full play-out counts 138 points.
    full = (results["akis"] == 0) & (results["tricks"].sum(axis=1) == (8 if width == 3 else 6))
    assert (results["points"][full].sum(axis=1) == 138).all()
    json.dumps(results.to_dict(per_deal=True))
    table = results.table()
    assert "Akis rate" in table and "egg rate" in table


def test_simulation_deals_replay_alone() -> None:
    game = tt.load("kiksas")
    results = simulate(game, deals=12, seed=8)
    kinds = set()
    for i in range(12):
        deal = simulation_deal(game, int(results["seed"][i]))  # type: ignore[arg-type]
        assert isinstance(deal, KiksasDeal)
        kinds.add(deal.deal_type)
        assert ["first", "writing", "writing_off"].index(deal.deal_type) == results["deal_type"][i]
        if deal.targets is not None:
            assert sum(deal.targets) == 138
    assert kinds == {"first", "writing", "writing_off"}


@pytest.mark.parametrize("name", ["kiksas", "trikiksis"])
def test_cli_simulate(
    name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, ["simulate", name, "--deals", "30", "--seed", "1"])
    assert code == 0 and f"{name}: 30 deals" in out and "figures per deal" in out
    code, out, _ = run(
        capsys, monkeypatch, ["simulate", name, "--deals", "10", "--seed", "1", "--json"]
    )
    data = json.loads(out)
    assert code == 0 and data["summary"]["deal_types"]


@pytest.mark.parametrize("name", ["kiksas", "trikiksis"])
def test_cli_play_bots_only_match(
    name: str, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", name, "--seats", "none", "--seed", "4", "--option", "figures_to_lose=2"]
    code, out, err = run(capsys, monkeypatch, argv)
    assert code == 0 and not err
    assert "Deal 1: first deal" in out and "Winner:" in out and "The match is over" in out


def test_cli_play_person(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # The person at C answers every question with the first action, then leaves.
    stdin = "help\nwhat?\n" + "1\n" * 40 + "quit\n"
    code, out, _ = run(
        capsys, monkeypatch, ["play", "kiksas", "--seats", "C", "--seed", "5"], stdin
    )
    assert code == 0
    assert "Your hand (C):" in out and "Legal: 1)" in out
    assert "Not an action allowed now: 'what?'" in out
    assert "You left the game." in out and "Figures:" in out


def test_cli_games_lists_kiksas(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, ["games", "trikiksis"])
    assert code == 0 and "trikiksis_tiebreak" in out and "Trikiksis" in out
