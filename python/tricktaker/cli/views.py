"""The terminal view of a game in ``tricktaker play``: its family's ``TextView``, or the
generic one (observations as JSON) for a family without a view of its own."""

from __future__ import annotations

from tricktaker.errors import Unsupported
from tricktaker.protocol.family import capability
from tricktaker.protocol.view import TextView

__all__ = ["view_for"]


def view_for(game: str) -> TextView:
    """The view of a game (by its ``Game.name``); a game whose family has none is still
    playable, with the generic view."""
    try:
        view: TextView = capability(game, "view")
    except Unsupported:
        return TextView()
    return view
