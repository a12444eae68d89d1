"""The core's card step (``Deal.apply`` and ``legal_actions`` in cpp/bindings/bind_deal_step.cc)
plays every game exactly as the Python path does.

Two copies of each deal are played with the same random choices: one through ``apply(action)``
(the card step wherever the family's ``CardStep`` allows it), the other through
``StateMachine.apply`` (the Python path, which the core's apply hands any action it does not
take). Their events, legal actions,
logs, observations, JSON and results must be equal at every action, over every registered game,
preset and example option set and the options that change the card play's hand-backs (manual
roem claims, penalized illegal plays, Kirves from 2 to 10 players, folding, Kiksas's later
deals, whose gate hands back only the tricks its Python acts on). Cards that are not legal are
refused by the fast copy with the state unchanged; a clone or a pickle of the fast copy taken
mid-deal plays on in its place.
"""

from __future__ import annotations

import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import tricktaker as tt
from deal_invariants import CASES, case_id, load
from tricktaker.cards import cards_from_mask
from tricktaker.protocol.base import Deal, StateMachine

EXTRA: list[tuple[str, dict[str, Any]]] = [
    ("klaverjas", {"roem_claim": "manual"}),
    ("klaverjas", {"roem_claim": "manual", "illegal_play": "penalize"}),
    ("klaverjas", {"illegal_play": "penalize"}),
    *[("kirves", {"num_players": n}) for n in range(2, 11)],
    ("kirves", {"num_players": 4, "stop_when_decided": True}),
    ("kirves", {"num_players": 4, "misdeal_action_enabled": True}),
    ("kirves", {"num_players": 5, "paakot_mode": "manual"}),
    ("kirves", {"num_players": 4, "paakot_mode": "off"}),
    ("kiksas", {"variant": "trikiksis"}),
    ("allfours", {"folding": True}),
]
GAMES: list[tuple[str, tt.Game]] = [(case_id(c), load(c)) for c in CASES] + [
    (f"{name}-{'-'.join(f'{k}={v}' for k, v in opts.items())}", tt.load(name, **opts))
    for name, opts in EXTRA
]


def _observations(deal: Deal) -> list[Any]:
    return [deal.observation(seat) for seat in range(deal.game.seat_count)]


def _illegal_cards(deal: Deal) -> list[str]:
    """Cards of the pack the seat to move may not play now (held or not)."""
    legal = {a.name for a in deal.legal_actions(deal.to_move)}
    return [str(c) for c in cards_from_mask(tt._core.ALL_CARDS) if str(c) not in legal]


def _play_both(
    game: tt.Game, seed: int, checks: random.Random, make: Callable[[], Deal] | None = None
) -> None:
    new: Callable[[], Deal] = make or (lambda: game.new_deal(seed=seed))
    fast = new()
    slow = new()
    rng = random.Random(seed)
    while not fast.is_over:
        if checks.random() < 0.1:
            # A copy mid-deal plays on in the original's place: a clone shares the step (and its
            # gate), a pickle replays the log; either must go on as the Python path does.
            fast = fast.clone() if checks.random() < 0.5 else pickle.loads(pickle.dumps(fast))
        assert not slow.is_over
        seat = fast.to_move
        assert seat is not None and seat == slow.to_move and fast.phase == slow.phase
        # The core's is_over and to_move read what the Python properties read.
        assert seat == Deal.to_move.fget(fast)  # type: ignore[attr-defined]
        assert fast.is_over is StateMachine.is_over.fget(fast) is False  # type: ignore[attr-defined]
        legal = fast.legal_actions()
        assert [a.name for a in legal] == [a.name for a in slow.legal_actions(seat)]
        if checks.random() < 0.15:
            before = fast.to_json()
            for text in checks.sample(_illegal_cards(fast), 3):
                try:
                    fast.clone().apply(text)  # a penalized play may be accepted: on a copy
                except tt.IllegalAction:
                    with pytest.raises(tt.IllegalAction):
                        fast.apply(text)
                    assert fast.to_json() == before
            assert [a.name for a in fast.legal_actions()] == [a.name for a in legal]
        action = rng.choice(legal)
        event = fast.apply(action)
        expected = StateMachine.apply(slow, action.name, seat=seat)  # the Python path
        assert event.to_dict() == expected.to_dict()
        assert event == expected
        assert type(event) is type(expected) and repr(event) == repr(expected)
        assert fast.log == slow.log
        if checks.random() < 0.2:
            assert _observations(fast) == _observations(slow)
            assert fast.to_json() == slow.to_json()
    assert slow.is_over
    assert StateMachine.is_over.fget(fast) is True  # type: ignore[attr-defined]
    assert fast.to_move == Deal.to_move.fget(fast)  # type: ignore[attr-defined]
    assert fast.to_json() == slow.to_json()
    assert tt.from_json(fast.to_json()).to_json() == fast.to_json()
    assert _observations(fast) == _observations(slow)
    assert fast.result() == slow.result()


