"""tt.solve on deals of Kirves, Kiksas and All Fours: each game's own objective by default, and
playing the solver's best cards to the end gives the deal the value the solver promised, as the
game's own scoring records it."""

from __future__ import annotations

import random
from collections.abc import Callable
from functools import partial
from typing import Any

import pytest

import tricktaker as tt
from tricktaker.cards import Card


def to_play(deal: Any, rng: random.Random) -> Any:
    """Random choices (no Akis) until the first card can be played (None if the deal ends
    before)."""
    while deal.phase != "play" or not _card_actions(deal):
        if deal.is_over:
            return None
        actions = deal.legal_actions()
        plain = [a for a in actions if "akis" not in a.name]
        deal.apply(rng.choice(plain or actions))
    return deal


def _card_actions(deal: Any) -> dict[str, Any]:
    return {
        str(a.card): a for a in deal.legal_actions() if isinstance(getattr(a, "card", None), Card)
    }


def current_state(deal: Any) -> Any:
    """The play state; before a Pitch deal's first card, the play of one suit it could fix."""
    pitches = deal.pitch_states() if hasattr(deal, "pitch_states") else {}
    return next(iter(pitches.values())) if pitches else deal.play_state()


def play_best(deal: Any, side: int, objective: str) -> int:
    """Plays the best card for whoever is to move (for or against `side`) until the deal ends;
    the value must never change on the way. Returns it."""
    value = tt.solve(deal, side=side, objective=objective).value
    while not deal.is_over:
        cards = _card_actions(deal)
        if not cards:  # a decision other than a card (an announcement): take the first offer
            deal.apply(deal.legal_actions()[0])
            continue
        solution = tt.solve(deal, side=side, objective=objective)
        assert solution.value == value
        state = current_state(deal)
        mover = state.side(state.to_move)
        pick = max if mover == side else min
        moves: dict[str, int] = dict(solution.cards)
        if solution.fold is not None:
            moves["fold"] = solution.fold
        best = pick(moves.items(), key=lambda kv: kv[1])[0]
        deal.apply(cards.get(best, best))
    return value


def kirves_side_won(deal: Any, side: int) -> int:
    result = deal.result()
    return int(deal.play_state().side(result.winner) == side)


def kiksas_race(deal: Any, side: int) -> int:
    reached = deal.result().reached_at
    first = min((r, s) for s, r in enumerate(reached) if r >= 0)[1]
    return int(first == side)


def allfours_score(deal: Any, side: int) -> int:
    """The deal's game points for the side, a set bidder scoring minus the bid (a begging gift
    is not part of the play)."""
    result = deal.result()
    if result.bidding_side == side and not result.made:
        return -int(result.bid)
    return int(result.points[side])


CASES: list[tuple[str, dict[str, Any], dict[str, Any], str, Callable[[Any, int], int]]] = [
    ("kirves", {"num_players": 4}, {}, "win", kirves_side_won),
    ("kirves", {"num_players": 3}, {}, "win", kirves_side_won),
    ("kiksas", {}, {"deal_type": "writing_off", "targets": (50, 88)}, "race", kiksas_race),
    ("trikiksis", {}, {"deal_type": "writing_off", "targets": (70, 68)}, "race", kiksas_race),
    ("allfours", {}, {}, "points", allfours_score),
    ("allfours", {"preset": "oklahoma_ten_point"}, {}, "points", allfours_score),
    ("allfours", {"folding": True}, {}, "points", allfours_score),
    ("pitch", {"preset": "auction_pitch"}, {}, "points", allfours_score),
]


@pytest.mark.parametrize(("name", "options", "deal_args", "objective", "outcome"), CASES)
def test_best_play_realises_the_value(
    name: str,
    options: dict[str, Any],
    deal_args: dict[str, Any],
    objective: str,
    outcome: Callable[[Any, int], int],
) -> None:
    game = tt.load(name, **options)
    rng = random.Random(len(name))
    solved = 0
    for seed in range(40):
        deal = to_play(game.new_deal(seed=seed, **deal_args), rng)
        if deal is None or current_state(deal).total_tricks > 8:
            continue
        assert tt.solve(deal).objective == objective
        state = current_state(deal)
        side = rng.choice(sorted({state.side(p) for p in range(state.num_players)}))
        value = play_best(deal, side, objective)
        assert outcome(deal, side) == value
        solved += 1
        if solved == 3:
            return
    pytest.fail(f"only {solved} {name} deals reached the play")


