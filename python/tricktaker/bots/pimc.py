"""The PIMC bot: Perfect-Information Monte Carlo over sampled hidden hands.

For a card to play, the bot samples deals of the cards it cannot see that fit everything its
seat knows, rebuilds each sample as the game's own play state with the cards played so far
replayed, solves it double dummy with a warm solver (one ``Solver`` per bot, its transposition
table kept between calls) and plays the legal card with the best average value. Ties go to the
rule-based bot's card when it is among the best.

The samples come from the engine's uniform sampler (``tricktaker.sample_deals``) when the
observation offers it as ``observation.sample_hands(n, seed)``, as the simulator's and the
comparison's observations do: only sampled hands come back, never the deal. A plain
observation (a dict, say from JSON) falls back to the approximate stand-in sampler of
``tricktaker.bots.sampling``, which works from the observation alone.

Budget: ``samples`` deals per decision, or ``ms`` milliseconds (at least one sample); a budget
in samples is deterministic under the seed, one in milliseconds depends on the machine.

What is solved, per game:

* Klaverjas: the team's total minus the opponents' (card points, roem, pit) with the game's own
  scoring, from trick 2 on (a full 32-card search costs about 0.1 s a sample, up to 0.5 s, so
  trick 1 is left to the rules); with ``trick_history_visible = last_trick_only`` the history
  cannot be replayed and the rules play;
* Kiksas and Trikiksis: in a writing-off deal the race (1 if the seat's side reaches its target
  first); in other deals the card-point margin of the seat's side; in an Akis, winning it (the
  soloist takes every trick, or none in a misère). Deals without a full trick history are left
  to the rule-based bot;
* Kirves: winning the deal (1 if the winning player is on the seat's side: the trump maker
  alone, or the opposition together); a bystander of a cut-jack deal leaves the play to the
  rules;
* All Fours and Pitch: the margin in game points of the deal with the game's own scoring (High,
  Low, Jack with hang jack, Game, the extras, and the contract for a bidder); searched once at
  most 24 cards are left in the hands (a deal whose hands grew to 9 or 12 cards by running the
  cards takes seconds a sample with 36 cards, so its first tricks are left to the rules). A
  first card that fixes trump (the pitch) is searched as one play per suit it can name, each
  card valued in the play of its own suit. Under ``folding`` the folds so far are replayed
  (each at the folder's turn) and folding is one more move for the solver and for the bot.

Every other decision (trumps, bids, begging, Akis, peeks, "Su dviem", discards) is the rule-based
bot's: its hand evaluation is cheap and PIMC would need a solver run per option.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from tricktaker import _core
from tricktaker.bots.common import PlayView, bits, legal_mask, mask_of
from tricktaker.bots.rule import RuleBot
from tricktaker.bots.sampling import HiddenCards, sample_hands
from tricktaker.cards import Card, Suit
from tricktaker.games.allfours.deal import scoring_items
from tricktaker.protocol.base import Action, Game

__all__ = ["PimcBot", "Position", "position_for"]

DEFAULT_SAMPLES = 12
DEFAULT_MEMORY_MB = 16
# Cards left in the hands from which the search takes over from the rules (see Position).
KLAVERJAS_MAX_CARDS = 28  # from trick 2 on
ALLFOURS_MAX_CARDS = 24  # six tricks of four: a deal with runs is searched from there
FOLD_MOVE = -1  # the key of folding among the card values (All Fours PV10)


@dataclass
class Position:
    """A seat's view of the play, and how to rebuild the full play state from sampled hands."""

    view: PlayView
    # hands held now, by seat -> the play state of that deal; or, where the card to play
    # still fixes trump (a pitch), one play state per trump it can fix
    make_state: Callable[[list[int]], _core.PlayState | list[_core.PlayState] | None]
    objective: _core.Objective
    hidden: HiddenCards
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

        The sampler knows the counts, the voids and the cards seen; a sampled hand that breaks
        a finer duty of the play (to overtrump, say) makes the replay fail, and the sample is
        drawn again (rejection sampling).
        """
        for _ in range(tries):
            states = self.states(sample_hands(self.hidden, rng))
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


def _of_suit(hand: int, suit: Suit) -> int:
    """The cards of ``hand`` of the printed ``suit``."""
    return sum(1 << c for c in bits(hand) if Card(c).suit == suit)


def _played_by(view: PlayView) -> list[int]:
    played = [0] * view.num_seats
    for seat, card in view.history:
        played[seat] |= 1 << card
    return played


def _hidden(view: PlayView, suit_counts: dict[int, tuple[int, int]] | None = None) -> HiddenCards:
    n = view.num_seats
    forbidden = [view.excluded.get(s, 0) for s in range(n)]
    known = [view.known.get(s, 0) for s in range(n)]
    # view.hidden counts only the cards not known to be held (0 for an open hand)
    counts = [0 if s == view.me else view.hidden[s] for s in range(n)]
    return HiddenCards(
        pool=view.unseen,
        counts=counts,
        known=known,
        forbidden=forbidden,
        suit_counts=suit_counts or {},
    )


def _replay(
    state: _core.PlayState, history: Sequence[tuple[int, int]], lenient: bool = False
) -> _core.PlayState | None:
    for _, card in history:
        if lenient:
            state.play_any_held(card)
        else:
            try:
                state.play(card)
            except ValueError:
                return None
    return state


def _replay_with_folds(
    state: _core.PlayState, history: Sequence[tuple[int, int]], folders: set[int], me: int
) -> _core.PlayState | None:
    """Replays the cards, folding a folder where his turn comes and the history goes on
    without him; None when the deal does not fit."""
    pending = set(folders)

    def fold_until(seat: int) -> bool:
        while state.to_move != seat:
            if state.to_move not in pending or not state.can_fold():
                return False
            pending.discard(state.to_move)
            state.fold()
        return True

    for seat, card in history:
        if not fold_until(seat):
            return None
        try:
            state.play(card)
        except ValueError:
            return None
    if not fold_until(me) or pending:
        return None
    return state


# --- Klaverjas -------------------------------------------------------------------------------


def _klaverjas_position(
    game: Game | None, obs: Mapping[str, Any], legal: Sequence[Action]
) -> Position | None:
    from tricktaker.bots import klaverjas as kj

    if obs.get("trump") is None or obs.get("declarer") is None:
        return None
    options = game.options if game is not None else None
    view = kj.play_view(obs, legal, options)
    if len(view.history) != 32 - sum(obs["hand_sizes"]):
        return None  # only the last trick is visible: the history cannot be replayed
    rules = view.rules
    forehand = kj.seat_index(obs["forehand"])
    played = _played_by(view)
    lenient = options is not None and options.illegal_play == "penalize"
    history = list(view.history)

    def make_state(hands: list[int]) -> _core.PlayState | None:
        start = [hands[s] | played[s] | (view.hand if s == view.me else 0) for s in range(4)]
        state = _core.PlayState(rules, start, [0, 1, 0, 1], forehand)
        return _replay(state, history, lenient)

    playing_team = kj.seat_index(obs["declarer"]) % 2
    objective = _core.Objective(
        kind=_core.ObjectiveKind.MARGIN,
        side=view.me % 2,
        scoring=_core.Scoring.KLAVERJAS,
        playing_team=playing_team,
        pit_for_any_team=options is None or options.pit_bonus_for == "any_team",
        tie_is_nat=options is None or bool(options.tie_is_nat),
    )
    return Position(view, make_state, objective, _hidden(view), max_cards=KLAVERJAS_MAX_CARDS)


# --- Kiksas and Trikiksis --------------------------------------------------------------------


def _kiksas_position(
    game: Game | None, obs: Mapping[str, Any], legal: Sequence[Action]
) -> Position | None:
    from tricktaker.bots import kiksas as kk
    from tricktaker.games.kiksas import AKIS_KINDS

    akis = obs.get("akis")
    if obs.get("hand") is None or "tricks" not in obs:
        return None
    view = kk.play_view(obs, legal, game.options if game is not None else None)
    n = view.num_seats
    total = 24  # the whole Kiksas deck: four hands of six or three of eight
    out = 6 if obs.get("sitting_out") else 0
    if len(view.history) != total - out - sum(obs["hand_sizes"]):
        return None
    options = game.options if game is not None else None
    if akis:
        suit = akis.get("suit")
        trump = -1 if suit is None else int(Suit.parse(suit))
    else:
        trump = int(Suit.parse(obs["trump"]))
    rules = _core.kiksas_rules(
        trump,
        must_overtrump=bool(options and options.must_overtrump),
        must_head_in_suit=bool(options and options.must_head_in_suit),
        partner_exemption=bool(options and options.partner_exemption),
    )
    sides = view.sides
    sitting = obs.get("sitting_out")
    sitting_seat = None if sitting is None else kk.seat_index(sitting)
    active_mask = 0
    if sitting_seat is not None:
        active_mask = ((1 << n) - 1) & ~(1 << sitting_seat)
    fixed_leader = kk.seat_index(akis["player"]) if akis else -1
    first = fixed_leader if fixed_leader >= 0 else view.me
    leader = view.history[0][0] if view.history else first
    played = _played_by(view)
    history = list(view.history)
    # before the first card this seat leads, and what it may lead is the forced first lead
    first_lead = 0 if history else view.legal
    counts = kk.trump_counts(obs, view.rules) if not akis else {}
    suit_counts = {
        s: (view.rules.trump_cards, c)
        for s, c in counts.items()
        if s != view.me and s not in view.known
    }

    def make_state(hands: list[int]) -> _core.PlayState | None:
        start = [hands[s] | played[s] | (view.hand if s == view.me else 0) for s in range(n)]
        if sitting_seat is not None:
            start[sitting_seat] = 0
        state = _core.PlayState(
            rules,
            start,
            sides,
            leader,
            active=active_mask,
            first_lead_cards=first_lead,
            fixed_leader=fixed_leader,
        )
        return _replay(state, history)

    if akis:  # won or lost on tricks: every one, or none in a misère (c)
        objective = _core.Objective(
            kind=_core.ObjectiveKind.KIKSAS_AKIS,
            side=sides[view.me],
            akis=AKIS_KINDS[akis["kind"]],
            akis_side=sides[kk.seat_index(akis["player"])],
        )
    elif obs.get("deal_type") == "writing_off" and obs.get("targets"):
        # the race: first to its target writes the other side off
        objective = _core.Objective(
            kind=_core.ObjectiveKind.KIKSAS_RACE,
            side=sides[view.me],
            kiksas_targets=tuple(obs["targets"]),
        )
    else:
        objective = _core.Objective(kind=_core.ObjectiveKind.MARGIN, side=sides[view.me])
    if sitting_seat is not None:
        # the turned-down hand is out of play: its six cards are among the unseen ones
        view.hidden[sitting_seat] = 0
    return Position(view, make_state, objective, _hidden(view, suit_counts))


# --- All Fours and Pitch ---------------------------------------------------------------------


def _allfours_position(
    game: Game | None, obs: Mapping[str, Any], legal: Sequence[Action]
) -> Position | None:
    from tricktaker.bots import allfours as af

    if game is None:
        from tricktaker.registry import load

        game = load(str(obs["game"]))
    options = game.options
    pitch = obs.get("trump") is None  # the card to play fixes trump: its printed suit (X11)
    if pitch and (obs.get("phase") != "play" or obs.get("tricks") or obs.get("trick")):
        return None
    trumps: list[Suit] = (
        sorted({suit for c in bits(legal_mask(legal)) if (suit := Card(c).suit) is not None})
        if pitch
        else [Suit.parse(obs["trump"])]
    )
    view = af.play_view(obs, legal, options, trump=trumps[0])
    rules = {t: af.rules_for(options, t) for t in trumps}
    n = view.num_seats
    played = _played_by(view)
    history = list(view.history)
    # the first leader (a fold may have passed his lead on before the first card)
    leader = af.seat_index(obs["leader"]) if obs.get("leader") else view.me
    # folded hands are public (PV10); each fold happened at the folder's turn, where the
    # history goes on without a card of his
    folded = {af.seat_index(s): mask_of(c) for s, c in (obs.get("folded") or {}).items()}

    def state_for(hands: list[int], trump: Suit, first_lead: int) -> _core.PlayState | None:
        start = [
            hands[s] | played[s] | folded.get(s, 0) | (view.hand if s == view.me else 0)
            for s in range(n)
        ]
        state = _core.PlayState(
            rules[trump],
            start,
            view.sides,
            leader,
            first_lead_cards=first_lead,
            folding=bool(options.folding),
        )
        return _replay_with_folds(state, history, set(folded), view.me)

    def make_state(hands: list[int]) -> _core.PlayState | list[_core.PlayState] | None:
        if not pitch:  # before the first card a trump lead may be due (PV6)
            return state_for(hands, trumps[0], 0 if history else view.legal)
        states = [state_for(hands, t, view.legal & _of_suit(view.hand, t)) for t in trumps]
        return [st for st in states if st is not None]

    pitcher = obs.get("pitcher")
    bid = obs.get("bid")
    objective = _core.Objective(
        kind=_core.ObjectiveKind.MARGIN,
        side=view.sides[view.me],
        scoring=_core.Scoring.ALLFOURS,
        allfours=_core.AllFoursScoringOptions(**scoring_items(options)),
        dealer=af.seat_index(obs["dealer"]),
        bidding_side=-1 if pitcher is None or bid is None else view.sides[af.seat_index(pitcher)],
        bid=int(bid or 0),
    )
    return Position(view, make_state, objective, _hidden(view), max_cards=ALLFOURS_MAX_CARDS)


# --- Kirves ----------------------------------------------------------------------------------


def _kirves_position(
    game: Game | None, obs: Mapping[str, Any], legal: Sequence[Action]
) -> Position | None:
    from tricktaker.bots import kirves as kv

    if obs.get("trump") is None or obs.get("hand") is None:
        return None
    if game is None:
        from tricktaker.registry import load

        game = load("kirves", num_players=int(obs["num_players"]))
    options = game.options
    view = kv.play_view(obs, legal, options)
    me = view.me
    kind = obs.get("kind")
    principals = (kv.seat_index(obs["cutter"]), kv.seat_index(obs["dealer"]))
    if kind == "cut_jack" and me not in principals:
        return None  # a bystander wins nothing: the rules decide
    rules = kv.rules_for(obs, options)
    n = view.num_seats
    played = _played_by(view)
    history = list(view.history)
    leader = history[0][0] if history else me
    active_mask = sum(1 << s for s in view.active)

    def make_state(hands: list[int]) -> _core.PlayState | None:
        start = [
            (hands[s] | played[s] | (view.hand if s == me else 0)) if s in view.active else 0
            for s in range(n)
        ]
        state = _core.PlayState(rules, start, view.sides, leader, active=active_mask, tricks=5)
        return _replay(state, history)

    objective = _core.Objective(kind=_core.ObjectiveKind.KIRVES_WIN, side=view.sides[me])
    return Position(view, make_state, objective, _hidden(view))


_POSITIONS: dict[
    str, Callable[[Game | None, Mapping[str, Any], Sequence[Action]], Position | None]
] = {
    "klaverjas": _klaverjas_position,
    "kiksas": _kiksas_position,
    "trikiksis": _kiksas_position,
    "allfours": _allfours_position,
    "pitch": _allfours_position,
    "kirves": _kirves_position,
}


def register_position(
    game: str,
    builder: Callable[[Game | None, Mapping[str, Any], Sequence[Action]], Position | None],
) -> None:
    """Teach the PIMC bot a game: how a seat's observation becomes a ``Position``."""
    _POSITIONS[game] = builder


