"""Costly reads, kept off the event loop that serves moves: replays.

`GET /api/games/{id}/replay?ply=N` rebuilds a finished game after N moves.
Done on the event loop, a late ply of a long game (an Anunnaki game of 1,089
moves) took long enough that a few clients asking for it in a loop stalled
every table's moves and bots (issue 34, "replays"). Here:

- the replay is built and serialized (JSON, and gzip for clients that take
  it) in a worker process (`workers`, default 1): the event loop only looks
  the answer up and sends it;
- answers are cached (LRU of (table, ply), bounded in bytes), and a request
  for an answer being built waits for that one build;
- each worker keeps snapshots of the games it replayed every `every` plies,
  so any ply of a game replayed once costs at most `every` moves;
- builds are bounded: at most `per_client` at a time per client address
  (429) and `queue` waiting or running over all (503); the requests per
  address are budgeted in app.Guard (`Limits.replay_rate`).
"""

from __future__ import annotations

import asyncio
import collections
import gzip
import json
import multiprocessing
from concurrent.futures import ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from dataclasses import dataclass, replace

EVERY = 64  # plies between two snapshots of a replayed game


@dataclass(frozen=True)
class ReplayJob:
    """What a worker needs to rebuild a finished table at a ply (picklable)."""

    id: str
    game: str
    players: int
    seed: int
    options: dict
    moves: tuple  # ((seat, move), ...): the whole game
    seats: list  # the public seat descriptions (names)
    ply: int
    result: list | None = None  # the final ranking (resignations included), shown from the first move on


def job_of(g, ply: int) -> ReplayJob:
    """The job for a live or finished table `g` (service.LiveGame)."""
    from meeple.server.ranking import final_ranking

    rec = g.rec
    result = final_ranking(g) if rec.status != "closed" else None
    return ReplayJob(
        g.id, rec.game, rec.players, rec.seed, dict(rec.options or {}), tuple(g.moves), g.seats, ply, result
    )


def _new_state(job: ReplayJob):
    from meeple import games  # noqa: F401 - declares every game (in a fresh worker process)
    from meeple.core import gamedata, savegame

    opts = dict(job.options)
    gamedata.require(job.game, opts.pop("data", None))  # made with this server's data files?
    return savegame.replay({"game": job.game, "players": job.players, "seed": job.seed, "options": opts, "moves": []})


def _apply(state, moves) -> None:
    for _seat, move in moves:
        state.apply_move(move)


# the worker's snapshots: (table, plies) -> [state at 0, every, 2*every, ...]
_SNAPSHOTS: collections.OrderedDict = collections.OrderedDict()
_SNAPSHOT_GAMES = 8


def state_at(job: ReplayJob, every: int = EVERY):
    """The table's state after `job.ply` moves, from the nearest snapshot
    (a clone: the snapshots stay as they were)."""
    key = (job.id, len(job.moves))
    snaps = _SNAPSHOTS.pop(key, None)
    if snaps is None:
        snaps = [_new_state(job)]
        while len(_SNAPSHOTS) >= _SNAPSHOT_GAMES:
            _SNAPSHOTS.popitem(last=False)
    _SNAPSHOTS[key] = snaps
    want = job.ply // every
    while len(snaps) <= want:  # extend the snapshots as far as this ply needs
        state = snaps[-1].clone()
        start = (len(snaps) - 1) * every
        _apply(state, job.moves[start : start + every])
        snaps.append(state)
    state = snaps[want].clone()
    _apply(state, job.moves[want * every : job.ply])
    return state


def _move_words(decision: dict | None, move: str) -> str:
    """A move that told nothing in the log yet (a secret bid) in words: its
    answer's label in the decision it answered, else that decision's question."""
    if not decision:
        return "a move"
    bare = move.split(" ", 1)[1] if move[:1] == "@" or move.split(" ", 1)[0].endswith(":") else move
    for o in decision.get("options") or []:
        if o.get("move") in (move, bare):
            return str(o.get("text") or o.get("label") or "a move")
    return "answers: " + str(decision.get("prompt") or "a decision")


def _told(pr, job: ReplayJob, state, seat: int, notation: str) -> list[str]:
    """Make one move on `state` and say it: the log's sentences it added, or
    (a secret choice tells nothing yet) the words of the answer it gave."""
    told = len(state.log())
    said = _move_words(pr.decision_for(state, seat), notation)
    state.apply_move(notation)
    return [pr.describe((*ev[:3], None), job.seats, None)["text"] for ev in state.log()[told:]] or [said]


def moves_in_words(job: ReplayJob, start) -> list[dict]:
    """Every move of the game in words (the replay's move list), from the
    table's first state `start` (consumed)."""
    from meeple.server.present import presenter

    pr = presenter(job.game)
    return [
        {"ply": i, "seat": seat, "words": _told(pr, job, start, seat, notation)}
        for i, (seat, notation) in enumerate(job.moves)
    ]


def replay_payload(job: ReplayJob, state) -> dict:
    """The replay answer: the table after `job.ply` moves, everything revealed.
    `state` is the table one move before (at the start for ply 0): the last
    move is made here, so it is told in words (the log's sentences it added)."""
    from meeple.server.present import presenter

    pr = presenter(job.game)
    move = None
    if job.ply:
        seat, notation = job.moves[job.ply - 1]
        move = {"seat": seat, "move": notation, "words": _told(pr, job, state, seat, notation)}
    events = [pr.describe((*ev[:3], None), job.seats, None) for ev in state.log()]
    final = job.ply == len(job.moves) and job.result is not None
    out = {
        "id": job.id,
        "game": job.game,
        "ply": job.ply,
        "total": len(job.moves),
        "seats": job.seats,
        "move": move,
        "state": state.view(None) | {"seats": state.to_json()["seats"]},
        "decision": None if final else pr.decision_for(state, None),
        "events": events,
        "scoring": pr.scoring(state.log(), state),
        "ranking": job.result if final else None,
        "result": job.result,  # the end is known from the first move on: the replay opens with it
    }
    if job.ply == 0:  # the replay opens here: its move list, each move in words
        out["moves"] = moves_in_words(job, state.clone())
    return out


