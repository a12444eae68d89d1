// The table view: one seat's (or a spectator's) view of a table, for every game. It shows what
// the seat's observation holds and offers exactly its legal actions: cards to click in the
// hand, every other action as a button.

import { h, replace } from "./dom.js";
import { TableConnection, getGames } from "./api.js";
import { cardImage, cardName, isCard, sortCards, backImage } from "./cards.js";
import { actionLabel, actionText, actionGroup, phaseLabel } from "./labels.js";
import { factList, seatName, setFieldRoles, trumpNode } from "./format.js";
import { felt } from "./felt.js";
import { resultSummary, scoreSheet } from "./scoresheet.js";

// The contract and the state of the deal, in this order when the observation has them.
const CONTRACT_FIELDS = [
  "trump", "declarer", "trump_maker", "pitcher", "bid", "high_bid", "kind", "deal_type", "akis",
  "proposed_suit", "begger", "turned_card", "turned_up", "writing_pair", "first", "targets",
  "target", "dealer", "forehand", "eldest", "cutter",
];
const SCORE_FIELDS = ["card_points", "roem", "points", "tricks_won", "scores", "credits", "marks_before", "cut_marks"];
// Drawn elsewhere in the view (or internal), so not repeated in the details.
const SHOWN_ELSEWHERE = new Set([
  "game", "seat", "seats", "sides", "phase", "to_move", "hand", "hand_sizes", "trick", "tricks",
  "legal_actions", "result", "events", "match", "open_hands", "hand_hidden", "num_players",
  ...CONTRACT_FIELDS, ...SCORE_FIELDS,
]);
// A group of more numeric choices than this is a drop-down list, not a row of buttons.
const MAX_BUTTONS = 12;
const LOG_LIMIT = 300;

export class TableView {
  constructor(root, { table, seat, token, onLobby }) {
    this.root = root;
    this.table = table;
    this.requestedSeat = seat;
    this.token = token;
    this.onLobby = onLobby;
    this.seat = null;
    this.game = null;
    this.obs = null;
    this.events = [];
    this.results = []; // the deal results of a match, resent by the server on every reload
    this.matchResult = null;
    this.pending = false;
    this.status = "connecting";
    this.connection = null;
    this.resultDismissed = false;
  }

  mount() {
    this.elements = {
      header: h("header", { class: "table-bar" }),
      errors: h("div", { class: "errors", role: "alert", "aria-live": "assertive", id: "errors" }),
      felt: h("div", { class: "felt-wrap" }),
      mine: h("section", { class: "mine", "aria-label": "Your hand and actions", id: "mine" }),
      side: h("aside", { class: "side-panel", "aria-label": "Contract, scores and history" }),
      log: h("ol", { class: "event-log", "aria-label": "What happened", id: "event-log" }),
      result: h("section", { class: "result-panel", id: "result-panel", hidden: true, "aria-live": "polite" }),
    };
    replace(
      this.root,
      this.elements.header,
      this.elements.errors,
      h(
        "div",
        { class: "table-layout" },
        h("div", { class: "play-area" }, this.elements.felt, this.elements.result, this.elements.mine),
        h("div", { class: "side-column" }, this.elements.side, h("details", { class: "panel", open: true }, h("summary", {}, "What happened"), this.elements.log)),
      ),
    );
    this.renderHeader();
    this.connection = new TableConnection(this.table, this.token, {
      welcome: (m) => this.onWelcome(m),
      events: (events) => this.onEvents(events),
      observation: (m) => this.onObservation(m),
      result: (r, scope) => this.onResult(r, scope),
      error: (e) => this.showError(e),
      status: (s) => {
        this.status = s;
        this.renderHeader();
      },
    });
    this.connection.open();
  }

  destroy() {
    this.connection?.close();
  }

  // --- messages -------------------------------------------------------------------------------

  onWelcome(message) {
    this.seat = message.seat ?? null;
    this.game = message.game;
    this.welcomeNames = Array.isArray(message.seat_names) ? message.seat_names : [];
    this.loadFieldRoles(message.game);
    if (this.requestedSeat !== null && this.seat === null && this.token) {
      this.showError({ message: "This seat's token was not accepted; you are watching." });
    }
    this.renderHeader();
  }

