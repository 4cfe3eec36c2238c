"""Security headers on every answer (issue 34 finding 12): a policy the page
itself satisfies, no framing by another site, no sniffing, no referrer abroad."""

from __future__ import annotations

import re

import pytest


def _csp(r) -> dict[str, list[str]]:
    out = {}
    for part in r.headers["content-security-policy"].split(";"):
        name, *values = part.split()
        out[name] = values
    return out


def test_every_answer_carries_the_headers(client):
    g = client.post("/api/games", json={"game": "okc", "players": 2, "seats": ["human", "human"]}).json()
    answers = [
        client.get("/"),
        client.get(f"/game/{g['id']}"),
        client.get("/static/app.js"),
        client.get(f"/api/games/{g['id']}"),
        client.get("/api/games/nosuchgame"),  # a refusal too
        client.get("/no/such/page"),
    ]
    for r in answers:
        assert r.headers["x-frame-options"] == "DENY"
        assert r.headers["x-content-type-options"] == "nosniff"
        assert r.headers["referrer-policy"] == "same-origin"
        csp = _csp(r)
        assert csp["default-src"] == ["'self'"] and csp["script-src"] == ["'self'"]
        assert csp["object-src"] == ["'none'"] and csp["base-uri"] == ["'none'"]
        assert csp["frame-ancestors"] == ["'none'"]
        assert csp["connect-src"] == ["'self'", "ws://testserver", "wss://testserver"]


def test_a_junk_host_gets_no_socket_source():
    from meeple.server.headers import policy

    assert "connect-src 'self'" in policy("evil; script-src *")
    assert "script-src *" not in policy("evil; script-src *")
    assert "ws://[::1]:8000" in policy("[::1]:8000")


def test_the_page_needs_no_inline_script(client):
    """The policy forbids inline scripts; the page has none to lose."""
    for page in ("/", "/no/such/page"):
        text = client.get(page).text
        assert re.findall(r"<script(?![^>]*\bsrc=)[^>]*>", text) == []
        assert re.findall(r"\son[a-z]+\s*=", text) == []
        assert "javascript:" not in text


@pytest.mark.browser
def test_the_page_plays_under_its_policy(live_server, chromium):
    """Lobby, table (a move pushed through the socket), replay: nothing refused
    by the policy, no script error."""
    import httpx

    g = httpx.post(
        f"{live_server}/api/games",
        json={"game": "ethnos", "players": 2, "seats": ["human", "human"], "seed": 5, "open_seed": True},
    ).json()
    gid, tok = g["id"], [s["token"] for s in g["seats"]]
    page = chromium.new_page()
    refused: list[str] = []
    page.on("console", lambda m: refused.append(m.text) if "Content Security Policy" in m.text else None)
    page.on("pageerror", lambda e: refused.append(str(e)))
    page.goto(f"{live_server}/")
    page.wait_for_selector("#app *")
    page.goto(f"{live_server}/game/{gid}#seat=0&token={tok[0]}")
    page.wait_for_selector(".hand button.card:enabled", timeout=60_000)
    r = httpx.post(f"{live_server}/api/games/{gid}/sit", json={"seat": 1, "token": tok[1], "name": "Bea"})
    assert r.status_code == 200, r.text
    page.wait_for_function("() => document.body.innerText.includes('Bea')", timeout=60_000)
    page.goto(f"{live_server}/replay/{gid}")
    page.wait_for_selector("#app *")
    page.wait_for_timeout(500)
    assert "content-security-policy" in httpx.get(f"{live_server}/").headers
    assert not refused, refused
