"""The web app: HTTP to create, list and inspect tables and to ask analysis questions; a
WebSocket per seat (or spectator) for actions in and events and observations out; the browser
client's files at ``/``.

Every body and frame is read up to ``MAX_MESSAGE_BYTES``, checked against the protocol's models
and answered with a typed ``error`` message when it is wrong; a table only ever changes through
an accepted action. See the protocol page of the documentation for the messages.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import logging
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request, WebSocket, WebSocketDisconnect
from fastapi.responses import JSONResponse, Response
from fastapi.staticfiles import StaticFiles

from tricktaker.server.analysis import run_dd_table, run_sample, run_solve
from tricktaker.server.catalog import catalog
from tricktaker.server.errors import ProtocolError
from tricktaker.server.hub import Connection, Hub
from tricktaker.server.lobby import Lobby
from tricktaker.server.messages import (
    MAX_MESSAGE_BYTES,
    ActionMessage,
    CreateTable,
    DdTable,
    Resume,
    Sample,
    Solve,
    parse_message,
    protocol_schema,
)
from tricktaker.server.ratelimit import TokenBucket
from tricktaker.server.store import Store

__all__ = ["STATIC", "create_app"]

log = logging.getLogger("tricktaker.server")

STATIC = Path(__file__).resolve().parent / "static"

# The HTTP status of each error code (WebSocket errors are messages on the open socket).
HTTP_STATUS: dict[str, int] = {
    "bad_json": 400,
    "bad_message": 400,
    "bad_options": 400,
    "unknown_table": 404,
    "unknown_seat": 404,
    "bad_token": 403,
    "not_your_turn": 409,
    "illegal_action": 409,
    "too_large": 413,
    "rate_limited": 429,
    "not_finished": 409,
    "unsupported": 422,
    "timeout": 504,
    "busy": 503,
}

# Per WebSocket connection: 20 messages a second on average, bursts of 40. A client that keeps
# flooding after this many refusals in a row is disconnected.
WS_RATE, WS_BURST, WS_MAX_REFUSALS = 20.0, 40.0, 200
# Per client address, for the POST endpoints (creating tables, analysis).
HTTP_RATE = 10.0


def _error_response(error: ProtocolError) -> JSONResponse:
    return JSONResponse(error.to_message(), status_code=HTTP_STATUS[error.code])


async def _read_body(request: Request) -> bytes:
    """The request's body, refused as ``too_large`` past ``MAX_MESSAGE_BYTES``."""
    declared = request.headers.get("content-length")
    if declared is not None and declared.isdigit() and int(declared) > MAX_MESSAGE_BYTES:
        raise ProtocolError("too_large", f"a body holds at most {MAX_MESSAGE_BYTES} bytes")
    body = bytearray()
    async for chunk in request.stream():
        body += chunk
        if len(body) > MAX_MESSAGE_BYTES:
            raise ProtocolError("too_large", f"a body holds at most {MAX_MESSAGE_BYTES} bytes")
    return bytes(body)


class _Analysis:
    """Analysis runs in its own few threads under a time limit; when all are busy, ``busy``."""

    def __init__(self, workers: int, time_limit: float) -> None:
        self.pool = concurrent.futures.ThreadPoolExecutor(
            max_workers=workers, thread_name_prefix="tricktaker-analysis"
        )
        self.slots = asyncio.Semaphore(workers)
        self.time_limit = time_limit

    async def run(self, job: Callable[[], dict[str, Any]]) -> dict[str, Any]:
        if self.slots.locked():
            raise ProtocolError("busy", "every analysis worker is busy; try again later")
        async with self.slots:
            future = asyncio.get_running_loop().run_in_executor(self.pool, job)
            try:
                return await asyncio.wait_for(future, self.time_limit)
            except TimeoutError:
                raise ProtocolError(
                    "timeout", f"the analysis took longer than {self.time_limit:g} s"
                ) from None


