"""People at the tables, through the API: accounts and sessions, names in the
views, log and replays, public and private tables, chat, rematch, ratings and
match history (on SQLite and PostgreSQL)."""

from __future__ import annotations

import random

import pytest

from tests.server.test_api import play_out

ORIGIN = {"origin": "https://testserver"}


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def site(request, tmp_path):
    """A client over https (the session cookie is Secure), on SQLite or PostgreSQL."""
    from fastapi.testclient import TestClient

    from meeple.server.app import create_app

    url = f"sqlite:///{tmp_path / 'people.db'}" if request.param == "sqlite" else request.getfixturevalue("pg_url")
    app = create_app(url, bot_workers=1, sqlite_sync="NORMAL", http_rate=(1e6, 1e6), read_rate=(1e6, 1e6))
    with TestClient(app, base_url="https://testserver") as c:
        yield c


def sign_up(c, username, password="correct horse 42"):
    c.cookies.clear()
    r = c.post("/api/accounts", json={"username": username, "password": password}, headers=ORIGIN)
    assert r.status_code == 201, r.text
    return dict(c.cookies)


def create(c, seats, game="ethnos", **table):
    body = {"game": game, "players": len(seats), "seats": seats}
    if table:
        body["table"] = table
    r = c.post("/api/games", json=body, headers=ORIGIN)
    assert r.status_code == 201, r.text
    return r.json()


def test_sign_up_log_in_and_out(site):
    cookies = sign_up(site, "Alice")
    assert site.get("/api/me").json() == {"username": "Alice"}
    set_cookie = (
        site.post("/api/session", json={"username": "alice", "password": "correct horse 42"}, headers=ORIGIN)
        .headers["set-cookie"]
        .lower()
    )
    assert "httponly" in set_cookie and "samesite=lax" in set_cookie and "secure" in set_cookie
    assert "correct" not in str(cookies)
    cookies = dict(site.cookies)
    assert site.delete("/api/session", headers=ORIGIN).status_code == 200
    site.cookies.clear()
    assert site.get("/api/me").json() == {"username": None}
    # the old session is gone from the server too
    site.cookies.update(cookies)
    assert site.get("/api/me").json() == {"username": None}


@pytest.mark.parametrize(
    "username, password, status, words",
    [
        ("al", "correct horse 42", 400, "3 to 24"),
        ("a" * 25, "correct horse 42", 400, "3 to 24"),
        ("bob<script>", "correct horse 42", 400, "3 to 24"),
        ("bob", "short1", 400, "at least 10"),
        ("bob", "x" * 129 + "1", 400, "at most 128"),
        ("bob", "abcdefghijk", 400, "too weak"),
        ("bob", "aaaaaaaaaa11", 400, "too weak"),
        ("bobby", "xbobby-2024!", 400, "username"),
        ("bob", "p" * 2000, 422, "password"),
    ],
)
def test_sign_up_refuses_bad_input(site, username, password, status, words):
    r = site.post("/api/accounts", json={"username": username, "password": password}, headers=ORIGIN)
    assert r.status_code == status, r.text
    assert words in r.json()["error"]
    assert site.get("/api/me").json() == {"username": None}


def test_duplicate_username_and_no_enumeration(site):
    sign_up(site, "Carol")
    site.cookies.clear()
    r = site.post("/api/accounts", json={"username": "carol", "password": "another pass 7"}, headers=ORIGIN)
    assert r.status_code == 409 and "taken" in r.json()["error"]
    wrong_pw = site.post("/api/session", json={"username": "Carol", "password": "wrong pass 99"}, headers=ORIGIN)
    no_user = site.post("/api/session", json={"username": "Nobody", "password": "wrong pass 99"}, headers=ORIGIN)
    assert wrong_pw.status_code == no_user.status_code == 401
    assert wrong_pw.json() == no_user.json()


