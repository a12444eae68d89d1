"""Bots and the simulator: legal choices only, determinism, and consistent per-deal results."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

import numpy as np
import pytest

import tricktaker as tt
from tricktaker.bots import Bot, RandomBot, bot_names, make_bot, register_bot
from tricktaker.protocol.base import Action
from tricktaker.sim import (
    SimulationResults,
    bot_seed,
    deal_seed,
    play_deal,
    simulate,
    summary_adapter,
)

GAME = tt.load("klaverjas")


class CheckingBot:
    """A random bot that records what it was shown and checks it is only its seat's view."""

    def __init__(self, seed: int = 0) -> None:
        self.inner = RandomBot(seed)
        self.seen: list[tuple[int, list[str], list[str]]] = []

    def reset(self, seed: int) -> None:
        self.inner.reset(seed)

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        obs = dict(observation)
        self.seen.append((obs["seat"], obs["hand"], obs["legal_actions"]))
        action = self.inner.act(observation, legal_actions)
        assert action in legal_actions
        return action


# --- bots -------------------------------------------------------------------------------------


def test_random_bot_is_a_bot_and_registered() -> None:
    assert isinstance(RandomBot(1), Bot)
    assert "random" in bot_names()
    assert isinstance(make_bot("random", 3), RandomBot)
    with pytest.raises(ValueError, match="unknown bot 'clever'; bots: pimc, random, rule"):
        make_bot("clever")


def test_random_bot_plays_only_legal_actions_to_the_end() -> None:
    for seed in range(30):
        deal = GAME.new_deal(seed=seed)
        bot = RandomBot(seed)
        steps = 0
        while not deal.is_over:
            legal = deal.legal_actions()
            action = bot.act(deal.observation(deal.to_move or 0), legal)
            assert action in legal
            deal.apply(action)
            steps += 1
        assert steps >= 33  # a trump call and 32 cards
        assert deal.result() is not None


def test_random_bot_is_deterministic_under_its_seed() -> None:
    actions = [Action.call(f"a{i}") for i in range(7)]
    a, b = RandomBot(42), RandomBot(42)
    first = [a.act({}, actions) for _ in range(50)]
    assert first == [b.act({}, actions) for _ in range(50)]
    a.reset(42)
    assert [a.act({}, actions) for _ in range(50)] == first
    other = RandomBot(43)
    assert [other.act({}, actions) for _ in range(50)] != first
    assert {x.name for x in first} == {x.name for x in actions}  # every action is reachable


def test_random_bot_without_legal_actions_says_so() -> None:
    with pytest.raises(ValueError, match="no legal actions"):
        RandomBot(1).act({}, [])


def test_bots_see_only_their_own_seat() -> None:
    bots = [CheckingBot(i) for i in range(4)]
    results = simulate(GAME, deals=5, bots=bots, seed=3)
    assert results.bots == ["CheckingBot"] * 4
    for seat, bot in enumerate(bots):
        assert bot.seen
        for seen_seat, hand, legal in bot.seen:
            assert seen_seat == seat  # the observation's seat id
            assert len(hand) <= 8
            assert legal  # the observation lists the seat's own legal actions


def test_an_observation_expires_after_the_bot_acted() -> None:
    kept: list[Mapping[str, Any]] = []

    class Hoarder(RandomBot):
        def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
            kept.append(observation)
            return super().act(observation, legal_actions)

    simulate(GAME, deals=1, bots=[Hoarder(0) for _ in range(4)], seed=1)
    with pytest.raises(RuntimeError, match="only valid while the bot acts"):
        kept[0]["hand"]


def test_a_bot_choosing_an_illegal_action_is_named() -> None:
    class Cheat(RandomBot):
        def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
            return Action.call("double")

    with pytest.raises(tt.IllegalAction, match="bot .* at seat .*double is not allowed"):
        simulate(GAME, deals=1, bots=[Cheat(0) for _ in range(4)], seed=1)


def test_register_bot_makes_a_name_usable() -> None:
    register_bot("checking", CheckingBot)
    try:
        results = simulate(GAME, deals=2, bots="checking", seed=1)
        assert results.bots == ["checking"]
    finally:
        from tricktaker import bots as bots_module

        bots_module._BOTS.pop("checking")


# --- simulate ---------------------------------------------------------------------------------


def check_klaverjas_results(results: SimulationResults, deals: int) -> None:
    assert results.deals == deals
    score, card, roem, pit = (
        results["score"],
        results["card_points"],
        results["roem"],
        results["pit"],
    )
    for name in ("score", "card_points", "roem", "pit"):
        assert results[name].shape == (deals, 2)
    for name in ("made", "nat", "pit_team", "playing_team", "declarer", "trump", "seed"):
        assert results[name].shape == (deals,)
    sums = score.sum(axis=1)
    # §5.9: every deal's scores sum to 162 + all roem + the pit bonus, ending in digit 2.
    np.testing.assert_array_equal(sums, 162 + roem.sum(axis=1) + pit.sum(axis=1))
    assert (sums % 10 == 2).all()
    np.testing.assert_array_equal(card.sum(axis=1), 162)
    np.testing.assert_array_equal(results["nat"], ~results["made"])
    # a pit bonus goes only to the team that took every trick
    has_pit = pit.sum(axis=1) > 0
    assert (results["pit_team"][has_pit] >= 0).all()
    np.testing.assert_array_equal(pit.max(axis=1)[has_pit], 100)
    # nat: the playing team scores 0
    nat = results["nat"]
    playing = results["playing_team"].astype(int)
    assert (score[np.arange(deals), playing][nat] == 0).all()
    assert set(np.unique(playing)) <= {0, 1}
    assert set(np.unique(results["declarer"])) <= {0, 1, 2, 3}
    np.testing.assert_array_equal(results["declarer"] % 2, playing)


