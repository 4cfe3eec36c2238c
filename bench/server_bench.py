"""Server benchmark: N concurrent bot-vs-bot games over websockets, then kill -9.

    .venv/bin/python bench/server_bench.py [--games 200] [--players 4]
        [--seconds 60] [--think 0.5:1.5] [--finish] [--json out.json]

The server runs as its own process (`meeple serve`, SQLite in FULL sync, group
commit). This process plays every seat of every game as a random bot over one
websocket per seat: on its decision a seat "thinks" for a random time in the
--think range (not measured), sends its MOVE and measures the round trip until
the server's acknowledgement (the move is committed to disk before that), and
until the new view is pushed back.

Phases: (1) play for --seconds, measuring round trips and the server's memory
(RSS of the server process with all games live, minus its RSS before any game,
divided by the number of games); (2) kill -9 the server, restart it on the same
database and check that every acknowledged move is in each game's log; (3) with
--finish, reconnect and play every game to its end (no think time) and check
they all finish. Traffic stays on the loopback network, and every loop is bounded.

The server runs with every protection on (its default limits are per client
address): as on the internet, each player connects from an address of its own
(127.0.x.y, all loopback on Linux), and each table is created from its first
player's address.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import os
import random
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import httpx
from processes import free_port, start_server, stop
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed


def rss_kb(pid: int) -> int:
    with open(f"/proc/{pid}/status") as f:
        for line in f:
            if line.startswith("VmRSS:"):
                return int(line.split()[1])
    return 0


def cpu_pressure() -> str | None:
    """Linux PSI: the share of time runnable tasks waited for a CPU (other load)."""
    try:
        with open("/proc/pressure/cpu") as f:
            return f.readline().strip()
    except OSError:
        return None


def cpu_s(pid: int) -> float:
    """User + system CPU seconds of a process so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def player_address(game: int, seat: int, players: int) -> str:
    """A loopback address of its own for each player (127.0.0.1 stays the bench's)."""
    n = game * players + seat + 2
    return f"127.{n // 62500}.{n // 250 % 250}.{n % 250 + 1}"


def start_bench_server(db: str, port: int, log: Path, sync: str) -> subprocess.Popen:
    return start_server(
        db, port, "--bot-delay", "0", "--bot-workers", "1", "--log-level", "error", "--sqlite-sync", sync, log=log
    )


def random_move(decision: dict, hand: list[str], rng: random.Random) -> str:
    kind = decision["kind"]
    if kind in ("turn", "centaur"):
        opts = [f"recruit {c}" for c in decision["recruit"]]
        if decision["deck"]:
            opts.append("recruit deck")
        opts += [f"band {c}" for c in decision["leaders"]]
        if decision["pass"]:
            opts.append("pass")
        move = rng.choice(opts)
        if move.startswith("band ") and rng.random() < 0.6:
            lead = move.split()[1]
            rest = list(hand)
            rest.remove(lead)
            t = lead.split(":")[0]
            same = [c for c in rest if c == "skeleton" or c.split(":")[0] == t]
            if same:
                move = " ".join(["band", lead, *rng.sample(same, min(len(same), rng.randrange(1, 4)))])
        return move
    if kind == "keep":
        return "keep " + " ".join(hand[: decision["keep_max"]]) if rng.random() < 0.5 else "keep"
    return rng.choice(decision["moves"])


class Stats:
    def __init__(self) -> None:
        self.ack_ms: list[float] = []
        self.view_ms: list[float] = []
        self.server_ms: list[float] = []  # inside the server: message in -> ack out
        self.errors: dict[str, int] = {}
        self.acked: dict[str, list[str]] = {}
        self.finished: set[str] = set()
        self.disconnects = 0


