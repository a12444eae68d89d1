"""The browser client in a real browser: Chromium driven by Playwright against a real
``tricktaker serve`` on 127.0.0.1, playing whole deals by clicking.

The system's Chromium is used (no browser download). Without it (or without Playwright or the
server extra) the tests skip, unless ``TRICKTAKER_REQUIRE_BROWSER=1`` (as in CI): then they fail.
Screenshots go to the test's temporary directory; with ``TRICKTAKER_DOCS_SCREENSHOT=1`` the
mid-game Klaverjas view is also written to ``docs/images/client.png`` for the README, and a
seven-player Kirves table to ``docs/images/client-kirves.png``.
"""

from __future__ import annotations

import contextlib
import importlib.util
import itertools
import json
import os
import re
import socket
import subprocess
import sys
import time
import urllib.request
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

import tricktaker as tt

REQUIRE_BROWSER = os.environ.get("TRICKTAKER_REQUIRE_BROWSER") == "1"
CHROMIUM = os.environ.get("TRICKTAKER_CHROMIUM", "/usr/bin/chromium")
DOCS_IMAGES = Path(__file__).resolve().parents[2] / "docs" / "images"
DOCS_IMAGE = DOCS_IMAGES / "client.png"
# Anything the player can do now: a playable card, a call button, a cut's button.
ENABLED_ACTION = "#mine [data-action]:not([disabled])"
FINAL_RESULT = "#result-panel.final"
STEP_TIMEOUT_MS = 30_000


def _unavailable(reason: str) -> None:
    if REQUIRE_BROWSER:
        pytest.fail(f"{reason} (TRICKTAKER_REQUIRE_BROWSER=1)")
    pytest.skip(reason)


try:
    from playwright.sync_api import Browser, Page, sync_playwright
    from websockets.sync.client import connect

    HAVE_PLAYWRIGHT = True
except ImportError:  # the test extra is not installed
    HAVE_PLAYWRIGHT = False


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        port: int = sock.getsockname()[1]
        return port


