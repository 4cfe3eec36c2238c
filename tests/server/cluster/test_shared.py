"""What is one across the nodes of a cluster besides the tables: who is
online, and what one client address may hold (websocket messages, sockets,
spectators of a table), counted in Redis with entries that expire when the
node holding them dies (meeple.server.presence)."""

from __future__ import annotations

import asyncio
import json
import time

import httpx
from websockets.asyncio.client import connect

from tests.server.cluster.test_cluster import address, client, new_table, wait_status, ws_url

TTL = 5.0  # presence.Presence's default: a dead node's sockets count this long


def online(base: str, gid: str) -> list[int]:
    r = httpx.get(f"{base}/api/games/{gid}", timeout=10)
    assert r.status_code == 200, r.text
    return r.json()["online"]


async def first(ws) -> dict:
    return json.loads(await asyncio.wait_for(ws.recv(), 10))


async def spectate(base: str, gid: str, n: int):
    """A spectator's socket from address(n): (socket, its first message)."""
    ws = await connect(
        base.replace("http://", "ws://") + f"/api/games/{gid}/ws", ping_interval=None, local_addr=(address(n), 0)
    )
    return ws, await first(ws)


async def until(check, seconds: float, every: float = 0.1) -> float:
    """Seconds until `check()` (sync) holds; fails after `seconds`."""
    t0 = time.monotonic()
    while not check():
        assert time.monotonic() - t0 < seconds, f"not within {seconds} s"
        await asyncio.sleep(every)
    return time.monotonic() - t0


def test_a_seat_online_on_one_node_is_online_on_another_until_that_node_dies(cluster_factory):
    """Seat 0's socket is on node 0: a view read over HTTP on node 1 and the
    views node 1 pushes to its spectator show seat 0 online; seat 1 connects
    to node 0 and leaves: node 1 shows it offline at once; node 0 is killed
    with -9: node 1 shows seat 0 offline within the presence's lifetime."""
    c = cluster_factory(2, balancer=False)
    n0, n1 = c.nodes
    t = new_table(n1.url, 100)
    gid, tokens = t["id"], [s["token"] for s in t["seats"]]

    async def go() -> float:
        pushed: list[list[int]] = []
        spec, m = await spectate(n1.url, gid, 101)
        assert m["type"] == "view" and m["online"] == []

        async def listen():
            async for raw in spec:
                m = json.loads(raw)
                if m["type"] in ("view", "presence"):  # who is online comes as a small presence message
                    pushed.append(m["online"])

        listener = asyncio.create_task(listen())
        seat0 = await connect(ws_url(n0.url, gid, 0, tokens[0]), ping_interval=None, local_addr=(address(102), 0))
        assert (await first(seat0))["type"] == "view"
        await until(lambda: pushed and pushed[-1] == [0], 3)  # node 1 pushed it to its spectator
        assert online(n1.url, gid) == [0]
        async with connect(
            ws_url(n0.url, gid, 1, tokens[1]), ping_interval=None, local_addr=(address(103), 0)
        ) as seat1:
            assert (await first(seat1))["type"] == "view"
            await until(lambda: online(n1.url, gid) == [0, 1], 3)
            await until(lambda: pushed[-1] == [0, 1], 3)
        await until(lambda: online(n1.url, gid) == [0], 2)  # a closed socket leaves at once
        await until(lambda: pushed[-1] == [0], 2)
        n0.kill()
        gone = await until(lambda: online(n1.url, gid) == [], TTL + 3, every=0.2)
        await until(lambda: pushed[-1] == [], 2)
        listener.cancel()
        await spec.close()
        return gone

    gone = asyncio.run(go())
    print(f"a killed node's seat offline on another node after {gone:.1f} s")
    assert gone <= TTL + 3


def test_one_address_has_one_websocket_message_budget_across_nodes(cluster_factory):
    """Websocket messages are counted in Redis: one address's sockets on two
    nodes share one budget (6 here); another address keeps its own."""
    c = cluster_factory(2, balancer=False, extra=("--ws-rate", "0.001/6"))
    n0, n1 = c.nodes
    gid = new_table(n0.url, 110)["id"]

    async def pings(ws, n: int) -> list[str]:
        got = []
        for i in range(n):
            await ws.send(json.dumps({"type": "ping", "id": i}))
            while True:
                m = await first(ws)
                if m["type"] not in ("view", "presence"):
                    got.append(m["type"] if m["type"] == "pong" else str(m["status"]))
                    break
        return got

    async def go():
        a0, _ = await spectate(n0.url, gid, 111)
        a1, _ = await spectate(n1.url, gid, 111)
        b1, _ = await spectate(n1.url, gid, 112)
        assert await pings(a0, 4) == ["pong"] * 4
        assert await pings(a1, 4) == ["pong", "pong", "429", "429"]
        assert await pings(b1, 2) == ["pong", "pong"]
        for ws in (a0, a1, b1):
            await ws.close()

    asyncio.run(go())


