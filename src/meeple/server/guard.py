"""The door of every HTTP request (pure ASGI middleware): request bodies are
capped, and API writes are budgeted per client address and, for a logged-in
person, per account (whatever the address); reads (GET, HEAD) per address
too, and replays, the costly read, apart. A read refused closes its
connection: a client looping on a kept-alive connection has to connect again,
within its connection cap."""

from __future__ import annotations

import json

from meeple.server.accounts import SessionAccounts
from meeple.server.limits import Limiter, client_address

MAX_BODY = 16 * 1024  # bytes of an HTTP request body
WRITES = ("POST", "PUT", "PATCH", "DELETE")


class _TooLarge(Exception):
    pass


async def reject(send, status: int, message: str, close: bool = False) -> None:
    body = json.dumps({"error": message}).encode()
    headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    if close:
        headers.append((b"connection", b"close"))
    await send({"type": "http.response.start", "status": status, "headers": headers})
    await send({"type": "http.response.body", "body": body})


class Guard:
    def __init__(
        self, app, limiter: Limiter, max_body: int = MAX_BODY, accounts: SessionAccounts | None = None
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.limiter = limiter
        self.accounts = accounts

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if scope["method"] in ("GET", "HEAD"):
            address = client_address(scope)
            if not self.limiter.allow_here("reads", address):
                return await reject(send, 429, "too many requests from your address: slow down", close=True)
            costly = scope["path"].endswith(("/replay", "/chat"))  # a replay; up to 200 chat messages
            if costly and not self.limiter.allow_here("replays", address):
                return await reject(send, 429, "too many replay or chat reads from your address: slow down", True)
        elif scope["method"] in WRITES:
            if not await self.limiter.allow("writes", client_address(scope)):
                return await reject(send, 429, "too many requests from your address: slow down")
            account = await self.accounts.of(scope) if self.accounts else None
            if account is not None and not await self.limiter.allow("writes", "account " + account):
                return await reject(send, 429, "too many requests from your account: slow down")
        for k, v in scope.get("headers", ()):
            if k == b"content-length":
                try:
                    if int(v) > self.max_body:
                        return await reject(send, 413, f"request body over {self.max_body} bytes")
                except ValueError:
                    return await reject(send, 400, "bad content-length")
        total = 0
        started = False

        async def limited():
            nonlocal total
            msg = await receive()
            if msg["type"] == "http.request":
                total += len(msg.get("body", b""))
                if total > self.max_body:
                    raise _TooLarge
            return msg

        async def tracking_send(msg):
            nonlocal started
            if msg["type"] == "http.response.start":
                started = True
            await send(msg)

        try:
            await self.app(scope, limited, tracking_send)
        except _TooLarge:
            if not started:
                await reject(send, 413, f"request body over {self.max_body} bytes")