def build(job: ReplayJob) -> tuple[bytes, bytes]:
    """In a worker: the answer as JSON and gzipped JSON."""
    before = state_at(replace(job, ply=max(0, job.ply - 1)))
    body = json.dumps(replay_payload(job, before), separators=(",", ":")).encode()
    return body, gzip.compress(body, compresslevel=5)


class FinishedViews:
    """The views of finished tables, serialized and gzipped once: they change
    only with who is online. A long game's view is some 200 KB of JSON, which
    the page's gzip (on the event loop) took 13-50 ms to compress each time it
    was asked for; the cache holds the last `size` bytes of answers."""

    def __init__(self, size: int = 16 * 1024 * 1024) -> None:
        self.size = size
        self.held = 0
        self.answers: collections.OrderedDict = collections.OrderedDict()  # key -> (json, gz)
        self.stats = {"finished_view_hits": 0}

    def get(self, key) -> tuple[bytes, bytes] | None:
        hit = self.answers.get(key)
        if hit is not None:
            self.answers.move_to_end(key)
            self.stats["finished_view_hits"] += 1
        return hit

    def put(self, key, body: bytes) -> tuple[bytes, bytes]:
        answer = (body, gzip.compress(body, compresslevel=6))
        cost = len(answer[0]) + len(answer[1])
        if cost <= self.size:
            self.answers[key] = answer
            self.held += cost
            while self.held > self.size:
                _, old = self.answers.popitem(last=False)
                self.held -= len(old[0]) + len(old[1])
        return answer


class Busy(Exception):
    """A read refused for now: (status, message)."""

    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status, self.message = status, message


class Replays:
    """Replay answers: cached, built in a worker process, bounded."""

    def __init__(
        self, workers: int = 1, cache_bytes: int = 32 * 1024 * 1024, per_client: int = 2, queue: int = 16, executor=None
    ) -> None:
        self.workers = workers
        self.cache_bytes = cache_bytes
        self.per_client, self.queue = per_client, queue
        self.cache: collections.OrderedDict = collections.OrderedDict()  # (id, ply) -> (json, gz)
        self.size = 0
        self.building: dict = {}  # (id, ply) -> asyncio.Future of (json, gz)
        self.by_client: collections.Counter = collections.Counter()
        self._executor = executor
        self._slots: asyncio.Semaphore | None = None
        self.stats = {"replay_hits": 0, "replay_builds": 0, "replay_refused": 0}

    def _pool(self):
        if self._executor is None:
            self._executor = ProcessPoolExecutor(self.workers, mp_context=multiprocessing.get_context("spawn"))
        return self._executor

    def _remember(self, key, answer: tuple[bytes, bytes]) -> None:
        cost = len(answer[0]) + len(answer[1])
        if cost > self.cache_bytes:
            return
        self.cache[key] = answer
        self.size += cost
        while self.size > self.cache_bytes:
            _, old = self.cache.popitem(last=False)
            self.size -= len(old[0]) + len(old[1])

    async def get(self, g, ply: int, client: str) -> tuple[bytes, bytes]:
        """(JSON, gzipped JSON) of table `g` after `ply` moves, for `client`;
        Busy when this client or the server has too many builds under way."""
        key = (g.id, len(g.moves), ply)
        hit = self.cache.get(key)
        if hit is not None:
            self.cache.move_to_end(key)
            self.stats["replay_hits"] += 1
            return hit
        pending = self.building.get(key)
        if pending is not None:  # someone asked for it already: the same answer
            try:
                return await asyncio.shield(pending)
            except asyncio.CancelledError:
                if pending.cancelled():  # the first asker went away: ask again
                    raise Busy(503, "the replay was not finished: try again") from None
                raise
        if self.by_client[client] >= self.per_client:
            self.stats["replay_refused"] += 1
            raise Busy(429, f"at most {self.per_client} replays at a time from your address: wait for the first")
        if len(self.building) >= self.queue:
            self.stats["replay_refused"] += 1
            raise Busy(503, "the server is busy building replays: try again in a moment")
        loop = asyncio.get_running_loop()
        future: asyncio.Future = loop.create_future()
        self.building[key] = future
        self.by_client[client] += 1
        if self._slots is None:
            self._slots = asyncio.Semaphore(self.workers)
        try:
            async with self._slots:
                answer = await loop.run_in_executor(self._pool(), build, job_of(g, ply))
            self.stats["replay_builds"] += 1
            self._remember(key, answer)
            future.set_result(answer)
            return answer
        except BrokenProcessPool:
            self._executor = None  # a worker died: the next build starts a new pool
            future.set_exception(Busy(503, "the replay worker stopped: try again"))
            future.exception()
            raise Busy(503, "the replay worker stopped: try again") from None
        except asyncio.CancelledError:
            future.cancel()
            raise
        except Exception as e:
            future.set_exception(e)
            future.exception()  # retrieved: no "never retrieved" warning when nobody else waited
            raise
        finally:
            del self.building[key]
            self.by_client[client] -= 1
            if self.by_client[client] <= 0:
                del self.by_client[client]

    def close(self) -> None:
        """Stop the worker (a build under way is finished first: a fraction of a second)."""
        if self._executor is not None:
            self._executor.shutdown(wait=True, cancel_futures=True)
