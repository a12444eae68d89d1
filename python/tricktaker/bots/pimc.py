"""The PIMC bot: Perfect-Information Monte Carlo over sampled hidden hands.

For a card to play, the bot samples deals of the cards it cannot see that fit everything its
seat knows, rebuilds each sample as the game's own play state with the cards played so far
replayed, solves it double dummy with a warm solver (one ``Solver`` per bot, its transposition
table kept between calls) and plays the legal card with the best average value. Ties go to the
rule-based bot's card when it is among the best.

The samples come from the engine's uniform sampler (``tricktaker.sample_deals``) when the
observation offers it as ``observation.sample_hands(n, seed)``, as the simulator's and the
comparison's observations do: only sampled hands come back, never the deal. A plain
observation (a dict, say from JSON) is sampled by the same exact sampler of the core from what
the observation alone says (``tricktaker.protocol.knowledge.HiddenHands``: how many unseen cards
each seat holds, the cards known to be in a hand or excluded from it by its plays, the counts
that were announced).

Budget: ``samples`` deals per decision, or ``ms`` milliseconds; a budget in samples is
deterministic under the seed, one in milliseconds depends on the machine. ``max_nodes`` caps the
solver's nodes per decision, over all its samples (a server's bound: one sample of a long
ten-seat deal can take tens of millions of nodes). The time budget bounds the solver too: a
search still running when the time is up, or when the node cap is reached, stops
(``tt.SearchLimitExceeded``); its sample is dropped and the card is chosen from the samples
solved before it, or, when there are none, by the rule-based bot.

What is solved is the family's: its ``pimc`` capability (``games/<family>/bot.py: PIMC``, a
``tricktaker.protocol.pimc_search.PimcPolicy``) turns the seat's observation into a
``PlaySearch``: the seat's view, how a sampled deal's play state is rebuilt (the deal's roles,
the cards played replayed), the solver's objective (the game's own scoring), and from how many
cards left on a search is affordable. Where the family declines (a history it cannot replay, a
seat with nothing at stake) or has no such capability, the rule-based bot plays. A fold among
the legal actions is one more move for the solver.

Every other decision (trumps, bids, discards and the other calls) is the rule-based bot's: its
hand evaluation is cheap and PIMC would need a solver run per option.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tricktaker import _core
from tricktaker.bots.rule import RuleBot
from tricktaker.cards import Card
from tricktaker.errors import SearchLimitExceeded
from tricktaker.protocol.base import Action, Game
from tricktaker.protocol.card_play import PlayView, bits
from tricktaker.protocol.family import capability
from tricktaker.protocol.knowledge import HiddenHands
from tricktaker.protocol.limits import SearchLimits
from tricktaker.protocol.pimc_search import PimcPolicy

__all__ = ["PimcBot", "Position", "position_for"]

DEFAULT_SAMPLES = 12
# The largest budgets a decision may take: beyond them a budget is a typing error (and a sample
# count past 2**63 would not reach the sampler), so it is refused when the bot is made.
MAX_SAMPLES = 1_000_000
MAX_MS = 600_000.0
DEFAULT_MEMORY_MB = 16
FOLD_MOVE = -1  # the key of folding among the card values (where a game lets a player fold)


@dataclass
class Position:
    """A seat's view of the play, and how to rebuild the full play state from sampled hands."""

    view: PlayView
    # hands held now, by seat -> the play state of that deal; or, where the card to play
    # still fixes trump (a pitch), one play state per trump it can fix
    make_state: Callable[[list[int]], _core.PlayState | list[_core.PlayState] | None]
    objective: _core.Objective
    hidden: HiddenHands
    # the search runs only when at most this many cards are left in the hands (before that the
    # rule-based bot plays: a full double-dummy search of a long deal costs seconds a sample)
    max_cards: int = 64

    def states(self, hands: list[int]) -> list[_core.PlayState] | None:
        """The play states of a sampled deal (one, or one per trump a pitch can fix), or None
        when the deal does not fit the play so far (its legal cards differ from the seat's)."""
        made = self.make_state(hands)
        if made is None:
            return None
        states = made if isinstance(made, list) else [made]
        legal = 0
        for state in states:
            legal |= state.legal_moves()
        return states if states and legal == self.view.legal else None

    def sample(self, rng: _core.Rng, tries: int = 20) -> list[_core.PlayState] | None:
        """The play states of a sampled deal that fits the whole history, or None.

        The core's exact sampler draws the hidden hands uniformly among those that fit the
        counts, the cards seen and the cards each seat's plays exclude (``HiddenHands``); a draw
        whose replay still fails (a fact the view does not hold) is drawn again.
        """
        for _ in range(tries):
            (hands,) = self.hidden.sample(1, int(rng.next()))
            states = self.states(hands)
            if states is not None:
                return states
        return None

    @property
    def cards_left(self) -> int:
        return (
            bin(self.view.hand).count("1")
            + sum(self.hidden.counts)
            + sum(bin(k).count("1") for s, k in enumerate(self.hidden.known) if s != self.view.me)
        )


