"""What one client may hold below HTTP: connections, and the time to send a request.

uvicorn keeps a connection that sends its request headers one line every few
seconds for as long as the client likes (its keep-alive timeout only runs
between requests), and has no cap per client: a thousand slow connections
from one address used up the process's file descriptors and every honest
request timed out (issue 34, "slow requests"). Here, at the level of the
connection, before any ASGI code runs:

- a request (its headers, and its body if it has one) must have arrived
  within `header_timeout` seconds of the connection opening (or of the
  previous response on a kept-alive connection), else the connection closes
  (408);
- one client address holds at most `per_client` connections (websockets
  included); over it a new connection is answered 429 and closed at once.
  Connections from a trusted proxy are exempt: the proxy limits per source
  (docs/deploy.md), and behind it every client shares the proxy's address;
- the whole process holds at most `max_total` (its file limit less headroom
  for the database, logs and bot workers), so an attack from many addresses
  still leaves the server its files;
- the process's soft file limit is raised to its hard limit at start;
- log records are rate-limited by kind (`BoundedLog`), so a flood of failing
  connections ("Too many open files") writes a few lines, not a traceback each.
"""

from __future__ import annotations

import asyncio
import ipaddress
import logging
import time
from collections import Counter

from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.protocols.utils import get_remote_addr

log = logging.getLogger("meeple.server")


def _response(status: str, message: str) -> bytes:
    body = f'{{"error": "{message}"}}'.encode()
    head = f"HTTP/1.1 {status}\r\ncontent-type: application/json\r\nconnection: close\r\ncontent-length: {len(body)}\r\n\r\n"
    return head.encode() + body


TOO_MANY = _response("429 Too Many Requests", "too many connections from your address: close some first")
BUSY = _response("503 Service Unavailable", "the server holds as many connections as it can: try again soon")
TOO_SLOW = _response("408 Request Timeout", "the request took too long to arrive")


def raise_file_limit() -> tuple[int, int]:
    """Raise this process's soft limit of open files to its hard limit
    (the default soft limit is often 1,024); returns (soft, hard) after."""
    import resource

    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if hard == resource.RLIM_INFINITY:
        hard = max(soft, 1 << 20)
    if soft < hard:
        try:
            resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
            soft = hard
        except (ValueError, OSError) as e:
            log.warning("could not raise the open-file limit from %d to %d: %s", soft, hard, e)
    return soft, hard


