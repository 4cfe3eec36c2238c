"""Undo by consent between two people, each in their own browser: one asks,
the other declines (it cannot be asked again), then a later undo is allowed
and both pages go back to before the move. The open-seed table says so."""

from __future__ import annotations

import httpx
import pytest

from meeple import games
from tests.server.conftest import ROOT

pytestmark = pytest.mark.browser

MINE = "() => document.body.dataset.mine === '1' && document.body.dataset.busy !== '1'"


def _open(chromium, base, gid, seat, token):
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})  # its own local storage
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(f"{base}/game/{gid}#seat={seat}&token={token}")
    page.wait_for_selector("#decision")
    return page, errors


def _recruit_from_market(page) -> None:
    page.wait_for_function(MINE)
    ply = page.evaluate("document.body.dataset.ply")
    page.locator("#market button.card:enabled").first.click()
    page.wait_for_function(f"() => document.body.dataset.ply !== '{ply}'")


def test_undo_by_consent_between_two_people(live_server, chromium):
    seed = next(s for s in range(100) if games.get("ethnos").new_game(2, seed=s).decision().seat == 0)
    g = httpx.post(
        f"{live_server}/api/games", json={"players": 2, "seats": ["human", "human"], "seed": seed, "open_seed": True}
    ).json()
    tok = {s["seat"]: s["token"] for s in g["seats"]}
    a, errors_a = _open(chromium, live_server, g["id"], 0, tok[0])
    b, errors_b = _open(chromium, live_server, g["id"], 1, tok[1])
    for page in (a, b):
        assert f"Open seed {seed}" in page.locator("#open-seed").inner_text()

    # seat 0 recruits and asks; seat 1 is asked in words and declines
    _recruit_from_market(a)
    assert a.locator("#undo-btn").inner_text() == "Ask to undo my move"
    a.locator("#undo-btn").click()
    a.wait_for_selector("#undo-request[data-status='pending']")
    assert "You asked to take back your last move" in a.locator("#undo-request").inner_text()
    assert a.locator("#undo-approve").count() == 0
    b.wait_for_selector("#undo-decline")
    assert "Player 1 asks to take back their last move" in b.locator("#undo-request").inner_text()
    b.locator("#undo-decline").click()
    a.wait_for_selector("#undo-request[data-status='declined']")
    assert "Player 2 declined to take back your last move" in a.locator("#undo-request").inner_text()
    assert a.locator("#undo-btn").count() == 0  # not to be asked again
    assert a.evaluate("document.body.dataset.ply") == "1"

    # a later move: asked again, allowed, and both pages are back before it
    _recruit_from_market(b)
    _recruit_from_market(a)
    a.wait_for_selector("#undo-btn")
    a.locator("#undo-btn").click()
    b.wait_for_selector("#undo-approve")
    b.locator("#undo-approve").click()
    for page in (a, b):
        page.wait_for_function("() => document.body.dataset.ply === '2' && !document.getElementById('undo-request')")
    a.wait_for_function(MINE)
    assert httpx.get(f"{live_server}/api/games/{g['id']}").json()["ply"] == 2
    out = ROOT / "artifacts"
    out.mkdir(exist_ok=True)
    a.screenshot(path=str(out / "undo-consent.png"), full_page=True)
    assert not errors_a and not errors_b, errors_a + errors_b
