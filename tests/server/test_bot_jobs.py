"""Bots as jobs on the Redis queue (meeple.server.jobs, docs/bot-jobs.md): the
same answers as the in-process pool, one job per decision however often it is
asked, per-table fairness, the caps, stale jobs skipped, a killed worker's job
retried by another, SIGTERM, and Redis forgetting its data. Against the Redis
server on 127.0.0.1:6379 (MEEPLE_TEST_REDIS), each test on its own key prefix;
skipped with the reason when it does not answer, except under CI=true."""

from __future__ import annotations

import asyncio
import contextlib
import os
import pickle
import signal
import subprocess
import sys
import threading
import time
import uuid

import pytest

from tests.server.conftest import CI, ROOT

redis = pytest.importorskip("redis", reason="redis-py is missing: pip install -e '.[web]'")

import meeple.server.jobs.protocol as p  # noqa: E402
from meeple.bots.base import observe  # noqa: E402
from meeple.core.game import GameError  # noqa: E402
from meeple.games import get  # noqa: E402
from meeple.server import workers  # noqa: E402
from meeple.server.jobs.command import shown  # noqa: E402
from meeple.server.jobs.pool import JobPool, StaleJob  # noqa: E402
from meeple.server.jobs.worker import Worker, WorkerConfig  # noqa: E402

REDIS_URL = os.environ.get("MEEPLE_TEST_REDIS", "redis://127.0.0.1:6379/0")


@pytest.fixture
def bus():
    """(Redis URL, a fresh key prefix); the prefix's keys are deleted afterwards."""
    client = redis.Redis.from_url(REDIS_URL, socket_connect_timeout=2)
    try:
        client.ping()
    except redis.RedisError as e:
        if CI:
            pytest.fail(f"Redis at {REDIS_URL} does not answer under CI=true: {e}")
        pytest.skip(f"Redis at {REDIS_URL} does not answer: {e}")
    prefix = f"meeple-test:{uuid.uuid4().hex[:10]}"
    yield REDIS_URL, prefix
    keys = list(client.scan_iter(match=f"{prefix}:*"))
    if keys:
        client.delete(*keys)
    client.close()


def obs_of(game: str = "ethnos", players: int = 3, seed: int = 1):
    return observe(get(game).new_game(players, seed=seed))


class Threads:
    """In-process workers (threads) for tests that need no real process."""

    def __init__(self, bus, **kw) -> None:
        self.config = WorkerConfig(bus[0], bus[1], **kw)
        self.stop = threading.Event()
        self.workers: list[Worker] = []
        self.threads: list[threading.Thread] = []

    def start(self, n: int = 1) -> Threads:
        for _ in range(n):
            w = Worker(self.config, f"test-{uuid.uuid4().hex[:6]}", self.stop)
            t = threading.Thread(target=w.run, daemon=True)
            t.start()
            self.workers.append(w)
            self.threads.append(t)
        return self

    def close(self) -> None:
        self.stop.set()
        for t in self.threads:
            t.join(5)


async def closed(pool: JobPool) -> None:
    await asyncio.get_running_loop().run_in_executor(None, pool.close)


@contextlib.asynccontextmanager
async def job_pool(bus, **kw):
    """A node's JobPool on the test's queue (with no workers of its own unless asked)."""
    pool = JobPool(bus[0], prefix=bus[1], **{"workers": 0, **kw})
    try:
        yield pool
    finally:
        await closed(pool)


def with_worker(bus, go, **config):
    """`asyncio.run(go())` while one in-process worker serves the queue."""
    threads = Threads(bus, **config).start(1)
    try:
        return asyncio.run(go())
    finally:
        threads.close()


