"""Conformance: every registered game, with every preset, keeps the promises of the protocol.

The cases come from the registry alone (each family's variants, their presets and example
options), so a new family is tested by registering it. Each case plays seeded random legal
actions and checks, along the way: JSON round trips and clones, refused actions that change
nothing, observations that are JSON and hide every card the seat cannot locate, tensors of the
game's shape, sampled deals consistent with the seat's view, and the solver's values against
one-ply expansions (its value is the best child's, each child solved on its own) on small
endings.
"""

from __future__ import annotations

import contextlib
import importlib
import json
import random
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tricktaker as tt
from tricktaker.cards import Card
from tricktaker.protocol.base import Deal, StateMachine
from tricktaker.registry import families
from tricktaker.sampling import knowledge


def _cases() -> Iterator[tuple[str, str | None, dict[str, Any]]]:
    for family in families().values():
        for variant in family.variants:
            for options in variant.examples:
                for preset in (None, *sorted(variant.presets)):
                    yield variant.name, preset, dict(options)


CASES = list(_cases())
IDS = [
    "-".join([name, preset or "default", *(f"{k}={v}" for k, v in opts.items())])
    for name, preset, opts in CASES
]


def _game(name: str, preset: str | None, options: dict[str, Any]) -> tt.Game:
    return tt.load(name, preset=preset, **options)


def _seats(machine: StateMachine) -> list[int]:
    deal = machine if isinstance(machine, Deal) else getattr(machine, "deal", None)
    count = len(getattr(deal, "seats", ())) or int(getattr(deal, "n", 0) or 0)
    if not count:
        count = int(getattr(deal, "num_players", 0) or getattr(deal, "num_seats", 0) or 4)
    return list(range(count))


def _card_texts(data: Any) -> set[str]:
    """Every string in a JSON-ready structure that reads as a card."""
    out: set[str] = set()
    if isinstance(data, str):
        with contextlib.suppress(ValueError):  # most strings are not cards
            out.add(str(Card.parse(data)))
    elif isinstance(data, dict):
        for value in data.values():
            out |= _card_texts(value)
    elif isinstance(data, (list, tuple)):
        for value in data:
            out |= _card_texts(value)
    return out


def _random_walk(deal: StateMachine, seed: int, limit: int = 2000) -> Iterator[StateMachine]:
    """Seeded random legal actions to the end, yielding the machine before each action."""
    rnd = random.Random(seed)
    for _ in range(limit):
        if deal.is_over:
            return
        yield deal
        legal = deal.legal_actions()
        assert legal, f"phase {deal.phase}: a seat is to move but has no legal action"
        deal.apply(legal[rnd.randrange(len(legal))])
    raise AssertionError(f"not over after {limit} actions")


@pytest.mark.parametrize(("name", "preset", "options"), CASES, ids=IDS)
def test_random_deals_end_with_a_result(name: str, preset: str | None, options: Any) -> None:
    game = _game(name, preset, options)
    for seed in range(3):
        deal = game.new_deal(seed=seed)
        for _ in _random_walk(deal, seed):
            pass
        assert deal.is_over and deal.to_move is None
        assert deal.result() is not None
        assert deal.legal_actions() == []
        with pytest.raises(tt.IllegalAction):
            deal.apply("pass")


@pytest.mark.parametrize(("name", "preset", "options"), CASES, ids=IDS)
def test_json_round_trips_clones_and_refusals(name: str, preset: str | None, options: Any) -> None:
    game = _game(name, preset, options)
    deal = game.new_deal(seed=11)
    rnd = random.Random(11)
    for step, machine in enumerate(_random_walk(deal, 11)):
        if step % 3:
            continue
        text = machine.to_json()
        again = tt.from_json(text)
        assert again.to_json() == text
        assert [str(a) for a in again.legal_actions()] == [str(a) for a in machine.legal_actions()]
        for seat in _seats(machine):
            assert again.observation(seat) == machine.observation(seat)
        # A clone is a separate deal: an action on it leaves the original as it was.
        clone = machine.clone()
        legal = clone.legal_actions()
        clone.apply(legal[rnd.randrange(len(legal))])
        assert machine.to_json() == text
        # A refused action names what is allowed and changes nothing.
        with pytest.raises(tt.IllegalAction, match="allowed"):
            machine.apply("no-such-action")
        assert machine.to_json() == text


@pytest.mark.parametrize(("name", "preset", "options"), CASES, ids=IDS)
def test_a_match_runs_and_round_trips(name: str, preset: str | None, options: Any) -> None:
    game = _game(name, preset, options)
    try:
        match = game.new_match(seed=5)
    except tt.Unsupported as error:  # a single-deal game says so, naming itself
        assert name in str(error) and "match" in str(error)
        return
    rnd = random.Random(5)
    for _ in range(300):
        if match.is_over:
            break
        legal = match.legal_actions()
        match.apply(legal[rnd.randrange(len(legal))])
    text = match.to_json()
    assert tt.from_json(text).to_json() == text
    json.dumps(match.observation(match.to_move if match.to_move is not None else 0))


@pytest.mark.parametrize(("name", "preset", "options"), CASES, ids=IDS)
def test_observations_are_json_and_keep_secrets(
    name: str, preset: str | None, options: Any
) -> None:
    """No card whose place a seat cannot know (the sampler's hidden cards, worked out from the
    deal itself) appears anywhere in that seat's observation."""
    game = _game(name, preset, options)
    capabilities = tt.games()[name].capabilities
    for seed in range(2):
        deal = game.new_deal(seed=seed)
        for machine in _random_walk(deal, seed):
            for seat in _seats(machine):
                observation = machine.observation(seat)
                json.dumps(observation)
                if "knowledge" not in capabilities:
                    continue
                try:
                    info = knowledge(machine, seat)
                except ValueError:  # nothing dealt yet: nothing to hide
                    continue
                hidden = {str(Card(i)) for i in range(64) if (info.hidden >> i) & 1}
                leaked = hidden & _card_texts(observation)
                assert not leaked, f"seat {seat} in phase {machine.phase} sees {sorted(leaked)}"


