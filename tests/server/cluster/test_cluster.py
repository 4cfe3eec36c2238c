"""Many nodes, one truth: real `meeple serve` nodes on PostgreSQL and Redis,
HAProxy in front (conftest.py). Every table is played through websockets or
the API; the database is the judge of what was acknowledged."""

from __future__ import annotations

import asyncio
import concurrent.futures
import json
import random
import subprocess
import sys
import threading
import time

import httpx
from websockets.asyncio.client import connect

from bench.cluster_failure import Record, play_tables, verify, wait_finished
from tests.server.cluster.conftest import HAPROXY_TCP, Proxy
from tests.server.conftest import ROOT, free_port
from tests.server.helpers import random_move


def address(n: int) -> str:
    """A loopback address of its own per player (the per-address limits stay on)."""
    return f"127.0.{n // 250 % 250}.{n % 250 + 2}"


def client(n: int, base: str) -> httpx.Client:
    return httpx.Client(base_url=base, timeout=20, transport=httpx.HTTPTransport(local_address=address(n)))


def new_table(base: str, n: int, seats=("human", "human")) -> dict:
    with client(n, base) as h:
        r = h.post("/api/games", json={"game": "ethnos", "players": len(seats), "seats": list(seats)})
        assert r.status_code == 201, r.text
        return r.json()


def stored_moves(db_url: str, gid: str) -> tuple[list[tuple[int, int, str]], str]:
    import psycopg

    with psycopg.connect(db_url) as conn:
        rows = conn.execute("select ply, seat, move from moves where game_id = %s order by ply", (gid,)).fetchall()
        status = conn.execute("select status from games where id = %s", (gid,)).fetchone()[0]
    return rows, status


def ws_url(base: str, gid: str, seat: int, token: str) -> str:
    return base.replace("http://", "ws://") + f"/api/games/{gid}/ws?seat={seat}&token={token}"