# -------------------------------------------------------------- protocol
def test_jobs_carry_only_meeple_functions_and_classes():
    with pytest.raises(pickle.UnpicklingError):
        p.loads(pickle.dumps(os.system))
    call = pickle.dumps(("meeple.server.workers:choose", ()))
    assert p.decode_call(call)[0] is workers.choose is p.resolve(p.CHOOSE)
    for ref in (
        "os:system",
        "meeple.server.workers:os",
        "meeple.server.workers:os.system",
        "meeple.server.jobs.protocol:pickle",
        "meeple.core.savegame:write",
    ):
        with pytest.raises(pickle.UnpicklingError):
            p.resolve(ref)
    for name in p.JOBS:  # each job a worker may run exists
        assert p.resolve(name).__name__ == name.split(":")[1]
    from meeple.core.savegame import write

    with pytest.raises(ValueError, match="not a bot job"):
        p.encode_call(write, ("x", {}))
    obs = obs_of()
    assert p.loads(p.dumps(obs)) == obs  # the Observation: meeple's own dataclass


def test_an_analysis_passes_through_the_jobs_encoding():
    """The server's analysis hands positions to its pool: every one of them
    (real positions of a short game) survives the jobs' restricted encoding."""
    import random

    from meeple.advisor.analysis import analyse
    from meeple.core.savegame import document

    state, rng = get("okc").new_game(2, seed=3), random.Random(3)
    for _ in range(12):
        state.apply_move(rng.choice(state.legal_moves()))

    def through_jobs(fn, jobs):
        rows = []
        for job in jobs:
            decoded, args = p.decode_call(p.encode_call(fn, (job,)))
            assert decoded is fn and args == (job,)
            rows.append(decoded(*args))
        return rows

    report = analyse(document(state, 3, {}), iterations=5, run=through_jobs)
    assert report["decisions"] and all("ply" in row for row in report["decisions"])


def test_a_job_id_is_the_table_ply_and_call():
    body = p.encode_call(workers.choose, ("random", 3, obs_of(), 5.0))
    assert p.job_id("t1", 4, body) == p.job_id("t1", 4, p.encode_call(workers.choose, ("random", 3, obs_of(), 5.0)))
    assert p.job_id("t1", 4, body) != p.job_id("t1", 5, body)
    assert p.job_id("t1", 4, body) != p.job_id("t1", 4, p.encode_call(workers.choose, ("random", 4, obs_of(), 5.0)))


def test_urls_are_shown_without_password():
    assert shown("redis://:secret@10.0.0.5:6379/0") == "redis://10.0.0.5:6379/0"
    assert shown("postgresql://u:pw@db/x") == "postgresql://db/x"


# ------------------------------------------------------------ round trip
def test_a_job_decides_as_the_process_pool_does(bus):
    """Same spec, seed and Observation: the same action as BotPool's worker
    function; a hint (a `call` of another function) comes back whole."""
    from meeple.server.advice import hint_worker

    obs = obs_of()

    async def go():
        async with job_pool(bus, max_seconds=1.0) as pool:
            got = [await pool.choose("random", seed, obs, table="t1", ply=0) for seed in range(5)]
            hint = await pool.call(hint_worker, obs, 0.2, 30, table="t1")
            return got, hint

    got, hint = with_worker(bus, go)
    assert got == [workers.choose("random", seed, obs, 1.0) for seed in range(5)]
    assert hint == hint_worker(obs, 0.2, 30)


def test_a_node_thinks_with_its_own_workers_too(bus):
    """`bot_pool(bus=...)` is a JobPool whose node runs its own worker
    process (replaced if it dies); without `bus` it is the in-process
    BotPool; both take `ply`."""
    obs = obs_of()

    async def go():
        local = workers.bot_pool(1, 1.0)
        assert isinstance(local, workers.BotPool)
        try:
            in_process = await local.choose("random", 4, obs, "t1", ply=0)
        finally:
            local.close()
        pool = workers.bot_pool(1, 1.0, bus=bus[0], prefix=bus[1])
        assert isinstance(pool, JobPool)
        try:
            got = await asyncio.wait_for(pool.choose("random", 4, obs, "t1", ply=0), 30)
            alive = await pool.workers_alive()
            first = pool._procs[0]
            first.kill()  # out of memory, say: the node starts another
            again = await asyncio.wait_for(pool.choose("random", 4, obs, "t1", ply=1), 30)
            assert again in obs.legal and pool._procs[0] is not first
        finally:
            await asyncio.wait_for(closed(pool), 60)  # (a guard against a hang, not a speed bound)
        return in_process, got, alive, pool._procs

    in_process, got, alive, procs = asyncio.run(go())
    assert got == in_process
    assert alive == 1
    assert not any(proc.is_alive() for proc in procs)  # closing stopped the node's workers


