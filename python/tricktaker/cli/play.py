"""``tricktaker play``: a game in the terminal, people against bots."""

from __future__ import annotations

import argparse
from collections.abc import Callable
from typing import TextIO

from tricktaker.bots import Bot, bind_bot, make_bot
from tricktaker.cli.arguments import _option_text
from tricktaker.cli.person import _ask, _Quit
from tricktaker.cli.views import view_for
from tricktaker.errors import IllegalAction, Unsupported
from tricktaker.protocol.base import Action, Deal, Game, Match, StateMachine, new_seed
from tricktaker.protocol.options import options_to_dict
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


def run_play(args: argparse.Namespace, game: Game, stdin: TextIO, out: TextIO) -> int:
    view = view_for(game.name)
    seed = new_seed() if args.seed is None else args.seed
    machine = _new_machine(game, seed, args.deals)
    names = _seat_names(machine, _num_seats(machine))
    humans = _default_human(names) if args.seats is None else _parse_seats(args.seats, names)
    bots: dict[int, Bot] = {
        seat: make_bot(args.bot, bot_seed(seed, seat)) for seat in range(len(names))
    }
    for bot in bots.values():
        bind_bot(bot, game)
    who = ", ".join(names[s] for s in sorted(humans)) or "nobody (bots only)"
    print(f"Playing {_describe_game(game)}", file=out)
    print(f"Seed {seed} (replay with --seed {seed}). People: {who}; bots: {args.bot}.", file=out)
    if humans:
        print(
            "Type a card (10♥ or TH), a call, or the number of an action; "
            "'help' shows the actions, 'quit' leaves.",
            file=out,
        )
    deal: StateMachine | None = None
    finished: StateMachine | None = None
    deals_done = 0
    try:
        while not machine.is_over:
            current = _current_deal(machine)
            if current is not deal:
                deal = current
                viewer = min(humans) if len(humans) == 1 else 0
                obs0 = machine.observation(viewer)
                # the hand is shown here unless the person acts first (the turn shows it)
                show_hand = len(humans) == 1 and machine.to_move != viewer
                print(file=out)
                for line in view.deal_header(game, obs0, show_hand):
                    print(line, file=out)
            seat = machine.to_move
            if seat is None:
                raise RuntimeError(f"{machine!r} is not over but no seat is to act")
            legal = machine.legal_actions()
            obs = machine.observation(seat)
            if seat in humans:
                legal = view.arrange(obs, legal)
                for line in view.turn(obs, legal):
                    print(line, file=out)
                action = _ask(stdin, out, legal, obs, view, _accepts_illegal(machine, seat))
            else:
                live = SeatObservation(machine, seat)  # offers the engine's sampler to bots
                action = bots[seat].act(live, legal)
                live.close()
            try:
                event = machine.apply(action)
            except ValueError as exc:
                if seat not in humans:
                    raise
                print(f"Not allowed: {exc}", file=out)  # a rule the legal list did not show
                continue
            for line in view.event(deal, event):
                print(line, file=out)
            # A match's own action between deals (the Kirves keppi holder choosing the next
            # dealer) leaves the finished deal current: it is not finished a second time.
            if deal.is_over and deal is not finished:
                finished = deal
                deals_done += 1
                result = deal.result() if isinstance(deal, Deal) else None
                for line in view.deal_result(result):
                    print(line, file=out)
                if isinstance(machine, Match):
                    for line in view.standings(game, machine.result()):
                        print(line, file=out)
                if args.deals is not None and deals_done >= args.deals:
                    break
    except _Quit as stop:
        print(stop.reason, file=out)
        if isinstance(machine, Match):
            for line in view.standings(game, machine.result()):
                print(line, file=out)
        return 0
    print(file=out)
    print(f"Done: {deals_done} deal{'s' if deals_done != 1 else ''} played.", file=out)
    return 0
