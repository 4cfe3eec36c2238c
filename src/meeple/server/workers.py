"""Bots think in worker processes, never on the event loop.

`BotPool.choose(spec, seed, obs)` sends the bot's Observation (the seat's
redacted view and legal actions: never the true state) to a process of a
`ProcessPoolExecutor` and awaits the chosen action. Bots come from
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


def make_bot(spec: str, seed: int):
    try:
        from meeple.bots.registry import make_bot as registry_make
    except ImportError:
        from meeple.bots.random_bot import RandomBot
        return RandomBot(seed)
    return registry_make(spec, seed)


def _init_worker() -> None:
    # Ctrl-C goes to the server, which shuts the pool down in order.
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    # A server killed outright (kill -9, out of memory) cannot stop its
    # workers: each leaves by itself once its parent is gone.
    parent = os.getppid()

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(1.0)
        os._exit(0)

    threading.Thread(target=watch, name="parent-watch", daemon=True).start()


def choose(spec: str, seed: int, obs) -> int:
    """Runs in a worker process: one decision of one bot."""
    return int(make_bot(spec, seed).choose(obs))


class BotPool:
    def __init__(self, workers: int | None = None) -> None:
        self.workers = workers or max(1, min(4, os.cpu_count() or 1))
        self._pool = self._new()

    def _new(self) -> ProcessPoolExecutor:
        return ProcessPoolExecutor(max_workers=self.workers, initializer=_init_worker,
                                   mp_context=multiprocessing.get_context("spawn"))

    async def choose(self, spec: str, seed: int, obs) -> int:
        return await self.call(choose, spec, seed, obs)

    async def call(self, fn, *args):
        """`fn(*args)` in a worker process (`fn` is pickled: a module-level function)."""
        loop = asyncio.get_running_loop()
        for attempt in range(2):
            try:
                return await loop.run_in_executor(self._pool, fn, *args)
            except BrokenProcessPool:
                if attempt:
                    raise
                # a worker died (killed, out of memory): start a fresh pool
                old, self._pool = self._pool, self._new()
                old.shutdown(wait=False, cancel_futures=True)
        raise AssertionError("unreachable")

    def close(self) -> None:
        self._pool.shutdown(wait=True, cancel_futures=True)
