// The client's entry: the URL hash decides between the lobby and a table
// ("#table=ID&seat=N"), so a reload or a shared link lands on the same view.

import { Lobby } from "./lobby.js";
import { TableView } from "./table.js";
import { loadToken, parseHash, saveToken, tableHash } from "./storage.js";

const root = document.getElementById("app");
let view = null;

function openTable(table, seat) {
  location.hash = tableHash(table, seat);
}

function openLobby() {
  location.hash = "";
}

function route() {
  const { table, seat, token } = parseHash();
  if (table && seat !== null && token) {
    // A seat link: keep its token, then drop it from the address bar.
    saveToken(table, seat, token);
    history.replaceState(null, "", tableHash(table, seat));
  }
  view?.destroy();
  if (table) {
    const held = seat === null ? null : loadToken(table, seat);
    view = new TableView(root, { table, seat: held ? seat : null, token: held, onLobby: openLobby });
    document.title = `tricktaker · table ${table}`;
  } else {
    view = new Lobby(root, { onOpenTable: openTable });
    document.title = "tricktaker";
  }
  view.mount();
}

window.addEventListener("hashchange", route);
route();
