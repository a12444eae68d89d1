"""Search limits: bounds on the solver's work for one call, for servers that solve positions
sent by strangers (a ten-seat deal can take tens of millions of nodes and tens of seconds).

``SearchLimits.of(max_nodes, time_limit)`` checks the two options of the solver calls
(``tt.solve``, ``Solver.value``, ``solve_many``, ``dd_table`` ...); ``left(nodes_used)`` gives
the core call the keyword arguments of what is left of them, so that a call made of several
searches (a table, the plays of a pitch) is bounded as a whole. A search that reaches a limit
raises ``tt.SearchLimitExceeded``.
"""

from __future__ import annotations

import math
import numbers
import time
from dataclasses import dataclass
from typing import Any

from tricktaker.errors import Error, SearchLimitExceeded

__all__ = ["NO_LIMITS", "SearchLimits"]


@dataclass(frozen=True)
class SearchLimits:
    """At most ``max_nodes`` search nodes, and a ``deadline`` on ``time.monotonic()``'s clock;
    None: no bound."""

    max_nodes: int | None = None
    deadline: float | None = None

    @classmethod
    def of(cls, max_nodes: int | None = None, time_limit: float | None = None) -> SearchLimits:
        """The limits of a call's options: ``max_nodes`` an int >= 1, ``time_limit`` seconds
        from now (> 0); each None for no limit."""
        if max_nodes is not None:
            if isinstance(max_nodes, bool) or not isinstance(max_nodes, numbers.Integral):
                raise TypeError(f"max_nodes must be an int or None, got {max_nodes!r}")
            if max_nodes < 1:
                raise Error(f"max_nodes must be at least 1 (or None for no limit), got {max_nodes}")
        deadline = None
        if time_limit is not None:
            if isinstance(time_limit, bool) or not isinstance(time_limit, numbers.Real):
                raise TypeError(
                    f"time_limit must be a number of seconds or None, got {time_limit!r}"
                )
            seconds = float(time_limit)
            if not seconds > 0 or math.isinf(seconds):
                raise Error(
                    f"time_limit must be a positive number of seconds (or None), got {time_limit!r}"
                )
            deadline = time.monotonic() + seconds
        return cls(None if max_nodes is None else int(max_nodes), deadline)

    @property
    def bounded(self) -> bool:
        return self.max_nodes is not None or self.deadline is not None

    def left(self, nodes_used: int = 0) -> dict[str, Any]:
        """The core call's ``max_nodes`` and ``time_limit`` for what is left after
        ``nodes_used`` nodes; raises SearchLimitExceeded when nothing is."""
        kwargs: dict[str, Any] = {}
        if self.max_nodes is not None:
            nodes = self.max_nodes - nodes_used
            if nodes <= 0:
                raise SearchLimitExceeded(f"the search reached its limit of {self.max_nodes} nodes")
            kwargs["max_nodes"] = nodes
        if self.deadline is not None:
            seconds = self.deadline - time.monotonic()
            if seconds <= 0:
                raise SearchLimitExceeded("the search reached its time limit")
            kwargs["time_limit"] = seconds
        return kwargs


NO_LIMITS = SearchLimits()
