"""Issue 34's findings about seats, accounts and privacy, each replayed
through the API (findings 5, 7, 8, 9, 10 and the profile budget of 12)."""

from __future__ import annotations

import random

import pytest

from meeple.server.limits import Limits
from tests.server.test_api import play_out

ORIGIN = {"origin": "https://testserver"}
HUMANS3 = {"game": "ethnos", "players": 3, "seats": ["human", "human", "human"]}


@pytest.fixture
def make(tmp_path):
    """Clients of one app from chosen addresses: make(address, **create_app kwargs)."""
    from fastapi.testclient import TestClient

    from meeple.server.app import create_app

    apps: dict = {}
    clients = []

    def client(address: str = "198.51.100.1", **kw):
        if "app" not in apps:
            kw.setdefault("http_rate", (1e6, 1e6))
            kw.setdefault("read_rate", (1e6, 1e6))  # play_out reads as fast as it can
            apps["app"] = create_app(f"sqlite:///{tmp_path / 'guard.db'}", bot_workers=1, sqlite_sync="NORMAL", **kw)
        c = TestClient(apps["app"], base_url="https://testserver", client=(address, 5000))
        clients.append(c.__enter__())
        return c

    yield client
    for c in reversed(clients):
        c.__exit__(None, None, None)


def sign_up(c, username):
    r = c.post("/api/accounts", json={"username": username, "password": "correct horse 42"}, headers=ORIGIN)
    assert r.status_code == 201, r.text


def test_a_refused_sit_marks_no_seat_and_open_seats_are_budgeted(make):
    """Finding 5: a seated account asking for the other open seats got 409 but
    left them marked as its account's; and one guest took every open seat."""
    host = make("198.51.100.1")
    sign_up(host, "carol9")
    g = host.post("/api/games", json={**HUMANS3, "table": {"public": True}}, headers=ORIGIN).json()
    gid = g["id"]
    assert host.post(f"/api/games/{gid}/sit", json={"seat": 1}, headers=ORIGIN).status_code == 409
    seat1 = host.get(f"/api/games/{gid}").json()["seats"][1]
    assert seat1["open"] and not seat1["account"] and seat1["name"] != "carol9"
    guest = make("203.0.113.7")
    assert guest.post(f"/api/games/{gid}/sit", json={"seat": 1, "name": "Dan"}).status_code == 200
    # one address taking open seats table after table is stopped by its budget (3 in a burst)
    codes = []
    for _ in range(5):
        t = host.post("/api/games", json={**HUMANS3, "table": {"public": True}}, headers=ORIGIN).json()
        codes.append(guest.post(f"/api/games/{t['id']}/sit", json={"seat": 1, "name": "Dan"}).status_code)
    assert codes[:2] == [200, 200] and codes[-1] == 429, codes


def test_behind_a_trusted_proxy_log_in_and_chat_use_the_forwarded_client(make):
    """Finding 7: log-in, sign-up and chat limits used the proxy's address."""
    proxy = make("127.0.0.1", limits=Limits(trusted_proxies=("127.0.0.1",)))
    sign_up(proxy, "erin42")
    proxy.cookies.clear()
    attacker = {**ORIGIN, "x-forwarded-for": "10.9.9.9"}
    for _ in range(6):
        proxy.post("/api/session", json={"username": "nobody", "password": "wrong password 1"}, headers=attacker)
    r = proxy.post("/api/session", json={"username": "nobody", "password": "wrong password 1"}, headers=attacker)
    assert r.status_code == 429
    honest = {**ORIGIN, "x-forwarded-for": "10.9.9.10"}
    r = proxy.post("/api/session", json={"username": "erin42", "password": "correct horse 42"}, headers=honest)
    assert r.status_code == 200, r.text
    proxy.cookies.clear()
    gid = proxy.post("/api/games", json=HUMANS3).json()["id"]
    sent = [
        proxy.post(
            f"/api/games/{gid}/chat", json={"text": "hi", "name": f"G{i}"}, headers={"x-forwarded-for": f"10.8.0.{i}"}
        ).status_code
        for i in range(30)
    ]
    assert sent == [201] * 30  # 30 forwarded clients, 30 budgets (one shared budget refused past 20)


def test_a_profile_never_lists_an_unfinished_private_table_to_others(make):
    """Finding 8: the profile listed the id of an unfinished private table."""
    owner = make("198.51.100.1")
    sign_up(owner, "frank7")
    private = owner.post("/api/games", json=HUMANS3, headers=ORIGIN).json()["id"]
    public = owner.post("/api/games", json={**HUMANS3, "table": {"public": True}}, headers=ORIGIN).json()["id"]
    mine = [x["id"] for x in owner.get("/api/users/frank7").json()["history"]["games"]]
    assert set(mine) == {private, public}  # the owner sees their own
    outsider = make("203.0.113.8")
    prof = outsider.get("/api/users/frank7").json()["history"]
    assert [x["id"] for x in prof["games"]] == [public] and prof["total"] == 1