@pytest.mark.parametrize("name,game", GAMES, ids=[name for name, _ in GAMES])
@settings(max_examples=8, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**31 - 1))
def test_card_step_plays_as_the_python_path(name: str, game: tt.Game, seed: int) -> None:
    _play_both(game, seed, random.Random(seed))


def test_a_clone_mid_play_goes_on_alike() -> None:
    game = tt.load("klaverjas")
    deal = game.new_deal(seed=3)
    while deal.phase != "play":
        deal.apply(deal.legal_actions()[1])
    for _ in range(6):
        deal.apply(deal.legal_actions()[0])
    copy = deal.clone()
    while not deal.is_over:
        action = deal.legal_actions()[-1]
        assert deal.apply(action) == copy.apply(action)
    assert deal.to_json() == copy.to_json()


def test_legal_actions_hands_over_a_list_the_caller_owns() -> None:
    deal = tt.load("whist").new_deal(seed=1)
    deal.apply(deal.legal_actions()[0])
    first = deal.legal_actions()
    first.clear()  # the caller's to change
    assert deal.legal_actions() == deal.legal_actions(deal.to_move) != []


def test_bad_actions_are_refused_and_change_nothing() -> None:
    deal = tt.load("klaverjas").new_deal(seed=5)
    while deal.phase != "play":
        deal.apply(deal.legal_actions()[1])
    deal.apply(deal.legal_actions()[0])
    seat = deal.to_move
    assert seat is not None
    other = (seat + 1) % 4
    card = deal.legal_actions()[0]
    before = deal.to_json()
    with pytest.raises(tt.IllegalAction):
        deal.apply(card, seat=other)  # not that seat's turn
    assert deal.to_json() == before
    for bad in ("XX", "", "trump:H", 17, None, "AS " * 3):
        with pytest.raises(tt.IllegalAction):
            deal.apply(bad)  # type: ignore[arg-type]
        assert deal.to_json() == before
    with pytest.raises(tt.InvalidSeat):
        deal.apply(deal.legal_actions()[0], seat=9)
    assert deal.to_json() == before


def test_the_seat_to_move_given_takes_the_step_alike() -> None:
    game = tt.load("klaverjas")
    given, plain = game.new_deal(seed=8), game.new_deal(seed=8)
    while not plain.is_over:
        seat = plain.to_move
        action = plain.legal_actions()[-1]
        assert given.apply(action.name, seat=seat) == plain.apply(action)
        assert given.legal_actions() == plain.legal_actions()
    assert given.to_json() == plain.to_json()


def test_a_trick_record_is_declared_whole() -> None:
    with pytest.raises(tt.Error, match="trick_record: a placeholder"):
        tt._core.CardStep("play", trick_list="tricks", trick_record=[("x", ("nothing",))])
    with pytest.raises(tt.Error, match="needs trick_list"):
        tt._core.CardStep("play", trick_record=[("leader", ("leader",))])
    step = tt._core.CardStep(
        "play",
        trick_list="tricks",
        trick_record=[("type", "T"), ("cards", ("cards",)), ("bonus", ("last_bonus",))],
    )
    assert repr(pickle.loads(pickle.dumps(step))) == repr(step)


