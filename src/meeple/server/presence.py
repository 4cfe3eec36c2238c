"""Who is at a table, and how many sockets one client holds, across the nodes
of a cluster (`--bus`); a single process keeps all this in its hub.

Every websocket a node holds is one member of two Redis sorted sets: its
table's (`...:t:<table>`, the member names the seat, or "-" for a spectator)
and, for a spectator, its client address's (`...:a:<address>`). A member's
score is the time it expires: the node that holds the socket pushes it on
every `every` seconds (a heartbeat) and removes it when the socket closes, so
a node killed with -9 stops counting its sockets `ttl` seconds later, and no
count ever leaks. A socket is admitted by one Lua script that drops the
expired members and checks the table's spectators and the address's sockets
against their caps before it adds the new one, atomically: two nodes cannot
both take the last place.

Views are built from each node's copy of the other nodes' seats (`hub.remote`)
so a push costs no Redis round trip: a node reads the table's set again when
another node says (on the bus, "online") that its sockets of that table
changed, and every `every` seconds for the tables it holds sockets of, which
is also how a dead node's seats go offline. An HTTP read of a view asks Redis.

The keys are named after the cluster's database (hashed), so two clusters or
two test runs on one Redis never count each other's sockets.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import itertools
import logging
import time
from collections.abc import Callable
from typing import Any

from meeple.server.bus import redis_client, shown

log = logging.getLogger("meeple.server")

# KEYS: table set, address set. ARGV: member, now, expires, spectator (1/0),
# spectators per table, sockets per address, key lifetime (s).
ADMIT = """
local now = tonumber(ARGV[2])
redis.call('ZREMRANGEBYSCORE', KEYS[1], '-inf', now)
if ARGV[4] == '1' then
  redis.call('ZREMRANGEBYSCORE', KEYS[2], '-inf', now)
  local n = 0
  for _, m in ipairs(redis.call('ZRANGE', KEYS[1], 0, -1)) do
    if string.sub(m, 1, 2) == '-:' then n = n + 1 end
  end
  if n >= tonumber(ARGV[5]) then return 1 end
  if redis.call('ZCARD', KEYS[2]) >= tonumber(ARGV[6]) then return 2 end
  redis.call('ZADD', KEYS[2], ARGV[3], ARGV[1])
  redis.call('EXPIRE', KEYS[2], ARGV[7])
end
redis.call('ZADD', KEYS[1], ARGV[3], ARGV[1])
redis.call('EXPIRE', KEYS[1], ARGV[7])
return 0
"""


class PresenceDown(Exception):
    """Redis does not answer: the cluster's sockets cannot be counted."""


