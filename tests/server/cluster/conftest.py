"""A real cluster on loopback: `meeple serve` node processes on a fresh
PostgreSQL database, the machine's Redis (or one of the test's own), and
Debian's HAProxy in front. Skipped with the reason when PostgreSQL, Redis or
HAProxy are missing, except under CI=true, where HAProxy and redis-server are
installed by .ci/setup-cluster.sh and a missing service fails the test."""

from __future__ import annotations

import os
import shutil
import signal
import subprocess
import sys
import time
import uuid
from pathlib import Path

import pytest

from bench.processes import ROOT, free_port, meeple_env, spawn, stop, wait_answers
from tests.server.conftest import CI, PG_URL, _pg_answers

REDIS_URL = os.environ.get("MEEPLE_TEST_REDIS", "redis://127.0.0.1:6379/0")


def need(why: str):
    if CI:
        pytest.fail(f"under CI=true the cluster tests must run: {why}")
    pytest.skip(why)


@pytest.fixture(scope="session")
def tools():
    """HAProxy and redis-server binaries (installed under CI)."""
    if CI and not (shutil.which("haproxy") and shutil.which("redis-server")):
        subprocess.run(["bash", str(ROOT / ".ci" / "setup-cluster.sh")], check=True)
    for tool in ("haproxy", "redis-server"):
        if not shutil.which(tool):
            need(f"{tool} is missing: run .ci/setup-cluster.sh (apt-get install haproxy redis-server)")


def _redis_answers(url: str) -> str | None:
    try:
        import redis

        redis.Redis.from_url(url, socket_connect_timeout=2).ping()
        return None
    except Exception as e:  # noqa: BLE001 - the reason is shown
        return f"{type(e).__name__}: {e}"


@pytest.fixture
def redis_url(tools):
    why = _redis_answers(REDIS_URL)
    if why is not None:
        need(f"Redis at {REDIS_URL} does not answer: {why}")
    # the bus's channel is named after the database, which is new for each test
    return REDIS_URL


@pytest.fixture
def pg_db(tools):
    """A fresh database on the machine's PostgreSQL, dropped afterwards."""
    why = _pg_answers(PG_URL)
    if why is not None:
        need(f"PostgreSQL at {PG_URL} does not answer: {why}")
    import psycopg

    name = "meeple_cluster_" + uuid.uuid4().hex[:10]
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"create database {name}")
    base = PG_URL.rsplit("/", 1)[0]
    yield f"{base}/{name}"
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"drop database if exists {name} with (force)")


