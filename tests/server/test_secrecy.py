"""No message to a seat names a card hidden from it: random games of every game and preset,
played through the server's message layer, each message checked against a replay of the game.

The oracle replays the same actions on its own copy of the game. A card is hidden from a seat
when another seat has held it in this deal (its observation's hand) and the seat itself has
never seen it in one of its own observations of the deal (its hand, the trick, the tricks,
public reveals). A spectator may see only the cards that every seat has seen.
"""

from __future__ import annotations

import json
import random
import re
from typing import Any

import pytest

import tricktaker as tt
from tricktaker.server.lobby import Lobby
from tricktaker.server.secrecy import CARD_TOKEN, cards_in
from tricktaker.server.stdio import StdioSession
from tricktaker.server.store import Store


def _cases() -> list[tuple[str, str | None, dict[str, Any], bool]]:
    cases: list[tuple[str, str | None, dict[str, Any], bool]] = []
    for name, info in tt.games().items():
        examples: list[dict[str, Any]] = [{}]
        if any(o["name"] == "num_players" and o["default"] is None for o in info.options):
            examples = [{"num_players": n} for n in (2, 5, 10)]
        for options in examples:
            for preset in (None, *info.presets):
                cases.append((name, preset, options, False))
        cases.append((name, None, examples[0], True))  # a match, where the game has one
    return cases


def _marked(case: tuple[str, str | None, dict[str, Any], bool]) -> Any:
    """Matches run long (a few deals each); one short match stays in the quick run."""
    name, _, options, match = case
    quick = not match or options.get("num_players") == 2
    return case if quick else pytest.param(*case, marks=pytest.mark.slow)


class Oracle:
    """The same game, replayed: what each seat has seen and what others held, per deal."""

    def __init__(self, first_record: str, seats: int) -> None:
        self.machine = tt.from_json(first_record)
        self.seats = seats
        self._start_deal()

    def _deal(self) -> Any:
        return getattr(self.machine, "deal", self.machine)

    def _start_deal(self) -> None:
        self.deal = self._deal()
        self.seen: list[set[str]] = [set() for _ in range(self.seats)]
        self.held: list[set[str]] = [set() for _ in range(self.seats)]
        self._look(self.machine)

    def _look(self, source: Any) -> None:
        for seat in range(self.seats):
            observation = source.observation(seat)
            self.seen[seat] |= cards_in(observation)
            self.held[seat] |= set(observation.get("hand") or [])

    def hidden_from(self, seat: int | None) -> set[str]:
        held = set().union(*self.held)
        if seat is None:
            return held - set.intersection(*self.seen)
        return held - self.seen[seat]

    def apply(self, seat: int, action: str) -> tuple[dict[int | None, set[str]], bool]:
        """Apply; the cards hidden from each viewer as the event stands (its deal), and
        whether a new deal began."""
        before = self.deal
        self.machine.apply(action, seat=seat)
        self._look(before)
        hidden = {s: self.hidden_from(s) for s in [*range(self.seats), None]}
        if self._deal() is before:
            self._look(self.machine)
            return {s: self.hidden_from(s) for s in [*range(self.seats), None]}, False
        self._start_deal()
        return hidden, True


