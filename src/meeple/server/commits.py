"""The commit loop: moves go to storage in group commits.

Every change of a table is appended on the storage thread; appends that
arrive while a commit runs are committed together in the next transaction, so
many games share one disk sync. A failing append is isolated: the others of
its batch are committed one by one, and only its own waiter gets the error.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

from meeple.server.storage import Storage


class CommitLoop:
    def __init__(self, db: Callable[..., Awaitable], storage: Storage) -> None:
        """`db(fn, *args)` runs `fn` on the storage thread."""
        self.db = db
        self.storage = storage
        self._pending: list = []
        self._writer: asyncio.Task | None = None

    async def append(self, game_id: str, first_ply: int, moves, winners, version: int, bot) -> None:
        """Commit moves; returns once they are on disk (storage.append_batch
        says what an item holds)."""
        fut = asyncio.get_running_loop().create_future()
        self._pending.append((game_id, first_ply, moves, winners, version, bot, fut))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_loop())
        await fut

    async def _write_loop(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            items = [b[:6] for b in batch]
            try:
                await self.db(self.storage.append_batch, items)
                results: list[Exception | None] = [None] * len(batch)
            except Exception:
                # isolate the failing append: commit the others one by one
                results = []
                for item in items:
                    try:
                        await self.db(self.storage.append_batch, [item])
                        results.append(None)
                    except Exception as e:  # noqa: BLE001 - handed to the waiter
                        results.append(e)
            for (*_, fut), err in zip(batch, results, strict=True):
                if not fut.done():
                    fut.set_result(None) if err is None else fut.set_exception(err)
