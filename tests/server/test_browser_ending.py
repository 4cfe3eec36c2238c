"""The game as a player lives it in the page (issue 35), in Chromium:

- each game played to its end by clicking, with no identifier (card or region
  id, decision name, snake_case, tuple, zero-based seat, notation) in any text
  the page shows: the table, the log, toasts, the result, the replay, the page
  for an unknown address;
- the ending first: result, names, places and the rematch in the first screen,
  for the player, a spectator and the replay, at 390x844 and 1366x900;
- the turn bar in view while the page scrolls; a push landing during a
  selection keeps the card under the finger (and focus and selection); what
  happened since one's last move is marked; touch targets of 44 px;
- resigning from the page, with a confirmation.
"""

from __future__ import annotations

import random
import re

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from tests.server import test_browser, test_okc_table
from tests.server.helpers import identifiers, new_page, start_in_lobby
from tools.ending_screenshots import SIZES

pytestmark = pytest.mark.browser

WAIT = test_browser.WAIT


def anunnaki_act(page, rng: random.Random) -> None:
    """One move by clicking a region, a star tile or a button the decision offers."""
    page.evaluate("() => { window.__acted = document.body.dataset.ply; }")
    picks = page.locator("svg .pick")
    buttons = page.locator("#decision button[data-move]")
    assert picks.count() + buttons.count(), "nothing offered"
    passes = page.locator("#decision button.pass")
    if passes.count() and rng.random() < 0.35:
        passes.first.click(timeout=5_000)
    elif picks.count() and rng.random() < 0.6:
        picks.nth(rng.randrange(picks.count())).click(timeout=5_000)
    else:
        buttons.nth(rng.randrange(buttons.count())).click(timeout=5_000)


GAMES = {
    "ethnos": (["human", "bot:easy", "bot:easy"], 11, [], lambda page, rng: test_browser.act(page, rng)),
    "okc": (["human", "bot:easy"], 7, [("#opt-rounds", "4")], lambda page, rng: test_okc_table.act(page, rng)),
    "anunnaki": (["human", "bot:random"], 17, [], anunnaki_act),
}


def words_check(page, where: str, found: dict) -> None:
    """Every identifier-like token in the text the page shows now (toasts
    included: `innerText` keeps a faded toast's words)."""
    text = page.evaluate("() => document.body.innerText + '\\n' + document.title")
    for hit in identifiers(text):
        found.setdefault(hit.split(" in ...")[0], f"{where}: {hit}")


def in_first_screen(page, selector: str) -> bool:
    box = page.locator(selector).first.bounding_box()
    height = page.viewport_size["height"]
    return box is not None and box["y"] >= 0 and box["y"] + box["height"] <= height


def check_ending_first(page, url: str, player: bool) -> None:
    """At both sizes: the result's title, every place and (for a player) the
    rematch are on the first screen, before anything else of the table."""
    for w, h in SIZES:
        page.set_viewport_size({"width": w, "height": h})
        page.goto(url)
        page.wait_for_selector("#result #ranking li")
        assert in_first_screen(page, "#result-title"), (url, w)
        assert in_first_screen(page, "#ranking li:last-child"), (url, w)
        if player:
            assert in_first_screen(page, "#rematch-btn"), (url, w)
        first = page.evaluate("() => document.querySelector('.col.main').firstElementChild.id")
        assert first == "result", first


@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_in_words_and_its_ending_first(live_server, chromium, game):
    seats, seed, selects, act = GAMES[game]
    page, errors = new_page(chromium)
    gid = start_in_lobby(page, live_server, game, seats, seed, selects)
    token = page.evaluate(f"() => JSON.parse(localStorage.getItem('meeple:{gid}')).token")
    rng = random.Random(seed)
    found: dict[str, str] = {}
    page.evaluate("() => { window.__acted = null; }")
    moves = 0
    while True:
        page.wait_for_function(WAIT, timeout=60_000)
        words_check(page, f"move {moves}", found)
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        try:
            act(page, rng)
        except (AssertionError, ValueError, PlaywrightTimeout):
            # a secret choice with one answer left is taken for the seat once the
            # other seat has chosen: the page moved on under the hand
            if page.evaluate("document.body.dataset.ply !== window.__acted"):
                continue
            raise
        moves += 1
        assert moves < 1500, "the game does not end"
    words_check(page, "the end", found)
    server = httpx.get(f"{live_server}/api/games/{gid}").json()
    shown = [int(x) for x in page.locator("#ranking li").evaluate_all("els => els.map(e => e.dataset.seat)")]
    assert shown == [r["seat"] for r in server["ranking"]]
    # the ending first, for the player, a spectator and the replay, phone and desktop
    check_ending_first(page, f"{live_server}/game/{gid}#seat=0&token={token}", player=True)
    spectator = chromium.new_page()
    check_ending_first(spectator, f"{live_server}/game/{gid}", player=False)
    check_ending_first(spectator, f"{live_server}/replay/{gid}", player=False)
    # the replay tells its moves in words
    for _ in range(6):
        ply = spectator.evaluate("document.body.dataset.ply")
        spectator.click("#rp-next")
        spectator.wait_for_function(f"() => document.body.dataset.ply !== '{ply}'")
        words_check(spectator, f"replay move {int(ply) + 1}", found)
    assert "Last move: " in spectator.inner_text("#replay-move")
    spectator.goto(f"{live_server}/nosuchpage")
    spectator.wait_for_selector("#not-found")
    words_check(spectator, "an unknown page", found)
    assert not found, "\n".join(found.values())
    assert not errors, errors


