"""Clocks and seat hand-over: nobody's leaving kills a game.

A table may have a clock: `{"kind": "move", "seconds": 120}` (each decision
within two minutes) or `{"kind": "game", "seconds": 259200}` (three days for
the whole game per seat). A seat's clock runs while it must answer and a
person plays it. Running out of time does not end the game: the seat is shown
as out of time, and then any other person at the table may hand it to a bot
of the level they choose (`POST /api/games/{id}/hand-over`); so may they when
a seat has had no connection for `AWAY_SECONDS`. The person takes the seat
back with its token at any time (`POST /api/games/{id}/reclaim`); until then
the seat's own moves are refused (409).

Time used on a per-game clock is saved with the table whenever a seat's
decision ends; the time of the decision under way when the server stops is
not counted (the clock restarts from the saved time).
"""

from __future__ import annotations

import asyncio
import logging
import time
from dataclasses import dataclass, field
from typing import Any, Literal

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

from meeple.server.errors import ApiError
from meeple.server.present import presenter
from meeple.server.service import LiveGame
from meeple.server.social import Social, get_social
from meeple.server.workers import check_spec

router = APIRouter(tags=["clocks"])

log = logging.getLogger("meeple.server")
REFRESH_ROUNDS = 3  # in a cluster, the clocked tables are read again every 3 rounds of the watch
AWAY_SECONDS = 60.0  # a seat without a connection this long may be handed to a bot
MAX_CLOCK = 30 * 86400  # a month


class ClockSetup(BaseModel):
    model_config = ConfigDict(extra="forbid")
    kind: Literal["move", "game"] = Field(description="'move': per decision; 'game': per seat for the whole game")
    seconds: int = Field(ge=10, le=MAX_CLOCK)


class HandOverBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=5, description="the seat handed to a bot")
    by: int = Field(ge=0, le=5, description="your seat")
    token: str = Field(max_length=128, description="your seat's token")
    level: str = Field(default="easy", max_length=32, description="the bot: easy, medium, hard, random, ...")


class ReclaimBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=5)
    token: str = Field(max_length=128)


@dataclass
class Clock:
    kind: str
    seconds: int
    used: list[float]  # per seat, finished decisions (per-game clocks)
    waiting: dict[int, float] = field(default_factory=dict)  # seat -> when its decision began
    synced: bool = False  # has followed its game's decision once

    def remaining(self, seat: int, now: float) -> float:
        running = now - self.waiting[seat] if seat in self.waiting else 0.0
        spent = running if self.kind == "move" else self.used[seat] + running
        return self.seconds - spent

    def update(self, waiting_now: set[int], now: float) -> bool:
        """Follow the decision: True when a per-game clock's used time changed."""
        changed = False
        for seat in [s for s in self.waiting if s not in waiting_now]:
            self.used[seat] += now - self.waiting.pop(seat)
            changed = self.kind == "game"
        for seat in waiting_now:
            self.waiting.setdefault(seat, now)
        return changed


class Clocks:
    """The clocks of the live clocked tables and who is away, kept by `Social`."""

    def __init__(self, social: Social) -> None:
        self.social = social
        self.by_game: dict[str, Clock] = {}
        self.left: dict[tuple[str, int], float] = {}  # (game, seat) -> when its last socket closed
        self.started = time.time()
        self.saving: set = set()

    def load(self) -> None:
        self._take(self.social.store.clocked_tables())

    def _take(self, rows, only=None) -> None:
        """Follow the clocks of `rows` (from `clocked_tables`) not followed yet
        (with `only`, of those tables alone)."""
        for game_id, kind, seconds, used, players in rows:
            if game_id not in self.by_game and (only is None or game_id in only):
                self.by_game[game_id] = Clock(kind, seconds, list(used or [0.0] * players))

    async def refresh(self) -> None:
        """In a cluster, a table may get its clock on another node: read the
        clocked tables again, so this node times those it serves too."""
        try:
            self._take(await self.social.db(self.social.store.clocked_tables), only=self.social.service.live)
        except Exception:  # the database is away: the next round tries again
            log.warning("could not read the clocked tables", exc_info=True)

    def add(self, g: LiveGame, setup: ClockSetup) -> None:
        self.by_game[g.id] = Clock(setup.kind, setup.seconds, [0.0] * g.rec.players)
        self.changed(g.id)

    # -------------------------------------------------------------- events
    def changed(self, game_id: str) -> None:
        """Every change of a game (the service's notify) moves its clock on."""
        clock = self.by_game.get(game_id)
        if clock is None:
            return
        g = self.social.service.live.get(game_id)
        if g is None or g.finished:
            self.by_game.pop(game_id, None)
            return
        d = g.state.decision()
        waiting = {
            s for s in (d.seats if d else ()) if g.rec.seats[s]["kind"] == "human" and not g.rec.seats[s].get("open")
        }  # an open seat waits for a person, untimed
        clock.synced = True
        if clock.update(waiting, time.time()):
            self._save(game_id, clock)
        self.social.broadcast(game_id, {"type": "seats", **self.status(g)})

    def socket_closed(self, game_id: str, seat) -> None:
        if seat is not None and seat not in self.social.hub.online(game_id):
            if len(self.left) > 100_000:
                self.left.clear()
            self.left[(game_id, seat)] = time.time()

    def _save(self, game_id: str, clock: Clock) -> None:
        task = asyncio.get_running_loop().create_task(
            self.social.db(self.social.store.save_clock_used, game_id, list(clock.used))
        )
        self.saving.add(task)
        task.add_done_callback(self.saving.discard)

    async def watch(self, every: float = 1.0) -> None:
        """Tell the table the moment a seat runs out of time."""
        told: set = set()
        rounds = 0
        while True:
            await asyncio.sleep(every)
            rounds += 1
            if self.social.service.bus is not None and rounds % REFRESH_ROUNDS == 0:
                await self.refresh()
            now = time.time()
            for game_id, clock in list(self.by_game.items()):
                if not clock.synced and game_id in self.social.service.live:
                    self.changed(game_id)  # a game resumed at start: its clock runs again
                for seat in list(clock.waiting):
                    key = (game_id, seat, clock.waiting[seat])
                    if clock.remaining(seat, now) <= 0 and key not in told:
                        told.add(key)
                        g = self.social.service.live.get(game_id)
                        if g is not None:
                            self.social.broadcast(game_id, {"type": "seats", **self.status(g)})
            if len(told) > 100_000:
                told.clear()

    # -------------------------------------------------------------- status
    def away(self, g: LiveGame, seat: int, now: float) -> float:
        """Seconds since the seat's person had a connection, or took the seat
        (0 while connected)."""
        if seat in self.social.hub.online(g.id):
            return 0.0
        since = max(self.left.get((g.id, seat), self.started), g.rec.created_at, g.rec.seats[seat].get("seated_at", 0))
        return now - since

    def status(self, g: LiveGame) -> dict:
        now = time.time()
        clock = self.by_game.get(g.id)
        seats = []
        for i, stored in enumerate(g.rec.seats):
            row: dict[str, Any] = {"seat": i, "stand_in": stored["bot"] if stored.get("stand_in") else None}
            person = stored["kind"] == "human" and not stored.get("open")
            row["remaining"] = round(clock.remaining(i, now), 1) if clock and person else None
            row["running"] = bool(clock and i in clock.waiting)
            row["out_of_time"] = row["remaining"] is not None and row["remaining"] <= 0
            row["away"] = round(self.away(g, i, now)) if person else 0
            row["can_hand_over"] = person and not g.finished and (row["out_of_time"] or row["away"] >= AWAY_SECONDS)
            seats.append(row)
        return {
            "id": g.id,
            "clock": {"kind": clock.kind, "seconds": clock.seconds} if clock else None,
            "seats": seats,
            "away_seconds": AWAY_SECONDS,
        }