def test_login_attempts_are_rate_limited(site):
    site.app.state.limiter.clock = lambda: 1000.0  # the test's own clock, standing still
    sign_up(site, "Dave")
    site.cookies.clear()
    codes = [
        site.post("/api/session", json={"username": "Dave", "password": "bad guess 1234"}, headers=ORIGIN).status_code
        for _ in range(8)
    ]
    assert codes[:6] == [401] * 6 and codes[6:] == [429, 429]
    # even the right password waits now, from this address
    r = site.post("/api/session", json={"username": "Dave", "password": "correct horse 42"}, headers=ORIGIN)
    assert r.status_code == 429


def test_csrf_cookie_writes_need_our_origin(site):
    sign_up(site, "Erin")
    body = {"game": "ethnos", "players": 2, "seats": ["human", "bot:random"]}
    for headers in ({}, {"origin": "https://evil.example"}, {"referer": "https://evil.example/x"}):
        r = site.post("/api/games", json=body, headers=headers)
        assert r.status_code == 403 and "Origin" in r.json()["error"], r.text
    assert site.get("/api/users/Erin").json()["history"]["total"] == 0
    assert site.post("/api/games", json=body, headers={"referer": "https://testserver/"}).status_code == 201
    # log-in and sign-up from another site are refused as well
    r = site.post(
        "/api/session",
        json={"username": "Erin", "password": "correct horse 42"},
        headers={"origin": "https://evil.example"},
    )
    assert r.status_code == 403


def test_names_in_other_scripts():
    from meeple.server.social import display_name

    for name in ("हिन्दी", "Zoë", "Zoe\u0308", "李雷", "Jean-Luc O'Neil", "Ωμέγα_2"):
        assert display_name(name)


def test_guest_names_in_views_log_and_replay(site):
    g = create(site, ["human", "bot:random"], name="Zoë O'Neil")
    gid, token = g["id"], g["seats"][0]["token"]
    v = site.get(f"/api/games/{gid}", params={"seat": 0, "token": token}).json()
    assert v["seats"][0]["name"] == "Zoë O'Neil" and v["seats"][0]["account"] is False
    final = play_out(site, g, random.Random(3))
    assert any(e["text"].startswith("Zoë O'Neil ") for e in final["events"])
    assert site.get(f"/api/games/{gid}/log").json()["seats"][0]["name"] == "Zoë O'Neil"
    replay = site.get(f"/api/games/{gid}/replay", params={"ply": 5}).json()
    assert replay["seats"][0]["name"] == "Zoë O'Neil"
    assert any("Zoë O'Neil" in e["text"] for e in replay["events"])


@pytest.mark.parametrize(
    "name, words",
    [
        ("", "1 to 24"),
        ("x" * 25, "1 to 24"),
        (" Ann", "spaces"),
        ("A  B", "spaces"),
        ("<b>", "'<'"),
        ("Ann\u202e", "only"),
        ("a\nb", "only"),
        ("\u0301Ann", "only"),
    ],
)
def test_bad_names_are_refused(site, name, words):
    r = site.post(
        "/api/games", json={"game": "ethnos", "players": 2, "seats": ["human", "bot:random"], "table": {"name": name}}
    )
    assert r.status_code == 400, r.text
    assert words in r.json()["error"]


def test_public_and_private_tables(site):
    private = create(site, ["human", "human"], name="Ann")
    public = create(site, ["human", "human", "human"], public=True, name="Ben", seat=1)
    assert [s["token"] is not None for s in private["seats"]] == [True, True]
    assert [s["token"] is not None for s in public["seats"]] == [False, True, False]
    listed = {g["id"]: g for g in site.get("/api/games").json()["games"]}
    assert private["id"] not in listed and public["id"] in listed
    assert listed[public["id"]]["open"] == [0, 2] and listed[public["id"]]["names"][1] == "Ben"
    pid = public["id"]
    # anyone takes an open seat (picks the colour), with a name
    r = site.post(f"/api/games/{pid}/sit", json={"seat": 1, "name": "Eve"})
    assert r.status_code == 403  # Ben's seat
    assert site.post(f"/api/games/{pid}/sit", json={"seat": 2}).status_code == 400  # no name
    r = site.post(f"/api/games/{pid}/sit", json={"seat": 2, "name": "Cleo"})
    assert r.status_code == 200 and r.json()["name"] == "Cleo"
    token = r.json()["token"]
    v = site.get(f"/api/games/{pid}", params={"seat": 2, "token": token}).json()
    assert v["you"] == 2 and v["seats"][2]["name"] == "Cleo"
    assert site.post(f"/api/games/{pid}/sit", json={"seat": 2, "name": "Dan"}).status_code == 403
    listed = {g["id"]: g for g in site.get("/api/games").json()["games"]}
    assert listed[pid]["open"] == [0]
    # a private table's seat needs its token; with it the holder names the seat
    vid = private["id"]
    assert site.post(f"/api/games/{vid}/sit", json={"seat": 1, "name": "Dan"}).status_code == 403
    r = site.post(f"/api/games/{vid}/sit", json={"seat": 1, "token": private["seats"][1]["token"], "name": "Dan"})
    assert r.status_code == 200 and "token" not in r.json()
    assert site.get(f"/api/games/{vid}").json()["seats"][1]["name"] == "Dan"
    # the creator's seat must be a person's
    r = site.post(
        "/api/games", json={"game": "ethnos", "players": 2, "seats": ["human", "bot:random"], "table": {"seat": 1}}
    )
    assert r.status_code == 400 and "not a human seat" in r.json()["error"]


