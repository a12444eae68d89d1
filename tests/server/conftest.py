"""Shared by the server's tests: the ``slow`` marker."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "slow: a long test (deselect with -m 'not slow')")
