"""The calls a player makes in a Kirves deal and the phases of a deal."""

from __future__ import annotations

from tricktaker.cards import Suit
from tricktaker.protocol.base import Action

KEEP = Action.call("keep")  # "Tuosta vaan"
CHANGE = Action.call("change")  # "Ei olisi tuota"
PASS = Action.call("pass")  # "Viisi"
THROW_IN = Action.call("throw_in")  # "Viitenä pakkaan"
CONSENT = Action.call("consent")
VETO = Action.call("veto")
REFUSE = Action.call("refuse")
TAKE_BLIND = Action.call("take_blind")
PEEK = Action.call("peek")
TAKE = Action.call("take")
LEAVE = Action.call("leave")
FOLD = Action.call("fold")
STAY = Action.call("stay")
DECLARE = Action.call("declare")  # "Kolme suurinta", manual pääköt
NO = Action.call("no")
MISDEAL_CALL = Action.call("misdeal")
CHANGE_TO = {s: Action.call(f"change:{s.letter}") for s in Suit}
SUIT_CALLS = {s: Action.call(f"suit:{s.letter}") for s in Suit}

# Phases of a deal.
CUT = "cut"
TURNED_CARD = "turned_card"
DISCARD = "discard"
PAAKOT_ROUND = "paakot"
SPEAKING = "speaking"
CHANGE_POLL = "change_poll"
CHOOSE_SUIT = "choose_suit"
THROW_IN_POLL = "throw_in_poll"
FOLDING = "folding"
PLAY = "play"
OVER = "over"