  /** Which of the game's fields name seats or sides, to show names rather than numbers. */
  async loadFieldRoles(game) {
    try {
      const message = await getGames();
      setFieldRoles(message.games?.[game]?.fields);
    } catch {
      return; // the names fall back to the common field names
    }
    if (this.obs) this.render();
  }

  onEvents(events) {
    this.events.push(...events);
    if (this.events.length > LOG_LIMIT) this.events.splice(0, this.events.length - LOG_LIMIT);
    this.renderLog(events);
  }

  onObservation(message) {
    this.obs = message.observation;
    this.eventCount = message.events;
    if (this.seat === null && Number.isInteger(message.seat)) this.seat = message.seat;
    this.pending = false;
    this.render();
  }

  onResult(result, scope) {
    if (!result) return;
    if (scope === "match") {
      this.matchResult = result;
    } else {
      this.results.push(result);
      this.lastDealResult = result;
      this.resultDismissed = false;
    }
    if (this.obs) this.render();
  }

  showError(error) {
    this.pending = false;
    const allowed = Array.isArray(error.allowed) && error.allowed.length
      ? h("span", { class: "allowed" }, " Allowed: ", error.allowed.map((a, i) => [i ? ", " : "", actionText(String(a))]))
      : null;
    const item = h(
      "p",
      { class: "error", "data-code": error.code || "" },
      h("strong", {}, error.code ? `${error.code.replaceAll("_", " ")}: ` : "Error: "),
      error.message || "Something went wrong.",
      allowed,
      h("button", { type: "button", class: "dismiss", "aria-label": "Dismiss this message", onclick: () => item.remove() }, "×"),
    );
    this.elements.errors.append(item);
    while (this.elements.errors.children.length > 3) this.elements.errors.firstChild.remove();
    if (this.obs) this.renderMine();
  }

  act(action) {
    if (this.pending) return;
    if (!this.connection.act(action)) {
      this.showError({ code: "offline", message: "Not connected to the server; reconnecting." });
      return;
    }
    this.pending = true;
    this.elements.errors.replaceChildren();
    this.renderMine();
  }

  // --- rendering ------------------------------------------------------------------------------

  render() {
    this.renderHeader();
    this.renderFelt();
    this.renderMine();
    this.renderSide();
    this.renderResult();
  }

  renderHeader() {
    const obs = this.obs;
    const who = this.seat === null ? "Watching" : `Seat ${obs ? seatName(obs, this.seat) : this.seat}`;
    replace(
      this.elements.header,
      h("button", { type: "button", class: "link-button", onclick: () => this.onLobby() }, "← Lobby"),
      h("h1", {}, this.game || obs?.game || "Table"),
      h("span", { class: "table-id" }, `table ${this.table}`),
      h("span", { class: "you-are" }, who),
      obs ? h("span", { class: "phase", id: "phase" }, phaseLabel(obs.phase)) : null,
      h("span", { class: `conn conn-${this.status}`, role: "status" }, this.status === "open" ? "connected" : this.status),
    );
  }

  renderFelt() {
    const obs = this.obs;
    const viewer = this.seat ?? 0;
    const center = [];
    if ("trump" in obs) center.push(h("div", { class: "trump-box" }, h("span", { class: "label" }, "Trump "), trumpNode(obs.trump)));
    const turned = [].concat(obs.turned_card || [], obs.turned_up || []);
    if (turned.length) center.push(h("div", { class: "turned" }, h("span", { class: "label" }, "Turned "), turned.map((c) => cardImage(c, "mini"))));
    const peeked = obs.peek?.card;
    if (peeked) center.push(h("div", { class: "turned" }, h("span", { class: "label" }, "Peeked "), cardImage(peeked, "mini")));
    if (Number.isInteger(obs.to_move)) center.push(h("div", { class: "to-move-info" }, h("span", { class: "label" }, "To move "), h("strong", {}, seatName(obs, obs.to_move))));
    replace(this.elements.felt, felt(obs, viewer, center.length ? center : null));
  }

