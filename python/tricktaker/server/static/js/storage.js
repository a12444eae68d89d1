// Seat tokens kept in localStorage, and the URL hash that names the table and
// seat, so that a reload (or a link) lands back at the same seat of the same table.

const PREFIX = "tricktaker";

function read(key, fallback) {
  try {
    const text = localStorage.getItem(key);
    return text === null ? fallback : JSON.parse(text);
  } catch {
    return fallback;
  }
}

function write(key, value) {
  try {
    localStorage.setItem(key, JSON.stringify(value));
  } catch {
    // Storage full or disabled (a private window): the game goes on, a reload loses the seat.
  }
}

const tokenKey = (table, seat) => `${PREFIX}.token.${table}.${seat}`;

export function saveToken(table, seat, token) {
  write(tokenKey(table, seat), token);
}

export function loadToken(table, seat) {
  return read(tokenKey(table, seat), null);
}

/** The seats of a table this browser holds a token for. */
export function heldSeats(table) {
  const seats = [];
  const head = `${PREFIX}.token.${table}.`;
  for (let i = 0; i < localStorage.length; i++) {
    const key = localStorage.key(i);
    if (key?.startsWith(head)) seats.push(Number(key.slice(head.length)));
  }
  return seats.sort((a, b) => a - b);
}

/** {table, seat, token} from "#table=ID&seat=N&token=T" (all optional). */
export function parseHash(hash = location.hash) {
  const params = new URLSearchParams(hash.replace(/^#/, ""));
  const seatText = params.get("seat");
  return {
    table: params.get("table"),
    seat: seatText !== null && /^\d+$/.test(seatText) ? Number(seatText) : null,
    token: params.get("token"),
  };
}

export function tableHash(table, seat) {
  const params = new URLSearchParams({ table });
  if (seat !== null && seat !== undefined) params.set("seat", String(seat));
  return `#${params}`;
}

/** A link another player can open to take a human seat (it carries the seat's token). */
export function inviteLink(table, seat, token) {
  const params = new URLSearchParams({ table, seat: String(seat), token });
  return `${location.origin}${location.pathname}#${params}`;
}
