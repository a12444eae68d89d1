"""The exceptions of tricktaker.

``IllegalAction`` is raised by the C++ core and by the Python deal flow alike: one class, a
``ValueError``, so ``except ValueError`` catches every bad input. ``Unsupported`` says that a
game lacks a capability (its family record has no hook for it), naming both.
"""

from tricktaker._core import IllegalAction

__all__ = ["IllegalAction", "Unsupported"]


class Unsupported(NotImplementedError, ValueError):
    """A game lacks the capability asked for (``tt.games()[name].capabilities`` lists them)."""
