"""GET/PUT /api/lang: each browser reads its own language, its remembered
choice first, else its Accept-Language; a bad choice is refused and changes
nothing."""

from __future__ import annotations

from meeple.server.language import COOKIE


def test_the_browser_language_is_followed(client):
    r = client.get("/api/lang", headers={"Accept-Language": "ru-RU,ru;q=0.9,en;q=0.8"})
    assert r.status_code == 200 and r.headers["cache-control"] == "no-store"
    body = r.json()
    assert body["lang"] == "ru" and body["chosen"] is None and body["browser"] == "ru"
    assert [lang["code"] for lang in body["languages"]] == ["en", "ja", "ru"]
    assert [lang["name"] for lang in body["languages"]] == ["English", "日本語", "Русский"]
    assert client.get("/api/lang", headers={"Accept-Language": "fr"}).json()["lang"] == "en"
    assert client.get("/api/lang").json()["lang"] == "en"


def test_a_choice_is_remembered_and_beats_the_browser(client):
    r = client.put("/api/lang", json={"lang": "ja"}, headers={"Accept-Language": "ru"})
    assert r.status_code == 200 and r.json()["lang"] == "ja"
    assert client.cookies.get(COOKIE) == "ja"
    again = client.get("/api/lang", headers={"Accept-Language": "ru"}).json()
    assert again["lang"] == "ja" and again["chosen"] == "ja" and again["browser"] == "ru"
    r = client.put("/api/lang", json={"lang": None}, headers={"Accept-Language": "ru"})
    assert r.json()["lang"] == "ru" and r.json()["chosen"] is None
    assert client.get("/api/lang", headers={"Accept-Language": "ru"}).json()["chosen"] is None


def test_two_browsers_at_one_table_read_their_own_language(client):
    from fastapi.testclient import TestClient

    other = TestClient(client.app)  # a second browser on the same server
    client.put("/api/lang", json={"lang": "ja"})
    other.put("/api/lang", json={"lang": "ru"})
    assert client.get("/api/lang").json()["lang"] == "ja"
    assert other.get("/api/lang").json()["lang"] == "ru"


def test_a_bad_choice_is_refused_and_changes_nothing(client):
    client.put("/api/lang", json={"lang": "ru"})
    for body in ({"lang": "klingon"}, {"lang": "x" * 500}, {"lang": 3}, {"language": "ja"}):
        r = client.put("/api/lang", json=body)
        assert r.status_code in (400, 422), (body, r.status_code)
        assert "Traceback" not in r.text
    r = client.put("/api/lang", json={"lang": "klingon"})
    assert "en, ja, ru" in r.json()["error"]
    assert client.get("/api/lang").json()["lang"] == "ru"


def test_a_forged_cookie_is_ignored(client):
    client.cookies.set(COOKIE, "<script>")
    r = client.get("/api/lang", headers={"Accept-Language": "ja"})
    assert r.json()["lang"] == "ja" and r.json()["chosen"] is None


def test_the_pseudo_locale_may_be_chosen_for_the_overflow_tests(client):
    assert client.put("/api/lang", json={"lang": "qps"}).json()["lang"] == "qps"