def _hidden(view: PlayView, suit_counts: dict[int, tuple[int, int]] | None = None) -> HiddenHands:
    n = view.num_seats
    excluded = [view.excluded.get(s, 0) for s in range(n)]
    known = [view.known.get(s, 0) for s in range(n)]
    # view.hidden counts only the cards not known to be held (0 for an open hand)
    counts = [0 if s == view.me else view.hidden[s] for s in range(n)]
    return HiddenHands(
        pool=view.unseen,
        counts=counts,
        known=known,
        excluded=excluded,
        exact_counts=suit_counts or {},
    )


def position_for(
    game: Game | None, obs: Mapping[str, Any], legal: Sequence[Action]
) -> Position | None:
    """The position to search, or None when the bot should leave the choice to rules: the
    family of the observation's game declines, or has no ``pimc`` capability."""
    try:
        policy: PimcPolicy = capability(str(obs.get("game")), "pimc")
    except ValueError:  # an unknown game, or tt.Unsupported: the rules play
        return None
    search = policy.search(game, obs, legal)
    if search is None:
        return None
    return Position(
        search.view,
        search.make_state,
        search.objective,
        _hidden(search.view, search.suit_counts),
        max_cards=search.max_cards,
    )


class PimcBot:
    """Perfect-Information Monte Carlo card play over a rule-based bot's calls."""

    name = "pimc"

    def __init__(
        self,
        seed: int = 0,
        samples: int = DEFAULT_SAMPLES,
        ms: float | None = None,
        memory_mb: int = DEFAULT_MEMORY_MB,
        max_nodes: int | None = None,
    ) -> None:
        if not 1 <= samples <= MAX_SAMPLES:
            raise ValueError(f"samples must be at least 1 and at most {MAX_SAMPLES}, got {samples}")
        if ms is not None and not 0 < ms <= MAX_MS:
            raise ValueError(f"ms must be above 0 and at most {MAX_MS}, got {ms}")
        SearchLimits.of(max_nodes)  # checks it
        self.samples = samples
        self.ms = ms
        self.max_nodes = max_nodes
        self.memory_mb = memory_mb
        self._solver: _core.Solver | None = None
        self._game: Game | None = None
        self._observation: Mapping[str, Any] | None = None
        self.rule = RuleBot(seed)
        self.reset(seed)

    def bind(self, game: Game) -> None:
        self._game = game
        self.rule.bind(game)

    def reset(self, seed: int) -> None:
        self._rng = _core.Rng(seed ^ 0x70696D63)
        self.rule.reset(seed)

    @property
    def solver(self) -> _core.Solver:
        if self._solver is None:
            self._solver = _core.Solver(memory_mb=self.memory_mb)
        return self._solver

    def act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        self._observation = observation
        try:
            return self._act(observation, legal_actions)
        finally:
            self._observation = None

    def _act(self, observation: Mapping[str, Any], legal_actions: Sequence[Action]) -> Action:
        if not legal_actions:
            raise ValueError("a bot cannot act: there are no legal actions")
        cards = [a for a in legal_actions if a.card is not None]
        folds = [a for a in legal_actions if a.card is None and a.name == "fold"]
        if len(cards) + len(folds) < 2 or len(cards) + len(folds) != len(legal_actions):
            return self.rule.act(observation, legal_actions)
        position = position_for(self._game, observation, cards)
        if position is None or position.cards_left > position.max_cards:
            return self.rule.act(observation, legal_actions)
        values = self.card_values(position)
        if not values or (folds and FOLD_MOVE not in values):
            return self.rule.act(observation, legal_actions)
        best = max(values.values())
        top = [c for c, v in values.items() if v >= best - 1e-9]
        hint = self.rule.act(observation, legal_actions)
        if hint.card is not None and hint.card.id in top:
            return hint
        if folds and top == [FOLD_MOVE]:
            return folds[0]
        return Action.play(Card(min(c for c in top if c != FOLD_MOVE)))

    def _states(self, position: Position) -> Iterator[list[_core.PlayState]]:
        """The play states of sampled deals, without end: from the engine's uniform sampler
        when the observation offers it (``sample_hands``, as the simulator's do), else from the
        same sampler on what the observation says (``Position.sample``)."""
        sampler = getattr(self._observation, "sample_hands", None)
        if callable(sampler):
            chunk = self.samples if self.ms is None else 8
            while True:
                try:
                    drawn = sampler(chunk, int(self._rng.next()) >> 1)
                except ValueError:
                    break
                for hands in drawn:
                    states = position.states([int(h) for h in hands])
                    if states is not None:
                        yield states
        while True:
            sampled = position.sample(self._rng)
            if sampled is None:
                return
            yield sampled

    def card_values(self, position: Position) -> dict[int, float]:
        """Average double-dummy value of each legal card over the sampled deals solved within
        the decision's limits (``max_nodes``, ``ms``)."""
        legal = position.view.legal
        totals: dict[int, float] = {c: 0.0 for c in bits(legal)}
        start = time.perf_counter()
        solved = 0
        budget = self.samples if self.ms is None else 1_000_000
        limits = SearchLimits.of(self.max_nodes, None if self.ms is None else self.ms / 1000)
        nodes0 = self.solver.nodes
        states = self._states(position)
        for _ in range(budget):
            sampled = next(states, None)
            if sampled is None:
                break
            try:
                # each card's value comes from the play it starts
                results = [
                    self.solver.solve(
                        state, position.objective, **limits.left(self.solver.nodes - nodes0)
                    )
                    for state in sampled
                ]
            except SearchLimitExceeded:
                break  # this sample is dropped; the ones solved before it decide
            for result in results:
                for card, value in result.cards:
                    if card in totals:
                        totals[card] += value
                if result.can_fold:
                    totals[FOLD_MOVE] = totals.get(FOLD_MOVE, 0.0) + result.fold_value
            solved += 1
            if self.ms is not None and (time.perf_counter() - start) * 1000 >= self.ms:
                break
        if not solved:
            return {}
        return {c: v / solved for c, v in totals.items()}

    def __repr__(self) -> str:
        budget = f"ms={self.ms}" if self.ms is not None else f"samples={self.samples}"
        if self.max_nodes is not None:
            budget += f", max_nodes={self.max_nodes}"
        return f"PimcBot({budget})"


def pimc_factory(param: str) -> Callable[[int], PimcBot]:
    """``pimc:N`` (N samples a decision) or ``pimc:Nms`` (N milliseconds)."""
    text = param.strip().lower()
    try:
        if text.endswith("ms"):
            ms = float(text[:-2])
            if not 0 < ms <= MAX_MS:  # also refuses nan and inf
                raise ValueError
            return lambda seed: PimcBot(seed, ms=ms)
        samples = int(text)
        if not 1 <= samples <= MAX_SAMPLES:
            raise ValueError
    except ValueError:
        raise ValueError(
            f"pimc budget {param!r}: give a number of samples (pimc:16, at most {MAX_SAMPLES}) "
            f"or milliseconds (pimc:50ms, at most {MAX_MS:g})"
        ) from None
    return lambda seed: PimcBot(seed, samples=samples)
