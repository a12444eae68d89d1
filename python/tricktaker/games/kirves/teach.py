"""What the choices of each Kirves phase mean, for ``rules`` in ``tricktaker play kirves``.

Each note names the rule it comes from in docs/rules/kirves.md (R<section>.<n>)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.cards import Suit
from tricktaker.protocol.base import Action
from tricktaker.protocol.view import Lines, rule_notes

__all__ = ["explain"]

DOC = "docs/rules/kirves.md"

_TITLES = {
    "cut": f"The cut ({DOC} §2): you are the cutter.",
    "turned_card": f"The turned card is an ace or a 2 ({DOC} §3.2, R3.6-R3.7): you deal.",
    "discard": f"Emptying the hand ({DOC} §3.3, R3.10-R3.12): you hold six cards.",
    "paakot": f"Pääköt, the three highest ({DOC} §4, R4.1-R4.3).",
    "speaking": f"Speaking fixes the trump ({DOC} §5, R5.2-R5.3); one call each, eldest first.",
    "change_poll": f"Someone asked to change the trump ({DOC} §5, R5.5).",
    "choose_suit": f"Everyone consented to your change ({DOC} §5, R5.6).",
    "throw_in_poll": f"Someone proposed a throw-in ({DOC} §5, R5.8).",
    "folding": f"Folding ({DOC} §7): each decides once, the principals first.",
    "play": f"Trick play ({DOC} §8) and who wins the deal (§9, R9.1).",
    "choose_dealer": f"A new leg ({DOC} §10, R10.4): you got a keppi.",
}

_NOTES = {
    "cut": "lift that many cards (2 to 52) and put them under the rest. The bottom card of "
    "the lifted packet is shown to all. A jack or a joker there is a cut jack: you keep it, "
    "every participant but you and the dealer gets a mark, and you play a duel against the "
    "dealer (R2.5b, R6.2). If the card above it is a jack or a joker too, it is a saving "
    "angel: shuffle and cut again (R2.5a).",
    "take_blind": "take the turned card without looking at your cards: its suit is trump, "
    "you are the trump maker, and nobody speaks (R3.6).",
    "peek": "look at two of your cards first (three when a 2 is turned), then take or "
    "leave (R3.6, R3.7).",
    "take": "take the turned card: its suit is trump and you are the trump maker (R3.6).",
    "leave": "leave it face up on the stock; speaking begins (R3.6, §5).",
    "discard": "put one of the five cards you were dealt face down; nobody sees it. A cut "
    "jack or a taken card must be kept (R3.11).",
    "declare": '"Kolme suurinta": you hold RJ, BJ and J♣; you get a mark and the deal ends '
    "at once (R4.2). Undeclared, the deal is void at the first card (R4.3).",
    "no": "nothing to declare (everybody is asked, so the question tells nothing; R4.3).",
    "keep": '"Tuosta vaan": the turned suit is trump and you are the trump maker, alone '
    "against everyone else; speaking ends (R5.3, R6.1).",
    "change": '"Ei olisi tuota": you ask to change the trump. Every other player is polled; '
    "one veto keeps the turned suit, else you name another suit and make it (R5.5, R5.6).",
    "pass": '"Viisi": you do not care which suit is trump, or will not make it (R5.3).',
    "throw_in": '"Viitenä pakkaan": you propose not to play this deal. If all consent, it '
    "is thrown in with no marks and the next dealer deals (R5.8).",
    "card": "the eldest may lead at once instead of speaking: the turned suit is trump, you "
    "make it, and nobody may fold (R5.3, direct lead).",
    "consent": "agree (for a change poll: 'Viisi'; for a throw-in: no play, no marks).",
    "veto": 'say "Tuosta vaan" and make the turned suit trump yourself; you need a '
    "kiellonvara, a natural card (not a jack) of the turned suit (R5.4, R5.5).",
    "refuse": "refuse the throw-in; the deal is played. If nobody makes trump, you become "
    "the trump maker in the turned suit (R5.8).",
    "suit": "name the trump suit (one of the three other suits); you are the trump maker (R5.6).",
    "fold": "put your cards away unseen and take no part: you get no mark, good or bad. "
    "A trump maker who folds concedes: each opponent gets a mark (R7.4, R7.5).",
    "stay": "play the tricks (R7.2).",
    "play": "follow the led suit if you can (a jack belongs to the trumps, R8.4); when void "
    "play anything, no duty to trump (R8.5). A player with 3 tricks wins the deal, else "
    "the first to 2, else the last trick's winner (R9.1). The winner's side gets the marks; "
    "three marks and you escape the leg (R9.4, R10.1).",
    "dealer": "choose who deals the first deal of the new leg; 'dealer' alone is you (R10.4).",
    "misdeal": "an administrative redeal for a table game played by hand (R3.13).",
}


def _key(action: Action) -> str:
    if action.card is not None:
        return "card"
    return action.name.partition(":")[0]


def explain(obs: Mapping[str, Any], legal: Sequence[Action]) -> Lines:
    """The ``rules`` answer for a Kirves seat to act."""
    phase = str(obs.get("phase"))
    notes = dict(_NOTES)
    if phase == "play":
        notes["card"] = notes["play"]
    lines = rule_notes(_TITLES.get(phase, f"Phase {phase} ({DOC})."), notes, legal, _key)
    turned = obs.get("turned_card")
    if phase in ("speaking", "change_poll") and isinstance(turned, str):
        named = {"RJ": "H", "BJ": "S"}.get(turned, turned[-1])
        lines.append(f"The turned card names {Suit.parse(named).symbol} (R3.3).")
    return lines
