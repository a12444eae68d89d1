"""What every game shares: actions, events, and the deal / match state-machine protocol.

A deal is a state machine. ``phase`` says where it stands, ``to_move`` who acts,
``legal_actions()`` what that seat may do (cards and calls, each with a stable string form), and
``apply()`` takes an action or its string. The card play itself is always the C++ ``PlayState``.

Every deal and match keeps the log of applied actions; ``to_json()`` writes the set-up and the
log and ``tricktaker.from_json()`` replays them, so the round trip is exact by construction.
"""

from __future__ import annotations

import abc
import json
import os
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np
import numpy.typing as npt

from tricktaker._core import (
    ALL_CARDS,
    CardStep,
    PlayState,
    Rng,
    card_to_string,
    deal_step_init,
    deal_step_methods,
    mask_to_items,
)
from tricktaker.cards import Card
from tricktaker.errors import Error, IllegalAction, InvalidJSON, InvalidSeat, short_repr
from tricktaker.protocol.copying import copy_fieldwise, copy_state, register_immutable
from tricktaker.protocol.diagram import picture, text_diagram
from tricktaker.protocol.options import options_to_dict
from tricktaker.protocol.seat_play import SeatPlay
from tricktaker.protocol.svg import deal_svg
from tricktaker.protocol.tensor_kit import encode_observation, observation_shape


@dataclass(frozen=True, order=True)
class Action:
    """A card to play or a call (``"pass"``, ``"trump:H"``, ...). ``str(action)`` is its form.

    Two actions are equal when their forms are. The card actions are shared instances (one per
    card, ``Action.play``), as are most calls a game lists: comparing them mostly costs an
    identity test, and copies (of a deal, say) keep sharing them.
    """

    name: str
    card: Card | None = field(default=None, compare=False)

    @classmethod
    def play(cls, card: Card) -> Action:
        return _CARD_ACTIONS[card.id]

    @classmethod
    def call(cls, name: str) -> Action:
        return cls(name, None)

    @property
    def is_card(self) -> bool:
        return self.card is not None

    def __str__(self) -> str:
        return self.name

    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        if other.__class__ is self.__class__:
            assert isinstance(other, Action)
            return self.name == other.name
        return NotImplemented

    def __copy__(self) -> Action:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Action:
        return self


_CARD_ACTIONS: dict[int, Action] = {
    i: Action(str(Card(i)), Card(i)) for i in range(64) if (ALL_CARDS >> i) & 1
}
# The card action of each card id (None where no card has the id), for ``mask_to_items``.
CARD_ACTION_TABLE: list[Action | None] = [_CARD_ACTIONS.get(i) for i in range(64)]
_CARD_ACTION_IDS = frozenset(id(a) for a in _CARD_ACTIONS.values())
# The card action of each card's canonical text (``"AS"``, ``"TH"``, ``"RJ"``).
_CARD_ACTION_BY_TEXT: dict[str, Action] = {a.name: a for a in _CARD_ACTIONS.values()}


def card_of_text(text: str) -> Card:
    """A card from its text: a dictionary look-up for the canonical text (``"AS"``) that a
    checked set-up holds, ``Card.parse`` for any other."""
    action = _CARD_ACTION_BY_TEXT.get(text)
    return Card.parse(text) if action is None or action.card is None else action.card


# The canonical text of each card id ("" where no card has the id), as the log records cards.
CARD_NAMES: list[str] = [a.name if a is not None else "" for a in CARD_ACTION_TABLE]


class _LogEntries(dict[tuple[int, int], tuple[int, str]]):
    """The log entry of a (seat, card id) of a play state's history: (seat, the card's text),
    one shared tuple each, made on first use."""

    def __missing__(self, key: tuple[int, int]) -> tuple[int, str]:
        entry = self[key] = (key[0], CARD_NAMES[key[1]])
        return entry


LOG_ENTRIES = _LogEntries()
# The same entries as a table by seat (more than the core's most seats) and card id, for
# PlayState.history_items.
LOG_TABLE: list[list[tuple[int, str]]] = [
    [(seat, name) for name in CARD_NAMES] for seat in range(16)
]