def test_simulate_results_are_consistent() -> None:
    results = simulate(GAME, deals=300, bots="random", seed=11)
    check_klaverjas_results(results, 300)
    assert results.seed == 11
    assert results.deals_per_second > 0
    assert results["score"].dtype == np.int32
    assert results["made"].dtype == np.bool_


@pytest.mark.parametrize(
    "options",
    [
        {"play_rules": "rotterdam"},
        {"preset": "rotterdam_dutch_club"},
        {"trump_selection": "drawn", "drawn_forced_choice": "other_suit"},
        {"trump_selection": "utrecht", "deal_packets": "4-4"},
        {"roem_claim": "manual", "pit_bonus_for": "playing_team_only"},
        {"tie_is_nat": False, "first_dealer": "N"},
    ],
)
def test_simulate_invariants_under_options(options: dict[str, Any]) -> None:
    game = tt.load("klaverjas", **options)
    check_klaverjas_results(simulate(game, deals=60, seed=5), 60)


def test_simulate_is_deterministic_and_each_deal_replays_alone() -> None:
    a = simulate(GAME, deals=40, seed=99)
    b = simulate("klaverjas", deals=40, bots=["random"] * 4, seed=99)
    assert a.columns == b.columns
    for name in a.columns:
        np.testing.assert_array_equal(a[name], b[name])
    c = simulate(GAME, deals=40, seed=100)
    assert not np.array_equal(a["score"], c["score"])
    # deal i alone: its seed, and bots reset with bot_seed(deal seed, seat)
    for i in (0, 17, 39):
        s = deal_seed(99, i)
        assert int(a["seed"][i]) == s
        bots = [RandomBot(bot_seed(s, seat)) for seat in range(4)]
        deal = play_deal(GAME.new_deal(seed=s), bots.__getitem__)
        result = deal.result()
        assert result is not None
        assert tuple(a["score"][i]) == result.score


def test_simulate_summary_and_table() -> None:
    results = simulate(GAME, deals=200, seed=2)
    s = results.summary()
    totals = s["totals"]
    assert totals["score"] == 162 * 200 + totals["roem"] + totals["pit"]
    assert totals["card_points"] == 162 * 200
    assert s["made_rate"] + s["nat_rate"] == pytest.approx(1.0)
    assert s["pit_rate"] == pytest.approx(s["pit_rate_playing_team"] + s["pit_rate_defenders"])
    ns, ew = s["teams"]["N-S"], s["teams"]["E-W"]
    assert ns["points_per_deal"] + ew["points_per_deal"] == pytest.approx(s["points_per_deal"])
    assert ns["playing_rate"] + ew["playing_rate"] == pytest.approx(1.0)
    table = results.table()
    for label in ("points per deal", "card points", "roem", "nat rate", "pit rate", "N-S", "E-W"):
        assert label in table
    data = results.to_dict(per_deal=True)
    assert data["deals"] == 200 and len(data["per_deal"]["score"]) == 200
    assert data["per_deal"]["seed"][0] == str(deal_seed(2, 0))


def test_simulate_progress_and_zero_deals() -> None:
    calls: list[tuple[int, int]] = []
    simulate(GAME, deals=5, seed=1, progress=lambda done, total: calls.append((done, total)))
    assert calls == [(i, 5) for i in range(1, 6)]
    empty = simulate(GAME, deals=0, seed=1)
    assert empty["score"].shape == (0, 2)
    assert empty.summary()["nat_rate"] == 0.0


def test_simulate_bad_arguments() -> None:
    with pytest.raises(ValueError, match="deals must be"):
        simulate(GAME, deals=-1)
    with pytest.raises(ValueError, match="seed must be"):
        simulate(GAME, deals=1, seed=-5)
    with pytest.raises(ValueError, match="unknown bot"):
        simulate(GAME, deals=1, bots="oracle")
    with pytest.raises(ValueError, match="no bot for seat"):
        simulate(GAME, deals=1, bots=["random", "random"], seed=1)
    with pytest.raises(ValueError, match="no simulation summary for game 'nope'"):
        summary_adapter("nope")
    with pytest.raises(KeyError, match="no column 'points'"):
        simulate(GAME, deals=1, seed=1)["points"]


def test_deal_seeds_are_distinct_and_in_range() -> None:
    seeds = {deal_seed(7, i) for i in range(1000)}
    assert len(seeds) == 1000
    assert all(0 <= s < 2**64 for s in seeds)
    assert deal_seed(7, 0) != deal_seed(8, 0)
    assert len({bot_seed(123, seat) for seat in range(10)}) == 10


def test_docstring_examples() -> None:
    import doctest

    from tricktaker import bots as bots_module
    from tricktaker import sim as sim_module

    for module in (bots_module, sim_module):
        failures, tried = doctest.testmod(module)
        assert tried > 0 and failures == 0, module.__name__