# ------------------------------------------------------------- set-up
def test_bus_needs_a_shared_database(tmp_path):
    """`--bus` with SQLite is refused with a clear message (no service needed)."""
    r = subprocess.run(
        [
            sys.executable,
            "-m",
            "meeple.cli",
            "serve",
            "--db",
            str(tmp_path / "x.db"),
            "--bus",
            "redis://127.0.0.1:6379/0",
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert r.returncode == 2
    assert "--db postgresql://" in r.stderr and "SQLite" in r.stderr


# ---------------------------------------------- moves heard everywhere
def test_a_move_on_one_node_reaches_the_sockets_of_another(cluster_factory):
    """Seat 0's socket on node 0, seat 1's and a spectator's on node 1: every
    move is pushed to the other node's sockets, with no gap in the plies (the
    delay after the acknowledgement printed: a measurement), and a view read
    over HTTP from the other node right after an acknowledgement is never older."""
    c = cluster_factory(2, balancer=False)
    n0, n1 = c.nodes
    t = new_table(n0.url, 1)
    gid, tokens = t["id"], [s["token"] for s in t["seats"]]
    delays: list[float] = []
    stale_reads = []

    async def play() -> int:
        rng = random.Random(7)
        acked_at: dict[int, float] = {}
        seen_on: dict[int, dict[int, float]] = {0: {}, 1: {}}
        spect_plies: list[int] = []
        done = asyncio.Event()
        http = httpx.AsyncClient(timeout=20)

        checks: list = []

        async def read_other(other, ply: int):
            r = await http.get(f"{other.url}/api/games/{gid}")
            if r.json()["ply"] < ply:
                stale_reads.append((ply, r.json()["ply"]))

        async def seat(s: int, node, moves_target: int):
            known = 0  # moves this socket has, in order (no gap allowed)
            acted = -1
            sent_at = 0.0  # a player's pace: under the per-socket message rate (20/s)
            async with connect(
                ws_url(node.url, gid, s, tokens[s]), ping_interval=None, local_addr=(address(10 + s), 0)
            ) as ws:
                async for raw in ws:
                    m = json.loads(raw)
                    if m["type"] == "view":
                        assert m["moves_from"] == known, (m["moves_from"], known)
                        known = m["moves_from"] + len(m["moves"])
                        assert known == m["ply"]
                        seen_on[s].setdefault(m["ply"], time.perf_counter())
                        if m["ply"] >= moves_target or m["status"] != "active":
                            done.set()
                            return
                        d = m["decision"]
                        if d and s in d["seats"] and m["ply"] != acted:
                            acted = m["ply"]  # a view comes again when someone connects
                            mv = random_move(d, m["state"]["seats"][s]["hand"], rng)
                            await asyncio.sleep(max(0.0, sent_at + 0.07 - time.perf_counter()))
                            sent_at = time.perf_counter()
                            await ws.send(json.dumps({"type": "move", "move": mv, "ply": m["ply"]}))
                    elif m["type"] == "ack":
                        acked_at[m["ply"]] = (time.perf_counter(), s)
                        checks.append(asyncio.create_task(read_other(n1 if node is n0 else n0, m["ply"])))
                    elif m["type"] == "presence":  # who is online: seat numbers, nothing else
                        assert set(m) == {"type", "online"} and set(m["online"]) <= {0, 1}, m
                    else:
                        raise AssertionError(m)

        async def spectator():
            async with connect(
                n1.url.replace("http", "ws") + f"/api/games/{gid}/ws", ping_interval=None, local_addr=(address(20), 0)
            ) as ws:
                while not done.is_set():
                    try:
                        m = json.loads(await asyncio.wait_for(ws.recv(), 1.0))
                    except TimeoutError:
                        continue
                    if m["type"] == "view":
                        spect_plies.append(m["ply"])

        target = 120
        spec = asyncio.create_task(spectator())
        await asyncio.wait_for(asyncio.gather(seat(0, n0, target), seat(1, n1, target)), 180)
        await asyncio.sleep(0.5)
        spec.cancel()
        await asyncio.gather(*checks)
        await http.aclose()
        for ply, (at, s) in acked_at.items():
            # acknowledged on one seat's node; the other seat's socket is on the other node
            if ply in seen_on[1 - s]:
                delays.append(max(0.0, seen_on[1 - s][ply] - at))
        assert spect_plies == sorted(spect_plies) and spect_plies[-1] >= min(target, max(acked_at))
        return len(acked_at)

    acked = asyncio.run(play())
    assert acked >= 50, c.logs()
    assert not stale_reads, stale_reads
    delays.sort()
    p99 = delays[min(len(delays) - 1, int(0.99 * len(delays)))]
    print(
        f"cross-node push after ack: n={len(delays)} p50={delays[len(delays) // 2] * 1000:.1f} ms "
        f"p99={p99 * 1000:.1f} ms"
    )
    # the push delay is a measurement, printed above (the target, p99 <= 100 ms on
    # loopback, is reported by bench/cluster_bench.py), not a bound on a shared machine
    rows, _ = stored_moves(n0.db, gid)
    assert [r[0] for r in rows] == list(range(len(rows)))


# ------------------------------------------------------ one order of moves
def test_the_same_decision_at_two_nodes_at_once_gives_one_200_and_one_409(cluster_factory):
    """The same move for the same ply (as the page sends it) posted to two nodes
    at the same instant: one is taken, the other is told it is stale, and both
    nodes then show the same table."""
    c = cluster_factory(2, balancer=False)
    n0, n1 = c.nodes
    t = new_table(n0.url, 1)
    gid, tokens = t["id"], [s["token"] for s in t["seats"]]
    rng = random.Random(3)
    outcomes = []
    with client(30, n0.url) as h0, client(31, n1.url) as h1, concurrent.futures.ThreadPoolExecutor(2) as pool:
        for _ in range(25):
            v = h0.get(f"/api/games/{gid}").json()
            s = v["decision"]["seats"][0]
            v = h0.get(f"/api/games/{gid}", params={"seat": s, "token": tokens[s]}).json()
            mv = random_move(v["decision"], v["state"]["seats"][s]["hand"], rng)
            go = threading.Barrier(2)
            body = {"seat": s, "token": tokens[s], "move": mv, "ply": v["ply"]}

            def post(h, go=go, body=body):
                go.wait()
                return h.post(f"/api/games/{gid}/moves", json=body)

            rs = list(pool.map(post, (h0, h1)))
            outcomes.append(sorted(r.status_code for r in rs))
            assert sorted(r.status_code for r in rs) == [200, 409], [r.text for r in rs]
            plies = {h0.get(f"/api/games/{gid}").json()["ply"], h1.get(f"/api/games/{gid}").json()["ply"]}
            assert len(plies) == 1
    rows, _ = stored_moves(n0.db, gid)
    assert [r[0] for r in rows] == list(range(len(rows))) and len(rows) == plies.pop()


# ---------------------------------------------------------------- kill -9
# The issue asks for 200 tables: that run played for about 310 s here (2 cores
# shared with other jobs, load average 11-16, 2026-11-25 02:51 UTC), past the
# suite's budget of about 3 minutes, so the suite plays 60 and the 200-table
# run with a node, a bot worker and Redis killed is the bench's:
# bench/cluster_bench.py --games 200 --kill-node-at ... (docs/deploy.md).
NODE_KILL_TABLES = 60


def test_kill_9_of_a_node_loses_nothing_and_every_table_finishes(cluster_factory, own_redis):
    """NODE_KILL_TABLES tables played through HAProxy on three nodes; one node
    is killed with SIGKILL mid-game. Players reconnect through the balancer,
    every table finishes (bot tables too: their lease runs out and another
    node drives them), no acknowledged move is missing and none is stored
    twice (bench/cluster_failure.py judges by the database)."""
    # a Redis of its own: the bots' queue of the machine's Redis is shared with
    # other clusters (other test runs), whose workers run their own code
    c = cluster_factory(3, bus=own_redis[0], extra=("--bot-max-seconds", "1", "--bot-delay", "0.05"))
    people_tables = [new_table(c.url, 1000 + i) for i in range(NODE_KILL_TABLES)]
    # bot tables created on the node about to die: it holds their leases
    bot_tables = [new_table(c.nodes[1].url, 200 + i, ("bot:random", "bot:random")) for i in range(4)]
    rec = Record()
    killed_after: list = []

    def kill():
        killed_after.append(len(rec.acks))
        c.nodes[1].kill()

    results = asyncio.run(play_tables(c.url, people_tables, rec, 400, events=[(6.0, kill)]))
    assert killed_after and killed_after[0] > 0, "no move before the kill"
    assert len(rec.acks) > killed_after[0], "no move after the kill"
    assert all(r == "finished" for r in results), (sorted(set(results)), c.logs())
    db = c.nodes[0].db
    assert wait_finished(db, [t["id"] for t in bot_tables], 120) == [], c.logs()  # driven by the nodes alive
    check = verify(db, people_tables + bot_tables, rec)
    assert check["finished"] == check["tables"], check
    assert check["lost"] == 0 and check["duplicates"] == 0 and check["tables_with_gaps"] == 0, check
    # the stored moves replay to the finished game: nothing applied twice
    with client(500, c.url) as h:
        for t in people_tables + bot_tables:
            log = h.get(f"/api/games/{t['id']}/log").json()
            assert log["status"] == "finished" and log["winners"], log["status"]


# ---------------------------------------------------------------- faults
def wait_status(url: str, status: int, seconds: float = 30.0) -> httpx.Response:
    deadline = time.time() + seconds
    while True:
        try:
            r = httpx.get(url, timeout=3)
            if r.status_code == status:
                return r
        except httpx.HTTPError:
            pass
        assert time.time() < deadline, f"{url} never answered {status}"
        time.sleep(0.2)


def move_once(h: httpx.Client, gid: str, tokens, rng) -> httpx.Response:
    v = h.get(f"/api/games/{gid}").json()
    s = v["decision"]["seats"][0]
    v = h.get(f"/api/games/{gid}", params={"seat": s, "token": tokens[s]}).json()
    mv = random_move(v["decision"], v["state"]["seats"][s]["hand"], rng)
    return h.post(f"/api/games/{gid}/moves", json={"seat": s, "token": tokens[s], "move": mv, "ply": v["ply"]})


def test_redis_restart_503_then_recovery_and_catch_up(cluster_factory, own_redis):
    """Redis goes away: moves answer 503 naming the bus; it comes back: the
    nodes subscribe again by themselves, and a socket on the other node catches
    up with every move, with no gap."""
    bus, start_redis, stop_redis = own_redis
    c = cluster_factory(2, bus=bus, balancer=False)
    n0, n1 = c.nodes
    t = new_table(n0.url, 40)
    gid, tokens = t["id"], [s["token"] for s in t["seats"]]
    rng = random.Random(5)
    got: list = []
    stop = threading.Event()

    def listen():
        async def go():
            known = 0
            async with connect(
                n1.url.replace("http", "ws") + f"/api/games/{gid}/ws", ping_interval=None, local_addr=(address(41), 0)
            ) as ws:
                while not stop.is_set():
                    try:
                        m = json.loads(await asyncio.wait_for(ws.recv(), 0.5))
                    except TimeoutError:
                        continue
                    if m["type"] == "view":
                        assert m["moves_from"] == known
                        known = m["moves_from"] + len(m["moves"])
                        got.append(m["ply"])

        asyncio.run(go())

    th = threading.Thread(target=listen)
    th.start()
    try:
        with client(42, n0.url) as h:
            for _ in range(3):
                assert move_once(h, gid, tokens, rng).status_code == 200
            # the socket is admitted (counted in Redis) before Redis goes: a
            # socket opened while it is away is refused with 1013, by design
            ply = h.get(f"/api/games/{gid}").json()["ply"]
            deadline = time.time() + 20
            while not got or got[-1] != ply:
                assert th.is_alive() and time.time() < deadline, (got, ply)
                time.sleep(0.05)
            stop_redis()
            r = wait_status(n0.url + "/api/ready", 503)
            assert "Redis" in r.json()["error"]
            r = move_once(h, gid, tokens, rng)
            assert r.status_code == 503 and "message bus (Redis) is unreachable" in r.json()["error"], r.text
            start_redis()
            wait_status(n0.url + "/api/ready", 200)
            wait_status(n1.url + "/api/ready", 200)
            for _ in range(5):
                assert move_once(h, gid, tokens, rng).status_code == 200
            final = h.get(f"/api/games/{gid}").json()["ply"]
        deadline = time.time() + 10
        while not got or got[-1] != final:
            assert time.time() < deadline, (got, final)
            time.sleep(0.1)
    finally:
        stop.set()
        th.join(10)
    assert got == sorted(got) and final == 8


def test_database_away_503_then_recovery_nothing_lost(cluster_factory, pg_db, tmp_path):
    """The nodes reach PostgreSQL through a TCP proxy the test stops: moves and
    reads answer 503 naming the database, nothing is acknowledged meanwhile;
    the proxy comes back and the nodes go on by themselves."""
    import psycopg.conninfo as ci

    info = ci.conninfo_to_dict(pg_db.replace("postgresql://", "postgresql://", 1))
    port = free_port()
    proxy = Proxy(
        HAPROXY_TCP.format(port=port, target=f"{info.get('host', '127.0.0.1')}:{info.get('port', 5432)}"),
        tmp_path / "pg-proxy.cfg",
    )
    proxy.start()
    via_proxy = pg_db.replace(f":{info.get('port', 5432)}/", f":{port}/")
    try:
        c = cluster_factory(2, db=via_proxy, balancer=False)
        n0, n1 = c.nodes
        t = new_table(n0.url, 50)
        gid, tokens = t["id"], [s["token"] for s in t["seats"]]
        rng = random.Random(9)
        with client(51, n0.url) as h:
            for _ in range(3):
                assert move_once(h, gid, tokens, rng).status_code == 200
            v = h.get(f"/api/games/{gid}", params={"seat": 0, "token": tokens[0]}).json()
            proxy.stop()
            r = h.get(f"/api/games/{gid}")
            assert r.status_code == 503 and "database" in r.json()["error"], r.text
            s = v["decision"]["seats"][0]
            if s == 0:
                mv = random_move(v["decision"], v["state"]["seats"][0]["hand"], rng)
                r = h.post(f"/api/games/{gid}/moves", json={"seat": 0, "token": tokens[0], "move": mv})
                assert r.status_code == 503 and "database" in r.json()["error"], r.text
            with client(52, n1.url) as h1:
                r = h1.get("/api/games/nosuchgame1")
                assert r.status_code == 503, r.text
            proxy.start()
            wait_status(n0.url + "/api/ready", 200)
            for _ in range(4):
                r = move_once(h, gid, tokens, rng)
                assert r.status_code == 200, r.text
            acked_ply = r.json()["ply"]
        rows, _ = stored_moves(pg_db, gid)
        assert len(rows) == acked_ply and [r[0] for r in rows] == list(range(acked_ply))
    finally:
        proxy.stop()


# ------------------------------------------------------------------ undo
def test_undo_asked_on_one_node_is_answered_on_another(cluster_factory):
    """The undo request is shared: asked on node 0, seen and approved on node 1;
    both nodes then show the table as it was before the move."""
    c = cluster_factory(2, balancer=False)
    n0, n1 = c.nodes
    with client(60, n0.url) as h0, client(61, n1.url) as h1:
        t = None
        for _ in range(30):  # a table whose first decision is seat 0's
            t = new_table(n0.url, 62)
            if h0.get(f"/api/games/{t['id']}").json()["decision"]["seats"] == [0]:
                break
        gid, tok = t["id"], [s["token"] for s in t["seats"]]
        before = h1.get(f"/api/games/{gid}", params={"seat": 1, "token": tok[1]}).json()
        v = h0.get(f"/api/games/{gid}", params={"seat": 0, "token": tok[0]}).json()
        r = h0.post(
            f"/api/games/{gid}/moves",
            json={"seat": 0, "token": tok[0], "move": f"recruit {v['decision']['recruit'][0]}"},
        )
        assert r.status_code == 200, r.text
        r = h0.post(f"/api/games/{gid}/undo", json={"seat": 0, "token": tok[0]})
        assert r.status_code == 202, r.text
        deadline = time.time() + 5
        while h1.get(f"/api/games/{gid}").json()["undo_request"] is None:
            assert time.time() < deadline, "node 1 never heard the undo request"
            time.sleep(0.05)
        r = h1.post(f"/api/games/{gid}/undo/answer", json={"seat": 1, "token": tok[1], "approve": True})
        assert r.status_code == 200 and r.json()["undone"] is True, r.text
        for h in (h0, h1):
            after = h.get(f"/api/games/{gid}", params={"seat": 1, "token": tok[1]}).json()
            assert after["ply"] == 0 and after["state"] == before["state"] and after["undo_request"] is None
    rows, _ = stored_moves(n0.db, gid)
    assert rows == []


def test_a_clock_set_on_one_node_runs_on_another(cluster_factory):
    """A clocked table created on node 0 is timed by node 1 too (it reads the
    clocked tables again), so a seat's remaining time reads the same there."""
    c = cluster_factory(2, balancer=False)
    n0, n1 = c.nodes
    with client(70, n0.url) as h0, client(71, n1.url) as h1:
        r = h0.post(
            "/api/games",
            json={
                "game": "ethnos",
                "players": 2,
                "seats": ["human", "human"],
                "table": {"clock": {"kind": "move", "seconds": 120}},
            },
        )
        assert r.status_code == 201, r.text
        gid = r.json()["id"]
        deadline = time.time() + 15
        while True:
            st = h1.get(f"/api/games/{gid}/seats").json()
            if st["clock"] is not None and any(s["running"] for s in st["seats"]):
                break
            assert time.time() < deadline, f"node 1 never timed the table: {st}"
            time.sleep(0.2)
        assert st["clock"] == {"kind": "move", "seconds": 120}
        mover = h1.get(f"/api/games/{gid}").json()["decision"]["seat"]
        assert st["seats"][mover]["running"] and 100 < st["seats"][mover]["remaining"] <= 120


def test_one_client_has_one_write_budget_across_nodes(cluster_factory):
    """API writes are counted in Redis in a cluster: a client writing to two
    nodes shares one budget (4 here), and another client keeps its own."""
    c = cluster_factory(2, balancer=False, extra=("--write-rate", "0.001/4"))
    n0, n1 = c.nodes
    body = {"game": "ethnos", "players": 2, "seats": ["human", "human"]}
    with client(80, n0.url) as h0, client(80, n1.url) as h1:
        codes = [h.post("/api/games", json=body).status_code for h in (h0, h1, h0, h1, h0, h1)]
    assert codes == [201] * 4 + [429] * 2, codes
    with client(81, n1.url) as other:
        assert other.post("/api/games", json=body).status_code == 201
