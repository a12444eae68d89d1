"""``tricktaker serve``: the protocol over HTTP and WebSockets (with the browser client at
``/``), or ``--stdio``: the same messages as JSON lines over standard input and output.

The server's modules need the ``server`` extra (FastAPI, uvicorn), which the core install
lacks, so they are loaded only when ``serve`` runs: every other command works without them.
"""

from __future__ import annotations

import argparse
import importlib
import importlib.util
from typing import Any, TextIO

__all__ = ["add_serve_parser", "run_serve"]

DEFAULT_DB = "tricktaker.sqlite3"


def add_serve_parser(sub: Any) -> None:
    """The ``serve`` subcommand's arguments."""
    serve = sub.add_parser("serve", help="serve tables over HTTP and WebSockets, or stdio")
    serve.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    serve.add_argument("--port", type=int, default=8000, help="port to listen on (default 8000)")
    serve.add_argument(
        "--db",
        default=DEFAULT_DB,
        help=f"the SQLite file of every table (default ./{DEFAULT_DB}; ':memory:' keeps none)",
    )
    serve.add_argument(
        "--stdio",
        action="store_true",
        help="speak the protocol as JSON lines on standard input and output instead",
    )
    serve.add_argument(
        "--bot-time", type=float, default=2.0, help="seconds a bot may think per decision"
    )
    serve.add_argument(
        "--bot-delay", type=float, default=0.5, help="seconds before each bot move (for people)"
    )
    serve.add_argument(
        "--http-rate",
        type=float,
        default=10.0,
        help="POST requests a second allowed to one client address (default 10)",
    )
    serve.add_argument("--log-level", default="info", help="uvicorn's log level")


def run_serve(args: argparse.Namespace, stdin: TextIO, out: TextIO) -> int:
    missing = [m for m in ("fastapi", "uvicorn") if importlib.util.find_spec(m) is None]
    if missing:
        raise ValueError(
            f"serve needs the server extra ({', '.join(missing)} missing): "
            "pip install 'tricktaker[server]'"
        )
    if args.bot_time <= 0 or args.bot_delay < 0 or args.http_rate <= 0:
        raise ValueError("--bot-time and --http-rate must be > 0, --bot-delay >= 0")
    if args.stdio:
        stdio = importlib.import_module("tricktaker.server.stdio")
        code: int = stdio.serve_stdio(stdin, out, args.db, bot_time_limit=args.bot_time)
        return code
    run = importlib.import_module("tricktaker.server.run")
    run.serve_http(
        args.host,
        args.port,
        args.db,
        bot_time_limit=args.bot_time,
        bot_delay=args.bot_delay,
        http_rate=args.http_rate,
        log_level=args.log_level,
    )
    return 0
