"""The websocket's sender (game_socket._sender): a socket that can no longer
be sent its table's views is closed, so that its page reconnects and catches
up, never left open showing a table that stopped moving."""

from __future__ import annotations

import asyncio
from types import SimpleNamespace

from meeple.server.game_socket import _sender
from meeple.server.hub import Conn, Hub


class FakeSocket:
    def __init__(self) -> None:
        self.sent: list[str] = []
        self.closed: list[int] = []

    async def send_text(self, text: str) -> None:
        self.sent.append(text)

    async def close(self, code: int = 1000, reason: str = "") -> None:
        self.closed.append(code)


class FailingViews:
    """A service whose view of the table fails (any bug in building it)."""

    async def get(self, game_id: str, fresh: bool = True):
        return SimpleNamespace(id=game_id)

    def view(self, g, seat, events_from, moves_from):
        raise KeyError("a view that cannot be built")


def test_a_socket_whose_view_fails_is_closed_for_its_page_to_reconnect():
    async def run() -> FakeSocket:
        hub = Hub()
        ws = FakeSocket()
        conn = Conn(ws, "t1", 0, "10.0.0.1")
        hub.add(conn)  # a view is due
        await asyncio.wait_for(_sender(SimpleNamespace(hub=hub), FailingViews(), conn), 30)
        return ws

    ws = asyncio.run(run())
    assert ws.sent == [] and ws.closed == [1011]


def test_a_dropped_socket_s_sender_ends_quietly():
    async def run() -> FakeSocket:
        hub = Hub()
        ws = FakeSocket()
        conn = Conn(ws, "t1", 0, "10.0.0.1")
        hub.add(conn)
        conn.drop("test")
        await asyncio.wait_for(_sender(SimpleNamespace(hub=hub), FailingViews(), conn), 30)
        await asyncio.sleep(0)
        return ws

    ws = asyncio.run(run())
    assert ws.closed == [1008]  # the drop's close only
