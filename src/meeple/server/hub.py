"""Websockets: one connection per seat (or spectator) per game.

After every change of a game the hub wakes each of its connections; a
connection's sender task then builds the view *for its own seat* and sends it.
Wake-ups coalesce, so a slow client gets the latest view, never a backlog, and
never slows other connections. Incoming messages are size-checked and
rate-limited per connection.

Who is online changes when sockets open and close, which a crowd of
spectators does hundreds of times a second; that reaches the players as one
small `{"type": "presence", "online": [seats]}` message per table at most
every `presence_every` seconds, and only when the seats online changed (a
spectator coming or going changes nothing a player sees), never as a full view.
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
        self.view_due = False  # a new view is to be sent (the table changed)
        self.presence_due = False  # only who is online changed
        self.send_lock = asyncio.Lock()
        self.bucket = TokenBucket(rate, burst)
        self.strikes = 0

    async def send_text(self, text: str) -> None:
        async with self.send_lock:
            await self.ws.send_text(text)


class Hub:
    def __init__(self, presence_every: float = 0.5) -> None:
        self.by_game: dict[str, set[Conn]] = defaultdict(set)
        # in a cluster, the seats other nodes hold sockets of (presence.py)
        self.remote: dict[str, set] = {}
        self.presence_every = presence_every
        self.told: dict[str, list] = {}  # table -> the seats online its sockets were last told
        self._due: set[str] = set()  # tables whose presence is looked at when the timer fires
        self.presence_sent = 0

    def add(self, conn: Conn) -> None:
        self.by_game[conn.game_id].add(conn)
        conn.view_due = True
        conn.wake.set()

    def remove(self, conn: Conn) -> None:
        conns = self.by_game.get(conn.game_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.by_game[conn.game_id]

    def notify(self, game_id: str) -> None:
        for c in self.by_game.get(game_id, ()):
            c.view_due = True
            c.wake.set()

    def presence_changed(self, game_id: str) -> None:
        """A socket of the table opened or closed (here or on another node):
        its players hear who is online within `presence_every` seconds, once."""
        if game_id in self._due:
            return
        self._due.add(game_id)
        asyncio.get_running_loop().call_later(self.presence_every, self._tell, game_id)

    def _tell(self, game_id: str) -> None:
        self._due.discard(game_id)
        conns = self.by_game.get(game_id)
        if not conns:
            self.told.pop(game_id, None)
            return
        online = sorted(s for s in self.online(game_id) if s is not None)
        if self.told.get(game_id) == online:
            return
        self.told[game_id] = online
        for c in conns:
            c.presence_due = True
            c.wake.set()
            self.presence_sent += 1

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