def test_objectives_need_their_game() -> None:
    deal = to_play(tt.load("allfours").new_deal(seed=1), random.Random(1))
    with pytest.raises(ValueError, match="'win' needs a Kirves deal"):
        tt.solve(deal, objective="win")
    with pytest.raises(ValueError, match="'race' needs a Kiksas or Trikiksis writing-off deal"):
        tt.solve(tt.load("kiksas").new_deal(seed=1), objective="race")


def test_kiksas_tables_share_the_deal() -> None:
    """Per trump, the sides' points add up to the deal's 138, and exactly one side wins a race."""
    game = tt.load("kiksas")
    points = tt.dd_table(game.new_deal(seed=4))
    assert points.shape == (4, 2) and (points.sum(axis=1) == 138).all()
    deal = game.new_deal(seed=4, deal_type="writing_off", targets=(60, 78))
    race = tt.dd_table(to_play(deal, random.Random(4)))
    assert race.shape == (4, 2) and (race.sum(axis=1) == 1).all()
    trikiksis = tt.dd_table(to_play(tt.load("trikiksis").new_deal(seed=4), random.Random(4)))
    assert trikiksis.shape == (4, 2) and (trikiksis.sum(axis=1) == 138).all()


def test_allfours_table_matches_the_deal_played() -> None:
    """The row of the deal's own trump holds what solving the deal at its first card gives."""
    game = tt.load("allfours")
    checked = 0
    for seed in range(30):
        deal = to_play(game.new_deal(seed=seed), random.Random(seed))
        if deal is None or deal.play_state().cards_played or deal.runs:
            continue
        table = tt.dd_table(deal)
        assert table.shape == (4, 2)
        for side in (0, 1):
            assert table[int(deal.trump), side] == tt.solve(deal, side=side).value
        checked += 1
    assert checked >= 3


def test_kirves_table_and_errors() -> None:
    deal = to_play(tt.load("kirves", num_players=4).new_deal(seed=2), random.Random(2))
    table = tt.dd_table(deal)
    assert table.shape == (4, 4) and set(table.ravel()) <= {0, 1}
    with pytest.raises(ValueError, match="'race' needs"):
        tt.dd_table(deal, objective="race")


def test_pitch_table_waits_for_the_auction() -> None:
    # The pitcher leads and the bid is the contract: no table before the auction ends.
    deal = tt.load("pitch").new_deal(seed=7)
    assert deal.phase == "auction"
    before = deal.to_json()
    with pytest.raises(tt.IllegalAction, match="finish the auction"):
        tt.dd_table(deal)
    assert deal.to_json() == before
    while deal.phase == "auction":
        deal.apply(deal.legal_actions()[-1])
    assert deal.phase == "play"
    assert tt.dd_table(deal).shape == (4, 2)


def test_table_waits_for_the_discards() -> None:
    # Oklahoma deals nine and plays six (PV5): cards beyond six are dead once play begins
    # (C21), so the table waits for the hands of the play.
    deal = tt.load("pitch", preset="oklahoma_ten_point").new_deal(seed=1)
    rng = random.Random(1)
    refused = 0
    while deal.phase != "play":
        assert not deal.is_over
        if deal.phase in ("declare", "exchange", "discard"):
            with pytest.raises(tt.IllegalAction, match="6 cards each"):
                tt.dd_table(deal)
            refused += 1
        actions = deal.legal_actions()
        deal.apply(actions[rng.randrange(len(actions))])
    assert refused > 0
    assert all(len(deal.hand(seat)) == 6 for seat in range(4))
    assert tt.dd_table(deal).shape == (4, 2)
    # A run deals three more cards to everyone, and all nine are played: the table is of the
    # nine-card hands.
    run = tt.load("allfours").new_deal(seed=0)
    run.apply("beg")
    run.apply("run")
    assert run.phase == "play" and all(len(run.hand(seat)) == 9 for seat in range(4))
    table = tt.dd_table(run)
    assert table.shape == (4, 2)
    trump = "SHDC".index(run.trump.letter)
    for side in (0, 1):
        assert table[trump, side] == tt.solve(run, side=side).value


