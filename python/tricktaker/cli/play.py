"""``tricktaker play``: a game in the terminal, people against bots."""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TextIO

from tricktaker.bots import Bot, bind_bot, make_bot
from tricktaker.cli.arguments import _option_text
from tricktaker.cli.person import HELP_WORDS, _ask, _Quit
from tricktaker.cli.teach import help_lines, hint_lines
from tricktaker.cli.views import Screen, screen_for, view_for
from tricktaker.errors import IllegalAction, Unsupported
from tricktaker.protocol.base import Action, Deal, Game, Match, StateMachine, new_seed
from tricktaker.protocol.options import options_to_dict
from tricktaker.protocol.view import Lines
from tricktaker.registry import from_json
from tricktaker.sim import SeatObservation, bot_seed


def _seat_names(machine: StateMachine, count: int) -> list[str]:
    return [machine.seat_name(i) for i in range(count)]


def _parse_seats(text: str, names: list[str]) -> set[int]:
    """``S``, ``N,S``, ``NS``, ``0,2``, ``P1``, ``none`` or ``all`` as a set of seat indexes."""
    key = text.strip()
    if key.lower() in ("none", "-", ""):
        return set()
    if key.lower() == "all":
        return set(range(len(names)))
    upper = [n.upper() for n in names]
    tokens = key.replace(",", " ").split()
    if len(tokens) == 1 and tokens[0].upper() not in upper and not tokens[0].isdigit():
        tokens = list(tokens[0])  # "NS" -> N, S
    seats: set[int] = set()
    for tok in tokens:
        if tok.upper() in upper:
            seats.add(upper.index(tok.upper()))
        elif tok.isdigit() and int(tok) < len(names):
            seats.add(int(tok))
        else:
            raise ValueError(
                f"--seats: not a seat: {tok!r}; seats are {', '.join(names)} "
                f"(or 0-{len(names) - 1}), comma-separated, or 'none' / 'all'"
            )
    return seats


def _default_human(names: list[str]) -> set[int]:
    """The seat named S; without one (players P1..P4 of a tournament), the third of four
    players, who sits at S in the first game, or else the first."""
    if "S" in names:
        return {names.index("S")}
    return {2} if len(names) == 4 else {0}


def _accepts_illegal(machine: StateMachine, seat: int) -> Callable[[Action], bool]:
    def accepts(action: Action) -> bool:
        return machine._accepts_extra(action, seat)

    return accepts


def _describe_game(game: Game) -> str:
    changed = [
        f"{k}={_option_text(v)}"
        for k, v in options_to_dict(game.options).items()
        if v != type(game.options).__dataclass_fields__[k].default
    ]
    return f"{game.name} ({', '.join(changed) if changed else 'default options'})"


def _current_deal(machine: StateMachine) -> StateMachine:
    """The deal being played: a match exposes it as ``.deal``."""
    if isinstance(machine, Match):
        deal = getattr(machine, "deal", None)
        if isinstance(deal, StateMachine):
            return deal
    return machine


def _num_seats(machine: StateMachine) -> int:
    deal = _current_deal(machine)
    obs = deal.observation(0)
    sizes = obs.get("hand_sizes")
    if isinstance(sizes, list):
        return len(sizes)
    count = getattr(getattr(machine.game, "options", None), "num_players", None)
    return int(count) if isinstance(count, int) else 4


def _new_machine(game: Game, seed: int, deals: int | None) -> StateMachine:
    """One deal for ``--deals 1``, else a match. A single-deal game (its ``new_match`` refuses)
    plays one deal when no number of deals was asked for."""
    if deals == 1:
        return game.new_deal(seed=seed)
    try:
        return game.new_match(seed=seed)
    except (Unsupported, IllegalAction):
        if deals is not None:
            raise
        return game.new_deal(seed=seed)


def _last_own_action(log: Sequence[tuple[int, str]], humans: set[int]) -> int | None:
    """The index in the log of the last action a person made, or None."""
    for index in range(len(log) - 1, -1, -1):
        if log[index][0] in humans:
            return index
    return None


def _with_log(machine: StateMachine, length: int) -> StateMachine:
    """The game replayed from its set-up with the first ``length`` actions of its log."""
    data = json.loads(machine.to_json())
    data["log"] = data["log"][:length]
    return from_json(data)