def _play(name: str, preset: str | None, options: dict[str, Any], match: bool, seed: int) -> int:
    sent: list[dict[str, Any]] = []
    session = StdioSession(Lobby(Store()), sent.append)
    probe = tt.load(name, preset=preset, **options)
    if match:
        try:
            probe.new_match(seed=1)
        except tt.Unsupported:
            pytest.skip(f"{name} has no match")
    seats = len(probe.new_deal(seed=1).observation(0)["seats"])
    request = {
        "type": "create_table",
        "v": 1,
        "game": name,
        "preset": preset,
        "options": options,
        "match": match,
        "seats": [{"kind": "human"}] * seats,
        "seed": seed,
    }
    session.handle_line(json.dumps(request))
    table_id = sent[0]["table"]
    table = session.lobby.tables[table_id]
    oracle = Oracle(table.first_record, seats)
    rng = random.Random(seed)
    checked = 0
    for _ in range(150 if match else 2000):
        if table.finished:
            break
        seat = table.to_move
        assert seat is not None
        action = rng.choice(table.legal_actions(seat))
        sent.clear()
        session.handle_line(
            json.dumps(
                {"type": "action", "v": 1, "table": table_id, "seat": seat, "action": action}
            )
        )
        assert sent and sent[0]["type"] != "error", sent[:1]
        event_hidden, new_deal = oracle.apply(seat, action)
        now_hidden = {s: oracle.hidden_from(s) for s in [*range(seats), None]}
        for message in sent:
            viewer = message["seat"]
            hidden = (
                now_hidden[viewer] if message["type"] == "observation" else event_hidden[viewer]
            )
            leaked = cards_in(message) & hidden
            assert not leaked, f"{name}: {message['type']} to seat {viewer} names {leaked}"
            checked += 1
        spectator = [table.events_for(None, len(table.events) - 1)[0]]
        assert not cards_in(spectator) & event_hidden[None]
        assert not cards_in(table.observation_for(None)) & now_hidden[None]
    return checked


@pytest.mark.parametrize(
    ("name", "preset", "options", "match"),
    [_marked(case) for case in _cases()],
    ids=lambda v: str(v) if not isinstance(v, dict) else ",".join(f"{k}={x}" for k, x in v.items()),
)
def test_no_message_names_a_card_hidden_from_its_seat(
    name: str, preset: str | None, options: dict[str, Any], match: bool
) -> None:
    checked = sum(_play(name, preset, options, match, seed) for seed in ((1,) if match else (1, 2)))
    assert checked > 0


def test_a_kirves_discard_reaches_only_the_discarding_seat() -> None:
    """The spec's hidden discard (a known example of a card an event names)."""
    sent: list[dict[str, Any]] = []
    session = StdioSession(Lobby(Store()), sent.append)
    for seed in range(40):
        sent.clear()
        session.handle_line(
            json.dumps(
                {
                    "type": "create_table",
                    "v": 1,
                    "game": "kirves",
                    "options": {"num_players": 3},
                    "seed": seed,
                    "seats": [{"kind": "human"}] * 3,
                }
            )
        )
        table = session.lobby.tables[sent[0]["table"]]
        rng = random.Random(seed)
        while not table.finished:
            seat = table.to_move
            assert seat is not None
            discards = [a for a in table.legal_actions(seat) if a.startswith("discard:")]
            action = discards[0] if discards else rng.choice(table.legal_actions(seat))
            table_id = table.spec.table_id
            session.handle_line(
                json.dumps(
                    {"type": "action", "v": 1, "table": table_id, "seat": seat, "action": action}
                )
            )
            if discards:
                own = table.events_for(seat, len(table.events) - 1)[0]
                others = [
                    table.events_for(s, len(table.events) - 1)[0] for s in range(3) if s != seat
                ]
                assert own["action"] == action
                assert all(o["action"] == "discard:??" for o in others)
                assert table.events_for(None, len(table.events) - 1)[0]["action"] == "discard:??"
                return
    pytest.fail("no seed gave a discard")


def test_ids_and_tokens_are_never_read_as_cards() -> None:
    """A table id or seat token is random text: a run such as "-QS_" in one is no card, or a
    message carrying it would look like a leak (and an event's id would be redacted)."""
    message = {"type": "event", "table": "x-QS_9", "token": "a_KH-b", "detail": {"card": "AS"}}
    assert cards_in(message) == {"AS"}
    sent: list[dict[str, Any]] = []
    session = StdioSession(Lobby(Store()), sent.append)
    for seed in range(20):
        sent.clear()
        request = {"type": "create_table", "v": 1, "game": "klaverjas", "seed": seed}
        session.handle_line(json.dumps({**request, "seats": [{"kind": "human"}] * 4}))
        created = sent[0]
        ids = [created["table"], *(s["token"] for s in created["seats"])]
        for text in ids:
            assert re.fullmatch(r"[0-9a-f]{18,}", text), text
            assert not CARD_TOKEN.search(text)
