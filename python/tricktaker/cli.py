"""The ``tricktaker`` command: play a game in the terminal, or let bots simulate many deals.

::

    tricktaker play klaverjas                      # you at S, random bots elsewhere, 16 deals
    tricktaker play klaverjas --seats N,S --deals 1 --seed 7
    tricktaker simulate klaverjas --deals 10000 --seed 1
    tricktaker simulate klaverjas --deals 1000 --seed 1 --json --per-deal
    tricktaker simulate klaverjas --deals 200 --seed 1 --bots pimc,rule,random   # compare bots
    tricktaker games                               # games, presets and options

Every game takes ``--seed``, ``--preset`` and ``--option key=value`` (repeatable; ``true`` /
``false`` become booleans and whole numbers integers), and ``--num-players N``, passed to the
game as the option ``num_players``.

``play`` reads the person's input line by line from standard input, so a game can be scripted
with piped input. A person types a card (``10♥``, ``TH``, ``th``), a call (``pass``,
``trump:H``, or just ``H`` or ``♥``), or the number of an action in the list shown; ``help``
repeats the list and ``quit`` leaves the game.

Per-game text views
-------------------
What a person sees is drawn by a ``TextView`` registered under the game's name: small functions
for the deal's header, the table at a person's turn, the prompt, the text of an action, the
narration of every applied action, a deal's scores and the standings. A game without a view is
still playable with the generic one (observations as JSON). Klaverjas's view is at the end of
this module, Kirves's after it; another game registers its own the same way::

    register_view("kirves", TextView(turn=_kirves_turn, deal_result=_kirves_deal_result, ...))

The simulation summary of ``simulate`` is the game's ``SummaryAdapter`` (see ``tricktaker.sim``).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TextIO, TypeAlias

from tricktaker.bots import Bot, bind_bot, bot_names, make_bot
from tricktaker.cards import Card, Rank, Suit
from tricktaker.compare import compare
from tricktaker.games.base import Action, Deal, Event, Game, Match, StateMachine, new_seed
from tricktaker.games.options import options_to_dict
from tricktaker.registry import games, load
from tricktaker.sim import SeatObservation, bot_seed, simulate

__all__ = ["TextView", "main", "register_view"]

Lines: TypeAlias = list[str]


# --- per-game views --------------------------------------------------------------------------


def _generic_header(game: Game, obs: Mapping[str, Any], show_hand: bool) -> Lines:
    return [f"=== {game.name}: a new deal ==="]


def _generic_turn(obs: Mapping[str, Any], legal: Sequence[Action]) -> Lines:
    shown = {k: v for k, v in obs.items() if k != "legal_actions"}
    choices = "  ".join(f"{i}) {_action_text(a)}" for i, a in enumerate(legal, 1))
    return [json.dumps(shown, ensure_ascii=False), f"Legal: {choices}"]


def _generic_hint(obs: Mapping[str, Any], card: Card) -> str:
    return ""


def _generic_arrange(obs: Mapping[str, Any], legal: Sequence[Action]) -> list[Action]:
    return list(legal)


def arrange_by_rank_order(
    obs: Mapping[str, Any],
    legal: Sequence[Action],
    plain_order: Sequence[Rank],
    trump_order: Sequence[Rank],
) -> list[Action]:
    """Calls first, then cards by suit and, within a suit, by the given rank order (the trump
    order for the observation's trump suit): the order a game's view shows a hand in."""
    trump = obs.get("trump")

    def key(action: Action) -> tuple[int, int]:
        card = action.card
        if card is None or card.suit is None:
            return (-1, 0)
        order = trump_order if trump == card.suit.letter else plain_order
        rank = order.index(card.rank) if card.rank in order else len(order)
        return (int(card.suit), rank)

    return sorted(legal, key=key)


def _generic_prompt(obs: Mapping[str, Any]) -> str:
    return f"{obs.get('seat', '?')}> "


def _generic_event(deal: StateMachine, event: Event) -> Lines:
    return [f"{deal.seat_name(event.seat)}: {event.action}"]


def _generic_result(result: Any) -> Lines:
    data = result.to_dict() if hasattr(result, "to_dict") else result
    return [f"Deal over: {json.dumps(data, ensure_ascii=False, default=str)}"]


def _generic_standings(game: Game, standings: Any) -> Lines:
    data = standings.to_dict() if hasattr(standings, "to_dict") else standings
    return [f"Standings: {json.dumps(data, ensure_ascii=False, default=str)}"]


def _action_text(action: Action) -> str:
    """Cards with suit symbols (``10♥``); calls as they are, suits shown as symbols."""
    if action.card is not None:
        return action.card.pretty()
    head, colon, tail = action.name.partition(":")
    if colon:
        try:
            return f"{head} {Suit.parse(tail).symbol}"
        except ValueError:
            pass
    return action.name


@dataclass(frozen=True)
class TextView:
    """How a game looks in the terminal. Every function returns lines of text.

    * ``deal_header(game, observation, show_hand)``: printed when a deal starts;
    * ``arrange(observation, legal)``: the legal actions in the order they are listed and
      numbered (e.g. as the hand is sorted);
    * ``turn(observation, legal)``: what a person sees before acting (table, hand, scores and
      the numbered legal actions);
    * ``prompt(observation)``: the input prompt;
    * ``action_text(action)``: an action as shown in the list of legal actions;
    * ``illegal_hint(observation, card)``: why a held card may not be played (``""`` if the
      view cannot tell; the hint only reads the observation, the rules stay in the core);
    * ``event(deal, event)``: the narration of any applied action (bots' and people's);
    * ``deal_result(result)``: a finished deal's scores;
    * ``standings(game, standings)``: a match's running or final standings.
    """

    deal_header: Callable[[Game, Mapping[str, Any], bool], Lines] = _generic_header
    arrange: Callable[[Mapping[str, Any], Sequence[Action]], list[Action]] = _generic_arrange
    turn: Callable[[Mapping[str, Any], Sequence[Action]], Lines] = _generic_turn
    prompt: Callable[[Mapping[str, Any]], str] = _generic_prompt
    action_text: Callable[[Action], str] = _action_text
    illegal_hint: Callable[[Mapping[str, Any], Card], str] = _generic_hint
    event: Callable[[StateMachine, Event], Lines] = _generic_event
    deal_result: Callable[[Any], Lines] = _generic_result
    standings: Callable[[Game, Any], Lines] = _generic_standings


_VIEWS: dict[str, TextView] = {}


def register_view(game: str, view: TextView) -> None:
    """Register the terminal view of a game (by its ``Game.name``)."""
    _VIEWS[game] = view


def view_for(game: str) -> TextView:
    return _VIEWS.get(game, TextView())


# --- reading a person's input ----------------------------------------------------------------


QUIT_WORDS = ("quit", "exit", "q")
HELP_WORDS = ("help", "?")


class _Quit(Exception):
    """The person typed quit, or the input ended."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


def _call_forms(action: Action, view: TextView) -> set[str]:
    """Every text a person may type for a call: ``trump:H``, ``trump h``, ``h``, ``♥``, ..."""
    forms = {action.name.lower(), view.action_text(action).lower()}
    head, colon, tail = action.name.partition(":")
    if colon:
        forms |= {tail.lower(), f"{head} {tail}".lower()}
    return forms


def _normalize_suit_words(text: str) -> str:
    """``trump ♥`` / ``trump hearts`` / ``♥`` become ``trump h`` / ``h``."""
    words = text.replace(":", " ").split()
    out = []
    for word in words:
        try:
            out.append(Suit.parse(word).letter.lower())
        except ValueError:
            out.append(word.lower())
    return " ".join(out)


def parse_person_input(
    text: str,
    legal: Sequence[Action],
    obs: Mapping[str, Any],
    view: TextView,
    accepts_illegal: Callable[[Action], bool] | None = None,
) -> Action | str:
    """The action a person's line names, or an error text saying what is allowed.

    ``accepts_illegal(action)`` says whether the game takes a card outside the legal list
    (Klaverjas ``illegal_play=penalize``); such a card is returned for the game to penalize.
    """
    text = text.strip()
    choices = "  ".join(f"{i}) {view.action_text(a)}" for i, a in enumerate(legal, 1))
    if text.isdigit():
        index = int(text)
        if 1 <= index <= len(legal):
            return legal[index - 1]
        return f"There is no action {index}; choose 1 to {len(legal)}: {choices}"
    card: Card | None
    try:
        card = Card.parse(text)
    except ValueError:
        card = None
    if card is not None:
        for action in legal:
            if action.card == card:
                return action
        hand = obs.get("hand")
        if isinstance(hand, list) and str(card) not in hand:
            return f"You do not hold {card.pretty()}. Legal now: {choices}"
        if accepts_illegal is not None and accepts_illegal(Action.play(card)):
            return Action.play(card)
        hint = view.illegal_hint(obs, card)
        return f"{card.pretty()} is not allowed now{hint}. Legal now: {choices}"
    wanted = {text.lower(), _normalize_suit_words(text)}
    for action in legal:
        if action.card is None and wanted & _call_forms(action, view):
            return action
    return (
        f"Not an action allowed now: {text!r}. Type a card (10♥ or TH), a call, or a number; "
        f"'help' shows the actions, 'quit' leaves. Legal now: {choices}"
    )


def _ask(
    stdin: TextIO,
    out: TextIO,
    legal: Sequence[Action],
    obs: Mapping[str, Any],
    view: TextView,
    accepts_illegal: Callable[[Action], bool] | None = None,
) -> Action:
    echo = not stdin.isatty()  # piped input: show it, so the transcript reads as a dialogue
    while True:
        print(view.prompt(obs), end="", file=out, flush=True)
        line = stdin.readline()
        if not line:
            print(file=out)
            raise _Quit("Input ended; leaving the game.")
        text = line.strip()
        if echo:
            print(text, file=out)
        if not text:
            continue
        if text.lower() in QUIT_WORDS:
            raise _Quit("You left the game.")
        if text.lower() in HELP_WORDS:
            for line_out in view.turn(obs, legal):
                print(line_out, file=out)
            continue
        choice = parse_person_input(text, legal, obs, view, accepts_illegal)
        if isinstance(choice, Action):
            if choice not in legal:
                print(
                    f"{view.action_text(choice)} breaks the rules; it stands, and the game "
                    "penalizes it.",
                    file=out,
                )
            return choice
        print(choice, file=out)


# --- play ------------------------------------------------------------------------------------


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


def run_play(args: argparse.Namespace, game: Game, stdin: TextIO, out: TextIO) -> int:
    view = view_for(game.name)
    seed = new_seed() if args.seed is None else args.seed
    machine: StateMachine
    machine = game.new_deal(seed=seed) if args.deals == 1 else game.new_match(seed=seed)
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


# --- simulate --------------------------------------------------------------------------------


class ProgressBar:
    """A one-line progress bar, redrawn at most ten times a second."""

    def __init__(self, stream: TextIO, label: str, width: int = 30) -> None:
        self.stream = stream
        self.label = label
        self.width = width
        self.start = time.perf_counter()
        self.last = 0.0
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        now = time.perf_counter()
        if done < total and now - self.last < 0.1:
            return
        self.last = now
        frac = done / total if total else 1.0
        filled = int(frac * self.width)
        elapsed = now - self.start
        rate = done / elapsed if elapsed > 0 else 0.0
        eta = (total - done) / rate if rate > 0 else 0.0
        bar = "#" * filled + "-" * (self.width - filled)
        self.stream.write(
            f"\r{self.label} [{bar}] {frac:4.0%} {done:,}/{total:,} "
            f"{rate:,.0f} deals/s ETA {eta:.0f}s "
        )
        self.shown = True
        if done >= total:
            self.stream.write("\n")
        self.stream.flush()


def run_simulate(args: argparse.Namespace, game: Game, out: TextIO, err: TextIO) -> int:
    show = args.progress if args.progress is not None else err.isatty()
    bar = ProgressBar(err, f"simulating {game.name}") if show else None
    specs = [s.strip() for s in args.bots.split(",") if s.strip()]
    if len(specs) > 1 and not args.per_seat:
        return run_compare(args, game, specs, out, err, bar)
    bots: str | list[str | Bot] = specs[0] if len(specs) == 1 else list(specs)
    results = simulate(game, deals=args.deals, bots=bots, seed=args.seed, progress=bar)
    if args.json:
        print(json.dumps(results.to_dict(per_deal=args.per_deal), indent=2), file=out)
        return 0
    print(results.table(), file=out)
    print(
        f"{results.deals:,} deals in {results.seconds:.2f} s: "
        f"{results.deals_per_second:,.0f} deals per second",
        file=out,
    )
    return 0


def run_compare(
    args: argparse.Namespace,
    game: Game,
    specs: list[str],
    out: TextIO,
    err: TextIO,
    bar: ProgressBar | None,
) -> int:
    if bar is not None:
        bar.label = f"comparing bots on {game.name}"
    result = compare(game, specs, deals=args.deals, seed=args.seed, progress=bar)
    if args.json:
        print(json.dumps(result.to_dict(), indent=2), file=out)
        return 0
    print(result.table(), file=out)
    seconds = sum(p.seconds for p in result.pairs)
    plays = sum(p.deals * p.plays_per_deal for p in result.pairs)
    print(f"{plays:,} plays in {seconds:.1f} s", file=out)
    return 0


# --- games -----------------------------------------------------------------------------------


def run_games(args: argparse.Namespace, out: TextIO) -> int:
    infos = games()
    chosen = [args.game.lower()] if args.game else list(infos)
    for name in chosen:
        if name not in infos:
            load(name)  # raises, naming the games
        info = infos[name]
        print(f"{info.name}: {info.description}", file=out)
        if info.aliases:
            print(f"  aliases: {', '.join(info.aliases)}", file=out)
        print(f"  presets: {', '.join(info.presets) or '(none)'}", file=out)
        if args.game:
            for opt in info.options:
                allowed = opt["choices"]
                values = (
                    " | ".join(_option_text(v) for v in allowed)
                    if allowed is not None
                    else opt["doc"]
                )
                print(
                    f"  --option {opt['name']}=…  default {_option_text(opt['default'])}; {values}",
                    file=out,
                )
    return 0


def _option_text(value: Any) -> str:
    return str(value).lower() if isinstance(value, bool) else str(value)


# --- arguments -------------------------------------------------------------------------------


def parse_option_value(text: str) -> bool | int | str:
    """``true`` / ``false`` (any case) as booleans, whole numbers as ints, the rest as text."""
    low = text.strip().lower()
    if low in ("true", "false"):
        return low == "true"
    try:
        return int(text.strip())
    except ValueError:
        return text


def _key_value(text: str) -> tuple[str, bool | int | str]:
    key, eq, value = text.partition("=")
    if not eq or not key.strip():
        raise argparse.ArgumentTypeError(f"expected key=value, got {text!r}")
    return key.strip(), parse_option_value(value)


def _positive_int(text: str) -> int:
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if value < 1:
        raise argparse.ArgumentTypeError(f"expected a number >= 1, got {value}")
    return value


def _seed(text: str) -> int:
    try:
        value = int(text, 0)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a whole number, got {text!r}") from None
    if not 0 <= value < 2**64:
        raise argparse.ArgumentTypeError("a seed is a whole number 0 <= seed < 2**64")
    return value


def _game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("game", help="the game, e.g. klaverjas (see 'tricktaker games')")
    parser.add_argument("--seed", type=_seed, help="seed for every random choice (default: new)")
    parser.add_argument("--preset", help="a named bundle of options of the game")
    parser.add_argument(
        "--option",
        "-o",
        action="append",
        type=_key_value,
        default=[],
        metavar="KEY=VALUE",
        help="a game option (repeatable); true/false and whole numbers are parsed",
    )
    parser.add_argument(
        "--num-players", type=_positive_int, help="number of players (games that allow a choice)"
    )


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="tricktaker",
        description="Traditional trick-taking card games: play in the terminal or simulate.",
    )
    sub = parser.add_subparsers(dest="command", required=True, metavar="COMMAND")

    play = sub.add_parser("play", help="play a game in the terminal against bots")
    _game_options(play)
    play.add_argument(
        "--seats",
        help="which seats people play: S (the default), N,S, NS, 0,2, P3, all or none",
    )
    play.add_argument(
        "--deals",
        type=_positive_int,
        help="1: play a single deal; N: stop the match after N deals (default: the whole match)",
    )
    play.add_argument("--bot", default="random", help=f"the bots' kind ({', '.join(bot_names())})")

    sim = sub.add_parser("simulate", help="let bots play many deals and summarize them")
    _game_options(sim)
    sim.add_argument("--deals", type=_positive_int, default=1000, help="number of deals")
    sim.add_argument(
        "--bots",
        default="random",
        help=f"one bot for every seat; or two or more bots, comma-separated, compared on "
        f"duplicate deals with the seats swapped ({', '.join(bot_names())})",
    )
    sim.add_argument(
        "--per-seat",
        action="store_true",
        help="take the comma-separated bots as one bot per seat instead of comparing them",
    )
    sim.add_argument("--json", action="store_true", help="print machine-readable JSON")
    sim.add_argument(
        "--per-deal", action="store_true", help="with --json: include every deal's row"
    )
    sim.add_argument(
        "--progress",
        action=argparse.BooleanOptionalAction,
        default=None,
        help="progress bar on stderr (default: when stderr is a terminal)",
    )

    slv = sub.add_parser("solve", help="double-dummy value of a position and of each legal card")
    _game_options(slv)
    slv.add_argument("position", help="the game's position text (e.g. whist: 'trump=S N:...')")
    slv.add_argument("--objective", help="tricks, points, margin or made (default: the game's own)")
    slv.add_argument("--side", help="NS or EW (default: the side to move)")

    gms = sub.add_parser("games", help="list the games, their presets and options")
    gms.add_argument("game", nargs="?", help="show this game's options")
    return parser


