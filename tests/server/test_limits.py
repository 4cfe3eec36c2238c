"""Limits per client address, bot budgets and fair bot turns, idle tables
(issue 16, availability). Real-server attacks are in test_attacks.py."""

from __future__ import annotations

import asyncio
import time

import pytest
from starlette.websockets import WebSocketDisconnect

from meeple.server import expiry
from meeple.server.limits import Budget, ClientAddresses, Limiter, Limits, TableQuota, budget_names
from meeple.server.workers import BotPool, cap_budget, check_budget

HUMANS = {"players": 2, "seats": ["human", "human"]}


def scope(peer: str, forwarded: str | None = None) -> dict:
    headers = [(b"x-forwarded-for", forwarded.encode())] if forwarded else []
    return {"client": (peer, 5000), "headers": headers}


def test_client_address_ignores_forwarded_for_unless_from_a_trusted_proxy():
    plain = ClientAddresses()
    assert plain.of(scope("203.0.113.9", "1.2.3.4")) == "203.0.113.9"
    assert plain.of(scope("127.0.0.1", "1.2.3.4")) == "127.0.0.1"
    proxied = ClientAddresses(["10.0.0.0/8"])
    # the right-most address the trusted proxies did not add is the client;
    # what the client itself wrote further left is ignored
    assert proxied.of(scope("10.0.0.2", "6.6.6.6, 198.51.100.7, 10.0.0.3")) == "198.51.100.7"
    assert proxied.of(scope("203.0.113.9", "1.2.3.4")) == "203.0.113.9"
    assert proxied.of(scope("10.0.0.2")) == "10.0.0.2"


def test_budgets_are_per_key_and_bounded():
    clock = [0.0]
    limiter = Limiter(Limits(http_rate=0.5, http_burst=2), size=3, clock=lambda: clock[0])
    assert [limiter.allow_here("writes", "a") for _ in range(3)] == [True, True, False]
    assert limiter.allow_here("writes", "b")
    assert limiter.allow_here("ws", "a")  # another budget, its own bucket
    clock[0] += 2.0  # one token back at 0.5 a second
    assert [limiter.allow_here("writes", "a") for _ in range(2)] == [True, False]
    for other in "cdef":
        limiter.allow_here("writes", other)
    assert len(limiter.tables["writes"]) == 3


def test_every_budget_has_a_default_and_can_be_set():
    limits = Limits(budgets={"chat": (1.0, 2)})
    limiter = Limiter(limits)
    for name in budget_names():
        assert limiter.budget(name).rate > 0
    assert limiter.budget("chat") == Budget(1.0, 2)
    assert [asyncio.run(limiter.allow("chat", "k")) for _ in range(3)] == [True, True, False]


def test_table_quota_counts_only_open_tables():
    limits = Limits(open_tables_per_client=2, tables_per_minute=100)
    q = TableQuota(limits, Limiter(limits))

    def check(creators, is_open):
        return asyncio.run(q.check(creators, is_open))

    open_ids = {"t1", "t2"}
    a, b = {"a": "your address"}, {"b": "your address"}
    q.add(a, "t1")
    q.add(a, "t2")
    assert "too many open tables from your address" in check(a, open_ids.__contains__)
    assert check(b, open_ids.__contains__) is None
    # one account over two addresses: its tables count together
    q.add({"c": "your address", "account:7": "your account"}, "t3")
    open_ids.add("t3")
    assert check({"b": "your address", "account:7": "your account"}, open_ids.__contains__) is None
    q.add({"b": "your address", "account:7": "your account"}, "t4")
    open_ids.add("t4")
    assert "from your account" in check({"d": "your address", "account:7": "your account"}, open_ids.__contains__)
    open_ids.discard("t1")
    assert check(a, open_ids.__contains__) is None