class Node:
    def __init__(self, db: str, bus: str, log: Path, extra=()) -> None:
        self.db, self.bus, self.log, self.extra = db, bus, log, list(extra)
        self.port = free_port()
        self.proc: subprocess.Popen | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> None:
        cmd = [
            sys.executable,
            "-m",
            "meeple.cli",
            "serve",
            "--port",
            str(self.port),
            "--db",
            self.db,
            "--bus",
            self.bus,
            "--bot-workers",
            "1",
            "--trusted-proxy",
            "127.0.0.1",
            "--log-level",
            "warning",
            *self.extra,
        ]
        if "--bot-delay" not in self.extra:
            cmd += ["--bot-delay", "0"]
        self.proc = spawn(cmd, self.log, cwd=ROOT, env=meeple_env())

    def kill(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
            self.proc.wait(10)

    def stop(self) -> None:
        if self.proc:
            stop(self.proc)


# the layout of docs/deploy.md: a request's headers within 10 s, per source at
# most 100 connections open and 200 opened in 10 s
HAPROXY_HTTP = """global
    maxconn 8000
defaults
    mode http
    timeout connect 2s
    timeout client 120s
    timeout server 120s
    timeout http-request 10s
    timeout http-keep-alive 5s
    timeout tunnel 1h
    retries 3
    option redispatch
    option forwardfor
frontend cluster
    bind 127.0.0.1:{port}
    stick-table type ip size 1m expire 60s store conn_cur,conn_rate(10s)
    tcp-request connection track-sc0 src
    tcp-request connection reject if {{ sc_conn_cur(0) gt 100 }}
    tcp-request connection reject if {{ sc_conn_rate(0) gt 200 }}
    default_backend nodes
backend nodes
    balance roundrobin
    option httpchk GET /api/health
    retry-on conn-failure empty-response
    default-server inter 300ms fall 2 rise 2
{servers}
"""

HAPROXY_TCP = """global
    maxconn 2000
defaults
    mode tcp
    timeout connect 2s
    timeout client 1h
    timeout server 1h
frontend pg
    bind 127.0.0.1:{port}
    default_backend pg
backend pg
    server pg {target}
"""


class Proxy:
    """An HAProxy process on a config of its own (restartable)."""

    def __init__(self, config: str, path: Path) -> None:
        self.path = path
        path.write_text(config)
        self.proc: subprocess.Popen | None = None

    def start(self) -> None:
        log = self.path.with_name(self.path.name + ".log")
        self.proc = spawn(["haproxy", "-db", "-f", str(self.path)], log)
        time.sleep(0.3)
        if self.proc.poll() is not None:
            raise RuntimeError(f"haproxy exited: {log.read_text()[-500:]}")

    def stop(self) -> None:
        if self.proc and self.proc.poll() is None:
            self.proc.kill()
            self.proc.wait(10)


class Cluster:
    def __init__(self, tmp: Path, db: str, bus: str, nodes: int, extra=()) -> None:
        self.tmp = tmp
        self.nodes = [Node(db, bus, tmp / f"node{i}.log", extra) for i in range(nodes)]
        self.balancer: Proxy | None = None
        self.port = free_port()

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self, balancer: bool = True) -> Cluster:
        for n in self.nodes:
            n.start()
        for n in self.nodes:
            wait_answers(n.url + "/api/ready", n.proc, seconds=40)
        if balancer:
            servers = "\n".join(f"    server n{i} 127.0.0.1:{n.port} check" for i, n in enumerate(self.nodes))
            self.balancer = Proxy(HAPROXY_HTTP.format(port=self.port, servers=servers), self.tmp / "haproxy.cfg")
            self.balancer.start()
            wait_answers(self.url + "/api/health", seconds=40)
        return self

    def stop(self) -> None:
        if self.balancer:
            self.balancer.stop()
        for n in self.nodes:
            n.stop()

    def logs(self) -> str:
        return "\n".join(f"--- {n.log.name}\n{n.log.read_text()[-3000:]}" for n in self.nodes if n.log.exists())


@pytest.fixture
def cluster_factory(tmp_path, pg_db, redis_url):
    made: list = []

    def make(
        nodes: int = 2, *, bus: str | None = None, db: str | None = None, balancer: bool = True, extra=()
    ) -> Cluster:
        c = Cluster(tmp_path, db or pg_db, bus or redis_url, nodes, extra)
        made.append(c)
        return c.start(balancer)

    yield make
    for c in made:
        c.stop()


@pytest.fixture
def own_redis(tools, tmp_path):
    """A redis-server of the test's own on a free port: (url, start, stop)."""
    port = free_port()
    procs: list = []

    def start():
        p = spawn(
            [
                "redis-server",
                "--bind",
                "127.0.0.1",
                "--port",
                str(port),
                "--save",
                "",
                "--appendonly",
                "no",
                "--dir",
                str(tmp_path),
            ],
            tmp_path / "redis.log",
        )
        procs.append(p)
        deadline = time.time() + 10
        while _redis_answers(f"redis://127.0.0.1:{port}/0") is not None:
            if time.time() > deadline:
                raise RuntimeError("redis-server did not start")
            time.sleep(0.05)

    def stop():
        for p in procs:
            if p.poll() is None:
                p.kill()
                p.wait(10)

    start()
    yield f"redis://127.0.0.1:{port}/0", start, stop
    stop()
