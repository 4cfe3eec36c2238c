"""What one server process runs with, shared by its routers.

`create_app` builds one `Runtime` (the limits, the limiter, the websocket hub,
the quotas, in a cluster the shared presence) and puts it on `app.state`; the
game service joins it when the app starts. Routes reach it with `runtime(request)`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from meeple.server.errors import ApiError
from meeple.server.hub import Hub
from meeple.server.limits import Limiter, Limits, Sockets, TableQuota, client_address
from meeple.server.reads import FinishedViews, Replays

if TYPE_CHECKING:
    from meeple.server.presence import Presence, SharedTableQuota
    from meeple.server.service import GameService


@dataclass
class Runtime:
    limits: Limits
    limiter: Limiter
    hub: Hub
    tables: TableQuota  # tables per creator (one process)
    replays: Replays  # replays built off the event loop, cached
    finished_views: FinishedViews = field(default_factory=FinishedViews)  # finished tables' views, serialized once
    presence: Presence | None = None  # in a cluster: who is online, sockets per address
    shared_tables: SharedTableQuota | None = None  # in a cluster: tables per creator
    spectator_sockets: Sockets = field(default_factory=Sockets)
    game_service: GameService | None = None  # set when the app starts

    @property
    def service(self) -> GameService:
        if self.game_service is None:
            raise RuntimeError("the game service starts with the app")
        return self.game_service


def runtime(conn: Any) -> Runtime:
    """The runtime of a request's or websocket's app."""
    return conn.app.state.runtime


async def may_create_table(request: Any, user) -> dict[str, str]:
    """The creators a new table counts against (the client address, and the
    account when logged in), or ApiError 429 when one of them may not open
    one more table now (a new table or a rematch alike)."""
    rt = runtime(request)
    service = rt.service
    creators = {client_address(request): "your address"}
    if user is not None:
        creators[f"account:{user.id}"] = "your account"

    async def statuses(ids: list[str]) -> dict[str, str]:
        return {t: head[1] for t, head in (await service._db(service.storage.heads, ids)).items()}

    if rt.shared_tables is not None:
        refused = await rt.shared_tables.check(creators, statuses)
    else:
        refused = await rt.tables.check(creators, lambda t: t in service.live)
    if refused:
        raise ApiError(429, refused)
    return creators


async def table_created(request: Any, creators: dict[str, str], table_id: str) -> None:
    rt = runtime(request)
    if rt.shared_tables is not None:
        await rt.shared_tables.add(creators, table_id)
    else:
        rt.tables.add(creators, table_id)
