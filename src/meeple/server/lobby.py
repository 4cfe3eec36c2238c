"""Tables: public or private, who sits where under which name, rematches.

A public table is listed in the lobby; its human seats other than the
creator's are open, and anyone may take one (`POST /api/games/{id}/sit`
without a token gets that seat's token). A private table (the default, and
every table made before this module) is reachable only by its invite links.
Seats are colours: the creator picks one, a person taking a seat picks among
the open ones. A seat's name is its account's username, or a guest's chosen
display name; names are kept in the game's seats and appear at the table, in
the log and in replays.
"""

from __future__ import annotations

import secrets
import time
from typing import Any

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field
from sqlalchemy import exists

from meeple.server.accounts import current_user
from meeple.server.clocks import ClockSetup
from meeple.server.errors import ApiError
from meeple.server.limits import client_address
from meeple.server.runtime import may_create_table, table_created
from meeple.server.service import LiveGame
from meeple.server.social import Social, get_social, guest_name
from meeple.server.social_store import tables_t
from meeple.server.storage import games_t
from meeple.server.tokens import hash_token

router = APIRouter(tags=["tables"])
# the lobby lists these games only (for `Storage.recent`)
# (correlated, so that the newest games are walked by their created_at index and
# the walk stops at the listing's limit; `id IN (public ids)` sorted every public
# table on each request: 0.33 s on the storage thread with 15,000 of them)
PUBLIC = exists().where(tables_t.c.game_id == games_t.c.id, tables_t.c.public.is_(True))


class TableSetup(BaseModel):
    """Who creates the table and how others find it."""

    model_config = ConfigDict(extra="forbid")
    public: bool = Field(default=False, description="listed in the lobby; anyone may take an open seat")
    name: str | None = Field(default=None, max_length=64, description="the creator's display name (guests)")
    seat: int | None = Field(
        default=None, ge=0, le=5, description="the creator's seat (colour); default the first human seat"
    )
    clock: ClockSetup | None = Field(default=None, description="none, per move or per game")


class SitBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=5)
    token: str | None = Field(
        default=None, max_length=128, description="the seat's invite token; none to take an open seat"
    )
    name: str | None = Field(default=None, max_length=64, description="a guest's display name")


class SeatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=5)
    token: str = Field(max_length=128)


def _humans(g: LiveGame) -> list[int]:
    return [i for i, s in enumerate(g.rec.seats) if s["kind"] == "human"]


async def _seat_name(social: Social, g: LiveGame, seat: int, user, name) -> dict:
    """The account's username or the guest's checked name for a seat, as
    fields to put on it once everything else succeeded (nothing is marked here)."""
    stored = g.rec.seats[seat]
    if user is not None:
        return {"name": user.username, "account": True}
    if name is not None:
        if stored.get("account"):
            raise ApiError(409, "this seat belongs to an account: log in to rename it")
        return {"name": await guest_name(social, name)}
    return {}


async def _may_bind(social: Social, g: LiveGame, seat: int, user) -> bool:
    """Whether the account is to be bound to this seat (False: it already is,
    or no account); 409 when the seat is another account's or the account
    holds another seat of this table: one seat per person."""
    if user is None:
        return False
    seated = await social.db(social.store.seated, g.id)
    if seated.get(seat) == user.id:
        return False
    if seat in seated:
        raise ApiError(409, f"seat {seat + 1} already belongs to another account")
    if user.id in seated.values():
        mine = next(s for s, u in seated.items() if u == user.id)
        raise ApiError(409, f"you already sit at this table (seat {mine + 1}): one seat per person")
    return True


async def _bind(social: Social, g: LiveGame, seat: int, user) -> None:
    """Seat an account at a game once (its match history and rating)."""
    if await _may_bind(social, g, seat, user):
        await social.db(social.store.seat_user, g.id, seat, user.id)


async def check_setup(social: Social, specs: list[str], setup: TableSetup | None) -> None:
    """What set_up would refuse, checked before the table is made: the
    creator's seat must be a human one, a guest's name a good name."""
    if setup is None:
        return
    if setup.seat is not None and (setup.seat >= len(specs) or specs[setup.seat] != "human"):
        raise ApiError(400, f"seat {setup.seat + 1} is not a human seat")
    if setup.name is not None:
        await guest_name(social, setup.name)


async def set_up(request: Request, g: LiveGame, seats: list[dict], setup: TableSetup | None) -> list[dict]:
    """The create hook: the creator's seat and name, public or private. On a
    public table only the creator's token is handed out; the other human
    seats are open."""
    social = get_social(request)
    user = await current_user(request, writing=True)
    setup = setup or TableSetup()
    humans = _humans(g)
    host = setup.seat if setup.seat is not None else (humans[0] if humans else None)
    if host is not None and host not in humans:
        raise ApiError(400, f"seat {host + 1} is not a human seat")
    if host is not None:
        named = await _seat_name(social, g, host, user, setup.name)
        await _bind(social, g, host, user)
        g.rec.seats[host].update(named)
    if setup.public:
        for s in humans:
            if s != host:
                g.rec.seats[s]["open"] = True
                seats[s] = {**seats[s], "token": None, "open": True}
    clock = (setup.clock.kind, setup.clock.seconds) if setup.clock else None
    await social.db(social.store.add_table, g.id, setup.public, None, clock)
    await social.save_seats(g)
    if setup.clock:
        social.clocks.add(g, setup.clock)
    return seats


