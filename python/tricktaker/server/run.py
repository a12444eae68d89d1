"""Running the web app with uvicorn (``tricktaker serve``)."""

from __future__ import annotations

import logging

import uvicorn

from tricktaker.server.app import create_app
from tricktaker.server.messages import MAX_MESSAGE_BYTES

__all__ = ["serve_http"]

# Frames past this are refused by the WebSocket protocol itself (the connection is closed);
# below it, frames past MAX_MESSAGE_BYTES get a ``too_large`` error and the socket stays open.
WS_MAX_FRAME = 16 * MAX_MESSAGE_BYTES


def serve_http(
    host: str,
    port: int,
    db: str,
    *,
    bot_time_limit: float = 2.0,
    bot_delay: float = 0.0,
    http_rate: float = 10.0,
    log_level: str = "info",
) -> None:
    """Serve until interrupted; every table of ``db`` is replayed first."""
    logging.basicConfig(level=log_level.upper(), format="%(levelname)s %(name)s: %(message)s")
    app = create_app(db, bot_time_limit=bot_time_limit, bot_delay=bot_delay, http_rate=http_rate)
    uvicorn.run(app, host=host, port=port, ws_max_size=WS_MAX_FRAME, log_level=log_level)
