"""Issue 34, findings 2-4: slow requests, replays, spectator churn.

Connection caps and the header deadline on a real `meeple serve`, the log
kept at a bounded rate, replays built off the event loop from snapshots and
cached, reads and spectator connects budgeted per address, and who is online
told in a small debounced message."""

from __future__ import annotations

import asyncio
import errno
import json
import logging
import random
import socket
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor
from dataclasses import replace

import httpx
import pytest
from starlette.websockets import WebSocketDisconnect

from meeple.core import savegame
from meeple.server import reads
from meeple.server.connections import BoundedLog, ConnectionGuard, connection_budget
from meeple.server.limits import Limits
from tests.server.conftest import ROOT, running_server
from tests.server.test_api import play_out

HUMANS = {"players": 2, "seats": ["human", "human"]}


# ------------------------------------------------------------ connections
class FakeTransport:
    def __init__(self) -> None:
        self.closing = False

    def is_closing(self) -> bool:
        return self.closing


def test_connections_are_capped_per_address_and_over_all_but_not_for_a_trusted_proxy():
    asyncio.run(_capped())


async def _capped():  # on an event loop, as in the server (the sweep is a timer)
    guard = ConnectionGuard(per_client=2, max_total=5, trusted_proxies=("10.0.0.10",))
    a = [FakeTransport() for _ in range(3)]
    assert guard.admit(a[0], "1.2.3.4") is None and guard.admit(a[1], "1.2.3.4") is None
    refused = guard.admit(a[2], "1.2.3.4")
    assert refused is not None and b"429" in refused
    assert guard.admit(FakeTransport(), "5.6.7.8") is None  # another address is not touched
    proxy = [FakeTransport() for _ in range(3)]
    assert [guard.admit(t, "10.0.0.10") for t in proxy[:2]] == [None, None]  # past per_client: exempt
    full = guard.admit(proxy[2], "10.0.0.10")
    assert full is not None and b"503" in full  # but not past the whole process's budget
    guard.release(a[0])
    assert guard.admit(a[2], "1.2.3.4") is None  # a place freed is taken again
    a[1].closing = True  # an upgraded socket's end is seen by the sweep
    guard.sweep()
    assert guard.held("1.2.3.4") == 1 and guard.stats["refused_per_client"] == 1


def test_the_connection_budget_leaves_files_for_the_rest():
    assert connection_budget(1024) == 768 and connection_budget(20_000) == 18_000