def test_one_address_has_one_socket_count_across_nodes_and_a_dead_node_frees_its_own(cluster_factory):
    """Spectator sockets are counted in Redis: 3 an address and 4 a table
    here, over both nodes; a closed socket frees its place at once, and the
    sockets of a node killed with -9 free theirs when they expire."""
    c = cluster_factory(2, balancer=False, extra=("--sockets-per-client", "3", "--spectators-per-table", "4"))
    n0, n1 = c.nodes
    gid = new_table(n0.url, 120)["id"]

    async def go() -> float:
        kept = []
        for base in (n0.url, n0.url, n1.url):
            ws, m = await spectate(base, gid, 121)
            assert m["type"] == "view", m
            kept.append(ws)
        ws, m = await spectate(n1.url, gid, 121)
        assert m["status"] == 429 and "too many connections from your address (at most 3)" in m["error"], m
        other, m = await spectate(n1.url, gid, 122)
        assert m["type"] == "view", m  # the table's 4th spectator
        ws, m = await spectate(n1.url, gid, 123)
        assert m["status"] == 429 and "this table has its 4 spectators" in m["error"], m
        await kept.pop(0).close()  # one of node 0's: its place is free
        deadline = time.monotonic() + 3
        while True:
            ws, m = await spectate(n1.url, gid, 121)
            if m["type"] == "view":
                kept.append(ws)
                break
            assert time.monotonic() < deadline, m
            await asyncio.sleep(0.1)
        ws, m = await spectate(n1.url, gid, 121)
        assert m["status"] == 429, m
        n0.kill()  # its socket of address 121 stays counted until it expires
        t0 = time.monotonic()
        while True:
            ws, m = await spectate(n1.url, gid, 121)
            if m["type"] == "view":
                break
            assert time.monotonic() - t0 < TTL + 3, m
            await asyncio.sleep(0.2)
        freed = time.monotonic() - t0
        for w in (*kept, other, ws):
            await w.close()
        return freed

    freed = asyncio.run(go())
    print(f"a killed node's socket freed after {freed:.1f} s")


def test_redis_away_refuses_sockets_and_tables_with_503(cluster_factory, own_redis):
    """Without Redis a node cannot count sockets nor tables: a new socket and
    a new table get 503 naming Redis, no traceback (a view read still answers,
    with this node's own sockets online); Redis back, sockets open again."""
    bus, start_redis, stop_redis = own_redis
    c = cluster_factory(2, bus=bus, balancer=False)
    n0, _ = c.nodes
    gid = new_table(n0.url, 130)["id"]
    stop_redis()
    wait_status(n0.url + "/api/ready", 503)
    r = httpx.get(f"{n0.url}/api/games/{gid}", timeout=10)
    assert r.status_code == 200 and r.json()["online"] == [], r.text  # reads go on: this node's sockets
    with client(132, n0.url) as h:
        r = h.post("/api/games", json={"game": "ethnos", "players": 2, "seats": ["human", "human"]})
        assert r.status_code == 503 and "Redis" in r.json()["error"], r.text

    async def refused():
        ws, m = await spectate(n0.url, gid, 131)
        assert m["status"] == 503 and "Redis" in m["error"], m

    asyncio.run(refused())
    start_redis()
    wait_status(n0.url + "/api/ready", 200)
    assert online(n0.url, gid) == []

    async def admitted():
        ws, m = await spectate(n0.url, gid, 131)
        assert m["type"] == "view", m
        await ws.close()

    asyncio.run(admitted())
    assert "Traceback" not in c.logs()


def test_one_address_has_one_table_quota_across_nodes(cluster_factory):
    """Table creations are counted over the nodes: 2 open tables an address
    here, and 10 new tables a minute (the default), whichever node takes them."""
    c = cluster_factory(2, balancer=False, extra=("--open-tables-per-client", "2"))
    n0, n1 = c.nodes
    body = {"game": "ethnos", "players": 2, "seats": ["human", "human"]}
    with client(140, n0.url) as h0, client(140, n1.url) as h1:
        assert [h.post("/api/games", json=body).status_code for h in (h0, h1)] == [201, 201]
        r = h0.post("/api/games", json=body)
        assert r.status_code == 429 and "too many open tables from your address (2; at most 2)" in r.json()["error"]
    c.stop()
    c2 = cluster_factory(2, balancer=False)  # the default open tables, another address
    m0, m1 = c2.nodes
    with client(141, m0.url) as h0, client(141, m1.url) as h1:
        codes = [(h0, h1)[i % 2].post("/api/games", json=body).status_code for i in range(12)]
    assert codes == [201] * 10 + [429] * 2, codes


def test_a_burst_of_sockets_is_counted_not_refused(redis_url):
    """Every socket of a dead node reconnecting to one survivor at once: 400
    admissions at the same instant all wait for a Redis connection and are
    counted (the client's default pool of 100 connections failed the rest
    with "Too many connections", and the sockets got 503)."""
    import uuid

    from meeple.server.hub import Conn, Hub
    from meeple.server.presence import Presence

    async def burst() -> list:
        presence = Presence(redis_url, f"burst-{uuid.uuid4()}", Hub())
        presence.node = "n0"
        try:
            conns = [Conn(None, f"t{i % 200}", i % 4, address(i)) for i in range(400)]
            return await asyncio.gather(*(presence.admit(c, 10, 10) for c in conns), return_exceptions=True)
        finally:
            await presence.close()

    results = asyncio.run(burst())
    assert results == [None] * 400, {type(r).__name__ for r in results if r is not None}