def test_a_table_of_bots_plays_to_the_end_through_the_queue(bus, client_factory, monkeypatch):
    """The server's game tasks with a JobPool in place of the BotPool (as a
    node with --bus builds it): four bots play a table to its end."""
    from meeple.server import app as app_module
    from tests.server.test_api import new_game, view

    def on_the_bus(n=None, cap=None, **_):
        return workers.bot_pool(n, cap, bus=bus[0], prefix=bus[1])

    for name in ("BotPool", "bot_pool"):  # whichever the app builds its pool with
        if hasattr(app_module, name):
            monkeypatch.setattr(app_module, name, on_the_bus)
    with client_factory(bot_delay=0.0) as client:
        gid = new_game(client, ["bot:random"] * 3)["id"]
        deadline = time.monotonic() + 120
        while view(client, gid)["status"] != "finished" and time.monotonic() < deadline:
            time.sleep(0.2)
        final = view(client, gid)
        health = client.get("/api/health").json()
    assert final["status"] == "finished", final["ply"]
    assert health["bot_decisions_waiting"] == 0 and health["bot_longest_think_s"] < 5


def test_a_bots_error_reaches_the_node_as_a_game_error(bus):
    async def go():
        async with job_pool(bus) as pool:
            with pytest.raises(GameError, match="unknown bot"):
                await pool.choose("no-such-bot", 1, obs_of(), table="t1")

    with_worker(bus, go)


def test_the_same_decision_asked_twice_is_one_job(bus):
    """Two nodes (or one node asking again) for the same table, ply and call:
    one entry in the queue, one result, both get it."""
    client = redis.Redis.from_url(bus[0])
    keys = p.Keys(bus[1])
    obs = obs_of()

    async def go():
        a = JobPool(bus[0], workers=0, prefix=bus[1])
        b = JobPool(bus[0], workers=0, prefix=bus[1])
        try:
            asks = [asyncio.ensure_future(pool.choose("random", 7, obs, table="t1", ply=3)) for pool in (a, b)]
            await asyncio.sleep(0.3)
            assert client.xlen(keys.stream) == 1
            threads = Threads(bus).start(1)
            try:
                results = await asyncio.wait_for(asyncio.gather(*asks), 20)
            finally:
                threads.close()
            assert sum(w.done for w in threads.workers) == 1
            return results
        finally:
            await closed(a)
            await closed(b)

    results = asyncio.run(go())
    assert results[0] == results[1] == workers.choose("random", 7, obs, None)
    assert client.xlen(keys.stream) == 0  # acknowledged and removed


def test_one_table_waits_behind_at_most_one_job_of_another(bus):
    """Table A asks for three decisions at once, then B for one: the queue
    holds one job of each table, and B's comes back before A's second."""
    client = redis.Redis.from_url(bus[0])
    obs = obs_of()
    order: list[str] = []

    async def ask(pool, table, seed):
        await pool.choose("random", seed, obs, table=table, ply=0)
        order.append(f"{table}{seed}")

    async def go():
        async with job_pool(bus) as pool:
            tasks = [asyncio.ensure_future(ask(pool, "A", s)) for s in (1, 2, 3)]
            await asyncio.sleep(0.05)
            tasks.append(asyncio.ensure_future(ask(pool, "B", 1)))
            await asyncio.sleep(0.3)
            assert client.xlen(p.Keys(bus[1]).stream) == 2
            assert pool.waiting() == 4
            threads = Threads(bus).start(1)
            try:
                await asyncio.wait_for(asyncio.gather(*tasks), 20)
            finally:
                threads.close()

    asyncio.run(go())
    assert order.index("B1") < order.index("A2")
    assert order.index("A1") < order.index("A2") < order.index("A3")


