"""Slow requests in the cluster's layout (docs/deploy.md): the balancer holds
at most 100 connections of one source and closes a request whose headers have
not arrived in 10 s, while another source is served (issue 34, finding 2)."""

from __future__ import annotations

import socket
import time

import httpx


def _slow(port: int) -> socket.socket | None:
    """A connection from 127.0.0.2 that sends a request line and one header, then nothing."""
    try:
        s = socket.create_connection(("127.0.0.1", port), source_address=("127.0.0.2", 0), timeout=5)
        s.sendall(b"GET /api/health HTTP/1.1\r\nHost: x\r\n")
    except OSError:
        return None
    return s


def _closed(s: socket.socket) -> bool:
    """Does the balancer close it (within 30 s)? Reads whatever it answers first."""
    s.settimeout(30)
    try:
        while s.recv(4096):
            pass
        return True
    except TimeoutError:
        return False
    except OSError:  # reset: closed too
        return True


def test_the_balancer_caps_slow_connections_per_source_and_closes_them(cluster_factory):
    c = cluster_factory(1)
    socks = [_slow(c.port) for _ in range(150)]
    held = [s for s in socks if s is not None]
    time.sleep(0.5)
    # another source is served at once
    honest = httpx.Client(transport=httpx.HTTPTransport(local_address="127.0.0.3"), timeout=10)
    assert honest.get(c.url + "/api/health").status_code == 200
    # over the cap, HAProxy closed the connections of 127.0.0.2 as soon as they came
    refused = 0
    for s in held:
        s.setblocking(False)
        try:
            if s.recv(1) == b"":
                refused += 1
        except BlockingIOError:
            pass
        except OSError:
            refused += 1
        s.setblocking(True)
    assert refused > 0 and len(held) - refused <= 100, (len(held), refused)
    # and every held one is closed once its 10 s are up
    assert all(_closed(s) for s in held)
    for s in held:
        s.close()
    assert honest.get(c.url + "/api/health").status_code == 200
    honest.close()