def test_chat_channels(site):
    g = create(site, ["human", "human"], name="Ann")
    gid, t0 = g["id"], g["seats"][0]["token"]
    with site.websocket_connect(f"/api/games/{gid}/ws?seat=1&token={g['seats'][1]['token']}") as ws:
        assert ws.receive_json()["type"] == "view"
        r = site.post(f"/api/games/{gid}/chat", json={"seat": 0, "token": t0, "text": " hi <b>there</b>\n\u202e! "})
        assert r.status_code == 201, r.text
        msg = r.json()
        assert msg["channel"] == "players" and msg["name"] == "Ann" and msg["text"] == "hi <b>there</b> !"
        pushed = ws.receive_json()
        while pushed["type"] != "chat":
            pushed = ws.receive_json()
        assert pushed["text"] == msg["text"] and pushed["id"] == msg["id"]
    r = site.post(f"/api/games/{gid}/chat", json={"text": "go Ann", "name": "Watcher"})
    assert r.status_code == 201 and r.json()["channel"] == "spectators" and r.json()["seat"] is None
    msgs = site.get(f"/api/games/{gid}/chat").json()["messages"]
    assert [(m["channel"], m["text"]) for m in msgs] == [("players", "hi <b>there</b> !"), ("spectators", "go Ann")]
    assert site.get(f"/api/games/{gid}/chat", params={"after": msgs[0]["id"]}).json()["messages"][0]["text"] == "go Ann"
    # bad input
    for body, status in [
        ({"seat": 0, "token": "nope", "text": "x"}, 403),
        ({"text": "x"}, 400),
        ({"text": "   ", "name": "W"}, 400),
        ({"text": "x" * 501, "name": "W"}, 413),
        ({"text": "x" * 2001, "name": "W"}, 422),
        ({"text": "x", "name": "<W>"}, 400),
    ]:
        assert site.post(f"/api/games/{gid}/chat", json=body).status_code == status, body
    assert site.post("/api/games/nope/chat", json={"text": "x", "name": "W"}).status_code == 404
    # rate limit per writer
    codes = [
        site.post(f"/api/games/{gid}/chat", json={"seat": 0, "token": t0, "text": f"m{i}"}).status_code
        for i in range(8)
    ]
    assert codes.count(201) in (4, 5) and codes[-1] == 429
    assert len(site.get(f"/api/games/{gid}/chat").json()["messages"]) == 2 + codes.count(201)