def test_cli_solve_with_the_trump_table(capsys: pytest.CaptureFixture[str]) -> None:
    from tricktaker.cli import main

    deal = tt.load("kiksas").new_deal(seed=4)
    assert main(["solve", "kiksas", deal.position(), "--dd-table"]) == 0
    lines = capsys.readouterr().out.splitlines()
    header = lines.index("trump    A-C   B-D")  # the sides as the deal names them
    rows = [[int(v) for v in line.split()[1:]] for line in lines[header + 1 :]]
    assert [line.split()[0] for line in lines[header + 1 :]] == ["S", "H", "D", "C"]
    assert rows == tt.dd_table(deal).tolist()
    assert lines[0].startswith("value ") and "(points" in lines[0]


def test_cli_solve_reads_the_player_count_of_a_kirves_position(
    capsys: pytest.CaptureFixture[str],
) -> None:
    from tricktaker.cli import main

    for players in (3, 5):
        game = tt.load("kirves", num_players=players)
        deals = (to_play(game.new_deal(seed=s), random.Random(s)) for s in range(20))
        deal = next(d for d in deals if d is not None)
        position = deal.position()
        assert f"players={players} " in position
        assert main(["solve", "kirves", position]) == 0
        assert capsys.readouterr().out.splitlines()[0] == tt.solve(deal).table().splitlines()[0]
        # An explicit count still wins, and a contradicting one is named.
        assert main(["solve", "kirves", position, "--num-players", str(players + 1)]) == 2
        assert f"players={players}" in capsys.readouterr().err


def test_dd_tables_of_many_deals_on_threads() -> None:
    """A batch on a pool of threads gives each deal's own table."""
    game = tt.load("allfours")
    deals = [d for d in (to_play(game.new_deal(seed=s), random.Random(s)) for s in range(8)) if d]
    deals = [d for d in deals if not d.runs]
    tables = tt.dd_tables(deals, threads=2)
    assert tables.shape == (len(deals), 4, 2)
    for deal, table in zip(deals, tables, strict=True):
        assert (table == tt.dd_table(deal)).all()
    kiksas = [tt.load("kiksas").new_deal(seed=s) for s in range(3)]
    assert (tt.dd_tables(kiksas, threads=2).sum(axis=2) == 138).all()
    whist = tt.load("whist").new_deal(seed=1)
    with pytest.raises(ValueError, match=r"one shape.*\(4, 2\), \(5, 4\)"):
        tt.dd_tables([kiksas[0], whist])


def test_akis_deals_solve_for_the_akis() -> None:
    """An Akis: the default objective is winning it; best play realises the value the deal's
    own outcome records."""
    game = tt.load("kiksas")
    solved = 0
    for seed in range(30):
        deal = game.new_deal(seed=seed, deal_type="writing")
        rng = random.Random(seed)
        while deal.phase != "play" and not deal.is_over:
            actions = deal.legal_actions()
            akis = [a for a in actions if a.name.startswith("akis:") and a.name != "akis:pass"]
            deal.apply(akis[-1] if akis else rng.choice(actions))
        if deal.akis is None or deal.is_over:
            continue
        assert tt.solve(deal).objective == "akis"
        akis_side = deal.play_state().side(deal.akis[0])
        value = play_best(deal, akis_side, "akis")
        assert value == int(deal.result().outcome == "akis_made")
        solved += 1
    assert solved >= 3


PHASE_WALK_GAMES = [
    ("klaverjas", None, {}),
    ("klaverjas", "rotterdam_dutch_club", {}),
    ("kiksas", None, {}),
    ("trikiksis", None, {}),
    ("kirves", None, {"num_players": 4}),
    ("kirves", None, {"num_players": 6}),
    ("allfours", None, {}),
    ("allfours", "yorkshire", {}),
    ("pitch", None, {}),
    ("pitch", "oklahoma_ten_point", {}),
    ("whist", None, {}),
]