def _load_game(args: argparse.Namespace) -> Game:
    options: dict[str, Any] = dict(args.option)
    if args.num_players is not None:
        options["num_players"] = args.num_players
    return load(args.game, preset=args.preset, **options)


def run_solve(args: argparse.Namespace, game: Game, out: TextIO) -> int:
    """``tricktaker solve GAME POSITION``: the value and a table of every legal card's value."""
    from tricktaker.solve import solve

    parse = getattr(game, "parse_position", None)
    if parse is None:
        raise ValueError(f"{game.name} has no position text to solve")
    deal = parse(args.position)
    print(solve(deal, objective=args.objective, side=args.side).table(), file=out)
    return 0


def main(argv: Sequence[str] | None = None) -> int:
    """Run the ``tricktaker`` command; returns the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    out, err = sys.stdout, sys.stderr
    try:
        if args.command == "games":
            return run_games(args, out)
        game = _load_game(args)
        if args.command == "play":
            return run_play(args, game, sys.stdin, out)
        if args.command == "solve":
            return run_solve(args, game, out)
        return run_simulate(args, game, out, err)
    except ValueError as exc:
        print(f"tricktaker: error: {exc}", file=err)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=err)
        return 130
    except BrokenPipeError:
        return 1


# --- Klaverjas -------------------------------------------------------------------------------

_KJ_TEAMS = ("N-S", "E-W")
_PLAIN_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT)
_TRUMP_ORDER = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT)


def _kj_card(text: str) -> str:
    return Card.parse(text).pretty()


def _kj_hand(cards: Sequence[str], trump: str | None) -> str:
    """A hand by suit, each suit strongest first (trump order for the trump suit)."""
    by_suit: dict[Suit, list[Card]] = {s: [] for s in Suit}
    for text in cards:
        card = Card.parse(text)
        assert card.suit is not None
        by_suit[card.suit].append(card)
    parts = []
    for suit, suit_cards in by_suit.items():
        if not suit_cards:
            continue
        order = _TRUMP_ORDER if trump == suit.letter else _PLAIN_ORDER
        suit_cards.sort(key=lambda c: order.index(c.rank) if c.rank in order else len(order))
        parts.append(" ".join(c.pretty() for c in suit_cards))
    return "   ".join(parts) or "(no cards)"


def _kj_deal_line(game: Game, obs: Mapping[str, Any]) -> str:
    match = obs.get("match")
    text = "Deal:"
    if isinstance(match, Mapping):
        text = f"Deal {match['deal']}"
        end = str(getattr(game.options, "game_end", ""))
        if end.startswith("deals:") and match["games"] == 1:
            text += f" of {end.partition(':')[2]}"
        if match["games"] > 1:
            text = f"Game {match['game']} of {match['games']}, " + text.lower()
        ns, ew = match["team_scores"]
        text += f" · {_KJ_TEAMS[0]} {ns}, {_KJ_TEAMS[1]} {ew} ·"
    return text


def _kj_header(game: Game, obs: Mapping[str, Any], show_hand: bool) -> Lines:
    lines = [f"=== {_kj_deal_line(game, obs)} dealer {obs['dealer']}, {obs['forehand']} leads ==="]
    match = obs.get("match")
    if isinstance(match, Mapping) and match["games"] > 1:
        seating = " ".join(f"{s}={p}" for s, p in zip("NESW", match["seating"], strict=True))
        lines.append(f"Seating: {seating}")
    if obs.get("proposed_suit"):
        lines.append(f"Drawn suit: {Suit.parse(obs['proposed_suit']).symbol}")
    if show_hand:
        lines.append(f"Your hand ({obs['seat']}): {_kj_hand(obs['hand'], obs['trump'])}")
    return lines


def _kj_arrange(obs: Mapping[str, Any], legal: Sequence[Action]) -> list[Action]:
    """Calls first, then cards in the order the hand is shown."""
    return arrange_by_rank_order(obs, legal, _PLAIN_ORDER, _TRUMP_ORDER)


def _kj_turn(obs: Mapping[str, Any], legal: Sequence[Action]) -> Lines:
    trump = obs.get("trump")
    lines = []
    if trump is None:
        calls = ", ".join(f"{s} {c.replace('trump:', 'trump ')}" for s, c in obs["calls"])
        lines.append(f"Calls so far: {calls or '(none)'}")
        if obs.get("proposed_suit"):
            lines.append(f"Drawn suit: {Suit.parse(obs['proposed_suit']).symbol}")
    else:
        # tricks complete so far, from the cards left (the history may be hidden, D32)
        played = (4 * 8 - sum(obs["hand_sizes"])) // 4
        ns, ew = obs["card_points"]
        rns, rew = obs["roem"]
        lines.append(
            f"Trump {Suit.parse(trump).symbol} (chosen by {obs['declarer']}) · "
            f"trick {played + 1 if obs['phase'] == 'play' else played} · "
            f"points {_KJ_TEAMS[0]} {ns} + {rns} roem, {_KJ_TEAMS[1]} {ew} + {rew} roem"
        )
        table = "  ".join(f"{s} {_kj_card(c)}" for s, c in obs["trick"])
        lines.append(f"On the table: {table or '(empty: you lead)'}")
    lines.append(f"Your hand ({obs['seat']}): {_kj_hand(obs['hand'], trump)}")
    shown = [_action_text(a) for a in legal]
    lines.append("Legal: " + "  ".join(f"{i}) {t}" for i, t in enumerate(shown, 1)))
    return lines


def _kj_hint(obs: Mapping[str, Any], card: Card) -> str:
    """Which duty the card breaks (§3.3-§3.5), read from the observation; whether a card is
    legal is always the core's decision, this only words the refusal."""
    if not obs.get("trick") or card.suit is None:
        return ""
    led = Card.parse(obs["trick"][0][1]).suit
    assert led is not None
    holds_led = any(Card.parse(c).suit == led for c in obs["hand"])
    if holds_led and card.suit != led:
        return f": you must follow {led.symbol}"
    if led.letter == obs.get("trump") and card.suit == led:
        return ": with trumps led you must beat the highest trump if you can"
    if card.suit.letter == obs.get("trump"):
        return ": this trump is too low here"
    return ": you must play a trump"


