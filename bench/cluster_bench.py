"""Cluster benchmark: the 200-table bench of server_bench.py through HAProxy,
on N `meeple serve` nodes sharing PostgreSQL and Redis.

    .venv/bin/python bench/cluster_bench.py --nodes 2 [--games 200] [--players 4]
        [--seconds 60] [--think 0.5:1.5] [--json out.json]

With failures (every table is then played to its end, --seconds is the time
limit, and the database is checked at the end; bench/cluster_failure.py):

    .venv/bin/python bench/cluster_bench.py --nodes 3 --games 200 --players 2 \
        --think 0:0 --bot-tables 20 --bot-workers 2 --seconds 900 \
        --kill-node-at 20 --kill-worker-at 40 --restart-redis-at 60 --json out.json

--bot-tables adds tables of one person and one bot (--bot); --bot-workers N
runs the bots in N `meeple bot-worker` processes (the nodes then only ask),
--kill-worker-at kills -9 the one holding a job at that second. Failures use a
redis-server of the bench's own on a free port (the machine's is not touched).

A fresh database is made on the PostgreSQL of MEEPLE_BENCH_PG (default
postgresql://postgres@127.0.0.1:5432/test) and dropped afterwards; the bus is
MEEPLE_BENCH_REDIS (default redis://127.0.0.1:6379/0; the channel is named
after the database, so nothing else hears it). Every seat is a client over its
own websocket through the balancer, from a loopback address of its own (the
per-address limits stay on; the nodes trust the balancer's X-Forwarded-For).
Reported: moves/s, the move round trip (send -> ack, after the commit) and the
view push, the CPU per move of each node, of HAProxy, of PostgreSQL and of
Redis (from /proc), and the bus's messages. Loopback only; bounded in time.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import subprocess
import sys
import tempfile
import time
import uuid
from pathlib import Path

import httpx

sys.path.insert(0, str(Path(__file__).resolve().parent))

from processes import spawn, stop, wait_answers  # noqa: E402 - after the path
from server_bench import (  # noqa: E402 - after the path
    Stats,
    cpu_pressure,
    cpu_s,
    free_port,
    pct,
    player_address,
    run_phase,
)

HAPROXY = """global
    maxconn 4000
defaults
    mode http
    timeout connect 2s
    timeout client 300s
    timeout server 300s
    timeout http-request 10s
    timeout http-keep-alive 5s
    timeout tunnel 1h
    retries 3
    option redispatch
    option forwardfor
frontend cluster
    bind 127.0.0.1:{port}
    # per source, as docs/deploy.md (each bench player has an address of its own)
    stick-table type ip size 1m expire 60s store conn_cur,conn_rate(10s)
    tcp-request connection track-sc0 src
    tcp-request connection reject if {{ sc_conn_cur(0) gt 100 }}
    tcp-request connection reject if {{ sc_conn_rate(0) gt 200 }}
    default_backend nodes
