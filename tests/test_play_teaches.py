"""``tricktaker play`` teaches: help, rules, hint, undo, save and load; the rule bot by default;
coloured suits on a terminal and a display that fits 80 columns."""

from __future__ import annotations

import io
import json
import random
import re
from pathlib import Path
from typing import Any

import pytest

import tricktaker as tt
from tricktaker.cli import main
from tricktaker.cli.arguments import _load_game, build_parser
from tricktaker.cli.play import run_play
from tricktaker.cli.teach import hint_lines
from tricktaker.cli.views import Screen, screen_for, view_for

# Every game with the options its play needs; Klaverjas also with each way to choose trumps.
GAMES: list[tuple[str, dict[str, Any]]] = [
    ("whist", {}),
    ("klaverjas", {}),
    ("klaverjas", {"trump_selection": "drawn", "roem_claim": "manual"}),
    ("klaverjas", {"trump_selection": "utrecht"}),
    ("kiksas", {}),
    ("trikiksis", {}),
    ("allfours", {}),
    ("pitch", {}),
    ("kirves", {"num_players": 4}),
    ("kirves", {"num_players": 3, "paakot_mode": "manual"}),
]
RULE_FILES = {"klaverjas": "klaverjas", "kiksas": "kiksas", "trikiksis": "kiksas"}
RULE_FILES |= {"kirves": "kirves", "allfours": "allfours", "pitch": "allfours"}


def _play(argv: list[str], lines: list[str], width: int | None = None) -> str:
    args = build_parser().parse_args(["play", *argv])
    out = io.StringIO()
    code = run_play(
        args, _load_game(args), io.StringIO("\n".join(lines) + "\n"), out, Screen(out, width=width)
    )
    assert code == 0
    return out.getvalue()


def _key(action: tt.Action) -> str:
    return "card" if action.card is not None else action.name.partition(":")[0]


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_rules_explain_every_choice_of_every_phase(name: str, options: dict[str, Any]) -> None:
    """Random games through every phase they reach: each legal choice has its note, and the
    title names the rules file and a section."""
    game = tt.load(name, **options)
    view = view_for(game.name)
    phases: set[str] = set()
    for seed in range(12):
        rng = random.Random(seed)
        try:
            machine: tt.StateMachine = game.new_match(seed=seed)
        except tt.Error:
            machine = game.new_deal(seed=seed)
        for _ in range(120):
            if machine.is_over:
                break
            seat = machine.to_move
            assert seat is not None
            obs, legal = machine.observation(seat), machine.legal_actions()
            lines = view.rules(obs, legal)
            phases.add(machine.phase)
            if name in RULE_FILES:
                assert f"docs/rules/{RULE_FILES[name]}.md" in lines[0] and "§" in lines[0]
            for action in legal:
                assert any(line.strip().startswith(_key(action) + ":") for line in lines), (
                    machine.phase,
                    action,
                    lines,
                )
            machine.apply(rng.choice(legal))
    assert "play" in phases


def test_rules_words_for_a_kirves_newcomer() -> None:
    out = _play(["kirves", "--num-players", "4", "--seats", "C", "--seed", "11"], ["rules"])
    assert '"Tuosta vaan": the turned suit is trump' in out
    assert '"Viitenä pakkaan"' in out and "(R5.8)" in out
    assert "docs/rules/kirves.md §5" in out


def test_help_lists_the_commands_and_the_actions() -> None:
    out = _play(["whist", "--seed", "4"], ["help"])
    for word in ("help, ?", "rules", "hint", "undo", "save FILE", "load FILE", "quit, exit, q"):
        assert re.search(rf"^  {re.escape(word)}\s", out, re.M), word
    assert out.count("Legal: 1) ") >= 2  # the turn, then the help's list
    assert "bots: rule." in out  # the rule bot is the default opponent


