"""The Python front ends of the solver: tt.solve, tt.Solver, tt.dd_table and the whist game."""

from __future__ import annotations

import json
import random

import numpy as np
import pytest

import tricktaker as tt
from tricktaker import _core
from tricktaker.cards import Card
from tricktaker.solve import NO_VALUE


def random_pbn(rng: random.Random, ranks: int) -> str:
    cards = [s * 16 + r for s in range(4) for r in range(12, 12 - ranks, -1)]
    rng.shuffle(cards)
    n = len(cards) // 4
    return _core.format_pbn([sum(1 << c for c in cards[i * n : (i + 1) * n]) for i in range(4)])


def test_whist_game_registered_with_options() -> None:
    assert "whist" in tt.games()
    assert tt.load("whist").options.ranks_per_suit == 13
    with pytest.raises(ValueError, match="ranks_per_suit"):
        tt.load("whist", ranks_per_suit=1)
    with pytest.raises(ValueError, match="no option"):
        tt.load("whist", trumps="S")


def test_position_from_pbn_and_play_to_the_end() -> None:
    game = tt.load("whist", ranks_per_suit=8)
    pbn = random_pbn(random.Random(1), 8)
    deal = game.position_from_pbn(pbn, trump="S", leader="W")
    assert deal.phase == "play" and deal.seat_name(deal.to_move) == "W"
    assert deal.trump == tt.Suit.SPADES
    assert deal.pbn() == pbn
    rng = random.Random(2)
    while not deal.is_over:
        deal.apply(rng.choice(deal.legal_actions()))
    result = deal.result()
    assert result is not None and sum(result.tricks) == 8
    again = tt.from_json(deal.to_json())
    assert again.to_json() == deal.to_json()
    assert json.loads(deal.to_json())["game"] == "whist"


def test_position_errors() -> None:
    game = tt.load("whist", ranks_per_suit=8)
    with pytest.raises(ValueError, match="position 3"):
        game.position_from_pbn("N:AX... K... Q... J...")
    with pytest.raises(ValueError, match="not in this game's deck"):
        game.position_from_pbn("N:2... A... K... Q...")
    with pytest.raises(ValueError, match="strain"):
        game.position_from_pbn("N:A... K... Q... J...", trump="X")
    with pytest.raises(ValueError, match="seat"):
        game.position_from_pbn("N:A... K... Q... J...", leader="Z")
    with pytest.raises(ValueError, match="equal size"):
        game.position_from_pbn("N:AK... Q... J... T...")
    deal = game.position_from_pbn("N:A... K... Q... J...")
    with pytest.raises(tt.IllegalAction):
        deal.apply("KS")  # not N's card


def test_new_deal_from_seed_and_hands() -> None:
    game = tt.load("whist", ranks_per_suit=6)
    a = game.new_deal(seed=5, trump="H", leader="E")
    b = game.new_deal(seed=5, trump="H", leader="E")
    assert a.position() == b.position()
    assert sum(len(a.hand(s)) for s in "NESW") == 24
    c = game.new_deal(hands=["AS KS", "QS JS", "TS 9S", "AH KH"], trump="NT")
    assert c.pbn() == "N:AK... QJ... T9... .AK.."


def test_solve_whist_against_core_and_dds_free_checks() -> None:
    game = tt.load("whist", ranks_per_suit=8)
    rng = random.Random(3)
    solver = tt.Solver(memory_mb=4)
    for _ in range(5):
        deal = game.position_from_pbn(
            random_pbn(rng, 8), trump=rng.choice(["S", "NT"]), leader=rng.choice("NESW")
        )
        result = solver.solve(deal)
        assert result.objective == "tricks"
        assert result.value == max(result.cards.values())
        assert result.value == solver.value(deal)
        other = solver.value(deal, side=1 - deal.state.side(deal.state.to_move))
        assert result.value + other == 8
        assert all(isinstance(c, tt.Card) for c in result.best)