def _kj_prompt(obs: Mapping[str, Any]) -> str:
    phase = obs["phase"]
    if phase == "trump_selection":
        return f"{obs['seat']}, choose trumps or pass> "
    if phase == "roem_claim":
        return f"{obs['seat']}, claim roem or pass> "
    return f"{obs['seat']}, your card> "


def _kj_event(deal: StateMachine, event: Event) -> Lines:
    who = deal.seat_name(event.seat)
    detail = event.detail
    if event.phase == "trump_selection":
        if event.action == "pass":
            return [f"{who} passes."]
        trump = Suit.parse(detail["trump"]).symbol
        if event.action == "accept":
            return [f"{who} accepts {trump} as trumps and plays."]
        return [f"{who} chooses {trump} as trumps and plays."]
    if event.action == "claim":
        return [f"{who} claims {detail['roem']} roem for trick {detail['trick']}."]
    if event.action == "pass":
        return [f"{who} does not claim roem."]
    lines = [
        f"{who} plays {_kj_card(detail['card'])}" + (" (illegal!)" if "illegal" in detail else "")
    ]
    if "trick_winner" in detail:
        extra = f", roem {detail['roem']}" if detail["roem"] else ""
        lines.append(
            f"  -> trick {detail['trick']} to {detail['trick_winner']}: "
            f"{detail['trick_points']} points{extra}"
        )
    return lines