def _wait_until_serving(base: str, process: subprocess.Popen[bytes]) -> None:
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise RuntimeError(f"the server exited with {process.returncode}")
        try:
            with urllib.request.urlopen(f"{base}/api/games", timeout=2) as response:
                if response.status == 200:
                    return
        except OSError:
            time.sleep(0.1)
    raise RuntimeError("the server did not answer within 30 s")


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``tricktaker serve`` (uvicorn) on a free loopback port, with a SQLite file."""
    for module in ("fastapi", "uvicorn"):
        if importlib.util.find_spec(module) is None:
            _unavailable(f"the server extra is missing ({module})")
    port = _free_port()
    db = tmp_path_factory.mktemp("server") / "tables.sqlite3"
    command = [sys.executable, "-m", "tricktaker", "serve", "--host", "127.0.0.1"]
    command += ["--port", str(port), "--db", str(db), "--bot-delay", "0", "--log-level", "warning"]
    process = subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)
    base = f"http://127.0.0.1:{port}"
    try:
        _wait_until_serving(base, process)
        yield base
    finally:
        process.terminate()
        try:
            process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    if not HAVE_PLAYWRIGHT:
        _unavailable("Playwright is not installed")
    if not Path(CHROMIUM).exists():
        _unavailable(f"no Chromium at {CHROMIUM}")
    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(executable_path=CHROMIUM, headless=True)
        yield chromium
        chromium.close()


@pytest.fixture()
def page(browser: Browser) -> Iterator[Page]:
    """A fresh page (its own localStorage); any script error in it fails the test."""
    context = browser.new_context(viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(STEP_TIMEOUT_MS)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    yield page
    context.close()
    assert errors == [], f"script errors in the page: {errors}"


def fill_lobby_form(page: Page, base: str, game: str, **fields: str) -> None:
    """Choose the game and set options in the lobby's form (a list or a text field)."""
    page.goto(base + "/")
    page.wait_for_selector("#create-table")
    page.select_option("#game", game)
    for name, value in fields.items():
        field = page.locator(f"#opt-{name}")
        if field.evaluate("element => element.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)


def create_table(page: Page, base: str, game: str, **fields: str) -> str:
    """Create a table in the lobby (seat 1 human, bots elsewhere); returns its id."""
    fill_lobby_form(page, base, game, **fields)
    page.click("#create-table")
    page.wait_for_selector("#prompt")
    match = re.search(r"table=([^&]+)", page.url)
    assert match, page.url
    return match.group(1)


def take_one_action(page: Page) -> tuple[str, str | None] | None:
    """Wait until it is our turn or the result shows; click the first thing we may do.
    Returns the action sent and the card clicked (None for a button), None at the result."""
    page.wait_for_selector(f"{FINAL_RESULT}, {ENABLED_ACTION}")
    if page.locator(FINAL_RESULT).is_visible():
        return None
    target = page.locator(ENABLED_ACTION).first
    action = target.get_attribute("data-action")
    card = target.get_attribute("data-card")
    assert action
    target.click()
    return action, card


def shown_scores(page: Page) -> list[int]:
    text = page.locator(f"{FINAL_RESULT} .score-line").inner_text()
    return [int(n) for n in re.findall(r"-?\d+", text)]


def recorded_result(base: str, table: str) -> dict[str, Any]:
    """The finished table's record, replayed by the package: the result the server reached."""
    with urllib.request.urlopen(f"{base}/api/tables/{table}/record", timeout=10) as response:
        record = json.loads(response.read())
    machine = tt.from_json(record)
    assert machine.is_over
    result: dict[str, Any] = machine.observation(0)["result"]
    return result


def hand_cards(page: Page) -> list[str]:
    cards: list[str] = page.locator("#hand [data-card]").evaluate_all(
        "cards => cards.map(card => card.dataset.card)"
    )
    return cards


def test_a_whole_klaverjas_deal_by_clicking_with_a_reload(
    server: str, page: Page, tmp_path: Path
) -> None:
    table = create_table(page, server, "klaverjas")
    page.screenshot(path=tmp_path / "klaverjas-start.png")
    assert len(hand_cards(page)) == 8
    played: list[str] = []
    reloaded = False
    for _ in range(100):
        taken = take_one_action(page)
        if taken is None:
            break
        action, card = taken
        if card is not None:
            assert action == card  # in Klaverjas a card clicked is a card played
            played.append(card)
        if len(played) == 3 and not reloaded:
            # Mid-game: the view worth showing, then a reload lands back at the same seat.
            page.wait_for_selector(ENABLED_ACTION)
            page.screenshot(path=tmp_path / "klaverjas-mid.png")
            if os.environ.get("TRICKTAKER_DOCS_SCREENSHOT") == "1":
                DOCS_IMAGE.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=DOCS_IMAGE)
            before_hand = hand_cards(page)
            before_url = page.url
            page.reload()
            page.wait_for_selector(ENABLED_ACTION)
            assert page.url == before_url
            assert f"table {table}" in page.locator(".table-id").inner_text()
            assert page.locator(".you-are").inner_text() == "Seat N"
            assert hand_cards(page) == before_hand
            assert not set(played) & set(before_hand)
            reloaded = True
    else:
        pytest.fail("the deal did not end within 100 actions")
    page.screenshot(path=tmp_path / "klaverjas-result.png", full_page=True)
    assert reloaded
    assert len(played) == 8, played  # every card of the hand, each by a click
    assert page.locator("#errors .error").count() == 0
    assert shown_scores(page) == recorded_result(server, table)["score"]
    assert page.locator(f"{FINAL_RESULT} .score-line").inner_text().split()[0::2] == ["NS", "EW"]


