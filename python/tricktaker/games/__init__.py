"""One module per game family; importing this package registers them all."""

from tricktaker.games import kiksas, klaverjas

__all__ = ["kiksas", "klaverjas"]