def _kj_result(result: Any) -> Lines:
    if result is None:
        return []
    declarer = "NESW"[result.declarer]
    playing = _KJ_TEAMS[result.playing_team]
    trump = result.trump.symbol
    if result.penalized_team is not None:
        outcome = f"{_KJ_TEAMS[result.penalized_team]} played an illegal card and scores 0"
    elif result.made:
        outcome = f"{playing} made it"
    else:
        outcome = f"{playing} went nat: the other side scores everything"
    if result.pit_team is not None:
        outcome += f"; {_KJ_TEAMS[result.pit_team]} took every trick (pit)"
    lines = [
        f"Deal over: {declarer} played in {trump}; {outcome}.",
        f"{'':<14}{_KJ_TEAMS[0]:>6}{_KJ_TEAMS[1]:>6}",
    ]
    for label, pair in (
        ("card points", result.card_points),
        ("roem", result.roem),
        ("pit bonus", result.pit),
        ("total", result.total),
        ("deal score", result.score),
    ):
        lines.append(f"{label:<14}{pair[0]:>6}{pair[1]:>6}")
    return lines


def _kj_standings(game: Game, standings: Any) -> Lines:
    ns, ew = standings.team_scores
    played = standings.deals_played
    teams = f"{_KJ_TEAMS[0]} {ns}, {_KJ_TEAMS[1]} {ew}"
    after = f"after {played} deal{'s' * (played != 1)}"
    if standings.player_totals is not None:  # the 48-deal tournament: players P1..P4
        totals = ", ".join(f"P{i + 1} {t}" for i, t in enumerate(standings.player_totals))
        if not standings.over:
            if (ns, ew) == (0, 0):  # a deal always scores, so a new game has just begun
                return [f"Standings {after}: players {totals}. A new game, new partners."]
            return [f"Standings {after}: this game {teams}; players {totals}."]
        return [f"Final {after}: players {totals}.", f"Winner: {standings.winner}."]
    if not standings.over:
        return [f"Standings: {teams} {after}."]
    if standings.winner == "draw":
        return [f"Final: {teams} {after}.", "The game is a draw."]
    return [
        f"Final: {teams} {after}.",
        f"{standings.winner[0]}-{standings.winner[1]} win the game.",
    ]


