"""``import tricktaker`` stays light: it loads neither the command line (nor argparse), the
simulator, the comparison of bots nor the bots; ``tt.simulate`` loads the simulator on first use."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest

import tricktaker as tt

HEAVY = ("argparse", "tricktaker.cli", "tricktaker.sim", "tricktaker.compare", "tricktaker.bots")


def _heavy_loaded_after(code: str) -> list[str]:
    """The heavy modules (and their submodules) loaded in a fresh interpreter after ``code``."""
    script = (
        f"import json, sys; {code}; heavy = {HEAVY!r}; "
        "print(json.dumps(sorted(m for m in sys.modules "
        "if m in heavy or m.startswith(tuple(h + '.' for h in heavy)))))"
    )
    run = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    loaded: list[str] = json.loads(run.stdout)
    return loaded


def test_import_tricktaker_loads_no_cli_simulator_or_bots() -> None:
    assert _heavy_loaded_after("import tricktaker") == []


def test_playing_a_deal_stays_light() -> None:
    code = (
        "import tricktaker as tt; deal = tt.load('whist').new_deal(seed=1); "
        "deal.apply(deal.legal_actions()[0])"
    )
    assert _heavy_loaded_after(code) == []


def test_simulate_is_loaded_on_first_use() -> None:
    loaded = _heavy_loaded_after("import tricktaker as tt; tt.simulate")
    assert "tricktaker.sim" in loaded and "tricktaker.cli" not in loaded
    from tricktaker.sim import SimulationResults, simulate

    assert tt.simulate is simulate and tt.SimulationResults is SimulationResults
    assert {"simulate", "SimulationResults", "Bot", "RandomBot"} <= set(tt.__all__)
    assert {"simulate", "SimulationResults"} <= set(dir(tt))


def test_an_unknown_attribute_is_still_an_attribute_error() -> None:
    with pytest.raises(AttributeError, match="no_such_name"):
        getattr(tt, "no_such_name")  # noqa: B009
