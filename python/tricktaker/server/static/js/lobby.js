// The lobby: create a table (game, preset, options with their docs, each seat a human or a
// bot), list the tables, and take a seat or watch.

import { h, replace } from "./dom.js";
import { createTable, getGames, getTables } from "./api.js";
import { heldSeats, inviteLink, saveToken } from "./storage.js";

const DEFAULT_BOTS = ["rule", "random", "pimc:32"];
const PLAYER_OPTION = "num_players";

/** The number of seats a game has with these options, from what /api/games says. */
function seatCount(info, options) {
  if (Number.isInteger(options[PLAYER_OPTION])) return options[PLAYER_OPTION];
  const n = info.num_players ?? info.players;
  if (Number.isInteger(n)) return n;
  if (Array.isArray(n) && n.length) return n[0];
  if (n && typeof n === "object") return n.default ?? n.min ?? 4;
  const option = (info.options || []).find((o) => o.name === PLAYER_OPTION);
  return Number.isInteger(option?.default) ? option.default : 4;
}

function playerRange(info) {
  const n = info.num_players ?? info.players;
  if (Array.isArray(n) && n.length) return [Math.min(...n), Math.max(...n)];
  if (n && typeof n === "object" && Number.isInteger(n.min)) return [n.min, n.max ?? n.min];
  return [2, 10];
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
    const match = h("input", { type: "checkbox", id: "match", name: "match" });
    this.optionInputs = new Map();
    // The player count and any option without a default stand out; the rest fold away.
    const primary = (o) => o.name === PLAYER_OPTION || o.default === null;
    const main = (info.options || []).filter(primary).map((option) => this.optionField(option));
    const options = (info.options || []).filter((o) => !primary(o)).map((option) => this.optionField(option));
    this.seatBox = h("fieldset", { class: "seats-box", id: "seats" });
    this.controls.preset = preset;
    this.controls.match = match;
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

  /** One option: a list for its choices, else a text field; its doc beneath. */
  optionField(option) {
    const id = `opt-${option.name}`;
    let input;
    if (Array.isArray(option.choices) && option.choices.length) {
      input = h(
        "select",
        { id, name: option.name, "aria-describedby": `${id}-doc` },
        option.choices.map((choice, i) =>
          h("option", { value: String(i), selected: choice === option.default }, display(choice) + (choice === option.default ? " (default)" : "")),
        ),
      );
    } else {
      const required = option.default === null && option.name === PLAYER_OPTION;
      input = h("input", {
        id,
        name: option.name,
        type: typeof option.default === "number" || required ? "number" : "text",
        placeholder: option.default === null ? "" : display(option.default),
        required,
        value: required ? String(Math.min(Math.max(4, playerRange(this.currentInfo())[0]), playerRange(this.currentInfo())[1])) : null,
        "aria-describedby": `${id}-doc`,
      });
    }
    if (option.name === PLAYER_OPTION) {
      input.addEventListener("input", () => {
        this.seatOverride = null;
        this.buildSeats();
      });
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

  /** The options that differ from their defaults, with their JSON values. */
  chosenOptions() {
    const chosen = {};
    for (const [name, { option, input }] of this.optionInputs) {
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
    const override = this.seatOverride?.game === this.controls.game.value ? this.seatOverride.count : null;
    const count = Math.max(1, Math.min(override ?? seatCount(this.currentInfo(), this.chosenOptions()), 12));
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
      // The server names the seat count when the form guessed it wrong: offer that many.
      const seats = /has (\d+) seats/.exec(err.message || "");
      if (seats) {
        this.seatOverride = { game: request.game, count: Number(seats[1]) };
        this.buildSeats();
      }
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
