"""People in the page, driven by Debian's Chromium: sign-up, log-in and the
profile; chat between two browsers (and the spectators' channel); a private
table absent from the lobby while a public one offers its open seats; a
rematch offered by one player and joined by the other; the "your turn" title."""

from __future__ import annotations

import random
import re

import httpx
import pytest

from tests.server.test_api import play_out

pytestmark = pytest.mark.browser


def person(chromium, base: str, name: str | None = None):
    """A browser of its own (cookies, local storage) with a guest name set."""
    ctx = chromium.new_context(viewport={"width": 1280, "height": 900})
    if name:
        ctx.add_init_script(f"localStorage.setItem('meeple:name', {name!r})")
    page = ctx.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def two_humans(base: str) -> dict:
    r = httpx.post(f"{base}/api/games", json={"game": "ethnos", "players": 2, "seats": ["human", "human"]})
    assert r.status_code == 201, r.text
    return r.json()


def seat_link(base: str, g: dict, seat: int) -> str:
    return f"{base}/game/{g['id']}#seat={seat}&token={g['seats'][seat]['token']}"


def refused_then_accepted(page, button: str, username: str, bad_password: str, words: str) -> None:
    """Submit the account form with a bad password (the toast must say `words`), then the right one."""
    page.fill("#acc-user", username)
    page.fill("#acc-pass", bad_password)
    page.click(button)
    page.wait_for_selector("#toast.bad")
    assert words in page.inner_text("#toast")
    page.fill("#acc-pass", "correct horse 42")
    page.click(button)
    page.wait_for_selector("#me-link")


def ann_and_bob(chromium, base: str):
    """A private table of two, each seat opened in a browser of its own:
    (game, Ann's page, Bob's page, their script errors)."""
    g = two_humans(base)
    ann, ann_errors = person(chromium, base, "Ann")
    bob, bob_errors = person(chromium, base, "Bob")
    ann.goto(seat_link(base, g, 0))
    bob.goto(seat_link(base, g, 1))
    return g, ann, bob, (ann_errors, bob_errors)


def test_sign_up_log_in_profile(live_server, chromium):
    page, errors = person(chromium, live_server)
    page.goto(live_server + "/")
    refused_then_accepted(page, "#signup-btn", "Fay_1", "short", "at least 10")
    assert page.inner_text("#me-link") == "Fay_1"
    # a game created now is hers: her name at the table
    page.select_option("#players", "2")
    page.select_option("#seat-1", "bot:random")
    page.click("#create")  # takes the creator to their seat
    page.wait_for_selector("#decision")
    page.wait_for_function("() => document.getElementById('title').textContent.includes('you are Fay_1')")
    # log out, log in again, see the profile with the game in the history
    page.click("#logout")
    page.wait_for_selector("#login-link")
    page.goto(live_server + "/")
    refused_then_accepted(page, "#login-btn", "fay_1", "wrong horse 42", "wrong username or password")
    page.click("#me-link")
    page.wait_for_selector("#profile")
    assert page.inner_text("#profile h1") == "Fay_1"
    assert page.locator("#history li").count() == 1
    assert "in play" in page.inner_text("#history")
    assert not errors, errors


