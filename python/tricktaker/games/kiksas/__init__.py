"""Kiksas and Trikiksis, with Akis, as specified in docs/rules/kiksas.md.

Kiksas is played by four players in crossed pairs (A C against B D), Trikiksis by three, each
for themselves: ``tt.load("kiksas")`` and ``tt.load("trikiksis")`` (the same as
``tt.load("kiksas", variant="trikiksis")``). The card play, the trump-count announcement and the
evaluation of a deal (points, the writing-off race decided trick by trick, eggs, "Su dviem", a
declined last lead, Akis) are the C++ core's (``kiksas_rules``, ``kiksas_evaluate``,
``kiksas_trump_count``); this package holds the options, the deal flow, the dealing order and the
match to 12 figures: the options and the table in ``options``, the deal's settlement in
``result``, what a seat sees in ``observation``, the position text in ``notation``, the deal and
the dealing order in ``deal``, the match in ``match`` and the games in ``game``.

A deal's phases and actions:

* ``peek`` (the First, Kiksas deals after the first): ``peek:none``, ``peek:top``,
  ``peek:bottom``; then ``peek_decision``: ``accept`` (six at once) or ``decline`` (a cut);
* ``trump_choice`` (the First): ``trump:S`` ... for the suits held among the six cards;
* ``akis`` (the Second, the Dealer, then the Third): ``pass``, ``akis:a:S`` (a suit whose
  queen is held), ``akis:b``, ``akis:c``;
* ``play``: cards; ``su_dviem`` after trick 3 (O's leader, then the partner): ``su_dviem`` or
  ``pass``; ``last_lead`` before the last trick: ``lead`` or ``decline``;
* ``over``: ``result()`` is a ``KiksasResult`` with the figures and the next deal.

Every step appends public events (``DealStarted``, ``TrumpChosen``, ``TrumpCountAnnounced``,
``TargetReached``, ``FiguresAwarded``, ... as in §3.12) to ``deal.events``; ``observation(seat)``
shows them with only what the seat may see (no Third's hand before trumps, no Akis opponents'
hands before the first lead, the peeked card to the First alone).

>>> import tricktaker as tt
>>> deal = tt.load("kiksas").new_deal(seed=7, dealer="D")
>>> deal.phase, deal.deal_type, deal.trump.letter
('play', 'first', 'C')
>>> [str(a) for a in deal.legal_actions()] == [str(deal.trump_queen)]
True
>>> deal = tt.load("kiksas").new_deal(seed=7, deal_type="writing", dealer="A")
>>> deal.phase, deal.seat_name(deal.to_move), [str(a) for a in deal.legal_actions()]
('peek', 'B', ['peek:none', 'peek:top', 'peek:bottom'])
"""

from __future__ import annotations

from tricktaker.games.kiksas.deal import (
    ACCEPT,
    AKIS_KINDS,
    DECLINE,
    LEAD,
    PASS,
    PEEK_CALLS,
    SU_DVIEM,
    TRUMP_CALLS,
    KiksasDeal,
    next_deal,
)
from tricktaker.games.kiksas.game import KiksasGame, TrikiksisGame, game_factory, simulation_deal
from tricktaker.games.kiksas.match import FigureCount, KiksasMatch, KiksasStandings, match_winners
from tricktaker.games.kiksas.options import (
    DEAL_POINTS,
    DEAL_TYPES,
    DECK,
    DECK_MASK,
    FIGURE_KINDS,
    PAIRS,
    PRESETS,
    SEATS,
    KiksasOptions,
    seat_index,
)
from tricktaker.games.kiksas.result import KiksasResult
from tricktaker.protocol.family import Family, Variant, standard_hooks
from tricktaker.registry import register

__all__ = [
    "ACCEPT",
    "AKIS_KINDS",
    "DEAL_POINTS",
    "DEAL_TYPES",
    "DECK",
    "DECK_MASK",
    "DECLINE",
    "FAMILY",
    "FIGURE_KINDS",
    "LEAD",
    "PAIRS",
    "PASS",
    "PEEK_CALLS",
    "PRESETS",
    "SEATS",
    "SU_DVIEM",
    "TRUMP_CALLS",
    "FigureCount",
    "KiksasDeal",
    "KiksasGame",
    "KiksasMatch",
    "KiksasOptions",
    "KiksasResult",
    "KiksasStandings",
    "TrikiksisGame",
    "match_winners",
    "next_deal",
    "seat_index",
    "simulation_deal",
]


FAMILY = Family(
    name="kiksas",
    package=__name__,
    variants=(
        Variant(
            "kiksas",
            "Kiksas (Lithuanian, 4 players in crossed pairs, 24 cards): writing, writing "
            "off, eggs, Su dviem, Akis; the match to 12 figures",
            game_factory(None),
            KiksasOptions,
            PRESETS,
        ),
        Variant(
            "trikiksis",
            "Trikiksis: Kiksas for 3 players, each alone, 8 cards each; the triangle sheet",
            game_factory("trikiksis"),
            KiksasOptions,
            PRESETS,
        ),
    ),
    # Every capability at its standard place in this folder (docs/adding-a-game.md).
    **standard_hooks(),
)
register(FAMILY)