def test_a_creators_tables_share_one_turn_on_the_queue(bus):
    """One creator's three tables ask for 5 s decisions at once, then another
    creator's table for one: at 5 bot seconds per creator the queue holds one
    job of each creator, and the second creator's comes back before the
    first's second (issue #34: fair between people, not tables)."""
    client = redis.Redis.from_url(bus[0])
    obs = obs_of()
    order: list[str] = []

    async def ask(pool, creator, table, seed):
        await pool.call(p.CHOOSE, "random", seed, obs, None, table=table, ply=0, creator=creator, cost=5.0)
        order.append(table)

    async def go():
        async with job_pool(bus, seconds_per_creator=5.0) as pool:
            tasks = [asyncio.ensure_future(ask(pool, "flood", f"F{t}", t)) for t in (1, 2, 3)]
            await asyncio.sleep(0.05)
            tasks.append(asyncio.ensure_future(ask(pool, "honest", "H", 1)))
            await asyncio.sleep(0.3)
            assert client.xlen(p.Keys(bus[1]).stream) == 2
            assert pool.waiting() == 4
            threads = Threads(bus).start(1)
            try:
                await asyncio.wait_for(asyncio.gather(*tasks), 20)
            finally:
                threads.close()

    asyncio.run(go())
    assert order[:2] == ["F1", "H"]
    assert sorted(order[2:]) == ["F2", "F3"]


def test_the_worker_caps_a_bots_thinking(bus, monkeypatch):
    """A bot asking for 5 s thinks at most the worker operator's 0.3 s: the
    budget the worker gives the bot, read as it starts thinking (the search
    keeping its budget is tests/bots/test_ismcts_budget.py's)."""
    budgets = []
    cap = workers.cap_budget

    def capped(bot, max_seconds):
        cap(bot, max_seconds)
        budgets.append((bot.seconds, bot.clock))

    monkeypatch.setattr(workers, "cap_budget", capped)

    async def go():
        async with job_pool(bus, max_seconds=5.0) as pool:
            return await asyncio.wait_for(pool.choose("ismcts:5s", 1, obs_of(), table="t1"), 20)

    action = with_worker(bus, go, max_seconds=0.3)
    assert action in obs_of().legal
    assert budgets == [(0.3, "wall")]  # the worker's own cap, under the node's 5 s and the bot's 5 s


def test_a_stale_job_is_answered_without_thinking(bus, tmp_path):
    """With --db, a job for a ply the table has left is answered StaleJob."""
    from meeple.server.storage import GameRecord, Storage

    db = f"sqlite:///{tmp_path / 'games.db'}"
    storage = Storage(db, sqlite_sync="NORMAL")
    state = get("ethnos").new_game(3, seed=1)
    storage.create_game(GameRecord("g1", "ethnos", 3, 1, {}, [{"kind": "bot", "bot": "random"}] * 3))
    moves = []
    for _ in range(2):
        move = state.legal_moves()[0]
        moves.append((state.decision().seat, move))
        state.apply_move(move)
    storage.append_batch([("g1", 0, moves, None, 0, None)])
    storage.close()

    async def go():
        async with job_pool(bus) as pool:
            with pytest.raises(StaleJob, match="at ply 2"):
                await asyncio.wait_for(pool.choose("random", 1, obs_of(), table="g1", ply=1), 20)
            now = observe(state)
            return await asyncio.wait_for(pool.choose("random", 1, now, table="g1", ply=2), 20), now

    action, now = with_worker(bus, go, db=db)
    assert action in now.legal


def test_a_table_the_workers_database_does_not_hold_is_not_stale(bus, tmp_path):
    """A worker whose --db is another cluster's (both on one Redis queue)
    thinks for a table it does not know, rather than calling it stale."""
    from meeple.server.storage import Storage

    db = f"sqlite:///{tmp_path / 'other.db'}"
    Storage(db, sqlite_sync="NORMAL").close()

    async def go():
        async with job_pool(bus) as pool:
            obs = obs_of()
            return await asyncio.wait_for(pool.choose("random", 1, obs, table="elsewhere", ply=4), 20), obs

    action, obs = with_worker(bus, go, db=db)
    assert action in obs.legal


