"""Undo consent: taking back a move, asked of the other people at the table.

Against bots only an undo is immediate; with other people it is a request
each of them allows or declines (one refusal declines it, and that move
cannot be asked about again). What may be undone is the engine's rule,
tracked per table by `undo.Takebacks`.
"""

from __future__ import annotations

import logging

from meeple.server.errors import ApiError
from meeple.server.live import LiveGame, replay_state
from meeple.server.rooms import Host
from meeple.server.storage import Conflict
from meeple.server.undo import UndoRequest

log = logging.getLogger("meeple.server")


class UndoConsent:
    """The undo requests of a service's tables."""

    def __init__(self, service: Host) -> None:
        self.service = service

    async def ask(self, g: LiveGame, seat: int) -> tuple[int, dict]:
        """Take back `seat`'s last move: at once against bots only (200), else
        a request the other people answer (202)."""
        svc = self.service
        async with g.lock:
            if g.finished:
                raise ApiError(409, "the game is over")
            top = g.undo.last(seat, g.ply)
            if top is None:
                raise ApiError(
                    409,
                    "nothing to undo: undo takes back your own last move while "
                    "nobody else has moved and nothing hidden was shown since",
                )
            if g.undo.request is not None and g.undo.request.declined_by is None:
                raise ApiError(409, "an undo is already waiting for the other players' answer")
            if top[1] in g.undo.declined:
                raise ApiError(409, "the other players declined to undo this move: it cannot be asked again")
            others = [s for s in g.people() if s != seat]
            if not others:
                await self.take_back(g, seat)
                return 200, {"ok": True, "undone": True, "ply": g.ply}
            g.undo.request = UndoRequest(seat=seat, ply=top[1], waiting=others)
            svc.cluster.share_undo(g)
            return 202, {"ok": True, "pending": True, "waiting": others, "ply": g.ply}

    async def answer(self, g: LiveGame, seat: int, approve) -> dict:
        """`seat` approves or declines the pending undo request."""
        svc = self.service
        if not isinstance(approve, bool):
            raise ApiError(400, "approve must be true or false")
        async with g.lock:
            req = g.undo.request
            if req is None or req.declined_by is not None:
                raise ApiError(409, "no undo request is waiting for an answer")
            if seat == req.seat:
                raise ApiError(403, "you cannot answer your own undo request")
            if seat not in req.waiting:
                raise ApiError(409, "you have already answered this undo request")
            if not approve:
                req.declined_by = seat
                req.waiting = []
                g.undo.declined.add(req.ply)
                svc.cluster.share_undo(g)
                return {"ok": True, "declined": True, "ply": g.ply}
            req.waiting.remove(seat)
            if req.waiting:
                svc.cluster.share_undo(g)
                return {"ok": True, "pending": True, "waiting": list(req.waiting), "ply": g.ply}
            await self.take_back(g, req.seat)
            return {"ok": True, "undone": True, "ply": g.ply}

    async def take_back(self, g: LiveGame, seat: int) -> None:
        """Undo `seat`'s last move (it may be undone: checked). Runs under g.lock.
        In a cluster a node that read the table from the database after that
        move has no state before it: it replays it (the request names the ply)."""
        svc = self.service
        top = g.undo.last(seat, g.ply)
        if top is not None:
            _, ply, _, prev = top
        elif g.undo.request is not None and g.undo.request.seat == seat:
            ply = g.undo.request.ply
            prev = replay_state(g.rec, g.moves[:ply])
        else:
            raise ApiError(409, "nothing to undo")
        version = g.rec.version
        svc.cluster.check()
        try:
            await svc._db(svc.storage.delete_moves_from, g.id, ply, version, svc.cluster.bot_lease(g, prev))
        except Conflict:
            await svc.cluster.reload(g)
            raise ApiError(
                409, "the table changed meanwhile (a move was made on another server): nothing was undone"
            ) from None
        except Exception as e:
            log.exception("storage failed for game %s", g.id)
            raise ApiError(503, f"the database is unreachable, so nothing was undone ({type(e).__name__})") from None
        g.rec.version = version + 1
        self.applied(g, ply, prev)
        svc.cluster.publish({"k": "undo", "g": g.id, "pv": version, "v": version + 1, "seat": seat, "p": ply})
        svc.bots.kick(g)

    def applied(self, g: LiveGame, ply: int, prev) -> None:
        svc = self.service
        if g.undo.stack:
            g.undo.pop()
        else:
            g.undo.request = None
            g.undo.declined = {p for p in g.undo.declined if p < ply}
        del g.moves[ply:]
        g.state = prev
        g.version += 1
        svc.notify(g.id)