async def play_seat(
    url: str,
    gid: str,
    seat: int,
    stats: Stats,
    think: tuple[float, float],
    rng: random.Random,
    stop: asyncio.Event,
    measure: bool,
    address: str,
) -> None:
    try:
        async with connect(url, max_size=2**22, open_timeout=60, ping_interval=None, local_addr=(address, 0)) as ws:
            acted = -1
            sent_at = None
            async for raw in ws:
                m = json.loads(raw)
                if m["type"] == "view":
                    if sent_at is not None and m["ply"] > acted:
                        if measure:
                            stats.view_ms.append((time.perf_counter() - sent_at) * 1000)
                        sent_at = None
                    if m["status"] == "finished":
                        stats.finished.add(gid)
                        return
                    d = m["decision"]
                    if d and d["seat"] == seat and m["ply"] != acted and sent_at is None and not stop.is_set():
                        acted = m["ply"]
                        if think[1] > 0:
                            await asyncio.sleep(rng.uniform(*think))
                        if stop.is_set():
                            return
                        move = random_move(d, m["state"]["seats"][seat]["hand"], rng)
                        sent_at = time.perf_counter()
                        await ws.send(json.dumps({"type": "move", "move": move, "ply": m["ply"]}))
                elif m["type"] == "ack":
                    if measure and sent_at is not None:
                        stats.ack_ms.append((time.perf_counter() - sent_at) * 1000)
                        stats.server_ms.append(m.get("ms", 0.0))
                    stats.acked.setdefault(gid, []).extend(m["moves"])
                elif m["type"] == "error":
                    key = f"{m['status']}"
                    stats.errors[key] = stats.errors.get(key, 0) + 1
                    sent_at = None
                    acted = -1
                if stop.is_set() and sent_at is None:
                    return
    except (ConnectionClosed, OSError):
        stats.disconnects += 1


def pct(xs: list[float], p: float) -> float:
    if not xs:
        return float("nan")
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(p / 100 * len(xs)))], 2)


