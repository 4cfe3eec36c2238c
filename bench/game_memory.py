"""Memory of a live game late in play (in-process, tracemalloc).

    .venv/bin/python bench/game_memory.py [--games 50] [--players 4] [--fraction 0.9]

Creates games in a GameService (SQLite in a temporary file), plays each with
random legal moves to `fraction` of a full game's length, builds every seat's
and the spectator's view (as the websocket pushes do), and reports the Python
heap held per game. Websocket buffers are not counted here; server_bench.py
measures the whole process (RSS) with 4 live websockets per game.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import random
import sys
import tempfile
import tracemalloc

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))

from bench.server_bench import random_move  # noqa: E402
from meeple.server.service import GameService  # noqa: E402
from meeple.server.storage import Storage  # noqa: E402


async def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--games", type=int, default=50)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--fraction", type=float, default=0.9)
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="meeple-mem-")
    svc = GameService(Storage(os.path.join(tmp, "m.db"), sqlite_sync="NORMAL"), None)
    # how long is a game? play one to the end first
    rng = random.Random(0)

    async def play(g, limit):
        while not g.finished and g.ply < limit:
            s = g.state.decision().seat
            v = svc.view(g, s)
            await svc.submit(g, s, random_move(v["decision"], v["state"]["seats"][s]["hand"], rng))

    g0, _ = await svc.create("ethnos", a.players, ["human"] * a.players, 10**6, {})
    await play(g0, 10**9)
    length = g0.ply
    svc.done.clear()
    gc.collect()
    tracemalloc.start()
    before = tracemalloc.take_snapshot()
    games = []
    for i in range(a.games):
        g, _ = await svc.create("ethnos", a.players, ["human"] * a.players, i, {})
        await play(g, int(length * a.fraction))
        for viewer in [None, *range(a.players)]:
            svc.view(g, viewer)
        games.append(g)
    gc.collect()
    after = tracemalloc.take_snapshot()
    size = sum(s.size_diff for s in after.compare_to(before, "filename"))
    if os.environ.get("MEEPLE_MEM_TOP"):
        for st in after.compare_to(before, "lineno")[:12]:
            print(st, file=sys.stderr)
    live = sum(not g.finished for g in games)
    print(
        json.dumps(
            {
                "games": a.games,
                "live": live,
                "players": a.players,
                "full_game_moves": length,
                "moves_each": int(length * a.fraction),
                "heap_kb_per_game": round(size / a.games / 1024, 1),
            }
        )
    )
    await svc.stop()


if __name__ == "__main__":
    asyncio.run(main())
