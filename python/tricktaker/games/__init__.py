"""One module per game family; importing this package registers them all."""

from tricktaker.games import klaverjas

__all__ = ["klaverjas"]
