"""Tournaments: many games between bots, seats rotated, in parallel.

`run_jobs` runs any list of jobs on a backend ("process": a
ProcessPoolExecutor, "ray": Ray tasks, or in-process with one worker), results
in job order; `run_games` uses it to play game jobs and returns one record per
game (a failing game is a record with its
seed and moves, never an exception). `tournament` builds the jobs, rotates
seats, and summarises: per-bot win rate with a 95% Wilson interval, mean
glory, TrueSkill ratings.
"""

from __future__ import annotations

import math
import os
import time
from typing import TYPE_CHECKING

from meeple.arena.match import play_game
from meeple.core.game import GameError

if TYPE_CHECKING:  # (rich is imported only when the bar is shown)
    from rich.progress import Progress

MAX_WORKERS = 256


def game_seed(seed: int, i: int) -> int:
    return seed * 1_000_003 + i


def check_workers(workers) -> int:
    if workers is None:
        return max(1, os.cpu_count() or 1)
    if isinstance(workers, bool) or not isinstance(workers, int) or not 1 <= workers <= MAX_WORKERS:
        raise GameError(f"workers must be a whole number from 1 to {MAX_WORKERS}, got {workers!r}")
    return workers


# ------------------------------------------------------------------ backends
def _job(args: tuple) -> dict:
    game, specs, seed = args
    return play_game(game, specs, seed)


def run_games(
    jobs: list[tuple], workers: int = 1, backend: str = "process", progress: bool = False, label: str = "games"
) -> list[dict]:
    """Play `jobs` (game, specs, seed); records come back in job order."""
    return run_jobs(_job, jobs, workers, backend, progress, label, _failed_game)


def _failed_game(job: tuple, why: str) -> dict:
    game, specs, seed = job
    return {"ok": False, "seed": seed, "specs": list(specs), "error": why, "moves": []}


def run_jobs(
    fn, jobs: list, workers: int = 1, backend: str = "process", progress: bool = False, label: str = "jobs", failed=None
) -> list:
    """`fn(job)` for every job on a backend, results in job order.

    `fn` must be a module-level function (it is pickled to the workers). A job
    whose worker dies gets `failed(job, reason)` (default: the exception is
    raised)."""
    workers = check_workers(workers)
    results: list = [None] * len(jobs)
    with _Progress(len(jobs), progress, label) as bar:
        if backend == "ray":
            _run_ray(fn, jobs, workers, results, bar, failed)
        elif backend == "process" and workers > 1 and len(jobs) > 1:
            import multiprocessing as mp
            from concurrent.futures import ProcessPoolExecutor, as_completed

            ctx = mp.get_context("spawn" if os.name == "nt" else "fork")
            with ProcessPoolExecutor(max_workers=workers, mp_context=ctx) as pool:
                futs = {pool.submit(fn, j): i for i, j in enumerate(jobs)}
                for f in as_completed(futs):
                    i = futs[f]
                    try:
                        results[i] = f.result()
                    except Exception as e:  # the worker itself died
                        if failed is None:
                            raise
                        results[i] = failed(jobs[i], f"worker failed: {type(e).__name__}: {e}")
                    bar.advance()
        elif backend in ("process", "local"):
            for i, j in enumerate(jobs):
                results[i] = fn(j)
                bar.advance()
        else:
            raise GameError(f"unknown backend {backend!r}; use 'process' or 'ray'")
    return results


def _run_ray(fn, jobs, workers, results, bar, failed) -> None:
    try:
        import ray
    except ImportError:
        raise GameError("the ray backend needs the optional extra: pip install 'meeple[ray]'") from None
    started = False
    if not ray.is_initialized():
        address = os.environ.get("RAY_ADDRESS")
        if address:
            ray.init(address=address, log_to_driver=False)
        else:
            ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        remote = ray.remote(fn)
        refs = [remote.remote(j) for j in jobs]
        index = {r: i for i, r in enumerate(refs)}
        pending = list(refs)
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for r in done:
                i = index[r]
                try:
                    results[i] = ray.get(r)
                except Exception as e:
                    if failed is None:
                        raise
                    results[i] = failed(jobs[i], f"ray task failed: {type(e).__name__}: {e}")
                bar.advance()
    finally:
        if started:
            ray.shutdown()


