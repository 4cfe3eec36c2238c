"""Bots think in worker processes, never on the event loop.

`BotPool.choose(spec, seed, obs, table)` sends the bot's Observation (the
seat's redacted view and legal actions: never the true state) to a process of a
`ProcessPoolExecutor` and awaits the chosen action; `BotPool.call(fn, *args,
table=...)` runs any other module-level job there (the advisor's hints and
analyses). Jobs wait in a `FairQueue`: the people who created the tables take
turns, then each one's tables (round robin), so neither a table with many bots
nor a person with many tables delays another's bot by more than one job, and a
person's jobs running at once are capped in bot seconds; each bot decision
thinks at most `max_seconds` of wall time. Bots come from
`meeple.bots.registry.make_bot`; where that module is missing every spec is
played by `RandomBot` (and `registry_available()` says so).
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import signal
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool

from meeple.core.game import GameError
from meeple.server.fairshare import MIN_COST, SIMULATIONS_PER_SECOND, FairQueue, decision_cost


def registry_available() -> bool:
    try:
        import meeple.bots.registry  # noqa: F401
    except ImportError:
        return False
    return True


# a game without a heuristic bot plays "medium" with a short search instead
MEDIUM_WITHOUT_GREEDY = "ismcts:0.25s"


def check_spec(spec: str, game: str | None = None) -> str:
    """Validate a bot spec for `game`; GameError explains a bad one. Returns
    it normalized (a level the game cannot play as named is resolved here, so
    the stored seat says what really plays)."""
    spec = spec.strip().lower()
    if registry_available():
        from meeple.bots.registry import LEVELS, greedy_class, parse_spec

        kind, _ = parse_spec(spec)
        if kind == "greedy" and game is not None:
            try:
                greedy_class(game)
            except GameError:
                if LEVELS.get(spec) != "greedy":
                    raise
                return MEDIUM_WITHOUT_GREEDY
        return spec
    import re

    if not re.fullmatch(r"random|greedy|easy|medium|hard|ismcts(:[0-9.]+(s|ms)?)?", spec):
        raise GameError(f"unknown bot {spec!r}")
    return spec


def max_simulations(max_seconds: float) -> int:
    return max(1, int(max_seconds * SIMULATIONS_PER_SECOND))


def check_budget(spec: str, max_seconds: float | None) -> None:
    """GameError when `spec` asks to think longer than the server allows."""
    if max_seconds is None or not registry_available():
        return
    from meeple.bots.registry import parse_spec

    _, opts = parse_spec(spec)
    sims = max_simulations(max_seconds)
    allowed = f"this server allows at most {max_seconds:g} s or {sims} simulations a decision"
    if opts.get("seconds", 0) > max_seconds:
        raise GameError(f"bot {spec!r} thinks {opts['seconds']:g} s a decision; {allowed}")
    if opts.get("iterations", 0) > sims:
        raise GameError(f"bot {spec!r} runs {opts['iterations']} simulations a decision; {allowed}")


def make_bot(spec: str, seed: int):
    try:
        from meeple.bots.registry import make_bot as registry_make
    except ImportError:
        from meeple.bots.random_bot import RandomBot

        return RandomBot(seed)
    return registry_make(spec, seed)


def _init_worker(parent: int) -> None:
    # Ctrl-C goes to the server, which shuts the pool down in order.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A server killed outright (kill -9, out of memory) cannot stop its
    # workers: each leaves by itself once its parent is gone (the parent's
    # pid comes from the parent: it may be gone before this runs).

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def cap_budget(bot, max_seconds: float | None) -> None:
    """A searching bot on the server thinks at most `max_seconds` of wall time
    (a simulation budget gets the deadline too; on a loaded machine CPU seconds
    would stretch in wall time)."""
    if max_seconds is None or not hasattr(bot, "seconds") or not hasattr(bot, "clock"):
        return
    bot.seconds = max_seconds if bot.seconds is None else min(bot.seconds, max_seconds)
    bot.clock = "wall"


def choose(spec: str, seed: int, obs, max_seconds: float | None = None) -> int:
    """Runs in a worker process: one decision of one bot."""
    bot = make_bot(spec, seed)
    cap_budget(bot, max_seconds)
    return int(bot.choose(obs))


def bot_pool(
    workers: int | None = None,
    max_seconds: float | None = None,
    *,
    bus: str | None = None,
    db: str | None = None,
    prefix: str | None = None,
    seconds_per_creator: float | None = None,
):
    """The server's bot pool: in this process's workers, or with `bus` (a
    Redis URL) jobs on the cluster's queue, thought about by this node's
    `workers` and by `meeple bot-worker` processes (docs/bot-jobs.md); `db` lets
    the workers skip a decision its table has moved past; `seconds_per_creator`
    caps the bot seconds one creator's tables think at once (fairshare.py)."""
    if bus is None:
        return BotPool(workers, max_seconds, seconds_per_creator)
    from meeple.server.jobs.pool import JobPool
    from meeple.server.jobs.protocol import DEFAULT_PREFIX

    return JobPool(
        bus, workers, max_seconds, db=db, prefix=prefix or DEFAULT_PREFIX, seconds_per_creator=seconds_per_creator
    )