def test_hint_values_every_legal_card() -> None:
    game = tt.load("whist", ranks_per_suit=8)
    deal = game.position_from_pbn("N:AK.7.. QJ.8.. T9.9.. 87.T..", trump="NT", leader="N")
    obs, legal = deal.observation(0), deal.legal_actions()
    lines = hint_lines(game, obs, legal, view_for("whist"), seed=1, samples=4)
    assert lines[0].startswith("Hint: each legal card's double-dummy value")
    assert "tricks your side takes" in lines[1]
    rows = [line.split() for line in lines[2:-1]]
    assert sorted(row[0] for row in rows) == sorted(a.card.pretty() for a in legal if a.card)
    assert all(0 <= float(row[1]) <= 3 for row in rows)  # three tricks are left
    assert rows[0][-1] == "best" and lines[-1].startswith("The rule-based bot would play")


def test_hint_for_a_call_is_the_rule_bots() -> None:
    out = _play(["kirves", "--num-players", "4", "--seats", "C", "--seed", "11"], ["hint"])
    assert "C, speak> hint" in out
    assert re.search(r"Hint: \w+ \(the rule-based bot's choice; calls are not searched\)", out)


def test_undo_takes_back_the_last_own_action() -> None:
    out = _play(["whist", "--seed", "4"], ["undo", "1", "undo", "2"])
    assert "Nothing to take back: you have not acted yet." in out
    assert "Taken back: S J♠, and what followed." in out
    first_turn = out.split("S, your card>")[0]
    after_undo = out.split("Taken back:")[1]
    hand = re.search(r"Your hand \(S\): .*", first_turn)
    assert hand is not None and hand.group(0) in after_undo  # the hand is whole again
    assert "S plays 10♠" in after_undo


def test_save_and_load_keep_the_game(tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    out = _play(["klaverjas", "--seed", "11"], ["1", "1", f"save {path}"])
    assert f"to {path}; 'load {path}' goes on." in out
    saved = tt.from_json(path.read_text())
    assert saved.game.name == "klaverjas" and saved.log
    table = re.findall(r"Your hand \(S\): .*", out)[-1]
    # a new session goes on from the saved game
    again = _play(["klaverjas", "--seed", "99"], [f"load {path}"])
    assert f"Loaded {path}: klaverjas" in again
    assert table in again.split("Loaded")[1]
    # a record of another game, or no record, is refused and the game goes on
    whist = tmp_path / "whist.json"
    whist.write_text(tt.load("whist").new_deal(seed=1).to_json())
    junk = tmp_path / "junk.json"
    junk.write_text("{not json")
    out = _play(["klaverjas", "--seed", "1"], [f"load {whist}", f"load {junk}", "load"])
    assert "holds a game of whist; this is klaverjas" in out
    assert f"{junk} is no game record" in out
    assert "load needs a file name" in out
    assert json.loads(path.read_text())["game"] == "klaverjas"


@pytest.mark.parametrize(("name", "options"), GAMES)
def test_a_game_fits_80_columns(name: str, options: dict[str, Any]) -> None:
    argv = [name, "--seed", "5", "--deals", "1"]
    for key, value in options.items():
        argv += ["-o", f"{key}={value}"] if key != "num_players" else ["--num-players", str(value)]
    out = _play(argv, ["rules", "help", *["1"] * 40], width=80)
    assert "Traceback" not in out
    assert max(len(line) for line in out.splitlines()) <= 80


def test_the_screen_colours_suits_on_a_terminal(monkeypatch: pytest.MonkeyPatch) -> None:
    out = io.StringIO()
    Screen(out, colour=True).say("Your hand: A♠ 10♥ Q♦ 2♣")
    text = out.getvalue()
    assert "\x1b[" in text and re.search(r"\x1b\[[0-9;]*31m10♥", text)  # red hearts
    assert re.sub(r"\x1b\[[0-9;]*m", "", text) == "Your hand: A♠ 10♥ Q♦ 2♣\n"

    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    monkeypatch.delenv("NO_COLOR", raising=False)
    monkeypatch.setenv("TERM", "xterm-256color")
    assert screen_for(Terminal())._console is not None
    monkeypatch.setenv("NO_COLOR", "1")
    assert screen_for(Terminal())._console is None
    assert screen_for(io.StringIO())._console is None  # piped: plain text


def test_the_command_line_plays_with_the_rule_bot(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdin", io.StringIO("rules\nquit\n"))
    assert main(["play", "allfours", "--seed", "3"]) == 0
    out = capsys.readouterr().out
    assert "bots: rule." in out and "docs/rules/allfours.md §" in out
