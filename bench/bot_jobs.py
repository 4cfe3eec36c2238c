"""Bot jobs on the Redis queue against the in-process pool (docs/bot-jobs.md).

    PYTHONPATH=src .venv/bin/python bench/bot_jobs.py [--bus redis://127.0.0.1:6379/0] [--json]

1. Round trip: one decision after another (Ethnos, 3 players, the random bot,
   whose thinking is negligible), asked → answered, p50 and p99, through
   `BotPool` (a process pool in the node) and through `JobPool` (Redis, one
   worker process).
2. Throughput: `--tables` tables asking at once, decisions per second through
   the process pool (1 worker) and the queue with 1 and with 2 worker
   processes, for the random bot (the queue's own cost) and for ISMCTS with a
   fixed number of simulations (thinking dominates).
Each run uses its own key prefix, deleted afterwards.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import statistics
import time
import uuid


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(q * len(ordered)))]


async def round_trip(pool, obs, n: int) -> dict:
    took = []
    for seed in range(n):
        t = time.perf_counter()
        await pool.choose("random", 1000 + seed, obs, table="t", ply=0)
        took.append(time.perf_counter() - t)
    ms = [1000 * x for x in took]
    return {"decisions": n, "p50_ms": round(statistics.median(ms), 2), "p99_ms": round(percentile(ms, 0.99), 2)}


async def throughput(pool, obs, spec: str, tables: int, seconds: float) -> dict:
    count = 0
    end = time.perf_counter() + seconds

    async def table(t: int) -> None:
        nonlocal count
        seed = 0
        while time.perf_counter() < end:
            await pool.choose(spec, seed, obs, table=f"table-{t}", ply=seed)
            seed += 1
            count += 1

    started = time.perf_counter()
    await asyncio.gather(*(table(t) for t in range(tables)))
    took = time.perf_counter() - started
    return {"spec": spec, "tables": tables, "decisions": count, "per_s": round(count / took, 1)}


def worker_pids(pool) -> list[int]:
    procs = getattr(pool, "_procs", None)  # JobPool
    if procs is None:  # BotPool's ProcessPoolExecutor
        procs = pool._pool._processes.values()
    return [proc.pid for proc in procs]


def cpu_seconds(pids: list[int]) -> float:
    """CPU time of this process (the node) and of the worker processes."""
    ticks = os.sysconf("SC_CLK_TCK")
    total = time.process_time()
    for pid in pids:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        total += (int(fields[11]) + int(fields[12])) / ticks  # utime, stime
    return total


async def phase(make_pool, run, obs, spec: str = "random") -> dict:
    """`run(pool)` on a fresh, warmed pool, closed after; adds the CPU ms per
    decision of the node and its workers during the run (the Redis server,
    shared on this machine, is left out)."""
    pool = make_pool()
    try:
        for seed in range(10):
            await pool.choose(spec, seed, obs, table=f"warm-{seed}")
        pids = worker_pids(pool)
        cpu = cpu_seconds(pids)
        report = await run(pool)
        report["cpu_ms_per_decision"] = round(1000 * (cpu_seconds(pids) - cpu) / report["decisions"], 2)
    finally:
        await asyncio.get_running_loop().run_in_executor(None, pool.close)
    return report


async def measure(args) -> dict:
    from meeple.bots.base import observe
    from meeple.games import get
    from meeple.server.jobs.pool import JobPool
    from meeple.server.workers import BotPool

    obs = observe(get("ethnos").new_game(3, seed=1))
    out: dict = {"cpus": os.cpu_count(), "load_before": os.getloadavg()[0]}
    out["round_trip_process_pool"] = await phase(
        lambda: BotPool(1, 5.0), lambda pool: round_trip(pool, obs, args.decisions), obs
    )
    prefix = f"meeple-bench:{uuid.uuid4().hex[:8]}"
    try:
        out["round_trip_redis"] = await phase(
            lambda: JobPool(args.bus, 1, 5.0, prefix=prefix + ":rt"),
            lambda pool: round_trip(pool, obs, args.decisions),
            obs,
        )
        for spec in ("random", f"ismcts:{args.simulations}"):
            out[f"throughput_{spec.split(':')[0]}_process_pool_1_worker"] = await phase(
                lambda: BotPool(1, 5.0),
                lambda pool, spec=spec: throughput(pool, obs, spec, args.tables, args.seconds),
                obs,
                spec,
            )
            for workers in (1, 2):
                out[f"throughput_{spec.split(':')[0]}_{workers}_worker"] = await phase(
                    lambda workers=workers: JobPool(args.bus, workers, 5.0, prefix=f"{prefix}:{workers}"),
                    lambda pool, spec=spec: throughput(pool, obs, spec, args.tables, args.seconds),
                    obs,
                    spec,
                )
    finally:
        import redis

        client = redis.Redis.from_url(args.bus)
        keys = list(client.scan_iter(match=f"{prefix}:*"))
        if keys:
            client.delete(*keys)
    out["load_after"] = os.getloadavg()[0]
    return out


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--bus", default="redis://127.0.0.1:6379/0")
    ap.add_argument("--decisions", type=int, default=500)
    ap.add_argument("--tables", type=int, default=20)
    ap.add_argument("--seconds", type=float, default=10.0)
    ap.add_argument("--simulations", type=int, default=100)
    ap.add_argument("--json", action="store_true")
    args = ap.parse_args()
    report = asyncio.run(measure(args))
    if args.json:
        print(json.dumps(report))
    else:
        for k, v in report.items():
            print(f"{k:>34}: {v}")


if __name__ == "__main__":
    main()
