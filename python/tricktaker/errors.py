"""The exceptions of tricktaker.

``Error`` is the base of every rejection: a ``ValueError``, so ``except tt.Error`` (or
``except ValueError``) catches every bad input. ``IllegalAction`` is raised by the C++ core and
by the Python deal flow alike. ``Unsupported`` says that a game lacks a capability (its family
record has no hook for it), naming both. ``SearchLimitExceeded`` is raised by a solver call that
reached its ``max_nodes`` or ``time_limit`` (the solver stays exact for later calls).
"""

from tricktaker._core import Error, IllegalAction, SearchLimitExceeded

__all__ = ["Error", "IllegalAction", "SearchLimitExceeded", "Unsupported"]


class Unsupported(NotImplementedError, Error):
    """A game lacks the capability asked for (``tt.games()[name].capabilities`` lists them)."""
