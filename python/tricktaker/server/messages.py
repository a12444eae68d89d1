"""The wire protocol, version 1: one pydantic model per message type, their JSON Schema, and the
parsing of what a client sends.

Every message is a JSON object with ``type`` and ``v`` (the protocol version, 1). Messages from
clients are checked strictly (no extra fields, no coercion of types): anything else becomes a
``ProtocolError`` (``bad_json``, ``bad_message``, ``too_large``) and changes nothing. The
game-specific parts (observations, event details, results, options) are described by the
package's own schema, ``tt.schema()``; here they are JSON objects.
"""

from __future__ import annotations

import json
from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError
from pydantic.json_schema import models_json_schema

from tricktaker.server.errors import ERROR_CODES, ProtocolError

__all__ = [
    "CLIENT_MESSAGES",
    "MAX_MESSAGE_BYTES",
    "PROTOCOL_VERSION",
    "REDACTED",
    "SERVER_MESSAGES",
    "parse_message",
    "protocol_schema",
]

PROTOCOL_VERSION = 1
# The largest message (HTTP body or WebSocket frame) the server reads.
MAX_MESSAGE_BYTES = 64 * 1024
# What stands in the place of a card the receiving seat may not see.
REDACTED = "??"

Version = Literal[1]
Seat = Annotated[int, Field(ge=0, le=63)]
Text = Annotated[str, Field(min_length=1, max_length=200)]
TableId = Annotated[str, Field(min_length=1, max_length=64)]
JsonObject = dict[str, Any]