  /** The prompt, the call buttons and the hand with its playable cards. */
  renderMine() {
    const obs = this.obs;
    if (!obs) return;
    const myTurn = this.seat !== null && obs.to_move === this.seat;
    const legal = myTurn && !this.pending && Array.isArray(obs.legal_actions) ? obs.legal_actions : [];
    const hand = Array.isArray(obs.hand) ? sortCards(obs.hand) : null;
    const handSet = new Set(hand || []);
    // A card action, or a call naming a card in the hand (a discard): clicked on the card.
    const cardActions = new Map();
    const calls = [];
    for (const action of legal) {
      if (isCard(action) && handSet.has(action)) cardActions.set(action, action);
      else if (action.includes(":") && handSet.has(action.split(":").pop()) && !cardActions.has(action.split(":").pop())) {
        cardActions.set(action.split(":").pop(), action);
      } else calls.push(action);
    }
    replace(
      this.elements.mine,
      h("p", { class: `prompt ${myTurn ? "my-turn" : ""}`, id: "prompt" }, this.promptText(obs, myTurn, cardActions)),
      calls.length ? h("div", { class: "calls", id: "calls", role: "group", "aria-label": "Your calls" }, this.callButtons(calls)) : null,
      this.handRow(obs, hand, cardActions),
    );
  }

  promptText(obs, myTurn, cardActions) {
    if (obs.phase === "over") return "The game is over.";
    if (this.seat === null) return `Watching. ${obs.to_move === null ? "" : `${seatName(obs, obs.to_move)} to move.`}`;
    if (this.pending) return "Sent…";
    if (!myTurn) return obs.to_move === null ? "Waiting…" : `Waiting for ${seatName(obs, obs.to_move)} (${phaseLabel(obs.phase).toLowerCase()}).`;
    const discards = [...cardActions.values()].some((a) => a.includes(":"));
    if (discards) return `Your turn: ${phaseLabel(obs.phase).toLowerCase()}, click a card to discard.`;
    if (cardActions.size) return `Your turn: play a highlighted card.`;
    return `Your turn: ${phaseLabel(obs.phase).toLowerCase()}.`;
  }

  callButtons(calls) {
    const groups = new Map();
    for (const action of calls) {
      const group = actionGroup(action);
      if (!groups.has(group)) groups.set(group, []);
      groups.get(group).push(action);
    }
    const out = [];
    for (const [group, actions] of groups) {
      const numeric = actions.every((a) => /:\d+$/.test(a));
      if (numeric && actions.length > MAX_BUTTONS) {
        out.push(this.choiceList(group, actions));
        continue;
      }
      for (const action of actions) {
        out.push(
          h(
            "button",
            { type: "button", class: `call call-${group}`, "data-action": action, "aria-label": actionText(action), onclick: () => this.act(action) },
            actionLabel(action),
          ),
        );
      }
    }
    return out;
  }

  /** Many numbered choices (a cut: 2 to 52) as a list and one button. */
  choiceList(group, actions) {
    const middle = actions[Math.floor(actions.length / 2)];
    const select = h(
      "select",
      { "aria-label": actionText(middle).replace(/\d+$/, "").trim() || group },
      actions.map((a) => h("option", { value: a, selected: a === middle }, a.split(":").pop())),
    );
    const button = h("button", { type: "button", class: `call call-${group}`, "data-action": middle }, actionLabel(middle));
    select.addEventListener("change", () => {
      button.dataset.action = select.value;
      replace(button, actionLabel(select.value));
    });
    button.addEventListener("click", () => this.act(button.dataset.action));
    return h("span", { class: "choice-list" }, select, button);
  }

  handRow(obs, hand, cardActions) {
    if (this.seat === null) return null;
    if (hand === null || obs.hand_hidden) {
      const size = Array.isArray(obs.hand_sizes) ? obs.hand_sizes[this.seat] : 0;
      return h(
        "div",
        { class: "hand", id: "hand", "aria-label": "Your hand, face down" },
        Array.from({ length: size || 0 }, () => backImage("face-down card", "in-hand")),
        size ? h("span", { class: "note" }, "Your cards are face down.") : null,
      );
    }
    return h(
      "div",
      { class: "hand", id: "hand", role: "group", "aria-label": "Your hand" },
      hand.map((card) => {
        const action = cardActions.get(card);
        const verb = action && action !== card ? actionText(action) : `Play ${cardName(card)}`;
        return h(
          "button",
          {
            type: "button",
            class: `card in-hand ${action ? "legal" : ""} ${action && action !== card ? "discard" : ""}`,
            "data-card": card,
            "data-action": action || null,
            disabled: !action,
            "aria-label": action ? verb : cardName(card),
            title: action ? verb : cardName(card),
            onclick: action ? () => this.act(action) : null,
          },
          cardImage(card).firstChild,
        );
      }),
    );
  }

