"""The advisor at the table (issue #18): hints during play, analysis after it.

    GET  /api/games/{id}/hint?seat=&token=  the seat's best moves, searched from its view only
    POST /api/games/{id}/analysis           rate every decision of a finished game -> 202 + progress
    GET  /api/games/{id}/analysis           the progress, then the result

A hint is searched from what the seat may know: the server builds the seat's
Observation exactly as it does for its bots (`meeple.bots.base.observe`) and
only that goes to a worker of the bot pool, never the server's true state.
Hints obey the bots' limits: the pool's time cap, a per-seat rate and one hint
at a time per seat. An analysis is a background job per game, cached in
memory; one runs at a time, its positions one after another in the pool, so
bots and hints keep the other workers.
"""

from __future__ import annotations

import asyncio
import collections
import concurrent.futures
import contextlib
import logging
import os
import threading
from dataclasses import dataclass
from typing import Any

from fastapi import APIRouter, FastAPI, Query, Request
from fastapi.responses import Response

from meeple.bots.base import observe
from meeple.core.game import GameError
from meeple.server.errors import ApiError
from meeple.server.fairshare import MIN_COST
from meeple.server.jsonio import dumps
from meeple.server.limits import Limiter, client_address
from meeple.server.storage import hints_allowed

log = logging.getLogger("meeple.server")

HINT_SECONDS = 2.0  # search budget of one hint (CPU seconds), under the pool's cap
ANALYSIS_SECONDS = 0.5  # search budget per decision of an analysis
MAX_ANALYSES_WAITING = 4  # analyses queued or running; more are refused (429)
MAX_ANALYSES_PER_CLIENT = 1  # of those, asked for from one address
KEEP_ANALYSES = 64  # finished analyses kept in memory


def _seconds(name: str, default: float) -> float:
    """A budget from the environment; a bad value is refused at start, by name."""
    text = os.environ.get(name)
    if text is None:
        return default
    try:
        value = float(text)
    except ValueError:
        value = -1.0
    if not 0 < value <= 60:
        raise GameError(f"{name} must be seconds from more than 0 to 60, got {text!r}")
    return value


@dataclass
class Analysis:
    """One game's analysis job: its progress, then its result or why it failed."""

    status: str = "queued"  # queued | running | done | failed
    done: int = 0  # decisions rated so far
    total: int | None = None  # decisions to rate (known once the game is replayed)
    result: dict | None = None
    error: str | None = None
    client: str = ""  # the address that asked for it (one at a time each)

    def to_json(self) -> dict:
        out = {"status": self.status, "done": self.done, "total": self.total}
        if self.result is not None:
            out["result"] = self.result
        if self.error is not None:
            out["error"] = self.error
        return out