register_view(
    "klaverjas",
    TextView(
        deal_header=_kj_header,
        arrange=_kj_arrange,
        illegal_hint=_kj_hint,
        turn=_kj_turn,
        prompt=_kj_prompt,
        event=_kj_event,
        deal_result=_kj_result,
        standings=_kj_standings,
    ),
)

# --- Kirves ----------------------------------------------------------------------------------

_KV_CALLS = {
    "keep": '"Tuosta vaan" (keep the turned suit)',
    "change": '"Ei olisi tuota" (asks to change the trump)',
    "pass": '"Viisi" (pass)',
    "throw_in": '"Viitenä pakkaan" (proposes a throw-in)',
    "consent": "consents",
    "veto": 'vetoes: "Tuosta vaan"',
    "refuse": "refuses the throw-in",
    "take_blind": "takes the turned card blind",
    "take": "takes the turned card",
    "leave": "leaves the turned card",
    "fold": "folds",
    "stay": "stays in",
    "declare": 'declares pääköt: "Kolme suurinta"',
    "no": "has nothing to declare",
    "misdeal": "declares a misdeal",
}
_KV_OUTCOMES = {
    "played": "played out",
    "paakot": "ended by pääköt",
    "concession": "conceded",
    "thrown_in": "thrown in, no marks",
    "void": "void (undeclared pääköt): redealt, no marks",
    "misdeal": "a misdeal: redealt, no marks",
}
# Strength order for showing a hand: trumps first (strongest first), then the plain suits.
_KV_PLAIN = "AKQT98765432"


