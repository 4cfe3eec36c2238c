"""Failures under load, for the cluster bench and the cluster tests: every
table is played to its end through the balancer (players reconnect through it
whenever their socket drops) while a node, a bot worker or Redis is killed;
then the database judges: every acknowledged move stored once at its ply, the
plies of every table contiguous, every table finished.

Nothing here starts servers: the caller (bench/cluster_bench.py,
tests/server/cluster) does, and hands in what to kill.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import os
import random
import signal
import time

from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus


def options_from(decision: dict) -> list[str]:
    """Whole MOVE strings a client can build from a seat's decision."""
    kind = decision["kind"]
    if kind in ("turn", "centaur"):
        out = [f"recruit {c}" for c in decision["recruit"]]
        if decision["deck"]:
            out.append("recruit deck")
        out += [f"band {c}" for c in decision["leaders"]]
        if decision["pass"]:
            out.append("pass")
        return out
    if kind == "keep":
        return ["keep"]
    return list(decision["moves"])


def random_move(decision: dict, rng: random.Random) -> str:
    return rng.choice(options_from(decision))


class Record:
    """What the players saw: their acknowledgements, round trips, reconnects."""

    def __init__(self) -> None:
        self.acks: list[tuple[str, int, list[str]]] = []  # (table, ply after, moves)
        self.rtt_ms: list[float] = []  # send -> ack, on the player's side
        self.ack_times: list[float] = []  # when each ack arrived (time.time())
        self.reconnects = 0
        self.errors: dict[str, int] = {}

    def error(self, key: str) -> None:
        self.errors[key] = self.errors.get(key, 0) + 1


async def play_seat(
    base: str,
    gid: str,
    seat: int,
    token: str,
    address: str,
    rec: Record,
    deadline: float,
    rng: random.Random,
    think: tuple[float, float] = (0.0, 0.0),
) -> str:
    """Play one seat to the table's end; a dropped socket or an error (409
    stale, 503 while a service is away) reads the table again from a fresh
    socket through the balancer. Returns the table's last status."""
    url = base.replace("http://", "ws://") + f"/api/games/{gid}/ws?seat={seat}&token={token}"
    first = True
    while time.time() < deadline:
        if not first:
            rec.reconnects += 1
        first = False
        try:
            async with connect(url, ping_interval=None, open_timeout=15, local_addr=(address, 0)) as ws:
                acted, sent_at = -1, None
                async for raw in ws:
                    m = json.loads(raw)
                    if m["type"] == "view":
                        if m["status"] != "active":
                            return m["status"]
                        d = m["decision"]
                        if d and seat in d["seats"] and m["ply"] != acted:
                            acted = m["ply"]
                            if think[1] > 0:
                                await asyncio.sleep(rng.uniform(*think))
                            sent_at = time.perf_counter()
                            await ws.send(json.dumps({"type": "move", "move": random_move(d, rng), "ply": m["ply"]}))
                    elif m["type"] == "ack":
                        rec.acks.append((gid, m["ply"], m["moves"]))
                        rec.ack_times.append(time.time())
                        if sent_at is not None:
                            rec.rtt_ms.append((time.perf_counter() - sent_at) * 1000)
                            sent_at = None
                    elif m["type"] == "error":
                        rec.error(str(m.get("status")))
                        break
        except (TimeoutError, ConnectionClosed, OSError, InvalidStatus) as e:
            rec.error(type(e).__name__)
        await asyncio.sleep(0.2 + rng.random() * 0.3)
    return "timeout"


def seat_address(n: int) -> str:
    """A loopback address of its own per player (the per-address limits stay on)."""
    n += 2
    return f"127.{n // 62500 % 250 + 1}.{n // 250 % 250}.{n % 250 + 2}"


async def play_tables(
    base: str, tables: list[dict], rec: Record, seconds: float, think=(0.0, 0.0), events=(), seed: int = 1
) -> list[str]:
    """Every human seat of `tables` played to the end; `events` are
    (seconds from the start, callable) run in a thread meanwhile (the kills)."""
    deadline = time.time() + seconds
    rng = random.Random(seed)
    tasks = [
        asyncio.create_task(
            play_seat(
                base,
                t["id"],
                s["seat"],
                s["token"],
                seat_address(i * 8 + s["seat"]),
                rec,
                deadline,
                random.Random(rng.random()),
                think,
            )
        )
        for i, t in enumerate(tables)
        for s in t["seats"]
        if s.get("token")
    ]
    loop = asyncio.get_running_loop()
    t0 = time.time()

    async def fire(at: float, fn) -> None:
        await asyncio.sleep(max(0.0, t0 + at - time.time()))
        await loop.run_in_executor(None, fn)

    fired = [asyncio.create_task(fire(at, fn)) for at, fn in events]
    results = await asyncio.gather(*tasks)
    await asyncio.gather(*fired)
    return list(results)