def test_the_soft_file_limit_is_raised_to_the_hard_limit():
    code = (
        "import resource\n"
        "from meeple.server.connections import raise_file_limit\n"
        "soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)\n"
        "resource.setrlimit(resource.RLIMIT_NOFILE, (min(256, hard), hard))\n"
        "print(raise_file_limit() == resource.getrlimit(resource.RLIMIT_NOFILE) == (hard, hard))\n"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "True"


def _slow_socket(port: int, source: str) -> socket.socket:
    s = socket.create_connection(("127.0.0.1", port), source_address=(source, 0))
    s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")  # and the rest never comes
    s.settimeout(30)
    return s


def test_slow_requests_hold_their_address_cap_only_and_are_closed_after_the_deadline(tmp_path):
    with running_server(
        str(tmp_path / "slow.db"), tmp_path / "server.log", "--connections-per-client", "4", "--header-timeout", "1"
    ) as base:
        port = int(base.rsplit(":", 1)[1])
        slow = [_slow_socket(port, "127.0.0.2") for _ in range(4)]
        over = _slow_socket(port, "127.0.0.2")
        assert over.recv(200).startswith(b"HTTP/1.1 429")  # the fifth from that address
        # another address is served while the first holds its cap
        honest = httpx.get(f"http://{base}/api/health", timeout=10)
        assert honest.status_code == 200
        for s in slow:  # each slow request is answered 408 and closed once its time is up
            assert s.recv(200).startswith(b"HTTP/1.1 408")
            assert s.recv(200) == b""
            s.close()
        over.close()
        health = httpx.get(f"http://{base}/api/health", timeout=10).json()
        assert health["header_timeouts"] == 4 and health["refused_per_client"] == 1
        # a kept-alive connection's next request has its own deadline
        s = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.3", 0))
        s.settimeout(30)
        s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n\r\n")
        answer = b""
        while b"\r\n\r\n" not in answer or not answer.endswith(b"}"):  # the whole answer (JSON)
            answer += s.recv(4096)
        assert answer.startswith(b"HTTP/1.1 200")
        s.sendall(b"GET /api/health HTTP/1.1\r\n")
        assert s.recv(200).startswith(b"HTTP/1.1 408")
        s.close()
        # a body sent slowly has the same deadline as headers
        s = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.3", 0))
        s.settimeout(30)
        s.sendall(
            b"POST /api/games HTTP/1.1\r\nHost: x\r\ncontent-type: application/json\r\ncontent-length: 900\r\n\r\n{"
        )
        assert s.recv(200).startswith(b"HTTP/1.1 408")
        s.close()
    assert b"Traceback" not in (tmp_path / "server.log").read_bytes()


def test_the_log_is_kept_at_a_bounded_rate_and_resource_errors_lose_their_traceback():
    now = [0.0]
    limiter = BoundedLog(burst=3, every=10.0, total_per_s=100.0, clock=lambda: now[0])
    try:
        raise OSError(errno.EMFILE, "Too many open files")
    except OSError:
        exc_info = sys.exc_info()

    def record():
        return logging.LogRecord("asyncio", logging.ERROR, __file__, 1, "socket.accept() failed", (), exc_info)

    passed = [r for r in (record() for _ in range(10_000)) if limiter.filter(r)]
    assert len(passed) == 3
    assert passed[0].exc_info is None and "Too many open files" in passed[0].getMessage()
    now[0] += 10.0
    later = record()
    assert limiter.filter(later) and "9997 more like this were not logged" in later.getMessage()
    other = logging.LogRecord("meeple", logging.WARNING, __file__, 1, "something else", (), None)
    assert limiter.filter(other)  # another kind has its own budget


# ----------------------------------------------------------------- replays
def _finished(client, seats=("human", "bot:random")):
    g = client.post("/api/games", json={"players": 2, "seats": list(seats)}).json()
    play_out(client, g, random.Random(3))
    return g["id"]


def test_a_replay_from_snapshots_is_the_replay_from_the_start(client):
    gid = _finished(client)
    service = client.app.state.service
    g = service.done.get(gid) or service.live[gid]
    for ply in sorted({0, 1, 5, reads.EVERY - 1, reads.EVERY, reads.EVERY + 1, g.ply // 2, g.ply}):
        if ply > g.ply:
            continue
        job = reads.job_of(g, ply)
        before = max(0, ply - 1)  # replay_payload makes the last move itself (to tell it in words)
        from_snapshot = reads.replay_payload(job, reads.state_at(replace(job, ply=before), every=8))
        doc = {"game": g.rec.game, "players": g.rec.players, "seed": g.rec.seed, "options": {}, "moves": g.moves}
        from_start = reads.replay_payload(job, savegame.replay(doc, before))
        assert from_snapshot == from_start, ply
        assert client.get(f"/api/games/{gid}/replay?ply={ply}").json() == from_start


def test_replays_are_cached_shared_and_bounded_per_client(client):
    gid = _finished(client)
    service = client.app.state.service
    g = service.done.get(gid) or service.live[gid]
    replays = reads.Replays(executor=ThreadPoolExecutor(2), per_client=1, queue=2)

    async def run():
        a = await replays.get(g, 3, "1.1.1.1")
        b = await replays.get(g, 3, "2.2.2.2")  # a hit: nothing built again
        assert a is b and replays.stats == {"replay_hits": 1, "replay_builds": 1, "replay_refused": 0}
        first = asyncio.ensure_future(replays.get(g, 4, "1.1.1.1"))
        await asyncio.sleep(0)
        same = asyncio.ensure_future(replays.get(g, 4, "2.2.2.2"))  # waits for the same build
        with pytest.raises(reads.Busy) as busy:
            await replays.get(g, 5, "1.1.1.1")  # a second build at once from one client
        assert busy.value.status == 429
        assert await first is await same and replays.stats["replay_builds"] == 2

    asyncio.run(run())
    replays.close()


def test_a_replay_is_sent_gzipped_when_the_client_takes_it(client):
    gid = _finished(client)
    plain = client.get(f"/api/games/{gid}/replay?ply=2", headers={"accept-encoding": "identity"})
    zipped = client.get(f"/api/games/{gid}/replay?ply=2", headers={"accept-encoding": "gzip"})
    assert "content-encoding" not in plain.headers and zipped.headers["content-encoding"] == "gzip"
    assert plain.json() == zipped.json()  # httpx unzips
    assert client.get(f"/api/games/{gid}/replay?ply=99999").status_code == 400


def test_a_finished_tables_view_is_serialized_and_compressed_once(client):
    g = client.post("/api/games", json={"players": 2, "seats": ["human", "bot:random"]}).json()
    play_out(client, g, random.Random(3))
    url = f"/api/games/{g['id']}"
    first = client.get(url, headers={"accept-encoding": "gzip"})
    again = client.get(url, headers={"accept-encoding": "gzip"})
    plain = client.get(url, headers={"accept-encoding": "identity"})
    assert first.headers["content-encoding"] == "gzip" and "content-encoding" not in plain.headers
    assert first.json() == again.json() == plain.json() and first.json()["status"] == "finished"
    seat = client.get(url, params={"seat": 0, "token": g["seats"][0]["token"]}).json()
    assert seat["you"] == 0 and first.json()["you"] is None  # each viewer its own answer
    assert client.get("/api/health").json()["finished_view_hits"] >= 2  # "again" and "plain" at least


# ------------------------------------------------------- budgets per address
def test_reads_and_replays_are_budgeted_per_address_and_a_refusal_closes_the_connection(client_factory):
    limits = Limits(read_rate=0.001, read_burst=5, replay_rate=0.001, replay_burst=2)
    with client_factory(limits=limits, read_rate=None) as c:
        codes = [c.get("/api/meta").status_code for _ in range(6)]
        assert codes == [200] * 5 + [429]
        r = c.get("/api/meta")
        assert r.status_code == 429 and r.headers["connection"] == "close"
        assert c.post("/api/games", json=HUMANS).status_code == 201  # writes have their own budget
    with client_factory(limits=limits, read_rate=None) as c:
        codes = [c.get("/api/games/nope/replay?ply=0").status_code for _ in range(3)]
        assert codes == [404, 404, 429]  # the replay budget is its own, and smaller


def test_spectator_connects_are_budgeted_per_address_but_a_seat_always_connects(client_factory):
    limits = Limits(ws_connect_rate=0.001, ws_connect_burst=3)
    with client_factory(limits=limits, read_rate=None) as c:
        g = c.post("/api/games", json=HUMANS).json()
        url = f"/api/games/{g['id']}/ws"
        for _ in range(3):
            with c.websocket_connect(url) as ws:
                assert ws.receive_json()["type"] == "view"
        with pytest.raises(WebSocketDisconnect), c.websocket_connect(url) as ws:
            ws.receive_json()
        with c.websocket_connect(f"{url}?seat=0&token={g['seats'][0]['token']}") as seat:
            assert seat.receive_json()["you"] == 0


def test_spectator_churn_sends_players_nothing_and_a_seat_coming_is_one_small_message(client):
    g = client.post("/api/games", json=HUMANS).json()
    url = f"/api/games/{g['id']}/ws"
    with client.websocket_connect(f"{url}?seat=0&token={g['seats'][0]['token']}") as seat0:
        assert seat0.receive_json()["online"] == [0]  # its view says who is online: nothing more to tell
        for _ in range(30):  # spectators come and go: who is online does not change
            with client.websocket_connect(url) as spectator:
                assert spectator.receive_json()["type"] == "view"
        with client.websocket_connect(f"{url}?seat=1&token={g['seats'][1]['token']}") as seat1:
            assert seat1.receive_json()["type"] == "view"
            # the next message seat 0 gets: no view for the 30 spectators, one small note
            assert seat0.receive_json() == {"type": "presence", "online": [0, 1]}
        assert seat0.receive_json() == {"type": "presence", "online": [0]}
    assert client.app.state.hub.presence_sent == 2


# ------------------------------------------------------------- the attack run
def test_a_small_bounded_attack_run_leaves_the_honest_table_playing(tmp_path):
    """bench/attack_run.py in small: the four attacks at once from 127.0.0.2
    while an honest person plays from 127.0.0.1. No time is asserted (that is
    the full run's report): every honest move is acknowledged, the attacks
    meet the limits, and the server logs no traceback."""
    out = tmp_path / "attack.json"
    cmd = [
        sys.executable,
        "bench/attack_run.py",
        "--before", "5", "--during", "10", "--slowloris", "80", "--bot-tables", "1",
        "--replay-conns", "2", "--churn", "40", "--long-game-plies", "300",
        "--server-arg=--connections-per-client=40", "--server-arg=--header-timeout=2",
        "--json", str(out),
    ]  # fmt: skip
    subprocess.run(cmd, cwd=ROOT, check=True, capture_output=True, timeout=600)
    result = json.loads(out.read_text())
    honest = result["honest"]
    assert honest["errors"] == {}
    assert honest["round_trip_ms_before"]["n"] + honest["round_trip_ms_during"]["n"] > 0
    slow = result["attacks"]["slow"]
    assert slow["HTTP/1.1 429"] > 0 and slow["HTTP/1.1 408"] > 0  # the cap and the deadline
    assert result["attacks"]["bots"] == {"201": 1}
    assert result["attacks"]["replays"].get("200", 0) > 0
    assert result["server"]["tracebacks"] == 0