  renderSide() {
    const obs = this.obs;
    const panels = [];
    panels.push(
      h("section", { class: "panel", "aria-labelledby": "contract-title" },
        h("h2", { id: "contract-title" }, "Contract"),
        factList(obs, CONTRACT_FIELDS, obs) || h("p", { class: "note" }, "Not decided yet."),
        factList(obs, SCORE_FIELDS, obs),
        Array.isArray(obs.calls) && obs.calls.length ? h("details", {}, h("summary", {}, `Calls (${obs.calls.length})`), factList(obs, ["calls"], obs)) : null,
      ),
    );
    const sheet = scoreSheet(obs, this.results);
    if (sheet) panels.push(h("section", { class: "panel", id: "score-sheet", "aria-labelledby": "sheet-title" }, h("h2", { id: "sheet-title" }, "Score sheet"), sheet));
    const tricks = Array.isArray(obs.tricks) ? obs.tricks : [];
    if (tricks.length) {
      const last = tricks[tricks.length - 1];
      panels.push(
        h("details", { class: "panel last-trick", id: "last-trick" },
          h("summary", {}, `Last trick (won by ${seatName(obs, last.winner)})`),
          this.trickRow(obs, last),
          tricks.length > 1 ? h("details", {}, h("summary", {}, `All ${tricks.length} tricks`), h("ol", { class: "all-tricks" }, tricks.map((t) => h("li", {}, this.trickRow(obs, t))))) : null,
        ),
      );
    }
    const rest = Object.keys(obs).filter((key) => !SHOWN_ELSEWHERE.has(key) && key !== "calls");
    const more = factList(obs, rest, obs);
    if (more) panels.push(h("details", { class: "panel" }, h("summary", {}, "More details"), more));
    replace(this.elements.side, panels);
  }

  trickRow(obs, trick) {
    return h(
      "div",
      { class: "trick-row" },
      (trick.cards || []).map(([seat, card]) =>
        h("figure", { class: seat === trick.winner ? "winner" : "" }, cardImage(card, "mini"), h("figcaption", {}, seatName(obs, seat))),
      ),
      typeof trick.points === "number" ? h("span", { class: "note" }, `${trick.points} points`) : null,
    );
  }

  renderLog(fresh) {
    const obsLike = this.obs || { seats: this.welcomeNames || [] };
    for (const event of fresh) {
      const who = event.seat === null || event.seat === undefined ? "·" : seatName(obsLike, event.seat);
      this.elements.log.append(h("li", { "data-index": event.index }, h("span", { class: "who" }, who), " ", actionLabel(String(event.action))));
    }
    while (this.elements.log.children.length > LOG_LIMIT) this.elements.log.firstChild.remove();
    this.elements.log.scrollTop = this.elements.log.scrollHeight;
  }

  /** The final result over the table; a match's deal results in a dismissible banner. */
  renderResult() {
    const panel = this.elements.result;
    const obs = this.obs;
    const final = obs.phase === "over" ? this.matchResult || obs.result || this.lastDealResult : null;
    const shown = final || (!this.resultDismissed && obs.match && this.lastDealResult ? this.lastDealResult : null);
    if (!shown) {
      panel.hidden = true;
      return;
    }
    panel.hidden = false;
    panel.classList.toggle("final", Boolean(final));
    replace(
      panel,
      h("h2", {}, final ? "Result" : "Last deal"),
      resultSummary(shown, obs, !final),
      h(
        "div",
        { class: "result-actions" },
        final
          ? h("button", { type: "button", onclick: () => this.onLobby() }, "Back to the lobby")
          : h("button", { type: "button", onclick: () => { this.resultDismissed = true; this.renderResult(); } }, "Close"),
      ),
    );
  }
}