async def run_phase(
    base_ws: str, games: list[dict], stats: Stats, think, seconds: float | None, measure: bool, seed: int
) -> None:
    stop = asyncio.Event()
    rng = random.Random(seed)
    tasks = []
    for i, g in enumerate(games):
        for s in g["seats"]:
            url = f"{base_ws}/api/games/{g['id']}/ws?seat={s['seat']}&token={s['token']}"
            address = player_address(i, s["seat"], len(g["seats"]))
            tasks.append(
                asyncio.create_task(
                    play_seat(
                        url, g["id"], s["seat"], stats, think, random.Random(rng.random()), stop, measure, address
                    )
                )
            )
    if seconds is None:
        await asyncio.wait(tasks)
        return
    await asyncio.sleep(seconds)
    stop.set()
    await asyncio.wait(tasks, timeout=10)


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--games", type=int, default=200)
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--seconds", type=float, default=60.0, help="measured play before kill -9")
    ap.add_argument("--think", default="0.5:1.5", help="bot thinking time range, seconds (excluded)")
    ap.add_argument(
        "--server-nice",
        type=int,
        default=None,
        help="renice the server process (e.g. -10, needs root): on a shared machine, "
        "keeps other jobs from pre-empting it (reported)",
    )
    ap.add_argument("--sync", default="FULL", choices=["FULL", "NORMAL"], help="SQLite synchronous mode")
    ap.add_argument("--finish", action="store_true", help="after the restart, play every game to its end")
    ap.add_argument("--finish-timeout", type=float, default=1200.0)
    ap.add_argument("--json", default=None, help="write the report here too")
    a = ap.parse_args()
    lo, hi = (float(x) for x in a.think.split(":"))
    tmp = tempfile.mkdtemp(prefix="meeple-bench-")
    db = os.path.join(tmp, "bench.db")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    ws_base = f"ws://127.0.0.1:{port}"
    log = Path(tmp) / "server.log"
    report: dict = {
        "games": a.games,
        "players": a.players,
        "think_s": [lo, hi],
        "seconds": a.seconds,
        "sqlite_sync": a.sync,
        "server_nice": a.server_nice,
        "cpus": os.cpu_count(),
    }
    proc = start_bench_server(db, port, log, a.sync)
    if a.server_nice is not None:
        os.setpriority(os.PRIO_PROCESS, proc.pid, a.server_nice)
    time.sleep(1.0)
    base_rss = rss_kb(proc.pid)
    games = []
    for i in range(a.games):
        transport = httpx.HTTPTransport(local_address=player_address(i, 0, a.players))
        with httpx.Client(base_url=base, timeout=30, transport=transport) as h:
            r = h.post(
                "/api/games", json={"players": a.players, "seats": ["human"] * a.players, "seed": i, "open_seed": True}
            )
            r.raise_for_status()
            games.append(r.json())
    stats = Stats()
    rss_samples = []
    conns: list = []

    async def phase1():
        t = asyncio.create_task(run_phase(ws_base, games, stats, (lo, hi), a.seconds, True, 1))
        for _ in range(int(a.seconds // 5)):
            await asyncio.sleep(5)
            rss_samples.append(rss_kb(proc.pid))
            async with httpx.AsyncClient(base_url=base, timeout=30) as h:
                conns.append((await h.get("/api/health")).json().get("connections"))
        await t

    t0 = time.time()
    cpu0 = cpu_s(proc.pid)
    asyncio.run(phase1())
    elapsed = time.time() - t0
    cpu1 = cpu_s(proc.pid)
    with httpx.Client(base_url=base, timeout=30) as h:
        health = h.get("/api/health").json()
    peak = max(rss_samples or [rss_kb(proc.pid)])
    report.update(
        {
            "moves_acked": len(stats.ack_ms),
            "moves_per_s": round(len(stats.ack_ms) / elapsed, 1),
            "ack_ms": {
                "p50": pct(stats.ack_ms, 50),
                "p95": pct(stats.ack_ms, 95),
                "p99": pct(stats.ack_ms, 99),
                "max": round(max(stats.ack_ms, default=0), 2),
                "mean": round(statistics.fmean(stats.ack_ms), 2) if stats.ack_ms else None,
            },
            "view_push_ms": {"p50": pct(stats.view_ms, 50), "p99": pct(stats.view_ms, 99)},
            "server_ack_ms": {
                "p50": pct(stats.server_ms, 50),
                "p95": pct(stats.server_ms, 95),
                "p99": pct(stats.server_ms, 99),
            },
            "load_average": [round(x, 2) for x in os.getloadavg()],
            "cpu_pressure": cpu_pressure(),
            "server_cpu_ms_per_move": round((cpu1 - cpu0) * 1000 / max(1, len(stats.ack_ms)), 2),
            "server_cpu_share": round((cpu1 - cpu0) / elapsed, 2),
            "errors": stats.errors,
            "server_connections_max": max(conns, default=None),
            "server_moves_total": health.get("moves"),
            "rss_base_mb": round(base_rss / 1024, 1),
            "rss_peak_mb": round(peak / 1024, 1),
            "memory_per_game_kb": round((peak - base_rss) / a.games, 1),
        }
    )
    # ---- kill -9 and restart
    proc.send_signal(signal.SIGKILL)
    proc.wait()
    proc = start_bench_server(db, port, log, a.sync)
    lost = 0
    from meeple.server.storage import Storage

    store = Storage(db)  # read the database itself: the log API masks elf keeps
    try:
        for g in games:
            want = stats.acked.get(g["id"], [])
            got = [m for _, m in store.get_game(g["id"]).moves]
            if got[: len(want)] != want:
                lost += 1
    finally:
        store.close()
    with httpx.Client(base_url=base, timeout=30) as h:
        report["kill9"] = {
            "acked_moves": sum(len(v) for v in stats.acked.values()),
            "games_missing_acked_moves": lost,
            "resumed": h.get("/api/health").json().get("resumed"),
        }
    if a.finish:
        fin = Stats()
        t0 = time.time()

        async def phase3():
            await asyncio.wait_for(run_phase(ws_base, games, fin, (0.0, 0.0), None, False, 2), timeout=a.finish_timeout)

        with contextlib.suppress(TimeoutError):
            asyncio.run(phase3())
        with httpx.Client(base_url=base, timeout=30) as h:
            done = sum(h.get(f"/api/games/{g['id']}").json()["status"] == "finished" for g in games)
        report["finish"] = {
            "finished": done,
            "of": a.games,
            "seconds": round(time.time() - t0, 1),
            "moves": sum(len(v) for v in fin.acked.values()),
        }
    stop(proc)
    print(json.dumps(report, indent=2))
    if a.json:
        with open(a.json, "w") as f:
            json.dump(report, f, indent=2)
    ok = report["kill9"]["games_missing_acked_moves"] == 0 and (not a.finish or report["finish"]["finished"] == a.games)
    return 0 if ok else 1


if __name__ == "__main__":
    sys.exit(main())
