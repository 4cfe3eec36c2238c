"""Bot time between people: an honest table's bot replies while one address
floods the server with bot-only tables (issue #34, finding 1).

    PYTHONPATH=src .venv/bin/python bench/bot_fairness.py [--before 20] [--during 60]
        [--tables 10] [--workers 2] [--json out.json] [-- extra `meeple serve` flags]

A real `meeple serve` (its default limits, SQLite in a temporary directory)
runs as its own process. The honest client, from 127.0.0.2, creates a
two-player Ethnos table, itself against `bot:easy`, and plays random legal
moves over its websocket at once when asked; it notes the time from each of
its moves' acknowledgement until it is asked again (the bot's reply, the bot
delay included). After `--before` seconds the attacker, from 127.0.0.3, asks
for `--tables` tables of six `bot:ismcts:5s` (what the server accepts of them
is reported), and the honest client goes on for `--during` seconds. Reported:
the honest reply intervals before and during (count, median, p95, longest),
and the server's /api/health bot counters. A benchmark, not a test: the
numbers depend on the machine and its load.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import statistics
import sys
import tempfile
import time

import httpx
from websockets.asyncio.client import connect

sys.path.insert(0, os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
from bench.server_bench import free_port, random_move  # noqa: E402

HONEST, ATTACKER = "127.0.0.2", "127.0.0.3"


def start(db: str, port: int, workers: int, extra: list[str], log) -> asyncio.subprocess.Process:
    import subprocess

    cmd = [sys.executable, "-m", "meeple.cli", "serve", "--port", str(port), "--db", db]
    cmd += ["--bot-workers", str(workers), "--log-level", "error", *extra]
    proc = subprocess.Popen(cmd, stdout=log, stderr=subprocess.STDOUT)
    deadline = time.time() + 60
    while time.time() < deadline:
        if proc.poll() is not None:
            raise SystemExit(f"server exited with {proc.returncode}")
        try:
            if httpx.get(f"http://127.0.0.1:{port}/api/health", timeout=1).status_code == 200:
                return proc  # type: ignore[return-value]
        except httpx.HTTPError:
            time.sleep(0.2)
    proc.kill()
    raise SystemExit("server did not start")


def summary(xs: list[float]) -> dict:
    if not xs:
        return {"replies": 0}
    s = sorted(xs)
    return {
        "replies": len(s),
        "median_s": round(statistics.median(s), 3),
        "p95_s": round(s[min(len(s) - 1, int(0.95 * len(s)))], 3),
        "longest_s": round(s[-1], 3),
        "replies_per_minute": None,
    }


async def honest(base: str, port: int, phases: dict, stop: asyncio.Event, rng: random.Random) -> None:
    """Play seat 0 against bot:easy, table after table, noting reply intervals
    in the phase they end in (`phases["now"]`)."""
    transport = httpx.AsyncHTTPTransport(local_address=HONEST)
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as http:
        while not stop.is_set():
            r = await http.post("/api/games", json={"game": "ethnos", "players": 2, "seats": ["human", "bot:easy"]})
            r.raise_for_status()
            gid, token = r.json()["id"], r.json()["seats"][0]["token"]
            url = f"ws://127.0.0.1:{port}/api/games/{gid}/ws?seat=0&token={token}"
            async with connect(url, max_size=2**22, ping_interval=None, local_addr=(HONEST, 0)) as ws:
                acked_at: float | None = None
                view: dict | None = None
                while not stop.is_set():
                    try:
                        raw = await asyncio.wait_for(ws.recv(), timeout=1.0)
                    except TimeoutError:
                        continue
                    m = json.loads(raw)
                    if m["type"] == "view":
                        view = m
                        if m["status"] != "active":
                            break
                        d = m["decision"]
                        if not (d and d.get("seat") == 0):
                            continue
                        if acked_at is not None:
                            phases[phases["now"]].append(time.monotonic() - acked_at)
                            acked_at = None
                    elif m["type"] == "ack":
                        acked_at = time.monotonic()
                        continue
                    elif m["type"] != "error":
                        continue
                    # our decision (or our last try was refused): answer at once
                    assert view is not None
                    d = view["decision"]
                    if not (d and d.get("seat") == 0):
                        continue
                    move = random_move(d, view["state"]["seats"][0]["hand"], rng)
                    await ws.send(json.dumps({"type": "move", "move": move, "ply": view["ply"]}))


async def attack(base: str, tables: int) -> dict:
    transport = httpx.AsyncHTTPTransport(local_address=ATTACKER)
    statuses: dict[str, int] = {}
    async with httpx.AsyncClient(base_url=base, transport=transport, timeout=30) as http:
        for _ in range(tables):
            r = await http.post("/api/games", json={"game": "ethnos", "players": 6, "seats": ["bot:ismcts:5s"] * 6})
            key = str(r.status_code)
            statuses[key] = statuses.get(key, 0) + 1
            if r.status_code != 201:
                statuses.setdefault("first_refusal", r.json().get("error"))  # type: ignore[arg-type]
    return statuses


async def run(args) -> dict:
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    with tempfile.TemporaryDirectory() as tmp, open(os.path.join(tmp, "server.log"), "w") as log:
        proc = start(os.path.join(tmp, "bench.db"), port, args.workers, args.serve, log)
        try:
            phases: dict = {"now": "before", "before": [], "during": []}
            stop = asyncio.Event()
            player = asyncio.create_task(honest(base, port, phases, stop, random.Random(7)))
            await asyncio.sleep(args.before)
            phases["now"] = "during"
            created = await attack(base, args.tables)
            await asyncio.sleep(args.during)
            stop.set()
            await asyncio.wait_for(player, 30)
            health = httpx.get(f"{base}/api/health", timeout=5).json()
        finally:
            proc.terminate()
            proc.wait(10)
    out = {
        "tables_asked": args.tables,
        "attacker_answers": created,
        "workers": args.workers,
        "serve_flags": args.serve,
        "before": summary(phases["before"]),
        "during": summary(phases["during"]),
        "health": {k: v for k, v in health.items() if k.startswith("bot")},
        "load_average": os.getloadavg(),
    }
    for name, secs in (("before", args.before), ("during", args.during)):
        if out[name]["replies"]:
            out[name]["replies_per_minute"] = round(out[name]["replies"] * 60 / secs, 1)
    return out


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    ap.add_argument("--before", type=float, default=20.0)
    ap.add_argument("--during", type=float, default=60.0)
    ap.add_argument("--tables", type=int, default=10)
    ap.add_argument("--workers", type=int, default=2)
    ap.add_argument("--json", default=None)
    ap.add_argument("serve", nargs="*", help="extra flags for meeple serve (after --)")
    args = ap.parse_args()
    out = asyncio.run(run(args))
    print(json.dumps(out, indent=2))
    if args.json:
        with open(args.json, "w") as f:
            json.dump(out, f, indent=2)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