class _Client(BaseModel):
    """A message from a client: checked strictly, every field declared."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True)


class _Server(BaseModel):
    model_config = ConfigDict(extra="forbid")


# -- client -> server -------------------------------------------------------------------------


class SeatSpec(_Client):
    """Who sits at a seat: a person (who gets a token) or a bot by its spec."""

    kind: Literal["human", "bot"]
    bot: Text | None = Field(
        default=None, description="the bot's spec: 'random', 'rule', 'pimc:N' (bots only)"
    )


class CreateTable(_Client):
    type: Literal["create_table"]
    v: Version
    game: Text
    preset: Text | None = None
    options: JsonObject = Field(default_factory=dict, description="the game's options")
    match: bool = Field(default=False, description="a whole match (deal after deal)")
    seats: list[SeatSpec] | None = Field(
        default=None,
        max_length=16,
        description="one per seat; default: seat 0 a person, the rest rule bots",
    )
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = Field(
        default=None, description="the shuffle's seed (default: a fresh one)"
    )


class ActionMessage(_Client):
    type: Literal["action"]
    v: Version
    action: Text
    # Over standard input and output a session names the table and seat of every message.
    table: TableId | None = None
    seat: Seat | None = None


class Resume(_Client):
    type: Literal["resume"]
    v: Version
    after: Annotated[int, Field(ge=0)] = Field(
        description="send every event with index >= after, then the observation"
    )
    table: TableId | None = None
    seat: Seat | None = None


class Ping(_Client):
    type: Literal["ping"]
    v: Version


class Observe(_Client):
    """Standard input and output only: the observation of a seat of a table."""

    type: Literal["observe"]
    v: Version
    table: TableId
    seat: Seat | None = None


class Solve(_Client):
    type: Literal["solve"]
    v: Version
    game: Text
    preset: Text | None = None
    options: JsonObject = Field(default_factory=dict)
    position: Annotated[str, Field(min_length=1, max_length=2000)] = Field(
        description="the game's one-line position text"
    )
    objective: Text | None = None
    side: int | Text | None = None


class DdTable(_Client):
    type: Literal["dd_table"]
    v: Version
    game: Text
    preset: Text | None = None
    options: JsonObject = Field(default_factory=dict)
    position: Annotated[str, Field(min_length=1, max_length=2000)] | None = None
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = Field(
        default=None, description="a deal shuffled from this seed, when no position is given"
    )
    objective: Text | None = None


class Sample(_Client):
    """Deals consistent with what one seat of a table knows (its token proves the seat)."""

    type: Literal["sample"]
    v: Version
    table: TableId
    token: Annotated[str, Field(min_length=1, max_length=200)]
    n: Annotated[int, Field(ge=1, le=200)] = 20
    seed: Annotated[int, Field(ge=0, lt=2**63)] | None = None


CLIENT_MESSAGES: dict[str, type[_Client]] = {
    "create_table": CreateTable,
    "action": ActionMessage,
    "resume": Resume,
    "ping": Ping,
    "observe": Observe,
    "solve": Solve,
    "dd_table": DdTable,
    "sample": Sample,
}

# -- server -> client -------------------------------------------------------------------------


class SeatInfo(_Server):
    seat: Seat
    name: str
    kind: Literal["human", "bot"]
    bot: str | None = None
    token: str | None = Field(default=None, description="only in table_created, human seats")
    taken: bool | None = Field(default=None, description="a client is connected to the seat")


class TableCreated(_Server):
    type: Literal["table_created"]
    v: Version
    table: str
    seats: list[SeatInfo]


class TableSummary(_Server):
    table: str
    game: str
    preset: str | None
    options: JsonObject
    match: bool
    seats: list[SeatInfo]
    events: int
    phase: str
    finished: bool


class Tables(_Server):
    type: Literal["tables"]
    v: Version
    tables: list[TableSummary]


class TableInfo(TableSummary):
    type: Literal["table"]
    v: Version
    observation: JsonObject = Field(description="the spectator's (public) view")


class Games(_Server):
    type: Literal["games"]
    v: Version
    games: dict[str, JsonObject] = Field(
        description="tt.games(), by name, each with its num_players: the option that sets the "
        "count (or null), the allowed counts, the default (null: choose one), the same per "
        "preset, and set_by: the options whose choices change the count"
    )


class Welcome(_Server):
    type: Literal["welcome"]
    v: Version
    table: str
    game: str
    seat: Seat | None = Field(description="the client's seat; null for a spectator")
    seat_names: list[str]
    events: int = Field(description="events in the table's log")


class WireEvent(_Server):
    index: Annotated[int, Field(ge=0)] = Field(description="its place in the table's whole log")
    seat: Seat
    action: str = Field(description=f"the action's text; a hidden card reads {REDACTED!r}")
    phase: str
    detail: JsonObject = Field(description="the game's event fields, hidden cards redacted")
    note: str | None = Field(default=None, description="e.g. a bot's fallback move")


class Events(_Server):
    type: Literal["events"]
    v: Version
    events: list[WireEvent]
    table: str | None = None
    seat: Seat | None = None


class Observation(_Server):
    type: Literal["observation"]
    v: Version
    seat: Seat | None
    events: int
    observation: JsonObject = Field(description="the seat's observation (tt.schema())")
    table: str | None = None


class Result(_Server):
    type: Literal["result"]
    v: Version
    scope: Literal["deal", "match"] = Field(description="a deal is over, or the whole match")
    result: JsonObject
    table: str | None = None
    seat: Seat | None = None


class Error(_Server):
    type: Literal["error"]
    v: Version
    code: Literal[tuple(ERROR_CODES)]  # type: ignore[valid-type]
    message: str
    allowed: list[str] | None = None


class Pong(_Server):
    type: Literal["pong"]
    v: Version


class Solution(_Server):
    type: Literal["solution"]
    v: Version
    value: float
    side: int
    objective: str
    cards: dict[str, float] = Field(description="each legal card's value")
    nodes: int


class DdTableResult(_Server):
    type: Literal["dd_table_result"]
    v: Version
    strains: list[str]
    table: list[list[int | None]] = Field(description="by strain, then column; null: no value")


class Samples(_Server):
    type: Literal["samples"]
    v: Version
    seat: Seat
    hands: list[list[list[str]]] = Field(description="per sample, each seat's hand")
    count: float = Field(description="the weighted number of consistent deals")


SERVER_MESSAGES: dict[str, type[_Server]] = {
    "games": Games,
    "table_created": TableCreated,
    "tables": Tables,
    "table": TableInfo,
    "welcome": Welcome,
    "events": Events,
    "observation": Observation,
    "result": Result,
    "error": Error,
    "pong": Pong,
    "solution": Solution,
    "dd_table_result": DdTableResult,
    "samples": Samples,
}


def parse_message(raw: str | bytes, allowed: tuple[str, ...] | None = None) -> BaseModel:
    """The client message in ``raw`` (JSON text), checked against its type's model.

    ``allowed`` limits the types accepted (the WebSocket takes actions, resumes and pings).
    Raises ``ProtocolError``: ``too_large``, ``bad_json`` or ``bad_message``.
    """
    if len(raw) > MAX_MESSAGE_BYTES:
        raise ProtocolError(
            "too_large", f"a message holds at most {MAX_MESSAGE_BYTES} bytes, got {len(raw)}"
        )
    try:
        data = json.loads(raw)
    except (ValueError, UnicodeDecodeError) as exc:
        raise ProtocolError("bad_json", f"not JSON: {exc}") from None
    return parse_object(data, allowed)


def parse_object(data: Any, allowed: tuple[str, ...] | None = None) -> BaseModel:
    """``parse_message`` for JSON already decoded."""
    if not isinstance(data, dict):
        raise ProtocolError("bad_json", f"a message is a JSON object, got {type(data).__name__}")
    kinds = tuple(CLIENT_MESSAGES) if allowed is None else allowed
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in kinds:
        raise ProtocolError(
            "bad_message", f"unknown message type {kind!r}; types: {', '.join(kinds)}"
        )
    if data.get("v") != PROTOCOL_VERSION:
        raise ProtocolError(
            "bad_message", f"protocol version {data.get('v')!r} unknown; v is {PROTOCOL_VERSION}"
        )
    try:
        return CLIENT_MESSAGES[kind].model_validate(data)
    except ValidationError as exc:
        problems = "; ".join(
            f"{'.'.join(str(p) for p in e['loc']) or 'message'}: {e['msg']}"
            for e in exc.errors()[:5]
        )
        raise ProtocolError("bad_message", f"{kind}: {problems}") from None


def protocol_schema() -> dict[str, Any]:
    """The JSON Schema (draft 2020-12) of every message: ``$defs`` holds each client and
    server message by its model's name; ``client`` and ``server`` list them by ``type``."""
    models: list[tuple[type[BaseModel], Literal["validation", "serialization"]]] = [
        (m, "validation") for m in CLIENT_MESSAGES.values()
    ]
    models += [(m, "serialization") for m in SERVER_MESSAGES.values()]
    refs, document = models_json_schema(models, ref_template="#/$defs/{model}")

    def ref(model: type[BaseModel], mode: str) -> str:
        return str(refs[(model, mode)]["$ref"])  # type: ignore[index]

    return {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://tricktaker.dev/schema/protocol/v1",
        "title": "tricktaker wire protocol, version 1",
        "$defs": document.get("$defs", {}),
        "client": {k: {"$ref": ref(m, "validation")} for k, m in CLIENT_MESSAGES.items()},
        "server": {k: {"$ref": ref(m, "serialization")} for k, m in SERVER_MESSAGES.items()},
    }
