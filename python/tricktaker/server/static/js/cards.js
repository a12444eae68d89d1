// Cards drawn as SVG: faces with rank and suit symbol, jokers, and face-down backs.
// The suit symbols are paths (symbols "suit-S" ... in index.html), so no font is needed.

import { h, s } from "./dom.js";

export const SUITS = ["S", "H", "C", "D"]; // black and red alternate in a sorted hand
const SUIT_NAMES = { S: "spades", H: "hearts", D: "diamonds", C: "clubs" };
const RED_SUITS = new Set(["H", "D"]);
const RANK_ORDER = "AKQJT98765432";
const RANK_NAMES = {
  A: "Ace", K: "King", Q: "Queen", J: "Jack", T: "10",
  9: "9", 8: "8", 7: "7", 6: "6", 5: "5", 4: "4", 3: "3", 2: "2",
};
const JOKERS = { RJ: "Red joker", BJ: "Black joker" };
// What the server sends in place of a card the seat may not see.
const HIDDEN = "??";
const CARD_TEXT = /^(10|[2-9TJQKA])([SHDC])$/;

/** {rank, suit, joker} of a card's text ("AS", "TH", "10H", "RJ"), or null for a call. */
export function parseCard(text) {
  if (typeof text !== "string") return null;
  if (text in JOKERS) return { rank: null, suit: null, joker: text };
  const m = CARD_TEXT.exec(text);
  if (!m) return null;
  return { rank: m[1] === "10" ? "T" : m[1], suit: m[2], joker: null };
}

export function isCard(text) {
  return parseCard(text) !== null;
}

export function suitName(suit) {
  return SUIT_NAMES[suit] || suit;
}

export function isRed(card) {
  return card.joker ? card.joker === "RJ" : RED_SUITS.has(card.suit);
}

/** "Ace of spades", "10 of hearts", "Red joker". */
export function cardName(text) {
  const card = parseCard(text);
  if (!card) return text;
  if (card.joker) return JOKERS[card.joker];
  return `${RANK_NAMES[card.rank]} of ${SUIT_NAMES[card.suit]}`;
}

function rankLabel(rank) {
  return rank === "T" ? "10" : rank;
}

/** Jokers first, then by suit (spades, hearts, clubs, diamonds), high to low within a suit. */
export function sortCards(cards) {
  const key = (text) => {
    const c = parseCard(text);
    if (!c) return [9, 0];
    if (c.joker) return [-1, c.joker === "RJ" ? 0 : 1];
    return [SUITS.indexOf(c.suit), RANK_ORDER.indexOf(c.rank)];
  };
  return [...cards].sort((a, b) => {
    const [sa, ra] = key(a);
    const [sb, rb] = key(b);
    return sa - sb || ra - rb;
  });
}

/** A suit symbol as a small inline SVG, for text such as "trump ♥". */
export function suitIcon(suit, { label = true } = {}) {
  const red = RED_SUITS.has(suit);
  return s(
    "svg",
    {
      class: `suit-icon ${red ? "red" : "black"}`,
      viewBox: "0 0 100 100",
      role: label ? "img" : null,
      "aria-label": label ? suitName(suit) : null,
      "aria-hidden": label ? null : "true",
    },
    s("use", { href: `#suit-${suit}` }),
  );
}

/** A card face as an SVG element (aria-hidden: the element holding it carries the name). */
export function cardFace(text) {
  const card = parseCard(text);
  if (!card) return cardBack();
  const colour = isRed(card) ? "red" : "black";
  const svg = s("svg", {
    class: `card-svg ${colour}`,
    viewBox: "0 0 100 140",
    "aria-hidden": "true",
    focusable: "false",
  });
  svg.append(s("rect", { class: "card-paper", x: 1.5, y: 1.5, width: 97, height: 137, rx: 9 }));
  if (card.joker) {
    svg.append(
      s("use", { href: "#joker-star", x: 20, y: 38, width: 60, height: 60 }),
      s("text", { class: "card-index", x: 9, y: 26 }, "★"),
      s("text", { class: "joker-word", x: 50, y: 120, "text-anchor": "middle" }, "JOKER"),
    );
    return svg;
  }
  const rank = rankLabel(card.rank);
  const corner = (transform) =>
    s(
      "g",
      { transform },
      s("text", { class: "card-index", x: 15, y: 27, "text-anchor": "middle" }, rank),
      s("use", { href: `#suit-${card.suit}`, x: 6, y: 32, width: 18, height: 18 }),
    );
  svg.append(corner(""), corner("rotate(180 50 70)"));
  if ("JQK".includes(card.rank)) {
    // Court cards: a framed panel with the letter over a large suit symbol.
    svg.append(
      s("rect", { class: "court-frame", x: 26, y: 24, width: 48, height: 92, rx: 4 }),
      s("text", { class: "court-letter", x: 50, y: 60, "text-anchor": "middle" }, rank),
      s("use", { href: `#suit-${card.suit}`, x: 35, y: 70, width: 30, height: 30, class: "court-suit" }),
    );
  } else {
    const size = card.rank === "A" ? 56 : 44;
    svg.append(
      s("use", { href: `#suit-${card.suit}`, x: 50 - size / 2, y: 70 - size / 2, width: size, height: size }),
    );
  }
  return svg;
}

/** A face-down card. */
export function cardBack() {
  return s(
    "svg",
    { class: "card-svg back", viewBox: "0 0 100 140", "aria-hidden": "true", focusable: "false" },
    s("rect", { class: "card-paper", x: 1.5, y: 1.5, width: 97, height: 137, rx: 9 }),
    s("rect", { class: "back-pattern", x: 8, y: 8, width: 84, height: 124, rx: 5 }),
  );
}

/** A card in a non-interactive place (a trick, a shown hand): an image with its name. */
export function cardImage(text, extraClass = "") {
  return h(
    "span",
    { class: `card ${extraClass}`.trim(), role: "img", "aria-label": cardName(text), title: cardName(text) },
    cardFace(text),
  );
}

/** A face-down card image; `label` describes it for screen readers. */
export function backImage(label = "face-down card", extraClass = "") {
  return h("span", { class: `card ${extraClass}`.trim(), role: "img", "aria-label": label }, cardBack());
}

/** A card's short text with its suit symbol, for inline mentions: "A♠". */
export function inlineCard(text) {
  const card = parseCard(text);
  if (text === HIDDEN) return h("span", { class: "inline-card hidden-card" }, "a hidden card");
  if (!card) return h("span", {}, text);
  if (card.joker) return h("span", { class: `inline-card ${isRed(card) ? "red" : "black"}` }, JOKERS[card.joker]);
  return h(
    "span",
    { class: `inline-card ${isRed(card) ? "red" : "black"}`, title: cardName(text) },
    rankLabel(card.rank),
    suitIcon(card.suit),
  );
}
