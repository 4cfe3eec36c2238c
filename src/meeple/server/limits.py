"""What one client may do: who the client is, and its budgets.

A client is its address: the socket's peer, never a header a client can
write. `X-Forwarded-For` is read only when the peer is one of the operator's
trusted proxies (`meeple serve --trusted-proxy`), and then the right-most
address the proxies did not add is the client. `client_address` is the one
place that says so, for HTTP requests and websockets alike; everyone behind
one address (a NAT, an office) shares its limits.

Every rate limit is a `Budget` (a rate and a burst) with a name, counted by
the one `Limiter` per key (an address, an account, a seat): token buckets in
this process, and in a cluster (`--bus`) also one Redis count shared by all
nodes, so that a client reaching N nodes still gets one budget, not N.
"""

from __future__ import annotations

import collections
import hashlib
import ipaddress
import time
from collections import Counter
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any


@dataclass(frozen=True)
class Budget:
    """`rate` a second on average, bursts of `burst`; `shared`: counted over
    every node of a cluster (else by each process alone)."""

    rate: float
    burst: float
    shared: bool = True


# The budgets other than those `Limits` names in fields of their own
# ("writes", "ws", "ws-socket", "tables", "reads", "replays", "ws-connect",
# "seat-connect", "lobby");
# `Limits.budgets` overrides them.
BUDGETS: dict[str, Budget] = {
    "signup": Budget(3 / 60, 5),  # sign-ups per address
    "login": Budget(0.2, 10),  # log-in attempts per address (and growing delays after failures)
    "chat": Budget(0.5, 5),  # chat messages per writer at a table
    "chat-address": Budget(2.0, 20),  # chat messages per address over all tables
    "sit": Budget(6 / 60, 3),  # open seats taken per address (and per account)
    "profile": Budget(2.0, 20),  # profile reads per address
    "hint": Budget(1 / 6, 3),  # the advisor's hints per seat
}


@dataclass(frozen=True)
class Limits:
    """The operator's limits (defaults suit a small public server)."""

    http_rate: float = 30.0  # API writes a second per address and per account, on average
    http_burst: float = 60.0
    ws_rate: float = 20.0  # websocket messages a second per client
    ws_burst: float = 40.0
    sockets_per_client: int = 32  # open websockets of one address (seats excepted)
    spectators_per_table: int = 64  # anonymous websockets on one table
    sockets_per_seat: int = 8  # tabs of one seat: a new one closes the oldest
    open_tables_per_client: int = 20  # unfinished tables one address created
    tables_per_minute: int = 10  # table creations of one address a minute (bursts)
    bot_max_seconds: float = 5.0  # a bot decision's wall-time budget
    # bot time is shared between the people who create tables (fairshare.py):
    bot_seconds_per_creator: float = 5.0  # bot seconds one creator's tables may think at once
    bot_tables_per_creator: int = 2  # unfinished tables with only bots one creator may have
    bot_tables_kept: int = 20  # ended bot-only tables kept per creator (older ones are deleted)
    idle_days: float = 14.0  # an untouched table closes after this
    trusted_proxies: tuple[str, ...] = ()
    read_rate: float = 60.0  # HTTP GETs a second per address (pages, files, views), on average
    read_burst: float = 120.0
    replay_rate: float = 10.0  # replay GETs a second per address (a costly read), on average
    replay_burst: float = 40.0
    ws_connect_rate: float = 2.0  # websocket connects a second per address, on average
    ws_connect_burst: float = 20.0
    seat_connect_rate: float = 5.0  # websocket connects with a seat's token a second per address
    seat_connect_burst: float = 30.0
    lobby_rate: float = 1.0  # lobby listings (GET /api/games) a second per address: a read of the storage thread
    lobby_burst: float = 10.0
    budgets: dict[str, tuple[float, float]] = field(default_factory=dict)  # name -> (rate, burst), over BUDGETS

    def budget(self, name: str) -> Budget:
        if name == "writes":
            return Budget(self.http_rate, self.http_burst)
        if name == "ws":
            return Budget(self.ws_rate, self.ws_burst)
        if name == "ws-socket":  # one socket lives on one node
            return Budget(self.ws_rate, self.ws_burst, shared=False)
        if name == "tables":
            return Budget(self.tables_per_minute / 60.0, self.tables_per_minute)
        # reads are many and cheap to refuse: each node counts its own
        if name == "reads":
            return Budget(self.read_rate, self.read_burst, shared=False)
        if name == "replays":
            return Budget(self.replay_rate, self.replay_burst, shared=False)
        if name == "ws-connect":
            return Budget(self.ws_connect_rate, self.ws_connect_burst, shared=False)
        if name == "seat-connect":
            return Budget(self.seat_connect_rate, self.seat_connect_burst, shared=False)
        if name == "lobby":
            return Budget(self.lobby_rate, self.lobby_burst, shared=False)
        base = BUDGETS[name]
        if name in self.budgets:
            rate, burst = self.budgets[name]
            return Budget(rate, burst, base.shared)
        return base