class AdviceDesk:
    """The advisor's state on one server: budgets, per-seat limits, analysis jobs."""

    def __init__(self, limiter: Limiter) -> None:
        self.limiter = limiter  # the server's one limiter: hints per seat
        # the operator may set the budgets (docs/server.md): MEEPLE_HINT_SECONDS, MEEPLE_ANALYSIS_SECONDS
        self.hint_seconds = _seconds("MEEPLE_HINT_SECONDS", HINT_SECONDS)
        self.hint_iterations: int | None = None  # a simulation budget instead (tests)
        self.analysis_seconds = _seconds("MEEPLE_ANALYSIS_SECONDS", ANALYSIS_SECONDS)
        self.analysis_iterations: int | None = None
        self.thinking: set[tuple] = set()  # (game, seat) with a hint under way
        self.analyses: collections.OrderedDict[str, Analysis] = collections.OrderedDict()
        self.analysis_turn = asyncio.Semaphore(1)

    # ---------------------------------------------------------------- hints
    def hint_budget(self, pool) -> float:
        cap = getattr(pool, "max_seconds", None)  # the server's bot time cap, if set
        return self.hint_seconds if cap is None else min(self.hint_seconds, cap)

    async def hint(self, service, g, seat: int) -> dict:
        """The hint for `seat`, or ApiError: 403 hints off, 409 not its decision,
        429 too many, 503 no bot workers."""
        if not hints_allowed(g.rec.seats):
            raise ApiError(
                403,
                "this table does not allow hints: they are on when one person plays "
                "against bots, or when everyone seated agreed to them at its creation",
            )
        if g.finished:
            raise ApiError(409, "the game is over: there is nothing to hint")
        d = g.state.decision()
        if seat not in d.seats:
            raise ApiError(
                409, f"not your decision: {' and '.join(g.seats[s]['name'] for s in d.seats)} must answer first"
            )
        if service.pool is None:
            raise ApiError(503, "this server runs no bot workers, so it cannot search for hints")
        key = (g.id, seat)
        if key in self.thinking:
            raise ApiError(429, "a hint for your seat is already being searched: wait for it")
        if not await self.limiter.allow("hint", f"{g.id} {seat}"):
            rate = self.limiter.budget("hint")
            raise ApiError(
                429, f"too many hints: at most {rate.burst:g} in a row, then one every {1 / rate.rate:g} seconds"
            )
        ply = g.ply
        obs = observe(g.state, seat)  # the seat's knowledge: the bots' boundary
        self.thinking.add(key)
        try:
            # charged to the table's creator, as its bots are (fairshare.py): one
            # person's tables share one turn and one budget of bot seconds, so
            # hints at twenty tables cannot crowd out other people's bots
            budget = self.hint_budget(service.pool)
            found = await service.pool.call(
                hint_worker,
                obs,
                budget,
                self.hint_iterations,
                table=g.id,
                creator=g.rec.creator or None,
                cost=max(MIN_COST, budget),
            )
        except GameError as e:
            raise ApiError(409, f"no hint: {e}") from None
        finally:
            self.thinking.discard(key)
        return {"id": g.id, "ply": ply, "kind": d.kind, **found}

    # ------------------------------------------------------------- analysis
    def analysis(self, g) -> Analysis | None:
        return self.analyses.get(g.id)

    def start_analysis(self, service, g, client: str = "") -> Analysis:
        """The game's analysis job, started unless it is done or under way;
        `client` (an address) may have MAX_ANALYSES_PER_CLIENT waiting or running,
        so that one address cannot hold every place of the queue."""
        if not g.finished:
            raise ApiError(409, "an analysis is for finished games only: finish the game first")
        if service.pool is None:
            raise ApiError(503, "this server runs no bot workers, so it cannot analyse games")
        job = self.analyses.get(g.id)
        if job is not None and job.status != "failed":
            return job
        under_way = [j for j in self.analyses.values() if j.status in ("queued", "running")]
        if sum(1 for j in under_way if j.client == client) >= MAX_ANALYSES_PER_CLIENT:
            raise ApiError(
                429, f"at most {MAX_ANALYSES_PER_CLIENT} analysis at a time from your address: wait for it to finish"
            )
        if len(under_way) >= MAX_ANALYSES_WAITING:
            raise ApiError(429, f"the analyser is busy with {len(under_way)} games: try again in a few minutes")
        job = self.analyses[g.id] = Analysis(client=client)
        self._forget_old()
        asyncio.get_running_loop().create_task(self._run(service, g, job), name=f"analysis-{g.id}")
        return job

    def _forget_old(self) -> None:
        done = [k for k, j in self.analyses.items() if j.status in ("done", "failed")]
        for k in done[: max(0, len(done) - KEEP_ANALYSES)]:
            del self.analyses[k]

    async def _run(self, service, g, job: Analysis) -> None:
        async with self.analysis_turn:  # one analysis at a time on this server
            job.status = "running"
            loop = asyncio.get_running_loop()
            finished: asyncio.Future = loop.create_future()
            record = service.move_log(g)
            thread = threading.Thread(
                target=self._analyse,
                args=(loop, service.pool, record, job, finished),
                name=f"analysis-{g.id}",
                daemon=True,
            )
            thread.start()
            try:
                job.result = await finished
                job.status = "done"
            except GameError as e:
                job.status, job.error = "failed", str(e)
            except Exception as e:  # noqa: BLE001 - logged; the player gets words, not a traceback
                log.exception("analysis of game %s failed", g.id)
                job.status, job.error = "failed", f"the analysis failed ({type(e).__name__})"

    def _analyse(self, loop, pool, record: dict, job: Analysis, finished) -> None:
        """Runs in its own thread: replays the game and hands each position to the
        pool, one at a time (the search itself runs in the workers)."""
        from meeple.advisor import analyse

        def run(fn, jobs):
            job.total = len(jobs)
            rows = []
            for item in jobs:
                fut = asyncio.run_coroutine_threadsafe(pool.call(fn, item, table="analysis"), loop)
                while True:
                    try:
                        rows.append(fut.result(timeout=0.5))
                        break
                    except concurrent.futures.TimeoutError:
                        if not loop.is_running():
                            raise GameError("the server stopped during the analysis") from None
                job.done += 1
            return rows

        try:
            res = analyse(
                record,
                seconds=self.analysis_seconds,
                iterations=self.analysis_iterations,
                workers=1,
                backend="server pool",
                run=run,
            )
            outcome: tuple[Any, Any] = (finished.set_result, res)
        except Exception as e:  # noqa: BLE001 - handed to the waiting task
            outcome = (finished.set_exception, e)
        with contextlib.suppress(RuntimeError):  # the loop is gone: nobody waits any more
            loop.call_soon_threadsafe(*outcome)


def hint_worker(obs, seconds: float, iterations: int | None) -> dict:
    """Runs in a worker process: the hint from the seat's Observation."""
    from meeple.advisor.hint import hint_observed

    return hint_observed(obs, None if iterations else seconds, 3, 0, iterations)


router = APIRouter(tags=["advisor"])


def _json(obj, status: int = 200) -> Response:
    return Response(dumps(obj), status_code=status, media_type="application/json")


def _desk(request: Request) -> AdviceDesk:
    return request.app.state.advice


@router.get("/api/games/{game_id}/hint")
async def get_hint(request: Request, game_id: str, seat: int = Query(ge=0, le=5), token: str = Query(max_length=128)):
    """The advisor's three best moves for your seat, with their chances of winning."""
    service = request.app.state.service
    g = await service.get(game_id)
    seat = service.auth(g, seat, token)
    return _json(await _desk(request).hint(service, g, seat))


@router.post("/api/games/{game_id}/analysis", status_code=202)
async def post_analysis(request: Request, game_id: str):
    """Start the analysis of a finished game (free once it is done: 200 with the result)."""
    service = request.app.state.service
    job = _desk(request).start_analysis(service, await service.get(game_id), client_address(request))
    return _json(job.to_json(), 200 if job.status == "done" else 202)


@router.get("/api/games/{game_id}/analysis")
async def get_analysis(request: Request, game_id: str):
    """The analysis's progress, then its result ({"status": "none"} before a POST)."""
    service = request.app.state.service
    g = await service.get(game_id)
    job = _desk(request).analysis(g)
    return _json({"status": "none", "done": 0, "total": None} if job is None else job.to_json())


def install(app: FastAPI) -> None:
    """The advisor's routes and its per-server state on `app`."""
    app.state.advice = AdviceDesk(app.state.limiter)
    app.include_router(router)