def connection_budget(soft_limit: int) -> int:
    """Connections the whole process may hold: its file limit less headroom
    (a tenth, at least 256) for the database, logs, bot workers and the page."""
    return max(16, soft_limit - max(256, soft_limit // 10))


class ConnectionGuard:
    """Open connections by client address, and the deadline for headers."""

    def __init__(
        self, per_client: int = 100, max_total: int = 10_000, header_timeout: float = 10.0, trusted_proxies=()
    ) -> None:
        self.per_client = per_client
        self.max_total = max_total
        self.header_timeout = header_timeout
        self.trusted = [ipaddress.ip_network(p, strict=False) for p in trusted_proxies]
        self.by_transport: dict = {}  # transport -> its client address
        self.by_address: Counter = Counter()
        self.stats = {"refused_per_client": 0, "refused_total": 0, "header_timeouts": 0}
        self._sweeping = False

    def _exempt(self, address: str) -> bool:
        if not self.trusted:
            return False
        try:
            ip = ipaddress.ip_address(address)
        except ValueError:
            return False
        return any(ip in n for n in self.trusted)

    def admit(self, transport, address: str) -> bytes | None:
        """Count a new connection in (None), or the answer that refuses it."""
        if len(self.by_transport) >= self.max_total:
            self.stats["refused_total"] += 1
            return BUSY
        if not self._exempt(address) and self.by_address[address] >= self.per_client:
            self.stats["refused_per_client"] += 1
            return TOO_MANY
        self.by_transport[transport] = address
        self.by_address[address] += 1
        self._sweep_later()
        return None

    def release(self, transport) -> None:
        address = self.by_transport.pop(transport, None)
        if address is not None:
            self.by_address[address] -= 1
            if self.by_address[address] <= 0:
                del self.by_address[address]

    def sweep(self) -> None:
        """Forget closed connections. A connection upgraded to a websocket
        changes protocol object, and the websocket's end is seen here."""
        for transport in [t for t in self.by_transport if t.is_closing()]:
            self.release(transport)

    def _sweep_later(self) -> None:
        if self._sweeping:
            return
        self._sweeping = True

        def run() -> None:
            self._sweeping = False
            self.sweep()
            if self.by_transport:
                self._sweep_later()

        asyncio.get_running_loop().call_later(1.0, run)

    def held(self, address: str) -> int:
        return self.by_address.get(address, 0)


class GuardedH11(H11Protocol):
    """uvicorn's h11 protocol with the guard's admission and header deadline.
    `guarded_protocol(guard)` binds a guard to a subclass of this."""

    guard: ConnectionGuard

    def connection_made(self, transport) -> None:
        super().connection_made(transport)
        self._deadline: asyncio.TimerHandle | None = None
        self._timed: object = None
        address = (get_remote_addr(transport) or ("unknown", 0))[0]
        refused = self.guard.admit(transport, address)
        if refused is not None:
            transport.write(refused)
            transport.close()
            return
        self._arm()

    def _arm(self) -> None:
        self._disarm()
        self._deadline = self.loop.call_later(self.guard.header_timeout, self._too_slow)

    def _disarm(self) -> None:
        if self._deadline is not None:
            self._deadline.cancel()
            self._deadline = None

    def _too_slow(self) -> None:
        self._deadline = None
        if not self.transport.is_closing():
            self.guard.stats["header_timeouts"] += 1
            self.transport.write(TOO_SLOW)
            self.transport.close()

    def handle_events(self) -> None:
        super().handle_events()
        cycle = self.cycle
        if cycle is not None and cycle is not self._timed and not cycle.more_body:
            self._timed = cycle  # a new request is in, headers and body
            self._disarm()

    def handle_websocket_upgrade(self, event) -> None:
        self._disarm()
        super().handle_websocket_upgrade(event)

    def on_response_complete(self) -> None:
        self._arm()  # the next request on this connection gets its own deadline
        super().on_response_complete()

    def connection_lost(self, exc) -> None:
        self._disarm()
        self.guard.release(self.transport)
        super().connection_lost(exc)


def guarded_protocol(guard: ConnectionGuard) -> type[GuardedH11]:
    """The protocol class to give uvicorn (`http=`), bound to `guard`."""
    return type("GuardedH11Protocol", (GuardedH11,), {"guard": guard})


class BoundedLog(logging.Filter):
    """Log records at a bounded rate: per kind (logger, message, exception
    type) `burst` at once then one each `every` seconds, and at most
    `total_per_s` a second over all kinds; the next record of a kind that
    passes says how many like it were dropped. A "Too many open files" (or
    other resource) error loses its traceback: its cause is the load, not the
    code."""

    def __init__(
        self, burst: int = 5, every: float = 10.0, total_per_s: float = 20.0, clock=time.monotonic, size: int = 1000
    ) -> None:
        super().__init__()
        self.burst, self.every, self.total_per_s = burst, every, total_per_s
        self.clock = clock
        self.size = size
        self.kinds: dict = {}  # kind -> [tokens, stamp, dropped]
        self.total = [total_per_s * 5, clock()]
        self.dropped_total = 0

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "_bounded", False):  # already judged (a record passes several handlers)
            return record._bounded == "pass"  # type: ignore[attr-defined]
        now = self.clock()
        exc = record.exc_info[1] if record.exc_info else None
        kind = (record.name, str(record.msg)[:200], type(exc).__name__ if exc else "")
        entry = self.kinds.get(kind)
        if entry is None:
            if len(self.kinds) >= self.size:
                del self.kinds[next(iter(self.kinds))]
            entry = self.kinds[kind] = [float(self.burst), now, 0]
        entry[0] = min(float(self.burst), entry[0] + (now - entry[1]) / self.every)
        entry[1] = now
        tokens, stamp = self.total
        tokens = min(self.total_per_s * 5, tokens + (now - stamp) * self.total_per_s)
        ok = entry[0] >= 1 and tokens >= 1
        if ok:
            entry[0] -= 1
            tokens -= 1
        self.total = [tokens, now]
        if not ok:
            entry[2] += 1
            self.dropped_total += 1
            record._bounded = "drop"
            return False
        if isinstance(exc, OSError) and exc.errno is not None and exc.errno in _RESOURCE_ERRNOS:
            record.exc_info, record.exc_text = None, None
            record.msg = f"{record.getMessage()} ({exc})"
            record.args = ()
        if entry[2]:
            record.msg = f"{record.getMessage()} [{entry[2]} more like this were not logged]"
            record.args = ()
            entry[2] = 0
        record._bounded = "pass"
        return True


def _resource_errnos() -> frozenset:
    import errno

    return frozenset(getattr(errno, n) for n in ("EMFILE", "ENFILE", "ENOBUFS", "ENOMEM") if hasattr(errno, n))


_RESOURCE_ERRNOS = _resource_errnos()


def bound_logging(limiter: BoundedLog | None = None) -> BoundedLog:
    """Put one BoundedLog on every handler that writes this process's log
    (uvicorn's and the root's); records of loggers without a handler (asyncio's
    "socket.accept() out of system resource") get a stderr handler that has it."""
    limiter = limiter or BoundedLog()
    root = logging.getLogger()
    if not root.handlers:
        handler = logging.StreamHandler()
        handler.setFormatter(logging.Formatter("%(levelname)s:     %(name)s: %(message)s"))
        root.addHandler(handler)
    handlers = list(root.handlers)
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access"):
        handlers += logging.getLogger(name).handlers
    for h in handlers:
        if limiter not in h.filters:
            h.addFilter(limiter)
    return limiter
