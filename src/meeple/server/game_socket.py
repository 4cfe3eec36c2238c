"""A table's websocket: `WS /api/games/{id}/ws?seat=&token=`.

Views are pushed after every change (hub.py); moves, undo requests and
answers come in. A seat with its token always connects (its oldest tabs
beyond the cap are closed); spectators are capped per table and per client
address. Messages are size-checked and budgeted per socket and per address;
three refusals in a row close the socket.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import time

from fastapi import APIRouter, WebSocket, WebSocketDisconnect
from sqlalchemy.exc import SQLAlchemyError

from meeple.server.errors import ApiError
from meeple.server.hub import Conn
from meeple.server.jsonio import dumps
from meeple.server.limits import client_address
from meeple.server.presence import PresenceDown
from meeple.server.runtime import Runtime, runtime
from meeple.server.service import GameService

log = logging.getLogger("meeple.server")
router = APIRouter()

MAX_WS_MESSAGE = 4 * 1024  # characters of one websocket message


@router.websocket("/api/games/{game_id}/ws")
async def game_ws(ws: WebSocket, game_id: str):
    rt = runtime(ws)
    service = rt.service
    hub, limits = rt.hub, rt.limits
    # the page sends the token as a subprotocol "token.<token>" (kept out of
    # URLs and so out of browser consoles); other clients may use ?token=
    offered = ws.scope.get("subprotocols") or []
    q = ws.query_params
    token = next((p[len("token.") :] for p in offered if p.startswith("token.")), q.get("token"))
    address = client_address(ws)
    if token is None and not rt.limiter.allow_here("ws-connect", address):
        # a spectator's connect over its address's budget is refused before the
        # handshake (HTTP 403): it costs no view and nobody hears of it
        await ws.close(code=1013, reason="too many connections from your address: slow down")
        return
    # a seat's connects (token in hand) per address: each is a whole view built and sent, and
    # closes the seat's oldest tab past its cap; unbudgeted, one address reconnected ~100 times a second
    if token is not None and not rt.limiter.allow_here("seat-connect", address):
        await ws.close(code=1013, reason="too many connections from your address: slow down")
        return
    await ws.accept(subprotocol="meeple" if "meeple" in offered else None)
    try:
        g = await service.get(game_id)
        seat = None
        if "seat" in q or token is not None:
            try:
                s = int(q.get("seat", ""))
            except ValueError:
                raise ApiError(400, "seat must be a number") from None
            seat = service.auth(g, s, token)
    except SQLAlchemyError as db_error:
        e = ApiError(503, f"the database is unreachable or failing; try again in a moment ({type(db_error).__name__})")
        await ws.send_text(dumps({"type": "error", "status": e.status, "error": e.message}))
        await ws.close(code=1013, reason=e.message[:120])
        return
    except ApiError as e:
        if token is not None:  # a wrong key counts as a connect of the address
            rt.limiter.allow_here("ws-connect", address)
        await ws.send_text(dumps({"type": "error", "status": e.status, "error": e.message}))
        await ws.close(code=4000 + e.status, reason=e.message[:120])
        return
    conn = Conn(ws, game_id, seat, address)
    status, refused = 429, await _admit(rt, game_id, seat, address)
    if not refused and rt.presence is not None:
        try:
            refused = await rt.presence.admit(conn, limits.spectators_per_table, limits.sockets_per_client)
        except PresenceDown as e:
            status, refused = 503, str(e)
    if refused:
        await ws.send_text(dumps({"type": "error", "status": status, "error": refused}))
        await ws.close(code=1013, reason=refused[:120])
        return
    hub.add(conn)
    if seat is None:
        rt.spectator_sockets.add(address)
    hub.presence_changed(game_id)  # the others hear who is online (debounced, small)
    sender = asyncio.get_running_loop().create_task(_sender(rt, service, conn))
    try:
        while True:
            msg = await ws.receive()
            if msg["type"] == "websocket.disconnect" or conn.dropped:
                break
            text = msg.get("text")
            if text is None:  # a binary frame: read it as text, it fails as JSON if it is not
                text = (msg.get("bytes") or b"").decode("utf-8", "replace")
            reply = await _handle(rt, service, conn, text)
            if reply is not None:
                await conn.send_text(dumps(reply))
            if conn.strikes >= 3:
                await ws.close(code=1008, reason="too many bad or too fast messages")
                break
    except WebSocketDisconnect:
        pass
    except RuntimeError:  # the socket closed under us
        pass
    except ConnectionError:  # dropped: its client did not read (hub.Conn.drop)
        pass
    finally:
        hub.remove(conn)
        if rt.presence is not None:
            rt.presence.closed(conn)
        if seat is None:
            rt.spectator_sockets.remove(address)
        sender.cancel()
        hub.presence_changed(game_id)


async def _admit(rt: Runtime, game_id: str, seat: int | None, address: str) -> str | None:
    """Why a socket may not open (None: it may). A seat with its token always
    connects; its oldest tabs beyond `sockets_per_seat` are closed. Spectators
    have their own cap per table and per client address."""
    hub, limits = rt.hub, rt.limits
    if seat is not None:
        tabs = hub.seat_conns(game_id, seat)
        for old in tabs[: max(0, len(tabs) - limits.sockets_per_seat + 1)]:
            hub.remove(old)
            with contextlib.suppress(RuntimeError):
                await old.ws.close(code=4409, reason="this seat was opened in another tab")
        return None
    if hub.spectators(game_id) >= limits.spectators_per_table:
        return f"this table has its {limits.spectators_per_table} spectators: try again later"
    if rt.spectator_sockets.by_address[address] >= limits.sockets_per_client:
        return f"too many connections from your address (at most {limits.sockets_per_client})"
    return None


async def _sender(rt: Runtime, service: GameService, conn: Conn) -> None:
    try:
        while True:
            await conn.wake.wait()
            conn.wake.clear()
            await conn.flush()  # chat, seats, rematch pushed to it (bounded: hub.Conn.push)
            if conn.dropped:
                return
            view_due, presence_due = conn.view_due, conn.presence_due
            conn.view_due = conn.presence_due = False
            if not view_due and not presence_due:  # only pushed messages: no view to build
                continue
            if presence_due and not view_due:  # who is online changed, nothing else
                online = sorted(s for s in rt.hub.online(conn.game_id) if s is not None)
                if online != conn.online_told:
                    conn.online_told = online
                    await conn.send_text(dumps({"type": "presence", "online": online}))
                continue
            g = await service.get(conn.game_id, fresh=False)
            payload = service.view(g, conn.seat, conn.events_sent, conn.moves_sent)
            payload["type"] = "view"
            payload["online"] = conn.online_told = sorted(s for s in rt.hub.online(g.id) if s is not None)
            conn.events_sent = payload["events_from"] + len(payload["events"])
            conn.moves_sent = payload["moves_from"] + len(payload["moves"])
            await conn.send_text(dumps(payload))
    except asyncio.CancelledError:
        pass
    except (OSError, RuntimeError, WebSocketDisconnect):  # closed or dropped: it ends, nothing else
        log.debug("sender ended", exc_info=True)
    except Exception:  # noqa: BLE001 - a socket that gets no more views must not stay open
        # its page would show a table that stopped moving, for good; closed, it
        # reconnects and gets the whole latest view
        log.warning("a websocket's views failed (table %s): closing it", conn.game_id, exc_info=True)
        with contextlib.suppress(Exception):  # already gone
            await conn.ws.close(code=1011, reason="the server failed to send this table: reconnecting")


async def _handle(rt: Runtime, service: GameService, conn: Conn, text: str) -> dict | None:
    if not rt.limiter.allow_here("ws-socket", conn.serial) or not await rt.limiter.allow("ws", conn.address):
        conn.strikes += 1
        return {"type": "error", "status": 429, "error": "too many messages: slow down"}
    if len(text) > MAX_WS_MESSAGE:
        conn.strikes += 1
        return {"type": "error", "status": 413, "error": f"message over {MAX_WS_MESSAGE} characters"}
    try:
        msg = json.loads(text)
    except (ValueError, RecursionError):  # RecursionError: nested deeper than the parser goes
        conn.strikes += 1
        return {"type": "error", "status": 400, "error": "messages are JSON objects"}
    if not isinstance(msg, dict):
        conn.strikes += 1
        return {"type": "error", "status": 400, "error": "messages are JSON objects"}
    kind = msg.get("type")
    rid = msg.get("id")
    t0 = time.perf_counter()
    try:
        if kind == "ping":
            return {"type": "pong", "id": rid}
        if kind not in ("move", "undo", "undo_answer"):
            raise ApiError(400, "type must be 'move', 'undo', 'undo_answer' or 'ping'")
        if conn.seat is None:
            raise ApiError(403, "spectators cannot move")
        g = await service.get(conn.game_id, fresh=False)
        if kind == "move":
            ply = msg.get("ply")
            if ply is not None and (not isinstance(ply, int) or isinstance(ply, bool)):
                raise ApiError(400, "ply must be a number")
            out = await service.submit(g, conn.seat, msg.get("move"), ply)
        elif kind == "undo":
            out = (await service.ask_undo(g, conn.seat))[1]
        else:
            out = await service.answer_undo(g, conn.seat, msg.get("approve"))
        conn.strikes = 0
        return {"type": "ack", "id": rid, **out, "ms": round((time.perf_counter() - t0) * 1000, 2)}
    except ApiError as e:
        return {"type": "error", "id": rid, "status": e.status, "error": e.message}
    except SQLAlchemyError as e:
        return {
            "type": "error",
            "id": rid,
            "status": 503,
            "error": f"the database is unreachable or failing; try again in a moment ({type(e).__name__})",
        }
