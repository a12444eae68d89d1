"""The terminal view of All Fours / Pitch for ``tricktaker play allfours|pitch``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.cards import Card
from tricktaker.games.allfours.options import SIDE_NAMES, seat_name
from tricktaker.games.allfours.teach import explain
from tricktaker.protocol.base import Action, Event, Game, StateMachine
from tricktaker.protocol.view import TextView

__all__ = ["VIEW"]


def _cards(names: Sequence[str]) -> str:
    return " ".join(Card.parse(c).pretty() for c in names) or "-"


def _seat(obs: Mapping[str, Any], seat: int) -> str:
    """A seat's display name (``S2``)."""
    return str(obs["seats"][seat])


def _scores(obs: Mapping[str, Any]) -> str:
    return ", ".join(
        f"{side['name']} {score}" for side, score in zip(obs["sides"], obs["scores"], strict=True)
    )


def _header(game: Game, obs: Mapping[str, Any], show_hand: bool) -> list[str]:
    side_of = {s: side["name"] for side in obs["sides"] for s in side["seats"]}
    seats = " ".join(f"{name}={side_of[s]}" for s, name in enumerate(obs["seats"]))
    lines = [
        f"=== {game.name}: a new deal; dealer {_seat(obs, obs['dealer'])}, sides {seats}; "
        f"scores {_scores(obs)} (target {obs['target']}) ==="
    ]
    if obs["turned_up"]:
        lines.append(f"Turned up: {_cards(obs['turned_up'])}")
    if show_hand:
        lines.append(f"Your hand ({_seat(obs, obs['seat'])}): {_cards(obs['hand'])}")
    return lines


def _turn(obs: Mapping[str, Any], legal: Sequence[Action]) -> list[str]:
    lines = [f"--- {_seat(obs, obs['seat'])} to act ({obs['phase']}); scores {_scores(obs)}"]
    if obs["trump"]:
        pitcher = obs["pitcher"]
        extra = "" if pitcher is None else f", pitcher {_seat(obs, pitcher)} bid {obs['bid']}"
        lines.append(f"Trump {obs['trump']}{extra}")
    elif obs["turned_up"]:
        lines.append(f"Turned up: {_cards(obs['turned_up'])}")
    if obs["phase"] == "auction" and obs["high_bid"]:
        lines.append(f"Highest bid so far: {obs['high_bid']}")
    if obs["trick"]:
        lines.append(
            "Trick: "
            + ", ".join(f"{_seat(obs, s)} {Card.parse(c).pretty()}" for s, c in obs["trick"])
        )
    folded = [(s, cards) for s, cards in enumerate(obs["folded"]) if cards is not None]
    if folded:
        lines.append("Folded: " + "; ".join(f"{_seat(obs, s)} {_cards(c)}" for s, c in folded))
    lines.append(f"Hand: {_cards(obs['hand'])}")
    lines.append("Legal: " + "  ".join(f"{i}) {_action(a)}" for i, a in enumerate(legal, 1)))
    return lines


def _prompt(obs: Mapping[str, Any]) -> str:
    return f"{_seat(obs, obs['seat'])}> "


def _action(action: Action) -> str:
    return action.card.pretty() if action.card is not None else action.name


def _event(deal: StateMachine, event: Event) -> list[str]:
    d = event.detail
    text = f"{deal.seat_name(event.seat)}: {event.action}"
    if "turned" in d and d["turned"]:
        text += f" (turned {_cards(d['turned'])})"
    if d.get("thrown_in"):
        text += " - thrown in, the same dealer deals again"
    if "trump" in d:
        text += f" - trump {d['trump']}"
    if d.get("pitcher") is not None:
        text += f" - {deal.seat_name(d['pitcher'])} pitches at {d['bid']}"
    if "folded" in d:
        text += f" ({_cards(d['folded'])} face up)"
    if "trick_winner" in d:
        text += f" - trick {d['trick']} to {deal.seat_name(d['trick_winner'])}"
    return [text]


def _result(result: Any) -> list[str]:
    if result is None:
        return []
    data = result.to_dict()
    names = [side["name"] for side in data["sides"]]
    lines = []
    if data["thrown_in"]:
        lines.append(f"Thrown in; next dealer {seat_name(data['next_dealer'])}.")
    for c in data["credits"]:
        card = f" ({Card.parse(c['card']).pretty()})" if c["card"] else ""
        lines.append(f"  {c['kind']:<11}{card:<7} {names[c['side']]} {c['points']:+d}")
    if data["bid"] is not None:
        lines.append(f"Contract {data['bid']}: {'made' if data['made'] else 'set back'}.")
    lines.append("Scores: " + ", ".join(f"{names[i]} {s}" for i, s in enumerate(data["scores"])))
    if data["winner"] is not None:
        lines.append(f"Side {names[data['winner']]} wins the game.")
    return lines


def _standings(game: Game, standings: Any) -> list[str]:
    scores = ", ".join(f"{SIDE_NAMES[i]} {s}" for i, s in enumerate(standings.scores))
    if standings.over:
        return [f"Final after {standings.deals_played} deals: {scores}; {standings.winner} wins."]
    return [f"Standings after {standings.deals_played} deals: {scores}."]


VIEW = TextView(
    rules=explain,
    deal_header=_header,
    turn=_turn,
    prompt=_prompt,
    action_text=_action,
    event=_event,
    deal_result=_result,
    standings=_standings,
)
