"""The page, driven by Debian's Chromium: 1 human and 3 bots, played to the end
by clicking; the ranking shown must be the server's; a screenshot is kept in
artifacts/ (a CI artifact)."""

from __future__ import annotations

import random
import re

import httpx
import pytest

from tests.server.conftest import ROOT
from tests.server.helpers import new_page, start_in_lobby

pytestmark = pytest.mark.browser

WAIT = (
    "() => document.body.dataset.status === 'finished' || "
    "(document.body.dataset.mine === '1' && document.body.dataset.busy !== '1' "
    " && document.body.dataset.ply !== window.__acted)"
)


def act(page, rng: random.Random) -> None:
    """One whole move by clicking what the page offers (only legal moves are)."""
    page.evaluate("() => { window.__acted = document.body.dataset.ply; }")
    dec = page.locator("#decision")
    kind = dec.get_attribute("data-kind")
    if kind in ("turn", "centaur"):
        recruit = page.locator("#market button.card:enabled, #deck-btn:enabled")
        hand = page.locator(".hand button.card:enabled")
        if hand.count() and (not recruit.count() or rng.random() < 0.45):
            # build a band: select cards while the page still offers them
            hand.nth(rng.randrange(hand.count())).click()
            for _ in range(rng.randrange(4)):
                more = page.locator(".hand button.card:enabled[aria-pressed='false']")
                if not more.count():
                    break
                more.nth(rng.randrange(more.count())).click()
            bands = page.locator("#decision button[data-band]")
            if bands.count():
                bands.nth(rng.randrange(bands.count())).click()
                return
            page.get_by_role("button", name="Clear selection").click()
        if kind == "centaur":
            page.locator("#decision button[data-move='pass']").click()
        elif recruit.count():
            recruit.nth(rng.randrange(recruit.count())).click()
        else:
            raise AssertionError("no legal move offered on a full hand")
    elif kind == "keep":
        page.locator("#keep-btn").click()
    else:
        moves = page.locator("#decision button[data-move]")
        assert moves.count(), f"no answer offered for {kind}"
        moves.nth(rng.randrange(moves.count())).click()


def test_full_game_by_clicking(live_server, chromium):
    page, errors = new_page(chromium)
    game_id = start_in_lobby(page, live_server, "ethnos", ["human"] + ["bot:easy"] * 3, 11)
    rng = random.Random(5)
    page.evaluate("() => { window.__acted = null; }")
    moves = 0
    while True:
        page.wait_for_function(WAIT, timeout=30_000)
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        act(page, rng)
        moves += 1
        assert moves < 600, "the game does not end"
    page.wait_for_selector("#ranking li")
    shown = [int(x) for x in page.locator("#ranking li").evaluate_all("els => els.map(e => e.dataset.seat)")]
    server = httpx.get(f"{live_server}/api/games/{game_id}").json()
    assert server["status"] == "finished"
    assert shown == [r["seat"] for r in server["ranking"]]
    assert len(shown) == 4
    assert [" glory" in t for t in page.locator("#ranking > li").all_inner_texts()] == [True] * 4
    assert moves > 20
    out = ROOT / "artifacts"
    out.mkdir(exist_ok=True)
    page.screenshot(path=str(out / "browser-final.png"), full_page=True)
    # the replay viewer steps through the finished game
    page.goto(f"{live_server}/replay/{game_id}")
    page.wait_for_selector("#rp-next")
    page.click("#rp-next")
    page.wait_for_function("() => document.body.dataset.ply === '1'")
    assert "Last move:" in page.locator("#replay-move").inner_text()
    page.click("#rp-last")
    page.wait_for_selector("#ranking li")
    page.screenshot(path=str(out / "browser-replay.png"), full_page=True)
    assert not errors, errors


def test_phone_lobby_and_keyboard(live_server, chromium):
    page = chromium.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
    page.goto(live_server + "/")
    page.wait_for_selector("#create")
    # the whole lobby fits a phone's width
    assert page.evaluate("document.documentElement.scrollWidth") <= 400
    # keyboard only: tab to the create button and press Enter
    page.focus("#seed")
    page.keyboard.press("Tab")
    for _ in range(20):
        if page.evaluate("document.activeElement.id") == "create":
            break
        page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.id") == "create"
    page.keyboard.press("Enter")
    page.wait_for_url(re.compile(r"/game/"))  # "Create" takes the creator to their seat
    page.wait_for_selector("#decision")
    page.wait_for_selector(".kingdom")
    assert page.evaluate("document.documentElement.scrollWidth") <= 400, "the table overflows a phone"
    out = ROOT / "artifacts"
    out.mkdir(exist_ok=True)
    page.screenshot(path=str(out / "browser-phone.png"), full_page=True)