def test_a_whole_kirves_deal_by_clicking(server: str, page: Page, tmp_path: Path) -> None:
    table = create_table(page, server, "kirves", num_players="4")
    assert page.locator(".felt .seat").count() == 4
    clicked: list[str] = []
    for step in itertools.count():
        assert step < 200, "the deal did not end within 200 actions"
        taken = take_one_action(page)
        if taken is None:
            break
        clicked.append(taken[0])
        if step == 2:
            page.screenshot(path=tmp_path / "kirves-mid.png")
    page.screenshot(path=tmp_path / "kirves-result.png", full_page=True)
    assert clicked, "the human seat never had anything to do"
    assert page.locator("#errors .error").count() == 0
    result = recorded_result(server, table)
    assert shown_scores(page) == result["score"]
    # Seat numbers of the result read as the seats' names (the game's schema says which).
    names = tt.load("kirves", num_players=4).new_deal(seed=0).observation(0)["seats"]
    for field in ("winner", "trump_maker", "dealer", "cutter", "eldest"):
        if result.get(field) is not None:
            cell = page.locator(f'{FINAL_RESULT} [data-field="{field}"]')
            assert cell.inner_text() == names[result[field]], field


@pytest.mark.parametrize("players", [2, 3, 5, 7, 10])
def test_kirves_seats_are_laid_out_around_the_table(
    server: str, page: Page, tmp_path: Path, players: int
) -> None:
    create_table(page, server, "kirves", num_players=str(players))
    page.screenshot(path=tmp_path / f"kirves-{players}.png")
    felt = page.locator(".felt").bounding_box()
    boxes = [page.locator(".felt .seat").nth(i).bounding_box() for i in range(players)]
    assert felt is not None and all(boxes)
    for box in boxes:
        assert box is not None
        centre_x, centre_y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
        assert felt["x"] <= centre_x <= felt["x"] + felt["width"]
        assert felt["y"] <= centre_y <= felt["y"] + felt["height"]
    for a, b in itertools.combinations(boxes, 2):
        assert a is not None and b is not None
        apart = (
            a["x"] + a["width"] <= b["x"]
            or b["x"] + b["width"] <= a["x"]
            or a["y"] + a["height"] <= b["y"]
            or b["y"] + b["height"] <= a["y"]
        )
        assert apart, f"two seats overlap with {players} players: {a} {b}"
    # The seat of the page's player sits at the bottom.
    me = page.locator(".felt .seat.me").bounding_box()
    assert me is not None and me["y"] == max(box["y"] for box in boxes if box)


def lobby_seats(page: Page) -> int:
    return page.locator("#seats .seat-kind").count()


@pytest.mark.parametrize(
    ("game", "fields", "seats"),
    [("trikiksis", {}, 3), ("kirves", {"num_players": "7"}, 7), ("kiksas", {}, 4)],
)
def test_the_lobby_lays_out_the_seats_the_game_allows(
    server: str, page: Page, tmp_path: Path, game: str, fields: dict[str, str], seats: int
) -> None:
    """The lobby reads each game's player counts from /api/games: its form offers the right
    seats at once, and the server accepts the table on the first try."""
    fill_lobby_form(page, server, game, **fields)
    assert lobby_seats(page) == seats
    assert page.locator("#seats legend").inner_text() == f"Seats ({seats})"
    if fields:
        offered = page.locator("#opt-num_players option").evaluate_all(
            "options => options.map(option => Number(option.value))"
        )
        assert offered == list(range(2, 11))  # Kirves's 2 to 10 players
    requests: list[str] = []
    page.on("request", lambda r: requests.append(r.url) if r.method == "POST" else None)
    page.click("#create-table")
    page.wait_for_selector("#prompt")
    assert page.locator("#lobby-errors .error").count() == 0
    assert len(requests) == 1, "the table was created on the first try"
    page.wait_for_selector(".felt .seat")
    assert page.locator(".felt .seat").count() == seats
    page.screenshot(path=tmp_path / f"lobby-{game}-{seats}.png")
    if game == "kirves" and os.environ.get("TRICKTAKER_DOCS_SCREENSHOT") == "1":
        page.wait_for_selector(ENABLED_ACTION)
        page.screenshot(path=DOCS_IMAGES / "client-kirves.png")


