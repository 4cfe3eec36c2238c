"""Websockets: one connection per seat (or spectator) per game.

After every change of a game the hub wakes each of its connections; a
connection's sender task then builds the view *for its own seat* and sends it.
Wake-ups coalesce, so a slow client gets the latest view, never a backlog, and
never slows other connections. Incoming messages are size-checked and
rate-limited per connection (limits.Limiter).

Who is online changes when sockets open and close, which a crowd of
spectators does hundreds of times a second; that reaches the players as one
small `{"type": "presence", "online": [seats]}` message per table at most
every `presence_every` seconds, and only when the seats online changed (a
spectator coming or going changes nothing a player sees), never as a full view.

A client that does not read (its socket's buffers full) is dropped, not
buffered for without bound: a send that has not gone out within
`SEND_TIMEOUT` seconds closes the socket, and so does a backlog of more than
`OUTBOX` messages pushed to it (chat, seats, rematch offers) that it has not
taken. Before, such a socket stayed open for good (the keepalive ping waits
behind the full buffer), pinning the kernel's send buffer (about 1.6 MB a
socket at a busy table) and one pending task per message pushed.
"""

from __future__ import annotations

import asyncio
import contextlib
import itertools
import logging
import time
from collections import defaultdict, deque
from collections.abc import Callable

log = logging.getLogger("meeple.server")

SEND_TIMEOUT = 20.0  # seconds one message may take to go out before its socket is dropped
OUTBOX = 64  # pushed messages (chat, seats, rematch) waiting for one socket; more: it is dropped


class Conn:
    _serials = itertools.count()

    def __init__(self, ws, game_id: str, seat: int | None, address: str = "") -> None:
        self.ws = ws
        self.serial = next(Conn._serials)  # its key in the per-socket message budget
        self.game_id = game_id
        self.seat = seat
        self.address = address
        self.opened = time.monotonic()
        self.events_sent = 0
        self.moves_sent = 0
        self.wake = asyncio.Event()
        self.view_due = False  # a new view is to be sent (the table changed)
        self.presence_due = False  # only who is online changed
        self.online_told: list | None = None  # the seats online this socket was last told
        self.send_lock = asyncio.Lock()
        self.strikes = 0
        self.outbox: deque[str] = deque()  # pushed messages its sender has yet to send
        self.send_timeout = SEND_TIMEOUT
        self.dropped: str | None = None  # why it was dropped, once it is
        self.on_drop: Callable[[Conn], None] | None = None  # the hub's: forget it

    async def send_text(self, text: str) -> None:
        """Send one message, or drop the socket if it does not go out in time
        (its reader is not reading); ConnectionError once dropped."""
        async with self.send_lock:
            if self.dropped:
                raise ConnectionError(self.dropped)
            try:
                await asyncio.wait_for(self.ws.send_text(text), self.send_timeout)
            except TimeoutError:
                self.drop(f"a message took over {self.send_timeout:g} s to go out")
                raise ConnectionError(self.dropped) from None

    def push(self, text: str) -> None:
        """Queue a message for the socket's sender (chat, seats, rematch): one
        queue per socket, at most OUTBOX long, else the socket is dropped."""
        if self.dropped:
            return
        if len(self.outbox) >= OUTBOX:
            self.drop(f"{OUTBOX} messages were waiting for it")
            return
        self.outbox.append(text)
        self.wake.set()

    async def flush(self) -> None:
        """Send what was pushed, oldest first (the sender task's part)."""
        while self.outbox:
            await self.send_text(self.outbox.popleft())

    def drop(self, why: str) -> None:
        """Close a socket whose client does not read: forget what was queued for
        it and close it (closing waits for nobody: a close frame stuck behind the
        full buffer ends with the transport aborted, websockets' close_timeout)."""
        if self.dropped:
            return
        self.dropped = why
        self.outbox.clear()
        log.info("dropped a slow websocket of %s (table %s): %s", self.address, self.game_id, why)
        if self.on_drop is not None:
            self.on_drop(self)
        self.wake.set()  # its sender ends
        task = asyncio.get_running_loop().create_task(_close(self.ws, "you are not reading: " + why))
        _closing.add(task)
        task.add_done_callback(_closing.discard)


_closing: set = set()  # close frames being sent to dropped sockets


async def _close(ws, reason: str) -> None:
    with contextlib.suppress(Exception):  # already gone
        await ws.close(code=1008, reason=reason[:120])


class Hub:
    def __init__(self, presence_every: float = 0.5) -> None:
        self.by_game: dict[str, set[Conn]] = defaultdict(set)
        # in a cluster, the seats other nodes hold sockets of (presence.py)
        self.remote: dict[str, set] = {}
        self.presence_every = presence_every
        self._due: set[str] = set()  # tables whose presence is looked at when the timer fires
        self.presence_sent = 0
        self.slow_dropped = 0  # sockets dropped because their client did not read

    def add(self, conn: Conn) -> None:
        self.by_game[conn.game_id].add(conn)
        conn.on_drop = self.dropped
        conn.view_due = True
        conn.wake.set()

    def remove(self, conn: Conn) -> None:
        conns = self.by_game.get(conn.game_id)
        if conns is not None:
            conns.discard(conn)
            if not conns:
                del self.by_game[conn.game_id]

    def dropped(self, conn: Conn) -> None:
        """A slow reader was dropped: it is no longer online."""
        self.slow_dropped += 1
        self.remove(conn)
        self.presence_changed(conn.game_id)

    def push(self, game_id: str, text: str) -> None:
        """One message to every socket of a table (each through its own bounded queue)."""
        for c in list(self.by_game.get(game_id, ())):
            c.push(text)

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
            return
        online = sorted(s for s in self.online(game_id) if s is not None)
        for c in conns:
            if c.online_told != online:  # its last view or presence message said otherwise
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