@router.post("/api/games/{game_id}/sit")
async def sit(request: Request, game_id: str, body: SitBody):
    """Name your seat (with its token), or take an open seat of a public table
    (without one: the answer holds the seat's new token)."""
    social = get_social(request)
    user = await current_user(request, writing=True)
    g = await social.service.get(game_id)
    if g.finished:
        raise ApiError(409, "the game is over")
    if not 0 <= body.seat < g.rec.players or g.rec.seats[body.seat]["kind"] != "human":
        raise ApiError(400, f"seat {body.seat + 1} is not a human seat of this game")
    async with g.lock:
        stored = g.rec.seats[body.seat]
        out: dict[str, Any] = {"seat": body.seat}
        if body.token is not None:
            social.service.auth(g, body.seat, body.token)
        elif not stored.get("open"):
            raise ApiError(403, "that seat is taken: a private table's seats need their invite link")
        else:
            if user is None and body.name is None:
                raise ApiError(400, "choose a name (or log in) to take a seat")
            await _may_bind(social, g, body.seat, user)  # refused before it counts against the budget
            budget = "sit"
            if not await social.limiter.allow(budget, client_address(request)) or (
                user is not None and not await social.limiter.allow(budget, f"account {user.id}")
            ):
                raise ApiError(429, "too many seats taken from your address: wait a minute")
            out["token"] = secrets.token_urlsafe(24)
        # every check first: the seat changes only when the sit succeeds
        named = await _seat_name(social, g, body.seat, user, body.name)
        if "token" not in out:
            if all(stored.get(k) == v for k, v in named.items()) and user is None:
                return {**out, "name": stored.get("name")}  # the same name again (a page reload): nothing to save
            # a new name re-words the table's whole log for every viewer (about 10 ms of CPU at
            # move 700): renames share the open seats' budget, not only the 30 writes a second
            if not await social.limiter.allow("sit", client_address(request)):
                raise ApiError(429, "too many seat changes from your address: wait a minute")
        await _bind(social, g, body.seat, user)
        stored.update(named)
        if "token" in out:
            stored.update(token_hash=hash_token(out["token"]), seated_at=time.time())
            stored.pop("open", None)
        await social.save_seats(g)
    out["name"] = stored.get("name")
    return out


@router.get("/api/games/{game_id}/rematch")
async def rematch_offer(request: Request, game_id: str):
    """The rematch offered at the end of this game, if any."""
    social = get_social(request)
    g = await social.service.get(game_id)
    row = await social.db(social.store.table, g.id)
    return {"rematch": row.rematch if row is not None else None}


@router.post("/api/games/{game_id}/rematch")
async def rematch(request: Request, game_id: str, body: SeatBody):
    """Offer (the first call) or join (later calls) a rematch: a new table with
    the same seats, names and bots, and a new secret seed. The answer holds
    the caller's seat and its new token there; the others are told over the
    websocket (`{"type": "rematch", "id"}`)."""
    social = get_social(request)
    service = social.service
    g = await service.get(game_id)
    seat = service.auth(g, body.seat, body.token)
    if not g.finished:
        raise ApiError(409, "a rematch is offered once the game is over")
    async with social.rematch_lock:
        row = await social.db(social.store.table, g.id)
        if row is not None and row.rematch:
            new = await service.get(row.rematch)
            token = secrets.token_urlsafe(24)
            async with new.lock:
                new.rec.seats[seat].update(token_hash=hash_token(token), seated_at=time.time())
                await social.save_seats(new)
            return {"id": new.id, "seat": seat, "token": token}
        # a rematch is a new table: it counts against the caller as any other
        creators = await may_create_table(request, await current_user(request))
        specs = ["human" if s["kind"] == "human" or s.get("stand_in") else "bot:" + s["bot"] for s in g.rec.seats]
        new, tokens = await service.create(
            g.rec.game, g.rec.players, specs, None, dict(g.rec.options), creator=g.rec.creator
        )
        for old, fresh in zip(g.rec.seats, new.rec.seats, strict=True):
            for key in ("name", "account"):
                if key in old:
                    fresh[key] = old[key]
        for s, uid in (await social.db(social.store.seated, g.id)).items():
            await social.db(social.store.seat_user, new.id, s, uid)
        clock = (row.clock_kind, row.clock_seconds) if row is not None and row.clock_kind else None
        await social.db(social.store.add_table, new.id, bool(row is not None and row.public), g.id, clock)
        await social.db(social.store.set_rematch, g.id, new.id)
        await social.save_seats(new)
        await table_created(request, creators, new.id)
        if clock:
            social.clocks.add(new, ClockSetup(kind=clock[0], seconds=clock[1]))
    social.broadcast(g.id, {"type": "rematch", "id": new.id, "by": g.seats[seat]["name"]})
    return {"id": new.id, "seat": seat, "token": tokens[seat]["token"]}
