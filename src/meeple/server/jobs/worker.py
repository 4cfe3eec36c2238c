"""A bot worker: takes jobs from the Redis queue, thinks, hands the result back.

Each worker is one process with one job at a time (a bot's search is
CPU-bound). It first takes over a job whose worker fell silent for longer
than the lease (killed, machine gone), then waits for a new one. While it
thinks, a thread renews its lease every second, so a long decision is never
mistaken for a dead worker; the same thread stops the process at SIGTERM
once the job is finished, or after STOP_GRACE seconds gives the job back to
the queue (another worker takes it at once) and leaves.

With `--db` a worker reads the table's ply before it starts: a job asked for
an older ply (someone moved meanwhile) is answered "stale" without thinking.
"""

from __future__ import annotations

import contextlib
import logging
import os
import socket
import threading
import time
from dataclasses import dataclass
from typing import cast

import meeple.server.jobs.protocol as p
from meeple.core.game import GameError

log = logging.getLogger("meeple.bot_worker")

RELEASED = "released"  # the consumer a job given back belongs to until a worker takes it
RELEASE_IDLE_MS = 24 * 3600 * 1000


@dataclass(frozen=True)
class WorkerConfig:
    bus: str
    prefix: str = p.DEFAULT_PREFIX
    max_seconds: float | None = None  # this worker's own cap (the job's cap applies too)
    db: str | None = None  # for the staleness check
    lease: float = p.LEASE_SECONDS
    runaway_margin: float = p.HARD_LIMIT_MARGIN  # a job past 4 x its cap + this is failed