def test_solve_klaverjas_deal_default_objective_is_points() -> None:
    game = tt.load("klaverjas")
    deal = game.new_deal(seed=3, dealer="W", trump="H", declarer="N")
    rng = random.Random(4)
    for _ in range(20):
        deal.apply(rng.choice(deal.legal_actions()))
    result = tt.solve(deal)
    assert result.objective == "points"
    state = deal.play_state()
    objective = _core.Objective(
        kind=_core.ObjectiveKind.POINTS,
        side=state.side(state.to_move),
        scoring=_core.Scoring.KLAVERJAS,
        playing_team=0,
    )
    assert result.value == _core.Solver(memory_mb=1).value(state, objective)
    made = tt.solve(deal, objective="made", side="NS")
    assert made.value in (0, 1)
    margin = tt.Solver().value(deal, objective="margin", side="EW")
    assert isinstance(margin, int)


def test_solve_errors() -> None:
    game = tt.load("klaverjas")
    deal = game.new_deal(seed=3, dealer="W")
    with pytest.raises(tt.IllegalAction):
        tt.solve(deal)  # no trump yet
    whist = tt.load("whist", ranks_per_suit=2).position_from_pbn("N:AK... .AK.. ..AK. ...AK")
    with pytest.raises(ValueError, match="unknown objective"):
        tt.solve(whist, objective="score")
    with pytest.raises(ValueError, match="needs a Klaverjas deal"):
        tt.solve(whist, objective="made")
    with pytest.raises(ValueError, match="not a side"):
        tt.solve(whist, side="NE")
    with pytest.raises(TypeError, match="cannot solve"):
        tt.solve("N:AK... .AK.. ..AK. ...AK")
    with pytest.raises(ValueError, match="unknown objective"):
        tt.Solver(objective="best")


def test_solve_many_and_tables() -> None:
    game = tt.load("whist", ranks_per_suit=7)
    rng = random.Random(6)
    deals = [game.position_from_pbn(random_pbn(rng, 7), trump="D", leader="S") for _ in range(6)]
    values = tt.solve_many(deals, threads=2, memory_mb=2)
    assert values.dtype == np.int32 and values.shape == (6,)
    solver = tt.Solver(memory_mb=2)
    assert values.tolist() == [solver.value(d) for d in deals]
    table = tt.dd_table(deals[0])
    assert table.shape == (5, 4)
    # Declarer S in diamonds: W leads; the deal leads from S, so compare through the core.
    state = _core.whist_state(list(_core.parse_pbn(deals[0].pbn())), 2, 3, 7)
    tricks_ns = _core.Solver(memory_mb=1).value(
        state, _core.Objective(kind=_core.ObjectiveKind.TRICKS, side=0)
    )
    assert table[2, 2] == tricks_ns
    assert (tt.dd_table(deals[0].pbn()) == table).all()
    tables = tt.dd_tables([d.pbn() for d in deals], threads=2, memory_mb=2)
    assert tables.shape == (6, 5, 4)
    assert (tables[0] == table).all()
    assert tt.dd_tables([]).shape == (0, 5, 4)
    with pytest.raises(TypeError):
        tt.dd_table(42)


def test_solve_many_with_every_cards_value() -> None:
    game = tt.load("klaverjas")
    rng = random.Random(12)
    deals = []
    for seed in range(40):
        deal = game.new_deal(seed=seed)
        deal.apply(deal.legal_actions()[1])  # the first suit offered as trumps
        if deal.declarer % 2 or len(deals) == 6:  # one objective: team N-S plays
            continue
        for _ in range(rng.randrange(12, 20)):  # into the deal, often mid-trick
            actions = deal.legal_actions()
            deal.apply(actions[rng.randrange(len(actions))])
        deals.append(deal)
    values, cards = tt.solve_many(deals, objective="margin", side=0, threads=2, cards=True)
    assert values.shape == (6,) and cards.shape == (6, 64)
    assert (values == tt.solve_many(deals, objective="margin", side=0)).all()
    for deal, value, row in zip(deals, values, cards, strict=True):
        solution = tt.solve(deal, objective="margin", side=0)
        assert value == solution.value
        expected = {Card.parse(c).id: v for c, v in solution.cards.items()}
        assert {i: int(v) for i, v in enumerate(row) if v != NO_VALUE} == expected
    empty_values, empty_cards = tt.solve_many([], cards=True)
    assert empty_values.shape == (0,) and empty_cards.shape == (0, 64)


