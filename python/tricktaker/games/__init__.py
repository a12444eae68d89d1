"""One module per game family; importing this package registers them all."""

from tricktaker.games import kirves, klaverjas

__all__ = ["kirves", "klaverjas"]