@pytest.mark.parametrize(("name", "preset", "options"), PHASE_WALK_GAMES)
def test_solver_calls_in_every_phase_succeed_or_say_why(
    name: str, preset: str | None, options: dict[str, Any]
) -> None:
    """Through every phase of a deal (random legal actions), the table, the solution and the
    value either answer or raise IllegalAction / ValueError, and leave the deal as it was; at
    the first card of the play all three answer. The play is sampled at its first card and at
    its end (solving every card would be slow)."""
    game = tt.load(name, preset=preset, **options) if preset else tt.load(name, **options)
    for seed in range(2):
        deal = game.new_deal(seed=seed)
        rng = random.Random(seed)
        first_card_seen = False
        while True:
            at_first_card = deal.phase == "play" and not first_card_seen
            if deal.phase != "play" or at_first_card or deal.is_over:
                first_card_seen |= at_first_card
                before = deal.to_json()
                for call in (
                    partial(tt.dd_table, memory_mb=1),
                    partial(tt.solve, memory_mb=1),
                    tt.Solver(memory_mb=1).value,
                ):
                    if at_first_card:  # the hands of the play are known: every call answers
                        call(deal)
                    else:
                        try:
                            call(deal)
                        except (tt.IllegalAction, ValueError) as exc:
                            assert str(exc)
                    assert deal.to_json() == before
            if deal.is_over:
                break
            actions = deal.legal_actions()
            deal.apply(actions[rng.randrange(len(actions))])


def test_tables_are_of_the_deal_as_dealt_wherever_its_play_is() -> None:
    # All Fours and whist (as Klaverjas): mid-trick and after the last card the table is the
    # one of the hands the play began with.
    for game in (tt.load("allfours"), tt.load("whist")):
        deal = next(
            d
            for d in (to_play(game.new_deal(seed=s), random.Random(s)) for s in range(20))
            if d is not None
        )
        at_start = tt.dd_table(deal)
        rng = random.Random(3)
        played = 0
        while not deal.is_over:
            actions = deal.legal_actions()
            deal.apply(actions[rng.randrange(len(actions))])
            played += 1
            if played in (1, 5):  # mid-trick
                assert (tt.dd_table(deal) == at_start).all()
        assert (tt.dd_table(deal) == at_start).all()


@pytest.mark.parametrize(
    ("name", "options", "objective"),
    [
        ("klaverjas", {}, None),
        ("klaverjas", {}, "made"),
        ("kiksas", {}, None),
        ("kirves", {"num_players": 4}, None),
        ("allfours", {}, None),
        ("pitch", {}, None),
        ("whist", {}, None),
    ],
)
def test_reaches_is_the_value_at_a_threshold(
    name: str, options: dict[str, Any], objective: str | None
) -> None:
    game = tt.load(name, **options)
    solver = tt.Solver(memory_mb=1)
    checked = 0
    for seed in range(8):
        deal = to_play(game.new_deal(seed=seed), random.Random(seed))
        if deal is None:
            continue
        rng = random.Random(seed)
        for _ in range(rng.randrange(0, 9)):  # into the play, often mid-trick
            if deal.is_over or not _card_actions(deal):
                break
            deal.apply(rng.choice(list(_card_actions(deal).values())))
        if deal.is_over:
            continue
        for side in (0, 1):
            value = solver.value(deal, objective=objective, side=side)
            assert solver.reaches(deal, value, objective=objective, side=side)
            assert not solver.reaches(deal, value + 1, objective=objective, side=side)
            checked += 1
    assert checked >= 6


def test_sides_by_number_seat_or_a_sides_seats(capsys: pytest.CaptureFixture[str]) -> None:
    kiksas = tt.load("kiksas").new_deal(seed=2)
    by_number = [tt.solve(kiksas, side=k).value for k in (0, 1)]
    assert [tt.solve(kiksas, side=s).value for s in ("AC", "BD")] == by_number
    assert [tt.solve(kiksas, side=s).value for s in ("C", "B", "1")] == [
        by_number[0],
        by_number[1],
        by_number[1],
    ]
    with pytest.raises(ValueError, match=r"AC \(0\) and BD \(1\), or a seat's name"):
        tt.solve(kiksas, side="AB")  # seats of two sides
    # Trikiksis: the active player alone against the other two.
    trikiksis = tt.load("trikiksis").new_deal(seed=2)
    state = trikiksis.play_state()
    for seat in range(3):
        name = trikiksis.seat_name(seat)
        assert (
            tt.solve(trikiksis, side=name).value == tt.solve(trikiksis, side=state.side(seat)).value
        )
    # The command line takes the same words, a side number included.
    from tricktaker.cli import main

    assert main(["solve", "kiksas", kiksas.position(), "--side", "1"]) == 0
    assert capsys.readouterr().out.startswith(f"value {by_number[1]} (points, side 1)")
    assert main(["solve", "kiksas", kiksas.position(), "--side", "BD"]) == 0
    assert capsys.readouterr().out.startswith(f"value {by_number[1]} (points, side 1)")