register_immutable(Action)  # never changes (copies return it): a clone shares it
register_immutable(CardStep)  # a family's declaration, shared by its deals


def _listed(action: Action, allowed: list[Action]) -> bool:
    """``action in allowed`` by the actions' names (``Action.__eq__``) without a Python call of
    ``__eq__`` per action listed before it (a cut may list 51 packet sizes)."""
    name = action.name
    cls = action.__class__
    for a in allowed:  # noqa: SIM110 (a loop: no generator frame resumed per action)
        if a is action or (a.__class__ is cls and a.name == name):
            return True
    return False


def card_actions(mask: int) -> list[Action]:
    """The card actions of a bit mask of cards (legal moves), in card id order."""
    return mask_to_items(mask, CARD_ACTION_TABLE)


@dataclass(frozen=True, init=False, slots=True, weakref_slot=True)
class Event:
    """What one applied action did: the record a log, a replay or a server message is made of."""

    # Slots, not an instance dict: every card played makes an event, and the core's card step
    # (cpp/bindings/bind_deal_step.cc) fills the four slots directly; no dict is made or freed.
    seat: int
    action: str
    phase: str
    detail: dict[str, Any] = field(default_factory=dict)

    def __init__(
        self, seat: int, action: str, phase: str, detail: dict[str, Any] | None = None
    ) -> None:
        # The core installs the same __init__ without a Python frame (deal_step_init): a
        # frozen dataclass sets its fields through object.__setattr__, and every event of a
        # family's Python path is made here.
        object.__setattr__(self, "seat", seat)
        object.__setattr__(self, "action", action)
        object.__setattr__(self, "phase", phase)
        object.__setattr__(self, "detail", {} if detail is None else detail)

    def to_dict(self) -> dict[str, Any]:
        return {"seat": self.seat, "action": self.action, "phase": self.phase, **self.detail}


def trick_log(
    state: PlayState,
    seat_names: Sequence[str] | None = None,
    *,
    points: bool = True,
    bonus_name: str | None = None,
) -> list[dict[str, Any]]:
    """The completed tricks of a play state as JSON-ready records: leader, cards in play
    order, winner, and optionally the card points and the trick bonus under ``bonus_name``.
    Seats are seat ids (the schema's canonical form), or display names from ``seat_names``."""
    history = state.history()
    out: list[dict[str, Any]] = []

    def seat(index: int) -> int | str:
        return index if seat_names is None else seat_names[index]

    for record in state.trick_records():
        cards = history[record.first : record.first + record.size]
        entry: dict[str, Any] = {
            "leader": seat(record.leader),
            "cards": [[seat(p), card_to_string(c)] for p, c in cards],
            "winner": seat(record.winner),
        }
        if points:
            entry["points"] = record.points
        if bonus_name is not None:
            entry[bonus_name] = record.bonus
        out.append(entry)
    return out


def new_seed() -> int:
    """A fresh 63-bit seed from the operating system, recorded so the deal can be replayed."""
    return int.from_bytes(os.urandom(8), "little") >> 1


def check_seat(seat: Any, count: int) -> int:
    """``seat`` as a plain int when it is one of ``count`` seats (0 .. count - 1); otherwise
    ``InvalidSeat`` naming the seats. A bool is no seat, though Python counts it an int."""
    if type(seat) is int and 0 <= seat < count:  # the common case, first
        return seat
    is_integer = isinstance(seat, (int, np.integer)) and not isinstance(seat, (bool, np.bool_))
    if is_integer and 0 <= seat < count:
        return int(seat)
    raise InvalidSeat(
        f"seat {short_repr(seat)} is not a seat of this table; seats are 0..{count - 1}"
    )


def check_seed(seed: Any) -> int:
    if isinstance(seed, bool) or not isinstance(seed, int) or not 0 <= seed < 2**64:
        raise Error(f"seed must be an integer 0 <= seed < 2**64, got {short_repr(seed)}")
    return seed


