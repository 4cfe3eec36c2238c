"""The failure run of bench/cluster_bench.py (--kill-node-at, --kill-worker-at,
--restart-redis-at, --bot-tables, --bot-workers): nodes, HAProxy, a
redis-server of its own and `meeple bot-worker` processes on loopback; every
table played to its end; the database checked at the end."""

from __future__ import annotations

import asyncio
import json
import os
import signal
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx
from cluster_bench import HAPROXY, pids_named
from cluster_failure import Record, kill_a_holder, kill_group, play_tables, seat_address, verify, wait_finished
from processes import free_port, spawn, stop, wait_answers
from server_bench import cpu_pressure, pct


def start_redis(port: int, tmp: Path) -> subprocess.Popen:
    proc = spawn(
        ["redis-server", "--bind", "127.0.0.1", "--port", str(port), "--save", "", "--appendonly", "no"],
        tmp / "redis.log",
        cwd=tmp,
    )
    import redis

    deadline = time.time() + 10
    while time.time() < deadline:
        try:
            redis.Redis(port=port, socket_connect_timeout=1).ping()
            return proc
        except redis.RedisError:
            time.sleep(0.05)
    raise SystemExit("redis-server did not start")


def run_failures(a) -> int:
    import psycopg

    from meeple.server.jobs.protocol import DEFAULT_PREFIX

    lo, hi = (float(x) for x in a.think.split(":"))
    admin = os.environ.get("MEEPLE_BENCH_PG", "postgresql://postgres@127.0.0.1:5432/test")
    name = "meeple_fail_" + uuid.uuid4().hex[:8]
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"create database {name}")
    db = admin.rsplit("/", 1)[0] + "/" + name
    tmp = Path(tempfile.mkdtemp(prefix="meeple-cluster-failure-"))
    redis_port = free_port()
    bus = f"redis://127.0.0.1:{redis_port}/0"
    procs: list[subprocess.Popen] = []
    state = {"redis": start_redis(redis_port, tmp)}
    events_done: list[dict] = []
    t_start = [0.0]
    nodes: list[subprocess.Popen] = []
    workers: list[subprocess.Popen] = []
    try:
        ports = [free_port() for _ in range(a.nodes)]
        for p in ports:
            cmd = [sys.executable, "-m", "meeple.cli", "serve", "--port", str(p), "--db", db, "--bus", bus]
            cmd += ["--bot-delay", "0", "--bot-workers", "0" if a.bot_workers else "1", "--bot-max-seconds", "2"]
            cmd += ["--log-level", "error", "--trusted-proxy", "127.0.0.1"]
            nodes.append(spawn(cmd, tmp / f"node{p}.log"))
        procs += nodes
        for i in range(a.bot_workers):
            workers.append(
                spawn(
                    [sys.executable, "-m", "meeple.cli", "bot-worker", "--bus", bus, "--db", db, "--workers", "1"],
                    tmp / f"worker{i}.log",
                    start_new_session=True,  # its group: kill -9 takes its worker process too
                )
            )
        procs += workers
        for p, proc in zip(ports, nodes, strict=True):
            wait_answers(f"http://127.0.0.1:{p}/api/ready", proc)
        lb_port = free_port()
        servers = "\n".join(f"    server n{i} 127.0.0.1:{p} check" for i, p in enumerate(ports))
        cfg = HAPROXY.format(port=lb_port, servers=servers).replace(
            "    option httpchk", "    retry-on conn-failure empty-response\n    option httpchk"
        )
        (tmp / "haproxy.cfg").write_text(cfg)
        lb = spawn(["haproxy", "-db", "-f", str(tmp / "haproxy.cfg")], tmp / "haproxy.log")
        procs.append(lb)
        base = f"http://127.0.0.1:{lb_port}"
        wait_answers(base + "/api/health", lb)
        tables = []
        for i in range(a.games + a.bot_tables):
            seats = ["human"] * a.players
            if i >= a.games:
                seats[i % a.players] = "bot:" + a.bot
            # from the address of the table's first player (the per-address limits stay on)
            transport = httpx.HTTPTransport(local_address=seat_address(i * 8))
            with httpx.Client(base_url=base, timeout=30, transport=transport) as h:
                r = h.post("/api/games", json={"players": a.players, "seats": seats, "seed": i, "open_seed": True})
                r.raise_for_status()
                tables.append(r.json())

        def note(what: str, **more) -> None:
            events_done.append({"what": what, "at_s": round(time.time() - t_start[0], 2), **more})

        def kill_node() -> None:
            nodes[1].send_signal(signal.SIGKILL)
            note("kill -9 node 1", pid=nodes[1].pid)

        def kill_worker() -> None:
            held = kill_a_holder(bus, DEFAULT_PREFIX, [w.pid for w in workers], 15.0)
            if held is None:  # no worker held a job within 15 s: one is killed all the same
                kill_group(workers[0].pid)
            victim = workers[held[0] if held is not None else 0]
            note("kill -9 bot worker", pid=victim.pid, held_a_job=held is not None)

        def restart_redis() -> None:
            state["redis"].kill()
            state["redis"].wait(10)
            note("Redis killed")
            time.sleep(2.0)
            state["redis"] = start_redis(redis_port, tmp)
            note("Redis started again")

        events = []
        if a.kill_node_at is not None:
            events.append((a.kill_node_at, kill_node))
        if a.kill_worker_at is not None:
            events.append((a.kill_worker_at, kill_worker))
        if a.restart_redis_at is not None:
            events.append((a.restart_redis_at, restart_redis))
        rec = Record()
        t_start[0] = time.time()
        results = asyncio.run(play_tables(base, tables, rec, a.seconds, (lo, hi), events))
        elapsed = time.time() - t_start[0]
        left = wait_finished(db, [t["id"] for t in tables], 30)
        check = verify(db, tables, rec)
        took_over = sum(
            (tmp / f"worker{i}.log").read_text(errors="replace").count("took over job") for i in range(len(workers))
        )
        # per 5 s: the acknowledgements, to show the dips at the failures
        span = [0] * (int(elapsed // 5) + 1)
        for t in rec.ack_times:
            span[min(len(span) - 1, int((t - t_start[0]) // 5))] += 1
        report = {
            "mode": "failures",
            "nodes": a.nodes,
            "games": a.games,
            "bot_tables": a.bot_tables,
            "bot": a.bot,
            "bot_worker_processes": a.bot_workers,
            "players": a.players,
            "think_s": [lo, hi],
            "cpus": os.cpu_count(),
            "seconds": round(elapsed, 1),
            "events": events_done,
            "results": {s: results.count(s) for s in sorted(set(results))},
            "unfinished_after": len(left),
            **check,
            "moves_per_s": round(len(rec.acks) / elapsed, 1),
            "ack_ms": {"p50": pct(rec.rtt_ms, 50), "p95": pct(rec.rtt_ms, 95), "p99": pct(rec.rtt_ms, 99)},
            "reconnects": rec.reconnects,
            "client_errors": rec.errors,
            "jobs_taken_over_by_a_surviving_worker": took_over,
            "acks_per_5s": span,
            "haproxy_processes": len(pids_named("haproxy")),
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "cpu_pressure": cpu_pressure(),
        }
    finally:
        for w in workers:
            kill_group(w.pid)
        stop(*procs)
        state["redis"].kill()
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"drop database if exists {name} with (force)")
    print(json.dumps(report, indent=2))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(report, f, indent=2)
    ok = (
        check["lost"] == 0
        and check["duplicates"] == 0
        and check["tables_with_gaps"] == 0
        and check["finished"] == check["tables"]
    )
    return 0 if ok else 1
