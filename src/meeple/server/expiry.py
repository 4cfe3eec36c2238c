"""Abandoned tables close: a table nobody moved at for `idle_days` is closed.

A closed table keeps its record and moves: it reads as a replay (everything
revealed, as for a finished game), takes no more moves and is no longer
resumed at start. Its status is "closed".
"""

from __future__ import annotations

import asyncio
import logging
import time

from sqlalchemy import and_, exists, func, select, update

from meeple.server.storage import games_t, moves_t

log = logging.getLogger("meeple.server")

CLOSED = "closed"


def idle_tables(storage, cutoff: float) -> list[str]:
    """Unfinished tables with no move (nor creation) since `cutoff`."""
    last_move = select(func.max(moves_t.c.at)).where(moves_t.c.game_id == games_t.c.id).scalar_subquery()
    with storage.engine.connect() as c:
        rows = c.execute(
            select(games_t.c.id).where(
                games_t.c.status == "active",
                games_t.c.created_at < cutoff,
                func.coalesce(last_move, games_t.c.created_at) < cutoff,
            )
        ).all()
    return [r.id for r in rows]


def close_table(storage, game_id: str, cutoff: float) -> bool:
    """Close the table if it is still active and still idle (one statement,
    so a move committed meanwhile keeps it open)."""
    moved = exists().where(and_(moves_t.c.game_id == game_id, moves_t.c.at >= cutoff))
    with storage.engine.begin() as c:
        r = c.execute(
            update(games_t)
            .where(games_t.c.id == game_id, games_t.c.status == "active", ~moved)
            .values(status=CLOSED, finished_at=time.time())
        )
        return r.rowcount == 1


async def sweep(service, idle_days: float, now: float | None = None) -> list[str]:
    """Close every table idle for `idle_days`; returns their ids."""
    cutoff = (time.time() if now is None else now) - idle_days * 86400.0
    closed = []
    for game_id in await service._db(idle_tables, service.storage, cutoff):
        g = service.live.get(game_id)
        if g is None:
            if await service._db(close_table, service.storage, game_id, cutoff):
                closed.append(game_id)
            continue
        async with g.lock:  # no move of this table is half-way
            if not await service._db(close_table, service.storage, game_id, cutoff):
                continue
            g.rec.status = CLOSED
            g.undo.clear()
            g.version += 1
            if g.driver is not None:
                g.driver.cancel()
            service._remember_done(g)
        service.notify(game_id)
        closed.append(game_id)
    if closed:
        log.info("closed %d idle tables", len(closed))
    return closed


async def sweep_loop(service, idle_days: float, every: float = 3600.0) -> None:
    """Sweep now and then every `every` seconds (at most a tenth of the idle time)."""
    every = min(every, max(1.0, idle_days * 86400.0 / 10))
    while True:
        try:
            await sweep(service, idle_days)
        except Exception:  # noqa: BLE001 - a failed sweep is retried at the next
            log.exception("closing idle tables failed")
        await asyncio.sleep(every)
