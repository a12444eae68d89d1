"""The PettingZoo AEC environment of a tricktaker game (needs the ``rl`` extra).

>>> from tricktaker.rl import env
>>> e = env("klaverjas")
>>> e.reset(seed=1)
>>> e.possible_agents
['N', 'E', 'S', 'W']
>>> obs, reward, terminated, truncated, info = e.last()
>>> sorted(obs), obs["action_mask"].dtype.name, int(e.action_space(e.agent_selection).n)
(['action_mask', 'observation'], 'int8', 39)
>>> while e.agents:
...     obs, reward, terminated, truncated, info = e.last()
...     e.step(None if terminated else int(obs["action_mask"].nonzero()[0][0]))
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from tricktaker.protocol.base import new_seed
from tricktaker.rl.episode import Episode
from tricktaker.rl.layout import ActionLayout

ObsDict = dict[str, npt.NDArray[Any]]
_MASK64 = (1 << 64) - 1


def _episode_seed(base: int, index: int) -> int:
    """The seed of the ``index``-th episode after ``reset(seed=base)`` (0 = that reset)."""
    if index == 0:
        return base
    z = (base ^ (index * 0xD1B54A32D192ED03)) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return z ^ (z >> 31)


class TrickTakerEnv(AECEnv):
    """A deal (``episode="deal"``) or a whole match (``episode="match"``) of a game.

    * Agents are the seat names of the game (``N E S W``, ``S0 S1 ...``, ``A B C D``; the
      players ``P1 .. P4`` of the Klaverjas 48-deal tournament); the agent to act is the seat
      to move.
    * Actions: ``Discrete(layout.size)``, the layout of ``tricktaker.rl.layout`` (the pack's
      cards by card id, then the game's calls); ``env.layout.names[i]`` is action ``i``.
      Calls a seat could make out of turn (a Klaverjas roem claim by the partner of the trick
      winner) are not offered: only the seat to move acts. The mask offers legal actions only,
      also under Klaverjas ``illegal_play="penalize"``.
    * Observations: ``{"observation": float32 vector (tricktaker.rl.encoding),
      "action_mask": int8 vector}``; the mask is all 0 for a seat that is not to move.
    * Rewards: each deal's reward per seat (``tricktaker.rl.games``) when the deal ends; in a
      match they come deal after deal and the episode ends with the match.
    * Seeding: ``reset(seed=s)`` plays the episode of seed ``s``; each later ``reset()``
      without a seed plays the next episode of that sequence, so a run is reproducible from its
      first seed. Without any seed the sequence starts from a fresh one.
    """

    metadata: dict[str, Any] = {
        "name": "tricktaker_v0",
        "render_modes": ["ansi", "human"],
        "is_parallelizable": False,
    }

    def __init__(
        self,
        game: str,
        *,
        episode: str = "deal",
        render_mode: str | None = None,
        preset: str | None = None,
        **options: Any,
    ) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode={render_mode!r}: allowed values: None, ansi, human")
        self.render_mode = render_mode
        self.episode = Episode(game, episode=episode, preset=preset, **options)
        self.metadata = dict(self.metadata, name=f"tricktaker_{self.episode.game.name}_v0")
        self.episode.start(0)
        self.possible_agents: list[str] = list(self.episode.agents)
        self._index = {agent: i for i, agent in enumerate(self.possible_agents)}
        size = self.layout.size
        self.action_spaces = {a: spaces.Discrete(size) for a in self.possible_agents}
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(
                        -np.inf, np.inf, (self.episode.observation_size,), dtype=np.float32
                    ),
                    "action_mask": spaces.Box(0, 1, (size,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self._base_seed: int | None = None
        # reset()'s per-episode values, made once per possible_agents: (possible_agents,
        # rewards of zero, flags of False).
        self._templates: tuple[list[str], dict[str, float], dict[str, bool]] | None = None
        self._episode_index = 0
        self.agents: list[str] = []

    @property
    def layout(self) -> ActionLayout:
        """The action index layout: ``layout.names[i]`` is action ``i``."""
        return self.episode.layout

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def observe(self, agent: str) -> ObsDict:
        observation, mask = self.episode.observe_with_mask(self._index[agent])
        return {"observation": observation, "action_mask": mask}

    def last(
        self, observe: bool = True
    ) -> tuple[ObsDict | None, float, bool, bool, dict[str, Any]]:
        """The observation, cumulative reward, termination, truncation and info of the agent
        to act (``AECEnv.last``, with this class's ``observe`` read without a second call)."""
        agent = self.agent_selection
        assert agent is not None
        observation: ObsDict | None = None
        if observe:
            if type(self).observe is TrickTakerEnv.observe:
                obs, mask = self.episode.observe_with_mask(self._index[agent])
                observation = {"observation": obs, "action_mask": mask}
            else:  # a subclass's own observe
                observation = self.observe(agent)
        return (
            observation,
            self._cumulative_rewards[agent],
            self.terminations[agent],
            self.truncations[agent],
            self.infos[agent],
        )

    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        if seed is not None:
            self._base_seed = int(seed)
            self._episode_index = 0
        elif self._base_seed is None:
            self._base_seed = new_seed()
            self._episode_index = 0
        else:
            self._episode_index += 1
        episode = self.episode
        episode.start(_episode_seed(self._base_seed, self._episode_index))
        agents = self.possible_agents
        templates = self._templates
        if templates is None or templates[0] != agents:
            templates = self._templates = (
                list(agents),
                dict.fromkeys(agents, 0.0),
                dict.fromkeys(agents, False),
            )
        _, zeros, falses = templates
        self.agents = list(agents)
        # Fresh dicts each episode (PettingZoo removes a finished agent's keys), copied from
        # templates kept while possible_agents stays the same.
        self.rewards = zeros.copy()
        self._rewards_are_zero = True  # self.rewards holds 0.0 for every agent
        self._cumulative_rewards = zeros.copy()
        self.terminations = falses.copy()
        self.truncations = falses.copy()
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in agents}
        machine = episode.machine
        assert machine is not None  # started
        seat = None if machine.is_over else machine.to_move
        if seat is not None:
            self.agent_selection = agents[seat]

    def step(self, action: Any) -> None:
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if action is None:
            raise ValueError(f"{agent} is to act; None is only for a terminated agent")
        episode = self.episode
        rewards = episode.step(int(action))
        self._cumulative_rewards[agent] = 0.0
        # Most steps bring no reward: when the rewards already held are zeros too, the dicts
        # stay as they are (adding zeros would change nothing).
        if any(rewards) or not self._rewards_are_zero:
            self.rewards = {a: float(rewards[self._index[a]]) for a in self.agents}
            self._rewards_are_zero = not any(rewards)
            self._accumulate_rewards()
        machine = episode.machine
        assert machine is not None  # the episode has started: it took the action
        if machine.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            seat = machine.to_move
            if seat is not None:
                self.agent_selection = self.possible_agents[seat]
        if self.render_mode == "human":
            self.render()

    def render(self) -> str | None:
        if self.render_mode is None:
            return None
        text = self.episode.render()
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self) -> None:
        pass


def env(game: str, **options: Any) -> TrickTakerEnv:
    """The AEC environment of ``game``: ``env("klaverjas", play_rules="rotterdam")``.

    Takes ``episode`` (``"deal"`` or ``"match"``), ``render_mode`` (``None``, ``"ansi"``,
    ``"human"``), ``preset`` and the game's options.
    """
    return TrickTakerEnv(game, **options)