def budget_names() -> list[str]:
    return ["writes", "ws", "ws-socket", "tables", "reads", "replays", "ws-connect", "seat-connect", "lobby", *BUDGETS]


def _networks(proxies) -> list:
    return [ipaddress.ip_network(p, strict=False) for p in proxies]


class ClientAddresses:
    """Who the client of an ASGI scope is, given the trusted proxies."""

    def __init__(self, trusted_proxies=()) -> None:
        self.trusted = _networks(trusted_proxies)

    def _is_trusted(self, host: str) -> bool:
        if not self.trusted:
            return False
        try:
            ip = ipaddress.ip_address(host)
        except ValueError:
            return False
        return any(ip in n for n in self.trusted)

    def of(self, scope) -> str:
        peer = (scope.get("client") or ("unknown", 0))[0]
        if not self._is_trusted(peer):
            return peer
        forwarded = []
        for k, v in scope.get("headers", ()):
            if k == b"x-forwarded-for":
                forwarded += [h.strip() for h in v.decode("latin-1").split(",") if h.strip()]
        for host in reversed(forwarded):  # the last hop a trusted proxy did not add
            if not self._is_trusted(host):
                return host
        return peer


_CLIENT = "meeple.client"  # the scope's key for its client address, once read


def client_address(conn) -> str:
    """The client address of a request, a websocket or an ASGI scope: read
    once per connection scope (through the app's trusted proxies) and kept in it."""
    scope = conn if isinstance(conn, dict) else conn.scope
    known = scope.get(_CLIENT)
    if known is None:
        app = scope.get("app")
        addresses = getattr(getattr(app, "state", None), "addresses", None) or ClientAddresses()
        known = scope[_CLIENT] = addresses.of(scope)
    return known