class Worker:
    def __init__(self, config: WorkerConfig, name: str, stop) -> None:
        import redis

        self.config = config
        self.name = name
        self.stop = stop  # is_set(), wait(s): the process is asked to leave
        self.keys = p.Keys(config.prefix)
        self.redis = redis.Redis.from_url(config.bus, socket_timeout=10, socket_connect_timeout=3)
        self.finish = self.redis.register_script(p.FINISH)
        self.touch = self.redis.register_script(p.TOUCH)
        self.plies = PlyReader(config.db) if config.db else None
        self.current: str | None = None  # the stream entry being thought about
        self.job_id = ""  # its job
        self.since = 0.0  # when it started
        self.limit: float | None = None  # seconds after which it is a runaway
        self.cursor = "0-0"  # where the search for abandoned jobs goes on
        self.checked = 0.0  # when it last looked for abandoned jobs
        self.done = 0
        self.running = False

    # ---------------------------------------------------------------- loop
    def run(self) -> None:
        self.running = True
        with contextlib.suppress(Exception):  # the loop reports Redis trouble
            self.redis.zadd(self.keys.workers, {self.name: time.time()})  # here before the first job
        keeper = threading.Thread(target=self._keeper, name="lease", daemon=True)
        keeper.start()
        trouble = None
        while not self.stop.is_set():
            try:
                entry = self._take()
                if entry is not None:
                    self._work(*entry)  # a result Redis did not take: the job is taken over later
                trouble = None
            except Exception as e:  # noqa: BLE001 - Redis away: say so once, retry
                if str(e) != trouble:
                    trouble = str(e)
                    log.warning("worker %s: the bus does not answer (%s); retrying", self.name, e)
                self.stop.wait(1.0)
        self.running = False
        keeper.join(2)
        self._leave()
        log.info("worker %s: stopped after %d jobs", self.name, self.done)

    def _leave(self) -> None:
        with contextlib.suppress(Exception):  # its entry ages out
            self.redis.zrem(self.keys.workers, self.name)

    def _take(self):
        """(entry id, fields, deliveries) of the next job, or None after half a second."""
        import redis

        try:
            got = None
            if time.monotonic() - self.checked >= min(1.0, self.config.lease / 3):
                self.checked = time.monotonic()
                got = self._abandoned()
            if got is None:
                # (redis-py types a sync client's answer as its async one's too)
                found = cast(
                    list, self.redis.xreadgroup(p.GROUP, self.name, {self.keys.stream: ">"}, count=1, block=500)
                )
                if not found:
                    return None
                entry, fields = found[0][1][0]
                got = (entry, fields, 1)
        except redis.ResponseError as e:
            if "NOGROUP" not in str(e):
                raise
            self._ensure_group()  # first start, or Redis lost its data
            return None
        return got

    def _ensure_group(self) -> None:
        import redis

        try:
            self.redis.xgroup_create(self.keys.stream, p.GROUP, id="0", mkstream=True)
        except redis.ResponseError as e:
            if "BUSYGROUP" not in str(e):
                raise

    def _abandoned(self):
        """A job whose worker was silent past the lease (or gave it back), taken over."""
        nxt, claimed, *_ = self.redis.xautoclaim(
            self.keys.stream, p.GROUP, self.name, int(self.config.lease * 1000), self.cursor, count=1
        )
        self.cursor = nxt.decode() if isinstance(nxt, bytes) else str(nxt)
        if not claimed:
            return None
        entry, fields = claimed[0]
        info = self.redis.xpending_range(self.keys.stream, p.GROUP, entry, entry, 1)
        deliveries = info[0]["times_delivered"] if info else p.MAX_DELIVERIES
        log.info("worker %s: took over job %s (delivery %d)", self.name, fields.get(b"id"), deliveries)
        return entry, fields, deliveries

    # ----------------------------------------------------------------- job
    def _work(self, entry, fields: dict, deliveries: int) -> None:
        entry = entry.decode() if isinstance(entry, bytes) else entry
        job = {k.decode(): v for k, v in fields.items()}
        job_id = job["id"].decode()
        cap = float(job["cap"]) if job["cap"] else None
        self.job_id, self.since = job_id, time.monotonic()
        self.limit = None if cap is None else p.HARD_LIMIT_TIMES * cap + self.config.runaway_margin
        self.current = entry
        try:
            envelope = self._outcome(job, job_id, deliveries)
        finally:
            self.current = None
        used = self._answer(entry, job_id, envelope)
        self.done += 1
        if not used:
            log.info("worker %s: job %s was answered already; this result is dropped", self.name, job_id)

    def _answer(self, entry: str, job_id: str, envelope: dict) -> bool:
        """FINISH: store, hand to the nodes, acknowledge; False if answered already."""
        data = p.dumps(envelope)
        return bool(
            self.finish(
                keys=[self.keys.result(job_id), self.keys.reply(job_id), self.keys.job(job_id), self.keys.stream],
                args=[job_id.encode() + b"\n" + data, p.RESULT_TTL, p.GROUP, entry, data, p.INBOX_TTL],
            )
        )

    def _outcome(self, job: dict, job_id: str, deliveries: int) -> dict:
        started = time.monotonic()
        if deliveries > p.MAX_DELIVERIES:
            return {
                "ok": False,
                "kind": "lost",
                "error": f"the bot's workers stopped {deliveries - 1} times during this decision",
            }
        ply = int(job["ply"]) if job["ply"] not in (b"", b"-") else None
        table = job["table"].decode()
        if ply is not None and self.plies is not None:
            now = self.plies.ply(table)
            if now is not None and now != ply:
                return {
                    "ok": False,
                    "kind": "stale",
                    "error": f"table {table} is at ply {now}, the job was for ply {ply}",
                }
        try:
            fn, args = p.decode_call(job["body"])
            args = self._capped(fn, args, float(job["cap"]) if job["cap"] else None)
            value = fn(*args)
        except GameError as e:
            return {"ok": False, "kind": "game", "error": str(e)}
        except Exception as e:  # noqa: BLE001 - reported to the node, logged here in one line
            log.error("worker %s: job %s failed: %s: %s", self.name, job_id, type(e).__name__, e)
            return {"ok": False, "kind": "failed", "error": f"{type(e).__name__}: {e}"}
        return {"ok": True, "value": value, "think": time.monotonic() - started, "worker": self.name}

    def _capped(self, fn, args: tuple, job_cap: float | None) -> tuple:
        """A bot decision thinks at most the smaller of the node's cap (in the
        job) and this worker's own."""
        if p.ref(fn) != p.CHOOSE:  # only a bot decision has a cap to enforce
            return args
        caps = [c for c in (job_cap, self.config.max_seconds, args[3] if len(args) > 3 else None) if c is not None]
        return (*args[:3], min(caps) if caps else None)

    # --------------------------------------------------------- the keeper
    def _keeper(self) -> None:
        """Renews the lease of the job being thought about; at a stop, leaves
        once the job is done or, after STOP_GRACE, gives it back first."""
        stopping_since, beat = None, 0.0
        while self.running:
            time.sleep(0.1)
            entry = self.current
            if time.monotonic() - beat >= min(p.HEARTBEAT_SECONDS, self.config.lease / 3):
                beat = time.monotonic()
                try:
                    self.redis.zadd(self.keys.workers, {self.name: time.time()})
                    if entry is not None:
                        self.touch(keys=[self.keys.stream], args=[p.GROUP, self.name, entry, 0, self.name])
                except Exception:  # noqa: BLE001 - the loop reports Redis trouble
                    pass
            if entry is not None and self.limit is not None and time.monotonic() - self.since > self.limit:
                self._runaway(entry)
            if not self.stop.is_set():
                continue
            stopping_since = stopping_since or time.monotonic()
            if entry is not None and time.monotonic() - stopping_since >= p.STOP_GRACE:
                try:
                    self._leave()
                    self.touch(keys=[self.keys.stream], args=[p.GROUP, self.name, entry, RELEASE_IDLE_MS, RELEASED])
                    log.warning("worker %s: stopping; gave its job back to the queue", self.name)
                finally:
                    os._exit(0)

    def _runaway(self, entry: str) -> None:
        """A job thinking far past its cap (a bot that never returns): answer it
        with an error, so its game moves on, and leave (`meeple bot-worker`
        and the node start another worker)."""
        log.error(
            "worker %s: job %s ran %.0f s, past its limit; answered with an error, restarting",
            self.name,
            self.job_id,
            time.monotonic() - self.since,
        )
        try:
            self._answer(
                entry,
                self.job_id,
                {"ok": False, "kind": "game", "error": "the bot thought far past the server's time limit"},
            )
            self._leave()
        finally:
            os._exit(3)


