"""The games over HTTP: create, list, a seat's view, moves, undo, the log and
replays.

    POST /api/games                      create a game -> 201 {id, seats[{seat, kind, token}]}
    GET  /api/games                      recent public games (for the lobby)
    GET  /api/games/{id}?seat=&token=    a seat's view (no seat: the spectator's)
    POST /api/games/{id}/moves           {seat, token, move, ply?}
    POST /api/games/{id}/undo            {seat, token} -> 200 undone (bots only) | 202 asked
    POST /api/games/{id}/undo/answer     {seat, token, approve}: the others' consent
    GET  /api/games/{id}/log             the moves (the seed once finished)
    GET  /api/games/{id}/replay?ply=N    a finished game after N moves
"""

from __future__ import annotations

import contextlib
import logging
from typing import Any, Literal

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from meeple.games import GAMES
from meeple.server import lobby, reads
from meeple.server.accounts import current_user
from meeple.server.errors import ApiError
from meeple.server.fairshare import creator_key
from meeple.server.jsonio import dumps, json_response
from meeple.server.limits import client_address
from meeple.server.presence import PresenceDown
from meeple.server.runtime import may_create_table, runtime, table_created
from meeple.server.service import MAX_SEED
from meeple.server.social import get_social

log = logging.getLogger("meeple.server")
router = APIRouter(tags=["games"])


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


@router.post("/api/games", status_code=201)
async def create_game(body: CreateGame, request: Request):
    rt = runtime(request)
    service = rt.service
    # every check before anything is made: a refused request changes nothing
    user = await current_user(request, writing=True)  # the Origin, with the session cookie
    await lobby.check_setup(get_social(request), body.seats, body.table)
    creators = await may_create_table(request, user)
    opts = body.options or {}
    creator = creator_key(user.id if user is not None else None, client_address(request))
    g, seats = await service.create(
        body.game, body.players, body.seats, body.seed, opts, body.hints, open_seed=body.open_seed, creator=creator
    )
    await table_created(request, creators, g.id)
    seats = await lobby.set_up(request, g, seats, body.table)
    return json_response({"id": g.id, "seats": seats}, 201)


@router.get("/api/games")
async def list_games(request: Request, limit: int = Query(default=30, ge=1, le=200)):
    rt = runtime(request)
    service = rt.service
    if not rt.limiter.allow_here("lobby", client_address(request)):
        raise ApiError(429, "too many lobby listings from your address: slow down")
    return json_response({"games": await service._db(service.storage.recent, limit, lobby.PUBLIC)})


@router.get("/api/games/{game_id}")
async def get_game(
    request: Request,
    game_id: str,
    seat: int | None = Query(default=None, ge=0, le=5),
    token: str | None = Query(default=None, max_length=128),
    events_from: int = Query(default=0, ge=0, description="skip the log's first N events"),
):
    rt = runtime(request)
    service = rt.service
    g = await service.get(game_id)
    viewer = None
    if seat is not None or token is not None:
        viewer = service.auth(g, seat, token)
    online = rt.hub.online(g.id)
    if rt.presence is not None:
        with contextlib.suppress(PresenceDown):  # reads go on while Redis is away: this node's sockets
            online = await rt.presence.online(g.id)
    seated = sorted(s for s in online if s is not None)
    if not g.finished:
        return json_response(service.view(g, viewer, events_from) | {"online": seated})
    # a finished table's view changes only with who is online: built, serialized and gzipped once
    key = (g.id, g.version, g.rec.status, viewer, events_from, tuple(seated))
    answer = rt.finished_views.get(key)
    if answer is None:
        out = service.view(g, viewer, events_from) | {"online": seated}
        answer = rt.finished_views.put(key, dumps(out).encode())
    if "gzip" in request.headers.get("accept-encoding", ""):  # the GZip middleware leaves it as it is
        headers = {"content-encoding": "gzip", "vary": "Accept-Encoding"}
        return Response(answer[1], media_type="application/json", headers=headers)
    return Response(answer[0], media_type="application/json")


@router.post("/api/games/{game_id}/moves")
async def post_move(request: Request, game_id: str, body: MoveBody):
    service = runtime(request).service
    g = await service.get(game_id)
    seat = service.auth(g, body.seat, body.token)
    return json_response(await service.submit(g, seat, body.move, body.ply))


@router.post("/api/games/{game_id}/undo")
async def post_undo(request: Request, game_id: str, body: UndoBody):
    service = runtime(request).service
    g = await service.get(game_id)
    seat = service.auth(g, body.seat, body.token)
    status, out = await service.ask_undo(g, seat)
    return json_response(out, status)


@router.post("/api/games/{game_id}/undo/answer")
async def post_undo_answer(request: Request, game_id: str, body: UndoAnswer):
    service = runtime(request).service
    g = await service.get(game_id)
    seat = service.auth(g, body.seat, body.token)
    return json_response(await service.answer_undo(g, seat, body.approve))


@router.get("/api/games/{game_id}/log")
async def get_log(request: Request, game_id: str):
    service = runtime(request).service
    return json_response(service.move_log(await service.get(game_id)))


@router.get("/api/games/{game_id}/replay")
async def get_replay(request: Request, game_id: str, ply: int = Query(default=0, ge=0, le=100_000)):
    rt = runtime(request)
    service = rt.service
    g = await service.get(game_id)
    service.check_replay(g, ply)
    try:
        body, zipped = await rt.replays.get(g, ply, client_address(request))
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
