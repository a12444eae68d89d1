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
from tricktaker.server.secrecy import cards_in, public_view, redact
from tricktaker.server.viewers import Viewer

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
    """A deal or match with its seats and its log, as each viewer may see it.

    The secrecy bookkeeping (``tricktaker.server.viewers``) runs for the viewers who can see
    events: every human seat from the start, and the spectators from the first time someone
    watches (their view of the log so far is then replayed once). A bot's seat receives no
    events, so nothing is kept for it: a table of bots costs the game's own work alone.
    """

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
        self.results: list[tuple[int, str, dict[str, Any]]] = []  # (event index, scope, result)
        self._deal = _current_deal(machine)
        # Observations by viewer (a seat, None: the public view), for the current event count.
        self._seen_at = 0
        self._observations: dict[int | None, dict[str, Any]] = {}
        self._viewers: dict[int | None, Viewer] = {}
        for seat, state in enumerate(spec.seats):
            if state.kind == "human":
                viewer = Viewer()
                viewer.memory.see(self.observation_for(seat))
                self._viewers[seat] = viewer

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
        self._observations.clear()
        self._seen_at = len(self.events)
        new_deal = self._deal is not deal_before
        for key, viewer in self._viewers.items():
            ended = _observation(deal_before, key, self.num_seats) if new_deal else None
            _advance(viewer, raw, self.observation_for(key), ended)

        if deal_before.is_over and not deal_was_over:
            applied.results.append(("deal", deal_before.result().to_dict()))
        if self.machine.is_over and self._deal is not self.machine:
            applied.results.append(("match", self.machine.result().to_dict()))
        for scope, result in applied.results:
            self.results.append((index, scope, result))
        return applied

    # -- what a viewer receives ----------------------------------------------------------------

    def _viewer(self, seat: int | None) -> Viewer:
        """The viewer's bookkeeping; a viewer seen for the first time (the spectators, or a
        bot's seat asked about) has the log replayed for it once, then is kept up live."""
        viewer = self._viewers.get(seat)
        if viewer is None:
            viewer = _replayed_viewer(self.first_record, list(self.machine.log), seat, self.events)
            self._viewers[seat] = viewer
        return viewer

    def events_for(self, seat: int | None, after: int = 0) -> list[dict[str, Any]]:
        """The events from index ``after`` on, as ``seat`` (None: a spectator) may see them."""
        views = self._viewer(seat).views
        start = max(0, after)
        return [
            self.events[i] if views[i] is None else views[i]  # type: ignore[misc]
            for i in range(start, len(self.events))
        ]

    def observation_for(self, seat: int | None) -> dict[str, Any]:
        """The seat's observation; for a spectator (None), the public view. Computed once per
        event, when someone asks."""
        if self._seen_at != len(self.events):
            self._observations.clear()
            self._seen_at = len(self.events)
        cached = self._observations.get(seat)
        if cached is None:
            if seat is None:  # from the seats' observations, themselves kept for their seats
                cached = public_view([self.observation_for(s) for s in range(self.num_seats)])
            else:
                cached = self.machine.observation(seat)
            self._observations[seat] = cached
        return cached

    def results_for(self, seat: int | None, first_index: int) -> list[tuple[str, dict[str, Any]]]:
        """The results brought by the events from ``first_index`` on, as ``seat`` may see them."""
        known = self._viewer(None).memory.known if seat is None else set()
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


def _observation(source: Any, seat: int | None, num_seats: int) -> dict[str, Any]:
    """A seat's observation of a deal or match; for None, the public view of all seats'."""
    if seat is not None:
        observation: dict[str, Any] = source.observation(seat)
        return observation
    return public_view([source.observation(s) for s in range(num_seats)])


def _advance(
    viewer: Viewer,
    raw: dict[str, Any],
    now: dict[str, Any],
    ended: dict[str, Any] | None,
) -> None:
    """Record one event for a viewer, given its observation after the event (``now``) and,
    when the event ended a deal of a match, its last observation of that deal (``ended``)."""
    cards = cards_in([raw["action"], raw["detail"]])
    if ended is None:
        viewer.memory.see(now)
        viewer.record(raw, cards, viewer.memory.known)
        return
    # The event belongs to the deal it ended, whose last observation says what the viewer saw
    # there; the next deal starts its own knowledge.
    viewer.memory.see(ended)
    viewer.record(raw, cards, viewer.memory.known)
    viewer.memory.new_deal()
    viewer.memory.see(now)


def _replayed_viewer(
    first_record: str, log: list[tuple[int, str]], key: int | None, events: list[dict[str, Any]]
) -> Viewer:
    """A viewer's bookkeeping for a log so far, from a replay of the table's game."""
    machine = from_json(first_record)
    num_seats = len(machine.observation(0)["seats"])
    viewer = Viewer()
    viewer.memory.see(_observation(machine, key, num_seats))
    deal = _current_deal(machine)
    for (seat, action), raw in zip(log, events, strict=True):
        machine.apply(action, seat=seat)
        before, deal = deal, _current_deal(machine)
        ended = _observation(before, key, num_seats) if deal is not before else None
        _advance(viewer, raw, _observation(machine, key, num_seats), ended)
    return viewer