class _Progress:
    """A rich progress bar on stderr (nothing when disabled)."""

    def __init__(self, total: int, enabled: bool, label: str) -> None:
        self.total, self.enabled, self.label = total, enabled, label
        self.p: Progress | None = None

    def __enter__(self):
        if self.enabled:
            from rich.console import Console
            from rich.progress import BarColumn, MofNCompleteColumn, Progress, TimeElapsedColumn, TimeRemainingColumn

            self.p = Progress(
                "[progress.description]{task.description}",
                BarColumn(),
                MofNCompleteColumn(),
                TimeElapsedColumn(),
                TimeRemainingColumn(),
                console=Console(stderr=True),
                transient=False,
            )
            self.p.__enter__()
            self.task = self.p.add_task(self.label, total=self.total)
        return self

    def advance(self) -> None:
        if self.p is not None:
            self.p.advance(self.task)

    def __exit__(self, *exc):
        if self.p is not None:
            self.p.__exit__(*exc)
        return False


# ------------------------------------------------------------------ statistics
def wilson(wins: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """95% Wilson score interval for a win rate (shared wins count fractionally)."""
    if n <= 0:
        return (0.0, 1.0)
    ph = wins / n
    den = 1 + z * z / n
    centre = (ph + z * z / (2 * n)) / den
    half = z * math.sqrt(ph * (1 - ph) / n + z * z / (4 * n * n)) / den
    return (max(0.0, centre - half), min(1.0, centre + half))


def labels_for(specs: list[str]) -> list[str]:
    """One label per lineup entry: the spec, with #2, #3 for repeats."""
    seen: dict[str, int] = {}
    out = []
    for s in specs:
        seen[s] = seen.get(s, 0) + 1
        out.append(s if seen[s] == 1 else f"{s}#{seen[s]}")
    return out


def rotation(i: int, n: int) -> list[int]:
    """Game i: seat j is played by lineup entry (j + i) mod n."""
    return [(j + i) % n for j in range(n)]


def summarise(records: list[dict], lineup: list[str], rotations: list[list[int]]) -> dict:
    """Per-entry win rates, intervals, glory, TrueSkill; failures listed apart."""
    labels = labels_for(lineup)
    n = len(lineup)
    games = [0] * n
    wins = [0.0] * n
    glory = [0.0] * n
    outright = [0] * n
    by_seat = [[0.0, 0] for _ in range(n)]
    # think: decisions, searched decisions, wall s, CPU s, iterations, early stops
    think = [[0, 0, 0.0, 0.0, 0, 0] for _ in range(n)]
    failures = []
    ratings = _Ratings(labels)
    for rec, rot in zip(records, rotations, strict=True):
        if not rec.get("ok"):
            failures.append({k: rec.get(k) for k in ("seed", "specs", "error", "where", "moves")})
            continue
        for seat, entry in enumerate(rot):
            games[entry] += 1
            wins[entry] += rec["returns"][seat]
            glory[entry] += rec["glory"][seat]
            outright[entry] += rec["returns"][seat] == 1.0
            by_seat[seat][0] += rec["returns"][seat]
            by_seat[seat][1] += 1
            if "searched" in rec:
                t = think[entry]
                t[0] += rec["decisions"][seat]
                t[1] += rec["searched"][seat]
                t[2] += rec["think_s"][seat]
                t[3] += rec["think_cpu_s"][seat]
                t[4] += rec["iterations"][seat]
                t[5] += rec["stopped_early"][seat]
        ratings.rate([rot[seat] for seat in range(n)], rec["glory"], rec["returns"])
    bots = []
    for e in range(n):
        lo, hi = wilson(wins[e], games[e])
        bots.append(
            {
                "bot": labels[e],
                "spec": lineup[e],
                "games": games[e],
                "wins": round(wins[e], 3),
                "outright_wins": outright[e],
                "win_rate": round(wins[e] / games[e], 4) if games[e] else None,
                "ci95": [round(lo, 4), round(hi, 4)],
                "mean_glory": round(glory[e] / games[e], 2) if games[e] else None,
                "rating": ratings.table(e),
                "think": _think(think[e]),
            }
        )
    return {
        "bots": bots,
        "by_seat": [
            {"seat": s, "games": g, "win_rate": round(w / g, 4) if g else None} for s, (w, g) in enumerate(by_seat)
        ],
        "rating_system": ratings.system,
        "failures": failures,
    }


def _think(t: list) -> dict:
    """Per searched decision (more than one legal action): mean CPU and wall
    seconds in choose(), mean search simulations, share stopped early."""
    decisions, searched, wall, cpu, iters, early = t
    per = (lambda x, nd=4: round(x / searched, nd)) if searched else (lambda x, nd=4: None)
    return {
        "decisions": decisions,
        "searched": searched,
        "cpu_s": round(cpu, 3),
        "wall_s": round(wall, 3),
        "mean_cpu_s": per(cpu),
        "mean_wall_s": per(wall),
        "mean_iterations": per(iters, 1),
        "stopped_early": per(early, 4),
    }


class _Ratings:
    """TrueSkill (the `trueskill` package) when installed, else Elo by pairs."""

    def __init__(self, labels: list[str]) -> None:
        try:
            import trueskill

            self.env = trueskill.TrueSkill(draw_probability=0.02)
            self.r = [self.env.create_rating() for _ in labels]
            self.system = "trueskill"
        except ImportError:
            self.env = None
            self.r = [1500.0 for _ in labels]
            self.system = "elo"

    def rate(self, entries: list[int], glory: list, returns: list[float]) -> None:
        # rank: winners first, then by glory
        order = sorted(range(len(entries)), key=lambda s: (-returns[s], -glory[s]))
        rank = {}
        r = 0
        prev = None
        for i, s in enumerate(order):
            key = (returns[s], glory[s])
            if key != prev:
                r = i
                prev = key
            rank[s] = r
        if self.env is not None:
            groups = [(self.r[entries[s]],) for s in range(len(entries))]
            new = self.env.rate(groups, ranks=[rank[s] for s in range(len(entries))])
            for s, (rt,) in enumerate(new):
                self.r[entries[s]] = rt
        else:
            k = 16.0
            old = list(self.r)
            for a in range(len(entries)):
                for b in range(a + 1, len(entries)):
                    ea = 1 / (1 + 10 ** ((old[entries[b]] - old[entries[a]]) / 400))
                    sa = 1.0 if rank[a] < rank[b] else 0.5 if rank[a] == rank[b] else 0.0
                    self.r[entries[a]] += k * (sa - ea)
                    self.r[entries[b]] -= k * (sa - ea)

    def table(self, e: int) -> dict:
        if self.env is not None:
            rt = self.r[e]
            return {"mu": round(rt.mu, 2), "sigma": round(rt.sigma, 2), "conservative": round(rt.mu - 3 * rt.sigma, 2)}
        return {"elo": round(self.r[e], 1)}


# ------------------------------------------------------------------ tournament
def tournament(
    game: str,
    lineup: list[str],
    games: int,
    seed: int = 0,
    workers: int | None = None,
    backend: str = "process",
    progress: bool = False,
) -> dict:
    """Play `games` games of `lineup` (one bot spec per seat), seats rotated."""
    from meeple import games as registry
    from meeple.bots.registry import parse_spec

    mod = registry.get(game)
    if not mod.min_players <= len(lineup) <= mod.max_players:
        raise GameError(f"{game} is for {mod.min_players}-{mod.max_players} players, got {len(lineup)} bots")
    for spec in lineup:
        parse_spec(spec)
    if not isinstance(games, int) or games < 1:
        raise GameError(f"games must be at least 1, got {games!r}")
    workers = check_workers(workers)
    n = len(lineup)
    rotations = [rotation(i, n) for i in range(games)]
    jobs = [(game, [lineup[e] for e in rot], game_seed(seed, i)) for i, rot in enumerate(rotations)]
    t0 = time.perf_counter()
    records = run_games(jobs, workers, backend, progress, f"{game} arena")
    wall = time.perf_counter() - t0
    report = {
        "game": game,
        "players": n,
        "lineup": list(lineup),
        "games": games,
        "seed": seed,
        "workers": workers,
        "backend": backend,
        "completed": sum(1 for r in records if r.get("ok")),
        "errors": sum(1 for r in records if not r.get("ok")),
    }
    report.update(summarise(records, lineup, rotations))
    report["seconds"] = round(wall, 2)
    report["records"] = records
    return report
