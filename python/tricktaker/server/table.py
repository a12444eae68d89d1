"""A table: one deal or match, its seats, and its event log as every seat may see it.

The table is plain, synchronous Python: the web app, the standard-input session and the tests
drive it alike. ``apply`` checks an action against the seat's legal actions through the game's
own ``apply`` (which changes nothing when it refuses), and records what happened: the raw
event (the game's ``Event``: seat, action, phase, detail) and, for every seat and for the
spectators, the event as they may see it (``tricktaker.server.secrecy``).

The log of raw events is the game's log: ``tt.from_json(table.record())`` replays it exactly,
and ``Table.restore`` rebuilds a table from its first record and its log (the store's).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from tricktaker.errors import Error
from tricktaker.protocol.base import StateMachine
from tricktaker.registry import from_json, load
from tricktaker.server.errors import ProtocolError
from tricktaker.server.secrecy import cards_in, public_cards, redact, spectator_view

__all__ = ["Applied", "SeatState", "Table", "TableSpec"]


@dataclass(frozen=True)
class SeatState:
    """Who sits at a seat: a person (known by a token's hash) or a bot (by its spec)."""

    kind: str  # "human" or "bot"
    bot: str | None = None
    token_hash: str | None = None


@dataclass(frozen=True)
class TableSpec:
    """What a table was created from: enough to create it again (with its first record)."""

    table_id: str
    game: str
    preset: str | None
    options: dict[str, Any]
    match: bool
    seats: tuple[SeatState, ...]


@dataclass
class Applied:
    """What one accepted action did: the new event's index, and the results it brought (a
    deal over, and for a match the match over), each as ``(scope, result)``."""

    index: int
    results: list[tuple[str, dict[str, Any]]] = field(default_factory=list)


def new_machine(
    game: str, preset: str | None, options: dict[str, Any], match: bool, seed: int | None
) -> StateMachine:
    """A fresh deal or match; the game's refusals become ``bad_options``."""
    try:
        loaded = load(game, preset=preset, **options)
        return loaded.new_match(seed=seed) if match else loaded.new_deal(seed=seed)
    except (Error, ValueError, TypeError, NotImplementedError) as exc:
        raise ProtocolError("bad_options", str(exc)) from None


def seat_names(machine: StateMachine) -> list[str]:
    """The display names of the seats, by seat id (from a seat's observation)."""
    names = machine.observation(0).get("seats")
    if not isinstance(names, list) or not names:
        raise ProtocolError("unsupported", f"{machine.game.name} names no seats")
    return [str(n) for n in names]


def _current_deal(machine: StateMachine) -> Any:
    """The deal in play: a match's ``deal``, or the machine itself."""
    return getattr(machine, "deal", machine)


class Table:
    """A deal or match with its seats and its log, as each seat may see it."""

    def __init__(self, spec: TableSpec, machine: StateMachine) -> None:
        self.spec = spec
        self.machine = machine
        if machine.log:
            raise ValueError("a table starts from a deal or match with no action applied")
        self.first_record = machine.to_json()
        self.names = seat_names(machine)
        if len(spec.seats) != len(self.names):
            raise ProtocolError(
                "bad_options",
                f"{machine.game.name} has {len(self.names)} seats, "
                f"got {len(spec.seats)} seat specs",
            )
        self.events: list[dict[str, Any]] = []
        # Per viewer (each seat, then the spectators at index n): the event as the viewer may
        # see it, or None where it is the raw event (most card plays are public).
        self._views: list[list[dict[str, Any] | None]] = [[] for _ in range(len(self.names) + 1)]
        self.results: list[tuple[int, str, dict[str, Any]]] = []  # (event index, scope, result)
        self._deal = _current_deal(machine)
        self._observations = [machine.observation(s) for s in range(len(self.names))]
        self._known = [cards_in(o) for o in self._observations]

    # -- building ------------------------------------------------------------------------------

    @classmethod
    def create(cls, spec: TableSpec, seed: int | None = None) -> Table:
        machine = new_machine(spec.game, spec.preset, spec.options, spec.match, seed)
        return cls(spec, machine)

    @classmethod
    def restore(
        cls, spec: TableSpec, first_record: str, log: list[tuple[int, str, str | None]]
    ) -> Table:
        """The table rebuilt from its first record and its log of ``(seat, action, note)``,
        each action replayed as it was first applied."""
        machine = from_json(first_record)
        table = cls(spec, machine)
        for seat, action, note in log:
            table.apply(seat, action, note=note)
        return table

    # -- the game ------------------------------------------------------------------------------

    @property
    def num_seats(self) -> int:
        return len(self.names)

    @property
    def finished(self) -> bool:
        return self.machine.is_over

    @property
    def to_move(self) -> int | None:
        return None if self.machine.is_over else self.machine.to_move

    def legal_actions(self, seat: int) -> list[str]:
        actions = self._observations[seat].get("legal_actions")
        if isinstance(actions, list):
            return [str(a) for a in actions]
        return [str(a) for a in self.machine.legal_actions(seat)]

    def check_seat(self, seat: int) -> None:
        if not 0 <= seat < self.num_seats:
            raise ProtocolError(
                "unknown_seat", f"seat {seat} is not at this table (seats 0..{self.num_seats - 1})"
            )

    def apply(self, seat: int, action: str, *, note: str | None = None) -> Applied:
        """Apply ``seat``'s action; a refusal raises ``ProtocolError`` (``not_your_turn``,
        ``illegal_action``) and changes nothing."""
        self.check_seat(seat)
        if self.machine.is_over:
            raise ProtocolError("not_your_turn", "the game is over")
        deal_before = self._deal
        deal_was_over = bool(deal_before.is_over)
        try:
            event = self.machine.apply(action, seat=seat)
        except (Error, ValueError) as exc:
            allowed = self.legal_actions(seat)
            if not allowed:
                raise ProtocolError(
                    "not_your_turn", f"seat {self.names[seat]} may not act now", []
                ) from None
            raise ProtocolError("illegal_action", str(exc), allowed) from None
        index = len(self.events)
        raw = {
            "index": index,
            "seat": event.seat,
            "action": event.action,
            "phase": event.phase,
            "detail": event.detail,
            "note": note,
        }
        self.events.append(raw)
        applied = Applied(index)

        self._deal = _current_deal(self.machine)
        self._observations = [self.machine.observation(s) for s in range(self.num_seats)]
        if self._deal is deal_before:
            for known, obs in zip(self._known, self._observations, strict=True):
                known |= cards_in(obs)
            event_known = self._known
        else:
            # The event ended a deal of a match: it belongs to that deal, whose last
            # observations say what each seat saw; the next deal starts its own knowledge.
            event_known = [
                known | cards_in(deal_before.observation(s)) for s, known in enumerate(self._known)
            ]
            self._known = [cards_in(obs) for obs in self._observations]
        self._record_views(raw, event_known)

        if deal_before.is_over and not deal_was_over:
            applied.results.append(("deal", deal_before.result().to_dict()))
        if self.machine.is_over and self._deal is not self.machine:
            applied.results.append(("match", self.machine.result().to_dict()))
        for scope, result in applied.results:
            self.results.append((index, scope, result))
        return applied

    def _record_views(self, raw: dict[str, Any], known_by_seat: list[set[str]]) -> None:
        public = public_cards(known_by_seat)
        for viewer, known in enumerate([*known_by_seat, public]):
            view = {
                **raw,
                "action": redact(raw["action"], known),
                "detail": redact(raw["detail"], known),
            }
            self._views[viewer].append(None if view == raw else view)

    # -- what a viewer receives ----------------------------------------------------------------

    def _viewer(self, seat: int | None) -> int:
        return self.num_seats if seat is None else seat

    def events_for(self, seat: int | None, after: int = 0) -> list[dict[str, Any]]:
        """The events from index ``after`` on, as ``seat`` (None: a spectator) may see them."""
        views = self._views[self._viewer(seat)]
        start = max(0, after)
        return [
            self.events[i] if views[i] is None else views[i]  # type: ignore[misc]
            for i in range(start, len(self.events))
        ]

    def observation_for(self, seat: int | None) -> dict[str, Any]:
        """The seat's observation; for a spectator, the public view."""
        if seat is not None:
            return self._observations[seat]
        return spectator_view(self._observations[0], public_cards(self._known))

    def results_for(self, seat: int | None, first_index: int) -> list[tuple[str, dict[str, Any]]]:
        """The results brought by the events from ``first_index`` on, as ``seat`` may see them."""
        known = self._known[seat] if seat is not None else public_cards(self._known)
        out = []
        for index, scope, result in self.results:
            if index >= first_index:
                # A result sits in the seat's observation once the deal is over; a spectator's
                # copy keeps only the public cards.
                out.append((scope, result if seat is not None else redact(result, known)))
        return out

    def record(self) -> str:
        """The game's JSON (set-up and log), once it is over: before that it holds hidden cards."""
        if not self.machine.is_over:
            raise ProtocolError("not_finished", "the record is available once the game is over")
        return self.machine.to_json()

    def summary(self) -> dict[str, Any]:
        return {
            "table": self.spec.table_id,
            "game": self.spec.game,
            "preset": self.spec.preset,
            "options": self.spec.options,
            "match": self.spec.match,
            "seats": [
                {"seat": s, "name": self.names[s], "kind": state.kind, "bot": state.bot}
                for s, state in enumerate(self.spec.seats)
            ],
            "events": len(self.events),
            "phase": self.machine.phase,
            "finished": self.machine.is_over,
        }
