// The score sheet of a match (its standing and one row per finished deal) and the summary of
// a deal's result. Both read only the generic fields (sides, score) plus whatever else the
// game reports, shown by format.js.

import { h } from "./dom.js";
import { factList, formatValue } from "./format.js";

const RESULT_SKIP = new Set(["game", "sides", "score"]);
const MATCH_SKIP = new Set(["events", "result", "seating"]);

function sideLabels(result) {
  return Array.isArray(result?.sides) ? result.sides.map((side) => side.name) : [];
}

/** "NS 0 · EW 162": the score of each side of a result. */
export function scoreLine(result) {
  const names = sideLabels(result);
  const score = Array.isArray(result?.score) ? result.score : [];
  return h(
    "p",
    { class: "score-line" },
    score.map((value, i) =>
      h("span", { class: "side-score" }, h("span", { class: "who" }, names[i] ?? `side ${i + 1}`), " ", h("strong", {}, formatValue("", value, null))),
    ),
  );
}

/** A finished deal (or match): the score per side and the rest of what the game reports
 * (folded away when `compact`, as for a deal inside a match). */
export function resultSummary(result, obs, compact = false) {
  if (!result || typeof result !== "object") return h("p", {}, String(result));
  const rest = Object.keys(result).filter((key) => !RESULT_SKIP.has(key));
  // A result's sides are its own (a Kirves trump maker against the rest): its side numbers
  // are named after them.
  const context = Array.isArray(result.sides) && obs ? { ...obs, sides: result.sides } : obs;
  const facts = factList(result, rest, context);
  return h(
    "div",
    { class: "result-summary" },
    scoreLine(result),
    compact && facts ? h("details", {}, h("summary", {}, "Details"), facts) : facts,
  );
}

/** The match's standing (obs.match) and the table of deal results seen at this table. */
export function scoreSheet(obs, results) {
  const match = obs?.match;
  // A single deal's result is shown by the result panel; the sheet is a match's.
  if (!match) return null;
  const parts = [];
  if (match && typeof match === "object") {
    const keys = Object.keys(match).filter((key) => !MATCH_SKIP.has(key));
    parts.push(factList(match, keys, obs));
  }
  if (results.length) parts.push(dealTable(results));
  return h("div", { class: "score-sheet" }, parts);
}

/** One row per deal. When every deal has the same sides, one column per side and the totals;
 * when the sides change from deal to deal (a trump maker against the rest), each row names its
 * sides and there is no column to add up. */
function dealTable(results) {
  const names = results.map((result) => sideLabels(result).join("|"));
  const sameSides = names.every((n) => n === names[0]);
  if (!sameSides) {
    return h(
      "table",
      { class: "sheet" },
      h("caption", {}, "Deals"),
      h("tbody", {}, results.map((result, i) => h("tr", {}, h("th", { scope: "row" }, String(i + 1)), h("td", { class: "left" }, scoreLine(result))))),
    );
  }
  const sides = sideLabels(results[0]);
  const totals = sides.map(() => 0);
  const rows = results.map((result, i) => {
    const score = Array.isArray(result?.score) ? result.score : [];
    score.forEach((value, j) => {
      if (typeof value === "number" && j < totals.length) totals[j] += value;
    });
    return h("tr", {}, h("th", { scope: "row" }, String(i + 1)), sides.map((_, j) => h("td", {}, formatValue("", score[j], null))));
  });
  return h(
    "table",
    { class: "sheet" },
    h("caption", {}, "Deals"),
    h("thead", {}, h("tr", {}, h("th", { scope: "col" }, "Deal"), sides.map((name) => h("th", { scope: "col" }, name)))),
    h("tbody", {}, rows),
    h("tfoot", {}, h("tr", {}, h("th", { scope: "row" }, "Total"), totals.map((total) => h("td", {}, String(total))))),
  );
}