def test_accounts_rematch_ratings_history(site):
    cookies = sign_up(site, "Fay")
    g = create(site, ["human", "bot:random"])
    gid, token = g["id"], g["seats"][0]["token"]
    assert site.get(f"/api/games/{gid}").json()["seats"][0] == {
        "seat": 0,
        "kind": "human",
        "bot": None,
        "name": "Fay",
        "account": True,
        "open": False,
    }
    prof = site.get("/api/users/fay").json()
    assert prof["username"] == "Fay" and prof["history"]["total"] == 1 and prof["ratings"] == []
    site.cookies.clear()
    # a guest cannot rename an account's seat
    r = site.post(f"/api/games/{gid}/sit", json={"seat": 0, "token": token, "name": "Mallory"})
    assert r.status_code == 409
    assert site.post(f"/api/games/{gid}/rematch", json={"seat": 0, "token": token}).status_code == 409
    final = play_out(site, g, random.Random(5))
    won = final["ranking"][0]["seat"] == 0
    prof = site.get("/api/users/Fay").json()
    for _ in range(100):  # the rating is saved just after the end
        if prof["ratings"]:
            break
        import time

        time.sleep(0.02)
        prof = site.get("/api/users/Fay").json()
    (rating,) = prof["ratings"]
    assert rating["game"] == "ethnos" and rating["games"] == 1
    assert (rating["mu"] > 25) == won
    row = prof["history"]["games"][0]
    assert row["id"] == gid and row["place"] == (1 if won else 2) and row["status"] == "finished"
    assert (row["rating_after"] > row["rating_before"]) == won
    # rematch: same seats and names, a new seed; a second call joins the same table
    with site.websocket_connect(f"/api/games/{gid}/ws") as ws:
        ws.receive_json()
        r = site.post(f"/api/games/{gid}/rematch", json={"seat": 0, "token": token})
        assert r.status_code == 200, r.text
        new = r.json()
        msg = ws.receive_json()
        while msg["type"] != "rematch":
            msg = ws.receive_json()
        assert msg["id"] == new["id"] and msg["by"] == "Fay"
    assert site.get(f"/api/games/{gid}/rematch").json() == {"rematch": new["id"]}
    v = site.get(f"/api/games/{new['id']}", params={"seat": 0, "token": new["token"]}).json()
    assert v["you"] == 0 and v["seats"][0]["name"] == "Fay" and v["seats"][1]["kind"] == "bot"
    again = site.post(f"/api/games/{gid}/rematch", json={"seat": 0, "token": token}).json()
    assert again["id"] == new["id"] and again["token"] != new["token"]
    assert site.get(f"/api/games/{new['id']}", params={"seat": 0, "token": new["token"]}).status_code == 403
    # the rematch is private and unfinished: others do not see it in Fay's profile (issue 34, finding 8)
    assert site.get("/api/users/Fay", params={"per_page": 1}).json()["history"]["games"][0]["id"] == gid
    site.cookies.update(cookies)
    # the seed of the rematch is not the old one (the old one is revealed now)
    assert site.get(f"/api/games/{gid}/log").json()["seed"] != site.get(f"/api/games/{new['id']}/log").json().get(
        "seed"
    )
    assert site.get("/api/users/nobody").status_code == 404
    assert site.get("/api/users/<x>").status_code == 404


def wait_for(fn, what, tries=300):
    import time

    for _ in range(tries):
        out = fn()
        if out:
            return out
        time.sleep(0.02)
    raise AssertionError(f"timed out waiting for {what}")