class Presence:
    def __init__(self, url: str, cluster: str, hub, *, ttl: float = 5.0, every: float = 1.0) -> None:
        self.url = url
        self.hub = hub
        self.ttl, self.every = ttl, every
        self.prefix = "meeple:sockets:" + hashlib.sha256(cluster.encode()).hexdigest()[:16]
        self.redis = redis_client(url, timeout=2.0)
        self._admit = self.redis.register_script(ADMIT)
        self.node = ""  # the bus's name of this node, set when the bus exists
        self.publish: Callable[[dict], None] | None = None  # bus.publish, set with the node
        # on_left(game_id, seat): a seat's last socket elsewhere closed (the clocks' away time)
        self.on_left: Callable[[str, int], Any] | None = None
        self.members: dict = {}  # conn -> its member name
        self._ids = itertools.count(1)
        self._tasks: set = set()
        self._loop: asyncio.Task | None = None

    # ------------------------------------------------------------ keys
    def _table(self, game_id: str) -> str:
        return f"{self.prefix}:t:{game_id}"

    def _address(self, address: str) -> str:
        return f"{self.prefix}:a:{address}"

    def _down(self, e: Exception) -> PresenceDown:
        return PresenceDown(
            f"the cluster's Redis (at {shown(self.url)}) is unreachable, so sockets cannot be counted now "
            f"({type(e).__name__}); try again in a moment"
        )

    # -------------------------------------------------------- sockets
    async def admit(self, conn, spectators_per_table: int, sockets_per_client: int) -> str | None:
        """Count `conn` in (None), or say why it may not open. Raises
        PresenceDown when Redis does not answer."""
        seat = "-" if conn.seat is None else str(conn.seat)
        member = f"{seat}:{self.node}:{next(self._ids)}"
        now = time.time()
        try:
            refused = await self._admit(
                keys=[self._table(conn.game_id), self._address(conn.address)],
                args=[
                    member,
                    now,
                    now + self.ttl,
                    1 if conn.seat is None else 0,
                    spectators_per_table,
                    sockets_per_client,
                    int(self.ttl) + 2,
                ],
            )
        except Exception as e:  # noqa: BLE001 - said as a 503
            raise self._down(e) from e
        if refused == 1:
            return f"this table has its {spectators_per_table} spectators: try again later"
        if refused == 2:
            return f"too many connections from your address (at most {sockets_per_client})"
        self.members[conn] = member
        self._tell(conn.game_id)
        return None

    def closed(self, conn) -> None:
        """`conn` closed: take it out of the counts (in the background; if
        Redis is away, its entries expire by themselves)."""
        member = self.members.pop(conn, None)
        if member is None:
            return
        task = asyncio.get_running_loop().create_task(self._remove(conn, member))
        self._tasks.add(task)
        task.add_done_callback(self._tasks.discard)

    async def _remove(self, conn, member: str) -> None:
        try:
            async with self.redis.pipeline(transaction=False) as pipe:
                pipe.zrem(self._table(conn.game_id), member)
                if conn.seat is None:
                    pipe.zrem(self._address(conn.address), member)
                await pipe.execute()
        except Exception:  # noqa: BLE001 - it expires within ttl
            log.warning("presence: a closed socket stays counted until it expires", exc_info=True)
        self._tell(conn.game_id)

    def _tell(self, game_id: str) -> None:
        if self.publish is not None:
            self.publish({"k": "online", "g": game_id})

    # --------------------------------------------------------- online
    def _seats(self, members) -> tuple[set, set]:
        """(every seat, the other nodes' seats) of a table's live members."""
        every, others = set(), set()
        for raw in members:
            seat, node, _ = (raw.decode() if isinstance(raw, bytes) else raw).split(":", 2)
            if seat != "-":
                every.add(int(seat))
                if node != self.node:
                    others.add(int(seat))
        return every, others

    async def online(self, game_id: str) -> set:
        """The seats connected to a table on any node (an HTTP read)."""
        try:
            members = await self.redis.zrangebyscore(self._table(game_id), time.time(), "+inf")
        except Exception as e:  # noqa: BLE001 - said as a 503
            raise self._down(e) from e
        return self._seats(members)[0]

    async def refresh(self, game_ids) -> None:
        """Read the other nodes' seats of these tables again; tell the sockets
        of a table whose seats changed (a presence message, hub.py)."""
        game_ids = [g for g in game_ids if g in self.hub.by_game]
        if not game_ids:
            return
        now = time.time()
        async with self.redis.pipeline(transaction=False) as pipe:
            for g in game_ids:
                pipe.zrangebyscore(self._table(g), now, "+inf")
            results = await pipe.execute()
        for g, members in zip(game_ids, results, strict=True):
            self._adopt(g, self._seats(members)[1])

    def _adopt(self, game_id: str, others: set) -> None:
        before = self.hub.remote.get(game_id, set())
        if before == others:
            return
        self.hub.remote[game_id] = others
        if self.on_left is not None:
            for seat in before - others:
                self.on_left(game_id, seat)
        self.hub.presence_changed(game_id)

    async def sync(self, game_id: str) -> None:
        """Read the other nodes' seats of one table now, whether or not this
        node holds a socket of it (the clocks' status read over HTTP)."""
        try:
            members = await self.redis.zrangebyscore(self._table(game_id), time.time(), "+inf")
        except Exception as e:  # noqa: BLE001 - said as a 503
            raise self._down(e) from e
        self.hub.remote[game_id] = self._seats(members)[1]

    async def heard(self, msg: dict) -> None:
        """Another node's sockets of a table changed (a bus message)."""
        await self.refresh([msg.get("g")])

    async def _beat(self) -> None:
        now = time.time()
        expires = now + self.ttl
        life = int(self.ttl) + 2
        members = list(self.members.items())
        for i in range(0, len(members), 1000):
            async with self.redis.pipeline(transaction=False) as pipe:
                for conn, member in members[i : i + 1000]:
                    keys = [self._table(conn.game_id)]
                    if conn.seat is None:
                        keys.append(self._address(conn.address))
                    for key in keys:
                        pipe.zadd(key, {member: expires})
                        pipe.expire(key, life)
                await pipe.execute()
        for g in [g for g in self.hub.remote if g not in self.hub.by_game]:
            del self.hub.remote[g]  # no socket here any more: nobody reads it
        await self.refresh(list(self.hub.by_game))

    async def _run(self) -> None:
        while True:
            await asyncio.sleep(self.every)
            try:
                await self._beat()
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - Redis away: next beat
                log.warning("presence: heartbeat failed (%s)", e)

    def start(self) -> None:
        self._loop = asyncio.get_running_loop().create_task(self._run(), name="presence")

    async def close(self) -> None:
        tasks = [t for t in (self._loop, *self._tasks) if t is not None]
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        await self.redis.aclose()


