"""Resigning: a player gives up at any time (POST /api/games/{id}/resign).

With one other seat left that seat wins at once; with more the seat passes
to a bot and ranks last (`GameService.resign` keeps it in the table's record).
"""

from __future__ import annotations

from fastapi import APIRouter, Request
from pydantic import BaseModel, ConfigDict, Field

router = APIRouter(tags=["games"])


class ResignBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    seat: int = Field(ge=0, le=5)
    token: str = Field(max_length=128)


@router.post("/api/games/{game_id}/resign")
async def resign(request: Request, game_id: str, body: ResignBody):
    """200 {"ok", "seat", "finished", "winners"}; 403 wrong token; 409 the game
    is over or the seat has already resigned."""
    service = request.app.state.service
    g = await service.get(game_id)
    seat = service.auth(g, body.seat, body.token)
    return await service.resign(g, seat)