def test_clock_runs_out_bot_stands_in_person_reclaims(site):
    g = create(site, ["human", "human"], name="Ann", clock={"kind": "move", "seconds": 120})
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    mover = site.get(f"/api/games/{gid}").json()["decision"]["seat"]
    other = 1 - mover
    st = site.get(f"/api/games/{gid}/seats").json()
    assert st["clock"] == {"kind": "move", "seconds": 120}
    assert st["seats"][mover]["running"] and 110 < st["seats"][mover]["remaining"] <= 120
    assert not st["seats"][other]["running"] and st["seats"][other]["remaining"] == 120
    assert not any(s["can_hand_over"] for s in st["seats"])
    ask = {"seat": mover, "by": other, "token": tokens[other], "level": "easy"}
    r = site.post(f"/api/games/{gid}/hand-over", json=ask)
    assert r.status_code == 409 and "ran out of time" in r.json()["error"]
    # two minutes pass (the clock's start moves back)
    site.app.state.social.clocks.by_game[gid].waiting[mover] -= 121
    st = site.get(f"/api/games/{gid}/seats").json()["seats"][mover]
    assert st["out_of_time"] and st["remaining"] <= 0 and st["can_hand_over"]
    for bad, status in [
        ({**ask, "token": "x"}, 403),
        ({**ask, "by": mover, "token": tokens[mover]}, 400),
        ({**ask, "level": "godlike"}, 400),
        ({**ask, "level": "ismcts:600s"}, 400),
        ({**ask, "seat": 5}, 409),
    ]:
        assert site.post(f"/api/games/{gid}/hand-over", json=bad).status_code == status, bad
    r = site.post(f"/api/games/{gid}/hand-over", json=ask)
    assert r.status_code == 200, r.text
    # the bot plays the seat: its move comes, and the person's own moves are refused meanwhile
    view = wait_for(lambda: (v := site.get(f"/api/games/{gid}").json())["ply"] > 0 and v, "the bot's move")
    assert view["seats"][mover]["name"].endswith("(bot easy standing in)") and view["seats"][mover]["kind"] == "bot"
    assert site.get(f"/api/games/{gid}/seats").json()["seats"][mover]["stand_in"] == "easy"
    # the person still sees the seat's view, but its moves are the bot's now
    mine = site.get(f"/api/games/{gid}", params={"seat": mover, "token": tokens[mover]}).json()
    assert mine["you"] == mover and "?" not in mine["state"]["seats"][mover]["hand"]
    r = site.post(f"/api/games/{gid}/moves", json={"seat": mover, "token": tokens[mover], "move": "pass"})
    assert r.status_code == 409 and "bot plays your seat" in r.json()["error"]
    # the other seat moves, then the person takes the seat back
    v = site.get(f"/api/games/{gid}", params={"seat": other, "token": tokens[other]}).json()
    if v["decision"]["seat"] == other:
        from tests.server.helpers import random_move

        move = random_move(v["decision"], v["state"]["seats"][other]["hand"], random.Random(1))
        assert (
            site.post(f"/api/games/{gid}/moves", json={"seat": other, "token": tokens[other], "move": move}).status_code
            == 200
        )
    assert site.post(f"/api/games/{gid}/reclaim", json={"seat": mover, "token": tokens[other]}).status_code == 403
    assert site.post(f"/api/games/{gid}/reclaim", json={"seat": other, "token": tokens[other]}).status_code == 409
    r = site.post(f"/api/games/{gid}/reclaim", json={"seat": mover, "token": tokens[mover]})
    assert r.status_code == 200, r.text
    v = site.get(f"/api/games/{gid}", params={"seat": mover, "token": tokens[mover]}).json()
    assert v["seats"][mover] == {
        "seat": mover,
        "kind": "human",
        "bot": None,
        "name": "Ann" if mover == 0 else "Player 2",
        "account": False,
        "open": False,
    }
    assert site.get(f"/api/games/{gid}/seats").json()["seats"][mover]["stand_in"] is None


def test_game_clock_keeps_used_time_and_away_seats(site, monkeypatch):
    """On a clock of the test's own that stands still (the game clocks read
    `time.time`): an hour to think is exactly an hour off the seat's time."""
    import time
    import types

    from meeple.server import clocks as clocks_module

    now = [time.time()]
    monkeypatch.setattr(clocks_module, "time", types.SimpleNamespace(time=lambda: now[0]))
    g = create(site, ["human", "human"], clock={"kind": "game", "seconds": 3 * 86400})
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    v = site.get(f"/api/games/{gid}").json()
    mover = v["decision"]["seat"]
    clocks = site.app.state.social.clocks
    clocks.by_game[gid].waiting[mover] -= 3600  # an hour to think (the test's clock stands still)
    mine = site.get(f"/api/games/{gid}", params={"seat": mover, "token": tokens[mover]}).json()
    from tests.server.helpers import random_move

    move = random_move(mine["decision"], mine["state"]["seats"][mover]["hand"], random.Random(2))
    assert (
        site.post(f"/api/games/{gid}/moves", json={"seat": mover, "token": tokens[mover], "move": move}).status_code
        == 200
    )
    st = site.get(f"/api/games/{gid}/seats").json()["seats"][mover]
    assert st["remaining"] == 3 * 86400 - 3600 and not st["running"]
    store = site.app.state.social.store
    saved = wait_for(lambda: [r for r in store.clocked_tables() if r[0] == gid and r[3]], "the saved clock")
    assert saved[0][3][mover] == 3600
    # nobody at seat 1 for a minute: it may be handed over, even with time left
    other = 1 - mover
    assert not site.get(f"/api/games/{gid}/seats").json()["seats"][other]["can_hand_over"]
    live = site.app.state.service.live[gid]
    live.rec.created_at -= 61
    clocks.started -= 61
    with site.websocket_connect(f"/api/games/{gid}/ws?seat={mover}&token={tokens[mover]}") as ws:
        ws.receive_json()
        st = site.get(f"/api/games/{gid}/seats").json()["seats"]
        assert st[mover]["away"] == 0 and not st[mover]["can_hand_over"]
        assert st[other]["away"] >= 60 and st[other]["can_hand_over"]
    # a socket that just closed is not away yet
    st = site.get(f"/api/games/{gid}/seats").json()["seats"]
    assert st[mover]["away"] == 0 and not st[mover]["can_hand_over"]
    assert clocks.left[(gid, mover)] == now[0]  # stamped when it closed


