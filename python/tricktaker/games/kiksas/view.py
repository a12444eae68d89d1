"""The terminal view of Kiksas and Trikiksis for ``tricktaker play kiksas|trikiksis``: roles
and targets of the deal, the trump count calls, figures and the match's sheet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.cards import Card, Rank, Suit
from tricktaker.protocol.base import Action, Event, Game, StateMachine
from tricktaker.protocol.view import Lines, TextView, arrange_by_rank_order, pretty_card

__all__ = ["VIEW"]

_PLAIN = [Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE]
_TRUMP = [Rank.QUEEN, Rank.ACE, Rank.TEN, Rank.KING, Rank.JACK, Rank.NINE]
_KINDS = ("strokes", "eggs", "crosses")
_SINGULAR = {"strokes": "stroke", "eggs": "egg", "crosses": "cross"}
_NUMBERS = ("Zero", "One", "Two", "Three", "Four", "Five", "Six")


def _hand(cards: Sequence[str] | None, trump: str | None) -> str:
    if cards is None:
        return "(face down: you may look once trumps are chosen)"
    by_suit: dict[Suit, list[Card]] = {s: [] for s in Suit}
    for text in cards:
        card = Card.parse(text)
        assert card.suit is not None
        by_suit[card.suit].append(card)
    parts = []
    for suit, suit_cards in by_suit.items():
        order = _TRUMP if trump == suit.letter else _PLAIN
        suit_cards.sort(key=lambda c: order.index(c.rank) if c.rank in order else 9)
        if suit_cards:
            parts.append(" ".join(c.pretty() for c in suit_cards))
    return "   ".join(parts) or "(no cards)"


def _roles(obs: Mapping[str, Any]) -> str:
    kind = obs["deal_type"].replace("_", "-")
    text = f"{kind} deal, dealer {obs['dealer']}"
    if obs["deal_type"] != "first":
        text += f", First {obs['first']} chooses trumps"
    if obs.get("writing_pair"):
        text += f"; {obs['writing_pair']} writes"
    if obs.get("active_player"):
        role = "writes off" if obs["deal_type"] == "writing_off" else "writes"
        text += f"; {obs['active_player']} {role} alone"
    targets = obs.get("targets")
    if targets:
        names = ("AC", "BD") if obs["third"] is not None else (obs["first"], "the others")
        text += f"; targets {names[0]} {targets[0]}, {names[1]} {targets[1]}"
    return text


def _side_labels(obs: Mapping[str, Any]) -> tuple[str, str]:
    """The play state's two sides: the pairs, or the lone player (active or Akis) and the rest."""
    if obs["third"] is not None:
        return ("AC", "BD")
    akis = obs.get("akis")
    lone = akis["player"] if akis else obs.get("active_player")
    return (str(lone), "the others")


def _figures_line(match: Mapping[str, Any]) -> str:
    parts = []
    for who, fig in match["figures"].items():
        parts.append(f"{who} {fig['total']}")
    return "figures " + ", ".join(parts) + f" (of {match['figures_to_lose']})"


def _header(game: Game, obs: Mapping[str, Any], show_hand: bool) -> Lines:
    match = obs.get("match")
    title = f"Deal {match['deal']}: " if isinstance(match, Mapping) else ""
    lines = [f"=== {title}{_roles(obs)} ==="]
    if isinstance(match, Mapping):
        line = _figures_line(match)
        lines.append(line[0].upper() + line[1:])
    if show_hand:
        lines.append(f"Your hand ({obs['seat']}): {_hand(obs['hand'], obs['trump'])}")
    return lines


def _arrange(obs: Mapping[str, Any], legal: Sequence[Action]) -> list[Action]:
    return arrange_by_rank_order(obs, legal, _PLAIN, _TRUMP)


def _action_text(action: Action) -> str:
    if action.card is not None:
        return action.card.pretty()
    parts = action.name.split(":")
    if parts[0] == "trump":
        return f"trump {Suit.parse(parts[1]).symbol}"
    if parts[0] == "akis":
        if parts[1] == "a":
            return f"Akis (a) in {Suit.parse(parts[2]).symbol}"
        return f"Akis ({parts[1]})"
    if parts[0] == "peek":
        return {"none": "no peek", "top": "peek at the top", "bottom": "peek at the bottom"}[
            parts[1]
        ]
    return action.name.replace("_", " ")


def _turn(obs: Mapping[str, Any], legal: Sequence[Action]) -> Lines:
    roles = _roles(obs)
    lines = [roles[0].upper() + roles[1:]]
    trump = obs.get("trump")
    if trump:
        text = f"Trumps {Suit.parse(trump).symbol}"
        akis = obs.get("akis")
        if akis:
            suit = akis["suit"]
            text = f"Akis ({akis['kind']}) by {akis['player']}" + (
                f", trumps {Suit.parse(suit).symbol}" if suit else ", no trumps"
            )
        a, b = _side_labels(obs)
        if "points" in obs:
            text += f" · points {a} {obs['points'][0]}, {b} {obs['points'][1]}"
        text += f" · tricks {a} {obs['tricks_won'][0]}, {b} {obs['tricks_won'][1]}"
        lines.append(text)
    peek = obs.get("peek")
    if peek and "card" in peek:
        lines.append(f"You peeked at the {peek['end']} card: {pretty_card(peek['card'])}")
    for seat, cards in obs.get("open_hands", {}).items():
        lines.append(f"{seat}'s open hand: {_hand(cards, trump)}")
    if obs["phase"] == "play":
        table = "  ".join(f"{s} {pretty_card(c)}" for s, c in obs["trick"])
        lines.append(f"On the table: {table or '(empty: you lead)'}")
    lines.append(f"Your hand ({obs['seat']}): {_hand(obs['hand'], trump)}")
    shown = [_action_text(a) for a in legal]
    lines.append("Legal: " + "  ".join(f"{i}) {t}" for i, t in enumerate(shown, 1)))
    return lines