def test_profiles_are_budgeted_per_address(make):
    """Finding 12: /api/users/{name} answered without a budget."""
    c = make("198.51.100.1", limits=Limits(budgets={"profile": (0.001, 3)}))
    assert [c.get("/api/users/nobody").status_code for _ in range(4)] == [404, 404, 404, 429]


def test_away_counts_from_when_the_seat_was_taken(make):
    """Finding 9: away counted from the table's creation, so a newcomer's seat
    could be handed to a bot the moment they sat down."""
    host = make("198.51.100.1")
    g = host.post("/api/games", json={**HUMANS3, "table": {"public": True}}).json()
    gid, t0 = g["id"], g["seats"][0]["token"]
    host.app.state.service.live[gid].rec.created_at -= 600  # an old table
    host.app.state.social.clocks.started -= 600
    newcomer = make("203.0.113.9")
    assert newcomer.post(f"/api/games/{gid}/sit", json={"seat": 1, "name": "Gus"}).status_code == 200
    seats = host.get(f"/api/games/{gid}/seats").json()["seats"]
    assert seats[1]["away"] < 60 and not seats[1]["can_hand_over"]
    r = host.post(f"/api/games/{gid}/hand-over", json={"seat": 1, "by": 0, "token": t0, "level": "random"})
    assert r.status_code == 409


def test_a_refused_create_changes_nothing(make):
    """Finding 10: a foreign Origin got 403 but the table was made (and counted)."""
    c = make("198.51.100.1", limits=Limits(open_tables_per_client=1))
    sign_up(c, "hank5")
    before = len(c.app.state.service.live)
    r = c.post("/api/games", json=HUMANS3, headers={"origin": "https://evil.example"})
    assert r.status_code == 403
    assert len(c.app.state.service.live) == before
    assert c.get("/api/users/hank5").json()["history"]["total"] == 0
    assert c.post("/api/games", json=HUMANS3, headers=ORIGIN).status_code == 201  # not counted against the cap
    r = c.post("/api/games", json={**HUMANS3, "table": {"seat": 9}}, headers=ORIGIN)
    assert r.status_code in (400, 422) and len(c.app.state.service.live) == before + 1


def test_a_rematch_is_a_new_table_and_is_refused_when_tables_are(make):
    """Finding 10: a rematch was created while the address was refused tables."""
    c = make("198.51.100.1", limits=Limits(tables_per_minute=1))
    g = c.post("/api/games", json={"game": "ethnos", "players": 2, "seats": ["human", "bot:random"]}).json()
    play_out(c, g, random.Random(3))
    assert c.post("/api/games", json=HUMANS3).status_code == 429
    live = len(c.app.state.service.live)
    r = c.post(f"/api/games/{g['id']}/rematch", json={"seat": 0, "token": g["seats"][0]["token"]})
    assert r.status_code == 429, r.text
    assert len(c.app.state.service.live) == live


def test_a_chat_message_holds_a_few_combining_marks_per_character(make):
    """Finding 12: a chat message held 450 combining marks on one letter."""
    import unicodedata

    c = make("198.51.100.1")
    gid = c.post("/api/games", json=HUMANS3).json()["id"]
    tower = "a" + "\u0301\u0302\u0303" * 150 + " ok " + "Vi\u1ec7t"
    r = c.post(f"/api/games/{gid}/chat", json={"text": tower, "name": "Ivy"})
    assert r.status_code == 201, r.text
    text = r.json()["text"]
    run = longest = 0
    for ch in text:
        run = run + 1 if unicodedata.category(ch)[0] == "M" else 0
        longest = max(longest, run)
    assert longest <= 3 and text.endswith(" ok Vi\u1ec7t")


def test_wrong_log_ins_slow_their_address_down_not_the_owner(make):
    """Finding 6: wrong passwords for a username kept its owner's correct one
    answered 429. Now an address's failures make it wait longer and longer;
    the owner from another address logs in."""
    t = [1000.0]
    owner = make("198.51.100.1")
    owner.app.state.limiter.clock = lambda: t[0]
    sign_up(owner, "ivan33")
    owner.cookies.clear()
    attacker = make("203.0.113.66")
    guess = {"username": "ivan33", "password": "bad guess 1234"}
    assert [attacker.post("/api/session", json=guess, headers=ORIGIN).status_code for _ in range(6)] == [401] * 6
    waits = []
    for _ in range(4):
        r = attacker.post("/api/session", json=guess, headers=ORIGIN)
        assert r.status_code == 429
        waits.append(owner.app.state.limiter.backoff("login").wait("203.0.113.66"))
        t[0] += waits[-1]  # the attacker waits its delay, and fails again
        assert attacker.post("/api/session", json=guess, headers=ORIGIN).status_code == 401
    assert waits == sorted(waits) and waits[-1] >= 4 * waits[0]  # growing
    r = owner.post("/api/session", json={"username": "ivan33", "password": "correct horse 42"}, headers=ORIGIN)
    assert r.status_code == 200, r.text