def _kv_card(text: str) -> str:
    return Card.parse(text).pretty()


def _kv_key(card: Card, trump: str | None) -> tuple[int, int]:
    """Sort key: trumps first, strongest first; then suits S H D C, high to low."""
    jokers = {"RJ": 0, "BJ": 1}
    jacks = "CSHD"
    if str(card) in jokers:
        return (0, jokers[str(card)])
    assert card.suit is not None and card.rank is not None
    if card.rank == Rank.JACK:
        return (0, 2 + jacks.index(card.suit.letter))
    if trump is not None and card.suit.letter == trump:
        return (0, 6 + _KV_PLAIN.index(card.rank.letter))
    return (1 + int(card.suit), _KV_PLAIN.index(card.rank.letter))


def _kv_hand(cards: Sequence[str], trump: str | None) -> str:
    if not cards:
        return "(no cards)"
    ordered = sorted((Card.parse(c) for c in cards), key=lambda c: _kv_key(c, trump))
    return " ".join(c.pretty() for c in ordered)


def _kv_marks(obs: Mapping[str, Any]) -> str:
    match = obs.get("match")
    marks = match["marks"] if isinstance(match, Mapping) else obs.get("marks_before", [])
    names = "ABCDEFGHIJ"
    return ", ".join(f"{names[p]} {m}" for p, m in enumerate(marks))


def _kv_header(game: Game, obs: Mapping[str, Any], show_hand: bool) -> Lines:
    match = obs.get("match")
    title = "Deal"
    if isinstance(match, Mapping):
        title = f"Game {match['game']}"
        if match["games"] > 1:
            title += f" of {match['games']}"
        title += f", leg {match['legs'] + 1}, deal {match['deals'] + 1}"
    lines = [
        f"=== {title}: dealer {obs['dealer']}, cutter {obs['cutter']}, eldest {obs['eldest']} ===",
        f"Marks: {_kv_marks(obs)}",
    ]
    if isinstance(match, Mapping):
        if match["escaped"]:
            lines.append(f"Escaped this leg: {', '.join(match['escaped'])}")
        if any(match["keppis"]):
            keppis = ", ".join(f"{'ABCDEFGHIJ'[p]} {k}" for p, k in enumerate(match["keppis"]) if k)
            lines.append(f"Keppis: {keppis}")
    if show_hand and obs.get("hand"):
        lines.append(f"Your hand ({obs['seat']}): {_kv_hand(obs['hand'], obs.get('trump'))}")
    return lines