@pytest.mark.parametrize(
    "clock",
    [
        {"kind": "move", "seconds": 5},
        {"kind": "hour", "seconds": 60},
        {"kind": "game", "seconds": 31 * 86400},
        {"kind": "move"},
    ],
)
def test_bad_clocks_are_refused(site, clock):
    r = site.post(
        "/api/games", json={"game": "ethnos", "players": 2, "seats": ["human", "human"], "table": {"clock": clock}}
    )
    assert r.status_code == 422, r.text


def test_open_seat_is_not_timed_and_stand_in_returns_as_a_person_in_the_rematch(site):
    g = create(site, ["human", "human"], public=True, name="Ann", seat=0, clock={"kind": "move", "seconds": 60})
    gid = g["id"]
    st = site.get(f"/api/games/{gid}/seats").json()["seats"]
    assert st[1]["remaining"] is None and not st[1]["running"] and not st[1]["can_hand_over"]
    token1 = site.post(f"/api/games/{gid}/sit", json={"seat": 1, "name": "Bea"}).json()["token"]
    st = site.get(f"/api/games/{gid}/seats").json()["seats"]
    assert st[1]["remaining"] is not None
    decider = site.get(f"/api/games/{gid}").json()["decision"]["seat"]
    assert st[decider]["running"] and not st[1 - decider]["running"]
    # Bea's seat goes to a bot for good; the game ends; the rematch seats her as a person
    tokens = {0: g["seats"][0]["token"], 1: token1}
    site.app.state.social.clocks.by_game[gid].waiting.setdefault(1, 0)
    site.app.state.social.clocks.by_game[gid].waiting[1] -= 10**10
    live = site.app.state.service.live[gid]
    live.rec.created_at -= 61
    site.app.state.social.clocks.started -= 61
    r = site.post(f"/api/games/{gid}/hand-over", json={"seat": 1, "by": 0, "token": tokens[0], "level": "random"})
    assert r.status_code == 200, r.text
    play_out(site, {"id": gid, "seats": [{"seat": 0, "kind": "human", "token": tokens[0]}]}, random.Random(4))
    new = site.post(f"/api/games/{gid}/rematch", json={"seat": 1, "token": tokens[1]}).json()
    seats = site.get(f"/api/games/{new['id']}").json()["seats"]
    assert [(s["kind"], s["name"]) for s in seats] == [("human", "Ann"), ("human", "Bea")]
    assert site.get(f"/api/games/{new['id']}/seats").json()["clock"] == {"kind": "move", "seconds": 60}


