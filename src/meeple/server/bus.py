"""The cluster's message bus: Redis pub/sub between the nodes of one database.

Every change of a table committed on one node (moves, an undo, seats, an undo
request, a chat message) is published once on one channel; every node hears
it and updates its copy of the table and the websockets it holds. Pub/sub, not
streams: the database already is the durable, ordered log of every table, so
the bus only has to be fast; a message a node misses (it restarted, Redis
blinked, its link dropped) is found by the versions: the next message of that
table does not follow the copy's version, or the node re-checks every copy it
holds against the database when it (re)subscribes and every few seconds, and
then reads the table again from the database. A node never shows a gap.

The channel is named after the database (its URL without the password), so
nodes on one database find each other and two clusters (or two test runs) on
one Redis never hear each other.
"""

from __future__ import annotations

import asyncio
import contextlib
import hashlib
import json
import logging
import secrets
from urllib.parse import urlsplit, urlunsplit

log = logging.getLogger("meeple.server")


class BusDown(Exception):
    """Redis does not answer: the cluster cannot tell the other nodes."""


def channel_for(db_url: str) -> str:
    parts = urlsplit(db_url)
    host = parts.hostname or ""
    netloc = (parts.username or "") + "@" + host + (f":{parts.port}" if parts.port else "")
    key = urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))
    return "meeple:" + hashlib.sha256(key.encode()).hexdigest()[:16]


def redis_client(url: str, timeout: float, max_connections: int = 64):
    """An asyncio Redis client whose connections are capped and waited for:
    a burst (every socket of a dead node reconnecting at once) queues for a
    free connection up to `timeout` instead of failing at the pool's cap."""
    import redis.asyncio as aioredis

    pool = aioredis.BlockingConnectionPool.from_url(
        url, max_connections=max_connections, timeout=timeout, socket_timeout=timeout, socket_connect_timeout=timeout
    )
    return aioredis.Redis.from_pool(pool)


def shown(url: str) -> str:
    """A URL without its password, for messages."""
    parts = urlsplit(url)
    if parts.password:
        netloc = f"{parts.username}:***@{parts.hostname}" + (f":{parts.port}" if parts.port else "")
        return urlunsplit((parts.scheme, netloc, parts.path, parts.query, ""))
    return url


class Bus:
    """One node's link to Redis: an ordered publisher and a listener that
    reconnects by itself. `on_message(dict)` gets every other node's message;
    `on_connect()` runs after every (re)subscription, to catch up."""

    def __init__(self, url: str, db_url: str, on_message, on_connect, *, retry: float = 0.5) -> None:
        import redis.asyncio as aioredis

        self.url = url
        self.channel = channel_for(db_url)
        self.node = secrets.token_hex(6)
        self.on_message = on_message
        self.on_connect = on_connect
        self.retry = retry
        self.redis = aioredis.from_url(
            url, socket_connect_timeout=2, socket_timeout=None, health_check_interval=5, retry_on_timeout=False
        )
        self.up = False
        self.reason: str | None = "not connected yet"
        self.stats = {"published": 0, "heard": 0, "reconnects": 0, "publish_failed": 0}
        self._out: asyncio.Queue = asyncio.Queue()
        self._tasks: list[asyncio.Task] = []

    def start(self) -> None:
        loop = asyncio.get_running_loop()
        self._tasks = [
            loop.create_task(self._listen(), name="bus-listen"),
            loop.create_task(self._publish_loop(), name="bus-publish"),
        ]

    async def close(self) -> None:
        for t in self._tasks:
            t.cancel()
        for t in self._tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        await self.redis.aclose()

    def check(self) -> None:
        """Raise BusDown when the node is not subscribed (a move made now would
        not reach the other nodes' players)."""
        if not self.up:
            raise BusDown(f"the message bus (Redis at {shown(self.url)}) is unreachable: {self.reason}")

    def publish(self, msg: dict) -> None:
        """Queue a message; one task sends them in order, so the other nodes
        hear a table's changes in the order they were committed."""
        msg["n"] = self.node
        self._out.put_nowait(json.dumps(msg, separators=(",", ":")))

    async def _publish_loop(self) -> None:
        while True:
            batch = [await self._out.get()]
            while not self._out.empty():
                batch.append(self._out.get_nowait())
            try:
                async with self.redis.pipeline(transaction=False) as pipe:
                    for text in batch:
                        pipe.publish(self.channel, text)
                    await pipe.execute()
                self.stats["published"] += len(batch)
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - the others catch up from the database
                self.stats["publish_failed"] += len(batch)
                log.warning(
                    "bus: %d messages not published (%s); the other nodes catch up from the database", len(batch), e
                )

    async def _listen(self) -> None:
        first = True
        while True:
            pubsub = self.redis.pubsub(ignore_subscribe_messages=True)
            try:
                await pubsub.subscribe(self.channel)
                self.up, self.reason = True, None
                if not first:
                    self.stats["reconnects"] += 1
                    log.warning("bus: subscribed again to %s", shown(self.url))
                first = False
                await self.on_connect()
                while True:
                    msg = await pubsub.get_message(timeout=5.0)
                    if msg is None or msg.get("type") != "message":
                        continue
                    data = json.loads(msg["data"])
                    if data.get("n") == self.node:
                        continue
                    self.stats["heard"] += 1
                    try:
                        await self.on_message(data)
                    except Exception:  # noqa: BLE001 - one bad message ends nothing
                        log.exception("bus: message not applied")
            except asyncio.CancelledError:
                raise
            except Exception as e:  # noqa: BLE001 - Redis went away: retry
                if self.up:
                    log.warning("bus: lost Redis at %s: %s", shown(self.url), e)
                self.up, self.reason = False, f"{type(e).__name__}: {e}"
            finally:
                with contextlib.suppress(Exception):
                    await pubsub.aclose()
            await asyncio.sleep(self.retry)
