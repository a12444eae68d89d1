"""The deal protocol's fast paths against its general path, for every game.

``Deal.apply`` plays a card action as ``legal_actions()`` lists it (or a card's canonical text)
through the game's fast card-play path; a ``Card`` object, a lower-case or padded text, or an
action for a seat named explicitly take the general path (parse, compare with the legal actions,
``_apply``). Both must give the same events, logs, JSON, observations and results, and an
illegal card must raise the same error and change nothing either way.
"""

from __future__ import annotations

import copy
import dataclasses
import random
from collections.abc import Callable
from typing import Any

import pytest

import tricktaker as tt
from tricktaker import _core
from tricktaker.protocol.base import CARD_ACTION_TABLE, Action, Deal, Event, card_actions

GAMES: list[tuple[str, dict[str, Any]]] = [
    ("klaverjas", {}),
    ("klaverjas", {"roem_claim": "manual"}),
    ("klaverjas", {"illegal_play": "penalize"}),
    ("klaverjas", {"play_rules": "rotterdam", "trump_selection": "drawn"}),
    ("kiksas", {}),
    ("trikiksis", {}),
    ("kirves", {"num_players": 4}),
    ("kirves", {"num_players": 3}),
    ("allfours", {}),
    ("pitch", {}),
    ("allfours", {"preset": "yorkshire"}),
    ("whist", {}),
]
IDS = [name + "".join(f"-{v}" for v in opts.values()) for name, opts in GAMES]


def _slow(action: Action) -> Any:
    """The same action in a form that takes apply()'s general path."""
    return action.card if action.card is not None else action


def _text(action: Action) -> Any:
    """The same action as its text (canonical for cards: the fast path)."""
    return action.name


def _play(
    deal: Deal, rnd: random.Random, form: Callable[[Action], Any], probe: bool
) -> list[tuple[Event, list[str]]]:
    """Random legal actions to the end of the deal, each given in ``form``; with ``probe``, an
    illegal held card is tried first whenever there is one."""
    out = []
    while not deal.is_over:
        legal = deal.legal_actions()
        names = [str(a) for a in legal]
        if probe and deal.to_move is not None:
            _probe_illegal(deal, legal, form)
        event = deal.apply(form(legal[rnd.randrange(len(legal))]))
        out.append((event, names))
    return out


def _probe_illegal(deal: Deal, legal: list[Action], form: Callable[[Action], Any]) -> None:
    """An illegal held card, as an action, a text or a card: one error (or one accepted
    penalized play) whichever the form, and the deal unchanged when refused."""
    hand = getattr(deal, "hand", None)
    if hand is None or deal.phase != "play":
        return
    held = hand(deal.to_move)
    illegal = [c for c in held if Action.play(c) not in legal]
    if not illegal:
        return
    before = deal.to_json()
    errors = []
    card = illegal[0]
    for given in (form(Action.play(card)), Action.play(card), str(card), card):
        clone = deal.clone()
        try:
            clone.apply(given)
        except tt.IllegalAction as exc:
            errors.append(str(exc))
            assert clone.to_json() == before
        else:  # an accepted illegal card (a penalized play) is accepted either way
            errors.append("accepted " + clone.to_json())
    assert len(set(errors)) == 1
    assert deal.to_json() == before


def _load(name: str, opts: dict[str, Any]) -> Any:
    return tt.load(name, **opts)


@pytest.mark.parametrize(("name", "opts"), GAMES, ids=IDS)
@pytest.mark.parametrize("seed", range(6))
def test_fast_and_general_paths_agree(name: str, opts: dict[str, Any], seed: int) -> None:
    game = _load(name, opts)
    runs = []
    for form, probe in ((lambda a: a, True), (_slow, False), (_text, False)):
        deal = game.new_deal(seed=seed)
        played = _play(deal, random.Random(seed), form, probe)
        runs.append((played, deal.to_json(), repr(deal.result()), deal.log))
    assert runs[0] == runs[1] == runs[2]
    # The JSON replays to the same deal (the replay takes the fast path for its cards).
    replayed = tt.from_json(runs[0][1])
    assert replayed.to_json() == runs[0][1]
    assert repr(replayed.result()) == runs[0][2]


@pytest.mark.parametrize(("name", "opts"), GAMES, ids=IDS)
def test_legal_actions_are_fresh_lists(name: str, opts: dict[str, Any]) -> None:
    """Mutating the list legal_actions() returned changes nothing in the deal."""
    deal = _load(name, opts).new_deal(seed=3)
    rnd = random.Random(3)
    while not deal.is_over:
        legal = deal.legal_actions()
        keep = list(legal)
        legal.clear()
        again = deal.legal_actions()
        assert again == keep
        assert deal.legal_actions() == keep
        deal.apply(keep[rnd.randrange(len(keep))])