def test_bot_budget_above_the_cap_is_refused(client_factory):
    with client_factory(limits=Limits(bot_max_seconds=2)) as c:
        for spec, words in (("bot:ismcts:3s", "3 s"), ("bot:ismcts:4001", "4001 simulations")):
            r = c.post("/api/games", json={"players": 2, "seats": ["human", spec]})
            assert r.status_code == 400
            assert words in r.json()["error"] and "at most 2 s or 4000 simulations" in r.json()["error"]
        assert c.get("/api/games").json()["games"] == []
        assert c.post("/api/games", json={"players": 2, "seats": ["human", "bot:ismcts:2s"]}).status_code == 201


def test_a_bot_thinks_at_most_the_cap_in_wall_time():
    from meeple.bots.registry import make_bot

    slow, counted = make_bot("ismcts:30s", 1), make_bot("ismcts:50000", 1)
    cap_budget(slow, 2.0)
    cap_budget(counted, 2.0)
    assert (slow.seconds, slow.clock) == (2.0, "wall")
    assert (counted.seconds, counted.iterations, counted.clock) == (2.0, 50000, "wall")
    quick = make_bot("ismcts:0.5s", 1)
    cap_budget(quick, 2.0)
    assert quick.seconds == 0.5
    check_budget("ismcts:2s", 2.0)


def test_bot_decisions_take_tables_in_turn():
    """One worker; table A queues five decisions, then B one: B's runs second."""
    order = []

    async def run():
        pool = BotPool(1)  # its process starts only at a first real decision

        async def execute(fn, args):
            order.append(args[0])  # choose(spec, seed, obs, max_seconds)
            await asyncio.sleep(0.01)
            return 0

        pool._execute = execute
        jobs = [asyncio.ensure_future(pool.choose(f"a{i}", 0, None, "A")) for i in range(5)]
        await asyncio.sleep(0)
        jobs.append(asyncio.ensure_future(pool.choose("b0", 0, None, "B")))
        await asyncio.gather(*jobs)
        pool.close()

    asyncio.run(run())
    assert order == ["a0", "b0", "a1", "a2", "a3", "a4"]


def test_open_tables_are_capped_per_client(client_factory):
    with client_factory(limits=Limits(open_tables_per_client=3)) as c:
        public = {**HUMANS, "table": {"public": True}}  # listed in the lobby
        codes = [c.post("/api/games", json=public).status_code for _ in range(4)]
        assert codes == [201, 201, 201, 429]
        r = c.post("/api/games", json=HUMANS)
        assert "too many open tables" in r.json()["error"]
        assert len(c.get("/api/games").json()["games"]) == 3


def test_a_seat_always_connects_and_its_oldest_tab_gives_way(client_factory):
    with client_factory(limits=Limits(spectators_per_table=1, sockets_per_client=1, sockets_per_seat=2)) as c:
        g = c.post("/api/games", json=HUMANS).json()
        url = f"/api/games/{g['id']}/ws"
        seat = f"{url}?seat=0&token={g['seats'][0]['token']}"
        with c.websocket_connect(url) as spectator:
            spectator.receive_json()
            with c.websocket_connect(url) as refused:
                assert refused.receive_json()["status"] == 429
            with c.websocket_connect(seat) as tab1, c.websocket_connect(seat) as tab2:
                assert tab1.receive_json()["you"] == 0 and tab2.receive_json()["you"] == 0
                with c.websocket_connect(seat) as tab3:
                    assert tab3.receive_json()["you"] == 0
                    with pytest.raises(WebSocketDisconnect) as closed:
                        while True:
                            tab1.receive_json()
                    assert closed.value.code == 4409