def position_for(
    game: Game | None, obs: Mapping[str, Any], legal: Sequence[Action]
) -> Position | None:
    """The position to search, or None when the bot should leave the choice to rules."""
    builder = _POSITIONS.get(str(obs.get("game")))
    if builder is None:
        return None
    return builder(game, obs, legal)


class PimcBot:
    """Perfect-Information Monte Carlo card play over a rule-based bot's calls."""

    name = "pimc"

    def __init__(
        self,
        seed: int = 0,
        samples: int = DEFAULT_SAMPLES,
        ms: float | None = None,
        memory_mb: int = DEFAULT_MEMORY_MB,
    ) -> None:
        if samples < 1:
            raise ValueError(f"samples must be at least 1, got {samples}")
        self.samples = samples
        self.ms = ms
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
        stand-in sampler of ``tricktaker.bots.sampling``."""
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
        """Average double-dummy value of each legal card over the sampled deals."""
        legal = position.view.legal
        totals: dict[int, float] = {c: 0.0 for c in bits(legal)}
        start = time.perf_counter()
        solved = 0
        budget = self.samples if self.ms is None else 1_000_000
        states = self._states(position)
        for _ in range(budget):
            sampled = next(states, None)
            if sampled is None:
                break
            for state in sampled:  # each card's value comes from the play it starts
                result = self.solver.solve(state, position.objective)
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
        return f"PimcBot({budget})"


def pimc_factory(param: str) -> Callable[[int], PimcBot]:
    """``pimc:N`` (N samples a decision) or ``pimc:Nms`` (N milliseconds)."""
    text = param.strip().lower()
    try:
        if text.endswith("ms"):
            ms = float(text[:-2])
            if ms <= 0:
                raise ValueError
            return lambda seed: PimcBot(seed, ms=ms)
        samples = int(text)
        if samples < 1:
            raise ValueError
    except ValueError:
        raise ValueError(
            f"pimc budget {param!r}: give a number of samples (pimc:16) or milliseconds (pimc:50ms)"
        ) from None
    return lambda seed: PimcBot(seed, samples=samples)
