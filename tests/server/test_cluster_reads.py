"""A node's reads after another node's acknowledged commit (one SQLite file
stands for the shared database; the other node is its direct writes)."""

from __future__ import annotations

import asyncio
import threading


class QuietBus:
    """A bus that is up and delivers nothing: a message sent while this node
    did not hold the table is exactly what it misses."""

    node = "n1"
    up = True
    reason = ""

    def publish(self, msg: dict) -> None:
        pass


def test_a_read_joining_a_load_from_an_older_record_is_not_older_than_the_commit(tmp_path):
    """A socket's connect started loading the table at ply 0; the other node
    committed ply 1 (its bus message reached no held copy); a GET that came
    after the acknowledgement joined the load in flight and answered ply 0
    (stale read across nodes). The copy is checked against the head once held."""
    from meeple.core import savegame
    from meeple.server.service import GameService
    from meeple.server.storage import GameRecord, Storage

    state = savegame.replay({"game": "okc", "players": 2, "seed": 5, "options": {}, "moves": []})
    first = (state.decision().seats[0], sorted(state.legal_moves())[0])
    storage = Storage(f"sqlite:///{tmp_path / 'g.db'}")
    seats = [{"kind": "human", "token_hash": "x", "name": f"P{k}"} for k in range(2)]
    storage.create_game(GameRecord("t1", "okc", 2, 5, {}, seats))

    async def run():
        service = GameService(storage, None, bus=QuietBus())
        release = threading.Event()
        real_load = service._load

        def slow_load(rec):
            release.wait(30)
            return real_load(rec)

        service._load = slow_load
        try:
            connect = asyncio.create_task(service.get("t1", fresh=False))  # reads the record at ply 0
            while "t1" not in service._loading:
                await asyncio.sleep(0.01)
            await service._db(storage.append_batch, [("t1", 0, [first], None, 0, None)])  # acknowledged elsewhere
            read = asyncio.create_task(service.get("t1"))  # the GET after the acknowledgement
            await asyncio.sleep(0.05)
            release.set()
            g_read, g_connect = await read, await connect
            return g_read.ply, g_connect.ply, g_read is g_connect
        finally:
            release.set()
            await service.stop()

    read_ply, connect_ply, same = asyncio.run(run())
    storage.close()
    assert (read_ply, connect_ply, same) == (1, 1, True)