def _kv_arrange(obs: Mapping[str, Any], legal: Sequence[Action]) -> list[Action]:
    trump = obs.get("trump")

    def key(action: Action) -> tuple[int, int, int]:
        if action.card is None:
            return (0, 0, 0)
        return (1, *_kv_key(action.card, trump))

    return sorted(legal, key=key)


def _kv_action_text(action: Action) -> str:
    if action.card is not None:
        return action.card.pretty()
    head, colon, tail = action.name.partition(":")
    if not colon:
        return action.name
    if head == "discard":
        return f"discard {_kv_card(tail)}"
    if head in ("suit", "change"):
        return f"{head} {Suit.parse(tail).symbol}"
    return f"{head} {tail}"


def _kv_situation(obs: Mapping[str, Any]) -> Lines:
    phase = obs["phase"]
    lines: Lines = []
    turned = obs.get("turned_card")
    trump = obs.get("trump")
    if phase == "cut":
        return ["You cut the pack: lift a packet (cut N) and put it under the rest."]
    if phase == "choose_dealer":
        return ["You got a keppi: choose the dealer of the new leg (dealer = the default)."]
    if obs["cut"].get("cut_jack"):
        lines.append(
            f"{obs['cutter']} cut {_kv_card(obs['cut']['cut_jack'])}: "
            f"{obs['cutter']} against the dealer {obs['dealer']}."
        )
    if turned:
        taken = " (taken by the dealer)" if obs.get("turned_taken") else ""
        lines.append(f"Turned card: {_kv_card(turned)}{taken}")
    if phase == "turned_card":
        if obs.get("peeked"):
            lines.append(f"You peeked at: {_kv_hand(obs['peeked'], None)}")
        else:
            lines.append("You may take the turned card blind, or peek first.")
    if obs.get("calls"):
        calls = "; ".join(f"{s} {_kv_call(c)}" for s, c in obs["calls"])
        lines.append(f"Calls: {calls}")
    if trump:
        who = f"trump maker {obs['trump_maker']}" if obs.get("trump_maker") else obs["kind"]
        lines.append(f"Trump {Suit.parse(trump).symbol} ({who.replace('_', ' ')})")
    if obs.get("folded"):
        lines.append(f"Folded: {', '.join(obs['folded'])}")
    if phase == "play":
        won = ", ".join(f"{'ABCDEFGHIJ'[p]} {t}" for p, t in enumerate(obs["tricks_won"]) if t)
        lines.append(f"Trick {len(obs['tricks']) + 1}; tricks won: {won or 'none yet'}")
        table = "  ".join(f"{s} {_kv_card(c)}" for s, c in obs["trick"])
        lines.append(f"On the table: {table or '(empty: you lead)'}")
    return lines


def _kv_turn(obs: Mapping[str, Any], legal: Sequence[Action]) -> Lines:
    lines = _kv_situation(obs)
    if obs.get("hand_hidden"):
        lines.append("You have not looked at your cards.")
    elif obs.get("hand"):
        lines.append(f"Your hand ({obs['seat']}): {_kv_hand(obs['hand'], obs.get('trump'))}")
    cuts = [a.name.partition(":")[2] for a in legal if a.name.startswith("cut:")]
    if cuts and len(cuts) == len(legal):
        lines.append(
            f"Legal: cut N, for N from {cuts[0]} to {cuts[-1]} (type e.g. 'cut {cuts[0]}')"
        )
        return lines
    shown = [_kv_action_text(a) for a in legal]
    lines.append("Legal: " + "  ".join(f"{i}) {t}" for i, t in enumerate(shown, 1)))
    return lines


def _kv_call(call: str) -> str:
    if call.startswith("lead:"):
        return f"leads {_kv_card(call[5:])} at once"
    head, colon, tail = call.partition(":")
    if colon and head in ("suit", "change"):
        return ("names " if head == "suit" else "asks to change to ") + Suit.parse(tail).symbol
    return _KV_CALLS.get(call, call)


def _kv_prompt(obs: Mapping[str, Any]) -> str:
    words = {
        "cut": "cut",
        "turned_card": "take or peek",
        "discard": "discard",
        "paakot": "pääköt",
        "speaking": "speak",
        "change_poll": "consent or veto",
        "choose_suit": "name the trump",
        "throw_in_poll": "consent or refuse",
        "folding": "stay or fold",
        "play": "your card",
        "choose_dealer": "choose the dealer",
    }
    seat = obs.get("player") or obs["seat"]
    return f"{seat}, {words.get(obs['phase'], 'act')}> "


