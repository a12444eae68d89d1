"""Every tricktaker game and preset through OpenSpiel's own checks and API."""

from __future__ import annotations

import random

import pytest

pytest.importorskip("pyspiel")
import numpy as np  # noqa: E402
import pyspiel  # noqa: E402

import tricktaker as tt  # noqa: E402
from tricktaker.openspiel import (  # noqa: E402
    GAME_NAMES,
    TrickTakerBot,
    TrickTakerState,
    open_spiel_name,
)
from tricktaker.rl import Episode  # noqa: E402


def _configurations() -> list[str]:
    """Every game, every preset, and every player count of the games that have one."""
    out = []
    for name, info in tt.games().items():
        base = open_spiel_name(name)
        out.append(base)
        out += [f"{base}(preset={preset})" for preset in info.presets]
        if any(o["name"] == "num_players" for o in info.options):
            out += [f"{base}(num_players={n})" for n in range(2, 11) if _loads(name, n)]
    return out


def _loads(name: str, players: int) -> bool:
    try:
        tt.load(name, num_players=players)
    except ValueError:
        return False
    return True


CONFIGURATIONS = _configurations()


def test_every_game_is_registered() -> None:
    registered = {t.short_name for t in pyspiel.registered_games()}
    assert {open_spiel_name(name) for name in tt.games()} <= registered
    assert sorted(GAME_NAMES) == sorted(open_spiel_name(name) for name in tt.games())


@pytest.mark.parametrize("config", CONFIGURATIONS)
def test_random_simulation(config: str) -> None:
    # OpenSpiel's own check: legal actions sorted and empty for the others, masks, clones,
    # returns within the utility range, the game length within its bound, and every state
    # serialized with the game string and read back (serialize_game_and_state).
    game = pyspiel.load_game(config)
    pyspiel.random_sim_test(game, num_sims=2, serialize=True, verbose=False)


def test_kirves_player_counts_are_its_range() -> None:
    kind = pyspiel.load_game("tricktaker_kirves").get_type()
    assert (kind.min_num_players, kind.max_num_players) == (2, 10)


def test_options_are_parameters() -> None:
    game = pyspiel.load_game("tricktaker_klaverjas(play_rules=rotterdam)")
    assert game.setup.game.options.play_rules == "rotterdam"
    assert game.get_parameters()["play_rules"] == "rotterdam"
    preset = pyspiel.load_game("tricktaker_pitch(preset=five_point_setback)")
    assert preset.setup.game == tt.load("pitch", preset="five_point_setback") or (
        repr(preset.setup.game) == repr(tt.load("pitch", preset="five_point_setback"))
    )
    mixed = pyspiel.load_game("tricktaker_pitch", {"five": "5", "num_players": 3})
    assert mixed.setup.game.options.five == 5
    assert mixed.num_players() == 3


@pytest.mark.parametrize(
    "bad",
    [
        "tricktaker_klaverjas(play_rules=utrecht)",  # not a value of the option
        "tricktaker_klaverjas(no_such_option=1)",
        "tricktaker_pitch(preset=no_such_preset)",
        "tricktaker_whist(deals=-1)",
    ],
)
def test_bad_parameters_are_refused(bad: str) -> None:
    with pytest.raises(Exception, match=r"(?i)allowed|unknown|parameter|preset"):
        pyspiel.load_game(bad)


def _dealt(config: str, seed: int) -> TrickTakerState:
    game = pyspiel.load_game(config)
    state: TrickTakerState = game.new_initial_state()
    rng = random.Random(seed)
    while state.is_chance_node():
        state.apply_action(rng.choice(state.chance_outcomes())[0])
    return state


@pytest.mark.parametrize("name", sorted(tt.games()))
def test_returns_are_the_rl_deal_rewards(name: str) -> None:

    state = _dealt(open_spiel_name(name), 3)
    seed = sum(b << (8 * i) for i, b in enumerate(state.seed_outcomes))
    episode = Episode(name, **_example(name))
    episode.start(seed)
    assert episode.machine is not None and episode.machine.to_json() == state.deal.to_json()
    rng = random.Random(5)
    total = [0.0] * state.num_players()
    while not state.is_terminal():
        action = rng.choice(state.legal_actions())
        assert sorted(episode.legal_indices()) == state.legal_actions()
        rewards = episode.step(action)
        total = [t + r for t, r in zip(total, rewards, strict=True)]
        state.apply_action(action)
    assert state.returns() == pytest.approx(total)


