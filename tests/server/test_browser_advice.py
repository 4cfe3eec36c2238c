"""The advisor in the page, driven by Debian's Chromium: the Hint button at a
table against bots, and the Analyse button of the replay viewer (the win-chance
chart and the costly moves). Small search budgets through the environment."""

from __future__ import annotations

import time

import httpx
import pytest

from tests.server.conftest import ROOT
from tests.server.helpers import new_page, start_in_lobby

pytestmark = pytest.mark.browser


@pytest.fixture
def advised_server(request, monkeypatch):
    """The live server with small search budgets (set before it starts)."""
    monkeypatch.setenv("MEEPLE_HINT_SECONDS", "0.3")
    monkeypatch.setenv("MEEPLE_ANALYSIS_SECONDS", "0.02")
    return request.getfixturevalue("live_server")


def test_the_hint_button_shows_three_options_against_bots(advised_server, chromium):
    page, errors = new_page(chromium)
    assert page.goto(f"{advised_server}/?game=ethnos")
    page.wait_for_selector("#hints")
    assert page.is_checked("#hints")  # one person against bots: on
    page.select_option("#seat-1", "human")
    assert not page.is_checked("#hints")  # two people: off unless they agree
    start_in_lobby(page, advised_server, "ethnos", ["human", "bot:easy"], 17)
    page.wait_for_function("() => document.body.dataset.mine === '1'", timeout=30_000)
    assert page.inner_text("#hints-note") == "Hints are allowed at this table."
    page.click("#hint-btn")
    page.wait_for_selector("#hint-options li", timeout=30_000)
    options = page.locator("#hint-options button.hint-opt")
    assert options.count() == 3
    texts = options.all_inner_texts()
    assert all("% chance to win" in t for t in texts)
    assert all(not t.startswith(("recruit ", "band ")) for t in texts), texts  # words, not notation
    out = ROOT / "artifacts"
    out.mkdir(exist_ok=True)
    page.locator("#decision").screenshot(path=str(out / "browser-hint.png"))
    ply = page.evaluate("document.body.dataset.ply")
    options.first.click()  # plays it
    page.wait_for_function(f"() => document.body.dataset.ply !== '{ply}'", timeout=30_000)
    assert not errors, errors


def finished_bot_game(base: str) -> str:
    r = httpx.post(
        f"{base}/api/games",
        json={"game": "ethnos", "players": 2, "seed": 3, "open_seed": True, "seats": ["bot:random", "bot:random"]},
    )
    gid = r.json()["id"]
    deadline = time.time() + 60
    while httpx.get(f"{base}/api/games/{gid}").json()["status"] != "finished":
        assert time.time() < deadline, "the bots did not finish"
        time.sleep(0.2)
    return gid


def test_the_analyse_button_draws_the_chart(advised_server, chromium):
    gid = finished_bot_game(advised_server)
    page, errors = new_page(chromium)
    page.goto(f"{advised_server}/replay/{gid}")
    page.click("#analyse-btn")
    page.wait_for_selector("#analysis-progress, #winchart", timeout=30_000)
    page.wait_for_selector("#winchart path.wline", timeout=240_000)
    assert page.locator("#winchart path.wline").count() == 2  # one line per seat
    plies = len(httpx.get(f"{advised_server}/api/games/{gid}/log").json()["moves"])
    assert page.locator("#replay-moves li").count() == plies
    costly = page.locator("#replay-moves li.costly")
    assert costly.count() >= 1 and "better:" in costly.first.inner_text()
    assert page.locator("#costly-list li").count() == costly.count()
    out = ROOT / "artifacts"
    out.mkdir(exist_ok=True)
    page.locator("#analysis").screenshot(path=str(out / "browser-analysis.png"))
    # a second visit shows the cached analysis at once
    page.reload()
    page.wait_for_selector("#winchart path.wline", timeout=10_000)
    assert not errors, errors
