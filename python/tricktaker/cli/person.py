"""Reading a person's input in ``tricktaker play``: a card, a call or an action's number."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO, TypeAlias

from tricktaker.cards import Card, Suit
from tricktaker.cli.views import Screen
from tricktaker.protocol.base import Action, StateMachine
from tricktaker.protocol.view import Lines, TextView

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
        f"'help' lists the commands, 'rules' explains the choices, 'quit' leaves. "
        f"Legal now: {choices}"
    )


# What a command answers: lines to show (and the person is asked again), or the game to go on
# with (a game taken back or loaded), which the play loop takes up.
Commands: TypeAlias = "Callable[[str, str], Lines | StateMachine | None]"


def split_command(text: str) -> tuple[str, str]:
    """A command word (lower case) and the rest of the line: ``save game.json``."""
    word, _, rest = text.strip().partition(" ")
    return word.lower(), rest.strip()


def _ask(
    stdin: TextIO,
    screen: Screen,
    legal: Sequence[Action],
    obs: Mapping[str, Any],
    view: TextView,
    accepts_illegal: Callable[[Action], bool] | None = None,
    commands: Commands | None = None,
) -> Action | StateMachine:
    """The person's action; or the game to go on with, when a command (``undo``, ``load``)
    replaced it. ``commands(word, rest)`` answers the commands (None: not a command)."""
    echo = not stdin.isatty()  # piped input: show it, so the transcript reads as a dialogue
    while True:
        screen.ask(view.prompt(obs))
        line = stdin.readline()
        if not line:
            screen.say("")
            raise _Quit("Input ended; leaving the game.")
        text = line.strip()
        if echo:
            screen.say(text)
        if not text:
            continue
        if text.lower() in QUIT_WORDS:
            raise _Quit("You left the game.")
        answer = commands(*split_command(text)) if commands is not None else None
        if isinstance(answer, StateMachine):
            return answer
        if answer is not None:
            screen.say(*answer)
            continue
        if text.lower() in HELP_WORDS:
            screen.say(*view.turn(obs, legal))
            continue
        choice = parse_person_input(text, legal, obs, view, accepts_illegal)
        if isinstance(choice, Action):
            if choice not in legal:
                screen.say(
                    f"{view.action_text(choice)} breaks the rules; it stands, and the game "
                    "penalizes it."
                )
            return choice
        screen.say(choice)
