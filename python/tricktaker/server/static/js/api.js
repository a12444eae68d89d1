// The wire protocol, version 1: HTTP calls and the table's WebSocket with resume.

export const PROTOCOL_VERSION = 1;

/** An error the server answered with ({type: "error", code, message, allowed}). */
export class ProtocolError extends Error {
  constructor(message, code = "error", allowed = null) {
    super(message);
    this.code = code;
    this.allowed = allowed;
  }
}

async function call(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify({ v: PROTOCOL_VERSION, ...body });
  }
  let response;
  try {
    response = await fetch(path, init);
  } catch (err) {
    throw new ProtocolError(`The server cannot be reached (${err.message}).`, "network");
  }
  let data = null;
  try {
    data = await response.json();
  } catch {
    throw new ProtocolError(`The server answered ${response.status} without JSON.`, "bad_response");
  }
  if (!response.ok || data?.type === "error") {
    const detail = data?.message || data?.detail || `HTTP ${response.status}`;
    throw new ProtocolError(typeof detail === "string" ? detail : JSON.stringify(detail), data?.code, data?.allowed);
  }
  return data;
}

export const getGames = () => call("GET", "/api/games");
export const getTables = () => call("GET", "/api/tables");
export const getTable = (id) => call("GET", `/api/tables/${encodeURIComponent(id)}`);
export const createTable = (request) => call("POST", "/api/tables", { type: "create_table", ...request });

/**
 * One seat's (or a spectator's) connection to a table. It reconnects after a drop and asks
 * the server to resume after the last event it has seen, so nothing is lost or doubled.
 * handlers: {welcome, events, observation, result, error, status}.
 */
export class TableConnection {
  constructor(table, token, handlers) {
    this.table = table;
    this.token = token;
    this.handlers = handlers;
    this.nextEvent = 0; // the index of the first event not yet received
    this.socket = null;
    this.closed = false;
    this.retryDelay = 500;
    this.pingTimer = null;
  }

  open() {
    const scheme = location.protocol === "https:" ? "wss" : "ws";
    // After a drop, ask only for the events not seen yet ("after"); the first time, all.
    const params = new URLSearchParams();
    if (this.token) params.set("token", this.token);
    if (this.nextEvent > 0) params.set("after", String(this.nextEvent));
    const query = params.size ? `?${params}` : "";
    const socket = new WebSocket(`${scheme}://${location.host}/ws/tables/${encodeURIComponent(this.table)}${query}`);
    this.socket = socket;
    this.handlers.status?.("connecting");
    socket.addEventListener("open", () => {
      this.retryDelay = 500;
      this.handlers.status?.("open");
      clearInterval(this.pingTimer);
      this.pingTimer = setInterval(() => this.send({ type: "ping" }), 25000);
    });
    socket.addEventListener("message", (message) => this.receive(message.data));
    socket.addEventListener("close", (event) => {
      clearInterval(this.pingTimer);
      if (this.socket !== socket) return;
      this.handlers.status?.("closed");
      // 4403 / 4404: a bad token or an unknown table; trying again cannot help.
      if (event.code === 4403 || event.code === 4404) this.closed = true;
      if (!this.closed) {
        setTimeout(() => !this.closed && this.open(), this.retryDelay);
        this.retryDelay = Math.min(this.retryDelay * 2, 8000);
      }
    });
  }

  receive(text) {
    let message;
    try {
      message = JSON.parse(text);
    } catch {
      this.handlers.error?.({ code: "bad_json", message: "The server sent a message that is not JSON." });
      return;
    }
    switch (message.type) {
      case "welcome":
        this.handlers.welcome?.(message);
        break;
      case "events": {
        // Drop what was seen already (a resume may overlap); keep the log in order.
        const fresh = (message.events || []).filter((e) => e.index >= this.nextEvent);
        if (fresh.length) {
          this.nextEvent = fresh[fresh.length - 1].index + 1;
          this.handlers.events?.(fresh);
        }
        break;
      }
      case "observation":
        if (typeof message.events === "number") this.nextEvent = Math.max(this.nextEvent, message.events);
        this.handlers.observation?.(message);
        break;
      case "result":
        this.handlers.result?.(message.result, message.scope ?? "deal");
        break;
      case "error":
        this.handlers.error?.(message);
        if (["unknown_table", "bad_token"].includes(message.code)) this.close();
        break;
      case "pong":
        break;
      default:
        break;
    }
  }

  send(message) {
    if (this.socket?.readyState !== WebSocket.OPEN) return false;
    this.socket.send(JSON.stringify({ v: PROTOCOL_VERSION, ...message }));
    return true;
  }

  act(action) {
    return this.send({ type: "action", action });
  }

  close() {
    this.closed = true;
    clearInterval(this.pingTimer);
    this.socket?.close();
  }
}
