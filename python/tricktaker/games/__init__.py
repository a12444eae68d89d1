"""One folder per game family; importing this package registers them all.

Every family has the same files (docs/adding-a-game.md); a new one is registered by adding its
name to the import below.
"""

from tricktaker.games import allfours, kiksas, kirves, klaverjas, whist

__all__ = ["allfours", "kiksas", "kirves", "klaverjas", "whist"]
