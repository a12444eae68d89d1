"""The episode's shortcuts change nothing an agent sees.

``Episode.observe`` asks the deal for its tensor (a family may write it without the observation
dict) and the mask of the seat to move is kept until the next action. Checked here: the
observation equals the encoding of the seat's observation at every step of deal and match
episodes of every game, and a mask handed out is the agent's own copy (changing it changes
neither the next mask nor what ``step`` accepts).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
import pytest

from tricktaker.errors import IllegalAction
from tricktaker.protocol.base import Match
from tricktaker.rl import Episode
from tricktaker.rl.encoding import encode_observation

CASES: list[tuple[str, str, dict[str, Any]]] = [
    ("deal", "klaverjas", {}),
    ("deal", "klaverjas", {"roem_claim": "manual", "trick_history_visible": "last_trick_only"}),
    ("deal", "klaverjas", {"illegal_play": "penalize", "trump_selection": "drawn"}),
    ("deal", "whist", {}),
    ("deal", "allfours", {}),
    ("deal", "kiksas", {}),
    ("deal", "trikiksis", {}),
    ("deal", "kirves", {"num_players": 4}),
    ("match", "klaverjas", {"game_end": "deals:2"}),
    ("match", "kiksas", {"figures_to_lose": 1}),
]


@pytest.mark.parametrize("case", CASES, ids=lambda c: f"{c[0]}-{c[1]}-{len(c[2])}")
def test_observe_is_the_encoding_of_the_observation(case: tuple[str, str, dict[str, Any]]) -> None:
    kind, name, options = case
    episode = Episode(name, episode=kind, **options)
    rnd = random.Random(7)
    for seed in range(3):
        episode.start(seed)
        steps = 0
        while not episode.is_over and steps < 400:
            machine = episode.machine
            assert machine is not None
            for player in range(len(episode.agents)):
                expected = encode_observation(episode.adapter, machine.observation(player))
                assert np.array_equal(episode.observe(player), expected)
            episode.step(rnd.choice(episode.legal_indices()))
            steps += 1
        assert steps > 0
        if isinstance(episode.machine, Match):
            assert not episode.observe(0).any()  # a finished match shows zeros


def test_a_mask_handed_out_is_a_copy() -> None:
    episode = Episode("klaverjas")
    episode.start(3)
    player = episode.to_move
    assert player is not None
    mask = episode.mask(player)
    legal = [int(i) for i in mask.nonzero()[0]]
    illegal = next(i for i in range(episode.layout.size) if i not in legal)
    mask[:] = 1  # the agent scribbles on its copy
    assert [int(i) for i in episode.mask(player).nonzero()[0]] == legal
    with pytest.raises(IllegalAction):
        episode.step(illegal)
    episode.step(legal[0])
    assert episode.to_move is not None
    assert episode.mask(episode.to_move).any()


def test_each_start_s_mask_is_its_deal_s_legal_actions() -> None:
    episode = Episode("klaverjas")
    rnd = random.Random(2)
    for seed in range(6):
        episode.start(seed)
        for _ in range(seed * 3):  # leave each episode at another point before the next start
            player = episode.to_move
            assert player is not None
            machine = episode.machine
            assert machine is not None
            names = sorted(episode.layout.names[i] for i in episode.mask(player).nonzero()[0])
            assert names == sorted(str(a) for a in machine.legal_actions(player))
            episode.step(rnd.choice(episode.legal_indices()))
