"""A guest may not pass for a registered player (issue 34 finding 12): not by
the same name, nor by a look-alike ('саrol9' in Cyrillic letters, 'CAROL9',
'caroI9', 'caro19'); a sign-up is refused a look-alike of an account's name."""

from __future__ import annotations

import pytest

from meeple.server.names import skeleton
from tests.server.test_people import ORIGIN, create, sign_up, site  # noqa: F401 (the fixture)

LOOK_ALIKES = ["carol9", "CAROL9", "\u0441\u0430rol9", "caroI9", "caro19", "\u0421\u0410R\u041el9", "carοl9"]


def test_skeletons():
    assert {skeleton(n) for n in LOOK_ALIKES} == {"carol9"}
    assert skeleton("cárol9") != skeleton("carol9")  # an accent is a different name
    assert skeleton("Zoë") == skeleton("zoë")


@pytest.mark.parametrize("name", LOOK_ALIKES)
def test_a_guest_may_not_take_an_accounts_name(site, name):  # noqa: F811
    sign_up(site, "carol9")
    site.cookies.clear()
    r = site.post(
        "/api/games",
        json={"game": "ethnos", "players": 2, "seats": ["human", "human"], "table": {"name": name}},
        headers=ORIGIN,
    )
    assert r.status_code == 409 and "registered player" in r.json()["error"], r.text
    g = create(site, ["human", "human"], name="Ann", public=True)
    before = site.get(f"/api/games/{g['id']}").json()["seats"]
    sit = site.post(f"/api/games/{g['id']}/sit", json={"seat": 1, "name": name}, headers=ORIGIN)
    assert sit.status_code == 409 and "registered player" in sit.json()["error"], sit.text
    assert site.get(f"/api/games/{g['id']}").json()["seats"] == before  # nothing changed
    chat = site.post(f"/api/games/{g['id']}/chat", json={"text": "hi", "name": name}, headers=ORIGIN)
    assert chat.status_code == 409, chat.text
    ok = site.post(f"/api/games/{g['id']}/sit", json={"seat": 1, "name": "cárol9"}, headers=ORIGIN)
    assert ok.status_code == 200, ok.text


def test_sign_up_refuses_a_look_alike(site):  # noqa: F811
    sign_up(site, "Carol9")
    site.cookies.clear()
    for name in ("caroI9", "CAR0L9", "caro19"):
        r = site.post("/api/accounts", json={"username": name, "password": "correct horse 42"}, headers=ORIGIN)
        assert r.status_code == 409, r.text
    sign_up(site, "carol_9")  # a different name


def test_the_lobby_says_which_seats_are_accounts(site):  # noqa: F811
    sign_up(site, "Dana7")
    mine = create(site, ["human", "human"], public=True)
    site.cookies.clear()
    guest = create(site, ["human", "human"], public=True, name="Ann")
    listed = {g["id"]: g for g in site.get("/api/games").json()["games"]}
    assert listed[mine["id"]]["accounts"] == [True, False]
    assert listed[guest["id"]]["accounts"] == [False, False]


@pytest.mark.browser
def test_the_page_marks_guests_seats_as_chat_does(live_server, chromium):
    import httpx

    g = httpx.post(
        f"{live_server}/api/games",
        json={"game": "ethnos", "players": 2, "seats": ["human", "human"], "table": {"name": "Ann", "public": True}},
    ).json()
    page = chromium.new_page()
    page.goto(f"{live_server}/")
    page.wait_for_function("() => document.body.innerText.includes('Ann (guest)')", timeout=60_000)
    page.goto(f"{live_server}/game/{g['id']}#seat=0&token={g['seats'][0]['token']}")
    page.wait_for_selector("ul.players", timeout=60_000)
    assert "Ann (guest)" in page.inner_text("ul.players")


def test_one_seat_per_account_at_a_table(site):  # noqa: F811
    sign_up(site, "Erin5")
    g = create(site, ["human", "human", "human"], public=True)  # Erin at seat 1
    before = site.get(f"/api/games/{g['id']}").json()["seats"]
    for _ in range(5):  # refused each time, and it never counts as a seat taken
        r = site.post(f"/api/games/{g['id']}/sit", json={"seat": 1}, headers=ORIGIN)
        assert r.status_code == 409 and "one seat per person" in r.json()["error"], r.text
    assert site.get(f"/api/games/{g['id']}").json()["seats"] == before
    listed = {x["id"]: x for x in site.get("/api/games").json()["games"]}
    assert listed[g["id"]]["open"] == [1, 2]
    site.cookies.clear()
    other = create(site, ["human", "human", "human"], public=True, name="Fay")
    sign_up(site, "Gus5")
    assert site.post(f"/api/games/{other['id']}/sit", json={"seat": 1}, headers=ORIGIN).status_code == 200
    again = site.post(f"/api/games/{other['id']}/sit", json={"seat": 2}, headers=ORIGIN)
    assert again.status_code == 409 and "seat 2" in again.json()["error"], again.text
