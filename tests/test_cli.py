"""The ``tricktaker`` command, run in-process with scripted standard input."""

from __future__ import annotations

import io
import json
import re
from typing import Any

import pytest

import tricktaker as tt
from tricktaker.bots import RandomBot
from tricktaker.cli import main, parse_option_value
from tricktaker.games.klaverjas import KlaverjasDeal
from tricktaker.sim import bot_seed

SEED = 2024
HUMAN = 2  # S


def run(
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
    argv: list[str],
    stdin: str = "",
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def scripted_deal(seed: int) -> tuple[list[str], Any, dict[str, int]]:
    """Replay what ``play klaverjas --deals 1 --seed`` will do, choosing S's actions, and return
    the input lines (in varied notations, with bad input mixed in), the expected result and a
    count of the bad lines of each kind."""
    game = tt.load("klaverjas")
    deal = game.new_deal(seed=seed)
    assert isinstance(deal, KlaverjasDeal)
    bots = {seat: RandomBot(bot_seed(seed, seat)) for seat in range(4)}
    lines: list[str] = ["", "what?", "99"]
    bad = {"not understood": 1, "no action": 1, "not held": 0, "not allowed": 0, "trump": 0}
    turn = 0
    while not deal.is_over:
        seat = deal.to_move
        assert seat is not None
        legal = deal.legal_actions()
        if seat != HUMAN:
            deal.apply(bots[seat].act(deal.observation(seat), legal))
            continue
        hand = deal.hand(HUMAN)
        held_illegal = [c for c in hand if tt.Action.play(c) not in legal]
        if deal.phase == "play" and held_illegal and bad["not allowed"] < 2:
            lines.append(held_illegal[0].pretty())  # held but not allowed
            bad["not allowed"] += 1
        if deal.phase == "play" and bad["not held"] == 0:
            other = next(c for c in tt.parse_cards("AS AH AD AC TS TH") if c not in hand)
            lines.append(str(other))
            bad["not held"] += 1
        if deal.phase == "trump_selection":
            action = next(a for a in legal if a.name == "trump:H")
            lines.append("♥")
            bad["trump"] += 1
        else:
            action = legal[turn % len(legal)]
            assert action.card is not None
            styles = [action.card.pretty(), str(action.card).lower(), str(action.card)]
            lines.append(styles[turn % 3])
        if turn == 1:
            lines.append("help")
            lines[-1], lines[-2] = lines[-2], lines[-1]
        deal.apply(action)
        turn += 1
    return lines, deal.result(), bad


def test_play_a_whole_scripted_deal(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # the first seed at which S chooses trumps and holds a card it may not play
    seed = next(
        s
        for s in range(SEED, SEED + 100)
        if all(scripted_deal(s)[2][k] for k in ("trump", "not allowed"))
    )
    lines, expected, bad = scripted_deal(seed)
    argv = ["play", "klaverjas", "--deals", "1", "--seed", str(seed), "--seats", "S"]
    argv += ["--bot", "random"]  # the script above replays random bots
    code, out, err = run(capsys, monkeypatch, argv, "\n".join(lines) + "\n")
    assert code == 0, err
    assert "Traceback" not in out + err
    assert f"Seed {seed}" in out
    assert "Your hand (S):" in out
    assert "S, your card> " in out
    assert "choose trumps or pass> " in out
    assert re.search(r"On the table: \S", out)
    assert "Not an action allowed now: 'what?'" in out
    assert "There is no action 99; choose 1 to" in out
    assert out.count("You do not hold") == bad["not held"] == 1
    refusals = re.findall(r"is not allowed now: ([^.]+)\. Legal now:", out)
    assert len(refusals) == bad["not allowed"]
    assert all(r.startswith(("you must", "with trumps led", "this trump")) for r in refusals)
    assert "S, your card> what?" not in out  # piped input is echoed after its prompt
    assert "choose trumps or pass> what?" in out
    assert "S chooses ♥ as trumps" in out
    assert out.count("S plays ") == 8
    assert out.count("-> trick ") == 8
    score = " ".join(f"{v:>5}" for v in expected.score)
    assert re.search(r"deal score\s+" + r"\s+".join(str(v) for v in expected.score), out), score
    assert "Done: 1 deal played." in out
    assert "♠" in out or "♥" in out or "♦" in out or "♣" in out


def test_play_quit_and_end_of_input_leave_cleanly(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, ["play", "klaverjas", "--seed", "3"], "quit\n")
    assert code == 0
    assert "You left the game." in out
    assert "Standings: N-S 0, E-W 0 after 0 deals." in out
    code, out, _ = run(capsys, monkeypatch, ["play", "klaverjas", "--seed", "3", "--deals", "1"])
    assert code == 0
    assert "Input ended; leaving the game." in out


def test_play_a_whole_match_of_bots(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, out, _ = run(capsys, monkeypatch, ["play", "klaverjas", "--seats", "none", "--seed", "5"])
    assert code == 0
    assert out.count("Deal over:") == 16
    assert "=== Deal 16 of 16 · " in out
    assert out.count("Standings: ") == 15
    final = re.search(r"Final: N-S (\d+), E-W (\d+) after 16 deals\.", out)
    assert final is not None
    total = int(final.group(1)) + int(final.group(2))
    assert total % 10 == 2  # §5.9: a 16-deal game's totals end in the digit 2
    assert "win the game." in out or "draw" in out
    # the same seed plays the same match
    _, again, _ = run(capsys, monkeypatch, ["play", "klaverjas", "--seats", "none", "--seed", "5"])
    assert again == out


def test_play_human_in_a_match_with_options_and_several_seats(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "klaverjas", "--seats", "N,S", "--seed", "8", "--deals", "2"]
    argv += ["-o", "game_end=deals:4", "--preset", "rotterdam_dutch_club"]
    code, out, _ = run(capsys, monkeypatch, argv, "1\n" * 200)
    assert code == 0
    assert "play_rules=rotterdam" in out
    assert "=== Deal 1 of 4 " in out and "=== Deal 2 of 4 " in out
    assert "Deal 3 of 4" not in out
    assert "N, your card> " in out and "S, your card> " in out
    assert "Done: 2 deals played." in out


def test_play_bad_seats_and_options_are_clear_errors(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    code, _, err = run(capsys, monkeypatch, ["play", "klaverjas", "--seats", "X"])
    assert code == 2 and "--seats: not a seat: 'X'; seats are N, E, S, W" in err
    code, _, err = run(capsys, monkeypatch, ["play", "klaverjas", "-o", "play_rules=berlin"])
    assert code == 2 and "allowed values: 'amsterdam', 'rotterdam'" in err
    code, _, err = run(capsys, monkeypatch, ["play", "klaverjas", "--num-players", "3"])
    assert code == 2 and "no option 'num_players'" in err
    code, _, err = run(capsys, monkeypatch, ["play", "skat"])
    assert code == 2 and "unknown game 'skat'; games: " in err and "klaverjas" in err
    with pytest.raises(SystemExit) as stop:
        main(["play", "klaverjas", "--option", "nokey"])
    assert stop.value.code == 2
    assert "expected key=value" in capsys.readouterr().err


def test_simulate_json(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    argv = ["simulate", "klaverjas", "--deals", "150", "--seed", "4", "--json", "--per-deal"]
    code, out, err = run(capsys, monkeypatch, argv)
    assert code == 0
    assert err == ""  # no progress bar: stderr is not a terminal
    data = json.loads(out)
    assert data["game"] == "klaverjas" and data["deals"] == 150 and data["seed"] == 4
    assert data["deals_per_second"] > 0
    per = data["per_deal"]
    assert len(per["score"]) == 150
    for score, roem, pit in zip(per["score"], per["roem"], per["pit"], strict=True):
        assert sum(score) == 162 + sum(roem) + sum(pit)
        assert sum(score) % 10 == 2
    totals = data["summary"]["totals"]
    assert totals["score"] == 162 * 150 + totals["roem"] + totals["pit"]
    assert 0 <= data["summary"]["nat_rate"] <= 1
    # without --per-deal only the summary
    code, out, _ = run(capsys, monkeypatch, argv[:-1])
    assert "per_deal" not in json.loads(out)
    assert json.loads(out)["summary"] == data["summary"]


def test_simulate_table_and_progress(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["simulate", "klaverjas", "--deals", "40", "--seed", "1", "--progress"]
    code, out, err = run(capsys, monkeypatch, argv)
    assert code == 0
    for label in ("points per deal", "roem", "nat rate", "pit rate", "deals per second"):
        assert label in out
    assert "klaverjas: 40 deals, seed 1" in out
    assert "100% 40/40" in err
    argv = ["simulate", "klaverjas", "--deals", "3", "--preset", "rotterdam_dutch_club"]
    code, out, _ = run(capsys, monkeypatch, argv + ["--json", "-o", "roem_claim=manual"])
    options = json.loads(out)["options"]
    assert options["play_rules"] == "rotterdam" and options["roem_claim"] == "manual"


def test_simulate_bad_input(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["simulate", "klaverjas", "--deals", "2", "-o", "tie_is_nat=maybe"]) == 2
    assert "allowed values: True, False" in capsys.readouterr().err
    assert main(["simulate", "klaverjas", "--deals", "2", "--bots", "genius"]) == 2
    assert "unknown bot 'genius'" in capsys.readouterr().err
    with pytest.raises(SystemExit):
        main(["simulate", "klaverjas", "--deals", "0"])
    assert "expected a number >= 1" in capsys.readouterr().err


def test_games_listing(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games"]) == 0
    assert "klaverjas:" in capsys.readouterr().out
    assert main(["games", "klaverjas"]) == 0
    out = capsys.readouterr().out
    assert "rotterdam_dutch_club" in out and "--option play_rules=" in out
    assert "who must trump when void" in out  # each option's one-line description
    assert main(["games", "whist"]) == 0
    assert "capabilities: tensors" in capsys.readouterr().out
    assert main(["games", "--json"]) == 0
    listed = json.loads(capsys.readouterr().out)
    assert listed == json.loads(json.dumps(tt.games()))
    assert "playouts" not in listed["whist"]["capabilities"]


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("true", True),
        ("False", False),
        ("16", 16),
        ("-3", -3),
        ("deals:16", "deals:16"),
        ("3-2-3", "3-2-3"),
        ("rotterdam", "rotterdam"),
    ],
)
def test_option_values(text: str, value: Any) -> None:
    parsed = parse_option_value(text)
    assert parsed == value and type(parsed) is type(value)


def test_play_penalized_revoke(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    # S types every card of the pack in turn: the first one held is taken, legal or not
    pack = [r + s for s in "SHDC" for r in "789TJQKA"]
    script = "♥\n" + "\n".join(pack * 8) + "\n"
    argv = ["play", "klaverjas", "--deals", "1", "--seed", "2026", "-o", "illegal_play=penalize"]
    code, out, _ = run(capsys, monkeypatch, argv, script)
    assert code == 0
    assert "breaks the rules; it stands, and the game penalizes it." in out
    assert "(illegal!)" in out
    assert "N-S played an illegal card and scores 0." in out
    assert re.search(r"deal score\s+0\s+\d+2\n", out)
    # without the option the same input is refused, never played
    code, out, _ = run(capsys, monkeypatch, argv[:-2], script)
    assert code == 0 and "(illegal!)" not in out and "is not allowed now: " in out


def test_play_manual_roem_claims_at_every_seat(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "klaverjas", "--deals", "1", "--seats", "all", "-o", "roem_claim=manual"]
    for seed in range(1, 40):
        code, out, _ = run(capsys, monkeypatch, argv + ["--seed", str(seed)], "claim\n1\n" * 80)
        assert code == 0 and "Done: 1 deal played." in out
        if " claims " in out:
            break
    assert re.search(r"[NESW] claims (20|40|50|70|100|200) roem for trick \d", out)
    assert "Not an action allowed now: 'claim'" in out


# N: KH 9S 7S AD 8D 7D 8C 7C; E: JS 8S 8H 9H 9D TD JD QD; S: AS QS 7H QC KC AC TC 9C;
# W: TS KS AH TH JH QH JC KD. Spades are trumps; W leads.
HINT_HANDS = [
    "KH 9S 7S AD 8D 7D 8C 7C",
    "JS 8S 8H 9H 9D TD JD QD",
    "AS QS 7H QC KC AC TC 9C",
    "TS KS AH TH JH QH JC KD",
]


@pytest.mark.parametrize(
    ("plays", "typed", "hint"),
    [
        (["AH"], "9S", "you must follow ♥"),  # N holds KH
        (["TS"], "AD", "you must follow ♠"),  # trumps led, N holds trumps
        (["TS"], "7S", "with trumps led you must beat the highest trump if you can"),  # 9S beats
        (["KD", "7D", "9D"], "7H", "you must play a trump"),  # S void in ♦, W winning (A1a)
    ],
)
def test_illegal_card_hints(plays: list[str], typed: str, hint: str) -> None:
    from tricktaker.cli import parse_person_input, view_for

    game = tt.load("klaverjas")
    deal = game.new_deal(seed=0, dealer="S", hands=HINT_HANDS, trump="S", declarer="W")
    for card in plays:
        deal.apply(card)
    seat = deal.to_move
    assert seat is not None
    legal = deal.legal_actions()
    assert tt.Action.play(tt.Card.parse(typed)) not in legal
    obs = deal.observation(seat)
    answer = parse_person_input(typed, legal, obs, view_for("klaverjas"))
    assert isinstance(answer, str)
    assert f"is not allowed now: {hint}. Legal now: " in answer, answer


def test_play_tournament_default_person_is_p3(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    argv = ["play", "klaverjas", "-o", "match_format=rotating_partners_48", "--seed", "1"]
    code, out, _ = run(capsys, monkeypatch, argv + ["--deals", "2"], "1\n" * 100)
    assert code == 0
    assert "People: P3;" in out
    assert "Seating: N=P1 E=P2 S=P3 W=P4" in out
    assert "Standings after 2 deals: this game N-S " in out
