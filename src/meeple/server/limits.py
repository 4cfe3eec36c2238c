"""What one client may hold: limits per client address, not per connection.

A client is its address. The address is the socket's peer, never a header a
client can write: `X-Forwarded-For` is read only when the peer is one of the
operator's trusted proxies (`meeple serve --trusted-proxy`), and then the
right-most address the proxies did not add is the client. Everyone behind one
address (a NAT, an office) shares its limits.
"""

from __future__ import annotations

import hashlib
import ipaddress
import time
from typing import Any
from collections import Counter
from dataclasses import dataclass

from meeple.server.hub import TokenBucket


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


def _networks(proxies) -> list:
    return [ipaddress.ip_network(p, strict=False) for p in proxies]


class ClientAddresses:
    """Who the client of an ASGI scope is."""

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


class Buckets:
    """One token bucket per client address; the table is bounded (the
    least recently used addresses are forgotten, so a flood of addresses costs
    memory only up to `size`)."""

    def __init__(self, rate: float, burst: float, size: int = 10_000) -> None:
        self.rate, self.burst, self.size = rate, burst, size
        self.buckets: dict[str, TokenBucket] = {}

    def allow(self, address: str) -> bool:
        b = self.buckets.pop(address, None)
        if b is None:
            if len(self.buckets) >= self.size:
                del self.buckets[next(iter(self.buckets))]
            b = TokenBucket(self.rate, self.burst)
        self.buckets[address] = b  # most recently used last
        return b.allow()


class SharedBuckets:
    """Budgets shared by every node of a cluster (`--bus`): API writes,
    websocket messages, table creations (`purpose` names them apart), so a
    client reaching N nodes still gets one budget, not N. Each key counts its
    writes in a Redis window of burst/rate seconds (at most `burst` in one
    window: the same average and burst as a token bucket); each node's own
    buckets stay in front, so a node refuses a flood before asking Redis, and
    they alone hold while Redis is away."""

    def __init__(self, url: str, rate: float, burst: float, cluster: str = "", purpose: str = "writes") -> None:
        self.local = Buckets(rate, burst)
        # one budget per cluster: the nodes of one database share it, another's is apart
        self.url = url
        self.prefix = f"meeple:{purpose}:" + hashlib.sha256(cluster.encode()).hexdigest()[:16]
        self.burst = int(burst)
        self.window = max(1, round(burst / rate))
        self._redis: Any = None  # a redis.asyncio client, once used

    async def allow(self, key: str) -> bool:
        if not self.local.allow(key):
            return False
        if self._redis is None:
            from meeple.server.bus import redis_client

            self._redis = redis_client(self.url, timeout=0.5)
        name = f"{self.prefix}:{key}:{int(time.time()) // self.window}"
        try:
            async with self._redis.pipeline(transaction=True) as pipe:
                count, _ = await pipe.incr(name).expire(name, self.window + 1).execute()
        except Exception:  # Redis is away: this node's own budget holds meanwhile
            return True
        return count <= self.burst

    async def close(self) -> None:
        if self._redis is not None:
            await self._redis.aclose()


class TableQuota:
    """Unfinished tables per creator, and how fast it creates them. A creator
    is a client address, and also an account when someone is logged in, so
    neither many connections nor many addresses get round the cap."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.created: dict[str, set[str]] = {}
        self.rate = Buckets(limits.tables_per_minute / 60.0, limits.tables_per_minute)

    def check(self, creators: dict[str, str], is_open) -> str | None:
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
            if not self.rate.allow(key):
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
