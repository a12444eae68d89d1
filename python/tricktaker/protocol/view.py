"""The terminal-view kit: ``TextView``, the generic view it falls back on, and card helpers.

What a person sees in ``tricktaker play`` is drawn by the ``TextView`` of the game's family:
small functions for the deal's header, the table at a person's turn, the prompt, the text of an
action, the narration of every applied action, a deal's scores and the standings. A family
offers one as the ``view`` capability (``VIEW`` in ``games/<family>/view.py``), built from this
kit; every function it leaves out is the generic one below, and a family without a view is
still playable with the generic view (observations as JSON).

The ``VIEW`` hook object is one ``TextView`` serving every variant of the family: the functions
that need to tell the variants apart receive the game (``deal_header``, ``standings``) or read
the observation.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, TypeAlias

from tricktaker.cards import Card, Rank, Suit
from tricktaker.protocol.base import Action, Event, Game, StateMachine

__all__ = [
    "Lines",
    "TextView",
    "arrange_by_rank_order",
    "default_action_text",
    "pretty_card",
    "rule_notes",
]

Lines: TypeAlias = list[str]


def pretty_card(text: str) -> str:
    """A card's notation (``"QS"``) with its suit symbol, as the terminal views show it."""
    return Card.parse(text).pretty()


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


def default_action_text(action: Action) -> str:
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


# --- the generic view: what a game without a view of its own shows ----------------------------


def _generic_header(game: Game, obs: Mapping[str, Any], show_hand: bool) -> Lines:
    return [f"=== {game.name}: a new deal ==="]


def _generic_turn(obs: Mapping[str, Any], legal: Sequence[Action]) -> Lines:
    shown = {k: v for k, v in obs.items() if k != "legal_actions"}
    choices = "  ".join(f"{i}) {default_action_text(a)}" for i, a in enumerate(legal, 1))
    return [json.dumps(shown, ensure_ascii=False), f"Legal: {choices}"]


def _generic_hint(obs: Mapping[str, Any], card: Card) -> str:
    return ""


def _generic_arrange(obs: Mapping[str, Any], legal: Sequence[Action]) -> list[Action]:
    return list(legal)


def _generic_prompt(obs: Mapping[str, Any]) -> str:
    return f"{obs.get('seat', '?')}> "


def _generic_event(deal: StateMachine, event: Event) -> Lines:
    return [f"{deal.seat_name(event.seat)}: {event.action}"]


def _generic_result(result: Any) -> Lines:
    data = result.to_dict() if hasattr(result, "to_dict") else result
    return [f"Deal over: {json.dumps(data, ensure_ascii=False, default=str)}"]


def _generic_rules(obs: Mapping[str, Any], legal: Sequence[Action]) -> Lines:
    game = obs.get("game", "this game")
    return [
        f"No notes on the choices of {game} yet; its rules are in the project's docs/rules/.",
        "Legal now: " + "  ".join(default_action_text(a) for a in legal),
    ]


def rule_notes(
    title: str, notes: Mapping[str, str], legal: Sequence[Action], key: Callable[[Action], str]
) -> Lines:
    """The ``rules`` answer of a phase: a title (what is decided now, with the rule numbers),
    then the note of each legal choice (``key(action)`` names its note; each note once)."""
    lines = [title]
    shown: set[str] = set()
    for action in legal:
        name = key(action)
        if name in notes and name not in shown:
            shown.add(name)
            lines.append(f"  {name}: {notes[name]}")
    return lines


def _generic_standings(game: Game, standings: Any) -> Lines:
    data = standings.to_dict() if hasattr(standings, "to_dict") else standings
    return [f"Standings: {json.dumps(data, ensure_ascii=False, default=str)}"]


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
    * ``standings(game, standings)``: a match's running or final standings;
    * ``rules(observation, legal)``: what the choices of this moment mean, in plain words, with
      the numbers of the rules in ``docs/rules/<game>.md`` (``tricktaker play``'s ``rules``).
    """

    deal_header: Callable[[Game, Mapping[str, Any], bool], Lines] = _generic_header
    arrange: Callable[[Mapping[str, Any], Sequence[Action]], list[Action]] = _generic_arrange
    turn: Callable[[Mapping[str, Any], Sequence[Action]], Lines] = _generic_turn
    prompt: Callable[[Mapping[str, Any]], str] = _generic_prompt
    action_text: Callable[[Action], str] = default_action_text
    illegal_hint: Callable[[Mapping[str, Any], Card], str] = _generic_hint
    event: Callable[[StateMachine, Event], Lines] = _generic_event
    deal_result: Callable[[Any], Lines] = _generic_result
    standings: Callable[[Game, Any], Lines] = _generic_standings
    rules: Callable[[Mapping[str, Any], Sequence[Action]], Lines] = _generic_rules
