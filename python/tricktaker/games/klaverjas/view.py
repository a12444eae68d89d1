"""The terminal view of Klaverjas for ``tricktaker play klaverjas``."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.cards import Card, Rank, Suit
from tricktaker.games.klaverjas.teach import explain
from tricktaker.protocol.base import Action, Event, Game, StateMachine
from tricktaker.protocol.view import (
    Lines,
    TextView,
    arrange_by_rank_order,
    default_action_text,
    pretty_card,
)

__all__ = ["VIEW"]

_KJ_TEAMS = ("N-S", "E-W")
_PLAIN_ORDER = (Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.JACK, Rank.NINE, Rank.EIGHT)
_TRUMP_ORDER = (Rank.JACK, Rank.NINE, Rank.ACE, Rank.TEN, Rank.KING, Rank.QUEEN, Rank.EIGHT)


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


def _name(obs: Mapping[str, Any], seat: int) -> str:
    """A seat id of the observation by its display name (N, E, S, W)."""
    return str(obs["seats"][seat])


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
    dealer, forehand = _name(obs, obs["dealer"]), _name(obs, obs["forehand"])
    lines = [f"=== {_kj_deal_line(game, obs)} dealer {dealer}, {forehand} leads ==="]
    match = obs.get("match")
    if isinstance(match, Mapping) and match["games"] > 1:
        seating = " ".join(
            f"{_name(obs, s)}=P{player + 1}" for s, player in enumerate(match["seating"])
        )
        lines.append(f"Seating: {seating}")
    if obs.get("proposed_suit"):
        lines.append(f"Drawn suit: {Suit.parse(obs['proposed_suit']).symbol}")
    if show_hand:
        lines.append(
            f"Your hand ({_name(obs, obs['seat'])}): {_kj_hand(obs['hand'], obs['trump'])}"
        )
    return lines


def _kj_arrange(obs: Mapping[str, Any], legal: Sequence[Action]) -> list[Action]:
    """Calls first, then cards in the order the hand is shown."""
    return arrange_by_rank_order(obs, legal, _PLAIN_ORDER, _TRUMP_ORDER)


def _kj_turn(obs: Mapping[str, Any], legal: Sequence[Action]) -> Lines:
    trump = obs.get("trump")
    lines = []
    if trump is None:
        calls = ", ".join(
            f"{_name(obs, s)} {c.replace('trump:', 'trump ')}" for s, c in obs["calls"]
        )
        lines.append(f"Calls so far: {calls or '(none)'}")
        if obs.get("proposed_suit"):
            lines.append(f"Drawn suit: {Suit.parse(obs['proposed_suit']).symbol}")
    else:
        # tricks complete so far, from the cards left (the history may be hidden, D32)
        played = (4 * 8 - sum(obs["hand_sizes"])) // 4
        ns, ew = obs["card_points"]
        rns, rew = obs["roem"]
        lines.append(
            f"Trump {Suit.parse(trump).symbol} (chosen by {_name(obs, obs['declarer'])}) · "
            f"trick {played + 1 if obs['phase'] == 'play' else played} · "
            f"points {_KJ_TEAMS[0]} {ns} + {rns} roem, {_KJ_TEAMS[1]} {ew} + {rew} roem"
        )
        table = "  ".join(f"{_name(obs, s)} {pretty_card(c)}" for s, c in obs["trick"])
        lines.append(f"On the table: {table or '(empty: you lead)'}")
    lines.append(f"Your hand ({_name(obs, obs['seat'])}): {_kj_hand(obs['hand'], trump)}")
    shown = [default_action_text(a) for a in legal]
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
    phase, me = obs["phase"], _name(obs, obs["seat"])
    if phase == "trump_selection":
        return f"{me}, choose trumps or pass> "
    if phase == "roem_claim":
        return f"{me}, claim roem or pass> "
    return f"{me}, your card> "


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
        f"{who} plays {pretty_card(detail['card'])}"
        + (" (illegal!)" if "illegal" in detail else "")
    ]
    if "trick_winner" in detail:
        extra = f", roem {detail['roem']}" if detail["roem"] else ""
        lines.append(
            f"  -> trick {detail['trick']} to {deal.seat_name(detail['trick_winner'])}: "
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


VIEW = TextView(
    rules=explain,
    deal_header=_kj_header,
    arrange=_kj_arrange,
    illegal_hint=_kj_hint,
    turn=_kj_turn,
    prompt=_kj_prompt,
    event=_kj_event,
    deal_result=_kj_result,
    standings=_kj_standings,
)
