"""The people around the games, wired into the app in one place.

`attach(app, service, hub)` (called once the game service exists) gives the
routers of accounts.py, lobby.py and chat.py what they share: the
`SocialStore`, the game service, the websocket hub, the in-memory rate limits.
It also hooks the end of every game, to rate its accounts. Names people type
are checked here, once for every feature.
"""

from __future__ import annotations

import asyncio
import contextlib
import re
import unicodedata

from fastapi import Request

from meeple.server.errors import ApiError
from meeple.server.jsonio import dumps
from meeple.server.limits import Limiter
from meeple.server.service import GameService, LiveGame, _seat_names
from meeple.server.social_store import SocialStore

NAME_MAX = 24
_NAME_PUNCT = set(" _-.'")


def display_name(raw) -> str:
    """A guest's display name, checked: 1-24 letters (with their accents and
    vowel signs), digits, spaces, _ - . ' (no control or invisible characters,
    no leading or trailing space)."""
    if not isinstance(raw, str):
        raise ApiError(400, "name must be text")
    name = unicodedata.normalize("NFC", raw)
    if name != name.strip() or "  " in name:
        raise ApiError(400, "name: no leading, trailing or double spaces")
    if not 1 <= len(name) <= NAME_MAX:
        raise ApiError(400, f"name must be 1 to {NAME_MAX} characters")
    bad = sorted(
        {
            ch
            for i, ch in enumerate(name)
            if not (ch.isalnum() or ch in _NAME_PUNCT or (i and unicodedata.category(ch)[0] == "M"))
        }
    )
    if bad:
        raise ApiError(400, "name: letters, digits, spaces and _ - . ' only, not " + " ".join(map(repr, bad)))
    return name


async def guest_name(social: Social, raw) -> str:
    """A guest's checked display name that is no registered player's, nor a
    look-alike of one (names.skeleton): a guest may not pass for an account."""
    name = display_name(raw)
    if await social.db(social.store.account_like, name) is not None:
        raise ApiError(409, "that name belongs to a registered player: choose another")
    return name


USERNAME_RE = re.compile(r"[A-Za-z0-9_-]{3,24}")


class Social:
    def __init__(self, service: GameService, hub, make_clocks, limiter: Limiter) -> None:
        """`make_clocks(social)`: the tables' clocks (clocks.Clocks), passed in so
        that this module, which the people's modules import, imports none of them."""
        self.service = service
        self.hub = hub
        self.store = SocialStore(service.storage.engine)
        self.limiter = limiter  # the server's one limiter (sign-ups, log-ins, chat, seats)
        self.hash_slots = asyncio.Semaphore(2)  # argon2 takes 64 MiB a hash: at most two at once
        self.rematch_lock = asyncio.Lock()  # one rematch per game
        self.clocks = make_clocks(self)
        self.clocks.load()
        self._notify_views = service.notify
        service.notify = self.changed  # the one hook on every change of a game
        self._remove_socket = hub.remove
        hub.remove = self.socket_closed
        service.on_push = lambda game_id, payload: self.broadcast(game_id, payload, share=False)

    def changed(self, game_id: str) -> None:
        self._notify_views(game_id)
        self.clocks.changed(game_id)

    def socket_closed(self, conn) -> None:
        self._remove_socket(conn)
        self.clocks.socket_closed(conn.game_id, conn.seat)

    def start(self, *background) -> None:
        """Run the clocks' watch and the given coroutines until `close`."""
        loop = asyncio.get_running_loop()
        self.tasks = [loop.create_task(job) for job in (self.clocks.watch(), *background)]

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await task

    async def forget(self, game_ids: list[str]) -> None:
        """Tables were deleted (service.forget_bot_tables): their people's rows too."""
        await self.db(self.store.forget, game_ids)

    async def db(self, fn, *args):
        return await self.service._db(fn, *args)

    def broadcast(self, game_id: str, payload: dict, share: bool = True) -> None:
        """Push one message to every socket open on a game (chat, rematch offers),
        on every node of a cluster (the clocks' seat status is computed on each)."""
        if share and payload.get("type") != "seats":
            self.service.share_push(game_id, payload)
        self.hub.push(game_id, dumps(payload))  # each socket's bounded queue (hub.Conn.push)

    async def save_seats(self, g: LiveGame) -> None:
        """Persist a game's seats (names, tokens, bots) and show them at once:
        the cached views and log sentences name the seats, so they are rebuilt."""
        await self.db(self.store.save_seats, g.id, g.rec.seats)
        await self.service.seats_saved(g)
        g.seats = _seat_names(g.rec.seats)
        g.views.clear()
        g.public, g.owned = [], {}
        self.service.notify(g.id)


def get_social(request: Request) -> Social:
    return request.app.state.social