def _prompt(obs: Mapping[str, Any]) -> str:
    asks = {
        "peek": "peek at a card?",
        "peek_decision": "six at once?",
        "trump_choice": "name trumps",
        "akis": "Akis or pass",
        "su_dviem": "Su dviem?",
        "last_lead": "lead the last card?",
    }
    return f"{obs['seat']}, {asks.get(obs['phase'], 'your card')}> "


def _narrate(event: Mapping[str, Any]) -> str | None:
    kind = event["type"]
    if kind == "PeekTaken":
        return f"{event['player']} peeks at the {event['end']} card."
    if kind == "PeekAccepted":
        return f"{event['player']} takes six at once."
    if kind == "PeekDeclined":
        how = "reshuffled" if event.get("reshuffled") else f"cut at {event['cut_k']}"
        return f"{event['player']} declines: the pack is {how} and dealt three and three."
    if kind == "TrumpFixed":
        return f"Clubs are trumps; {event['leader']} holds the queen of clubs and leads it."
    if kind == "TrumpChosen":
        return f"{event['player']} names {Suit.parse(event['suit']).symbol} as trumps."
    if kind == "AkisPassed":
        return f"{event['player']} passes."
    if kind == "AkisDeclared":
        suit = f" in {Suit.parse(event['suit']).symbol}" if event["suit"] else ""
        return f"{event['player']} declares Akis ({event['kind']}){suit}!"
    if kind == "HandTurnedDown":
        return f"{event['partner']} turns the hand face down."
    if kind == "HandsExposed":
        return f"{event['player']}'s hand lies open: {_hand(event['cards'], None)}"
    if kind == "TrickCompleted":
        bonus = " + 10 for the last trick" if event["last_bonus"] else ""
        return f"  -> trick {event['no']} to {event['winner']}: {event['card_points']}{bonus}"
    if kind == "TrumpCountAnnounced":
        value = event["value"]
        return f'{event["player"]}: "{_NUMBERS[value] if value < 7 else value}!"'
    if kind == "TrumpCountAdded":
        total = event["total"]
        return f'{event["player"]}: "{_NUMBERS[total] if total < 7 else total}!"'
    if kind == "TrumpCountSilent":
        return f"{event['player']} is silent (no trumps)."
    if kind == "TargetReached":
        who = event.get("pair", event.get("side"))
        return f"{who} reaches its target with {event['points']}."
    if kind == "SuDviemDeclared":
        return f'{event["player"]}: "Su dviem!"'
    if kind == "SuDviemPassed":
        return f"{event['player']} does not say Su dviem."
    if kind == "LastLeadDeclined":
        return f"{event['player']} declines to lead the last card."
    if kind == "FiguresAwarded":
        who = event.get("pair", event.get("player"))
        count = event["count"]
        name = event["kind"] if count != 1 else _SINGULAR[event["kind"]]
        return f"{who} receives {count} {name}."
    if kind == "MatchEnded":
        return f"The match is over: {event['winner']} wins."
    return None


def _event(deal: StateMachine, event: Event) -> Lines:
    lines = []
    if event.action[:1].isdigit() or len(event.action) == 2 and event.action[0] in "TJQKA":
        lines.append(f"{deal.seat_name(event.seat)} plays {pretty_card(event.action)}")
    for item in event.detail.get("events", []):
        text = _narrate(item)
        if text is not None:
            lines.append(text)
    return lines


def _deal_result(result: Any) -> Lines:
    if result is None:
        return []
    outcome = result.outcome.replace("_", " ")
    points = "" if result.akis else f"; points {result.points[0]} : {result.points[1]}"
    lines = [f"Deal over: {outcome}{points}."]
    if result.figures:
        given = ", ".join(f"{f['to']} +{f['count']} {f['kind']}" for f in result.figures)
        lines.append(f"Figures: {given}.")
    nxt = f"Next: {result.next_type.replace('_', '-')} deal dealt by {result.next_dealer}"
    if result.next_targets:
        nxt += f", targets {result.next_targets[0]} / {result.next_targets[1]}"
    lines.append(nxt + ".")
    return lines


def _standings(game: Game, standings: Any) -> Lines:
    parts = []
    for who, fig in standings.figures.items():
        detail = ", ".join(f"{fig[k]} {k}" for k in _KINDS if fig[k])
        parts.append(f"{who} {fig['total']}" + (f" ({detail})" if detail else ""))
    line = "Figures: " + "; ".join(parts)
    if not standings.over:
        return [line + f" after {standings.deals_played} deals."]
    return [line + ".", f"Winner: {' and '.join(standings.winners)}."]


VIEW = TextView(
    deal_header=_header,
    arrange=_arrange,
    turn=_turn,
    prompt=_prompt,
    action_text=_action_text,
    event=_event,
    deal_result=_deal_result,
    standings=_standings,
)
