// The table top: the seats laid out around an ellipse (your seat at the bottom, the others in
// playing order, for 2 to 10 players), each with its name, roles, cards in hand and tricks,
// and the cards of the current trick in front of the seats that played them.

import { h } from "./dom.js";
import { backImage, cardImage } from "./cards.js";
import { seatName, seatNames } from "./format.js";

// Roles shown as badges on a seat: the observation field and its label.
const ROLE_BADGES = [
  ["dealer", "Dealer"],
  ["declarer", "Declarer"],
  ["trump_maker", "Trump maker"],
  ["pitcher", "Pitcher"],
  ["begger", "Begger"],
  ["first", "First"],
  ["active_player", "Playing"],
  ["keppi_holder", "Keppi"],
  ["widow_taker", "Widow"],
];
const MAX_BACKS = 8;

/** Where seat `seat` sits, as an angle: the viewer at the bottom, the rest clockwise. */
function seatAngle(seat, viewer, count) {
  const relative = (seat - viewer + count) % count;
  return Math.PI / 2 + (relative * 2 * Math.PI) / count;
}

function place(angle, rx, ry) {
  return `left:${(50 + rx * Math.cos(angle)).toFixed(2)}%;top:${(50 + ry * Math.sin(angle)).toFixed(2)}%`;
}

function seatOut(obs, seat) {
  if (obs.sitting_out === seat) return "sits out";
  if (Array.isArray(obs.participants) && !obs.participants.includes(seat)) return "not in this deal";
  const folded = obs.folded;
  if (Array.isArray(folded)) {
    const perSeat = folded.length === seatNames(obs).length && folded.some((v) => v === null || typeof v === "boolean");
    if (perSeat ? folded[seat] : folded.includes(seat)) return "folded";
  }
  return null;
}

function seatPlate(obs, seat, viewer, count) {
  const names = seatNames(obs);
  const isMe = obs.seat === seat;
  const toMove = obs.to_move === seat;
  const badges = ROLE_BADGES.filter(([field]) => obs[field] === seat).map(([, label]) =>
    h("span", { class: `badge badge-${label.toLowerCase().replaceAll(" ", "-")}` }, label),
  );
  const out = seatOut(obs, seat);
  if (out) badges.push(h("span", { class: "badge badge-out" }, out));
  const size = Array.isArray(obs.hand_sizes) ? obs.hand_sizes[seat] : null;
  const open = Array.isArray(obs.open_hands) ? obs.open_hands[seat] : null;
  let cards = null;
  if (!isMe && Array.isArray(open) && open.length) {
    cards = h("div", { class: "seat-cards open" }, open.map((card) => cardImage(card, "mini")));
  } else if (!isMe && typeof size === "number" && size > 0) {
    const shown = Math.min(size, MAX_BACKS);
    cards = h(
      "div",
      { class: "seat-cards", "aria-label": `${size} cards in hand`, role: "img" },
      Array.from({ length: shown }, () => backImage("", "mini")),
      h("span", { class: "count", "aria-hidden": "true" }, String(size)),
    );
  }
  const won = Array.isArray(obs.tricks_won) && obs.tricks_won.length === count ? obs.tricks_won[seat] : null;
  const classes = ["seat", isMe ? "me" : "", toMove ? "to-move" : "", out ? "out" : ""].filter(Boolean).join(" ");
  return h(
    "div",
    {
      class: classes,
      style: place(seatAngle(seat, viewer, count), 42, 39),
      "data-seat": seat,
      "aria-label": `${names[seat]}${isMe ? " (you)" : ""}${toMove ? ", to move" : ""}`,
      role: "group",
    },
    h("div", { class: "seat-name" }, names[seat], isMe ? h("span", { class: "you" }, " (you)") : null),
    badges.length ? h("div", { class: "badges" }, badges) : null,
    toMove ? h("div", { class: "turn-marker" }, "to move") : null,
    cards,
    won !== null ? h("div", { class: "seat-tricks" }, `tricks ${won}`) : null,
  );
}

/** The trick in the middle; with no card led yet, the last trick, faded, with its winner. */
function trickCards(obs, viewer, count) {
  let cards = Array.isArray(obs.trick) ? obs.trick : [];
  let label = null;
  let extra = "";
  const tricks = Array.isArray(obs.tricks) ? obs.tricks : [];
  if (cards.length === 0 && tricks.length) {
    const last = tricks[tricks.length - 1];
    cards = last.cards || [];
    extra = "previous";
    label = h("div", { class: "trick-caption" }, `Last trick won by ${seatName(obs, last.winner)}`);
  }
  return h(
    "div",
    { class: `trick ${extra}`.trim(), "aria-label": extra ? "last trick" : "current trick", role: "group" },
    cards.map(([seat, card]) =>
      h(
        "div",
        { class: "trick-card", style: place(seatAngle(seat, viewer, count), count > 5 ? 23 : 17, count > 5 ? 25 : 19), "data-seat": seat },
        cardImage(card, "played"),
      ),
    ),
    label,
  );
}

/** The table top for an observation, with `info` (trump, turned card) in a strip above it. */
export function felt(obs, viewer, info) {
  const count = seatNames(obs).length;
  return [
    info ? h("div", { class: "table-info", id: "table-info" }, info) : null,
    h(
      "div",
      { class: `felt seats-${count} ${count > 5 ? "crowded" : ""}`.trim() },
      Array.from({ length: count }, (_, seat) => seatPlate(obs, seat, viewer, count)),
      trickCards(obs, viewer, count),
    ),
  ];
}