def test_solution_table_lists_the_movers_best_cards_first() -> None:
    text = "dealer=W trump=D declarer=N N:J.K8.AJT7.Q 8.JT7.Q9.T8 QT.AQ.K.AK7 AK97.9.8.J9"
    deal = tt.load("klaverjas").parse_position(text)
    for side in ("NS", "EW"):  # North to move: for the side, then against it
        solution = tt.solve(deal, objective="margin", side=side)
        rows = solution.table().splitlines()[1:]
        values = [int(row.split()[1]) for row in rows]
        assert rows[0].endswith("*") and values[0] == solution.value
        assert values == sorted(values, reverse=side == "NS")
        assert sum(row.endswith("*") for row in rows) == len(solution.best)


def test_batch_errors_name_the_item() -> None:
    pbn = "N:AK... QJ... T9... 87..."
    with pytest.raises(ValueError, match="^deal 1: PBN deal"):
        tt.dd_tables([pbn, "N:AK.. QJ.. T9.. 87.."])
    klaverjas = tt.load("klaverjas")
    ready = klaverjas.new_deal(seed=1)
    ready.apply(ready.legal_actions()[1])  # the first suit offered as trumps: play begins
    with pytest.raises(tt.IllegalAction, match="^position 1: there is no play state"):
        tt.solve_many([ready, klaverjas.new_deal(seed=2)])
    with pytest.raises(tt.IllegalAction, match="^deal 0: "):
        tt.dd_tables([tt.load("kirves", num_players=4).new_deal(seed=1)])


def test_cli_solve(capsys: pytest.CaptureFixture[str]) -> None:
    from tricktaker.cli import main

    pbn = "N:AK.7.. QJ.8.. T9.9.. 87.T.."
    assert main(["solve", "whist", "-o", "ranks_per_suit=8", f"trump=S leader=W {pbn}"]) == 0
    out = capsys.readouterr().out
    assert out.splitlines()[0] == "value 1 (tricks, side 1)"
    assert "TH" in out
    assert main(["solve", "whist", "-o", "ranks_per_suit=8", f"{pbn} | 7H", "--side", "NS"]) == 0
    assert capsys.readouterr().out.splitlines() == ["value 2 (tricks, side 0)", "   8H    2  *"]
    assert main(["solve", "whist", "N:AX"]) == 2
    assert "position 3" in capsys.readouterr().err
    deal = tt.load("klaverjas").new_deal(seed=3, dealer="W", trump="H", declarer="N")
    rng = random.Random(1)
    for _ in range(20):
        deal.apply(rng.choice(deal.legal_actions()))
    assert main(["solve", "klaverjas", deal.position(), "--objective", "made"]) == 0
    assert capsys.readouterr().out.startswith("value ")
    game = tt.load("whist", ranks_per_suit=8)
    parsed = game.parse_position(f"trump=H leader=E {pbn} | QS")
    assert parsed.position() == f"trump=H leader=E {pbn} | QS"
    with pytest.raises(ValueError, match="unexpected"):
        game.parse_position(f"dealer=N {pbn}")


def test_klaverjas_table() -> None:
    deal = tt.load("klaverjas").new_deal(seed=11, dealer="W")
    points = tt.dd_table(deal)
    made = tt.dd_table(deal, objective="made")
    assert points.shape == made.shape == (4, 2)
    for trump in range(4):
        for team in range(2):
            declarer = "NE"[team]
            solved = tt.load("klaverjas").new_deal(
                seed=11, dealer="W", trump="SHDC"[trump], declarer=declarer
            )
            solver = tt.Solver(memory_mb=4)
            assert points[trump, team] == solver.value(solved, side=team)
            assert made[trump, team] == solver.value(solved, objective="made", side=team)
    with pytest.raises(ValueError, match="objective"):
        tt.dd_table(deal, objective="tricks")
