"""The ASGI app: `create_app(db_url)` (FastAPI). OpenAPI docs at /docs.

    POST /api/games                      create a game -> 201 {id, seats[{seat, kind, token}]}
    GET  /api/games                      recent games (for the lobby)
    GET  /api/games/{id}?seat=&token=    a seat's view (no seat: the spectator's)
    POST /api/games/{id}/moves           {seat, token, move, ply?}
    POST /api/games/{id}/undo            {seat, token} -> 200 undone (bots only) | 202 asked
    POST /api/games/{id}/undo/answer     {seat, token, approve}: the others' consent
    GET  /api/games/{id}/log             the moves (the seed once finished)
    GET  /api/games/{id}/replay?ply=N    a finished game after N moves
    WS   /api/games/{id}/ws?seat=&token= views pushed after every move; moves in

People (accounts, names, public tables, chat, rematch, clocks): people.py and
the routers it lists.
The advisor (hints, analysis of finished games): advice.py.
"""

from __future__ import annotations

import asyncio
import gc
import json
import logging
import time
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path
from typing import Any, Literal

from fastapi import FastAPI, Query, Request, WebSocket, WebSocketDisconnect
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse, Response
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from meeple.games import GAMES
from meeple.server import advice, expiry, language, lobby, reads, resign, rules
from meeple.server.accounts import SessionAccounts, current_user
from meeple.server.people import attach as attach_people, routers as people_routers
from meeple.server.hub import Conn, Hub
from meeple.server.limits import Buckets, ClientAddresses, Limits, SharedBuckets, Sockets, TableQuota
from meeple.server.pages import Assets, Pages
from meeple.server.presence import Presence, PresenceDown, SharedTableQuota
from meeple.server.service import MAX_SEED, ApiError, GameService, dumps
from meeple.server.storage import Storage
from meeple.server.fairshare import creator_key
from meeple.server.workers import bot_pool

log = logging.getLogger("meeple.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
MAX_BODY = 16 * 1024  # bytes of an HTTP request body
MAX_WS_MESSAGE = 4 * 1024  # characters of one websocket message
GZIP_LEVEL = 3  # responses over 1 KB, for clients that take gzip


def _json(obj, status: int = 200) -> Response:
    """Serialize with the json module directly (FastAPI's encoder is slow on big views)."""
    return Response(dumps(obj), status_code=status, media_type="application/json")


# ------------------------------------------------------------------ bodies
class CreateGame(BaseModel):
    model_config = ConfigDict(extra="forbid")
    game: Literal[tuple(GAMES)] = "ethnos"  # type: ignore[valid-type]
    players: int = Field(ge=2, le=6)
    seats: list[str] = Field(
        min_length=2, max_length=6, description="'human' or 'bot:<level>' per seat, e.g. bot:ismcts:1s, bot:easy"
    )
    seed: int | None = Field(
        default=None, ge=0, le=MAX_SEED, description="only with open_seed: a chosen seed decides every card"
    )
    open_seed: bool = Field(
        default=False,
        description="allow a chosen seed; the table then shows everyone that its seed is open, and the seed",
    )
    options: dict[str, Any] | None = Field(
        default=None,
        description="the game's options, by the schema GET /api/meta gives for each game "
        "(`options`); an option the game does not have, or a bad value, gets 400",
    )
    table: lobby.TableSetup | None = Field(default=None, description="public or private, the creator's seat and name")
    hints: bool | None = Field(
        default=None,
        description="the advisor's hints at this table, agreed by "
        "everyone seated (default: on when exactly one seat is human)",
    )


class MoveBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=5)
    token: str = Field(max_length=128)
    move: str = Field(max_length=512, description="a MOVE string of SPEC.md")
    ply: int | None = Field(default=None, ge=0, description="the ply this move answers (stale moves get 409)")


class UndoBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=5)
    token: str = Field(max_length=128)


class UndoAnswer(UndoBody):
    approve: bool = Field(strict=True, description="true: take the move back; false: decline for good")


