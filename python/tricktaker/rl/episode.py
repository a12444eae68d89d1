"""One episode (a deal or a whole match) of a game, driven by action indices.

This is the environment without PettingZoo: ``Episode`` starts deals or matches from seeds,
gives the action mask and the observation vector of a player, applies an action index and
returns the rewards it brought (the deal rewards of the game's episode adapter,
``tricktaker.rl.games``, given when a deal ends). ``tricktaker.rl.pettingzoo_env`` wraps it in
the AEC protocol.

>>> episode = Episode("klaverjas")
>>> episode.start(seed=5)
>>> episode.agents, episode.to_move
(['N', 'E', 'S', 'W'], 2)
>>> [episode.layout.names[i] for i in episode.mask(2).nonzero()[0]]
['pass', 'trump:S', 'trump:H', 'trump:D', 'trump:C']
>>> episode.step(episode.layout.index_of("trump:H"))
[0.0, 0.0, 0.0, 0.0]
"""

from __future__ import annotations

from typing import Any, cast

import numpy as np
import numpy.typing as npt

from tricktaker._core import action_flags
from tricktaker.errors import IllegalAction
from tricktaker.protocol.base import Action, Deal, Match, StateMachine, check_seed
from tricktaker.protocol.episode import GameAdapter
from tricktaker.registry import load
from tricktaker.rl.encoding import observation_size
from tricktaker.rl.games import adapter_for
from tricktaker.rl.layout import ActionLayout

EPISODE_KINDS = ("deal", "match")
# A deal that ends before anyone acts (an All Fours kick that wins the game) is redealt from
# the next seed; this many tries at most.
_REDEALS = 1000
_MASK64 = (1 << 64) - 1


def _mix(seed: int, k: int) -> int:
    z = (seed + 0x9E3779B97F4A7C15 * (k + 1)) & _MASK64
    z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
    return (z ^ (z >> 31)) >> 1


class _MachineKind:
    """What an episode needs to know of one class of machine, asked of its first instance."""

    def __init__(self, adapter: GameAdapter, machine: StateMachine) -> None:
        self.is_match = isinstance(machine, Match)
        self.is_deal = isinstance(machine, Deal)
        # The machine is its own current deal when it is a deal and the adapter does not say
        # otherwise.
        self.own_deal = self.is_deal and type(adapter).current_deal is GameAdapter.current_deal
        self._adapter = adapter
        # The agents' names: kept when the adapter names the seats in the default way, from
        # the machine's seat names, which belong to its class and game (the episode's).
        self._names: list[str] | None = None
        if type(adapter).agent_names is GameAdapter.agent_names:
            self._names = adapter.agent_names(machine)
        self.no_rewards: list[float] = [0.0] * len(self.agents(machine))

    def agents(self, machine: StateMachine) -> list[str]:
        """The agents of ``machine``: a fresh list (the caller may keep it)."""
        names = self._names
        return self._adapter.agent_names(machine) if names is None else names.copy()