def test_a_variant_choice_that_changes_the_count_changes_the_seats(server: str, page: Page) -> None:
    """Kiksas's variant option plays Trikiksis for three: the form follows the choice."""
    fill_lobby_form(page, server, "kiksas")
    assert lobby_seats(page) == 4
    page.select_option("#opt-variant", label="trikiksis")
    assert lobby_seats(page) == 3
    page.click("#create-table")
    page.wait_for_selector(".felt .seat")
    assert page.locator(".felt .seat").count() == 3


# A Kiksas match where, each seat playing its first legal action, the second deal offers seat
# A (the page's seat) the Akis choice with every kind of Akis (found by a search of seeds).
AKIS_SEED = 59
AKIS_LABELS = {
    "pass": "Pass",
    "akis:a:H": "Akis (a): own trump hearts",
    "akis:a:D": "Akis (a): own trump diamonds",
    "akis:a:C": "Akis (a): own trump clubs",
    "akis:b": "Akis (b): no trump, take all",
    "akis:c": "Akis (c): no trump, take none",
}


def test_a_kiksas_match_reaches_the_akis_buttons(server: str, page: Page, tmp_path: Path) -> None:
    """Seat A plays in the browser, the other seats over their own WebSockets; at the second
    deal the Akis choice shows as labelled buttons, and clicking one is accepted."""
    body = {"type": "create_table", "v": 1, "game": "kiksas", "match": True, "seed": AKIS_SEED}
    body["seats"] = [{"kind": "human"}] * 4
    request = urllib.request.Request(
        f"{server}/api/tables", json.dumps(body).encode(), {"Content-Type": "application/json"}
    )
    with urllib.request.urlopen(request, timeout=10) as response:
        created = json.loads(response.read())
    table, tokens = created["table"], [seat["token"] for seat in created["seats"]]
    page.goto(f"{server}/#table={table}&seat=0&token={tokens[0]}")
    ws_base = server.replace("http://", "ws://")
    sockets = contextlib.ExitStack()
    # These seats only send; what the server sends them waits unread in an unbounded queue
    # (a bounded one would stop reading, and the closing handshake with it).
    others = {
        seat: sockets.enter_context(
            connect(f"{ws_base}/ws/tables/{table}?token={tokens[seat]}", max_queue=None)
        )
        for seat in (1, 2, 3)
    }
    mirror = tt.load("kiksas").new_match(seed=AKIS_SEED)  # the same match, to know the turns

    def stored_events() -> int:
        with urllib.request.urlopen(f"{server}/api/tables/{table}", timeout=10) as response:
            count: int = json.loads(response.read())["events"]
            return count

    with sockets:
        for step in itertools.count():
            assert step < 60, "no Akis choice within 60 actions"
            seat = mirror.to_move
            legal = [str(a) for a in mirror.legal_actions(seat)]
            if seat == 0 and any(a.startswith("akis:") for a in legal):
                break
            if seat == 0:
                page.click(f'#mine [data-action="{legal[0]}"]:not([disabled])')
            else:
                others[seat].send(json.dumps({"type": "action", "v": 1, "action": legal[0]}))
            mirror.apply(legal[0], seat=seat)
            deadline = time.monotonic() + 30
            while stored_events() < step + 1:  # the server has it before the next seat acts
                assert time.monotonic() < deadline, "the server did not take the action"
                time.sleep(0.05)
        page.wait_for_selector('#calls [data-action="akis:b"]:not([disabled])')
        page.screenshot(path=tmp_path / "kiksas-akis.png")
        shown = {
            button.get_attribute("data-action"): button.get_attribute("aria-label")
            for button in page.locator("#calls [data-action]").all()
        }
        assert shown == {action: AKIS_LABELS[action] for action in legal}
        assert page.locator("#phase").inner_text() == "Akis?"
        page.click('#calls [data-action="akis:b"]')
        deadline = time.monotonic() + 30
        while stored_events() < step + 1:
            assert time.monotonic() < deadline, "the Akis call was not taken"
            time.sleep(0.05)
        assert page.locator("#errors .error").count() == 0
