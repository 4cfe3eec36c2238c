"""The ASGI app: `create_app(db_url)` (FastAPI). OpenAPI at /openapi.json.

The routes live on routers named for what they serve: games_api.py (games,
moves, undo, log, replays), game_socket.py (a table's websocket), status.py
(meta, health, readiness), pages.py (the page), and the people's (accounts,
names, public tables, chat, rematch, clocks: people.py lists them) and the
advisor's (advice.py). guard.py is the door every request passes; limits.py
says who the client is and what it may spend.
"""

from __future__ import annotations

import asyncio
import gc
import logging
import time
from contextlib import asynccontextmanager
from dataclasses import replace
from pathlib import Path

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from sqlalchemy.exc import SQLAlchemyError
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.middleware.gzip import GZipMiddleware

from meeple.games import GAMES
from meeple.server import advice, expiry, game_socket, games_api, language, pages, reads, resign, rules, status
from meeple.server.accounts import SessionAccounts
from meeple.server.errors import ApiError
from meeple.server.guard import Guard
from meeple.server.headers import SecurityHeaders
from meeple.server.hub import Hub
from meeple.server.limits import ClientAddresses, Limiter, Limits, TableQuota
from meeple.server.people import attach as attach_people
from meeple.server.people import routers as people_routers
from meeple.server.presence import Presence, PresenceDown, SharedTableQuota
from meeple.server.runtime import Runtime
from meeple.server.service import GameService
from meeple.server.storage import Storage
from meeple.server.workers import bot_pool

log = logging.getLogger("meeple.server")

WEB_DIR = Path(__file__).resolve().parent.parent / "web"
GZIP_LEVEL = 3  # responses over 1 KB, for clients that take gzip


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
    # in a cluster, what one client spends and holds is counted in Redis for
    # every node: its budgets (limits.Limiter), sockets and tables, and who is
    # online (presence.py)
    limiter = Limiter(limits, bus_url, cluster=db_url or "")
    rt = Runtime(limits=limits, limiter=limiter, hub=hub, tables=TableQuota(limits, limiter), replays=reads.Replays())
    if bus_url is not None:
        rt.presence = Presence(bus_url, db_url or "", hub)
        rt.shared_tables = SharedTableQuota(bus_url, limits, db_url or "", limiter)
    presence = rt.presence

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
                return rt.service.on_bus(msg)

            bus = Bus(bus_url, storage.url, heard, lambda: rt.service.catch_up())
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
        rt.game_service = service
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
            await limiter.close()
            if presence is not None:
                await presence.close()
            if rt.shared_tables is not None:
                await rt.shared_tables.close()
            await asyncio.get_running_loop().run_in_executor(None, rt.replays.close)
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

    app.state.runtime = rt
    app.state.limiter = limiter
    app.state.addresses = ClientAddresses(limits.trusted_proxies)  # for limits.client_address

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

    for router in (games_api.router, game_socket.router, status.router, *people_routers(), resign.router):
        app.include_router(router)
    advice.install(app)
    rules.install(app)
    language.install(app)

    if WEB_DIR.is_dir():
        app.mount("/static", pages.Assets(directory=WEB_DIR), name="static")
        app.state.pages = pages.Pages(WEB_DIR, GAMES)
        app.include_router(pages.router)

        @app.exception_handler(StarletteHTTPException)
        async def _no_page(req: Request, exc: StarletteHTTPException):
            """A person who mistypes an address gets a page that says so; the
            API and asset paths keep their JSON answer."""
            path = req.url.path
            if exc.status_code == 404 and not path.startswith(("/api/", "/static/")) and req.method in ("GET", "HEAD"):
                return app.state.pages.render("", status=404)
            return JSONResponse({"detail": exc.detail}, status_code=exc.status_code, headers=exc.headers)

    # level 3, not Starlette's 9: a long game's view (178 KB) took 8.4 ms of CPU to
    # compress at 9, more than building it, on every read; 1.4 ms at 3 (20 KB, not 15)
    app.add_middleware(GZipMiddleware, minimum_size=1024, compresslevel=GZIP_LEVEL)
    app.add_middleware(Guard, limiter=limiter, accounts=SessionAccounts())
    app.add_middleware(SecurityHeaders)  # outermost: on the Guard's refusals too
    return app
