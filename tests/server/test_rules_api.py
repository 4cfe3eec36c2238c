"""GET /api/rules, /api/rules/{game} and /api/rules/{game}/terms: the rules
summary and glossary the page's Rules panel shows, public and read-only."""

from __future__ import annotations

from meeple.games import glossary as G


def test_the_index_names_every_game(client):
    r = client.get("/api/rules")
    assert r.status_code == 200
    assert r.json()["games"] == {g: G.load(g).title for g in G.GAMES}


def test_a_game_gives_its_summary_and_whole_glossary_with_sources(client):
    for game in G.GAMES:
        r = client.get(f"/api/rules/{game}")
        assert r.status_code == 200 and "max-age" in r.headers["cache-control"]
        doc = r.json()
        assert [s["id"] for s in doc["summary"]] == [s.id for s in G.summary(game)]
        assert len(doc["terms"]) == len(G.load(game).entries)
        for t in doc["terms"]:
            assert t["text"] and t["sentences"][0]["key"].startswith(f"{game}.{t['id']}.")
            assert t["sources"] and t["sources"][0]["seed"].endswith(".txt") and t["sources"][0]["line"] > 0
        assert set(doc["kinds"]) == {e.kind for e in G.load(game).entries}


def test_terms_are_found_by_alias_and_by_text(client):
    r = client.get("/api/rules/okc/terms", params={"q": "pathfinders"})
    assert r.status_code == 200 and r.json()["exact"] is True
    assert [t["id"] for t in r.json()["terms"]] == ["trait.pathfinder"]
    r = client.get("/api/rules/ethnos/terms", params={"q": "troll token"})
    assert r.json()["terms"][0]["id"] == "component.troll_token"
    r = client.get("/api/rules/anunnaki/terms", params={"q": "exhaust token"})
    assert r.json()["terms"][0]["id"] == "term.exhaust_token"
    r = client.get("/api/rules/okc/terms", params={"q": "lost pile"})  # no such name: the entries that mention it
    assert r.json()["exact"] is False or r.json()["terms"][0]["id"] == "term.lost_pile"
    assert client.get("/api/rules/okc/terms", params={"q": "zzzz"}).json()["terms"] == []


def test_bad_requests_are_refused_in_words(client):
    r = client.get("/api/rules/chess")
    assert r.status_code == 404 and "no rules for a game called 'chess'" in r.json()["error"]
    r = client.get("/api/rules/okc/terms", params={"q": "x" * 81})
    assert r.status_code == 422 and "error" in r.json()
    r = client.get("/api/rules/okc/terms")
    assert r.status_code == 422
    r = client.get("/api/rules/" + "é" * 300)
    assert r.status_code == 404 and len(r.json()["error"]) < 200