@pytest.mark.parametrize(("name", "opts"), GAMES, ids=IDS)
def test_clones_are_independent(name: str, opts: dict[str, Any]) -> None:
    deal = _load(name, opts).new_deal(seed=5)
    rnd = random.Random(5)
    while not deal.is_over:
        legal = deal.legal_actions()
        clone = deal.clone()
        assert clone.legal_actions() == legal
        pairs = zip(clone.legal_actions(), legal, strict=True)
        assert all(a is b for a, b in pairs if a.card is not None)  # shared card actions
        choice = legal[rnd.randrange(len(legal))]
        clone.apply(choice)
        assert deal.legal_actions() == legal  # the original did not move
        deal.apply(choice)
        assert deal.to_json() == clone.to_json()


def test_apply_with_the_seat_to_move_named() -> None:
    game = tt.load("klaverjas")
    fast = game.new_deal(seed=2, trump="H", declarer="N")
    named = game.new_deal(seed=2, trump="H", declarer="N")
    while not fast.is_over:
        action = fast.legal_actions()[0]
        assert fast.apply(action) == named.apply(action, seat=named.to_move)
    assert fast.to_json() == named.to_json()


def test_a_card_out_of_turn_is_refused_unchanged() -> None:
    deal = tt.load("klaverjas").new_deal(seed=2, trump="H", declarer="N")
    seat = deal.to_move
    assert seat is not None
    other = (seat + 1) % 4
    card = deal.hand(other)[0]
    before = deal.to_json()
    with pytest.raises(tt.IllegalAction, match="not allowed for seat"):
        deal.apply(Action.play(card), seat=other)
    with pytest.raises(tt.IllegalAction, match="not allowed for seat"):
        deal.apply(str(card), seat=other)
    assert deal.to_json() == before


def test_over_deal_refuses_every_action() -> None:
    deal = tt.load("whist").new_deal(seed=1)
    while not deal.is_over:
        deal.apply(deal.legal_actions()[0])
    for action in (Action.play(tt.Card.parse("AS")), "AS", tt.Card.parse("AS"), "pass"):
        with pytest.raises(tt.IllegalAction, match="is over"):
            deal.apply(action)


def test_actions_compare_by_name_and_stay_shared() -> None:
    ace = Action.play(tt.Card.parse("AS"))
    assert ace == Action("AS", tt.Card.parse("AS")) == Action("AS")
    assert ace != Action("KS") and ace != "AS"
    assert hash(ace) == hash(Action("AS"))
    assert sorted([Action("b"), Action("a")]) == [Action("a"), Action("b")]
    assert copy.copy(ace) is ace and copy.deepcopy(ace) is ace
    assert copy.deepcopy([ace])[0] is ace
    with pytest.raises(dataclasses.FrozenInstanceError):
        ace.name = "KS"  # type: ignore[misc]


def test_events_are_frozen_dataclasses() -> None:
    event = Event(1, "AS", "play", {"card": "AS"})
    assert event == Event(1, "AS", "play", {"card": "AS"})
    assert event != Event(2, "AS", "play", {"card": "AS"})
    assert Event(0, "pass", "bidding").detail == {}
    assert Event(0, "pass", "bidding").detail is not Event(0, "pass", "bidding").detail
    assert repr(event) == "Event(seat=1, action='AS', phase='play', detail={'card': 'AS'})"
    assert dataclasses.asdict(event) == {
        "seat": 1,
        "action": "AS",
        "phase": "play",
        "detail": {"card": "AS"},
    }
    assert dataclasses.replace(event, seat=3).seat == 3
    assert event.to_dict() == {"seat": 1, "action": "AS", "phase": "play", "card": "AS"}
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.seat = 2  # type: ignore[misc]


def test_card_items() -> None:
    table = list(range(100, 164))
    assert _core.mask_to_items(0, table) == []
    assert _core.mask_to_items((1 << 63) | (1 << 5) | 1, table) == [100, 105, 163]
    with pytest.raises(ValueError, match="64 items"):
        _core.mask_to_items(1, table[:10])
    mask = sum(1 << c.id for c in tt.parse_cards("AS KH 7D"))
    assert card_actions(mask) == [Action.play(c) for c in tt.cards_from_mask(mask)]


def test_step_items() -> None:
    deal = tt.load("klaverjas").new_deal(seed=4, trump="S", declarer="N")
    state = deal.play_state()
    other = state.copy()
    while not state.is_terminal():
        card = state.legal_cards()[-1]
        items = state.step_items(card, CARD_ACTION_TABLE)
        assert items == [CARD_ACTION_TABLE[c] for c in other.step(card)]
    assert state.history() == other.history()
    fresh = deal.play_state()
    before = fresh.history()
    with pytest.raises(ValueError, match="64 items"):
        fresh.step_items(fresh.legal_cards()[0], [None])
    illegal = [c for c in range(64) if fresh.hand(fresh.to_move) >> c & 1]
    illegal = [c for c in illegal if c not in fresh.legal_cards()]
    for card in [*illegal, 0, 99]:
        with pytest.raises(tt.IllegalAction):
            fresh.step_items(card, CARD_ACTION_TABLE)
    assert fresh.history() == before
