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


def test_a_language_s_messages_are_served_with_their_plural_forms(client):
    r = client.get("/api/lang/ru/messages")
    assert r.status_code == 200 and r.headers["cache-control"] == "no-cache"
    body = r.json()
    assert body["lang"] == "ru" and body["plural"] == {"one": 0, "few": 1, "many": 2}
    assert body["messages"]["ethnos.tribe.merfolk"] == "Тритоны"
    assert body["messages"]["common.count.cards"] == ["{count} карта", "{count} карты", "{count} карт"]
    assert client.get("/api/lang/ja/messages").json()["plural"] == {"other": 0}
    again = client.get("/api/lang/ru/messages", headers={"If-None-Match": r.headers["etag"]})
    assert again.status_code == 304
    assert client.get("/api/lang/qps/messages").json()["messages"]["ethnos.tribe.merfolk"].startswith("[")
    bad = client.get("/api/lang/klingon/messages")
    assert bad.status_code == 404 and "en, ja, ru" in bad.json()["error"]


def test_a_logged_in_choice_is_kept_with_the_account(tmp_path):
    """The account's language follows the person to another browser, and
    comes before that browser's own cookie and Accept-Language."""
    from fastapi.testclient import TestClient

    from meeple.server.app import create_app
    from tests.server.test_people import ORIGIN, sign_up

    app = create_app(f"sqlite:///{tmp_path / 'people.db'}", bot_workers=1, http_rate=(1e6, 1e6), read_rate=(1e6, 1e6))
    with TestClient(app, base_url="https://testserver") as c:
        session = sign_up(c, "ayaka")
        assert c.put("/api/lang", json={"lang": "ja"}, headers=ORIGIN).json()["account"] == "ja"
        other = TestClient(app, base_url="https://testserver")
        for name, value in session.items():
            other.cookies.set(name, value)
        other.cookies.delete("meeple_lang")
        got = other.get("/api/lang", headers={"Accept-Language": "ru"}).json()
        assert got["lang"] == "ja" and got["account"] == "ja" and got["chosen"] is None
        assert c.put("/api/lang", json={"lang": None}, headers=ORIGIN).json()["account"] is None
        assert other.get("/api/lang", headers={"Accept-Language": "ru"}).json()["lang"] == "ru"
        # without the page's Origin, a logged-in browser's account is not written
        assert c.put("/api/lang", json={"lang": "ru"}).status_code == 403
