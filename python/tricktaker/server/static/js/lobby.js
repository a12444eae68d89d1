// The lobby: create a table (game, preset, options with their docs, each seat a human or a
// bot), list the tables, and take a seat or watch.

import { h, replace } from "./dom.js";
import { createTable, getGames, getTables } from "./api.js";
import { heldSeats, inviteLink, saveToken } from "./storage.js";

const DEFAULT_BOTS = ["rule", "random", "pimc:32"];

/** The player counts of a game (with a preset), from the num_players of /api/games. */
export function playerCounts(info, preset) {
  const counts = info.num_players || {};
  const own = preset ? counts.presets?.[preset] : null;
  return {
    option: counts.option ?? null,
    allowed: own?.allowed ?? counts.allowed ?? [],
    default: own ? own.default : counts.default ?? null,
    setBy: counts.set_by || {},
  };
}

/** The count to offer first when the game has no default (Kirves): 4 when allowed. */
function firstCount(counts) {
  return counts.allowed.includes(4) ? 4 : counts.allowed[0];
}

/** The number of seats of a game with this preset and these chosen options. */
export function seatCount(info, preset, options) {
  const counts = playerCounts(info, preset);
  if (counts.option && Number.isInteger(options[counts.option])) return options[counts.option];
  for (const [name, byChoice] of Object.entries(counts.setBy)) {
    const n = name in options ? byChoice[String(options[name])] : undefined;
    if (Number.isInteger(n)) return n;
  }
  return Number.isInteger(counts.default) ? counts.default : firstCount(counts) ?? 4;
}

function display(value) {
  return typeof value === "string" ? value : JSON.stringify(value);
}

export class Lobby {
  constructor(root, { onOpenTable }) {
    this.root = root;
    this.onOpenTable = onOpenTable;
    this.games = {};
    this.bots = DEFAULT_BOTS;
  }

  async mount() {
    this.elements = {
      errors: h("div", { class: "errors", role: "alert", "aria-live": "assertive", id: "lobby-errors" }),
      form: h("form", { class: "create-form", id: "create-form", "aria-labelledby": "create-title" }),
      invites: h("div", { class: "invites", id: "invites" }),
      tables: h("div", { class: "table-list", id: "table-list" }),
    };
    replace(
      this.root,
      h("header", { class: "lobby-bar" }, h("h1", {}, "tricktaker"), h("p", { class: "tagline" }, "Trick-taking card games at one table")),
      this.elements.errors,
      h(
        "div",
        { class: "lobby-layout" },
        h("section", { class: "panel" }, h("h2", { id: "create-title" }, "New table"), this.elements.form, this.elements.invites),
        h(
          "section",
          { class: "panel" },
          h("h2", {}, "Tables ", h("button", { type: "button", class: "small", onclick: () => this.refreshTables() }, "Refresh")),
          this.elements.tables,
        ),
      ),
    );
    try {
      const message = await getGames();
      this.games = message.games || {};
      if (Array.isArray(message.bots) && message.bots.length) this.bots = message.bots;
    } catch (err) {
      this.showError(err);
      return;
    }
    this.buildForm();
    await this.refreshTables();
  }

  destroy() {}

  showError(err) {
    const allowed = Array.isArray(err.allowed) && err.allowed.length ? ` Allowed: ${err.allowed.map(display).join(", ")}.` : "";
    replace(this.elements.errors, h("p", { class: "error" }, h("strong", {}, "Error: "), `${err.message}${allowed}`));
  }

  buildForm() {
    const names = Object.keys(this.games).sort();
    const gameSelect = h("select", { id: "game", name: "game" }, names.map((name) => h("option", { value: name, selected: name === "klaverjas" }, name)));
    this.controls = { game: gameSelect };
    this.gameFields = h("div", { class: "game-fields" });
    gameSelect.addEventListener("change", () => this.buildGameFields());
    replace(
      this.elements.form,
      h("label", { for: "game" }, "Game"),
      gameSelect,
      this.gameFields,
      h("button", { type: "submit", class: "primary", id: "create-table" }, "Create table"),
    );
    this.elements.form.onsubmit = (event) => {
      event.preventDefault();
      this.create();
    };
    this.buildGameFields();
  }

  currentInfo() {
    return this.games[this.controls.game.value] || {};
  }