class TokenBucket:
    """`rate` tokens a second on average, bursts of `burst`."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float, now: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = now

    def take(self, now: float) -> bool:
        self.tokens = min(self.burst, self.tokens + max(0.0, now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Backoff:
    """Growing delays after failures, per key (log-ins per address): `free`
    failures cost nothing, then each failure makes the key wait
    base * 2**(n - free - 1) seconds (at most `most`) before it may try
    again; a success, or `forget` seconds without a failure, clears it. Kept
    by each process (a bounded table)."""

    def __init__(self, clock: Callable[[], float], free=5, base=1.0, most=900.0, forget=3600.0, size=10_000) -> None:
        self.clock, self.free, self.base, self.most, self.forget, self.size = clock, free, base, most, forget, size
        self.keys: collections.OrderedDict[Hashable, tuple[int, float]] = collections.OrderedDict()

    def wait(self, key: Hashable) -> float:
        """Seconds `key` must still wait (0: it may try now)."""
        hit = self.keys.get(key)
        if hit is None:
            return 0.0
        failures, last = hit
        now = self.clock()
        if now - last >= self.forget:
            del self.keys[key]
            return 0.0
        if failures <= self.free:
            return 0.0
        return max(0.0, last + min(self.most, self.base * 2 ** (failures - self.free - 1)) - now)

    def failed(self, key: Hashable) -> None:
        self.wait(key)  # forgets an old record
        failures = self.keys.pop(key, (0, 0.0))[0]
        if len(self.keys) >= self.size:
            self.keys.popitem(last=False)
        self.keys[key] = (failures + 1, self.clock())

    def succeeded(self, key: Hashable) -> None:
        self.keys.pop(key, None)


class Limiter:
    """Every budget of the server, by name and key.

    Each budget keeps one token bucket per key in this process, in a bounded
    table (the least recently used keys are forgotten, so a flood of keys
    costs memory only up to `size` per budget). In a cluster (`bus_url`) a
    shared budget also counts each key's uses in a Redis window of
    burst/rate seconds (at most `burst` in one window: the same average and
    burst as the bucket), after this process's own bucket, so a node refuses
    a flood before asking Redis, and its buckets alone hold while Redis is
    away. The keys are named after the cluster's database (hashed), so two
    clusters on one Redis never share a budget."""

    def __init__(
        self,
        limits: Limits | None = None,
        bus_url: str | None = None,
        cluster: str = "",
        size: int = 10_000,
        clock: Callable[[], float] = time.monotonic,
    ) -> None:
        self.limits = limits or Limits()
        self.url = bus_url
        self.cluster = hashlib.sha256(cluster.encode()).hexdigest()[:16]
        self.size = size
        self.clock = clock
        self.tables: dict[str, collections.OrderedDict[Hashable, TokenBucket]] = {}
        self.budgets: dict[str, Budget] = {}
        self._redis: Any = None  # a redis.asyncio client, once used
        self.backoffs: dict[str, Backoff] = {}

    def backoff(self, name: str) -> Backoff:
        """The growing delays of `name` (e.g. failed log-ins), on this limiter's clock."""
        if name not in self.backoffs:
            self.backoffs[name] = Backoff(lambda: self.clock())
        return self.backoffs[name]

    def budget(self, name: str) -> Budget:
        b = self.budgets.get(name)
        if b is None:
            b = self.budgets[name] = self.limits.budget(name)
        return b

    def allow_here(self, name: str, key: Hashable) -> bool:
        """This process's bucket of `key` in budget `name` (no Redis)."""
        budget = self.budget(name)
        table = self.tables.setdefault(name, collections.OrderedDict())
        now = self.clock()
        bucket = table.pop(key, None)
        if bucket is None:
            if len(table) >= self.size:
                table.popitem(last=False)
            bucket = TokenBucket(budget.rate, budget.burst, now)
        table[key] = bucket  # most recently used last
        return bucket.take(now)

    async def allow(self, name: str, key: Hashable) -> bool:
        """May `key` spend one of budget `name` now (and it is spent)?"""
        if not self.allow_here(name, key):
            return False
        budget = self.budget(name)
        if self.url is None or not budget.shared:
            return True
        if self._redis is None:
            from meeple.server.bus import redis_client

            self._redis = redis_client(self.url, timeout=0.5)
        window = max(1, round(budget.burst / budget.rate))
        # "writes" kept its name of before, so a rolling upgrade shares its counts
        redis_key = f"meeple:{name}:{self.cluster}:{key}:{int(time.time()) // window}"
        try:
            async with self._redis.pipeline(transaction=True) as pipe:
                count, _ = await pipe.incr(redis_key).expire(redis_key, window + 1).execute()
        except Exception:  # Redis is away: this node's own budget holds meanwhile
            return True
        return count <= int(budget.burst)

    async def close(self) -> None:
        if self._redis is not None:
            await self._redis.aclose()
            self._redis = None


class TableQuota:
    """Unfinished tables per creator, and how fast it creates them. A creator
    is a client address, and also an account when someone is logged in, so
    neither many connections nor many addresses get round the cap."""

    def __init__(self, limits: Limits, limiter: Limiter) -> None:
        self.limits = limits
        self.limiter = limiter
        self.created: dict[str, set[str]] = {}

    async def check(self, creators: dict[str, str], is_open) -> str | None:
        """Why one of `creators` ({key: "your address" | "your account"}) may
        not open one more table now (None: they may)."""
        for key, who in creators.items():
            mine = self.created.get(key)
            if mine:
                mine -= {t for t in mine if not is_open(t)}
            if mine and len(mine) >= self.limits.open_tables_per_client:
                return (
                    f"too many open tables from {who} ({len(mine)}; at most "
                    f"{self.limits.open_tables_per_client}): finish or leave one first"
                )
        for key, who in creators.items():
            if not await self.limiter.allow("tables", key):
                return (
                    f"too many new tables from {who} (at most {self.limits.tables_per_minute} a minute): try again soon"
                )
        return None

    def add(self, creators: dict[str, str], table_id: str) -> None:
        for key in creators:
            self.created.setdefault(key, set()).add(table_id)


class Sockets:
    """Open websockets by client address, so one address cannot hold them all."""

    def __init__(self) -> None:
        self.by_address: Counter = Counter()

    def add(self, address: str) -> None:
        self.by_address[address] += 1

    def remove(self, address: str) -> None:
        self.by_address[address] -= 1
        if self.by_address[address] <= 0:
            del self.by_address[address]


def idle_cutoff(idle_days: float, now: float | None = None) -> float:
    """The last-activity time before which a table counts as abandoned."""
    return (time.time() if now is None else now) - idle_days * 86400.0