class StateMachine(abc.ABC):
    """The protocol shared by deals and matches."""

    game: Game
    log: list[tuple[int, str]]

    @property
    @abc.abstractmethod
    def phase(self) -> str:
        """Where the deal or match stands, e.g. ``"trump_selection"``, ``"play"``, ``"over"``."""

    @property
    @abc.abstractmethod
    def to_move(self) -> int | None:
        """The seat (or player) to act, or None when it is over."""

    @abc.abstractmethod
    def legal_actions(self, seat: int | None = None) -> list[Action]:
        """What ``seat`` (default: the seat to move) may do now."""

    @abc.abstractmethod
    def _apply(self, action: Action, seat: int) -> Event:
        """Apply an action that ``apply`` has checked is allowed for ``seat``."""

    @abc.abstractmethod
    def observation(self, seat: int) -> dict[str, Any]:
        """Only what ``seat`` may know, as JSON-ready data."""

    @property
    def observation_fields(self) -> dict[str, Callable[[Any, int], Any]] | None:
        """The fields of ``observation(seat)`` one at a time, where the game makes each on its
        own: key -> ``field(self, seat id)``, the observation being every field in this order.
        A reader that needs a few fields (a simulated bot) then makes only those. None (the
        default): the observation is made whole."""
        return None

    def seat_play(self, seat: int) -> SeatPlay | None:
        """What ``observation(seat)`` shows of the card play, as card ids and masks
        (``SeatPlay``), for a reader that would parse the cards back from the observation's
        text; None (the default) where the game gives none or there is no card play yet."""
        return None

    def seat_view(self, seat: int, exclusions: bool) -> Any:
        """The core's view of the card play as ``observation(seat)`` shows it (a
        ``_core.SeatView``: the seat's hand, the trick, the cards it has not seen, the others'
        card counts and, with ``exclusions``, the cards their plays show they cannot hold), for
        a rule bot that picks its card in one core call; None (the default) where the game gives
        none: the observation does not show the whole play, or there is none yet."""
        return None

    def observation_tensor(self, seat: int | str) -> npt.NDArray[np.float32]:
        """The observation as a fixed-shape float32 array (``tricktaker.tensors``), built from
        ``observation(seat)`` alone; its shape is ``game.observation_shape``."""
        return encode_observation(self.game, self.observation(seat))  # type: ignore[arg-type]

    _setup: dict[str, Any]

    def _setup_json(self) -> dict[str, Any]:
        """The set-up from which the log replays (seed, deck, dealer, ...)."""
        return dict(self._setup)

    @property
    def is_over(self) -> bool:
        return self.phase == "over"

    def is_terminal(self) -> bool:
        return self.is_over

    def parse_action(self, action: Action | Card | str) -> Action:
        if isinstance(action, Action):
            return action
        if isinstance(action, Card):
            return Action.play(action)
        if not isinstance(action, str):
            raise IllegalAction(f"an action is an Action, a Card or a string, got {action!r}")
        text = action.strip()
        try:
            return Action.play(Card.parse(text))
        except ValueError:
            return Action.call(text)

    def apply(self, action: Action | Card | str, seat: int | None = None) -> Event:
        """Apply an action of the seat to move (or of ``seat``, for calls made out of turn).

        Raises ``IllegalAction`` naming the allowed actions, and then changes nothing.
        """
        # A card action as legal_actions() lists it (or a card's canonical text) goes first to
        # the game's own card-play check, which is a bit test against the core's legal moves.
        if seat is not None:
            seat = check_seat(seat, self.game.seat_count)
        fast: Action | None = None
        if type(action) is Action:
            fast = action
        elif type(action) is str:
            fast = _CARD_ACTION_BY_TEXT.get(action)
        if fast is not None and id(fast) in _CARD_ACTION_IDS:
            event = self._try_play(fast, seat)
            if event is not None:
                self.log.append((event.seat, fast.name))
                return event
        if self.is_over:
            raise IllegalAction(f"the {self.json_kind} is over; no action is allowed")
        acting = self.to_move if seat is None else seat
        if acting is None:
            raise IllegalAction("no seat is to act")
        parsed = self.parse_action(action)
        allowed = self.legal_actions(acting)
        listed = _listed(parsed, allowed)
        if not listed and parsed.card is None:  # calls match without regard to case
            lowered = parsed.name.lower()
            parsed = next((a for a in allowed if a.name.lower() == lowered), parsed)
            listed = _listed(parsed, allowed)
        if not listed and not self._accepts_extra(parsed, acting):
            names = " ".join(str(a) for a in allowed) or "(none)"
            who = f"seat {self.seat_name(acting)}"
            raise IllegalAction(
                f"{parsed} is not allowed for {who} in phase {self.phase}; allowed: {names}"
            )
        event = self._apply(parsed, acting)
        self.log.append((acting, str(parsed)))
        return event

    def _apply_listed(self, action: Action) -> Event:
        """``apply(action)`` for an action that ``legal_actions()`` listed for the seat to move,
        with nothing applied since: the same event and log, without checking the action again
        (a simulation's random players pick from that very list)."""
        seat = self.to_move
        assert seat is not None
        self._card_step = None  # the family's handlers say whether the next card may step
        self._next_legal = None
        event = self._apply(action, seat)
        self.log.append((seat, action.name))
        self._card_step = self._card_step_now()
        return event

    # The card step (Deal.apply in the core, for deals): None, or the family's CardStep when
    # the next card of the seat to move may be played by it; and the legal card actions of the
    # seat to move that the last card's step made, which legal_actions() hands over once.
    _card_step: CardStep | None = None
    _next_legal: list[Action] | None = None

    def _card_step_now(self) -> CardStep | None:
        """The family's ``CardStep`` when the next action is a card of the seat to move that
        the core's step may play as the family would (no call may come before it, and the deal
        needs to see nothing of it but what the step declares), else None (the default)."""
        return None

    def _try_play(self, action: Action, seat: int | None) -> Event | None:
        """The fast path of ``apply`` for a card action of the seat to move (``seat`` is None
        or that seat): when the card is among the legal actions, play it exactly as ``_apply``
        would and return its event, whose ``seat`` (the seat that played) ``apply`` logs;
        otherwise change nothing and return None, and ``apply`` checks the action in full (and
        raises, or accepts an extra action). By default there is no fast path."""
        return None

    def _accepts_extra(self, action: Action, seat: int) -> bool:
        """Actions outside legal_actions() that are still accepted (illegal-play penalties)."""
        return False

    def seat_name(self, seat: int) -> str:
        return str(seat)

    def clone(self) -> StateMachine:
        """An independent copy (sharing the game, options and immutable values)."""
        copied: StateMachine = copy_state(self)
        return copied

    def to_json(self) -> str:
        data = {
            "game": self.game.name,
            "kind": self.json_kind,
            "options": options_to_dict(self.game.options),
            "setup": self._setup_json(),
            "log": [[seat, action] for seat, action in self.log],
        }
        return json.dumps(data, sort_keys=True)

    json_kind: ClassVar[str] = "deal"

    def __reduce__(self) -> tuple[Any, tuple[Any, ...]]:
        # The core's card-play state does not pickle: a pickle is the game (which pickles), the
        # set-up and the log, rebuilt as ``from_json`` rebuilds ``to_json``: dealt, then replayed.
        return (_restored, (self.game, self.json_kind, self._setup_json(), list(self.log)))

    def __deepcopy__(self, memo: dict[int, Any]) -> StateMachine:
        copied = self.clone()  # shares what never changes, as clone() does
        memo[id(self)] = copied
        return copied

    def replay(self, log: Sequence[Sequence[Any]]) -> None:
        """Apply a log as ``to_json`` writes it: ``[[seat, action], ...]``, seats as integers
        and actions as strings. A malformed entry raises ``InvalidJSON``; an entry the deal
        refuses raises what ``apply`` raised (``IllegalAction``, ``InvalidSeat``), its message
        naming the entry. Entries before the faulty one stay applied."""
        if not isinstance(log, (list, tuple)):
            raise InvalidJSON(f"the log must be a list of [seat, action], got {type(log).__name__}")
        for index, entry in enumerate(log):
            if (
                not isinstance(entry, (list, tuple))
                or len(entry) != 2
                or isinstance(entry[0], bool)
                or not isinstance(entry[0], int)
                or not isinstance(entry[1], str)
            ):
                raise InvalidJSON(
                    f"malformed log entry {index}: {short_repr(entry)}; expected [seat, action] "
                    "with an integer seat and an action string"
                )
            seat, action = entry
            try:
                self.apply(action, seat=seat)
            except (IllegalAction, InvalidSeat) as exc:
                raise type(exc)(f"log entry {index} {short_repr(entry)}: {exc}") from None