def test_a_job_redis_forgot_is_asked_again(bus):
    """Redis restarted empty while a job waited: the node queues it again."""
    client = redis.Redis.from_url(bus[0])

    async def go():
        async with job_pool(bus) as pool:
            ask = asyncio.ensure_future(pool.choose("random", 2, obs_of(), table="t1", ply=0))
            await asyncio.sleep(0.3)
            client.delete(*client.scan_iter(match=f"{bus[1]}:*"))  # what a restart forgets
            threads = Threads(bus).start(1)
            try:
                return await asyncio.wait_for(ask, 20), pool.stats["asked_again"]
            finally:
                threads.close()

    action, asked_again = asyncio.run(go())
    assert action == workers.choose("random", 2, obs_of(), None)
    assert asked_again >= 1


# ------------------------------------------------------- real processes
def bot_worker(bus, *extra: str) -> subprocess.Popen:
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    return subprocess.Popen(
        [
            sys.executable,
            "-m",
            "meeple.cli",
            "bot-worker",
            "--bus",
            bus[0],
            "--queue",
            bus[1],
            "--workers",
            "1",
            *extra,
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        start_new_session=True,
    )


def wait_for_consumers(client, keys: p.Keys, n: int, timeout: float = 30) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if client.zcount(keys.workers, time.time() - 3, "+inf") >= n:
            return
        time.sleep(0.1)
    raise AssertionError(f"{n} bot workers did not start in {timeout} s")


def holder(client, keys: p.Keys, timeout: float = 20) -> tuple[str, int]:
    """(consumer, its pid) of the worker holding the one job in the queue."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        pending = client.xpending_range(keys.stream, p.GROUP, "-", "+", 10)
        if pending:
            name = pending[0]["consumer"].decode()
            return name, int(name.split(":")[1])
        time.sleep(0.05)
    raise AssertionError("no worker took the job")


def stop(proc: subprocess.Popen) -> None:
    if proc.poll() is None:
        os.killpg(proc.pid, signal.SIGKILL)
        proc.wait(5)


def test_a_killed_workers_job_completes_on_another(bus):
    """kill -9 of a `meeple bot-worker` (its whole process group) while it
    thinks: the other takes the job over after the lease, and its result is
    the one used, once."""
    client = redis.Redis.from_url(bus[0])
    keys = p.Keys(bus[1])
    procs = [bot_worker(bus), bot_worker(bus)]
    obs = obs_of()
    try:
        wait_for_consumers(client, keys, 2)

        async def go():
            pool = JobPool(bus[0], workers=0, max_seconds=5.0, prefix=bus[1])
            try:
                ask = asyncio.ensure_future(pool.choose("ismcts:1.5s", 1, obs, table="t1", ply=0))
                name, pid = await asyncio.get_running_loop().run_in_executor(None, holder, client, keys)
                victim = next(pr for pr in procs if os.getpgid(pid) == pr.pid)
                os.killpg(victim.pid, signal.SIGKILL)
                action = await asyncio.wait_for(ask, 30)  # (the lease, the survivor's poll, its thinking)
                return action, name, dict(pool.stats)
            finally:
                await closed(pool)

        action, killed, stats = asyncio.run(go())
        result = p.loads(
            client.get(keys.result(p.job_id("t1", 0, p.encode_call(workers.choose, ("ismcts:1.5s", 1, obs, 5.0)))))
        )
    finally:
        for proc in procs:
            stop(proc)
    assert action in obs.legal and result["ok"] and result["value"] == action
    assert result["worker"] != killed  # thought by the survivor
    assert stats["jobs"] == 1
    assert client.xlen(keys.stream) == 0


def test_sigterm_gives_the_job_back_within_five_seconds(bus):
    """SIGTERM while a worker thinks a long (8 s) decision: the process
    leaves after its grace (`STOP_GRACE`, under the 5 s asked for) without
    finishing it, its job back in the queue, and another worker finishes it."""
    assert p.STOP_GRACE < 5.0
    client = redis.Redis.from_url(bus[0])
    keys = p.Keys(bus[1])
    first = bot_worker(bus)
    second = None
    obs = obs_of()
    try:
        wait_for_consumers(client, keys, 1)

        async def go():
            nonlocal second
            pool = JobPool(bus[0], workers=0, max_seconds=20.0, prefix=bus[1])
            try:
                ask = asyncio.ensure_future(pool.choose("ismcts:8s", 1, obs, table="t1", ply=0))
                loop = asyncio.get_running_loop()
                await loop.run_in_executor(None, holder, client, keys)
                first.send_signal(signal.SIGTERM)
                await loop.run_in_executor(None, first.wait, 30)  # (a guard against a hang, not a speed bound)
                pending = client.xpending_range(keys.stream, p.GROUP, "-", "+", 10)
                second = bot_worker(bus, "--max-seconds", "0.5")
                action = await asyncio.wait_for(ask, 40)
                return pending, action
            finally:
                await closed(pool)

        pending, action = asyncio.run(go())
        out = first.stdout.read().decode()
    finally:
        stop(first)
        if second is not None:
            stop(second)
    # given back unfinished (the 8 s decision thought on by the second worker), not finished first
    assert [e["consumer"] for e in pending] == [b"released"], out
    assert action in obs.legal
    assert "Traceback" not in out and "stopped" in out


def test_a_runaway_job_is_failed_and_its_worker_replaced(bus):
    """A job thinking far past its cap (here a 5 s hint under a 0.2 s cap,
    past 4 x 0.2 + 1 s) is answered with an error and its process leaves (to
    be replaced: test_a_node_thinks_with_its_own_workers_too)."""
    import multiprocessing

    from meeple.server.advice import hint_worker
    from meeple.server.jobs.worker import work

    ctx = multiprocessing.get_context("spawn")
    proc = ctx.Process(
        target=work, args=(WorkerConfig(bus[0], bus[1], runaway_margin=1.0), 0, os.getpid()), daemon=True
    )
    proc.start()

    async def go():
        async with job_pool(bus, max_seconds=0.2) as pool:
            # answered as a runaway, not with the hint its 5 s would have given
            with pytest.raises(GameError, match="far past the server's time limit"):
                await asyncio.wait_for(pool.call(hint_worker, obs_of(), 5.0, None, table="t1"), 30)

    try:
        asyncio.run(go())
        proc.join(10)
        assert proc.exitcode == 3
    finally:
        proc.terminate()
        proc.join(5)


def test_without_redis_jobs_wait_and_workers_retry(caplog):
    """Redis away: a node's decision waits (it is not failed, nor played at
    random) and a worker says so once and keeps trying, without a traceback."""
    dead = ("redis://127.0.0.1:1/0", "meeple-test:nowhere")
    threads = Threads(dead).start(1)

    async def go():
        async with job_pool(dead) as pool:
            with pytest.raises(asyncio.TimeoutError):
                await asyncio.wait_for(pool.choose("random", 1, obs_of(), table="t1"), 2.5)

    try:
        asyncio.run(go())
    finally:
        threads.close()
    assert not any(t.is_alive() for t in threads.threads)
    said = [r.getMessage() for r in caplog.records if "does not answer" in r.getMessage()]
    assert len([m for m in said if m.startswith("worker")]) == 1, said
    assert len([m for m in said if m.startswith("bot jobs")]) == 1, said
    assert not any(r.exc_info for r in caplog.records)


def test_bot_worker_says_why_it_cannot_start():
    env = {**os.environ, "PYTHONPATH": str(ROOT / "src")}
    run = subprocess.run(
        [sys.executable, "-m", "meeple.cli", "bot-worker", "--bus", "redis://127.0.0.1:1/0"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert run.returncode == 2
    assert run.stderr.startswith("meeple bot-worker: cannot reach the bus at redis://127.0.0.1:1/0")
    assert "Traceback" not in run.stderr
