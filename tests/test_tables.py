"""Each family's tables module: its rules tables are the ones its deals play with, its SOLVER and
PLAYOUTS hooks are what the generic solver and playouts ask, sides are named as the game shows
them, and a game without native playouts says so."""

from __future__ import annotations

import importlib
import random
from typing import Any

import pytest

import tricktaker as tt
from tricktaker import _core
from tricktaker.cli import main
from tricktaker.errors import Unsupported
from tricktaker.protocol.family import capability
from tricktaker.solve import OBJECTIVES, objectives


def to_play(deal: Any, rng: random.Random) -> Any:
    """Random choices (no Akis) until a card can be played with trump fixed (None if the deal
    ends before)."""
    while deal.phase != "play" or not _has_play_state(deal):
        if deal.is_over:
            return None
        actions = deal.legal_actions()
        plain = [a for a in actions if "akis" not in a.name]
        deal.apply(rng.choice(plain or actions))
    return deal


def _has_play_state(deal: Any) -> bool:
    try:
        deal.play_state()
    except tt.IllegalAction:
        return False
    return True


def _table_entries(rules: _core.RulesTable) -> tuple[Any, ...]:
    policy = rules.policy
    return (
        rules.deck,
        rules.trump,
        rules.last_trick_bonus,
        rules.trick_bonus,
        tuple((name, getattr(policy, name)) for name in dir(policy) if not name.startswith("_")),
        tuple(
            (rules.effective_suit(c), rules.strength(c), rules.points(c))
            for c in _core.mask_to_ids(rules.deck)
        ),
    )


GAMES: list[tuple[str, dict[str, Any], Any]] = [
    ("klaverjas", {}, lambda o, t: o),
    ("klaverjas", {"play_rules": "rotterdam"}, lambda o, t: o),
    ("kirves", {"num_players": 4, "overtake_required": True}, lambda o, t: o),
    ("kiksas", {"must_overtrump": True}, lambda o, t: o),
    ("trikiksis", {}, lambda o, t: o),
    ("allfours", {}, lambda o, t: o),
    ("pitch", {"preset": "oklahoma_ten_point"}, lambda o, t: o),
    ("whist", {"ranks_per_suit": 8}, lambda o, t: o.ranks_per_suit),
]


@pytest.mark.parametrize(("name", "options", "table_options"), GAMES, ids=[g[0] for g in GAMES])
def test_rules_tables_are_those_the_deals_play(
    name: str, options: dict[str, Any], table_options: Any
) -> None:
    game = tt.load(name, **options)
    family = tt.games()[name].family
    tables = importlib.import_module(f"tricktaker.games.{family}.tables")
    checked = 0
    for seed in range(12):
        deal = to_play(game.new_deal(seed=seed), random.Random(seed))
        if deal is None:
            continue
        rules = deal.play_state().rules
        built = tables.rules_table(table_options(game.options, rules.trump), rules.trump)
        assert _table_entries(built) == _table_entries(rules)
        checked += 1
    assert checked >= 3


def test_every_game_with_a_solver_or_playouts_has_its_hooks() -> None:
    for name, info in tt.games().items():
        for hook in ("solver", "playouts"):
            if hook in info.capabilities:
                assert capability(name, hook) is not None
            else:
                with pytest.raises(Unsupported, match=f"{name} does not support {hook}"):
                    capability(name, hook)


def test_whist_has_no_native_playouts() -> None:
    """The core has a playout engine per family and none for whist: a clear refusal."""
    game = tt.load("whist")
    assert "playouts" not in tt.games()["whist"].capabilities
    with pytest.raises(Unsupported, match="whist does not support playouts"):
        tt.random_playouts(game, 10, seed=1)
    with pytest.raises(Unsupported, match="whist does not support playouts"):
        tt.playouts.playout_engine(game)
    deal = game.new_deal(seed=1)
    with pytest.raises(Unsupported, match="whist does not support playouts"):
        tt.playouts_from_position(deal, 5, seed=1)
    with pytest.raises(NotImplementedError):  # Unsupported is both
        tt.random_playouts(game, 10, seed=1)


def test_objectives_are_every_family_s() -> None:
    assert set(OBJECTIVES) == set(objectives())
    assert set(OBJECTIVES) == {"tricks", "points", "margin", "made", "win", "race", "akis"}
    for objective in OBJECTIVES:
        tt.Solver(objective=objective)  # every one is known


def pitch_deal_in_play() -> Any:
    game = tt.load("pitch")
    for seed in range(40):
        deal = to_play(game.new_deal(seed=seed, dealer=0), random.Random(seed))
        if deal is not None:
            return deal
    raise AssertionError("no Pitch deal reached its play")


def test_pitch_sides_by_the_names_the_game_shows(capsys: pytest.CaptureFixture[str]) -> None:
    deal = pitch_deal_in_play()
    for side, name in enumerate("AB"):  # as the play view and the results name them
        assert tt.solve(deal, side=name).value == tt.solve(deal, side=side).value
        assert tt.solve(deal, side=name.lower()).side == side
    with pytest.raises(ValueError, match=r"A \(0\) and B \(1\), or a seat's name \(S0"):
        tt.solve(deal, side="Z")
    position = deal.position()
    assert main(["solve", "pitch", position, "--side", "B"]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first == tt.solve(deal, side=1).table().splitlines()[0]


def test_a_pitch_deal_before_its_first_card_takes_side_names() -> None:
    """Before the pitch fixes trump, each suit is its own play; the sides are named the same."""
    game = tt.load("pitch")
    for seed in range(40):
        deal = game.new_deal(seed=seed, dealer=0)
        rng = random.Random(seed)
        while deal.phase != "play" and not deal.is_over:
            deal.apply(rng.choice(deal.legal_actions()))
        if deal.phase == "play" and not _has_play_state(deal):
            break
    else:
        raise AssertionError("no Pitch deal reached its pitch")
    assert tt.solve(deal, side="A").value == tt.solve(deal, side=0).value
    assert tt.solve(deal, side="B").value == tt.solve(deal, side=1).value


def test_bare_hands_are_read_by_the_family_that_reads_them() -> None:
    pbn = "N:AK... QJ... T9... 87..."
    table = tt.dd_table(pbn)
    assert table.shape == (5, 4)
    deal = tt.load("whist", ranks_per_suit=8).position_from_pbn(pbn)
    assert (tt.dd_table(deal) == table).all()
    assert (tt.dd_table(["AS KS", "QS JS", "TS 9S", "8S 7S"]) == table).all()
    with pytest.raises(TypeError, match="four hands"):
        tt.dd_table(["AK...", "QJ..."])


@pytest.mark.parametrize("name", ["klaverjas", "kiksas", "whist"])
def test_a_table_is_the_same_whatever_the_thread_solved_before(name: str) -> None:
    """``dd_table`` keeps one solver per thread: a table solved after other deals (a warm
    solver) equals the one solved first, and the one a fresh solver of ``dd_tables`` gives."""
    game = tt.load(name, ranks_per_suit=5) if name == "whist" else tt.load(name)
    deals = [game.new_deal(seed=s) for s in range(4)]
    forward = [tt.dd_table(d).tolist() for d in deals]
    backward = [tt.dd_table(d).tolist() for d in reversed(deals)][::-1]
    assert forward == backward
    assert forward == tt.dd_tables(deals, threads=1).tolist()
    assert tt.dd_table(deals[0], memory_mb=1).tolist() == forward[0]  # another size: its own