def _two_people(live_server: str, game: str = "ethnos") -> dict:
    g = httpx.post(
        f"{live_server}/api/games",
        json={"game": game, "players": 2, "seats": ["human", "human"], "seed": 5, "open_seed": True},
    ).json()
    assert "id" in g, g
    return g


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
def test_a_push_during_a_selection_keeps_the_card_and_the_turn_bar_stays(live_server, chromium, size):
    g = _two_people(live_server)
    gid, tok = g["id"], [s["token"] for s in g["seats"]]
    w, h = size
    page = chromium.new_page(viewport={"width": w, "height": h}, is_mobile=w < 500, has_touch=w < 500)
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{live_server}/game/{gid}#seat=0&token={tok[0]}")
    page.wait_for_selector(".hand button.card:enabled")
    # a finger on a card: selected and focused
    page.locator(".hand button.card:enabled").first.click()
    page.evaluate(
        "() => { window.__card = document.querySelector('.hand button.card[aria-pressed=\"true\"]'); window.__card.focus(); }"
    )
    assert page.evaluate("() => !!window.__card")
    # a push lands: the other player names their seat
    r = httpx.post(f"{live_server}/api/games/{gid}/sit", json={"seat": 1, "token": tok[1], "name": "Bea"})
    assert r.status_code == 200, r.text
    page.wait_for_function("() => document.body.innerText.includes('Bea')")
    same = page.evaluate(
        "() => window.__card.isConnected && window.__card.getAttribute('aria-pressed') === 'true'"
        " && document.activeElement === window.__card"
    )
    assert same, "the push replaced the card under the finger"
    # the turn bar stays in view wherever the page is scrolled
    for where in ("document.body.scrollHeight / 2", "document.body.scrollHeight"):
        page.evaluate(f"() => window.scrollTo(0, {where})")
        page.wait_for_timeout(50)
        assert in_first_screen(page, "#turn"), where
        assert "Your move: " in page.inner_text("#turn")
    if w < 500:  # touch targets: every control of the table at least 44 px high
        small = page.evaluate(
            """() => [...document.querySelectorAll('#app button, #app select, #app a.button,'
                 + ' #app label:has(> input[type=checkbox])')]
               .filter((e) => e.offsetParent !== null && e.getBoundingClientRect().height < 44)
               .map((e) => e.outerHTML.slice(0, 80))"""
        )
        assert not small, small
    assert not errors, errors


def test_what_changed_since_my_move_is_marked_and_i_may_resign(live_server, chromium):
    page, errors = new_page(chromium)
    gid = start_in_lobby(page, live_server, "ethnos", ["human", "bot:easy"], 3)
    page.evaluate("() => { window.__acted = null; }")
    page.wait_for_function(WAIT, timeout=30_000)
    test_browser.act(page, random.Random(1))
    page.wait_for_function(WAIT, timeout=30_000)  # the bot has moved since
    assert page.locator("#log-list li.fresh").count() >= 1
    assert re.fullmatch(r"\d+ events? since your last move", page.inner_text("#fresh-count"))
    # resign: asked first, then done
    page.click("#resign-btn")
    assert "Resign this game?" in page.inner_text("#resign-ask")
    page.click("#resign-no")
    assert page.locator("#resign-ask").count() == 0
    assert page.evaluate("document.body.dataset.status") == "active"
    page.click("#resign-btn")
    page.click("#resign-yes")
    page.wait_for_selector("#result #ranking li")
    assert "wins" in page.inner_text("#result-title")
    assert "resigned" in page.inner_text("#ranking li:last-child")
    server = httpx.get(f"{live_server}/api/games/{gid}").json()
    assert server["status"] == "finished" and server["ranking"][-1]["seat"] == 0
    assert not errors, errors


def test_the_lobby_lists_tables_in_words(live_server, chromium):
    g = httpx.post(
        f"{live_server}/api/games",
        json={"game": "okc", "players": 2, "seats": ["human", "bot:easy"], "table": {"public": True, "name": "Ann"}},
    ).json()
    page, errors = new_page(chromium)
    page.goto(live_server + "/")
    row = page.locator(f"#recent li[data-game='{g['id']}']")
    row.wait_for()
    text = row.inner_text()
    assert text.startswith("The Old King's Crown, 2 players (Ann (guest), a bot (easy)) — in play: watch"), text
    assert g["id"] not in text and not identifiers(text)
    assert row.locator("a.table-link").get_attribute("href") == f"/game/{g['id']}"
    assert not errors, errors
