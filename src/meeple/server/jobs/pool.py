"""`JobPool`: `BotPool`'s interface over the Redis job queue, for a node of a cluster.

A node asks; any worker (the node's own, started here, or a `meeple bot-worker`
on another machine) thinks; the result comes back to the node's inbox list.
Fairness stays as the server sets it: a table has at most one job in the
queue at a time (its next waits here, in order), and a creator's jobs in the
queue together are budgeted at most `seconds_per_creator` bot seconds; what
waits here goes to the queue creator by creator, then table by table
(`fairshare.FairQueue`). The queue is first in, first out, so one person's
bots delay another's by at most that budget, however many tables they keep.

Nothing is lost when Redis or a worker fails: every few seconds the node asks
again for each job it still waits for. Asking is idempotent (the job id comes
from the table, the ply and the call), so this only re-queues a job Redis
forgot (a restart) and picks up a result whose message went astray. A result
that comes twice is used once; applying it is the caller's, with its ply check.
"""

from __future__ import annotations

import asyncio
import contextlib
import logging
import multiprocessing
import os
import time
import uuid
from typing import Any

import meeple.server.jobs.protocol as p
from meeple.core.game import GameError
from meeple.server.fairshare import MIN_COST, FairQueue, decision_cost
from meeple.server.jobs.protocol import StaleJob
from meeple.server.jobs.worker import WorkerConfig, work

log = logging.getLogger("meeple.server.jobs")

ASK_AGAIN_SECONDS = 3.0  # how often a waiting job is asked for again (see the module's doc)


class JobFailed(RuntimeError):
    """The job's function raised something other than a GameError in the worker."""


