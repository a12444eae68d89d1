"""What the choices of each Klaverjas phase mean, for ``rules`` in ``tricktaker play
klaverjas``. Each note names its section of docs/rules/klaverjas.md."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from tricktaker.protocol.base import Action
from tricktaker.protocol.view import Lines, rule_notes

__all__ = ["explain"]

DOC = "docs/rules/klaverjas.md"

_MAKE = (
    "your team then plays: it must score more than the other team, card points and roem "
    "together, or go nat and score nothing (§5.2, §5.3)."
)
_NOTES = {
    "trump": "name this suit as trumps; " + _MAKE,
    "pass": "leave the choice to the next player (§2.1).",
    "accept": "play with the drawn suit as trumps; " + _MAKE,
    "claim": "claim the roem of the trick your team just won: runs of three (20) or four "
    "(50) in one suit, the trump K and Q together (stuk, 20), four of a kind (100, jacks "
    "200). Unclaimed roem is lost (§4.1-§4.6).",
    "card": "follow suit if you can (§3.3 P2). Trumps led: you must beat the highest trump "
    "if you can (P3). Void in the led suit: you must trump, and overtrump a trump already "
    "played, unless your partner is winning under Amsterdam rules (§3.4, §3.5). Trump order "
    "J 9 A 10 K Q 8 7; plain A 10 K Q J 9 8 7 (§1.2).",
}


def _key(action: Action) -> str:
    return "card" if action.card is not None else action.name.partition(":")[0]


def _title(obs: Mapping[str, Any], legal: Sequence[Action]) -> str:
    phase = obs.get("phase")
    names = {a.name for a in legal}
    if phase == "trump_selection":
        if "accept" in names:
            return f"Drawn trump ({DOC} §2.3): accept the drawn suit or pass."
        if "pass" in names:
            return f"Free choice ({DOC} §2.1): name trumps or pass; the first to name plays."
        return (
            f"You must name trumps ({DOC} §2.1 step 4 after four passes, §2.2 in Utrecht, "
            "§2.3 step 3 after a drawn suit was passed)."
        )
    if phase == "roem_claim":
        return f"Claiming roem ({DOC} §4.6, option roem_claim=manual)."
    return f"Playing the tricks ({DOC} §3); the team that chose trumps must win (§5.2)."


def explain(obs: Mapping[str, Any], legal: Sequence[Action]) -> Lines:
    """The ``rules`` answer for a Klaverjas seat to act."""
    notes = dict(_NOTES)
    if obs.get("phase") == "roem_claim":
        notes["pass"] = "do not claim: the trick's roem is lost (§4.6)."
    return rule_notes(_title(obs, legal), notes, legal, _key)
