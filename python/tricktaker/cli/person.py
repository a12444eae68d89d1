"""Reading a person's input in ``tricktaker play``: a card, a call or an action's number."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any, TextIO

from tricktaker.cards import Card, Suit
from tricktaker.protocol.base import Action
from tricktaker.protocol.view import TextView

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