class PlyReader:
    """The table's current ply from the database (moves committed so far), None if unknown."""

    def __init__(self, url: str) -> None:
        from sqlalchemy import create_engine

        from meeple.server.storage import normalize_url

        self.engine = create_engine(normalize_url(url), pool_pre_ping=True, pool_size=1)

    def ply(self, table: str) -> int | None:
        """None too for a table this database does not hold: a worker on a
        Redis that another cluster shares (the same queue) must not call that
        cluster's jobs stale; it thinks, as without --db."""
        from sqlalchemy import func, select

        from meeple.server.storage import games_t, moves_t

        try:
            with self.engine.connect() as c:
                if c.execute(select(games_t.c.id).where(games_t.c.id == table)).first() is None:
                    return None
                return c.execute(
                    select(func.count()).select_from(moves_t).where(moves_t.c.game_id == table)
                ).scalar_one()
        except Exception as e:  # noqa: BLE001 - the check is an economy: think anyway
            log.warning("cannot read table %s's ply from the database (%s); thinking anyway", table, e)
            return None


def consumer_name(slot: int) -> str:
    return f"{socket.gethostname()}:{os.getpid()}:{slot}"


class Stop:
    """A worker process is asked to leave by SIGTERM (from its parent, or from
    systemd and `timeout`, which signal the whole group) or by its parent's
    death. The signal handler only notes it."""

    def __init__(self, parent: int) -> None:
        self.parent, self.signalled = parent, False

    def is_set(self) -> bool:
        return self.signalled or os.getppid() != self.parent

    def wait(self, seconds: float) -> bool:
        end = time.monotonic() + seconds
        while not self.is_set() and time.monotonic() < end:
            time.sleep(0.1)
        return self.is_set()


def work(config: WorkerConfig, slot: int, parent: int) -> None:
    """A worker process's body (spawned by `meeple bot-worker` or a node's JobPool)."""
    import signal

    stop = Stop(parent)
    signal.signal(signal.SIGINT, signal.SIG_IGN)  # Ctrl-C: the parent stops us
    signal.signal(signal.SIGTERM, lambda *_: setattr(stop, "signalled", True))
    logging.basicConfig(level=logging.INFO, format="%(asctime)s %(name)s: %(message)s")
    Worker(config, consumer_name(slot), stop).run()
