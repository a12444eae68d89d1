"""The ``tricktaker`` command: play a game in the terminal, or let bots simulate many deals.

::

    tricktaker play klaverjas                      # you at S, rule bots elsewhere, 16 deals
    tricktaker play klaverjas --seats N,S --deals 1 --seed 7
    tricktaker simulate klaverjas --deals 10000 --seed 1
    tricktaker simulate klaverjas --deals 1000 --seed 1 --json --per-deal
    tricktaker simulate klaverjas --deals 200 --seed 1 --bots pimc,rule,random   # compare bots
    tricktaker games                               # games, presets and options

Every game takes ``--seed``, ``--preset`` and ``--option key=value`` (repeatable; ``true`` /
``false`` become booleans and whole numbers integers), and ``--num-players N``, passed to the
game as the option ``num_players``.

``play`` reads the person's input line by line from standard input, so a game can be scripted
with piped input. A person types a card (``10♥``, ``TH``, ``th``), a call (``pass``,
``trump:H``, or just ``H`` or ``♥``), or the number of an action in the list shown. ``help``
lists the commands: ``rules`` (what the choices of the moment mean, with the rule numbers),
``hint`` (a search's value of each legal card), ``undo``, ``save FILE``, ``load FILE`` and
``quit``.

Per-game text views
-------------------
What a person sees is drawn by the ``TextView`` of the game's family (its ``view`` capability,
``games/<family>/view.py``; ``tricktaker.protocol.view`` is the kit): small functions for the
deal's header, the table at a person's turn, the prompt, the text of an action, the narration
of every applied action, a deal's scores and the standings. A game without a view is still
playable with the generic one (observations as JSON).

The simulation summary of ``simulate`` is the family's ``SummaryAdapter`` (see ``tricktaker.sim``).
"""

from __future__ import annotations

from tricktaker.cli.arguments import build_parser, parse_option_value
from tricktaker.cli.command import main
from tricktaker.cli.person import parse_person_input
from tricktaker.cli.views import view_for
from tricktaker.protocol.view import Lines, TextView, arrange_by_rank_order, pretty_card

__all__ = [
    "Lines",
    "TextView",
    "arrange_by_rank_order",
    "build_parser",
    "main",
    "parse_option_value",
    "parse_person_input",
    "pretty_card",
    "view_for",
]