class SharedTableQuota:
    """The table quota of limits.TableQuota for a cluster: each creator's
    tables are a Redis set, read whole by any node, their status is the
    database's, and the creations a minute are the limiter's shared "tables" budget."""

    def __init__(self, url: str, limits, cluster: str, limiter) -> None:
        self.limits = limits
        self.limiter = limiter
        self.prefix = "meeple:created:" + hashlib.sha256(cluster.encode()).hexdigest()[:16]
        self.url = url
        self._redis = None

    def _client(self):
        if self._redis is None:
            self._redis = redis_client(self.url, timeout=2.0)
        return self._redis

    async def check(self, creators: dict[str, str], statuses) -> str | None:
        """Why one of `creators` may not open one more table now (None: they
        may). `statuses(ids)` (async) gives {id: status} from the database.
        Raises PresenceDown when Redis does not answer."""
        cap = self.limits.open_tables_per_client
        try:
            redis = self._client()
            for key, who in creators.items():
                name = f"{self.prefix}:{key}"
                ids = [x.decode() for x in await redis.smembers(name)]
                if len(ids) < cap:
                    continue
                now = await statuses(ids)
                gone = [t for t in ids if now.get(t) != "active"]
                if gone:
                    await redis.srem(name, *gone)
                if len(ids) - len(gone) >= cap:
                    return (
                        f"too many open tables from {who} ({len(ids) - len(gone)}; at most {cap}): "
                        "finish or leave one first"
                    )
        except PresenceDown:
            raise
        except Exception as e:  # noqa: BLE001 - said as a 503
            if type(e).__module__.startswith("redis"):
                raise PresenceDown(
                    f"the cluster's Redis (at {shown(self.url)}) is unreachable, so tables cannot be "
                    f"counted now ({type(e).__name__}); try again in a moment"
                ) from e
            raise
        for key, who in creators.items():
            if not await self.limiter.allow("tables", key):
                return (
                    f"too many new tables from {who} (at most {self.limits.tables_per_minute} a minute): try again soon"
                )
        return None

    async def add(self, creators: dict[str, str], table_id: str) -> None:
        life = int(self.limits.idle_days * 86400) + 86400  # a table closes when idle that long
        try:
            async with self._client().pipeline(transaction=False) as pipe:
                for key in creators:
                    pipe.sadd(f"{self.prefix}:{key}", table_id).expire(f"{self.prefix}:{key}", life)
                await pipe.execute()
        except Exception:  # noqa: BLE001 - the table exists; it is just not counted
            log.warning("table quota: table %s not counted (Redis away)", table_id, exc_info=True)

    async def close(self) -> None:
        if self._redis is not None:
            await self._redis.aclose()
