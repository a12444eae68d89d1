"""The environment's reset() keeps per-game values across episodes (the kinds of machine, the
seats' names, the dicts' templates) and deals Klaverjas from a seed in one core call: an
episode after many resets is the episode a fresh environment plays from the same seed, and the
core's dealing is the shuffle of ``Rng(seed)`` drawn as ``new_deal(seed)`` draws it."""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

import tricktaker as tt  # noqa: E402
from tricktaker import _core  # noqa: E402
from tricktaker.games.klaverjas import DECK  # noqa: E402
from tricktaker.games.klaverjas.deal import deal_packets  # noqa: E402
from tricktaker.rl import env  # noqa: E402
from tricktaker.rl.episode import Episode  # noqa: E402
from tricktaker.rl.pettingzoo_env import TrickTakerEnv, _episode_seed  # noqa: E402

CASES: list[tuple[str, str, dict[str, Any]]] = [
    ("klaverjas", "deal", {}),
    ("klaverjas", "deal", {"roem_claim": "manual", "illegal_play": "penalize"}),
    ("klaverjas", "deal", {"trump_selection": "drawn", "first_dealer": "S"}),
    ("klaverjas", "deal", {"trump_selection": "utrecht", "deal_packets": "4-4"}),
    ("klaverjas", "match", {"game_end": "deals:1", "match_format": "rotating_partners_48"}),
    ("allfours", "deal", {}),
    ("pitch", "deal", {"preset": "five_point_setback"}),
    ("kiksas", "deal", {}),
    ("trikiksis", "deal", {}),
    ("kirves", "deal", {"num_players": 5}),
    ("kirves", "match", {"num_players": 3}),
]


def play_episode(environment: TrickTakerEnv, choose: random.Random) -> list[Any]:
    """Everything an agent sees in the episode started last, with random legal actions."""
    seen: list[Any] = [
        environment.agent_selection,
        list(environment.agents),
        dict(environment.rewards),
        dict(environment._cumulative_rewards),
        dict(environment.terminations),
        dict(environment.truncations),
        {a: dict(i) for a, i in environment.infos.items()},
    ]
    while environment.agents:
        agent = environment.agent_selection
        obs, reward, terminated, truncated, info = environment.last()
        assert obs is not None
        seen.append(
            (
                agent,
                obs["observation"].tolist(),
                obs["action_mask"].tolist(),
                reward,
                terminated,
                truncated,
                dict(info),
                dict(environment.rewards),
            )
        )
        if terminated or truncated:
            environment.step(None)
        else:
            environment.step(int(choose.choice(obs["action_mask"].nonzero()[0].tolist())))
    return seen


@settings(max_examples=25, deadline=None)
@given(
    case=st.sampled_from(CASES),
    seed=st.integers(0, 2**64 - 1),
    before=st.integers(1, 12),
    plays=st.booleans(),
)
def test_an_episode_after_many_resets_is_a_fresh_environment_s(
    case: tuple[str, str, dict[str, Any]], seed: int, before: int, plays: bool
) -> None:
    name, kind, options = case
    kept = env(name, episode=kind, **options)
    kept.reset(seed=seed)
    for k in range(before):
        if plays:
            play_episode(kept, random.Random(k))
        kept.reset()  # the next episode of the sequence
    after = play_episode(kept, random.Random(99))
    fresh = env(name, episode=kind, **options)
    fresh.reset(seed=_episode_seed(seed, before))
    assert after == play_episode(fresh, random.Random(99))
    # ... and a seeded reset of the kept environment starts its sequence again.
    kept.reset(seed=seed)
    fresh = env(name, episode=kind, **options)
    fresh.reset(seed=seed)
    assert play_episode(kept, random.Random(5)) == play_episode(fresh, random.Random(5))


def episode_containers(environment: Any) -> tuple[Any, ...]:
    """The lists and dicts an episode hands out (PettingZoo's AEC fields)."""
    return (
        environment.agents,
        environment.rewards,
        environment._cumulative_rewards,
        environment.terminations,
        environment.truncations,
        environment.infos,
    )


