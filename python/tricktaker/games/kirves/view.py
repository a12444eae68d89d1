"""The terminal view of Kirves for ``tricktaker play kirves``.

Observations, events and standings name seats by id; the view shows each by its letter (the
observation's ``seats``, or the deal's ``seat_name``)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.cards import Card, Rank, Suit
from tricktaker.games.kirves.teach import explain
from tricktaker.protocol.base import Action, Event, Game, StateMachine
from tricktaker.protocol.view import Lines, TextView, pretty_card

__all__ = ["VIEW"]

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


def _name(obs: Mapping[str, Any], seat: int) -> str:
    """A seat's letter, from the observation's display names."""
    return str(obs["seats"][seat])


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
    dealer, cutter, eldest = (_name(obs, obs[role]) for role in ("dealer", "cutter", "eldest"))
    lines = [
        f"=== {title}: dealer {dealer}, cutter {cutter}, eldest {eldest} ===",
        f"Marks: {_kv_marks(obs)}",
    ]
    if isinstance(match, Mapping):
        if match["escaped"]:
            escaped = ", ".join(_name(obs, p) for p in match["escaped"])
            lines.append(f"Escaped this leg: {escaped}")
        if any(match["keppis"]):
            keppis = ", ".join(f"{'ABCDEFGHIJ'[p]} {k}" for p, k in enumerate(match["keppis"]) if k)
            lines.append(f"Keppis: {keppis}")
    if show_hand and obs.get("hand"):
        seat = _name(obs, obs["seat"])
        lines.append(f"Your hand ({seat}): {_kv_hand(obs['hand'], obs.get('trump'))}")
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
        return f"discard {pretty_card(tail)}"
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
        cutter, dealer = _name(obs, obs["cutter"]), _name(obs, obs["dealer"])
        lines.append(
            f"{cutter} cut {pretty_card(obs['cut']['cut_jack'])}: "
            f"{cutter} against the dealer {dealer}."
        )
    if turned:
        taken = " (taken by the dealer)" if obs.get("turned_taken") else ""
        lines.append(f"Turned card: {pretty_card(turned)}{taken}")
    if phase == "turned_card":
        if obs.get("peeked"):
            lines.append(f"You peeked at: {_kv_hand(obs['peeked'], None)}")
        else:
            lines.append("You may take the turned card blind, or peek first.")
    if obs.get("calls"):
        calls = "; ".join(f"{_name(obs, s)} {_kv_call(c)}" for s, c in obs["calls"])
        lines.append(f"Calls: {calls}")
    if trump:
        maker = obs.get("trump_maker")
        who = f"trump maker {_name(obs, maker)}" if maker is not None else obs["kind"]
        lines.append(f"Trump {Suit.parse(trump).symbol} ({who.replace('_', ' ')})")
    if obs.get("folded"):
        lines.append(f"Folded: {', '.join(_name(obs, p) for p in obs['folded'])}")
    if phase == "play":
        won = ", ".join(f"{'ABCDEFGHIJ'[p]} {t}" for p, t in enumerate(obs["tricks_won"]) if t)
        lines.append(f"Trick {len(obs['tricks']) + 1}; tricks won: {won or 'none yet'}")
        table = "  ".join(f"{_name(obs, s)} {pretty_card(c)}" for s, c in obs["trick"])
        lines.append(f"On the table: {table or '(empty: you lead)'}")
    return lines


def _kv_turn(obs: Mapping[str, Any], legal: Sequence[Action]) -> Lines:
    lines = _kv_situation(obs)
    if obs.get("hand_hidden"):
        lines.append("You have not looked at your cards.")
    elif obs.get("hand"):
        seat = _name(obs, obs["seat"])
        lines.append(f"Your hand ({seat}): {_kv_hand(obs['hand'], obs.get('trump'))}")
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
        return f"leads {pretty_card(call[5:])} at once"
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
    return f"{_name(obs, obs['seat'])}, {words.get(obs['phase'], 'act')}> "


def _kv_event(deal: StateMachine, event: Event) -> Lines:
    who = deal.seat_name(event.seat)
    detail = event.detail
    action = event.action
    phase = event.phase
    if phase == "choose_dealer":
        dealer = deal.seat_name(detail["dealer"])
        return [f"{who} (keppi) chooses {dealer} to deal the new leg."]
    if phase == "cut":
        k = detail["packet"]
        if detail.get("saving_angel"):
            return [
                f"{who} cuts {k}: {pretty_card(detail['bottom_card'])} with "
                f"{pretty_card(detail['angel'])} under it, a saving angel: shuffle and cut again."
            ]
        lines = [f"{who} cuts {k}" + ("" if detail.get("examined", True) else " (unexamined).")]
        if "bottom_card" in detail:
            lines[0] += f": bottom card {pretty_card(detail['bottom_card'])}."
        if "cut_jack" in detail:
            marked = ", ".join(deal.seat_name(p) for p, m in enumerate(detail["cut_marks"]) if m)
            marked = marked or "nobody"
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
        lines = [f"{who} plays {pretty_card(detail['card'])}"] if "card" in detail else []
        if "trick_winner" in detail:
            winner = deal.seat_name(detail["trick_winner"])
            lines.append(f"  -> trick {detail['trick']} to {winner}")
        if detail.get("outcome") == "void":
            lines.append("  The deal is void: a pääköt was not declared.")
        return lines
    if event.action.startswith("lead:") or (phase == "speaking" and detail.get("lead")):
        return [f"{who} leads {pretty_card(action)} at once: the turned suit is trump."]
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


VIEW = TextView(
    rules=explain,
    deal_header=_kv_header,
    arrange=_kv_arrange,
    turn=_kv_turn,
    prompt=_kv_prompt,
    action_text=_kv_action_text,
    event=_kv_event,
    deal_result=_kv_result,
    standings=_kv_standings,
)
