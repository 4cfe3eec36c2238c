"""Websockets: one connection per seat (or spectator) per game.

After every change of a game the hub wakes each of its connections; a
connection's sender task then builds the view *for its own seat* and sends it.
Wake-ups coalesce, so a slow client gets the latest view, never a backlog, and
never slows other connections. Incoming messages are size-checked and
rate-limited per connection.
"""

from __future__ import annotations

import asyncio
import time
from collections import defaultdict


class TokenBucket:
    """`rate` messages a second on average, bursts of `burst`."""

    __slots__ = ("rate", "burst", "tokens", "stamp")

    def __init__(self, rate: float, burst: float) -> None:
        self.rate, self.burst = rate, burst
        self.tokens = burst
        self.stamp = time.monotonic()

    def allow(self) -> bool:
        now = time.monotonic()
        self.tokens = min(self.burst, self.tokens + (now - self.stamp) * self.rate)
        self.stamp = now
        if self.tokens >= 1:
            self.tokens -= 1
            return True
        return False


class Conn:
    def __init__(self, ws, game_id: str, seat: int | None, rate: float, burst: float, address: str = "") -> None:
        self.ws = ws
        self.game_id = game_id
        self.seat = seat
        self.address = address
        self.opened = time.monotonic()
        self.events_sent = 0
        self.moves_sent = 0
        self.wake = asyncio.Event()
        self.send_lock = asyncio.Lock()
        self.bucket = TokenBucket(rate, burst)
        self.strikes = 0

    async def send_text(self, text: str) -> None:
        async with self.send_lock:
            await self.ws.send_text(text)


class Hub:
    def __init__(self) -> None:
        self.by_game: dict[str, set[Conn]] = defaultdict(set)
        # in a cluster, the seats other nodes hold sockets of (presence.py)
        self.remote: dict[str, set] = {}

    def add(self, conn: Conn) -> None:
        self.by_game[conn.game_id].add(conn)
        conn.wake.set()

    def remove(self, conn: Conn) -> None:
        conns = self.by_game.get(conn.game_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.by_game[conn.game_id]

    def notify(self, game_id: str) -> None:
        for c in self.by_game.get(game_id, ()):
            c.wake.set()

    def online(self, game_id: str) -> set:
        """The seats connected to a table (None: a spectator), on this node
        and, in a cluster, as last read of the others."""
        return {c.seat for c in self.by_game.get(game_id, ())} | self.remote.get(game_id, set())

    def spectators(self, game_id: str) -> int:
        return sum(1 for c in self.by_game.get(game_id, ()) if c.seat is None)

    def seat_conns(self, game_id: str, seat: int) -> list[Conn]:
        """The seat's connections, oldest first."""
        return sorted((c for c in self.by_game.get(game_id, ()) if c.seat == seat), key=lambda c: c.opened)

    def count(self) -> int:
        return sum(len(v) for v in self.by_game.values())
