"""A token bucket: ``rate`` messages a second on average, bursts of up to ``burst``."""

from __future__ import annotations

import time

__all__ = ["TokenBucket"]


class TokenBucket:
    """Each message takes a token; tokens come back at ``rate`` a second, up to ``burst``."""

    def __init__(self, rate: float, burst: float) -> None:
        if rate <= 0 or burst < 1:
            raise ValueError(f"a bucket needs rate > 0 and burst >= 1, got {rate}, {burst}")
        self.rate = rate
        self.burst = burst
        self._tokens = burst
        self._last = time.monotonic()

    def take(self) -> bool:
        """Take a token if there is one; False when the message is over the limit."""
        now = time.monotonic()
        self._tokens = min(self.burst, self._tokens + (now - self._last) * self.rate)
        self._last = now
        if self._tokens >= 1:
            self._tokens -= 1
            return True
        return False