class Episode:
    """A deal or a match of ``game`` with ``options`` (as ``tricktaker.load`` takes them)."""

    def __init__(
        self, game: str, *, episode: str = "deal", preset: str | None = None, **options: Any
    ) -> None:
        if episode not in EPISODE_KINDS:
            raise ValueError(f"episode={episode!r} is not allowed; allowed values: deal, match")
        self.kind = episode
        self.game = load(game, preset=preset, **options)
        self.adapter: GameAdapter = adapter_for(self.game)
        self.layout = ActionLayout(
            tuple(sorted(self.adapter.cards(), key=lambda c: c.id)), tuple(self.adapter.calls())
        )
        self.observation_size = observation_size(self.adapter)
        self.machine: StateMachine | None = None
        self.agents: list[str] = []
        self.seed: int | None = None
        self._deal: Deal | None = None
        self._deals_done = 0
        self._mask_key: tuple[int, int, int] | None = None
        self._mask = np.zeros(self.layout.size, dtype=np.int8)
        # What the layout's mask() reads, for the mask made inline in observe_with_mask.
        self._layout_index = self.layout._index
        self._size = self.layout.size
        # The kind of the machine started, asked once rather than at every step.
        self._is_match = False
        self._is_deal = False
        self._no_rewards: list[float] = []
        # What start() learns of a class of machine once (its kind, its seats' names): a game's
        # deals (or matches) are all of a few classes.
        self._kinds: dict[type, _MachineKind] = {}
        self._new_deal = self.adapter.new_deal

    # --- starting ----------------------------------------------------------------------------

    def start(self, seed: int) -> None:
        """Start a new deal or match from ``seed`` (the same seed, the same episode).

        A deal episode is the adapter's ``new_deal(seed)`` (the game's ``new_deal(seed=seed)``
        unless the family's adapter deals otherwise), a match episode its ``new_match(seed)``."""
        seed = check_seed(seed)
        machine: StateMachine
        if self.kind == "match":
            machine = self.adapter.new_match(seed)
        else:
            machine = self._new_deal(seed)
            if machine.is_over:
                for k in range(1, _REDEALS):
                    machine = self._new_deal(_mix(seed, k))
                    if not machine.is_over:
                        break
                else:
                    raise RuntimeError(f"{_REDEALS} deals in a row ended before anyone acted")
        self.seed = seed
        self.machine = machine
        self._mask_key = None
        kind = self._kinds.get(type(machine))
        if kind is None:
            kind = self._kinds[type(machine)] = _MachineKind(self.adapter, machine)
        self.agents = kind.agents(machine)
        self._no_rewards = kind.no_rewards
        self._deals_done = 0
        self._is_match = kind.is_match
        self._is_deal = kind.is_deal
        if kind.is_match:
            self._deals_done = len(self.adapter.finished_deals(cast(Match, machine)))
        self._deal = cast(Deal, machine) if kind.own_deal else self.adapter.current_deal(machine)

    def _sync_deal(self) -> None:
        deal = self.adapter.current_deal(self._machine)
        if deal is not self._deal:
            self._deal = deal

    @property
    def _machine(self) -> StateMachine:
        machine = self.machine
        if machine is None:
            raise RuntimeError("the episode has not started: call start(seed) first")
        return machine

    # --- the state ---------------------------------------------------------------------------

    @property
    def is_over(self) -> bool:
        return self._machine.is_over

    @property
    def to_move(self) -> int | None:
        """The player (agent index) to act, or None when the episode is over."""
        machine = self.machine
        if machine is None:
            raise RuntimeError("the episode has not started: call start(seed) first")
        return None if machine.is_over else machine.to_move

    def mask(self, player: int) -> npt.NDArray[np.int8]:
        """1 for each action index the player may take now (all 0 when it is not to move)."""
        machine = self._machine
        if machine.is_over or player != machine.to_move:
            return np.zeros(self.layout.size, dtype=np.int8)
        return self._legal_mask(machine, player).copy()

    def _legal_mask(self, machine: StateMachine, player: int) -> npt.NDArray[np.int8]:
        """The mask of the player to move, kept until the next action: an agent reads it with
        its observation and ``step`` checks the action against it (the caller must not change
        it). Every action lengthens the log, so the log's length dates the mask."""
        key = (id(machine), len(machine.log), player)
        if self._mask_key != key:
            self._mask = self.layout.mask(machine.legal_actions(player))
            self._mask_key = key
        return self._mask

    def legal_indices(self) -> list[int]:
        """The action indices of the player to move."""
        player = self.to_move
        return [] if player is None else [int(i) for i in self.mask(player).nonzero()[0]]

    def observe(self, player: int) -> npt.NDArray[np.float32]:
        """The observation vector of a player (see ``tricktaker.rl.encoding``)."""
        machine = self._machine
        if self._is_match and machine.is_over:
            # A finished match has no deal to observe: the terminal observation is all zeros.
            return np.zeros(self.observation_size, dtype=np.float32)
        # The game's own tensor of the seat (some families write it without the observation
        # dict): the encoding of the seat's observation.
        return machine.observation_tensor(player)

    def observe_with_mask(
        self, player: int
    ) -> tuple[npt.NDArray[np.float32], npt.NDArray[np.int8]]:
        """``(observe(player), mask(player))`` in one call: what an agent reads each step."""
        machine = self.machine
        if machine is None:
            machine = self._machine  # raises: not started
        if machine.is_over:
            mask = np.zeros(self._size, dtype=np.int8)
            if self._is_match:  # a finished match has no deal to observe: all zeros
                return np.zeros(self.observation_size, dtype=np.float32), mask
            return machine.observation_tensor(player), mask
        if player != machine.to_move:
            mask = np.zeros(self._size, dtype=np.int8)
        else:
            key = (id(machine), len(machine.log), player)
            if self._mask_key != key:  # _legal_mask, inline: the key made once
                actions = machine.legal_actions(player)
                kept = None
                if type(actions) is list:  # a deal's legal actions: one core call
                    kept = action_flags(actions, self._layout_index, Action, self._size)
                self._mask = self.layout.mask(actions) if kept is None else kept
                self._mask_key = key
            mask = self._mask.copy()
        return machine.observation_tensor(player), mask

    # --- acting ------------------------------------------------------------------------------

    def step(self, index: int) -> list[float]:
        """Apply action ``index`` for the player to move; the rewards it brought, per player.

        An index that is not legal raises ``IllegalAction`` (a ``ValueError``) naming the
        legal actions, and changes nothing.
        """
        machine = self.machine
        if machine is None:
            machine = self._machine  # raises: not started
        player = None if machine.is_over else machine.to_move
        if player is None:
            raise IllegalAction("the episode is over; no action is allowed")
        layout = self.layout
        if not 0 <= index < self._size:  # the layout's size, kept
            raise IllegalAction(f"action index {index} is out of range 0..{layout.size - 1}")
        mask = self._mask
        if self._mask_key != (id(machine), len(machine.log), player):
            mask = self._legal_mask(machine, player)
        if not mask[index]:
            legal = " ".join(f"{i}:{layout.names[i]}" for i in mask.nonzero()[0])
            raise IllegalAction(
                f"action {index} ({layout.names[index]}) is not allowed for "
                f"{self.agents[player]} in phase {machine.phase}; allowed: {legal}"
            )
        machine.apply(layout.actions[index])  # for the seat to move: the player
        rewards = self._no_rewards.copy()
        if self._is_match:
            finished = self.adapter.finished_deals(cast(Match, machine))
            for result, seating in finished[self._deals_done :]:
                for s, r in enumerate(self.adapter.deal_rewards(result)):
                    rewards[seating[s]] += r
            self._deals_done = len(finished)
            self._sync_deal()
        elif self._is_deal and machine.is_over:
            rewards = self.adapter.deal_rewards(cast(Deal, machine).result())
        return rewards

    # --- views -------------------------------------------------------------------------------

    def render(self) -> str:
        """A text view: the phase, who is to move, every hand and the trick (all-knowing)."""
        machine = self._machine
        deal = self.adapter.current_deal(machine)
        lines = [f"{self.game.name} {self.kind}: phase {machine.phase}"]
        player = self.to_move
        if player is not None:
            legal = " ".join(self.layout.names[i] for i in self.legal_indices())
            lines.append(f"to move: {self.agents[player]} ({legal})")
        for seat, name in enumerate(self.adapter.deal_seat_names):
            hand = deal.observation(seat).get("hand") or []
            lines.append(f"  {name}: {' '.join(str(c) for c in hand)}")
        trick = deal.observation(0).get("trick") or []
        if trick:
            lines.append("trick: " + " ".join(f"{who}:{card}" for who, card in trick))
        result = deal.result()
        if result is not None and hasattr(result, "to_dict"):
            lines.append(f"result: {result.to_dict()}")
        return "\n".join(lines)
