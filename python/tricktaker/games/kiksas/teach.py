"""What the choices of each Kiksas and Trikiksis phase mean, for ``rules`` in ``tricktaker
play kiksas|trikiksis``. Each note names its section of docs/rules/kiksas.md (Trikiksis: §4)."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.protocol.base import Action
from tricktaker.protocol.view import Lines, rule_notes

__all__ = ["explain"]

DOC = "docs/rules/kiksas.md"

_TITLES = {
    "peek": f"The First's peek ({DOC} §3.5.2): before the deal you may see one card.",
    "peek_decision": f"The First's peek ({DOC} §3.5.2): keep the card you saw, or not.",
    "trump_choice": f"Trump choice ({DOC} §3.5.1; Trikiksis §4.3): you are the First.",
    "akis": f"Akis, the solo contract ({DOC} §3.8.1-§3.8.2; Trikiksis §4.7).",
    "su_dviem": f'"Su dviem!" ({DOC} §3.7.5): your pair took the first three tricks.',
    "last_lead": f"Declining the last lead ({DOC} §3.7.4): your pair took tricks 1 to 5.",
    "play": f"Trick play ({DOC} §2): follow suit, else trump; the trump queen is highest.",
}

_NOTES = {
    "peek": "none: no peek, a normal 3+3 deal. top / bottom: look at that card of the pack "
    "(everyone sees that you peeked, not the card).",
    "accept": "deal six at once: the card you saw is yours (§3.5.2 step 2).",
    "decline": "the pack is cut again and dealt three and three; you keep what you saw.",
    "trump": "name a suit you hold as trumps (§3.5.1). In later deals its queen's holder "
    "leads that queen to trick 1.",
    "pass": "let the next player decide.",
    "akis": "play alone against both opponents; your partner's hand is turned down (§3.8.3). "
    "(a) own trumps: name a suit whose queen you hold, lead it, take all tricks. (b) no "
    "trumps, take all. (c) no trumps, take none (misère) (§3.8.2). Success and failure "
    "score in crosses (§3.8.5, §4.7).",
    "su_dviem": "announce that your pair takes all six tricks: then the others get 2 "
    "strokes; lose any trick and your pair gets 2 (§3.7.5).",
    "lead": "lead the last card: if your pair takes trick 6 without having said Su dviem, "
    "it is a self-egg (§3.7.6).",
    "decline_last": "stop after five tricks: the race over tricks 1-5 decides; without your "
    "target reached it is a concession, 1 stroke (§3.7.4).",
    "card": "follow the led suit if you can; void, you must trump if you can (§2.3). Trumps "
    "rank Q A 10 K J 9, plain suits A 10 K Q J 9 (§1.2). Announce how many trumps you hold "
    "when trumps are first led (§2.6). A writing-off pair races to its target of points "
    "(§3.7.1-§3.7.2).",
}


def _key(action: Action) -> str:
    return "card" if action.card is not None else action.name.partition(":")[0]


def explain(obs: Mapping[str, Any], legal: Sequence[Action]) -> Lines:
    """The ``rules`` answer for a Kiksas or Trikiksis seat to act."""
    phase = str(obs.get("phase"))
    notes = dict(_NOTES)
    if phase == "last_lead":
        notes["decline"] = notes.pop("decline_last")
    if phase == "peek":
        notes = {"peek": notes["peek"]}
    if phase == "su_dviem":
        notes["pass"] = "say nothing: the race to the targets decides (§3.7.2)."
    return rule_notes(_TITLES.get(phase, f"Phase {phase} ({DOC})."), notes, legal, _key)
