"""Kirves, the Finnish joker-trump game for 2-10 players, as specified in docs/rules/kirves.md.

The card play and the evaluation of a played deal (who wins it, who gets a mark) are the C++
core's (``kirves_rules``, ``kirves_outcome``); this package holds the options, the deal flow (cut,
deal, turned card, discards, pääköt, speaking, folding, play) and the match (legs, keppi, kirves,
tournament points).

The modules, in the one direction their imports go: ``options`` (and the seats); ``result``
(the record of a finished deal, its outcomes and kinds); ``notation`` (the position text);
``state`` (the one state of a deal, with the deck, the phases and the calls); one module of
plain functions per phase of a deal, named as the phase (``cut``, ``turned_card``,
``discard``, ``paakot``, ``speaking``, ``change_poll``, ``choose_suit``, ``throw_in_poll``,
``folding``, ``play``), and ``scoring``, which ends a deal; ``observation`` (what a seat may
know); ``deal`` (the state machine: it sends each action to its phase's module); ``match``;
``game``. A phase module imports the phases it hands over to (``cut`` the ``turned_card``,
``folding`` the ``play``, any of them ``scoring``), and the polls import ``speaking`` for what
they share.

Seats are 0..n-1, written ``A``, ``B``, ``C``, ... clockwise; play passes A -> B -> C.

>>> import tricktaker as tt
>>> game = tt.load("kirves", num_players=4)
>>> deal = game.new_deal(seed=1, dealer="D")
>>> deal.phase, deal.seat_name(deal.to_move)
('cut', 'C')
>>> deal.apply("cut:20").detail["bottom_card"]
'9C'
>>> deal.phase, deal.turned_card, deal.seat_name(deal.to_move)
('speaking', Card('4C'), 'A')
>>> [str(a) for a in deal.legal_actions()]  # the calls, or a card led at once
['keep', 'change', 'pass', 'throw_in', 'JS', 'QS', 'BJ', '2H', 'JH']
>>> deal.apply("keep").detail
{'trump': 'C'}
>>> deal.phase, deal.seat_name(deal.to_move)  # the trump maker decides first
('folding', 'A')
"""

from __future__ import annotations

from typing import Any

from tricktaker import _core  # noqa: F401  (reachable as kirves._core)
from tricktaker.games.kirves.deal import KirvesDeal
from tricktaker.games.kirves.game import KirvesGame, simulation_deals
from tricktaker.games.kirves.match import CHOOSE_DEALER, KirvesMatch, KirvesStandings, rank_players
from tricktaker.games.kirves.notation import POSITION_KEYS
from tricktaker.games.kirves.options import (
    MAX_PLAYERS,
    MIN_PLAYERS,
    PRESETS,
    SEAT_NAMES,
    KirvesOptions,
    seat_index,
)
from tricktaker.games.kirves.result import (
    CONCESSION,
    CUT_JACK,
    FREE_FOR_ALL,
    MISDEAL,
    NORMAL,
    PAAKOT_DECLARED,
    PLAYED,
    THROWN_IN,
    VOID,
    KirvesResult,
)
from tricktaker.games.kirves.state import (
    ALWAYS_TRUMPS,
    CHANGE,
    CHANGE_POLL,
    CHANGE_TO,
    CHOOSE_SUIT,
    CONSENT,
    CUT,
    DECK,
    DECK_SET,
    DECLARE,
    DISCARD,
    FOLD,
    FOLDING,
    HAND_SIZE,
    KEEP,
    LEAVE,
    MARKS_TO_ESCAPE,
    MISDEAL_CALL,
    NO,
    OVER,
    PAAKOT,
    PAAKOT_ROUND,
    PASS,
    PEEK,
    PLAY,
    REFUSE,
    SPEAKING,
    STAY,
    SUIT_CALLS,
    TAKE,
    TAKE_BLIND,
    THROW_IN,
    THROW_IN_POLL,
    TRICKS,
    TURNED_CARD,
    VETO,
    is_always_trump,
    named_suit,
)
from tricktaker.protocol.family import Family, Variant, standard_hooks
from tricktaker.protocol.options import build_options
from tricktaker.registry import register


def _make_game(*, preset: str | None = None, **options: Any) -> KirvesGame:
    return KirvesGame(build_options(KirvesOptions, PRESETS, preset, options, "kirves"))


FAMILY = Family(
    name="kirves",
    package=__name__,
    variants=(
        Variant(
            "kirves",
            "Kirves (Finnish, 2-10 players, jokers and jacks always trump; Rantasalmi)",
            _make_game,
            KirvesOptions,
            PRESETS,
            examples=({"num_players": 4}, {"num_players": 2}, {"num_players": 7}),
        ),
    ),
    # Every capability at its standard place in this folder (docs/adding-a-game.md).
    **standard_hooks(),
)
register(FAMILY)

__all__ = [
    "ALWAYS_TRUMPS",
    "CHANGE",
    "CHANGE_POLL",
    "CHANGE_TO",
    "CHOOSE_DEALER",
    "CHOOSE_SUIT",
    "CONCESSION",
    "CONSENT",
    "CUT",
    "CUT_JACK",
    "DECK",
    "DECK_SET",
    "DECLARE",
    "DISCARD",
    "FOLD",
    "FOLDING",
    "FREE_FOR_ALL",
    "HAND_SIZE",
    "KEEP",
    "KirvesDeal",
    "KirvesGame",
    "KirvesMatch",
    "KirvesOptions",
    "KirvesResult",
    "KirvesStandings",
    "LEAVE",
    "MARKS_TO_ESCAPE",
    "MAX_PLAYERS",
    "MIN_PLAYERS",
    "MISDEAL",
    "MISDEAL_CALL",
    "NO",
    "NORMAL",
    "OVER",
    "PAAKOT",
    "PAAKOT_DECLARED",
    "PAAKOT_ROUND",
    "PASS",
    "PEEK",
    "PLAY",
    "PLAYED",
    "POSITION_KEYS",
    "PRESETS",
    "REFUSE",
    "SEAT_NAMES",
    "SPEAKING",
    "STAY",
    "SUIT_CALLS",
    "TAKE",
    "TAKE_BLIND",
    "THROWN_IN",
    "THROW_IN",
    "THROW_IN_POLL",
    "TRICKS",
    "TURNED_CARD",
    "VETO",
    "VOID",
    "is_always_trump",
    "named_suit",
    "rank_players",
    "seat_index",
    "simulation_deals",
]
