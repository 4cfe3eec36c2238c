"""What the service's rooms (bot_driver, cluster, undo_consent) read of the
service that holds them, as protocols: the rooms are typed against these, so
they never import service.py (which imports them) and the imports go one way."""

from __future__ import annotations

import collections
from concurrent.futures import Executor
from typing import Any, Protocol

from meeple.server.live import LiveGame
from meeple.server.storage import Storage
from meeple.server.workers import BotPool


class Bots(Protocol):
    """What the other rooms ask of the bots' driver (bot_driver.BotDriver)."""

    def to_move(self, g: LiveGame, state=None) -> int | None: ...

    def kick(self, g: LiveGame) -> None: ...


class Cluster(Protocol):
    """What the other rooms ask of the cluster sync (cluster.ClusterSync)."""

    def check(self) -> None: ...

    def publish(self, msg: dict) -> None: ...

    def bot_lease(self, g: LiveGame, state) -> tuple[str, float] | None: ...

    async def claim_bots(self, g: LiveGame) -> bool: ...

    def share_undo(self, g: LiveGame) -> None: ...

    async def reload(self, g: LiveGame) -> None: ...


class Undo(Protocol):
    """What the other rooms ask of the undo requests (undo_consent.UndoConsent)."""

    def applied(self, g: LiveGame, ply: int, prev) -> None: ...


class Host(Protocol):
    """The service as its rooms see it (service.GameService)."""

    storage: Storage
    pool: BotPool | None
    bus: Any
    node: str
    lease: float
    bot_delay: float
    bot_tables_kept: int | None
    live: dict[str, LiveGame]
    done: collections.OrderedDict[str, LiveGame]
    stats: dict[str, int]
    clock: Any
    sleep: Any
    notify: Any
    on_push: Any
    on_forget: Any
    _loader: Executor

    @property
    def bots(self) -> Bots: ...

    @property
    def cluster(self) -> Cluster: ...

    @property
    def undo_consent(self) -> Undo: ...

    async def _db(self, fn, *args) -> Any: ...

    async def _commit(self, g: LiveGame, new, moves: list[tuple[int, str]]) -> None: ...

    def _remember_done(self, g: LiveGame) -> None: ...

    async def get(self, game_id: str, fresh: bool = True) -> LiveGame: ...