class BotPool:
    def __init__(
        self, workers: int | None = None, max_seconds: float | None = None, seconds_per_creator: float | None = None
    ) -> None:
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))
        self.max_seconds = max_seconds
        self._pool = self._new()
        self.queue = FairQueue(seconds_per_creator)  # the waiting decisions, in the order they get a worker
        self._running = 0
        self._closed = False
        # seconds a decision waited for a worker, and thought in it (longest so far)
        self.longest = {"wait": 0.0, "think": 0.0}

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(
            max_workers=self.workers,
            initializer=_init_worker,
            initargs=(os.getpid(),),
            mp_context=multiprocessing.get_context("spawn"),
        )

    async def choose(
        self, spec: str, seed: int, obs, table: str = "", ply: int | None = None, creator: str | None = None
    ) -> int:
        """One bot decision, capped at `max_seconds`, queued behind `table`'s
        own and taking turns with `creator`'s other tables (fairshare.py).
        (`ply` serves the cluster's JobPool; here the game's task is the check.)"""
        cost = decision_cost(spec, self.max_seconds)
        return await self.call(choose, spec, seed, obs, self.max_seconds, table=table, creator=creator, cost=cost)

    async def call(
        self, fn, *args, table: str = "", ply: int | None = None, creator: str | None = None, cost: float = MIN_COST
    ):
        """`fn(*args)` in a worker process (`fn` is pickled: a module-level
        function), queued behind `table`'s own jobs; creators take turns, then
        their tables (a table without a `creator` counts as its own)."""
        fut = asyncio.get_running_loop().create_future()
        fut.queued_at = time.monotonic()  # type: ignore[attr-defined]  # the queue's note on its future
        self.queue.push(creator or f"table:{table}", table, (fn, args, fut), cost)
        self._dispatch()
        return await fut

    def waiting(self) -> int:
        return self.queue.waiting()

    def _dispatch(self) -> None:
        """Hand jobs to free workers in the fair queue's order."""
        while self._running < self.workers:
            got = self.queue.pop()
            if got is None:
                return
            creator, table, (fn, args, fut), cost = got
            if fut.done():  # its caller stopped waiting
                self.queue.done(creator, table, cost)
                continue
            self._running += 1
            asyncio.get_running_loop().create_task(self._run(fn, args, fut, (creator, table, cost)))

    async def _run(self, fn, args, fut, turn: tuple[str, str, float]) -> None:
        started = time.monotonic()
        self._note("wait", started - fut.queued_at)
        try:
            result = await self._execute(fn, args)
            self._note("think", time.monotonic() - started)
        except BaseException as e:  # noqa: BLE001 - handed to the waiter
            if not fut.done():
                fut.set_exception(e)
            if isinstance(e, asyncio.CancelledError):
                raise
        else:
            if not fut.done():
                fut.set_result(result)
        finally:
            self._running -= 1
            self.queue.done(*turn)
            self._dispatch()

    def _note(self, what: str, seconds: float) -> None:
        self.longest[what] = max(self.longest[what], seconds)

    async def _execute(self, fn, args):
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            try:
                return await loop.run_in_executor(self._pool, fn, *args)
            except BrokenProcessPool:
                if attempt or self._closed:
                    raise
                # a worker died (killed, out of memory): start a fresh pool
                old, self._pool = self._pool, self._new()
                old.shutdown(wait=False, cancel_futures=True)
        raise AssertionError("unreachable")

    def close(self) -> None:
        """Stop now: a decision being thought is abandoned (its game resumes
        from its last committed move), so shutting down never waits for one."""
        self._closed = True
        self.queue.clear()  # their games' tasks are cancelled already
        # ProcessPoolExecutor has no public way to stop running work before 3.14
        for proc in list(getattr(self._pool, "_processes", {}).values()):
            proc.terminate()
        self._pool.shutdown(wait=True, cancel_futures=True)