def wait_finished(db: str, gids: list[str], seconds: float) -> list[str]:
    """Wait for tables no client plays (all bots); returns those not finished."""
    import psycopg

    deadline = time.time() + seconds
    while True:
        with psycopg.connect(db) as conn:
            rows = conn.execute("select id from games where id = any(%s) and status <> 'finished'", (gids,)).fetchall()
        left = [r[0] for r in rows]
        if not left or time.time() > deadline:
            return left
        time.sleep(0.5)


def verify(db: str, tables: list[dict], rec: Record) -> dict:
    """The database against what the players were told."""
    import psycopg

    gids = [t["id"] for t in tables]
    with psycopg.connect(db) as conn:
        rows = conn.execute(
            "select game_id, ply, move from moves where game_id = any(%s) order by game_id, ply", (gids,)
        ).fetchall()
        status = dict(conn.execute("select id, status from games where id = any(%s)", (gids,)).fetchall())
        twice = conn.execute(
            "select count(*) from (select game_id, ply from moves where game_id = any(%s) "
            "group by game_id, ply having count(*) > 1) d",
            (gids,),
        ).fetchone()[0]
    stored: dict[str, list[tuple[int, str]]] = {g: [] for g in gids}
    for gid, ply, move in rows:
        stored[gid].append((ply, move))
    gaps = [g for g, ms in stored.items() if [p for p, _ in ms] != list(range(len(ms)))]
    lost = 0
    seen: dict[tuple[str, int], int] = {}
    for gid, ply, moves in rec.acks:
        seen[(gid, ply)] = seen.get((gid, ply), 0) + 1
        got = [m for _, m in stored.get(gid, [])][ply - len(moves) : ply]
        if got != moves:
            lost += 1
    return {
        "tables": len(gids),
        "finished": sum(1 for g in gids if status.get(g) == "finished"),
        "moves_stored": len(rows),
        "moves_acked": len(rec.acks),
        "lost": lost,
        "duplicates": twice + sum(n - 1 for n in seen.values() if n > 1),
        "tables_with_gaps": len(gaps),
    }


# ----------------------------------------------------------------- kills
def kill_group(pid: int) -> None:
    """kill -9 of a process and the worker processes it spawned (its group)."""
    with contextlib.suppress(ProcessLookupError):
        os.killpg(pid, signal.SIGKILL)


def kill_a_holder(bus: str, prefix: str, groups: list[int], seconds: float = 10.0) -> tuple[int, str] | None:
    """kill -9 of the bot worker (one of `groups`, process-group ids) that holds
    a job, waiting up to `seconds` for one to hold a job. Returns (index in
    `groups`, the job's stream entry), or None if none held a job.

    A bot's decision can take a millisecond: a worker seen holding a job may
    have answered it before the kill lands, and then nothing is left to take
    over. So the holder is stopped first (SIGSTOP), the queue is asked whether
    the entry is still its own, and only then is it killed; otherwise it is
    let go on (SIGCONT) and another holder is looked for."""
    import redis

    from meeple.server.jobs.protocol import GROUP, Keys

    client = redis.Redis.from_url(bus)
    stream = Keys(prefix).stream
    deadline = time.time() + seconds
    try:
        while time.time() < deadline:
            try:
                pending = client.xpending_range(stream, GROUP, "-", "+", 10)
            except redis.ResponseError:
                pending = []
            for held in pending:
                consumer, entry = held["consumer"].decode(), held["message_id"].decode()
                try:
                    group = os.getpgid(int(consumer.split(":")[1]))
                except (ValueError, IndexError, ProcessLookupError):
                    continue  # a released job, or a worker gone already
                if group not in groups:
                    continue
                still = False
                os.killpg(group, signal.SIGSTOP)
                try:
                    still = bool(client.xpending_range(stream, GROUP, entry, entry, 1, consumername=consumer))
                finally:  # a worker is never left stopped
                    if still:
                        kill_group(group)
                    else:
                        os.killpg(group, signal.SIGCONT)
                if still:
                    return groups.index(group), entry
            time.sleep(0.02)
    finally:
        client.close()
    return None