def create_app(
    db: str | Store = ":memory:",
    *,
    bot_time_limit: float = 2.0,
    bot_delay: float = 0.0,
    analysis_time_limit: float = 10.0,
    analysis_workers: int = 2,
    http_rate: float = HTTP_RATE,
    static_dir: Path | None = STATIC,
) -> FastAPI:
    """The server's app over the store at ``db`` (a SQLite file, or ``":memory:"``): every
    stored table is replayed before the app starts serving. ``http_rate`` is the POST
    requests a second allowed to one client address (bursts of three seconds' worth)."""
    store = db if isinstance(db, Store) else Store(db)
    lobby = Lobby.open(store)
    hub_holder: dict[str, Hub] = {}
    analysis_holder: dict[str, _Analysis] = {}
    http_buckets: dict[str, TokenBucket] = {}

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        hub = Hub(lobby, bot_time_limit=bot_time_limit, bot_delay=bot_delay)
        hub_holder["hub"] = hub
        analysis_holder["analysis"] = _Analysis(analysis_workers, analysis_time_limit)
        hub.kick_all()  # tables stopped at a bot's turn play on
        try:
            yield
        finally:
            await hub.close()
            analysis_holder["analysis"].pool.shutdown(wait=False, cancel_futures=True)

    app = FastAPI(title="tricktaker", version="1", lifespan=lifespan)
    app.state.lobby = lobby

    @app.exception_handler(ProtocolError)
    async def protocol_error(request: Request, error: ProtocolError) -> JSONResponse:
        return _error_response(error)

    def hub() -> Hub:
        return hub_holder["hub"]

    def check_rate(request: Request) -> None:
        client = request.client.host if request.client else "?"
        bucket = http_buckets.setdefault(client, TokenBucket(http_rate, 3 * http_rate))
        if not bucket.take():
            raise ProtocolError("rate_limited", "too many requests; slow down")

    def summary(table_id: str) -> dict[str, Any]:
        table = lobby.get(table_id)
        info = table.summary()
        for seat in info["seats"]:
            seat["taken"] = hub().taken(table_id, seat["seat"])
            if seat["bot"] is None:
                del seat["bot"]
        return info

    @app.get("/api/games")
    async def list_games() -> dict[str, Any]:
        return {"type": "games", "v": 1, "games": catalog()}

    @app.get("/api/schema")
    async def schema() -> dict[str, Any]:
        return protocol_schema()

    @app.post("/api/tables")
    async def create_table(request: Request) -> JSONResponse:
        check_rate(request)
        message = parse_message(await _read_body(request), ("create_table",))
        assert isinstance(message, CreateTable)
        table, tokens = lobby.create(message)
        hub().kick(table.spec.table_id)
        return JSONResponse(lobby.created_message(table, tokens), status_code=201)

    @app.get("/api/tables")
    async def list_tables() -> dict[str, Any]:
        return {"type": "tables", "v": 1, "tables": [summary(t) for t in list(lobby.tables)]}

    @app.get("/api/tables/{table_id}")
    async def show_table(table_id: str) -> dict[str, Any]:
        info = summary(table_id)
        observation = lobby.get(table_id).observation_for(None)
        return {"type": "table", "v": 1, **info, "observation": observation}

    @app.get("/api/tables/{table_id}/record")
    async def record(table_id: str) -> Response:
        text = lobby.get(table_id).record()
        return Response(text, media_type="application/json")

    @app.post("/api/analysis/{kind}")
    async def analysis(kind: str, request: Request) -> dict[str, Any]:
        check_rate(request)
        if kind not in ("solve", "dd_table", "sample"):
            raise ProtocolError("bad_message", f"no analysis {kind!r}; solve, dd_table, sample")
        message = parse_message(await _read_body(request), (kind,))
        job: Callable[[], dict[str, Any]]
        if isinstance(message, Solve):
            job = lambda: run_solve(message)  # noqa: E731
        elif isinstance(message, DdTable):
            job = lambda: run_dd_table(message)  # noqa: E731
        else:
            assert isinstance(message, Sample)
            table = lobby.get(message.table)
            seat = lobby.seat_of(table, message.token)
            machine = table.machine.clone()  # the worker reads a copy, never the live table
            job = lambda: run_sample(machine, seat, message.n, message.seed)  # noqa: E731
        return await analysis_holder["analysis"].run(job)

    @app.websocket("/ws/tables/{table_id}")
    async def play(websocket: WebSocket, table_id: str) -> None:
        await websocket.accept()
        await _session(websocket, table_id, lobby, hub())

    if static_dir is not None:
        app.mount("/", StaticFiles(directory=static_dir, html=True, check_dir=False), "static")
    return app


async def _session(websocket: WebSocket, table_id: str, lobby: Lobby, hub: Hub) -> None:
    """One WebSocket client: welcome, then its messages until it leaves."""
    lock = asyncio.Lock()

    async def send(message: dict[str, Any]) -> None:
        async with lock:
            await websocket.send_text(json.dumps(message))

    params = websocket.query_params
    try:
        table = lobby.get(table_id)
        token = params.get("token")
        seat = None if token is None else lobby.seat_of(table, token)
        after = params.get("after", "0")
        if not after.isdigit():
            raise ProtocolError("bad_message", f"after is a whole number, got {after[:20]!r}")
    except ProtocolError as error:
        await send(error.to_message())
        await websocket.close(code=4000 + HTTP_STATUS[error.code])
        return

    connection = Connection(table_id, seat, send, sent=int(after))
    await send(
        {
            "type": "welcome",
            "v": 1,
            "table": table_id,
            "game": table.spec.game,
            "seat": seat,
            "seat_names": table.names,
            "events": len(table.events),
        }
    )
    hub.attach(connection)
    bucket = TokenBucket(WS_RATE, WS_BURST)
    refusals = 0
    try:
        while True:
            frame = await websocket.receive()
            if frame["type"] == "websocket.disconnect":
                return
            raw = frame.get("text") if frame.get("text") is not None else frame.get("bytes")
            if raw is None:
                continue
            if not bucket.take():
                refusals += 1
                if refusals >= WS_MAX_REFUSALS:
                    await websocket.close(code=1008)
                    return
                await send(ProtocolError("rate_limited", "too many messages").to_message())
                continue
            refusals = 0
            try:
                await _handle(raw, connection, lobby, hub, send)
            except ProtocolError as error:
                await send(error.to_message())
    except WebSocketDisconnect:
        return
    finally:
        hub.detach(connection)


async def _handle(
    raw: str | bytes,
    connection: Connection,
    lobby: Lobby,
    hub: Hub,
    send: Callable[[dict[str, Any]], Any],
) -> None:
    message = parse_message(raw, ("action", "resume", "ping"))
    if isinstance(message, ActionMessage):
        if connection.seat is None:
            raise ProtocolError("bad_token", "a spectator holds no seat: connect with its token")
        if message.seat is not None and message.seat != connection.seat:
            raise ProtocolError("bad_token", "this connection's token is for another seat")
        hub.act(lobby.get(connection.table_id), connection.seat, message.action)
    elif isinstance(message, Resume):
        hub.resume(connection, message.after)
    else:
        await send({"type": "pong", "v": 1})