class JobPool:
    def __init__(
        self,
        bus: str,
        workers: int | None = None,
        max_seconds: float | None = None,
        *,
        prefix: str = p.DEFAULT_PREFIX,
        db: str | None = None,
        lease: float = p.LEASE_SECONDS,
        seconds_per_creator: float | None = None,
    ) -> None:
        """`workers` local worker processes (0: this node only asks); `db` lets
        them skip stale jobs."""
        self.bus = bus
        self.workers = max(1, min(4, os.cpu_count() or 1)) if workers is None else workers
        self.max_seconds = max_seconds
        self.lease = lease
        self.keys = p.Keys(prefix)
        self.node = uuid.uuid4().hex
        self.inbox = self.keys.inbox(self.node)
        # seconds a decision waited for a worker, and thought in it (longest so far)
        self.longest = {"wait": 0.0, "think": 0.0}
        self.stats = {"jobs": 0, "asked_again": 0, "duplicates_dropped": 0}
        self._jobs: dict[str, tuple] = {}  # job id -> what SUBMIT needs
        self._waiters: dict[str, list[asyncio.Future]] = {}
        self.queue = FairQueue(seconds_per_creator)  # jobs waiting for their turn on the queue
        self._redis: Any = None  # a redis.asyncio client, once started
        self._tasks: list[asyncio.Task] = []
        self._loop: asyncio.AbstractEventLoop | None = None
        self._closed = False
        self._trouble: str | None = None
        self._ctx = multiprocessing.get_context("spawn")
        self._config = WorkerConfig(bus, prefix, max_seconds, db, lease)
        self._procs = [self._spawn(slot) for slot in range(self.workers)]

    # ------------------------------------------------------------ BotPool's
    async def choose(
        self, spec: str, seed: int, obs, table: str = "", ply: int | None = None, creator: str | None = None
    ) -> int:
        """One bot decision, capped at `max_seconds`; with `ply`, a worker that
        can read the database skips it once the table has moved on (StaleJob)."""
        cost = decision_cost(spec, self.max_seconds)
        return await self.call(
            p.CHOOSE, spec, seed, obs, self.max_seconds, table=table, ply=ply, creator=creator, cost=cost
        )

    async def call(
        self, fn, *args, table: str = "", ply: int | None = None, creator: str | None = None, cost: float = MIN_COST
    ):
        """`fn(*args)` on some worker (`fn`: a module-level function of meeple,
        or its "module:name"), after `table`'s earlier jobs, in `creator`'s
        turn (a table without a `creator` counts as its own)."""
        if self._closed:
            raise GameError("the bot pool is closed")
        self._start()
        body = p.encode_call(fn, args)
        job_id = p.job_id(table, ply, body)
        gate = asyncio.get_running_loop().create_future()
        self.queue.push(creator or f"table:{table}", table, gate, cost)
        self._admit()
        try:
            turn = await gate  # (creator, table, cost): this job's turn on the queue
        except asyncio.CancelledError:
            if gate.done() and not gate.cancelled():  # the turn came as the caller left
                self.queue.done(*gate.result())
                self._admit()
            raise
        try:
            return await self._ask(job_id, table, ply, body)
        finally:
            self.queue.done(*turn)
            self._admit()

    def _admit(self) -> None:
        """Let onto the Redis queue every waiting job that may go now, in the
        fair queue's order."""
        while (got := self.queue.pop()) is not None:
            creator, table, gate, cost = got
            if gate.done():  # its caller stopped waiting
                self.queue.done(creator, table, cost)
                continue
            gate.set_result((creator, table, cost))

    def waiting(self) -> int:
        """Jobs this node waits for (queued or being thought about)."""
        return sum(len(w) for w in self._waiters.values()) + self.queue.waiting()

    def close(self) -> None:
        """Stop: the local workers finish or give back their jobs (within
        STOP_GRACE seconds); a job waited for here is abandoned (its game
        resumes from its last committed move)."""
        self._closed = True
        for proc in self._procs:
            if proc.is_alive():
                proc.terminate()  # SIGTERM: the worker finishes or gives back its job
        loop = self._loop
        if loop is not None and not loop.is_closed():
            with contextlib.suppress(RuntimeError):
                loop.call_soon_threadsafe(self._shutdown)
        deadline = time.monotonic() + p.STOP_GRACE + 1.5
        for proc in self._procs:
            proc.join(max(0.1, deadline - time.monotonic()))
            if proc.is_alive():
                proc.kill()
                proc.join(1)

    # --------------------------------------------------------------- inside
    def _spawn(self, slot: int):
        proc = self._ctx.Process(
            target=work, args=(self._config, slot, os.getpid()), name=f"bot-worker-{slot}", daemon=True
        )
        proc.start()
        return proc

    def _revive(self) -> None:
        """A local worker that died (a runaway job, out of memory) is replaced."""
        for slot, proc in enumerate(self._procs):
            if not proc.is_alive() and not self._closed:
                log.warning("bot worker %d stopped (exit %s); starting another", slot, proc.exitcode)
                self._procs[slot] = self._spawn(slot)

    def _start(self) -> None:
        if self._redis is not None:
            return
        import redis.asyncio

        self._loop = asyncio.get_running_loop()
        self._redis = redis.asyncio.Redis.from_url(self.bus, socket_timeout=10, socket_connect_timeout=3)
        self._submit = self._redis.register_script(p.SUBMIT)
        self._tasks = [
            self._loop.create_task(self._listen(), name="bot-jobs-inbox"),
            self._loop.create_task(self._ask_again(), name="bot-jobs-ask-again"),
        ]

    def _shutdown(self) -> None:
        for t in self._tasks:
            t.cancel()
        for waiters in self._waiters.values():
            for fut in waiters:
                fut.cancel()  # as the game's own task: no fallback move is made of it
        if self._redis is not None and self._loop is not None:  # (both set by _start)
            self._loop.create_task(self._redis.aclose())

    async def _ask(self, job_id: str, table: str, ply: int | None, body: bytes):
        loop = self._loop
        assert loop is not None  # started
        fut = loop.create_future()
        self._waiters.setdefault(job_id, []).append(fut)
        self._jobs[job_id] = (
            table,
            "" if ply is None else str(ply),
            "" if self.max_seconds is None else repr(self.max_seconds),
            body,
        )
        asked = time.monotonic()
        self.stats["jobs"] += 1
        try:
            await self._send(job_id)
            envelope = await fut
        finally:
            waiters = self._waiters.get(job_id, [])
            if fut in waiters:
                waiters.remove(fut)
            if not waiters:
                self._waiters.pop(job_id, None)
                self._jobs.pop(job_id, None)
        if envelope.get("ok"):
            think = envelope.get("think", 0.0)
            self._note("think", think)
            self._note("wait", time.monotonic() - asked - think)
            return envelope["value"]
        kind, error = envelope.get("kind"), envelope.get("error", "")
        if kind == "stale":
            raise StaleJob(error)
        if kind == "failed":
            raise JobFailed(error)
        raise GameError(error)

    async def _send(self, job_id: str) -> None:
        """SUBMIT the job (queued once however often it is sent); a stored
        result answers at once. Redis trouble is logged: `_ask_again` retries."""
        job = self._jobs.get(job_id)
        if job is None:
            return
        table, ply, cap, body = job
        try:
            got = await self._submit(
                keys=[self.keys.job(job_id), self.keys.reply(job_id), self.keys.result(job_id), self.keys.stream],
                args=[job_id, self.inbox, p.JOB_TTL, table, ply, cap, body],
            )
        except Exception as e:  # noqa: BLE001 - Redis away: the job waits, asked again later
            self._warn(e)
            return
        self._trouble = None
        if isinstance(got, bytes):
            self._deliver(job_id, got)

    def _deliver(self, job_id: str, data: bytes) -> None:
        waiters = [f for f in self._waiters.get(job_id, []) if not f.done()]
        if not waiters:
            self.stats["duplicates_dropped"] += 1
            return
        try:
            envelope = p.loads(data)
        except Exception as e:  # noqa: BLE001 - a result we cannot read fails its job, not the node
            envelope = {"ok": False, "kind": "failed", "error": f"unreadable result ({e})"}
        for fut in waiters:
            fut.set_result(envelope)

    async def _listen(self) -> None:
        """Read this node's inbox: the results of its jobs, as workers finish them."""
        while True:
            try:
                got = await self._redis.blpop([self.inbox], timeout=1)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - Redis away: wait and retry
                self._warn(e)
                await asyncio.sleep(1.0)
                continue
            if got:
                job_id, _, data = got[1].partition(b"\n")
                self._deliver(job_id.decode(), data)

    async def _ask_again(self) -> None:
        while True:
            await asyncio.sleep(ASK_AGAIN_SECONDS)
            self._revive()
            for job_id in list(self._jobs):
                self.stats["asked_again"] += 1
                await self._send(job_id)

    async def workers_alive(self) -> int:
        """Workers (of every node and machine) heard from within two leases."""
        self._start()
        return await self._redis.zcount(self.keys.workers, time.time() - 2 * self.lease, "+inf")

    def _warn(self, e: Exception) -> None:
        if self._closed:
            return
        if str(e) != self._trouble:
            self._trouble = str(e)
            log.warning("bot jobs: the bus does not answer (%s); the bots' jobs wait", e)

    def _note(self, what: str, seconds: float) -> None:
        self.longest[what] = max(self.longest[what], seconds)