  buildGameFields() {
    const info = this.currentInfo();
    const preset = h(
      "select",
      { id: "preset", name: "preset" },
      h("option", { value: "" }, "(none: the defaults)"),
      (info.presets || []).map((p) => h("option", { value: p }, p.replaceAll("_", " "))),
    );
    preset.addEventListener("change", () => this.presetChanged());
    const match = h("input", { type: "checkbox", id: "match", name: "match" });
    this.optionInputs = new Map();
    this.controls.preset = preset;
    this.controls.match = match;
    // The player count, the options that change it and any option without a default stand
    // out; the rest fold away.
    const counts = playerCounts(info, null);
    const primary = (o) => o.name === counts.option || o.name in counts.setBy || o.default === null;
    const main = (info.options || []).filter(primary).map((option) => this.optionField(option));
    const options = (info.options || []).filter((o) => !primary(o)).map((option) => this.optionField(option));
    this.seatBox = h("fieldset", { class: "seats-box", id: "seats" });
    replace(
      this.gameFields,
      info.description ? h("p", { class: "note game-description" }, info.description) : null,
      (info.presets || []).length ? [h("label", { for: "preset" }, "Preset"), preset] : null,
      main,
      h("label", { class: "inline" }, match, " Play a whole match (deal after deal)"),
      h("details", { class: "options" }, h("summary", {}, `Options (${options.length})`), h("div", { class: "option-grid" }, options)),
      this.seatBox,
    );
    this.buildSeats();
  }

  /** One option: the player count as a list of the allowed counts, a list for its choices,
   * else a text field; its doc beneath. */
  optionField(option) {
    const id = `opt-${option.name}`;
    const counts = playerCounts(this.currentInfo(), this.controls.preset?.value || null);
    let input;
    if (option.name === counts.option && counts.allowed.length) {
      input = h("select", { id, name: option.name, "data-count": "", "aria-describedby": `${id}-doc` });
      this.fillCounts(input, counts);
    } else if (Array.isArray(option.choices) && option.choices.length) {
      input = h(
        "select",
        { id, name: option.name, "aria-describedby": `${id}-doc` },
        option.choices.map((choice, i) =>
          h("option", { value: String(i), selected: choice === option.default }, display(choice) + (choice === option.default ? " (default)" : "")),
        ),
      );
    } else {
      input = h("input", {
        id,
        name: option.name,
        type: typeof option.default === "number" ? "number" : "text",
        placeholder: option.default === null ? "" : display(option.default),
        "aria-describedby": `${id}-doc`,
      });
    }
    // The count, or a choice that changes it (a variant for three), lays out the seats again.
    if (option.name === counts.option || option.name in counts.setBy) {
      input.addEventListener(input.tagName === "SELECT" ? "change" : "input", () => this.buildSeats());
    }
    this.optionInputs.set(option.name, { option, input });
    return h(
      "div",
      { class: "option" },
      h("label", { for: id }, option.name.replaceAll("_", " ")),
      input,
      option.doc ? h("p", { class: "doc", id: `${id}-doc` }, option.doc) : null,
    );
  }

  /** The allowed player counts as the list's entries, keeping the chosen one when allowed. */
  fillCounts(select, counts) {
    const current = Number(select.value);
    const chosen = counts.allowed.includes(current) ? current : Number.isInteger(counts.default) ? counts.default : firstCount(counts);
    replace(
      select,
      counts.allowed.map((n) => h("option", { value: String(n), selected: n === chosen }, `${n} players${n === counts.default ? " (default)" : ""}`)),
    );
    select.value = String(chosen);
  }

  /** A preset may allow other player counts (a partnership preset only 4 or 6). */
  presetChanged() {
    const counts = playerCounts(this.currentInfo(), this.controls.preset.value || null);
    const field = counts.option ? this.optionInputs.get(counts.option) : null;
    if (field && field.input.tagName === "SELECT") this.fillCounts(field.input, counts);
    this.buildSeats();
  }

  /** The options that differ from their defaults, with their JSON values. */
  chosenOptions() {
    const chosen = {};
    for (const [name, { option, input }] of this.optionInputs) {
      if ("count" in input.dataset) {
        const count = Number(input.value);
        if (count !== option.default) chosen[name] = count;
        continue;
      }
      if (input.tagName === "SELECT") {
        const value = option.choices[Number(input.value)];
        if (value !== option.default) chosen[name] = value;
        continue;
      }
      const text = input.value.trim();
      if (text === "") continue;
      const asNumber = Number(text);
      const numeric = typeof option.default === "number" || option.default === null;
      const value = numeric && text !== "" && Number.isFinite(asNumber) ? asNumber : text;
      if (value !== option.default) chosen[name] = value;
    }
    return chosen;
  }

