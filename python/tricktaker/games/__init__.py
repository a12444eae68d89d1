"""One module per game family; importing this package registers them all."""

from tricktaker.games import allfours, kiksas, klaverjas

__all__ = ["allfours", "kiksas", "klaverjas"]