# -------------------------------------------------------------- middleware
class _TooLarge(Exception):
    pass


async def _allowed(buckets, key: str) -> bool:
    """A node's own buckets answer at once; a cluster's shared ones ask Redis."""
    allowed = buckets.allow(key)
    return (await allowed) if not isinstance(allowed, bool) else allowed


class Guard:
    """Pure ASGI: caps request bodies and rate-limits API writes per client
    address and, for a logged-in person, per account (whatever the address);
    reads (GET, HEAD) per address too, and replays, the costly read, apart.
    A read refused closes its connection: a client looping on a kept-alive
    connection has to connect again, within its connection cap."""

    def __init__(
        self,
        app,
        addresses: ClientAddresses,
        buckets: Buckets | SharedBuckets,
        max_body: int = MAX_BODY,
        accounts: SessionAccounts | None = None,
        reads: Buckets | None = None,
        replays: Buckets | None = None,
    ) -> None:
        self.app = app
        self.max_body = max_body
        self.addresses = addresses
        self.buckets = buckets
        self.accounts = accounts
        self.reads = reads
        self.replays = replays

    async def _reject(self, send, status: int, message: str, close: bool = False) -> None:
        body = json.dumps({"error": message}).encode()
        headers = [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
        if close:
            headers.append((b"connection", b"close"))
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": body})

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return await self.app(scope, receive, send)
        if scope["method"] in ("GET", "HEAD") and self.reads is not None:
            address = self.addresses.of(scope)
            if not self.reads.allow(address):
                return await self._reject(send, 429, "too many requests from your address: slow down", close=True)
            costly = scope["path"].endswith(("/replay", "/chat"))  # a replay; up to 200 chat messages
            if self.replays is not None and costly and not self.replays.allow(address):
                return await self._reject(send, 429, "too many replay or chat reads from your address: slow down", True)
        elif scope["method"] in ("POST", "PUT", "PATCH", "DELETE"):
            if not await _allowed(self.buckets, self.addresses.of(scope)):
                return await self._reject(send, 429, "too many requests from your address: slow down")
            account = await self.accounts.of(scope) if self.accounts else None
            if account is not None and not await _allowed(self.buckets, "account " + account):
                return await self._reject(send, 429, "too many requests from your account: slow down")
        for k, v in scope.get("headers", ()):
            if k == b"content-length":
                try:
                    if int(v) > self.max_body:
                        return await self._reject(send, 413, f"request body over {self.max_body} bytes")
                except ValueError:
                    return await self._reject(send, 400, "bad content-length")
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
                await self._reject(send, 413, f"request body over {self.max_body} bytes")


# ---------------------------------------------------------------------- app
async def _gc_loop(young_every: float = 1.0, full_every: float = 120.0) -> None:
    """Keep the cycle collector's pauses short.

    Live games are many small long-lived objects (move and event lists); the
    automatic collector rescans all of them in its full collections (about
    150 ms with 200 games early in play, more later), stalling every game. Here
    the young generations are collected every second, and every two minutes a
    full collection runs and then freezes the survivors (gc.freeze), so the next
    full collection only scans what was allocated since. Frozen objects are still
    freed by reference counting when released.
    """
    gc.collect()
    gc.freeze()
    gc.disable()
    last_full = time.monotonic()
    while True:
        await asyncio.sleep(young_every)
        gc.collect(1)
        if time.monotonic() - last_full >= full_every:
            gc.collect()
            gc.freeze()
            last_full = time.monotonic()


def create_app(
    db_url: str | None = None,
    *,
    bot_workers: int | None = None,
    bot_delay: float = 0.0,
    bots: bool = True,
    sqlite_sync: str = "FULL",
    limits: Limits | None = None,
    http_rate: tuple[float, float] | None = None,
    ws_rate: tuple[float, float] | None = None,
    tune_gc: bool = True,
    bus_url: str | None = None,
    read_rate: tuple[float, float] | None = None,
) -> FastAPI:
    """`limits` are the operator's limits; `http_rate`/`ws_rate` override their
    (rate, burst) pairs, `read_rate` those of every read budget (tests). `bus_url` (redis://...) makes this process a node of a
    cluster on a PostgreSQL `db_url` (docs/deploy.md)."""
    if bus_url is not None and not Storage.is_postgres_url(db_url):
        raise ValueError(
            "a cluster (--bus) needs a database every node shares: --db postgresql://...; SQLite is one process's file"
        )
    limits = limits or Limits()
    if http_rate is not None:
        limits = replace(limits, http_rate=http_rate[0], http_burst=http_rate[1])
    if ws_rate is not None:
        limits = replace(limits, ws_rate=ws_rate[0], ws_burst=ws_rate[1])
    if read_rate is not None:  # every read budget: GETs, replays, spectator connects
        r, b = read_rate
        limits = replace(
            limits,
            read_rate=r,
            read_burst=b,
            replay_rate=r,
            replay_burst=b,
            ws_connect_rate=r,
            ws_connect_burst=b,
            seat_connect_rate=r,
            seat_connect_burst=b,
            lobby_rate=r,
            lobby_burst=b,
        )
    hub = Hub()
    replays = reads.Replays()
    state: dict = {}
    addresses = ClientAddresses(limits.trusted_proxies)
    spectator_sockets = Sockets()
    connects = Buckets(limits.ws_connect_rate, limits.ws_connect_burst)  # websocket connects per address
    # a seat's connects (token in hand) per address: each is a whole view built and sent, and
    # closes the seat's oldest tab past its cap; unbudgeted, one address reconnected ~100 times a second
    seat_connects = Buckets(limits.seat_connect_rate, limits.seat_connect_burst)
    # the lobby's listing reads the storage thread that commits every move (8-50 ms with 30,000 tables)
    lobby_reads = Buckets(limits.lobby_rate, limits.lobby_burst)
    tables = TableQuota(limits)
    # in a cluster, what one client holds is counted in Redis for every node
    # (presence.py): its websocket messages, sockets and tables, and who is online
    presence: Presence | None = None
    shared_tables: SharedTableQuota | None = None
    ws_buckets: Buckets | SharedBuckets = Buckets(limits.ws_rate, limits.ws_burst)
    if bus_url is not None:
        presence = Presence(bus_url, db_url or "", hub)
        shared_tables = SharedTableQuota(bus_url, limits, db_url or "")
        ws_buckets = SharedBuckets(bus_url, limits.ws_rate, limits.ws_burst, cluster=db_url or "", purpose="ws")
    # API writes: per node, or in a cluster shared by every node (in Redis)
    write_buckets = (
        SharedBuckets(bus_url, limits.http_rate, limits.http_burst, cluster=db_url or "")
        if bus_url is not None
        else Buckets(limits.http_rate, limits.http_burst)
    )

    @asynccontextmanager
    async def lifespan(app: FastAPI):
        storage = Storage(db_url, sqlite_sync=sqlite_sync)
        pool = (
            bot_pool(
                bot_workers,
                limits.bot_max_seconds,
                bus=bus_url,
                db=storage.url if bus_url else None,
                seconds_per_creator=limits.bot_seconds_per_creator,
            )
            if bots
            else None
        )
        bus = None
        if bus_url is not None:
            from meeple.server.bus import Bus

            assert presence is not None  # made with the bus, above

            def heard(msg: dict):
                assert presence is not None
                if msg.get("k") == "online":
                    return presence.heard(msg)
                return state["service"].on_bus(msg)

            bus = Bus(bus_url, storage.url, heard, lambda: state["service"].catch_up())
            presence.node, presence.publish = bus.node, bus.publish
        service = GameService(
            storage,
            pool,
            bot_delay=bot_delay,
            notify=hub.notify,
            bus=bus,
            bot_tables_per_creator=limits.bot_tables_per_creator,
            bot_tables_kept=limits.bot_tables_kept,
        )
        state["service"] = service
        if bus is not None:
            assert presence is not None
            bus.start()
            presence.start()
            for _ in range(50):  # up to 5 s for Redis; moves answer 503 until it is there
                if bus.up:
                    break
                await asyncio.sleep(0.1)
        with storage.schema_lock():  # the people's tables, one node at a time
            people = attach_people(app, service, hub)
        app.state.service = service
        app.state.presence = presence
        if presence is not None:
            presence.on_left = people.clocks.socket_closed
        app.state.hub = hub
        app.state.limits = limits
        await expiry.sweep(service, limits.idle_days)  # before the bots of idle tables resume
        await service.start()
        loop = asyncio.get_running_loop()
        tasks = [loop.create_task(expiry.sweep_loop(service, limits.idle_days))]
        if tune_gc:
            tasks.append(loop.create_task(_gc_loop()))
        try:
            yield
        finally:
            for t in tasks:
                t.cancel()
            if tune_gc:
                gc.enable()
                gc.unfreeze()
            await people.close()
            await service.stop()
            if bus is not None:
                await bus.close()
            if isinstance(write_buckets, SharedBuckets):
                await write_buckets.close()
            if presence is not None:
                await presence.close()
            if shared_tables is not None:
                await shared_tables.close()
            if isinstance(ws_buckets, SharedBuckets):
                await ws_buckets.close()
            await asyncio.get_running_loop().run_in_executor(None, replays.close)
            if pool is not None:
                await asyncio.get_running_loop().run_in_executor(None, pool.close)
            storage.close()

    # no /docs or /redoc: their pages load scripts from a CDN; /openapi.json stays
    app = FastAPI(
        title="meeple",
        version="0.1.0",
        lifespan=lifespan,
        docs_url=None,
        redoc_url=None,
        description="Play Ethnos, The Old King's Crown and Anunnaki in the browser: "
        "games, seats, moves, views, replays.",
    )

    def svc() -> GameService:
        return state["service"]

    @app.exception_handler(ApiError)
    async def _api_error(_req: Request, exc: ApiError):
        return JSONResponse({"error": exc.message}, status_code=exc.status)

    @app.exception_handler(SQLAlchemyError)
    async def _db_down(_req: Request, exc: SQLAlchemyError):
        log.warning("database error: %s", exc)
        return JSONResponse(
            {"error": f"the database is unreachable or failing; try again in a moment ({type(exc).__name__})"},
            status_code=503,
        )

    @app.exception_handler(PresenceDown)
    async def _redis_down(_req: Request, exc: PresenceDown):
        return JSONResponse({"error": str(exc)}, status_code=503)

    @app.exception_handler(RequestValidationError)
    async def _bad_body(_req: Request, exc: RequestValidationError):
        parts = []
        for e in exc.errors()[:5]:
            where = ".".join(str(x) for x in e.get("loc", ()) if x != "body")
            parts.append(f"{where or 'body'}: {e.get('msg')}")
        return JSONResponse({"error": "bad request: " + "; ".join(parts)}, status_code=422)

    # ------------------------------------------------------------- API
    @app.post("/api/games", status_code=201, tags=["games"])
    async def create_game(body: CreateGame, request: Request):
        service = svc()
        creators = {addresses.of(request.scope): "your address"}
        user = await current_user(request)
        if user is not None:
            creators[f"account:{user.id}"] = "your account"
        if shared_tables is not None:
            refused = await shared_tables.check(creators, statuses)
        else:
            refused = tables.check(creators, lambda t: t in service.live)
        if refused:
            raise ApiError(429, refused)
        opts = body.options or {}
        creator = creator_key(user.id if user is not None else None, addresses.of(request.scope))
        g, seats = await service.create(
            body.game, body.players, body.seats, body.seed, opts, body.hints, open_seed=body.open_seed, creator=creator
        )
        if shared_tables is not None:
            await shared_tables.add(creators, g.id)
        else:
            tables.add(creators, g.id)
        seats = await lobby.set_up(request, g, seats, body.table)
        return _json({"id": g.id, "seats": seats}, 201)

    async def statuses(ids: list[str]) -> dict[str, str]:
        service = svc()
        return {t: head[1] for t, head in (await service._db(service.storage.heads, ids)).items()}

    @app.get("/api/games", tags=["games"])
    async def list_games(request: Request, limit: int = Query(default=30, ge=1, le=200)):
        service = svc()
        if not lobby_reads.allow(addresses.of(request.scope)):
            raise ApiError(429, "too many lobby listings from your address: slow down")
        return _json({"games": await service._db(service.storage.recent, limit, lobby.PUBLIC)})

    @app.get("/api/games/{game_id}", tags=["games"])
    async def get_game(
        game_id: str,
        seat: int | None = Query(default=None, ge=0, le=5),
        token: str | None = Query(default=None, max_length=128),
        events_from: int = Query(default=0, ge=0, description="skip the log's first N events"),
    ):
        service = svc()
        g = await service.get(game_id)
        viewer = None
        if seat is not None or token is not None:
            viewer = service.auth(g, seat, token)
        out = service.view(g, viewer, events_from)
        online = hub.online(g.id)
        if presence is not None:
            try:
                online = await presence.online(g.id)
            except PresenceDown:  # reads go on while Redis is away: this node's sockets
                pass
        out["online"] = sorted(s for s in online if s is not None)
        return _json(out)

    @app.post("/api/games/{game_id}/moves", tags=["games"])
    async def post_move(game_id: str, body: MoveBody):
        service = svc()
        g = await service.get(game_id)
        seat = service.auth(g, body.seat, body.token)
        return _json(await service.submit(g, seat, body.move, body.ply))

    @app.post("/api/games/{game_id}/undo", tags=["games"])
    async def post_undo(game_id: str, body: UndoBody):
        service = svc()
        g = await service.get(game_id)
        seat = service.auth(g, body.seat, body.token)
        status, out = await service.ask_undo(g, seat)
        return _json(out, status)

    @app.post("/api/games/{game_id}/undo/answer", tags=["games"])
    async def post_undo_answer(game_id: str, body: UndoAnswer):
        service = svc()
        g = await service.get(game_id)
        seat = service.auth(g, body.seat, body.token)
        return _json(await service.answer_undo(g, seat, body.approve))

    @app.get("/api/games/{game_id}/log", tags=["games"])
    async def get_log(game_id: str):
        service = svc()
        return _json(service.move_log(await service.get(game_id)))

    @app.get("/api/games/{game_id}/replay", tags=["games"])
    async def get_replay(request: Request, game_id: str, ply: int = Query(default=0, ge=0, le=100_000)):
        service = svc()
        g = await service.get(game_id)
        service.check_replay(g, ply)
        try:
            body, zipped = await replays.get(g, ply, addresses.of(request.scope))
        except reads.Busy as e:
            raise ApiError(e.status, e.message) from None
        except ApiError:
            raise
        except Exception:  # noqa: BLE001 - said in words; the log has the cause
            log.warning("replay of %s at ply %d failed", game_id, ply, exc_info=True)
            raise ApiError(500, f"game {game_id} cannot be replayed at move {ply}") from None
        if "gzip" in request.headers.get("accept-encoding", ""):  # the GZip middleware leaves it as it is
            return Response(
                zipped, media_type="application/json", headers={"content-encoding": "gzip", "vary": "Accept-Encoding"}
            )
        return Response(body, media_type="application/json")

    @app.get("/api/meta", tags=["server"])
    async def meta():
        # each game's spec (name, player counts, the options schema the lobby
        # form is drawn from) and what its presenter adds for the table
        return {
            "games": {
                name: dict(
                    spec.presenter.meta(),
                    name=spec.title,
                    min_players=spec.min_players,
                    max_players=spec.max_players,
                    options=spec.options_json(),
                )
                for name, spec in GAMES.items()
            }
        }

    @app.get("/api/health", tags=["server"])
    async def health():
        service = svc()
        pool = service.pool
        bus = service.bus
        return {
            "ok": True,
            "live_games": len(service.live),
            "connections": hub.count(),
            **({"node": service.node, "bus": "up" if bus.up else bus.reason, **bus.stats} if bus else {}),
            "bot_decisions_waiting": pool.waiting() if pool else 0,
            "bot_longest_wait_s": round(pool.longest["wait"], 3) if pool else 0,
            "bot_longest_think_s": round(pool.longest["think"], 3) if pool else 0,
            **service.stats,
            **replays.stats,
            "presence_messages": hub.presence_sent,
            "slow_sockets_dropped": hub.slow_dropped,
            **(getattr(app.state, "connections", None) and app.state.connections.stats or {}),
        }

    @app.get("/api/ready", tags=["server"])
    async def ready():
        """200 when this node can take moves: its database answers and, in a
        cluster, its message bus; else 503 with the reason."""
        service = svc()
        if service.bus is not None and not service.bus.up:
            return _json({"ok": False, "error": f"the message bus (Redis) is unreachable: {service.bus.reason}"}, 503)
        await service._db(service.storage.ping)
        return _json({"ok": True})

    # --------------------------------------------------------- websocket
    @app.websocket("/api/games/{game_id}/ws")
    async def game_ws(ws: WebSocket, game_id: str):
        service = svc()
        # the page sends the token as a subprotocol "token.<token>" (kept out of
        # URLs and so out of browser consoles); other clients may use ?token=
        offered = ws.scope.get("subprotocols") or []
        q = ws.query_params
        token = next((p[len("token.") :] for p in offered if p.startswith("token.")), q.get("token"))
        if token is None and not connects.allow(addresses.of(ws.scope)):
            # a spectator's connect over its address's budget is refused before the
            # handshake (HTTP 403): it costs no view and nobody hears of it
            await ws.close(code=1013, reason="too many connections from your address: slow down")
            return
        if token is not None and not seat_connects.allow(addresses.of(ws.scope)):
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
            e = ApiError(
                503, f"the database is unreachable or failing; try again in a moment ({type(db_error).__name__})"
            )
            await ws.send_text(dumps({"type": "error", "status": e.status, "error": e.message}))
            await ws.close(code=1013, reason=e.message[:120])
            return
        except ApiError as e:
            if token is not None:  # a wrong key counts as a connect of the address
                connects.allow(addresses.of(ws.scope))
            await ws.send_text(dumps({"type": "error", "status": e.status, "error": e.message}))
            await ws.close(code=4000 + e.status, reason=e.message[:120])
            return
        address = addresses.of(ws.scope)
        conn = Conn(ws, game_id, seat, limits.ws_rate, limits.ws_burst, address)
        status, refused = 429, await _admit(game_id, seat, address)
        if not refused and presence is not None:
            try:
                refused = await presence.admit(conn, limits.spectators_per_table, limits.sockets_per_client)
            except PresenceDown as e:
                status, refused = 503, str(e)
        if refused:
            await ws.send_text(dumps({"type": "error", "status": status, "error": refused}))
            await ws.close(code=1013, reason=refused[:120])
            return
        hub.add(conn)
        if seat is None:
            spectator_sockets.add(address)
        hub.presence_changed(game_id)  # the others hear who is online (debounced, small)
        sender = asyncio.get_running_loop().create_task(_sender(service, conn))
        try:
            while True:
                msg = await ws.receive()
                if msg["type"] == "websocket.disconnect" or conn.dropped:
                    break
                text = msg.get("text")
                if text is None:  # a binary frame: read it as text, it fails as JSON if it is not
                    text = (msg.get("bytes") or b"").decode("utf-8", "replace")
                reply = await _handle(service, conn, text)
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
            if presence is not None:
                presence.closed(conn)
            if seat is None:
                spectator_sockets.remove(address)
            sender.cancel()
            hub.presence_changed(game_id)

    async def _admit(game_id: str, seat: int | None, address: str) -> str | None:
        """Why a socket may not open (None: it may). A seat with its token always
        connects; its oldest tabs beyond `sockets_per_seat` are closed. Spectators
        have their own cap per table and per client address."""
        if seat is not None:
            tabs = hub.seat_conns(game_id, seat)
            for old in tabs[: max(0, len(tabs) - limits.sockets_per_seat + 1)]:
                hub.remove(old)
                try:
                    await old.ws.close(code=4409, reason="this seat was opened in another tab")
                except RuntimeError:
                    pass
            return None
        if hub.spectators(game_id) >= limits.spectators_per_table:
            return f"this table has its {limits.spectators_per_table} spectators: try again later"
        if spectator_sockets.by_address[address] >= limits.sockets_per_client:
            return f"too many connections from your address (at most {limits.sockets_per_client})"
        return None

    async def _sender(service: GameService, conn: Conn) -> None:
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
                    online = sorted(s for s in hub.online(conn.game_id) if s is not None)
                    if online != conn.online_told:
                        conn.online_told = online
                        await conn.send_text(dumps({"type": "presence", "online": online}))
                    continue
                g = await service.get(conn.game_id, fresh=False)
                payload = service.view(g, conn.seat, conn.events_sent, conn.moves_sent)
                payload["type"] = "view"
                payload["online"] = conn.online_told = sorted(s for s in hub.online(g.id) if s is not None)
                conn.events_sent = payload["events_from"] + len(payload["events"])
                conn.moves_sent = payload["moves_from"] + len(payload["moves"])
                await conn.send_text(dumps(payload))
        except asyncio.CancelledError:
            pass
        except Exception:  # a closed socket ends its sender, nothing else
            log.debug("sender ended", exc_info=True)

    async def _handle(service: GameService, conn: Conn, text: str) -> dict | None:
        if not conn.bucket.allow() or not await _allowed(ws_buckets, conn.address):
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

    for router in people_routers():
        app.include_router(router)
    app.include_router(resign.router)
    advice.install(app)
    rules.install(app)
    language.install(app)

    # ------------------------------------------------------------- page
    if WEB_DIR.is_dir():
        app.mount("/static", Assets(directory=WEB_DIR), name="static")
        pages = Pages(WEB_DIR, GAMES)

        async def game_of(game_id: str) -> str:
            try:
                return (await svc().get(game_id)).rec.game
            except ApiError:
                return ""  # the page says why it cannot open the game

        @app.get("/", include_in_schema=False)
        async def index():
            return pages.render()

        @app.get("/game/{game_id}", include_in_schema=False)
        async def table(game_id: str):
            return pages.render(await game_of(game_id))

        @app.get("/replay/{game_id}", include_in_schema=False)
        async def replay_page(game_id: str):
            return pages.render(await game_of(game_id))

        @app.get("/u/{username}", include_in_schema=False)
        async def profile_page(username: str):
            return pages.render("")  # a player's profile: no game's files

        @app.exception_handler(StarletteHTTPException)
        async def _no_page(req: Request, exc: StarletteHTTPException):
            """A person who mistypes an address gets a page that says so; the
            API and asset paths keep their JSON answer."""
            path = req.url.path
            if exc.status_code == 404 and not path.startswith(("/api/", "/static/")) and req.method in ("GET", "HEAD"):
                return pages.render("", status=404)
            return JSONResponse({"detail": exc.detail}, status_code=exc.status_code, headers=exc.headers)

    # level 3, not Starlette's 9: a long game's view (178 KB) took 8.4 ms of CPU to
    # compress at 9, more than building it, on every read; 1.4 ms at 3 (20 KB, not 15)
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=GZIP_LEVEL)
    app.add_middleware(
        Guard,
        addresses=addresses,
        buckets=write_buckets,
        accounts=SessionAccounts(),
        reads=Buckets(limits.read_rate, limits.read_burst),
        replays=Buckets(limits.replay_rate, limits.replay_burst),
    )
    return app