def test_chat_between_two_browsers(live_server, chromium):
    g, ann, bob, (ann_errors, bob_errors) = ann_and_bob(chromium, live_server)
    for page in (ann, bob):
        page.wait_for_selector("#chat-input")
    # guest names reach the other browser's table
    bob.wait_for_function("() => document.getElementById('title').textContent.includes('you are Bob')")
    ann.wait_for_function("() => document.querySelector('.col.side').textContent.includes('Bob')")
    # the seat to move sees it in the tab title
    mover = ann if httpx.get(f"{live_server}/api/games/{g['id']}").json()["decision"]["seat"] == 0 else bob
    mover.wait_for_function("() => document.title.startsWith('● Your turn')")
    other = bob if mover is ann else ann
    assert not other.title().startswith("●")
    icon = "() => decodeURIComponent(document.querySelector('link[rel=icon]').href)"
    assert "#e0a800" in mover.evaluate(icon) and "#8a8377" in other.evaluate(icon)
    ann.fill("#chat-input", "<img src=x onerror=alert(1)> hello Bob")
    ann.press("#chat-input", "Enter")
    bob.wait_for_selector("#chat-list li.ch-players")
    line = bob.locator("#chat-list li.ch-players").first
    assert "Ann" in line.inner_text() and "<img src=x onerror=alert(1)> hello Bob" in line.inner_text()
    assert bob.locator("#chat-list img").count() == 0
    bob.fill("#chat-input", "hi Ann")
    bob.click("#chat-send")
    ann.wait_for_function("() => document.querySelectorAll('#chat-list li.ch-players').length === 2")
    # a spectator writes in the spectators' channel, hidden from players until they open it
    eve, eve_errors = person(chromium, live_server, "Eve")
    eve.goto(f"{live_server}/game/{g['id']}")
    eve.wait_for_selector("#chat-input")
    eve.fill("#chat-input", "nice move")
    eve.press("#chat-input", "Enter")
    eve.wait_for_selector("#chat-list li.ch-spectators")
    ann.wait_for_selector("#chat-list li.ch-spectators", state="attached")
    assert not ann.locator("#chat-list li.ch-spectators").is_visible()
    ann.check("#chat-spectators")
    assert ann.locator("#chat-list li.ch-spectators").is_visible()
    assert "Eve" in ann.inner_text("#chat-list li.ch-spectators")
    assert len(httpx.get(f"{live_server}/api/games/{g['id']}/chat").json()["messages"]) == 3
    assert not (ann_errors or bob_errors or eve_errors)


def test_private_table_unlisted_public_table_seats(live_server, chromium):
    host, errors = person(chromium, live_server, "Hal")
    host.goto(live_server + "/")
    host.wait_for_selector("#create")
    host.select_option("#players", "3")
    for i in range(3):
        host.select_option(f"#seat-{i}", "human")
    host.click("#create")
    host.wait_for_url(re.compile(r"/game/"))  # "Create" takes the creator to their seat
    private_id = re.search(r"/game/([^/#?]+)", host.url).group(1)
    # the other people's invite links wait at the table
    host.wait_for_selector("#invite-panel a.seat-link[data-seat='1']")
    assert host.locator("#invite-panel a.seat-link").count() == 2
    # now a public table, the host in the second colour
    host.goto(live_server + "/")
    host.wait_for_selector("#create")
    host.select_option("#players", "3")
    for i in range(3):
        host.select_option(f"#seat-{i}", "human")
    host.check("#public")
    host.select_option("#my-seat", "1")
    host.click("#create")
    host.wait_for_function(
        "(old) => location.pathname.startsWith('/game/') && !location.pathname.endsWith(old)", arg=private_id
    )
    public_id = re.search(r"/game/([^/#?]+)", host.url).group(1)
    host.wait_for_function("() => document.getElementById('title').textContent.includes('you are Hal')")
    assert host.evaluate("T.seat") == 1
    assert host.locator("#invite-panel").count() == 0  # the other seats are open, not invites
    guest, guest_errors = person(chromium, live_server, "Gus")
    guest.goto(live_server + "/")
    guest.wait_for_selector(f"#open-tables li[data-game='{public_id}']")
    assert guest.locator(f"#open-tables li[data-game='{private_id}']").count() == 0
    assert private_id not in guest.content()
    row = guest.locator(f"#open-tables li[data-game='{public_id}']")
    assert "Hal" in row.inner_text()
    assert [b.get_attribute("data-seat") for b in row.locator("button.take-seat").all()] == ["0", "2"]
    row.locator("button.take-seat[data-seat='2']").click()
    guest.wait_for_url(f"**/game/{public_id}")
    guest.wait_for_function("() => document.getElementById('title').textContent.includes('you are Gus')")
    listed = {x["id"]: x for x in httpx.get(f"{live_server}/api/games").json()["games"]}
    assert private_id not in listed and listed[public_id]["open"] == [0]
    assert not (errors or guest_errors)


