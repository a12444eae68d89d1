"""The viewers' bookkeeping: the spectator's public view, the incremental card memory, the
secrecy check catching a leak when redaction is off, and bots' seats keeping nothing."""

from __future__ import annotations

import json
import random
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from test_secrecy import _play  # the secrecy test's checker of every message

import tricktaker as tt
from tricktaker.server import viewers
from tricktaker.server.lobby import Lobby
from tricktaker.server.secrecy import cards_in, public_view
from tricktaker.server.stdio import StdioSession
from tricktaker.server.store import Store
from tricktaker.server.table import SeatState, Table, TableSpec
from tricktaker.server.viewers import CardMemory

# Fields a seat's observation has of its own, which the public view sets to "nobody's".
OWN_FIELDS = {"seat", "hand", "legal_actions"}


def _options(name: str) -> dict[str, Any]:
    needs_count = any(
        o["name"] == "num_players" and o["default"] is None for o in tt.games()[name].options
    )
    return {"num_players": 4} if needs_count else {}


def _table(name: str, seed: int, kind: str = "human", match: bool = False) -> Table:
    game = tt.load(name, **_options(name))
    machine = game.new_match(seed=seed) if match else game.new_deal(seed=seed)
    seats = len(machine.observation(0)["seats"])
    spec = TableSpec("t", name, None, _options(name), match, (SeatState(kind),) * seats)
    return Table(spec, machine)


def _paths(value: Any, path: tuple[Any, ...] = ()) -> list[tuple[tuple[Any, ...], Any]]:
    """Every leaf of a JSON value with its path (objects are walked; lists are leaves)."""
    if isinstance(value, dict) and value:
        return [leaf for key, item in value.items() for leaf in _paths(item, (*path, key))]
    return [(path, value)]


def _at(value: Any, path: tuple[Any, ...]) -> Any:
    for key in path:
        value = value[key]
    return value


@pytest.mark.parametrize("name", sorted(tt.games()))
def test_the_public_view_holds_only_what_every_seat_sees(name: str) -> None:
    """Every field of the spectator's view is the same in every seat's observation: it holds
    nothing that one seat knows and another does not, and no seat's own fields."""
    for seed in (1, 2):
        table = _table(name, seed)
        rng = random.Random(seed)
        while True:
            seats = [table.observation_for(s) for s in range(table.num_seats)]
            view = table.observation_for(None)
            assert view["seat"] is None and view["hand"] is None and view["legal_actions"] == []
            assert {"phase", "seats"} <= set(view)
            for path, value in _paths({k: v for k, v in view.items() if k not in OWN_FIELDS}):
                for seat, observation in enumerate(seats):
                    assert _at(observation, path) == value, (name, path, seat)
            assert cards_in(view) <= set.intersection(*(cards_in(o) for o in seats))
            if table.finished:
                break
            seat = table.to_move
            assert seat is not None
            table.apply(seat, rng.choice(table.legal_actions(seat)))


def test_seat_private_fields_are_found_by_comparing_seats() -> None:
    """A field only some seats have, or that differs by seat, is left out; nested objects are
    compared field by field."""
    seats = [
        {"seat": 0, "phase": "play", "peek": {"end": "top", "card": "KD"}, "side": 0, "x": [1]},
        {"seat": 1, "phase": "play", "peek": {"end": "top"}, "side": 1, "x": [1]},
    ]
    view = public_view(seats)
    assert view == {
        "seat": None,
        "phase": "play",
        "peek": {"end": "top"},
        "x": [1],
        "hand": None,
        "legal_actions": [],
    }
    assert seats[0]["seat"] == 0 and "card" in seats[0]["peek"]  # the seats' own are untouched


# A JSON-like observation: cards, calls naming cards, names (never read as cards), numbers.
_leaf = st.sampled_from(["AS", "KH", "TD", "2C", "RJ", "discard:QS", "pass", "NS", 3, None])
_value = st.recursive(
    _leaf,
    lambda inner: (
        st.lists(inner, max_size=4)
        | st.dictionaries(st.sampled_from(["trick", "hand", "sides", "seats", "JD", "x"]), inner)
    ),
    max_leaves=12,
)


@settings(max_examples=100, deadline=None)
@given(st.lists(st.dictionaries(st.sampled_from(["a", "b", "seats", "7H"]), _value), max_size=6))
def test_the_card_memory_reads_only_changes_yet_knows_every_card(
    observations: list[dict[str, Any]],
) -> None:
    memory = CardMemory()
    expected: set[str] = set()
    for observation in observations:
        memory.see(observation)
        expected |= cards_in(observation)
        assert memory.known == expected


def test_the_card_memory_rereads_a_part_changed_in_place() -> None:
    """A game that hands out the same list again, changed in place, is read again."""
    trick: list[str] = ["AS"]
    memory = CardMemory()
    memory.see({"trick": trick})
    trick.append("KH")
    memory.see({"trick": trick})
    assert memory.known == {"AS", "KH"}


# Games whose events name cards hidden from some seats (a Kirves discard, a card taken from
# the stock), with a seed whose random play reaches one.
LEAK_PRONE = [("kirves", None, {"num_players": 2}, 1), ("pitch", "oklahoma_ten_point", {}, 1)]


@pytest.mark.parametrize(("name", "preset", "options", "seed"), LEAK_PRONE)
def test_the_secrecy_check_fails_when_redaction_is_off(
    monkeypatch: pytest.MonkeyPatch, name: str, preset: str | None, options: Any, seed: int
) -> None:
    assert _play(name, preset, options, False, seed) > 0
    monkeypatch.setattr(viewers, "redact", lambda value, known: value)  # every event raw
    with pytest.raises(AssertionError, match="names"):
        _play(name, preset, options, False, seed)


def test_a_table_of_bots_keeps_no_views_until_someone_watches() -> None:
    """No bookkeeping for bots' seats; a spectator who comes later gets the same view of the
    log as one who watched from the start."""
    watched = _table("kirves", 5, kind="bot", match=True)
    unwatched = _table("kirves", 5, kind="bot", match=True)
    watched.events_for(None)  # someone watches from the start
    rng = random.Random(5)
    for _ in range(120):
        seat = watched.to_move
        if seat is None:
            break
        action = rng.choice(watched.legal_actions(seat))
        watched.apply(seat, action)
        unwatched.apply(seat, action)
    assert not unwatched._viewers  # nothing was kept while nobody watched
    assert unwatched.events_for(None) == watched.events_for(None)
    assert unwatched.results_for(None, 0) == watched.results_for(None, 0)
    assert unwatched.observation_for(None) == watched.observation_for(None)
    assert unwatched.events_for(2) == watched.events_for(2)


def test_a_seat_that_connects_late_sees_what_a_tracked_seat_sees() -> None:
    """A human seat is kept from the start; replaying a seat later gives the same views."""
    sent: list[dict[str, Any]] = []
    session = StdioSession(Lobby(Store()), sent.append)
    session.handle_line(
        json.dumps(
            {
                "type": "create_table",
                "v": 1,
                "game": "kiksas",
                "seed": 3,
                "seats": [{"kind": "human"}] + [{"kind": "bot", "bot": "random"}] * 3,
            }
        )
    )
    table = session.lobby.tables[sent[0]["table"]]
    rng = random.Random(3)
    while not table.finished and len(table.events) < 40:
        seat = table.to_move
        assert seat is not None
        table.apply(seat, rng.choice(table.legal_actions(seat)))
    kept = table.events_for(0)
    del table._viewers[0]
    assert table.events_for(0) == kept