def clocks(request: Request) -> Clocks:
    return get_social(request).clocks


async def _others_online(request: Request, game_id: str, strict: bool = True) -> None:
    """In a cluster, read who is connected on the other nodes first
    (presence.py); Redis away: 503 if `strict`, else what this node knows."""
    presence = getattr(request.app.state, "presence", None)
    if presence is not None:
        try:
            await presence.sync(game_id)
        except Exception:
            if strict:
                raise


@router.get("/api/games/{game_id}/seats")
async def seats_status(request: Request, game_id: str):
    """Clocks (time left per seat), who is away, who may be handed to a bot."""
    g = await get_social(request).service.get(game_id)
    await _others_online(request, game_id, strict=False)
    return clocks(request).status(g)


@router.post("/api/games/{game_id}/hand-over")
async def hand_over(request: Request, game_id: str, body: HandOverBody):
    """Hand a seat that ran out of time or left to a bot, until its person is back."""
    social = get_social(request)
    service = social.service
    g = await service.get(game_id)
    service.auth(g, body.by, body.token)
    if body.by == body.seat:
        raise ApiError(400, "take your own seat back with reclaim, not hand-over")
    if g.finished:
        raise ApiError(409, "the game is over")
    meta = presenter(g.rec.game).meta
    levels = meta().get("levels", ["random"]) if meta is not None else ["random"]
    if body.level not in levels:  # the lobby's levels: no stand-in may think longer than those
        raise ApiError(400, f"level must be one of {', '.join(levels)}")
    level = check_spec(body.level, g.rec.game)
    await _others_online(request, game_id)
    async with g.lock:
        row = clocks(request).status(g)["seats"][body.seat] if body.seat < g.rec.players else None
        if row is None or not row["can_hand_over"]:
            raise ApiError(
                409,
                f"seat {body.seat + 1} can be handed to a bot only when it ran out of time "
                f"or its person left (no connection for {AWAY_SECONDS:.0f} s)",
            )
        g.rec.seats[body.seat].update(kind="bot", bot=level, stand_in=True)
        g.version += 1  # anything computed for the person's seat is stale
        await social.save_seats(g)
    service._kick(g)
    return {"ok": True, "seat": body.seat, "bot": level}


@router.post("/api/games/{game_id}/reclaim")
async def reclaim(request: Request, game_id: str, body: ReclaimBody):
    """The person takes their seat back from the bot standing in."""
    social = get_social(request)
    g = await social.service.get(game_id)
    social.service.auth(g, body.seat, body.token)
    if g.finished:  # a finished table's seats are its record: who played them stays so
        raise ApiError(409, "the game is over")
    stored = g.rec.seats[body.seat]
    if not stored.get("stand_in"):
        raise ApiError(409, f"no bot stands in for seat {body.seat + 1}")
    async with g.lock:
        stored.update(kind="human", bot=None)
        stored.pop("stand_in", None)
        g.version += 1  # a move the bot is thinking about is dropped
        await social.save_seats(g)
    return {"ok": True, "seat": body.seat}
