"""Fixtures for the server tests: an app on a fresh SQLite file, a real server
process, PostgreSQL (skipped with a reason when it does not answer, except under
CI=true) and Debian's Chromium (same rule)."""

from __future__ import annotations

import os
import subprocess
import uuid
from contextlib import contextmanager
from pathlib import Path

import pytest

from bench.processes import ROOT, free_port, start_server, stop

pytest.importorskip("fastapi", reason="the web extra is not installed: pip install -e '.[web]'")

CI = os.environ.get("CI", "").lower() == "true"
PG_URL = os.environ.get("MEEPLE_TEST_PG", "postgresql://postgres@127.0.0.1:5432/test")
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def pytest_configure(config):
    config.addinivalue_line("markers", "postgres: needs the PostgreSQL server on 127.0.0.1:5432")
    config.addinivalue_line("markers", "browser: drives Debian's Chromium through Playwright")
    config.addinivalue_line("filterwarnings", "ignore:Using `httpx` with `starlette.testclient`")


@pytest.fixture
def client_factory(tmp_path):
    """Build TestClients on one SQLite file (several in a row = restarts)."""
    from fastapi.testclient import TestClient

    from meeple.server.app import create_app

    def make(url: str | None = None, **kw):
        kw.setdefault("bot_workers", 1)
        kw.setdefault("sqlite_sync", "NORMAL")  # speed; durability is tested on real servers
        kw.setdefault("http_rate", (1e6, 1e6))  # one TestClient is one "connection"
        kw.setdefault("read_rate", (1e6, 1e6))  # and one address: its reads are not budgeted here
        app = create_app(url or f"sqlite:///{tmp_path / 'games.db'}", **kw)
        return TestClient(app)

    return make


@pytest.fixture
def secret_seed(monkeypatch):
    """`secret_seed(n)`: the server draws n as the seed of the next tables
    created without one, so a table whose seed stays secret is reproducible."""

    def use(seed: int) -> None:
        from meeple.server import service

        monkeypatch.setattr(service.secrets, "randbits", lambda bits: seed)

    return use


@pytest.fixture
def client(client_factory):
    with client_factory() as c:
        yield c


def _pg_answers(url: str) -> str | None:
    try:
        import psycopg

        with psycopg.connect(url, connect_timeout=3) as conn:
            conn.execute("select 1")
        return None
    except Exception as e:  # noqa: BLE001 - the reason is shown
        return f"{type(e).__name__}: {e}".strip()


@pytest.fixture
def pg_url():
    """A fresh schema on the test PostgreSQL server, dropped afterwards."""
    why = _pg_answers(PG_URL)
    if why is not None:
        if CI:
            pytest.fail(f"PostgreSQL at {PG_URL} does not answer under CI=true: {why}")
        pytest.skip(f"PostgreSQL at {PG_URL} does not answer: {why}")
    import psycopg

    schema = "meeple_test_" + uuid.uuid4().hex[:10]
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"create schema {schema}")
    sep = "&" if "?" in PG_URL else "?"
    yield f"{PG_URL}{sep}options=-csearch_path%3D{schema}"
    with psycopg.connect(PG_URL, autocommit=True) as conn:
        conn.execute(f"drop schema {schema} cascade")


@contextmanager
def running_server(db: str, log_path: Path, *extra: str):
    """A real server on a free port for the block: yields 127.0.0.1:<port>."""
    port = free_port()
    proc = start_server(db, port, "--bot-delay", "0", "--bot-workers", "1", *extra, log=log_path)
    try:
        yield f"127.0.0.1:{port}"
    finally:
        stop(proc)


@pytest.fixture
def live_server(tmp_path):
    """A real server whose read budget lets one test client (and its browser
    pages, all from 127.0.0.1) play whole games through the API at full speed;
    the budgets themselves are tested on servers of their own."""
    db, log = str(tmp_path / "live.db"), tmp_path / "server.log"
    with running_server(db, log, "--read-rate", "1000/2000") as address:
        yield f"http://{address}"


@pytest.fixture
def chromium():
    if not os.path.exists(CHROMIUM):
        if CI:
            subprocess.run(["bash", str(ROOT / ".ci" / "setup-browser.sh")], check=True)
        else:
            pytest.skip(f"{CHROMIUM} is missing: run .ci/setup-browser.sh (apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        if CI:
            pytest.fail("playwright is not installed under CI=true (pip install -e '.[test]')")
        pytest.skip("playwright is not installed: pip install -e '.[test]'")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
        try:
            yield browser
        finally:
            browser.close()