copy_fieldwise(StateMachine)


class Deal(StateMachine):
    """One deal of a game, from the shuffle to its scores.

    Subclasses keep where the deal stands in ``_phase`` and who acts in ``_to_move``.
    """

    # The fields the core's card step reads or writes at every card live in slots of the deal
    # (the rest in its instance dict): the core reaches a slot at its fixed place in the
    # instance, where a field of the dict is looked up by name along the class's bases first.
    # Python reads them as fast as its other fields. A subclass must not define these names.
    __slots__ = ("_card_step", "_next_legal", "_phase", "_to_move", "state")

    _phase: str
    _to_move: int | None

    def __new__(cls, *args: Any, **kwargs: Any) -> Deal:
        # The card step's own slots hold None (StateMachine's defaults) from the start: an
        # empty slot has no value to read.
        deal = super().__new__(cls)
        deal._card_step = None
        deal._next_legal = None
        return deal

    def __init_subclass__(cls, **kwargs: Any) -> None:
        # apply and legal_actions of every deal class are the core's card step (cpp/bindings/
        # bind_deal_step.cc), one call per card in a stretch of pure card play; any other
        # action goes to the Python apply (StateMachine.apply) and the class's own
        # legal_actions, kept as _legal_actions_py.
        super().__init_subclass__(**kwargs)
        apply, legal_actions, is_over, to_move = deal_step_methods(cls)
        cls.apply = apply  # type: ignore[method-assign]
        # The phase and the seat to move read in the core, asked at every action.
        if "is_over" not in cls.__dict__:
            cls.is_over = is_over  # type: ignore[method-assign]
        if "to_move" not in cls.__dict__:
            cls.to_move = to_move  # type: ignore[method-assign]
        own = cls.__dict__.get("legal_actions")
        if own is not None and not getattr(own, "__isabstractmethod__", False):
            cls._legal_actions_py = own
            cls.legal_actions = legal_actions  # type: ignore[method-assign]

    _legal_actions_py: Callable[..., list[Action]]

    @property
    def phase(self) -> str:
        return self._phase

    def _card_stepped(self, action: Action, seat: int, detail: dict[str, Any]) -> Event:
        """The deal after the core's step played ``action``'s card for ``seat`` where the
        family's ``CardStep`` hands the rest back (a trick that ends the play, or any trick
        the step says the deal must see): ``detail`` is the event's detail as the step made it
        (the card, the record, the trick's fields). Returns the card's event; the step then
        asks ``_card_step_now()`` again."""
        raise NotImplementedError

    @property
    def to_move(self) -> int | None:
        return self._to_move

    @abc.abstractmethod
    def result(self) -> Any:
        """The deal's scores once it is over (None before)."""

    def play_cards(self, generators: Callable[[int], Rng | None]) -> int:
        """Play a stretch of pure card play at once: while the deal's actions are the cards of
        the seat to move alone, each seat that takes part draws its cards from
        ``generators(seat)``: ``below(n)`` picks the index of its card among its ``n`` legal
        ones (in the order of ``legal_actions()``: card id order). The log records each card as
        ``apply`` would; no events are made. Returns the cards played: 0 when the deal is not in
        such a stretch, or when ``generators`` gives None for a seat that takes part in the play
        (then nothing is played; go on with ``apply``).

        A seeded random player picks with its generator's ``below``, exactly as it picks from
        ``legal_actions()``; the core plays the whole stretch in one call
        (``PlayState.play_random_seats``), which is what makes a simulation of random players
        fast."""
        state = self._card_run()
        if state is None:
            return 0
        active = state.active
        rngs: list[Rng | None] = []
        for seat in range(state.num_players):
            rng = generators(seat) if active >> seat & 1 else None
            if rng is None and active >> seat & 1:
                return 0
            rngs.append(rng)
        start = state.cards_played
        played = state.play_random_seats(rngs)
        self.log += state.history_items(start, LOG_TABLE)
        self._next_legal = None
        self._end_card_run()
        self._card_step = self._card_step_now()
        return played

    @property
    def has_card_runs(self) -> bool:
        """Whether ``play_cards`` may ever play anything in this kind of deal."""
        return type(self)._card_run is not Deal._card_run

    def _card_run(self) -> PlayState | None:
        """The play state, when every action from now until its play is over is a card of the
        seat to move (no call may come between the cards) and the deal needs to see none of
        them on the way; otherwise None (the default)."""
        return None

    def _end_card_run(self) -> None:
        """Bring the deal up to date after ``play_cards`` played its play state to the end."""
        raise NotImplementedError

    def __str__(self) -> str:
        """Every hand by suit, the trick on the table and the trump (``protocol.diagram``);
        ``repr()`` stays one short line."""
        return text_diagram(picture(self))

    def _repr_svg_(self) -> str:
        """The deal round its table as SVG: what a notebook shows (``protocol.svg``)."""
        return deal_svg(picture(self))

    def _repr_html_(self) -> str:
        return f'<div class="tricktaker-deal">{deal_svg(picture(self))}</div>'


