"""Every observation, event and result of random deals and matches of every game, preset and
example option set validates against ``tt.schema()``; so do ``tt.games()`` and every game's
options. The schema is closed, so a field that it does not declare fails."""

from __future__ import annotations

import json
import random
import re
from typing import Any

import jsonschema
import pytest
from test_conformance import CASES, IDS, _game  # noqa: I001  (the conformance cases)

import tricktaker as tt
from tricktaker.protocol.base import Deal, StateMachine
from tricktaker.protocol.options import options_to_dict

SCHEMA = tt.schema()


def _validator(ref: str) -> jsonschema.Draft202012Validator:
    return jsonschema.Draft202012Validator({**SCHEMA, "$ref": ref})


def _check(validator: jsonschema.Draft202012Validator, instance: Any, what: str) -> None:
    # Through JSON first: the schema describes what a front end receives.
    data = json.loads(json.dumps(instance))
    errors = sorted(validator.iter_errors(data), key=lambda e: list(e.absolute_path))
    if errors:
        first = errors[0]
        path = "/".join(str(p) for p in first.absolute_path)
        raise AssertionError(f"{what}: {first.message} at '{path}' ({len(errors)} errors)")


def test_the_schema_is_a_valid_draft_2020_12_schema() -> None:
    jsonschema.Draft202012Validator.check_schema(SCHEMA)


def test_games_info_validates() -> None:
    _check(_validator("#/$defs/games"), tt.games(), "tt.games()")


def _seats(machine: StateMachine) -> range:
    observation = machine.observation(0)
    return range(len(observation["seats"]))


@pytest.mark.parametrize(("name", "preset", "options"), CASES, ids=IDS)
def test_observations_events_and_results_validate(
    name: str, preset: str | None, options: Any
) -> None:
    game = _game(name, preset, options)
    base = f"#/$defs/{name}/properties"
    observation, event, result = (
        _validator(f"{base}/{kind}") for kind in ("observation", "event", "result")
    )
    _check(_validator(f"{base}/options"), options_to_dict(game.options), "options")
    count = 0
    for seed in range(3):
        deal: Deal = game.new_deal(seed=seed)
        rnd = random.Random(seed)
        while True:
            for seat in _seats(deal):
                _check(observation, deal.observation(seat), f"seed {seed} {deal.phase} seat {seat}")
                count += 1
            if deal.is_over:
                break
            legal = deal.legal_actions()
            applied = deal.apply(legal[rnd.randrange(len(legal))])
            _check(event, applied.to_dict(), f"seed {seed} event {applied.action}")
        _check(result, deal.result().to_dict(), f"seed {seed} result")
    assert count > 50


@pytest.mark.parametrize(("name", "preset", "options"), CASES, ids=IDS)
def test_match_observations_validate(name: str, preset: str | None, options: Any) -> None:
    game = _game(name, preset, options)
    try:
        match = game.new_match(seed=9)
    except tt.Unsupported:
        return
    observation = _validator(f"#/$defs/{name}/properties/observation")
    rnd = random.Random(9)
    for step in range(200):
        if match.is_over:
            break
        if step % 5 == 0:
            for seat in _seats(match):
                _check(observation, match.observation(seat), f"match step {step} seat {seat}")
        legal = match.legal_actions()
        match.apply(legal[rnd.randrange(len(legal))])


@pytest.mark.parametrize("name", sorted(tt.games()))
def test_every_option_value_validates(name: str) -> None:
    """Each allowed value of each option, set alone (mixes a game refuses are skipped)."""
    validator = _validator(f"#/$defs/{name}/properties/options")
    info = tt.games()[name]
    base = next(opts for n, _, opts in CASES if n == name)
    checked = 0
    for option in info.options:
        for value in option["choices"] or []:
            try:
                game = tt.load(name, **{**base, option["name"]: value})
            except ValueError:
                continue
            _check(validator, options_to_dict(game.options), f"{option['name']}={value!r}")
            checked += 1
    assert checked or not any(o["choices"] for o in info.options)


@pytest.mark.parametrize("name", sorted(tt.games()))
def test_every_option_says_what_it_does(name: str) -> None:
    """A one-line description, not only the specification's section or decision codes."""
    for option in tt.games()[name].options:
        words = re.sub(r"[§DSE]\d+(\.\d+)*|[\[\](),;]", " ", option["doc"]).split()
        assert len(words) >= 4 and "\n" not in option["doc"], option
