// Showing observation and result fields whatever the game: seats by name, suits as symbols,
// cards as small cards, per-seat and per-side numbers with their names.

import { h } from "./dom.js";
import { inlineCard, isCard, suitIcon, suitName } from "./cards.js";
import { actionLabel, fieldLabel } from "./labels.js";

// Fields that name a seat (an index into "seats").
const SEAT_FIELDS = new Set([
  "dealer", "declarer", "trump_maker", "pitcher", "begger", "forehand", "eldest", "cutter",
  "first", "second", "third", "active_player", "widow_taker", "keppi_holder", "leader",
  "player", "sitting_out", "playing_team_seat", "next_dealer", "winner_seat",
]);
const SUIT_LETTERS = new Set(["S", "H", "D", "C"]);
// Fields that name a side (an index into "sides").
const SIDE_FIELDS = new Set(["playing_team", "pit_team", "penalized_team", "writing_pair", "side", "winner_side"]);
const SEAT_LISTS = new Set(["folded", "participants", "escaped", "trick_winners", "ranking"]);

// The game's own word on which fields hold a seat or a side ("seat", "side", "seats",
// "sides"), from /api/games; it settles names the lists above cannot (a "winner").
let fieldRoles = {};

export function setFieldRoles(roles) {
  fieldRoles = roles && typeof roles === "object" ? roles : {};
}

/** The seat names of an observation (or numbers when it has none). */
export function seatNames(obs) {
  return Array.isArray(obs?.seats) ? obs.seats : [];
}

export function seatName(obs, seat) {
  const names = seatNames(obs);
  return Number.isInteger(seat) && seat >= 0 && seat < names.length ? names[seat] : String(seat);
}

export function sideNames(obs) {
  return Array.isArray(obs?.sides) ? obs.sides.map((side) => side.name) : [];
}

/** A trump value: a suit symbol, or "No trump" for NT / none. */
export function trumpNode(trump) {
  if (trump === "NT") return "No trump";
  if (SUIT_LETTERS.has(trump)) return h("span", { class: "suit-word" }, suitIcon(trump, { label: false }), " ", suitName(trump));
  return trump === null || trump === undefined ? "not chosen yet" : String(trump);
}

function isEmpty(value) {
  if (value === null || value === undefined) return true;
  if (Array.isArray(value)) return value.length === 0;
  if (typeof value === "object") return Object.keys(value).length === 0;
  return false;
}

/** Numbers per seat or per side, each with its name: "NS 82 · EW 80". */
function perNameList(values, names) {
  return h(
    "span",
    { class: "per-name" },
    values.map((v, i) => h("span", { class: "pair" }, h("span", { class: "who" }, names[i]), " ", formatValue("", v, null))),
  );
}

/**
 * A field's value as nodes. `obs` gives the seat and side names (null inside nested values
 * where the names would be guesses).
 */
export function formatValue(key, value, obs) {
  if (value === null || value === undefined) return "—";
  if (typeof value === "boolean") return value ? "yes" : "no";
  const role = fieldRoles[key];
  if (typeof value === "number") {
    if (obs && role === "seat" && Number.isInteger(value)) return seatName(obs, value);
    if (obs && role === "side" && Number.isInteger(value)) return sideNames(obs)[value] ?? String(value);
    if (obs && (SEAT_FIELDS.has(key) || key.endsWith("_holder")) && Number.isInteger(value)) return seatName(obs, value);
    if (obs && SIDE_FIELDS.has(key) && Number.isInteger(value)) return sideNames(obs)[value] ?? String(value);
    return String(value);
  }
  if (typeof value === "string") {
    if (key.includes("trump") || key.includes("suit")) return trumpNode(value);
    if (isCard(value)) return inlineCard(value);
    return value.replaceAll("_", " ");
  }
  if (Array.isArray(value)) {
    if (value.every((v) => typeof v === "string" && isCard(v))) {
      return h("span", { class: "card-list" }, value.map((v) => inlineCard(v)));
    }
    if (obs && value.every((v) => typeof v === "number" || v === null)) {
      const seats = seatNames(obs);
      const sides = sideNames(obs);
      if (role === "seats" && !value.includes(null)) return value.map((s) => seatName(obs, s)).join(", ");
      if (role === "sides" && !value.includes(null)) return value.map((s) => sides[s] ?? String(s)).join(", ");
      // Lists of seats (who folded, who takes part) unless they hold a value per seat.
      if (SEAT_LISTS.has(key) && !value.includes(null)) return value.map((s) => seatName(obs, s)).join(", ");
      if (value.length === seats.length) return perNameList(value, seats);
      if (value.length === sides.length) return perNameList(value, sides);
    }
    if (key === "calls" && obs) return callList(value, obs);
    if (value.every((v) => typeof v !== "object" || v === null)) return value.map((v) => (v === null ? "—" : String(v))).join(", ");
    return h("ul", { class: "nested" }, value.map((v) => h("li", {}, formatValue(key, v, obs))));
  }
  if (typeof value === "object") {
    return h(
      "span",
      { class: "nested-object" },
      Object.entries(value)
        .filter(([, v]) => !isEmpty(v))
        .map(([k, v]) => h("span", { class: "pair" }, h("span", { class: "who" }, fieldLabel(k)), " ", formatValue(k, v, obs))),
    );
  }
  return String(value);
}

/** The calls made so far: [[seat, call], ...] as "N: Trump ♥". */
export function callList(calls, obs) {
  return h(
    "ol",
    { class: "call-list" },
    calls.map((entry) =>
      Array.isArray(entry) && entry.length === 2
        ? h("li", {}, h("span", { class: "who" }, seatName(obs, entry[0])), " ", actionLabel(String(entry[1])))
        : h("li", {}, JSON.stringify(entry)),
    ),
  );
}

/** A definition list of the given fields of `data` that hold something. */
export function factList(data, keys, obs) {
  const rows = [];
  for (const key of keys) {
    if (!(key in data) || isEmpty(data[key])) continue;
    rows.push(h("dt", {}, fieldLabel(key)), h("dd", { "data-field": key }, formatValue(key, data[key], obs)));
  }
  return rows.length ? h("dl", { class: "facts" }, rows) : null;
}
