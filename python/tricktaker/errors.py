"""The exceptions of tricktaker.

``Error`` is the base of every rejection: a ``ValueError``, so ``except tt.Error`` (or
``except ValueError``) catches every bad input. ``IllegalAction`` is raised by the C++ core and
by the Python deal flow alike. ``Unsupported`` says that a game lacks a capability (its family
record has no hook for it), naming both.
"""

from tricktaker._core import Error, IllegalAction

__all__ = ["Error", "IllegalAction", "Unsupported"]


class Unsupported(NotImplementedError, Error):
    """A game lacks the capability asked for (``tt.games()[name].capabilities`` lists them)."""