@pytest.mark.parametrize("name", ["kiksas", "allfours"])
def test_the_tricks_recorded_by_the_step_are_the_deals_own(name: str) -> None:
    """Every completed trick's record, made by the core's step, matches the play state's."""
    deal = tt.load(name).new_deal(seed=3)
    rng = random.Random(3)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    state = deal.state
    if name == "kiksas":
        records = [e for e in deal.events if e["type"] == "TrickCompleted"]
    else:
        records = deal.tricks
    assert len(records) == state.tricks_played > 0
    history = state.history()
    for record, core in zip(records, state.trick_records(), strict=True):
        assert record["leader"] == core.leader and record["winner"] == core.winner
        cards = history[core.first : core.first + core.size]
        assert record["cards"] == [[p, tt._core.card_to_string(c)] for p, c in cards]


# Kiksas's later deals: the writing-off race (targets reached, "Su dviem", a declined last lead)
# and Akis, under the options that change which tricks its gate hands back.
KIKSAS_OPTIONS: list[dict[str, Any]] = [
    {"akis": False},
    {"akis": False, "variant": "trikiksis"},
    {"akis": False, "su_dviem": False},
    {"akis": False, "decline_last_lead": False, "announce_trump_count": False},
    {"akis": False, "writing_off_end": "end_when_decided"},
    {},
    {"variant": "trikiksis", "writing_off_end": "end_when_decided"},
]


@pytest.mark.parametrize("options", KIKSAS_OPTIONS, ids=lambda o: repr(o))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    seed=st.integers(0, 2**31 - 1),
    deal_type=st.sampled_from(["first", "writing", "writing_off"]),
    target=st.integers(0, 138),
)
def test_kiksas_gate_plays_as_the_python_path(
    options: dict[str, Any], seed: int, deal_type: str, target: int
) -> None:
    game = tt.load("kiksas", **options)
    targets = (target, 138 - target) if deal_type == "writing_off" else None

    def make() -> Deal:
        return game.new_deal(seed=seed, deal_type=deal_type, targets=targets)

    _play_both(game, seed, random.Random(seed), make)


def test_the_kiksas_gate_hands_back_only_what_the_deal_acts_on() -> None:
    """A writing-off deal's step carries its context's gate; a trick the gate keeps (none of
    the announcement, a target, the end or a call) leaves the deal in play with both records."""
    game = tt.load("kiksas", announce_trump_count=False, akis=False)
    deal = game.new_deal(seed=4, deal_type="writing")
    rng = random.Random(4)
    while deal.phase != "play":
        deal.apply(rng.choice(deal.legal_actions()))
    step = deal._card_step
    assert isinstance(step, tt._core.CardStep) and isinstance(step.gate, tt._core.KiksasTrickGate)
    for _ in range(4):
        event = deal.apply(deal.legal_actions()[0])
    assert [e["type"] for e in event.detail["events"]] == ["CardPlayed", "TrickCompleted"]
    assert event.detail["events"] == deal.events[-2:]
    assert event.detail["events"][1] is deal.events[-1]  # the deal's own record, as on the path
    assert deal._card_step is step and deal.phase == "play"
    # Pickled, a gated step is the step without its gate (which hands back every trick).
    plain = pickle.loads(pickle.dumps(step))
    assert plain.gate is None and repr(plain) == repr(step)
    assert deal.clone()._card_step is step


def test_a_step_gate_is_a_trick_gate() -> None:
    step = tt._core.CardStep("play")
    with pytest.raises(TypeError, match="TrickGate"):
        step.with_gate(object())
    with pytest.raises(TypeError):
        tt._core.TrickGate()


def test_kiksas_gated_steps_are_made_once_per_options_and_facts() -> None:
    """Deals of one options object with the same facts share the context and the gated step;
    the shared context reads as each deal's own ``context()``."""
    game = tt.load("kiksas")
    first, second = game.new_deal(seed=1), game.new_deal(seed=2)
    ours = [first._trick_context(), second._trick_context()]
    if first._context_facts() == second._context_facts():
        assert ours[0] is ours[1] and first._card_step is second._card_step
    other = tt.load("kiksas").new_deal(seed=1)  # an equal game of its own options object
    assert other._trick_context() is not ours[0]
    for deal, context in zip((first, second), ours, strict=True):
        own = deal.context()
        for field in ("type", "writing_side", "targets", "su_dviem", "akis", "akis_side"):
            assert getattr(own, field) == getattr(context, field)