@pytest.mark.parametrize(("name", "preset", "options"), CASES, ids=IDS)
def test_tensors_have_the_games_shape(name: str, preset: str | None, options: Any) -> None:
    game = _game(name, preset, options)
    if "tensors" not in tt.games()[name].capabilities:
        with pytest.raises(tt.Unsupported, match=name):
            _ = game.observation_shape
        return
    deal = game.new_deal(seed=3)
    for step, machine in enumerate(_random_walk(deal, 3)):
        if step % 4 == 0:
            for seat in _seats(machine):
                tensor = machine.observation_tensor(seat)
                assert tensor.shape == game.observation_shape
                assert tensor.dtype.name == "float32"


@pytest.mark.parametrize(("name", "preset", "options"), CASES, ids=IDS)
def test_sampled_deals_agree_with_the_seat(name: str, preset: str | None, options: Any) -> None:
    """Every sampled deal gives the observer its own hand and keeps the cards played."""
    game = _game(name, preset, options)
    if "knowledge" not in tt.games()[name].capabilities:
        deal = game.new_deal(seed=1)
        with pytest.raises(tt.Unsupported, match=name):
            tt.sample_deals(deal, 0, 1, seed=1)
        return
    checked = 0
    deal = game.new_deal(seed=2)
    for step, machine in enumerate(_random_walk(deal, 2)):
        if machine.phase != "play" or step % 3:
            continue
        seat = machine.to_move
        assert seat is not None
        try:
            state = machine.play_state()
        except ValueError:  # the first card fixes the trump (Pitch): no play state yet
            continue
        player = seat if seat < state.num_players else None
        samples = tt.sample_deals(machine, seat, 8, seed=step)
        for i in range(len(samples.hands)):
            sample = samples.play_state(i)
            assert sample.cards_played == state.cards_played
            assert sample.history() == state.history()
            if player is not None:
                assert sample.hand(player) == state.hand(player)
        checked += 1
    assert checked, "no position of the play was sampled"


def _ending(game: tt.Game, seed: int, cards_left: int) -> Deal | None:
    """A deal of the game played at random until its hands hold at most ``cards_left`` cards."""
    deal = game.new_deal(seed=seed)
    rnd = random.Random(seed)
    while not deal.is_over:
        if deal.phase == "play":
            try:
                state = deal.play_state()
            except ValueError:  # the first card fixes the trump (Pitch): no play state yet
                state = None
            if (
                state is not None
                and max(bin(state.hand(s)).count("1") for s in range(state.num_players))
                <= cards_left
            ):
                return deal
        legal = deal.legal_actions()
        deal.apply(legal[rnd.randrange(len(legal))])
    return None


@pytest.mark.parametrize(("name", "preset", "options"), CASES, ids=IDS)
def test_the_solver_agrees_with_its_one_ply_expansions(
    name: str, preset: str | None, options: Any
) -> None:
    """On endings of three cards a hand, the value of a position is its best card's, and each
    card's value is the value of the position after it, solved on its own, down to the end."""
    game = _game(name, preset, options)
    if "solver" not in tt.games()[name].capabilities:
        return
    checked = 0
    for seed in range(4):
        deal = _ending(game, seed, 3)
        if deal is None:
            continue
        try:
            solution = tt.solve(deal)
        except ValueError:  # a position the game's solver does not take (before trumps, ...)
            continue
        _check_expansion(deal, solution.side, depth=2)
        checked += 1
    assert checked, "no ending of three cards a hand was reached and solved"


def _check_expansion(deal: Deal, side: Any, depth: int) -> None:
    solution = tt.solve(deal, side=side)
    values = dict(solution.cards)
    assert solution.value in (max(values.values()), min(values.values()))
    for card, value in values.items():
        child = deal.clone()
        child.apply(card)
        if child.is_over or child.phase != "play":
            continue
        child_value = tt.solve(child, side=side).value
        assert child_value == value, f"{card}: {value} as a card, {child_value} after it"
        if depth > 1:
            _check_expansion(child, side, depth - 1)


@pytest.mark.parametrize("family", sorted(families()), ids=str)
def test_every_capability_of_the_record_loads(family: str) -> None:
    """What a record names exists; what it leaves out raises tt.Unsupported naming the game."""
    record = families()[family]
    for capability, present in record.capabilities().items():
        if present:
            assert record.get(capability) is not None
        else:
            with pytest.raises(tt.Unsupported, match=f"{record.variants[0].name}.*{capability}"):
                record.get(capability, game=record.variants[0].name)


# The files every family has (docs/adding-a-game.md); a single-deal game may lack match.py.
FAMILY_FILES = (
    "options",
    "game",
    "deal",
    "result",
    "notation",
    "observation",
    "tables",
    "tensors",
    "knowledge",
    "bot",
    "view",
    "summary",
    "episode",
    "schema",
)


@pytest.mark.parametrize("family", sorted(families()), ids=str)
def test_every_family_has_the_same_files(family: str) -> None:
    record = families()[family]
    folder = Path(importlib.import_module(record.package).__file__ or "").parent
    missing = [f for f in FAMILY_FILES if not (folder / f"{f}.py").is_file()]
    assert missing == []
    has_match = (folder / "match.py").is_file()
    try:
        tt.load(record.variants[0].name, **dict(record.variants[0].examples[0])).new_match(seed=1)
    except tt.Unsupported:
        assert not has_match
    else:
        assert has_match
