"""One module per game family; importing this package registers them all."""

from tricktaker.games import allfours, kiksas, kirves, klaverjas, whist

__all__ = ["allfours", "kiksas", "kirves", "klaverjas", "whist"]
