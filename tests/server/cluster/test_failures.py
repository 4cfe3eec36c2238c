"""Failures while many tables are played through the balancer: a bot worker
killed with SIGKILL, Redis restarted. Every table is played to its end by
clients that reconnect through HAProxy; the database is then the judge
(bench/cluster_failure.py: every acknowledged move stored once at its ply,
contiguous plies, every table finished). The node kill is in test_cluster.py;
the 200-table run of all three is `bench/cluster_bench.py --kill-node-at ...`."""

from __future__ import annotations

import asyncio
import os
import subprocess
import sys
import time

import httpx

from bench.cluster_failure import Record, kill_a_holder, kill_group, play_tables, verify, wait_finished
from meeple.server.jobs.protocol import DEFAULT_PREFIX, GROUP, Keys
from tests.server.cluster.test_cluster import new_table
from tests.server.conftest import ROOT


def bot_worker(bus: str, db: str, log) -> subprocess.Popen:
    env = dict(os.environ, PYTHONPATH=str(ROOT / "src") + os.pathsep + os.environ.get("PYTHONPATH", ""))
    return subprocess.Popen(
        [sys.executable, "-m", "meeple.cli", "bot-worker", "--bus", bus, "--db", db, "--workers", "1"],
        cwd=ROOT,
        env=env,
        stdout=open(log, "ab"),
        stderr=subprocess.STDOUT,
        start_new_session=True,  # its own group: kill -9 of the group takes its worker process too
    )


def replays_finished(base: str, tables: list[dict]) -> list[str]:
    """Tables whose stored moves do not replay to a finished game."""
    bad = []
    with httpx.Client(base_url=base, timeout=30) as h:
        for t in tables:
            log = h.get(f"/api/games/{t['id']}/log").json()
            if log.get("status") != "finished" or not log.get("winners"):
                bad.append(t["id"])
    return bad


def assert_nothing_lost(check: dict) -> None:
    assert check["finished"] == check["tables"], check
    assert check["lost"] == 0 and check["duplicates"] == 0 and check["tables_with_gaps"] == 0, check
    assert check["moves_acked"] > 0, check


def sleeper() -> subprocess.Popen:
    """A stand-in for a bot worker: a process in a group of its own."""
    return subprocess.Popen([sys.executable, "-c", "import time; time.sleep(60)"], start_new_session=True)


def test_kill_a_holder_kills_only_a_worker_still_holding_its_job(own_redis):
    """The failure test's kill: a worker seen holding a job is killed only if
    the job is still its own once it is stopped; one whose job was answered
    (acknowledged), or a job given back to the queue, is left alone."""
    import redis

    bus, _, _ = own_redis
    keys = Keys(DEFAULT_PREFIX)
    r = redis.Redis.from_url(bus)
    r.xgroup_create(keys.stream, GROUP, id="0", mkstream=True)
    done, holder = sleeper(), sleeper()
    try:
        r.xadd(keys.stream, {"id": "answered"})
        (_, [(answered, _)]), *_ = r.xreadgroup(GROUP, f"host:{done.pid}:0", {keys.stream: ">"}, count=1)
        r.xack(keys.stream, GROUP, answered)
        assert kill_a_holder(bus, DEFAULT_PREFIX, [done.pid, holder.pid], 0.3) is None
        assert done.poll() is None and holder.poll() is None

        r.xadd(keys.stream, {"id": "given-back"})
        r.xreadgroup(GROUP, "released", {keys.stream: ">"}, count=1)
        assert kill_a_holder(bus, DEFAULT_PREFIX, [done.pid, holder.pid], 0.3) is None

        r.xadd(keys.stream, {"id": "held"})
        (_, [(held, _)]), *_ = r.xreadgroup(GROUP, f"host:{holder.pid}:0", {keys.stream: ">"}, count=1)
        assert kill_a_holder(bus, DEFAULT_PREFIX, [done.pid, holder.pid], 5.0) == (1, held.decode())
        assert holder.wait(5) == -9
        assert done.poll() is None
    finally:
        for proc in (done, holder):
            kill_group(proc.pid)
            proc.wait(5)
        r.close()


def test_kill_9_of_a_bot_worker_its_job_is_retried_and_every_table_finishes(
    cluster_factory, own_redis, pg_db, tmp_path
):
    """The nodes only ask (--bot-workers 0); two `meeple bot-worker`
    processes think. The one holding a job is killed with SIGKILL: the other
    takes the job over after its lease, every table with bots finishes, and
    each bot move is stored once at its ply."""
    bus, _, _ = own_redis
    c = cluster_factory(2, bus=bus, extra=("--bot-workers", "0", "--bot-max-seconds", "2"))
    logs = [tmp_path / "worker0.log", tmp_path / "worker1.log"]
    workers = [bot_worker(bus, pg_db, log) for log in logs]
    try:
        people = [new_table(c.url, 600 + i) for i in range(6)]
        mixed = [new_table(c.url, 610 + i, ("human", "bot:ismcts:0.1s")) for i in range(2)]
        bots = [new_table(c.url, 620, ("bot:ismcts:0.1s", "bot:random"))]
        tables = people + mixed + bots
        killed: dict = {}

        def kill_the_holder():
            held = kill_a_holder(bus, DEFAULT_PREFIX, [w.pid for w in workers], 20.0)
            assert held is not None, "no bot worker took a job"
            workers[held[0]].wait(10)
            killed["victim"] = held[0]

        rec = Record()
        results = asyncio.run(play_tables(c.url, tables, rec, 240, events=[(3.0, kill_the_holder)]))
        assert "victim" in killed
        assert all(r == "finished" for r in results), (results, c.logs())
        assert wait_finished(pg_db, [t["id"] for t in bots], 120) == [], c.logs()
        survivor = logs[1 - killed["victim"]].read_text(errors="replace")
        assert "took over job" in survivor, survivor[-2000:]
        assert_nothing_lost(verify(pg_db, tables, rec))
        assert replays_finished(c.url, tables) == []
    finally:
        for w in workers:
            kill_group(w.pid)
            w.wait(10)


def test_redis_restarted_while_tables_are_played_every_table_finishes(cluster_factory, own_redis, pg_db):
    """Redis is killed mid-run and started again empty (no persistence): the
    moves in between answer 503, the players retry through the balancer, the
    nodes subscribe again and read the tables from the database, the bots'
    jobs are asked again; every table finishes and nothing acknowledged is
    lost or doubled."""
    bus, start_redis, stop_redis = own_redis
    c = cluster_factory(2, bus=bus)
    people = [new_table(c.url, 700 + i) for i in range(12)]
    bots = [new_table(c.url, 720 + i, ("human", "bot:random")) for i in range(2)]
    tables = people + bots
    outage: dict = {}

    def restart():
        stop_redis()
        outage["down"] = time.time()
        time.sleep(1.5)
        start_redis()
        outage["up"] = time.time()

    rec = Record()
    results = asyncio.run(play_tables(c.url, tables, rec, 240, events=[(2.0, restart)]))
    assert "up" in outage
    assert all(r == "finished" for r in results), (results, c.logs())
    # moves were acknowledged before the outage and after it
    assert any(t < outage["down"] for t in rec.ack_times) and any(t > outage["up"] for t in rec.ack_times)
    assert_nothing_lost(verify(pg_db, tables, rec))
    assert replays_finished(c.url, tables) == []
