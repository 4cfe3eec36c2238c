"""Bot time shared between the people who asked for it, not between tables.

Every bot decision (and hint) is asked for by a table, and every table has a
creator: the account that created it, else the client address. Jobs waiting
for a worker are taken creator by creator (the creator served longest ago
first), then, within that creator, table by table: ten tables of one creator
get one turn between them, as one table of another creator gets one. A table
has at most one job running at a time, and a creator's jobs running at once
may together be budgeted at most `seconds_per_creator` bot seconds (a decision
is budgeted the wall time its bot may think; one decision always may run, so
a bot over the cap is slow, never stuck).

`FairQueue` is the order only (no clock, no I/O): the in-process pool
(`workers.BotPool`) takes from it what its free workers can run, a cluster
node (`jobs.pool.JobPool`) what it may put on the Redis queue.
"""

from __future__ import annotations

import collections
import hashlib
from typing import Any

# a decision of a bot with no time budget (random, greedy) is budgeted this
# much, so a creator's quick decisions still take turns with everyone else's
MIN_COST = 0.1

# ISMCTS runs about 2,000 simulations a second on one core (docs/bots.md): the
# simulation budget that matches a time budget
SIMULATIONS_PER_SECOND = 2000


def creator_key(account: int | None, address: str) -> str:
    """Who a table's bot time is counted against: the account, else the
    address, as a digest (the database keeps no address in the clear)."""
    who = f"account:{account}" if account is not None else f"address:{address}"
    return hashlib.sha256(who.encode()).hexdigest()[:24]


def think_seconds(spec: str, max_seconds: float | None) -> float:
    """The wall time one decision of bot `spec` may take on this server: its
    ISMCTS time budget (or its simulations at 2,000 a second), capped at
    `max_seconds`; 0 for a bot that does not search (random, greedy)."""
    seconds = 0.0
    try:
        from meeple.bots.registry import parse_spec

        _, opts = parse_spec(spec)
    except Exception:  # noqa: BLE001 - an unknown spec is refused elsewhere; a random bot is cheap
        opts = {}
    if "seconds" in opts:
        seconds = float(opts["seconds"])
    elif "iterations" in opts:
        seconds = opts["iterations"] / SIMULATIONS_PER_SECOND
    if max_seconds is not None:
        seconds = min(seconds, max_seconds)
    return seconds


def decision_cost(spec: str, max_seconds: float | None) -> float:
    """What one decision of `spec` counts against its creator's bot seconds:
    its thinking time, at least MIN_COST."""
    return max(MIN_COST, think_seconds(spec, max_seconds))


class FairQueue:
    """Waiting jobs in the order creators, then their tables, are served."""

    def __init__(self, seconds_per_creator: float | None = None, forget_after: int = 10_000) -> None:
        self.seconds_per_creator = seconds_per_creator
        # creator -> table -> its waiting (item, cost), first in first out
        self._waiting: dict[str, dict[str, collections.deque]] = {}
        self._creator_served: dict[str, int] = {}  # when each creator last got a turn (a tick)
        self._table_served: dict[str, int] = {}
        self._running: dict[str, float] = {}  # creator -> bot seconds of its jobs running now
        self._busy: set[str] = set()  # tables with a job running
        self._tick = 0
        self._forget_after = forget_after

    def push(self, creator: str, table: str, item: Any, cost: float) -> None:
        self._waiting.setdefault(creator, {}).setdefault(table, collections.deque()).append((item, cost))

    def waiting(self) -> int:
        return sum(len(q) for tables in self._waiting.values() for q in tables.values())

    def running(self, creator: str) -> float:
        """Bot seconds of `creator`'s jobs running now."""
        return self._running.get(creator, 0.0)

    def _may_run(self, creator: str, cost: float) -> bool:
        running = self._running.get(creator, 0.0)
        cap = self.seconds_per_creator
        return running <= 0.0 or cap is None or running + cost <= cap + 1e-9

    def _next_table(self, creator: str) -> str | None:
        """The creator's table served longest ago that has no job running."""
        free = [t for t in self._waiting[creator] if t not in self._busy]
        if not free:
            return None
        return min(free, key=lambda t: self._table_served.get(t, 0))

    def pop(self) -> tuple[str, str, Any, float] | None:
        """(creator, table, item, cost) of the job to run now, marked running
        (give it back with `done`); None when nothing waiting may run."""
        best: tuple[int, str, str] | None = None
        for creator in self._waiting:
            table = self._next_table(creator)
            if table is None or not self._may_run(creator, self._waiting[creator][table][0][1]):
                continue
            served = self._creator_served.get(creator, 0)
            if best is None or served < best[0]:
                best = (served, creator, table)
        if best is None:
            return None
        _, creator, table = best
        queue = self._waiting[creator][table]
        item, cost = queue.popleft()
        if not queue:
            del self._waiting[creator][table]
            if not self._waiting[creator]:
                del self._waiting[creator]
        self._tick += 1
        self._creator_served[creator] = self._table_served[table] = self._tick
        self._running[creator] = self._running.get(creator, 0.0) + cost
        self._busy.add(table)
        if len(self._table_served) > self._forget_after:  # idle ones rank as new
            self._forget()
        return creator, table, item, cost

    def done(self, creator: str, table: str, cost: float) -> None:
        """A job `pop` gave out has finished (or failed, or was dropped)."""
        left = self._running.get(creator, 0.0) - cost
        if left > 1e-9:
            self._running[creator] = left
        else:
            self._running.pop(creator, None)
        self._busy.discard(table)

    def clear(self) -> None:
        self._waiting.clear()

    def _forget(self) -> None:
        waiting_tables = {t for tables in self._waiting.values() for t in tables} | self._busy
        self._table_served = {t: n for t, n in self._table_served.items() if t in waiting_tables}
        live = set(self._waiting) | set(self._running)
        self._creator_served = {c: n for c, n in self._creator_served.items() if c in live}