def _example(name: str) -> dict[str, int]:
    info = tt.games()[name]
    return {"num_players": 4} if any(o["default"] is None for o in info.options) else {}


def test_tensors_are_the_package_tensors() -> None:
    state = _dealt("tricktaker_klaverjas", 1)
    for _ in range(6):
        state.apply_action(state.legal_actions()[0])
    seat = state.current_player()
    expected = tt.observation_tensor(state.deal, seat)
    assert list(state.observation_tensor(seat)) == pytest.approx(list(expected))
    assert list(state.information_state_tensor(seat)) == pytest.approx(list(expected))
    # The strings show the seat's own hand and never another's.
    own = state.deal.observation(seat)["hand"]
    text = state.information_state_string(seat)
    assert all(f'"{card}"' in text for card in own)
    other = state.deal.observation((seat + 1) % 4)["hand"]
    assert not any(f'"{card}"' in text for card in other if card not in own)


@pytest.mark.parametrize("name", sorted(tt.games()))
def test_resampled_states_keep_the_information_state(name: str) -> None:
    config = open_spiel_name(name) + ("(num_players=4)" if _example(name) else "")
    state = _dealt(config, 2)
    rng = random.Random(2)
    for _ in range(5):
        if state.is_terminal():
            break
        state.apply_action(rng.choice(state.legal_actions()))
    if state.is_terminal():
        pytest.skip("the deal ended early")
    player = state.current_player()
    sampler = pyspiel.UniformProbabilitySampler(0.0, 1.0)
    key = state.information_state_string(player)
    hands = set()
    for _ in range(8):
        sample = state.resample_from_infostate(player, sampler)
        assert sample.information_state_string(player) == key
        assert sample.legal_actions() == state.legal_actions()
        hands.add(str(sample))
    assert len(hands) > 1  # the hidden cards do change


def test_clone_is_independent() -> None:
    state = _dealt("tricktaker_whist", 4)
    clone = state.clone()
    clone.apply_action(clone.legal_actions()[0])
    assert clone.history() != state.history()
    assert len(state.deal.log) == 0 and len(clone.deal.log) == 1


def test_fixed_deal_count_is_one_chance_node() -> None:
    game = pyspiel.load_game("tricktaker_whist(deals=5)")
    state: TrickTakerState = game.new_initial_state()
    assert [a for a, _ in state.chance_outcomes()] == [0, 1, 2, 3, 4]
    state.apply_action(3)
    assert not state.is_chance_node()
    assert state.deal.to_json() == tt.load("whist").new_deal(seed=3).to_json()


@pytest.mark.slow
def test_ismcts_beats_random_play_through_evaluate_bots() -> None:
    # OpenSpiel's ISMCTS (on our resampling) and its evaluate_bots, against our bots.
    ismcts = pytest.importorskip("open_spiel.python.algorithms.ismcts")
    mcts = pytest.importorskip("open_spiel.python.algorithms.mcts")
    evaluate_bots = pytest.importorskip("open_spiel.python.algorithms.evaluate_bots")
    game = pyspiel.load_game("tricktaker_whist(ranks_per_suit=4)")
    total = 0.0
    for deal in range(6):
        rng = np.random.RandomState(deal)
        evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rng)
        search = ismcts.ISMCTSBot(game, evaluator, 2.0, 40, random_state=rng)
        bots = [
            _Searching(search) if p % 2 == 0 else TrickTakerBot("random", game, seed=deal)
            for p in range(4)
        ]
        returns = evaluate_bots.evaluate_bots(game.new_initial_state(), bots, rng)
        assert returns[0] == returns[2] == -returns[1]
        total += returns[0]
    assert total > 0


class _Searching(pyspiel.Bot):  # type: ignore[misc]
    """An OpenSpiel Python search bot for evaluate_bots (it lacks restart_at)."""

    def __init__(self, bot: pyspiel.Bot) -> None:
        pyspiel.Bot.__init__(self)
        self.bot = bot

    def restart_at(self, state: pyspiel.State) -> None:
        pass

    def inform_action(self, state: pyspiel.State, player: int, action: int) -> None:
        pass

    def step(self, state: pyspiel.State) -> int:
        return int(self.bot.step(state))
