"""Cluster sync: a node's copies of the tables follow the database and the bus.

In a cluster (`bus` set: PostgreSQL and Redis) every node holds copies of the
tables it serves. A write names the stored version it was built on (a stale
copy is refused with 409 and read again); every change is published on the
bus and applied by the other nodes to their copies; a table's bots are driven
by the one node holding its lease in the database, and a node takes over the
bots of a node that died once their lease runs out.
"""

from __future__ import annotations

import asyncio
import logging
import time
from typing import Any

from meeple.core.game import GameError
from meeple.server.errors import ApiError
from meeple.server.live import LiveGame, replay_state, seat_names
from meeple.server.rooms import Host
from meeple.server.storage import GameRecord
from meeple.server.undo import Takebacks, UndoRequest

log = logging.getLogger("meeple.server")


class ClusterSync:
    """What a node does to stay one with the others (nothing without a bus)."""

    def __init__(self, service: Host) -> None:
        self.service = service

    def check(self) -> None:
        """A cluster node refuses changes while it cannot tell the others."""
        svc = self.service
        if svc.bus is not None and not svc.bus.up:
            raise ApiError(
                503,
                f"the message bus (Redis) is unreachable, so no move is taken now: "
                f"{svc.bus.reason}; try again in a moment",
            )

    def publish(self, msg: dict) -> None:
        svc = self.service
        if svc.bus is not None:
            svc.bus.publish(msg)

    def bot_lease(self, g: LiveGame, state) -> tuple[str, float] | None:
        """The bots' lease stored with a change: this node drives the bot that
        must move next (None: a person moves next, or nobody)."""
        svc = self.service
        if state.is_terminal() or svc.bots.to_move(g, state) is None:
            return None
        return (svc.node, time.time() + svc.lease)

    async def claim_bots(self, g: LiveGame) -> bool:
        svc = self.service
        now = time.time()
        try:
            return await svc._db(svc.storage.claim_bots, g.id, svc.node, now + svc.lease, now)
        except Exception:  # noqa: BLE001 - the database is away: the orphan sweep retries later
            log.warning("cannot claim the bots of game %s", g.id, exc_info=True)
            return False

    def share_undo(self, g: LiveGame) -> None:
        """An undo request (asked, answered, declined) reaches every node's players."""
        svc = self.service
        svc.notify(g.id)
        req = g.undo.request
        self.publish(
            {
                "k": "undo_req",
                "g": g.id,
                "v": g.rec.version,
                "req": None if req is None else [req.seat, req.ply, req.waiting, req.declined_by],
                "declined": sorted(g.undo.declined),
            }
        )

    def share_push(self, game_id: str, payload: dict) -> None:
        """A message pushed to a table's sockets (chat) reaches the other nodes' sockets."""
        self.publish({"k": "push", "g": game_id, "p": payload})

    async def seats_saved(self, g: LiveGame) -> None:
        """Seats changed (taken, handed to a bot, reclaimed): in a cluster the
        table's version moves on, so a bot move another node built for the old
        seats is refused, and the other nodes read the table again."""
        svc = self.service
        if svc.bus is None:
            return
        if await svc._db(svc.storage.bump_version, g.id, g.rec.version):
            g.rec.version += 1
        else:
            await self.reload(g)
        self.publish({"k": "reload", "g": g.id})

    async def refresh(self, g: LiveGame) -> None:
        async with g.lock:
            await self.reload(g)

    async def reload(self, g: LiveGame) -> None:
        """Make the copy the stored table again (the caller holds g.lock)."""
        svc = self.service
        rec = await svc._db(svc.storage.get_game, g.id)
        if rec is None:
            return
        replayed = None
        old = g.moves
        if not (len(rec.moves) >= len(old) and rec.moves[: len(old)] == old):
            # moves taken back elsewhere: the table is replayed from its start, in the
            # loader thread (0.15 s of CPU for a long game: an undo every tenth of a
            # second at one node would otherwise stall every other node's event loop)
            replayed = await asyncio.get_running_loop().run_in_executor(svc._loader, replay_state, rec)
        self.adopt(g, rec, replayed)

    def adopt(self, g: LiveGame, rec: GameRecord, replayed=None) -> None:
        """Make `g` the stored `rec`: its new moves applied to a copy, or
        `replayed` (the state of `rec`, replayed off the loop) when moves were
        taken back."""
        svc = self.service
        same_seats = rec.seats == g.rec.seats
        if rec.version == g.rec.version and same_seats and rec.status == g.rec.status:
            return
        old = g.moves
        state = None
        if replayed is None and len(rec.moves) >= len(old) and rec.moves[: len(old)] == old:
            state = g.state.clone()  # the usual case: moves were added
            try:
                for _, move in rec.moves[len(old) :]:
                    state.apply_move(move)
            except GameError:
                state = None
        if state is None:
            state = replayed if replayed is not None else replay_state(rec)
            g.undo = Takebacks()
        elif len(rec.moves) > len(old):
            g.undo.clear()  # a move made elsewhere: no undo past it here
        if not same_seats:
            g.seats = seat_names(rec.seats)
            g.public, g.owned = [], {}
        g.rec, g.state, g.moves = rec, state, list(rec.moves)
        g.version += 1
        if g.finished:
            svc._remember_done(g)
            if g.driver is not None and g.driver is not asyncio.current_task():
                g.driver.cancel()
        svc.notify(g.id)

    async def on_bus(self, msg: dict) -> None:
        """Another node's message: apply it to this node's copy of the table,
        if it holds one; anything that does not follow the copy reads it again."""
        svc = self.service
        gid: Any = msg.get("g")  # a table id, if the message is well formed
        g = svc.live.get(gid) or svc.done.get(gid)
        if g is None:
            return
        kind = msg.get("k")
        if kind == "push":
            svc.on_push(g.id, msg["p"])
            return
        async with g.lock:
            if kind == "moves":
                if msg["v"] <= g.rec.version:
                    return  # already known (read from the database)
                if msg["pv"] != g.rec.version or msg["p"] != g.ply:
                    await self.reload(g)  # a gap: the database has it all
                    return
                self.apply_remote(g, msg)
            elif kind == "undo":
                if msg["v"] <= g.rec.version:
                    return
                top = g.undo.last(msg["seat"], g.ply)
                if msg["pv"] != g.rec.version or top is None or top[1] != msg["p"]:
                    await self.reload(g)
                    return
                g.rec.version = msg["v"]
                svc.undo_consent.applied(g, msg["p"], top[3])
            elif kind == "undo_req":
                if msg["v"] > g.rec.version:
                    await self.reload(g)  # the move it is about had not arrived yet
                if msg["v"] != g.rec.version:
                    return  # about a version gone by
                r = msg["req"]
                g.undo.request = (
                    None if r is None else UndoRequest(seat=r[0], ply=r[1], waiting=list(r[2]), declined_by=r[3])
                )
                g.undo.declined = set(msg["declined"])
                svc.notify(g.id)
            else:  # "reload": seats changed, or a node is unsure
                await self.reload(g)

    def apply_remote(self, g: LiveGame, msg: dict) -> None:
        svc = self.service
        moves = [(seat, move) for seat, move in msg["m"]]
        prev, first = g.state, g.ply
        new = prev.clone()
        try:
            for _, move in moves:
                new.apply_move(move)
        except GameError:
            log.error("game %s: a move from another node does not apply here", g.id)
            return
        g.moves.extend(moves)
        g.state = new
        g.rec.version = msg["v"]
        g.version += 1
        if msg.get("w") is not None:
            g.rec.status = "finished"
            g.undo.clear()
            svc._remember_done(g)
        elif g.seat_kind(moves[0][0]) == "human":
            g.undo.moved(moves[0][0], first, g.ply, prev, new)
        else:
            g.undo.clear()
        svc.notify(g.id)

    async def catch_up(self) -> None:
        """Check every held copy against the database (after the bus
        (re)connects, and every few seconds): nothing missed stays missed."""
        svc = self.service
        tables = list(svc.live.values()) + list(svc.done.values())
        for i in range(0, len(tables), 500):
            chunk = tables[i : i + 500]
            heads = await svc._db(svc.storage.heads, [g.id for g in chunk])
            for g in chunk:
                head = heads.get(g.id)
                if head is not None and head != (g.rec.version, g.rec.status, g.rec.seats):
                    await self.refresh(g)

    async def resync_loop(self, every: float = 3.0) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.catch_up()
            except Exception:  # noqa: BLE001 - the database is away: next round
                log.warning("catching up from the database failed", exc_info=True)

    async def orphans_loop(self) -> None:
        """Drive the bots of tables whose node died (their lease ran out)."""
        svc = self.service
        every = min(2.0, svc.lease / 3)
        while True:
            await asyncio.sleep(every)
            try:
                for game_id in await svc._db(svc.storage.orphaned_bots, time.time()):
                    g = await svc.get(game_id)
                    if g.finished or svc.bots.to_move(g) is None:
                        await svc._db(svc.storage.clear_bots, game_id, g.rec.version)
                    elif g.driver is None or g.driver.done():
                        svc.bots.kick(g)
            except Exception:  # noqa: BLE001 - the database is away: next round
                log.warning("looking for orphaned bots failed", exc_info=True)
