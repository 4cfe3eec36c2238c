"""The page's files: only web assets, compressed, cached by versioned URL, and
a table loads only its own game's script (issue 16)."""

from __future__ import annotations

import re


def asset_urls(html: str) -> list[str]:
    return re.findall(r'(?:src|href)="(/static/[^"]+)"', html)


def test_only_web_assets_are_served(client):
    assert client.get("/static/__init__.py").status_code == 404
    assert client.get("/static/index.html").status_code == 404
    assert client.get("/static/app.js").status_code == 200


def test_assets_are_compressed_and_cached_by_version(client):
    urls = asset_urls(client.get("/").text)
    assert urls and all("?v=" in u for u in urls)
    r = client.get(urls[0], headers={"accept-encoding": "gzip"})
    assert r.headers["content-encoding"] == "gzip"
    assert r.headers["cache-control"] == "public, max-age=31536000, immutable"
    again = client.get(urls[0], headers={"if-none-match": r.headers["etag"]})
    assert again.status_code == 304
    bare = client.get("/static/app.js")
    assert bare.headers["cache-control"] == "no-cache" and bare.headers["etag"]
    page = client.get("/")
    assert page.headers["cache-control"] == "no-cache"


# every page: the page itself, the people around the games, the advisor, the tap
# that reads a card, the rules at hand
COMMON = {
    "/static/i18n.js",
    "/static/app.js",
    "/static/social.js",
    "/static/advice.js",
    "/static/cardinfo.js",
    "/static/rules.js",
}


def test_a_table_loads_only_its_own_games_script(client):
    lobby = asset_urls(client.get("/").text)
    assert {u.split("?")[0] for u in lobby} >= {
        "/static/app.js",
        "/static/ethnos.js",
        "/static/okc.js",
        "/static/anunnaki.js",
    }
    g = client.post("/api/games", json={"game": "okc", "players": 2, "seats": ["human", "human"]}).json()
    for page in (f"/game/{g['id']}", f"/replay/{g['id']}"):
        scripts = {u.split("?")[0] for u in asset_urls(client.get(page).text) if ".js" in u}
        assert scripts == {*COMMON, "/static/okc.js"}
    assert {u.split("?")[0] for u in asset_urls(client.get("/game/nosuchgame").text) if ".js" in u} == COMMON
