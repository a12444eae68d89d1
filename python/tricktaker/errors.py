"""The exceptions of tricktaker.

``IllegalAction`` is raised by the C++ core and by the Python deal flow alike: one class, a
``ValueError``, so ``except ValueError`` catches every bad input.
"""

from tricktaker._core import IllegalAction

__all__ = ["IllegalAction"]