backend nodes
    balance roundrobin
    option httpchk GET /api/health
    default-server inter 1s fall 2 rise 2
{servers}
"""


def pids_named(name: str) -> list[int]:
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/comm") as f:
                    if f.read().strip() == name:
                        out.append(int(d))
            except OSError:
                pass
    return out


def cpu_of(pids: list[int]) -> float:
    total = 0.0
    for p in pids:
        with contextlib.suppress(OSError):
            total += cpu_s(p)
    return total


def pg_counts(db: str) -> dict:
    """Commits and rows written in this database so far (pg_stat_database)."""
    import psycopg

    with psycopg.connect(db) as conn:
        row = conn.execute(
            "select xact_commit, tup_inserted, tup_updated from pg_stat_database where datname = current_database()"
        ).fetchone()
    return {"commits": row[0], "rows_inserted": row[1], "rows_updated": row[2]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--nodes", type=int, default=2)
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=60.0)
    ap.add_argument("--think", default="0.5:1.5")
    ap.add_argument("--json", default=None)
    ap.add_argument("--bot-tables", type=int, default=0, help="tables of one person and one bot")
    ap.add_argument("--bot", default="ismcts:0.1s", help="the bot of --bot-tables")
    ap.add_argument("--bot-workers", type=int, default=0, help="`meeple bot-worker` processes (nodes only ask)")
    ap.add_argument("--kill-node-at", type=float, default=None, metavar="S", help="kill -9 node 1 at S seconds")
    ap.add_argument("--kill-worker-at", type=float, default=None, metavar="S", help="kill -9 a bot worker")
    ap.add_argument("--restart-redis-at", type=float, default=None, metavar="S", help="restart Redis")
    a = ap.parse_args()
    failures = [x for x in (a.kill_node_at, a.kill_worker_at, a.restart_redis_at) if x is not None]
    if failures or a.bot_tables or a.bot_workers:
        from cluster_failure_run import run_failures

        return run_failures(a)
    lo, hi = (float(x) for x in a.think.split(":"))
    import psycopg

    admin = os.environ.get("MEEPLE_BENCH_PG", "postgresql://postgres@127.0.0.1:5432/test")
    bus = os.environ.get("MEEPLE_BENCH_REDIS", "redis://127.0.0.1:6379/0")
    name = "meeple_bench_" + uuid.uuid4().hex[:8]
    with psycopg.connect(admin, autocommit=True) as conn:
        conn.execute(f"create database {name}")
    db = admin.rsplit("/", 1)[0] + "/" + name
    tmp = Path(tempfile.mkdtemp(prefix="meeple-cluster-bench-"))
    procs: list[subprocess.Popen] = []
    try:
        ports = [free_port() for _ in range(a.nodes)]
        for p in ports:
            procs.append(
                spawn(
                    [
                        sys.executable,
                        "-m",
                        "meeple.cli",
                        "serve",
                        "--port",
                        str(p),
                        "--db",
                        db,
                        "--bus",
                        bus,
                        "--bot-delay",
                        "0",
                        "--bot-workers",
                        "1",
                        "--log-level",
                        "error",
                        "--trusted-proxy",
                        "127.0.0.1",
                    ],
                    tmp / f"node{p}.log",
                )
            )
        for p, proc in zip(ports, procs, strict=True):
            wait_answers(f"http://127.0.0.1:{p}/api/ready", proc)
        lb_port = free_port()
        servers = "\n".join(f"    server n{i} 127.0.0.1:{p} check" for i, p in enumerate(ports))
        (tmp / "haproxy.cfg").write_text(HAPROXY.format(port=lb_port, servers=servers))
        lb = spawn(["haproxy", "-db", "-f", str(tmp / "haproxy.cfg")], tmp / "haproxy.log")
        procs.append(lb)
        base = f"http://127.0.0.1:{lb_port}"
        wait_answers(base + "/api/health", lb)
        games = []
        for i in range(a.games):
            transport = httpx.HTTPTransport(local_address=player_address(i, 0, a.players))
            with httpx.Client(base_url=base, timeout=30, transport=transport) as h:
                r = h.post(
                    "/api/games",
                    json={"players": a.players, "seats": ["human"] * a.players, "seed": i, "open_seed": True},
                )
                r.raise_for_status()
                games.append(r.json())
        stats = Stats()
        node_pids = [p.pid for p in procs[:-1]]
        pg_pids, redis_pids = pids_named("postgres"), pids_named("redis-server")
        before = {
            "nodes": [cpu_s(p) for p in node_pids],
            "haproxy": cpu_s(lb.pid),
            "postgres": cpu_of(pg_pids),
            "redis": cpu_of(redis_pids),
        }
        pg0 = pg_counts(db)
        t0 = time.time()
        asyncio.run(run_phase(base.replace("http", "ws"), games, stats, (lo, hi), a.seconds, True, 1))
        elapsed = time.time() - t0
        after = {
            "nodes": [cpu_s(p) for p in node_pids],
            "haproxy": cpu_s(lb.pid),
            "postgres": cpu_of(pg_pids),
            "redis": cpu_of(redis_pids),
        }
        pg1 = pg_counts(db)
        moves = max(1, len(stats.ack_ms))
        healths = [httpx.get(f"http://127.0.0.1:{p}/api/health", timeout=10).json() for p in ports]
        report = {
            "nodes": a.nodes,
            "games": a.games,
            "players": a.players,
            "think_s": [lo, hi],
            "seconds": a.seconds,
            "cpus": os.cpu_count(),
            "moves_acked": len(stats.ack_ms),
            "moves_per_s": round(len(stats.ack_ms) / elapsed, 1),
            "ack_ms": {"p50": pct(stats.ack_ms, 50), "p95": pct(stats.ack_ms, 95), "p99": pct(stats.ack_ms, 99)},
            "view_push_ms": {"p50": pct(stats.view_ms, 50), "p99": pct(stats.view_ms, 99)},
            "server_ack_ms": {"p50": pct(stats.server_ms, 50), "p99": pct(stats.server_ms, 99)},
            "cpu_ms_per_move": {
                "nodes": [
                    round((b - a_) * 1000 / moves, 2) for a_, b in zip(before["nodes"], after["nodes"], strict=True)
                ],
                **{k: round((after[k] - before[k]) * 1000 / moves, 2) for k in ("haproxy", "postgres", "redis")},
            },
            "cpu_share": {
                "nodes": [round((b - a_) / elapsed, 2) for a_, b in zip(before["nodes"], after["nodes"], strict=True)],
                **{k: round((after[k] - before[k]) / elapsed, 2) for k in ("haproxy", "postgres", "redis")},
            },
            # the database's own counters: commits (group commit: several tables a
            # transaction), rows written, over the measured phase
            "db_per_s": {k: round((pg1[k] - pg0[k]) / elapsed, 1) for k in pg0},
            "bus": [{k: h.get(k) for k in ("published", "heard", "reconnects", "publish_failed")} for h in healths],
            "node_moves": [h.get("moves") for h in healths],
            "errors": stats.errors,
            "disconnects": stats.disconnects,
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "cpu_pressure": cpu_pressure(),
        }
    finally:
        stop(*procs)
        with psycopg.connect(admin, autocommit=True) as conn:
            conn.execute(f"drop database if exists {name} with (force)")
    print(json.dumps(report, indent=2))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(report, f, indent=2)
    return 0


if __name__ == "__main__":
    sys.exit(main())