def test_idle_table_closes_and_reads_as_a_replay(client_factory, tmp_path):
    from sqlalchemy import update

    from meeple.server.storage import games_t, moves_t

    with client_factory() as c:
        g = c.post("/api/games", json=HUMANS).json()
        busy = c.post("/api/games", json=HUMANS).json()
        gid = g["id"]
        seat = c.get(f"/api/games/{gid}").json()["decision"]["seat"]
        tok = g["seats"][seat]["token"]
        v = c.get(f"/api/games/{gid}", params={"seat": seat, "token": tok}).json()
        move = "recruit " + v["decision"]["recruit"][0] if v["decision"].get("recruit") else v["decision"]["moves"][0]
        assert c.post(f"/api/games/{gid}/moves", json={"seat": seat, "token": tok, "move": move}).status_code == 200
        service = c.app.state.service
        old = time.time() - 15 * 86400
        with service.storage.engine.begin() as conn:  # fifteen days pass for one table
            conn.execute(update(games_t).where(games_t.c.id == gid).values(created_at=old))
            conn.execute(update(moves_t).where(moves_t.c.game_id == gid).values(at=old))
        closed = c.portal.call(expiry.sweep, service, 14.0)
        assert closed == [gid]
        after = c.get(f"/api/games/{gid}").json()
        assert after["status"] == "closed" and after["decision"] is None
        r = c.post(f"/api/games/{gid}/moves", json={"seat": seat, "token": tok, "move": move})
        assert r.status_code == 409
        replay = c.get(f"/api/games/{gid}/replay", params={"ply": 1}).json()
        assert replay["total"] == 1 and "?" not in str(replay["state"]["seats"])
        assert c.get(f"/api/games/{gid}/log").json()["status"] == "closed"
        assert c.get(f"/api/games/{busy['id']}").json()["status"] == "active"
    with client_factory() as c:  # a restart does not bring it back
        assert gid not in c.app.state.service.live
        assert c.get(f"/api/games/{gid}").json()["status"] == "closed"
        assert busy["id"] in c.app.state.service.live


def test_an_account_has_its_open_table_cap_whatever_its_address(tmp_path):
    """Logged in from two addresses, one account still opens at most the cap."""
    from fastapi.testclient import TestClient

    from meeple.server.app import create_app

    app = create_app(
        f"sqlite:///{tmp_path / 'quota.db'}",
        bot_workers=1,
        sqlite_sync="NORMAL",
        http_rate=(1e6, 1e6),
        limits=Limits(open_tables_per_client=2),
    )
    origin = {"origin": "https://testserver"}
    with (
        TestClient(app, base_url="https://testserver", client=("198.51.100.1", 5000)) as home,
        TestClient(app, base_url="https://testserver", client=("203.0.113.9", 5000)) as away,
    ):
        r = home.post("/api/accounts", json={"username": "quota", "password": "correct horse 42"}, headers=origin)
        assert r.status_code == 201, r.text
        away.cookies.update(home.cookies)
        codes = [c.post("/api/games", json=HUMANS, headers=origin).status_code for c in (home, away, away)]
        assert codes == [201, 201, 429]
        r = away.post("/api/games", json=HUMANS, headers=origin)
        assert "too many open tables from your account" in r.json()["error"]
        away.cookies.clear()  # the same address without the account: its own count
        assert away.post("/api/games", json=HUMANS).status_code == 201


def test_an_account_has_its_write_rate_whatever_its_address(tmp_path):
    """API writes are limited per account too: one account writing from two
    addresses shares one budget, and the same addresses without the account
    keep their own."""
    from fastapi.testclient import TestClient

    from meeple.server.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'rate.db'}", bot_workers=1, sqlite_sync="NORMAL", http_rate=(0.001, 6))
    origin = {"origin": "https://testserver"}
    with (
        TestClient(app, base_url="https://testserver", client=("198.51.100.1", 5000)) as home,
        TestClient(app, base_url="https://testserver", client=("203.0.113.9", 5000)) as away,
    ):
        r = home.post("/api/accounts", json={"username": "writer", "password": "correct horse 42"}, headers=origin)
        assert r.status_code == 201, r.text  # 1 of home's 6 (no account yet)
        away.cookies.update(home.cookies)
        codes = [
            c.post("/api/games", json=HUMANS, headers=origin).status_code
            for c in (home, away, home, away, home, away, away)
        ]
        assert codes == [201] * 6 + [429], codes  # neither address spent its 6
        r = away.post("/api/games", json=HUMANS, headers=origin)
        assert r.status_code == 429 and "from your account" in r.json()["error"]
        tables = len(app.state.service.live)
        away.cookies.clear()  # away's own address budget is not spent
        assert away.post("/api/games", json=HUMANS).status_code == 201
        assert len(app.state.service.live) == tables + 1
