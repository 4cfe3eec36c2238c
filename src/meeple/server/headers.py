"""Security headers on every HTTP answer (pages, API, assets, refusals).

The page is built from its own files only: scripts and styles from /static,
no inline script, no eval, no plug-ins, never inside another site's frame. Its
elements carry style attributes (bar widths, colour variables), so inline
*attributes* are allowed where a browser knows `style-src-elem` (a <style>
element still must come from this site). The socket is on this same host:
`connect-src` names ws:/wss: of the request's host, as 'self' does not cover
them in every browser. The favicon is a data: image.
"""

from __future__ import annotations

import re

# a Host header as a browser sends it: name or address, optional port; anything
# else (a client's junk) gets no socket source rather than a broken policy
_HOST = re.compile(r"^[A-Za-z0-9.\-]+(:\d{1,5})?$|^\[[0-9A-Fa-f:.]+\](:\d{1,5})?$")

POLICY = (
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self' 'unsafe-inline'",
    "style-src-elem 'self'",
    "img-src 'self' data:",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "frame-ancestors 'none'",
)
FIXED = [(b"x-frame-options", b"DENY"), (b"x-content-type-options", b"nosniff"), (b"referrer-policy", b"same-origin")]


def policy(host: str | None) -> str:
    """The Content-Security-Policy for a request to `host`."""
    connect = "connect-src 'self'"
    if host and _HOST.match(host):
        connect += f" ws://{host} wss://{host}"
    return "; ".join((*POLICY, connect))


class SecurityHeaders:
    """Pure ASGI middleware: adds the headers to every HTTP response start."""

    def __init__(self, app) -> None:
        self.app = app

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        host = next((v.decode("latin-1") for k, v in scope.get("headers", ()) if k == b"host"), None)
        csp = (b"content-security-policy", policy(host).encode("latin-1"))

        async def with_headers(msg):
            if msg["type"] == "http.response.start":
                names = {k.lower() for k, _ in msg.get("headers", ())}
                extra = [h for h in (csp, *FIXED) if h[0] not in names]
                msg = {**msg, "headers": [*msg.get("headers", ()), *extra]}
            await send(msg)

        return await self.app(scope, receive, with_headers)