def test_rematch_offered_and_joined(live_server, chromium):
    g, ann, bob, (ann_errors, bob_errors) = ann_and_bob(chromium, live_server)
    bob.wait_for_function("() => document.getElementById('title').textContent.includes('you are Bob')")
    with httpx.Client(base_url=live_server, timeout=10) as api:
        play_out(api, g, random.Random(8))
    for page in (ann, bob):
        page.wait_for_selector("#rematch-btn")
    assert ann.inner_text("#rematch-btn") == "Offer a rematch"
    ann.click("#rematch-btn")
    ann.wait_for_url(re.compile(r".*/game/(?!" + g["id"] + ")[^/]+$"))
    new_id = ann.url.rsplit("/", 1)[1]
    ann.wait_for_selector("#decision")
    ann.wait_for_function("() => document.getElementById('title').textContent.includes('you are Ann')")
    # Bob sees the offer without reloading and joins with one click
    bob.wait_for_function("() => document.getElementById('rematch-btn').textContent === 'Join the rematch'")
    # the offer is part of the result, beside its button (not a toast that fades), and it survives a push
    assert bob.inner_text("#result #rematch-offer").startswith("Ann offers a rematch")
    assert "rematch" not in bob.inner_text("#toast")
    bob.evaluate("() => { window.__offer = document.getElementById('rematch-offer'); }")
    httpx.post(f"{live_server}/api/games/{g['id']}/chat", json={"text": "gg", "name": "Zed"})
    bob.wait_for_selector("#chat-list li", state="attached")
    assert bob.evaluate("() => window.__offer.isConnected")
    bob.click("#rematch-btn")
    bob.wait_for_url(f"**/game/{new_id}")
    bob.wait_for_function("() => document.getElementById('title').textContent.includes('you are Bob')")
    v = httpx.get(f"{live_server}/api/games/{new_id}").json()
    assert v["status"] == "active" and [s["name"] for s in v["seats"]] == ["Ann", "Bob"]
    assert httpx.get(f"{live_server}/api/games/{g['id']}/rematch").json() == {"rematch": new_id}
    assert not (ann_errors or bob_errors)


def test_bot_takes_a_timed_out_seat_and_the_person_takes_it_back(live_server, chromium):
    r = httpx.post(
        f"{live_server}/api/games",
        json={
            "game": "ethnos",
            "players": 2,
            "seats": ["human", "human"],
            "table": {"clock": {"kind": "move", "seconds": 10}},
        },
    )
    g = r.json()
    mover = httpx.get(f"{live_server}/api/games/{g['id']}").json()["decision"]["seat"]
    slow, slow_errors = person(chromium, live_server, "Sam")
    other, other_errors = person(chromium, live_server, "Oli")
    slow.goto(seat_link(live_server, g, mover))
    other.goto(seat_link(live_server, g, 1 - mover))
    other.wait_for_selector(f"#seats-panel .clock[data-seat='{mover}']")
    assert re.match(r"⏱ 0:\d\d", other.inner_text(f"#seats-panel .clock[data-seat='{mover}']"))
    # ten seconds later the clock has run out and the other player hands the seat to a bot
    button = other.locator(f"#seats-panel .handover-btn[data-seat='{mover}']")
    button.wait_for(timeout=20_000)
    assert "out of time" in other.inner_text(f"#seats-panel li[data-seat='{mover}']")
    other.select_option(f"#handover-level-{mover}", "random")
    button.click()
    slow.wait_for_selector("#reclaim-btn")
    assert "A bot (random) plays your seat" in slow.inner_text("#seats-panel")
    other.wait_for_function("() => +document.body.dataset.ply > 0")  # the bot moved for Sam
    assert "standing in" in httpx.get(f"{live_server}/api/games/{g['id']}").json()["seats"][mover]["name"]
    slow.click("#reclaim-btn")
    slow.wait_for_selector("#reclaim-btn", state="detached")
    seat = httpx.get(f"{live_server}/api/games/{g['id']}").json()["seats"][mover]
    assert seat["kind"] == "human" and seat["name"] == "Sam"
    assert not (slow_errors or other_errors)
