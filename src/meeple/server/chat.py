"""Chat at each table, kept with the game and pushed over its websocket.

Two channels: the players' (a seat writes there, with its token) and the
spectators' (anyone without a seat, under their account's name or a chosen
guest name). Everyone may read both; the page shows the spectators' channel
to players only when they open it. Messages are plain text: control
characters become spaces, at most 500 characters, at most one message every
two seconds per writer (bursts of 5) and 2,000 per game. The page puts them in
the document as text, never as HTML.
"""

from __future__ import annotations

import unicodedata
from typing import Any

from fastapi import APIRouter, Query, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from meeple.server.accounts import current_user
from meeple.server.errors import ApiError
from meeple.server.jsonio import dumps
from meeple.server.limits import client_address
from meeple.server.social import get_social, guest_name

router = APIRouter(tags=["chat"])

MAX_CHARS = 500
MAX_PER_GAME = 2_000


class ChatBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    text: str = Field(max_length=4 * MAX_CHARS)
    seat: int | None = Field(default=None, ge=0, le=5, description="a player's seat (with its token)")
    token: str | None = Field(default=None, max_length=128)
    name: str | None = Field(default=None, max_length=64, description="a guest spectator's display name")


MAX_MARKS = 3  # combining marks kept on one character (Vietnamese takes two; 450 made a tower)


def _cap_marks(text: str) -> str:
    """Composed (NFC), then at most MAX_MARKS combining marks after each character."""
    out, run = [], 0
    for ch in unicodedata.normalize("NFC", text):
        run = run + 1 if unicodedata.category(ch)[0] == "M" else 0
        if run <= MAX_MARKS:
            out.append(ch)
    return "".join(out)


def clean_text(raw: str) -> str:
    """Plain one-line text: control and format characters become spaces, no
    character carries more than MAX_MARKS combining marks."""
    text = "".join(" " if unicodedata.category(ch)[0] == "C" else ch for ch in _cap_marks(raw))
    text = " ".join(text.split())
    if not text:
        raise ApiError(400, "the message is empty")
    if len(text) > MAX_CHARS:
        raise ApiError(413, f"a message is at most {MAX_CHARS} characters")
    return text


@router.post("/api/games/{game_id}/chat", status_code=201)
async def post_chat(request: Request, game_id: str, body: ChatBody):
    """Write at a table: with seat and token in the players' channel, else in
    the spectators' channel."""
    social = get_social(request)
    service = social.service
    g = await service.get(game_id)
    text = clean_text(body.text)
    if body.seat is not None or body.token is not None:
        seat = service.auth(g, body.seat, body.token)
        channel, name, account = "players", g.seats[seat]["name"], bool(g.rec.seats[seat].get("account"))
        writer: tuple[str, Any] = ("seat", seat)
    else:
        user = await current_user(request, writing=True)
        if user is not None:
            name, account, writer = user.username, True, ("user", user.id)
        elif body.name is None:
            raise ApiError(400, "choose a name (or log in) to chat as a spectator")
        else:
            name, account, writer = await guest_name(social, body.name), False, ("address", client_address(request))
        channel, seat = "spectators", None
    if not (
        await social.limiter.allow("chat", f"{g.id} {writer[0]} {writer[1]}")
        and await social.limiter.allow("chat-address", client_address(request))
    ):
        raise ApiError(429, "too many messages: slow down")
    if await social.db(social.store.chat_count, g.id) >= MAX_PER_GAME:
        raise ApiError(429, f"this table's chat is full ({MAX_PER_GAME} messages)")
    msg = await social.db(social.store.add_chat, g.id, channel, seat, name, account, text)
    social.broadcast(g.id, {"type": "chat", **msg})
    return msg


@router.get("/api/games/{game_id}/chat")
async def get_chat(
    request: Request, game_id: str, after: int = Query(default=0, ge=0), limit: int = Query(default=200, ge=1, le=200)
):
    """The table's messages after message id `after`, oldest first, both channels."""
    social = get_social(request)
    g = await social.service.get(game_id)
    messages = await social.db(social.store.chat, g.id, after, limit)
    # serialised directly (FastAPI's encoder is slow on long lists); the reads are budgeted
    # per address with the replays (app.Guard): 200 messages of 500 characters are 122 KB
    return Response(dumps({"messages": messages}), media_type="application/json")
