// Readable labels for the action texts of every game (cards and calls), for phases and for
// the fields of observations and results. The texts themselves are the protocol's: what a
// button sends is always the exact action text from legal_actions.

import { h } from "./dom.js";
import { cardName, inlineCard, isCard, suitIcon, suitName } from "./cards.js";

const SUIT_LETTERS = new Set(["S", "H", "D", "C"]);

// Calls without a parameter, in words a player at the table would use.
const CALL_WORDS = {
  pass: "Pass",
  done: "Done",
  claim: "Claim roem",
  accept: "Accept",
  decline: "Decline",
  beg: "Beg",
  stand: "Stand",
  give_one: "Give one",
  run: "Run the cards",
  keep: "Keep the trump",
  change: "Ask to change trump",
  throw_in: "Propose a throw-in",
  consent: "Consent",
  veto: "Veto",
  refuse: "Refuse",
  take: "Take the turned card",
  take_blind: "Take it blind",
  peek: "Peek",
  leave: "Leave it",
  fold: "Fold",
  stay: "Stay in",
  declare: "Declare",
  no: "Nothing to declare",
  misdeal: "Declare a misdeal",
  dealer: "Keep the dealer",
};

// Parameterised calls: head -> (tail parts) => label (a string or nodes).
const CALL_HEADS = {
  trump: ([suit]) => ["Trump ", suitPart(suit)],
  suit: ([suit]) => ["Name trump ", suitPart(suit)],
  change: ([suit]) => ["Change to ", suitPart(suit)],
  bid: ([n]) => `Bid ${n}`,
  cut: ([n]) => `Cut ${n}`,
  discard: ([card]) => ["Discard ", inlineCard(card)],
  lead: ([card]) => ["Lead ", inlineCard(card), " at once"],
  dealer: ([who]) => `Dealer: ${who}`,
  peek: ([end]) => ({ top: "Peek at the top", bottom: "Peek at the bottom", none: "No peek" })[end] || `Peek ${end}`,
  akis: ([kind, suit]) =>
    kind === "a"
      ? ["Akis (a): own trump ", suitPart(suit)]
      : ({ b: "Akis (b): no trump, take all", c: "Akis (c): no trump, take none" })[kind] || `Akis ${kind}`,
};

function suitPart(text) {
  return SUIT_LETTERS.has(text) ? h("span", { class: "suit-word" }, suitIcon(text, { label: false }), " ", suitName(text)) : text;
}

function words(text) {
  const t = String(text).replaceAll("_", " ");
  return t.charAt(0).toUpperCase() + t.slice(1);
}

/** The label of an action or call text, as nodes/strings for a button. */
export function actionLabel(text) {
  if (isCard(text)) return inlineCard(text);
  if (text in CALL_WORDS) return CALL_WORDS[text];
  const [head, ...tail] = text.split(":");
  if (tail.length && head in CALL_HEADS) return CALL_HEADS[head](tail);
  if (tail.length) return [words(head), " ", ...tail.map((t) => (isCard(t) ? inlineCard(t) : suitPart(t)))];
  return words(text);
}

/** A plain-text label (for aria-label and tests). */
export function actionText(text) {
  if (isCard(text)) return cardName(text);
  const label = actionLabel(text);
  const span = h("span", {}, label);
  // Suit icons carry aria-labels; spell them out in the text form.
  for (const icon of span.querySelectorAll("svg[aria-label]")) icon.replaceWith(icon.getAttribute("aria-label"));
  return span.textContent.replace(/\s+/g, " ").trim();
}

/** The group an action belongs to (buttons of one group sit together): "trump", "bid", ... */
export function actionGroup(text) {
  return text.includes(":") ? text.split(":")[0] : "call";
}

const PHASES = {
  trump_selection: "Choosing trump",
  roem_claim: "Roem claim",
  play: "Card play",
  over: "Over",
  auction: "Auction",
  beg: "Stand or beg",
  respond: "Dealer's answer",
  declare: "Declaring trump",
  discard: "Discarding",
  exchange: "Exchange",
  cut: "Cutting",
  turned_card: "The turned card",
  speaking: "Speaking",
  change_poll: "Change of trump?",
  choose_suit: "Naming trump",
  throw_in_poll: "Throw-in?",
  folding: "Stay or fold",
  choose_dealer: "Choosing the dealer",
  paakot: "Pääköt",
  peek: "Peek",
  peek_decision: "Peeked card",
  trump_choice: "Choosing trump",
  akis: "Akis?",
};

export function phaseLabel(phase) {
  return PHASES[phase] || words(phase || "");
}

/** "card_points" -> "Card points". */
export function fieldLabel(key) {
  return words(key);
}
