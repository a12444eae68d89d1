"""Simulations replay exactly: the same seed gives the same deals, choices and scores.

``tests/data/sim_golden.json`` holds, for runs of every game with random and rule-based bots,
a digest of each per-deal column (as ``simulate(...).to_dict(per_deal=True)`` gives it). The
digests were taken before the simulation loop was made faster, so they pin down that the fast
paths play exactly the deals and the choices the plain ``Deal`` loop plays. When a rule change
really changes the play, regenerate them with ``python tests/test_sim_golden.py --write``.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

import pytest

import tricktaker as tt
from tricktaker.sim import simulate

GOLDEN = Path(__file__).parent / "data" / "sim_golden.json"


def column_digests(run: dict[str, Any]) -> dict[str, str]:
    results = simulate(
        tt.load(run["game"], **run["options"]),
        deals=run["deals"],
        bots=run["bots"],
        seed=run["seed"],
    )
    rows = results.to_dict(per_deal=True)["per_deal"]
    return {
        name: hashlib.sha256(json.dumps(values).encode()).hexdigest()[:16]
        for name, values in rows.items()
    }


def _runs() -> list[dict[str, Any]]:
    runs: list[dict[str, Any]] = json.loads(GOLDEN.read_text())
    return runs


def _name(run: dict[str, Any]) -> str:
    options = ",".join(f"{k}={v}" for k, v in sorted(run["options"].items()))
    return f"{run['game']}[{options}]-{run['bots']}-seed{run['seed']}"


@pytest.mark.parametrize("run", _runs(), ids=_name)
def test_simulation_replays_its_golden_digests(run: dict[str, Any]) -> None:
    digests = column_digests(run)
    changed = sorted(k for k in run["columns"] if digests.get(k) != run["columns"][k])
    assert digests.keys() == run["columns"].keys()
    assert not changed, f"columns that changed: {changed}"


if __name__ == "__main__" and sys.argv[1:] == ["--write"]:
    fresh = [{**run, "columns": column_digests(run)} for run in _runs()]
    GOLDEN.write_text(json.dumps(fresh, indent=1, sort_keys=True) + "\n")