  buildSeats() {
    const preset = this.controls.preset?.value || null;
    const count = Math.max(1, seatCount(this.currentInfo(), preset, this.chosenOptions()));
    const previous = this.seatSelects?.map((select) => select.value) || [];
    this.seatSelects = Array.from({ length: count }, (_, seat) => {
      const id = `seat-${seat}`;
      return h(
        "select",
        { id, name: id, class: "seat-kind" },
        h("option", { value: "human", selected: (previous[seat] ?? (seat === 0 ? "human" : "")) === "human" }, "Human"),
        this.bots.map((bot) => h("option", { value: `bot:${bot}`, selected: (previous[seat] ?? (seat === 0 ? "human" : `bot:${this.bots[0]}`)) === `bot:${bot}` }, `Bot: ${bot}`)),
      );
    });
    replace(
      this.seatBox,
      h("legend", {}, `Seats (${count})`),
      this.seatSelects.map((select, seat) => h("div", { class: "seat-choice" }, h("label", { for: select.id }, `Seat ${seat + 1}`), select)),
    );
  }

  async create() {
    const seats = this.seatSelects.map((select) =>
      select.value === "human" ? { kind: "human" } : { kind: "bot", bot: select.value.slice(4) },
    );
    const request = {
      game: this.controls.game.value,
      preset: this.controls.preset.value || null,
      options: this.chosenOptions(),
      match: this.controls.match.checked,
      seats,
    };
    const button = this.elements.form.querySelector("#create-table");
    button.disabled = true;
    try {
      const created = await createTable(request);
      const humans = created.seats.filter((seat) => seat.kind === "human" && seat.token);
      for (const seat of humans) saveToken(created.table, seat.seat, seat.token);
      this.elements.errors.replaceChildren();
      if (humans.length > 1) this.showInvites(created.table, humans);
      this.onOpenTable(created.table, humans.length ? humans[0].seat : null);
    } catch (err) {
      this.showError(err);
    } finally {
      button.disabled = false;
    }
  }

  /** Links for the other human seats, to send to the players who take them. */
  showInvites(table, humans) {
    replace(
      this.elements.invites,
      h("h3", {}, "Seat links"),
      h("ul", {}, humans.map((seat) => h("li", {}, `${seat.name}: `, h("a", { href: inviteLink(table, seat.seat, seat.token) }, "link")))),
    );
  }

  async refreshTables() {
    let message;
    try {
      message = await getTables();
    } catch (err) {
      this.showError(err);
      return;
    }
    const tables = message.tables || [];
    if (!tables.length) {
      replace(this.elements.tables, h("p", { class: "note" }, "No tables yet."));
      return;
    }
    replace(
      this.elements.tables,
      h(
        "table",
        { class: "tables" },
        h("thead", {}, h("tr", {}, ["Table", "Game", "Phase", "Seats", ""].map((t) => h("th", { scope: "col" }, t)))),
        h("tbody", {}, tables.map((t) => this.tableRow(t))),
      ),
    );
  }

  tableRow(table) {
    const held = new Set(heldSeats(table.table));
    const seats = (table.seats || []).map((seat) => {
      const label = `${seat.name}: ${seat.kind === "bot" ? `bot ${seat.bot ?? ""}`.trim() : "human"}`;
      if (held.has(seat.seat)) {
        return h("button", { type: "button", class: "small", onclick: () => this.onOpenTable(table.table, seat.seat) }, `Take ${seat.name}`);
      }
      return h("span", { class: `seat-tag ${seat.taken ? "taken" : ""}` }, label);
    });
    return h(
      "tr",
      { "data-table": table.table },
      h("td", {}, h("code", {}, table.table)),
      h("td", {}, table.game, table.preset ? ` (${table.preset})` : ""),
      h("td", {}, table.finished ? "finished" : String(table.phase ?? ""), ` · ${table.events ?? 0} events`),
      h("td", { class: "seat-cells" }, seats),
      h("td", {}, h("button", { type: "button", class: "small", onclick: () => this.onOpenTable(table.table, null) }, "Watch")),
    );
  }
}