class _Session:
    """One ``play`` session: the game, who plays each seat, and the person's commands."""

    def __init__(self, args: argparse.Namespace, game: Game, screen: Screen) -> None:
        self.args = args
        self.game = game
        self.screen = screen
        self.view = view_for(game.name)
        self.seed = new_seed() if args.seed is None else args.seed
        self.machine = _new_machine(game, self.seed, args.deals)
        self.names = _seat_names(self.machine, _num_seats(self.machine))
        self.humans = (
            _default_human(self.names)
            if args.seats is None
            else _parse_seats(args.seats, self.names)
        )
        self.bots: dict[int, Bot] = {
            seat: make_bot(args.bot, bot_seed(self.seed, seat)) for seat in range(len(self.names))
        }
        for bot in self.bots.values():
            bind_bot(bot, game)
        self.hints = 0
        self.deals_done = 0

    # --- the commands -----------------------------------------------------------------------

    def command(self, word: str, rest: str) -> Lines | StateMachine | None:
        """The answer to a command the person typed; None when the line is no command."""
        machine = self.machine
        seat = machine.to_move
        if seat is None:
            return None
        obs = machine.observation(seat)
        legal = self.view.arrange(obs, machine.legal_actions())
        if word in HELP_WORDS and not rest:
            return help_lines(self.view, obs, legal)
        if word == "rules" and not rest:
            return self.view.rules(obs, legal)
        if word == "hint" and not rest:
            self.hints += 1
            return hint_lines(
                self.game, obs, legal, self.view, bot_seed(self.seed, 97 + self.hints)
            )
        if word == "undo" and not rest:
            return self._undo()
        if word in ("save", "load"):
            if not rest:
                return [f"{word} needs a file name: '{word} game.json'."]
            return self._save(rest) if word == "save" else self._load(rest)
        return None

    def _undo(self) -> Lines | StateMachine:
        index = _last_own_action(self.machine.log, self.humans)
        if index is None:
            return ["Nothing to take back: you have not acted yet."]
        seat, action = self.machine.log[index]
        shown = self.view.action_text(self.machine.parse_action(action))
        machine = _with_log(self.machine, index)
        self.screen.say(f"Taken back: {self.names[seat]} {shown}, and what followed.")
        return machine

    def _save(self, path: str) -> Lines:
        try:
            Path(path).expanduser().write_text(self.machine.to_json() + "\n", encoding="utf-8")
        except OSError as exc:
            return [f"Could not save to {path}: {exc.strerror or exc}."]
        moves = len(self.machine.log)
        return [f"Saved the game ({moves} actions so far) to {path}; 'load {path}' goes on."]

    def _load(self, path: str) -> Lines | StateMachine:
        try:
            text = Path(path).expanduser().read_text(encoding="utf-8")
        except OSError as exc:
            return [f"Could not read {path}: {exc.strerror or exc}."]
        try:
            machine = from_json(text)
        except ValueError as exc:
            return [f"{path} is no game record: {exc}"]
        if machine.game.name != self.game.name:
            return [
                f"{path} holds a game of {machine.game.name}; this is {self.game.name}. "
                f"Play it with 'tricktaker play {machine.game.name}' and load it there."
            ]
        if machine.is_over:
            return [f"The game in {path} is over; nothing is left to play."]
        self.game = machine.game  # its own options
        for bot in self.bots.values():
            bind_bot(bot, self.game)
        self.screen.say(f"Loaded {path}: {_describe_game(self.game)}, {len(machine.log)} actions.")
        return machine

    # --- the game ---------------------------------------------------------------------------

    def run(self, stdin: TextIO) -> int:
        screen, names = self.screen, self.names
        who = ", ".join(names[s] for s in sorted(self.humans)) or "nobody (bots only)"
        screen.say(
            f"Playing {_describe_game(self.game)}",
            f"Seed {self.seed} (replay with --seed {self.seed}). People: {who}; "
            f"bots: {self.args.bot}.",
        )
        if self.humans:
            screen.say(
                "Type a card (10♥ or TH), a call, or the number of an action; 'help' lists "
                "the commands (rules, hint, undo, save, load), 'quit' leaves."
            )
        try:
            self._loop(stdin)
        except _Quit as stop:
            screen.say(stop.reason)
            if isinstance(self.machine, Match):
                screen.say(*self.view.standings(self.game, self.machine.result()))
            return 0
        screen.say("", f"Done: {self.deals_done} deal{'s' if self.deals_done != 1 else ''} played.")
        return 0

    def _loop(self, stdin: TextIO) -> None:
        view, screen = self.view, self.screen
        deal: StateMachine | None = None
        finished: StateMachine | None = None
        self.deals_done = 0
        while not self.machine.is_over:
            machine = self.machine
            current = _current_deal(machine)
            if current is not deal:
                deal = current
                viewer = min(self.humans) if len(self.humans) == 1 else 0
                # the hand is shown here unless the person acts first (the turn shows it)
                show_hand = len(self.humans) == 1 and machine.to_move != viewer
                screen.say("", *view.deal_header(self.game, machine.observation(viewer), show_hand))
            seat = machine.to_move
            if seat is None:
                raise RuntimeError(f"{machine!r} is not over but no seat is to act")
            legal = machine.legal_actions()
            obs = machine.observation(seat)
            if seat in self.humans:
                legal = view.arrange(obs, legal)
                screen.say(*view.turn(obs, legal))
                answer = _ask(
                    stdin, screen, legal, obs, view, _accepts_illegal(machine, seat), self.command
                )
                if isinstance(answer, StateMachine):  # taken back or loaded: go on from there
                    self.machine = answer
                    deal = None
                    continue
                action = answer
            else:
                live = SeatObservation(machine, seat)  # offers the engine's sampler to bots
                action = self.bots[seat].act(live, legal)
                live.close()
            try:
                event = machine.apply(action)
            except ValueError as exc:
                if seat not in self.humans:
                    raise
                screen.say(f"Not allowed: {exc}")  # a rule the legal list did not show
                continue
            screen.say(*view.event(deal, event))
            # A match's own action between deals (the Kirves keppi holder choosing the next
            # dealer) leaves the finished deal current: it is not finished a second time.
            if deal.is_over and deal is not finished:
                finished = deal
                self.deals_done += 1
                result = deal.result() if isinstance(deal, Deal) else None
                screen.say(*view.deal_result(result))
                if isinstance(machine, Match):
                    screen.say(*view.standings(self.game, machine.result()))
                if self.args.deals is not None and self.deals_done >= self.args.deals:
                    break


def run_play(
    args: argparse.Namespace,
    game: Game,
    stdin: TextIO,
    out: TextIO,
    screen: Screen | None = None,
) -> int:
    """Play ``game`` in the terminal: people at the seats ``args.seats`` name, bots of the kind
    ``args.bot`` at the others; the lines go to ``screen`` (default: ``screen_for(out)``)."""
    session = _Session(args, game, screen or screen_for(out))
    return session.run(stdin)
