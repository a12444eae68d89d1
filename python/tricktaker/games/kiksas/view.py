"""The terminal view of Kiksas and Trikiksis for ``tricktaker play kiksas|trikiksis``: roles
and targets of the deal, the trump count calls, figures and the match's sheet."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.cards import Card, Rank, Suit
from tricktaker.games.kiksas.options import PAIRS, SEATS
from tricktaker.games.kiksas.teach import explain
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


def _name(seat: int) -> str:
    """A seat id's display name: A, B, C (, D)."""
    return SEATS[seat]


def _names(seats: Sequence[int]) -> str:
    """A pair or a player by its seats' names run together: "AC", "B"."""
    return "".join(SEATS[s] for s in seats)


def _roles(obs: Mapping[str, Any]) -> str:
    kind = obs["deal_type"].replace("_", "-")
    text = f"{kind} deal, dealer {_name(obs['dealer'])}"
    if obs["deal_type"] != "first":
        text += f", First {_name(obs['first'])} chooses trumps"
    if obs.get("writing_pair") is not None:
        text += f"; {PAIRS[obs['writing_pair']]} writes"
    if obs.get("active_player") is not None:
        role = "writes off" if obs["deal_type"] == "writing_off" else "writes"
        text += f"; {_name(obs['active_player'])} {role} alone"
    targets = obs.get("targets")
    if targets:
        names = PAIRS if obs["third"] is not None else (_name(obs["first"]), "the others")
        text += f"; targets {names[0]} {targets[0]}, {names[1]} {targets[1]}"
    return text


def _side_labels(obs: Mapping[str, Any]) -> tuple[str, str]:
    """The play state's two sides: the pairs, or the lone player (active or Akis) and the rest."""
    if obs["third"] is not None:
        return PAIRS[0], PAIRS[1]
    return (_names(obs["sides"][0]["seats"]), "the others")


def _figures_line(match: Mapping[str, Any]) -> str:
    parts = []
    for fig in match["figures"]:
        parts.append(f"{_names(fig['seats'])} {fig['total']}")
    return "figures " + ", ".join(parts) + f" (of {match['figures_to_lose']})"


def _header(game: Game, obs: Mapping[str, Any], show_hand: bool) -> Lines:
    match = obs.get("match")
    title = f"Deal {match['deal']}: " if isinstance(match, Mapping) else ""
    lines = [f"=== {title}{_roles(obs)} ==="]
    if isinstance(match, Mapping):
        line = _figures_line(match)
        lines.append(line[0].upper() + line[1:])
    if show_hand:
        lines.append(f"Your hand ({_name(obs['seat'])}): {_hand(obs['hand'], obs['trump'])}")
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
            text = f"Akis ({akis['kind']}) by {_name(akis['player'])}" + (
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
    for seat, cards in enumerate(obs["open_hands"]):
        if cards is not None:
            lines.append(f"{_name(seat)}'s open hand: {_hand(cards, trump)}")
    if obs["phase"] == "play":
        table = "  ".join(f"{_name(s)} {pretty_card(c)}" for s, c in obs["trick"])
        lines.append(f"On the table: {table or '(empty: you lead)'}")
    lines.append(f"Your hand ({_name(obs['seat'])}): {_hand(obs['hand'], trump)}")
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
    return f"{_name(obs['seat'])}, {asks.get(obs['phase'], 'your card')}> "


def _narrate(event: Mapping[str, Any], side_seats: Sequence[Sequence[int]]) -> str | None:
    """One public event in words; ``side_seats`` are the seats of each side of its deal."""
    kind = event["type"]
    player = _name(event["player"]) if "player" in event else ""
    if kind == "PeekTaken":
        return f"{player} peeks at the {event['end']} card."
    if kind == "PeekAccepted":
        return f"{player} takes six at once."
    if kind == "PeekDeclined":
        how = "reshuffled" if event.get("reshuffled") else f"cut at {event['cut_k']}"
        return f"{player} declines: the pack is {how} and dealt three and three."
    if kind == "TrumpFixed":
        leader = _name(event["leader"])
        return f"Clubs are trumps; {leader} holds the queen of clubs and leads it."
    if kind == "TrumpChosen":
        return f"{player} names {Suit.parse(event['suit']).symbol} as trumps."
    if kind == "AkisPassed":
        return f"{player} passes."
    if kind == "AkisDeclared":
        suit = f" in {Suit.parse(event['suit']).symbol}" if event["suit"] else ""
        return f"{player} declares Akis ({event['kind']}){suit}!"
    if kind == "HandTurnedDown":
        return f"{_name(event['partner'])} turns the hand face down."
    if kind == "HandsExposed":
        return f"{player}'s hand lies open: {_hand(event['cards'], None)}"
    if kind == "TrickCompleted":
        bonus = " + 10 for the last trick" if event["last_bonus"] else ""
        winner = _name(event["winner"])
        return f"  -> trick {event['no']} to {winner}: {event['card_points']}{bonus}"
    if kind == "TrumpCountAnnounced":
        value = event["value"]
        return f'{player}: "{_NUMBERS[value] if value < 7 else value}!"'
    if kind == "TrumpCountAdded":
        total = event["total"]
        return f'{player}: "{_NUMBERS[total] if total < 7 else total}!"'
    if kind == "TrumpCountSilent":
        return f"{player} is silent (no trumps)."
    if kind == "TargetReached":
        who = PAIRS[event["pair"]] if "pair" in event else _names(side_seats[event["side"]])
        return f"{who} reaches its target with {event['points']}."
    if kind == "SuDviemDeclared":
        return f'{player}: "Su dviem!"'
    if kind == "SuDviemPassed":
        return f"{player} does not say Su dviem."
    if kind == "LastLeadDeclined":
        return f"{player} declines to lead the last card."
    if kind == "FiguresAwarded":
        who = PAIRS[event["pair"]] if "pair" in event else player
        count = event["count"]
        name = event["kind"] if count != 1 else _SINGULAR[event["kind"]]
        return f"{who} receives {count} {name}."
    if kind == "MatchEnded":
        return f"The match is over: {'/'.join(_names(w) for w in event['winner'])} wins."
    return None


def _side_seats(machine: StateMachine, items: Sequence[Mapping[str, Any]]) -> list[list[int]]:
    """The seats of each side of the deal that events come from: once they end a match's deal,
    the match has moved on to the next one, and the ended deal's result keeps its sides."""
    results = getattr(machine, "results", None)
    if results and any(e["type"] == "DealEnded" for e in items):
        return [list(side["seats"]) for side in results[-1].sides]
    deal: Any = getattr(machine, "deal", machine)  # a match's deal in play, or the deal
    return [list(side["seats"]) for side in deal.sides()]


def _event(deal: StateMachine, event: Event) -> Lines:
    lines = []
    if event.action[:1].isdigit() or len(event.action) == 2 and event.action[0] in "TJQKA":
        lines.append(f"{deal.seat_name(event.seat)} plays {pretty_card(event.action)}")
    items = event.detail.get("events", [])
    reached = any(e["type"] == "TargetReached" for e in items)
    side_seats = _side_seats(deal, items) if reached else []
    for item in items:
        text = _narrate(item, side_seats)
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
    rules=explain,
    deal_header=_header,
    arrange=_arrange,
    turn=_turn,
    prompt=_prompt,
    action_text=_action_text,
    event=_event,
    deal_result=_deal_result,
    standings=_standings,
)