def test_restart_keeps_names_tables_clocks_and_stand_ins(tmp_path):
    from fastapi.testclient import TestClient

    from meeple.server.app import create_app

    def app():
        return TestClient(
            create_app(f"sqlite:///{tmp_path / 'r.db'}", bot_workers=1, sqlite_sync="NORMAL", http_rate=(1e6, 1e6)),
            base_url="https://testserver",
        )

    with app() as c:
        g = create(c, ["human", "human", "human"], public=True, name="Ann", clock={"kind": "game", "seconds": 600})
        gid, t0 = g["id"], g["seats"][0]["token"]
        t1 = c.post(f"/api/games/{gid}/sit", json={"seat": 1, "name": "Bea"}).json()["token"]
        c.app.state.service.live[gid].rec.created_at -= 61  # Bea sat, and left a minute ago
        c.app.state.service.live[gid].rec.seats[1]["seated_at"] -= 61
        c.app.state.social.clocks.started -= 61
        assert (
            c.post(f"/api/games/{gid}/hand-over", json={"seat": 1, "by": 0, "token": t0, "level": "random"}).status_code
            == 200
        )
    with app() as c:
        v = c.get(f"/api/games/{gid}").json()
        assert v["seats"][0]["name"] == "Ann" and v["seats"][1]["name"] == "Bea (bot random standing in)"
        assert {x["id"]: x for x in c.get("/api/games").json()["games"]}[gid]["open"] == [2]
        assert c.get(f"/api/games/{gid}/seats").json()["clock"] == {"kind": "game", "seconds": 600}
        assert c.get(f"/api/games/{gid}", params={"seat": 1, "token": t1}).json()["you"] == 1
        assert c.post(f"/api/games/{gid}/reclaim", json={"seat": 1, "token": t1}).status_code == 200
        assert c.get(f"/api/games/{gid}").json()["seats"][1]["name"] == "Bea"


@pytest.mark.parametrize("db", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_a_database_from_before_the_people_tables(db, request, tmp_path):
    """The games of an older database stay playable, private, and gain chat."""
    from fastapi.testclient import TestClient

    from meeple.server.app import create_app
    from meeple.server.storage import GameRecord, Storage

    url = f"sqlite:///{tmp_path / 'old.db'}" if db == "sqlite" else request.getfixturevalue("pg_url")
    old = Storage(url)
    old.create_game(
        GameRecord(
            id="old1",
            game="ethnos",
            players=2,
            seed=5,
            options={},
            seats=[
                {"kind": "human", "bot": None, "token_hash": "ab"},
                {"kind": "bot", "bot": "random", "token_hash": None},
            ],
        )
    )
    old.close()
    with TestClient(create_app(url, bot_workers=1, sqlite_sync="NORMAL", http_rate=(1e6, 1e6))) as c:
        assert c.get("/api/games").json()["games"] == []
        v = c.get("/api/games/old1").json()
        assert v["seats"][0]["name"] == "Player 1" and v["seats"][0]["account"] is False
        assert c.post("/api/games/old1/chat", json={"text": "still here", "name": "Old"}).status_code == 201
        assert c.get("/api/games/old1/seats").json()["clock"] is None
        assert c.get("/api/games/old1/rematch").json() == {"rematch": None}


def test_ratings_lost_in_a_stop_are_made_at_the_next_start(tmp_path):
    from fastapi.testclient import TestClient
    from sqlalchemy import delete, update

    from meeple.server.app import create_app
    from meeple.server.social_store import ratings_t, seat_users_t

    def app():
        return TestClient(
            create_app(
                f"sqlite:///{tmp_path / 'r.db'}",
                bot_workers=1,
                sqlite_sync="NORMAL",
                http_rate=(1e6, 1e6),
                read_rate=(1e6, 1e6),
            ),
            base_url="https://testserver",
        )

    with app() as c:
        sign_up(c, "Gil")
        g = create(c, ["human", "bot:random"])
        c.cookies.clear()
        play_out(c, g, random.Random(6))
        wait_for(lambda: c.get("/api/users/Gil").json()["ratings"], "the rating")
        rated = c.get("/api/users/Gil").json()
        with c.app.state.social.store.engine.begin() as conn:  # as if the server stopped at the end
            conn.execute(delete(ratings_t))
            conn.execute(update(seat_users_t).values(place=None, rating_before=None, rating_after=None))
    with app() as c:
        again = wait_for(lambda: (p := c.get("/api/users/Gil").json())["ratings"] and p, "the rating after a restart")
        assert again["ratings"] == rated["ratings"] and again["history"] == rated["history"]