class Match(StateMachine):
    """A whole game: deal after deal until the game's end rule."""

    json_kind: ClassVar[str] = "match"

    @abc.abstractmethod
    def result(self) -> Any:
        """The standings (final once ``is_over``)."""


def _restored(
    game: Game, kind: str, setup: dict[str, Any], log: list[tuple[int, str]]
) -> StateMachine:
    """A pickled deal or match (``StateMachine.__reduce__``): its set-up dealt, its log replayed."""
    machine: StateMachine
    if kind == "deal":
        machine = game._deal_from_setup(dict(setup))
    else:
        machine = game._match_from_setup(dict(setup))
    machine.replay([list(entry) for entry in log])
    return machine


class Game(abc.ABC):
    """A game with its options compiled: the factory of deals and matches."""

    name: ClassVar[str]
    options: Any

    @abc.abstractmethod
    def new_deal(self, *args: Any, **kwargs: Any) -> Deal:
        """A new deal: from a seed, an exact deck order or given hands (see each game)."""

    @abc.abstractmethod
    def new_match(self, *args: Any, **kwargs: Any) -> Match:
        """A whole game to its end rule, deal after deal."""

    @property
    @abc.abstractmethod
    def seat_count(self) -> int:
        """How many seats the table has: the seats of ``apply``, ``observation`` and the logs
        are 0 .. seat_count - 1."""

    @abc.abstractmethod
    def _deal_from_setup(self, setup: dict[str, Any]) -> Deal: ...

    @abc.abstractmethod
    def _match_from_setup(self, setup: dict[str, Any]) -> Match: ...

    @property
    def observation_shape(self) -> tuple[int]:
        """The shape of this game's observation tensors (``tricktaker.tensors``)."""
        return observation_shape(self)

    def __repr__(self) -> str:
        changed = {
            k: v
            for k, v in options_to_dict(self.options).items()
            if v != type(self.options).__dataclass_fields__[k].default
        }
        args = "".join(f", {k}={v!r}" for k, v in changed.items())
        return f"tricktaker.load({self.name!r}{args})"


# The Python __init__ of events, kept for the tests that compare the core's with it.
_event_init_py = Event.__init__
# The core's card step builds the events, the card actions and the log entries of these (and
# installs Event.__init__), and reads the deal's per-card fields in Deal's slots.
deal_step_init(
    Event,
    Action,
    CARD_ACTION_TABLE,
    CARD_NAMES,
    LOG_TABLE,
    _CARD_ACTION_BY_TEXT,
    StateMachine.apply,
    Deal,
)