def _kv_event(deal: StateMachine, event: Event) -> Lines:
    who = deal.seat_name(event.seat)
    detail = event.detail
    action = event.action
    phase = event.phase
    if phase == "choose_dealer":
        return [f"{who} (keppi) chooses {detail['dealer']} to deal the new leg."]
    if phase == "cut":
        k = detail["packet"]
        if detail.get("saving_angel"):
            return [
                f"{who} cuts {k}: {_kv_card(detail['bottom_card'])} with "
                f"{_kv_card(detail['angel'])} under it, a saving angel: shuffle and cut again."
            ]
        lines = [f"{who} cuts {k}" + ("" if detail.get("examined", True) else " (unexamined).")]
        if "bottom_card" in detail:
            lines[0] += f": bottom card {_kv_card(detail['bottom_card'])}."
        if "cut_jack" in detail:
            marked = ", ".join(detail["cut_marks"]) or "nobody"
            lines.append(f"  A cut jack! {who} keeps it; a mark each to {marked}.")
        turned = getattr(deal, "turned_card", None)
        if turned is not None:
            lines.append(f"  Turned card: {turned.pretty()}.")
        return lines
    if phase == "discard":
        # Which card is the discarder's secret (R3.12).
        return [f"{who} discards a card face down.", *_kv_trump_fixed_after(deal)]
    if action == "peek":
        return [f"{who} peeks at {detail['count']} of his cards."]
    if phase == "play" and action[:1] != "d":
        lines = [f"{who} plays {_kv_card(detail['card'])}"] if "card" in detail else []
        if "trick_winner" in detail:
            lines.append(f"  -> trick {detail['trick']} to {detail['trick_winner']}")
        if detail.get("outcome") == "void":
            lines.append("  The deal is void: a pääköt was not declared.")
        return lines
    if event.action.startswith("lead:") or (phase == "speaking" and detail.get("lead")):
        return [f"{who} leads {_kv_card(action)} at once: the turned suit is trump."]
    head, _, tail = action.partition(":")
    if head in ("suit", "change") and tail:
        text = "names" if head == "suit" else '"Ei olisi tuota": asks to change the trump to'
        return [f"{who} {text} {Suit.parse(tail).symbol}."]
    lines = [f"{who} {_KV_CALLS.get(action, action)}."]
    if "trump" in detail and phase != "turned_card":
        lines[0] += f" Trump {Suit.parse(detail['trump']).symbol}."
    elif getattr(deal, "phase", None) in ("folding", "play") and phase not in ("folding", "play"):
        lines += _kv_trump_fixed(deal)
    return lines


def _kv_trump_fixed_after(deal: StateMachine) -> Lines:
    return _kv_trump_fixed(deal) if getattr(deal, "phase", None) in ("folding", "play") else []


def _kv_trump_fixed(deal: StateMachine) -> Lines:
    """The trump fixed without a call of its own: a forced or taken turned card, the refuser of
    a throw-in, or free-for-all (public information)."""
    trump = getattr(deal, "trump", None)
    if trump is None:
        return []
    maker = getattr(deal, "trump_maker", None)
    who = f"trump maker {deal.seat_name(maker)}" if maker is not None else "every player alone"
    if getattr(deal, "kind", None) == "cut_jack":
        who = f"{deal.seat_name(deal.cutter)} against {deal.seat_name(deal.dealer)}"  # type: ignore[attr-defined]
    return [f"  Trump {trump.symbol}, {who}."]


def _kv_result(result: Any) -> Lines:
    if result is None:
        return []
    names = "ABCDEFGHIJ"
    lines = [f"Deal over: {_KV_OUTCOMES.get(result.outcome, result.outcome)}."]
    if result.outcome == "played":
        rule = (result.win_rule or "").replace("_", " ")
        lines.append(f"{names[result.winner]} wins the deal ({rule}).")
    if result.outcome == "paakot":
        lines.append(f"{names[result.paakot_holder]} held the three highest.")
    if result.outcome == "concession":
        lines.append(f"{names[result.conceded_by]} folded and concedes.")
    marked = [f"{names[p]} +{m}" for p, m in enumerate(result.marks) if m]
    if result.outcome not in ("thrown_in", "void", "misdeal"):
        lines.append(f"Marks: {', '.join(marked) or 'none'}")
    bonus = [f"{names[p]} {v:+d}" for p, v in enumerate(result.points) if v]
    if bonus:
        lines.append(f"Tournament points: {', '.join(bonus)}")
    if result.escaped:
        lines.append(f"Escaped: {', '.join(names[p] for p in result.escaped)}")
    if result.kirves is not None:
        lines.append(f"{names[result.kirves]} gets the KIRVES and loses the game!")
    elif result.keppi is not None:
        lines.append(f"{names[result.keppi]} gets a keppi; a new leg begins.")
    return lines


def _kv_standings(game: Game, standings: Any) -> Lines:
    names = "ABCDEFGHIJ"
    if not standings.over:
        keppis = ", ".join(f"{names[p]} {k}" for p, k in enumerate(standings.keppis) if k)
        return [
            f"Marks: {', '.join(f'{names[p]} {m}' for p, m in enumerate(standings.marks))}"
            + (f" · keppis: {keppis}" if keppis else "")
        ]
    lines = [f"Game over after {standings.deals} deals."]
    losers = ", ".join(names[p] for p in standings.kirves)
    lines.append(f"Kirves: {losers}; every other player wins.")
    if getattr(game.options, "tournament_scoring", False):
        points = ", ".join(f"{names[p]} {v}" for p, v in enumerate(standings.points))
        ranking = " > ".join("=".join(names[p] for p in group) for group in standings.ranking)
        lines += [f"Tournament points: {points}", f"Ranking: {ranking}"]
    return lines


register_view(
    "kirves",
    TextView(
        deal_header=_kv_header,
        arrange=_kv_arrange,
        turn=_kv_turn,
        prompt=_kv_prompt,
        action_text=_kv_action_text,
        event=_kv_event,
        deal_result=_kv_result,
        standings=_kv_standings,
    ),
)


if __name__ == "__main__":
    sys.exit(main())