def test_reset_makes_fresh_dicts_and_lists() -> None:
    environment = env("klaverjas")
    environment.reset(seed=3)
    first = episode_containers(environment)
    environment.infos["N"]["mine"] = 1
    environment.rewards["N"] = 5.0
    environment.agents.append("X")
    environment.reset(seed=3)
    second = episode_containers(environment)
    for a, b in zip(first, second, strict=True):
        assert a is not b
    assert environment.agents == ["N", "E", "S", "W"]
    assert environment.rewards == dict.fromkeys("NESW", 0.0)
    assert environment.infos == {a: {} for a in "NESW"}
    assert len({id(i) for i in environment.infos.values()}) == 4
    # a possible_agents list set by the user is followed, as before
    environment.possible_agents = ["N", "E", "S", "W"]
    environment.reset(seed=3)
    assert environment.agents == ["N", "E", "S", "W"]


def test_the_episode_s_agents_are_a_fresh_list() -> None:
    episode = Episode("kirves", num_players=5)
    episode.start(1)
    agents = episode.agents
    agents.append("X")
    episode.start(2)
    assert episode.agents == [episode.machine.seat_name(i) for i in range(5)]  # type: ignore[union-attr]
    assert episode.agents is not agents


def reference_shuffle(options: Any, seed: int) -> tuple[int, list[list[int]], int | None]:
    """new_deal(seed)'s draws from Rng(seed), written from the rules of dealing (§1.7): the
    dealer where the options draw one, the pack shuffled, dealt in packets, the drawn suit."""
    rng = _core.Rng(seed)
    seats = ["N", "E", "S", "W"]
    if options.first_dealer == "random":
        dealer = int(rng.below(4))
    else:
        dealer = seats.index(options.first_dealer)
    pack = [card.id for card in DECK]
    hands = deal_packets(rng.shuffled(pack), dealer, options.deal_packets)
    suit = int(rng.below(4)) if options.trump_selection == "drawn" else None
    return dealer, hands, suit


@settings(max_examples=60, deadline=None)
@given(
    seed=st.integers(0, 2**64 - 1),
    first_dealer=st.sampled_from(["random", "N", "E", "S", "W"]),
    packets=st.sampled_from(["3-2-3", "4-4"]),
    selection=st.sampled_from(["free", "utrecht", "drawn"]),
)
def test_a_seeded_klaverjas_deal_is_the_shuffle_of_its_seed(
    seed: int, first_dealer: str, packets: str, selection: str
) -> None:
    game = tt.load(
        "klaverjas", first_dealer=first_dealer, deal_packets=packets, trump_selection=selection
    )
    deal = game.new_deal(seed=seed)
    dealer, hands, suit = reference_shuffle(game.options, seed)
    setup = deal._setup  # type: ignore[attr-defined]
    assert setup["dealer"] == dealer
    names = [[_core.card_to_string(c) for c in h] for h in hands]
    assert setup["hands"] == names
    assert setup["proposed_suit"] == (None if suit is None else "SHDC"[suit])
    masks = [sum(1 << c for c in h) for h in hands]
    assert deal._hand_masks == masks  # type: ignore[attr-defined]
    # The general path (a given dealer draws no dealer) deals the same pack order.
    if first_dealer != "random":
        other = game.new_deal(seed=seed, dealer=dealer)
        assert other._setup == setup  # type: ignore[attr-defined]


def test_a_deal_plan_checks_its_arguments() -> None:
    places = [deal_packets(list(range(32)), d, "4-4") for d in range(4)]
    with pytest.raises(ValueError, match="not a card id"):
        _core.DealPlan([70] * 32, places)
    with pytest.raises(ValueError, match="at least one dealer"):
        _core.DealPlan(list(range(32)), [])
    pack = [card.id for card in DECK]
    with pytest.raises(ValueError, match="not a place"):
        _core.DealPlan(pack, [[[32]]])
    plan = _core.DealPlan(pack, places)
    with pytest.raises(ValueError, match="not a dealer"):
        plan.deal(1, 4, 0)
    dealer, hands, masks, suit = plan.deal(1, 2, 0)
    assert dealer == 2 and suit == -1
    assert sorted(c for h in hands for c in h) == sorted(pack)
    assert masks == [sum(1 << c for c in h) for h in hands]
    assert np.all(np.array([len(h) for h in hands]) == 8)
