"""Live games: the event-sourced core of the server.

A game is its record (config, seed, seats) and its moves. In memory each live
game keeps its current state; a move is tried on a clone, committed to storage
(on the storage thread), and only then swapped in and acknowledged. Bots are
driven by one asyncio task per game, which asks the worker pool for each action
and commits the bot's moves the same way.

In a cluster (`bus` set: PostgreSQL and Redis) every node holds copies of the
tables it serves. A write names the stored version it was built on (a stale
copy is refused with 409 and read again); every change is published on the
bus and applied by the other nodes to their copies; a table's bots are driven
by the one node holding its lease in the database.
"""

from __future__ import annotations

import asyncio
import collections
import hashlib
import hmac
import json
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field
from typing import Any

from meeple import games as registry
from meeple.bots.base import observe
from meeple.core import gamedata, savegame
from meeple.core.flow import FlowState
from meeple.core.game import GameError, IllegalMove
from meeple.core.present import own_move, places
from meeple.server import reads
from meeple.server.fairshare import think_seconds
from meeple.server.present import presenter, redact_moves
from meeple.server.storage import Conflict, GameRecord, Storage, hints_allowed
from meeple.server.undo import Takebacks, UndoRequest
from meeple.server.jobs.protocol import StaleJob
from meeple.server.workers import BotPool, check_budget, check_spec, registry_available

log = logging.getLogger("meeple.server")

MAX_SEED = 2**63 - 1


class ApiError(Exception):
    def __init__(self, status: int, message: str) -> None:
        super().__init__(message)
        self.status = status
        self.message = message


def hash_token(token: str) -> str:
    return hashlib.sha256(token.encode()).hexdigest()


def _seat_names(seats: list[dict]) -> list[dict]:
    out = []
    for i, s in enumerate(seats):
        pub = {"seat": i, "kind": s["kind"], "bot": s.get("bot")}
        if s["kind"] == "human":
            pub["name"] = s.get("name") or f"Player {i + 1}"
            pub["account"] = bool(s.get("account"))
            pub["open"] = bool(s.get("open"))
        else:
            pub["name"] = f"Bot {i + 1} ({s['bot']})"
            if s.get("resigned") is not None:  # a bot plays on for a person who resigned
                pub["name"] = f"{s.get('name') or f'Player {i + 1}'} (resigned, bot {s['bot']} plays on)"
            elif s.get("stand_in"):  # a bot plays a person's seat until they take it back
                pub["name"] = f"{s.get('name') or f'Player {i + 1}'} (bot {s['bot']} standing in)"
            if not registry_available():
                pub["plays_as"] = "random"
        if s.get("resigned") is not None:
            pub["resigned"] = True
            if s["kind"] == "human":
                pub["name"] = f"{pub['name']} (resigned)"
        out.append(pub)
    return out


@dataclass
class LiveGame:
    rec: GameRecord
    state: FlowState  # the game's own state class
    seats: list[dict]  # public seat descriptions
    moves: list[tuple[int, str]]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int = 0  # bumps on every change (moves, undo)
    undo: Takebacks = field(default_factory=Takebacks)
    driver: asyncio.Task | None = None
    raw_events: list = field(default_factory=list)
    events_head: object = None
    public: list = field(default_factory=list)  # every event in words, private ones masked
    owned: dict = field(default_factory=dict)  # event index -> words for its owner
    views: dict = field(default_factory=dict)  # viewer -> (version, payload)
    scoring: tuple = (-1, None)  # (version, age scoring)
    final: tuple = (-1, None)  # (version, final ranking)

    @property
    def present(self):
        return presenter(self.rec.game)

    @property
    def id(self) -> str:
        return self.rec.id

    @property
    def ply(self) -> int:
        return len(self.moves)

    @property
    def finished(self) -> bool:
        """Over: played to the end, won by resignation, or closed unfinished (abandoned)."""
        return self.rec.status == "closed" or self.state.is_terminal() or self.resigned_out

    @property
    def resigned_out(self) -> bool:
        """Ended by resignation: every other seat resigned before the end."""
        return self.rec.status == "finished" and not self.state.is_terminal()

    def resigned(self) -> dict[int, int]:
        """{seat: the ply at which it resigned}."""
        return {i: s["resigned"] for i, s in enumerate(self.rec.seats) if s.get("resigned") is not None}

    @property
    def status(self) -> str:
        return "closed" if self.rec.status == "closed" else "finished" if self.finished else "active"

    def seat_kind(self, seat: int) -> str:
        return self.rec.seats[seat]["kind"]

    def people(self) -> list[int]:
        """The seats played by people (not bots)."""
        return [i for i, s in enumerate(self.rec.seats) if s["kind"] == "human"]

    def sync_events(self) -> None:
        """Bring the raw event list up to the state's log (incrementally)."""
        head = self.state.events
        if head is self.events_head:
            return
        new, node = [], head
        while node is not None and node is not self.events_head:
            node, ev = node
            new.append(ev)
        if node is None and self.events_head is not None:
            # the state went back (undo): rebuild from scratch
            self.raw_events = self.state.log()
            self.public, self.owned = [], {}
        else:
            new.reverse()
            self.raw_events.extend(new)
        self.events_head = head

    def events(self, viewer, start: int = 0) -> list[dict]:
        """The log in words as `viewer` may read it, from event `start` on.

        Each event is described once for everyone (a private draw without its
        card) and, when private, once more for its owner: memory stays one list
        per game, not one per viewer."""
        self.sync_events()
        raw, pub = self.raw_events, self.public
        for i in range(len(pub), len(raw)):
            ev = raw[i]
            pub.append(self.present.describe(ev, self.seats, None))
            if ev[3] is not None:
                self.owned[i] = self.present.describe(ev, self.seats, ev[3])
        start = max(0, min(start, len(raw)))
        if viewer is None:
            return pub[start:]
        owned = self.owned
        return [owned[i] if raw[i][3] == viewer and raw[i][3] is not None else pub[i] for i in range(start, len(raw))]


def replay_state(rec: GameRecord, moves=None):
    """A stored table's state after its moves (all, or `moves`): the saved-game
    replay, once the table's data files are this server's."""
    opts = dict(rec.options or {})
    gamedata.require(rec.game, opts.pop("data", None))  # made with this server's data files?
    return savegame.replay(
        {
            "game": rec.game,
            "players": rec.players,
            "seed": rec.seed,
            "options": opts,
            "moves": rec.moves if moves is None else moves,
        }
    )


class GameService:
    def __init__(
        self,
        storage: Storage,
        pool: BotPool | None,
        *,
        bot_delay: float = 0.0,
        notify=None,
        finished_cache: int = 256,
        bus=None,
        bot_tables_per_creator: int | None = 2,
        bot_tables_kept: int | None = 20,
        clock=time.monotonic,
        sleep=asyncio.sleep,
    ) -> None:
        """`bus`: the cluster's Bus (None: one process, as by default).
        `bot_tables_per_creator`: unfinished bot-only tables one creator may
        have; `bot_tables_kept`: ended ones kept per creator (older ones are
        deleted; None: no cap). `clock`/`sleep` pace the bots (tests own them)."""
        self.storage = storage
        self.pool = pool
        self.bot_delay = bot_delay
        self.notify = notify or (lambda game_id: None)
        self.on_finish = lambda g: None  # hook: a game just ended (ratings)
        self.on_push = lambda game_id, payload: None  # hook: another node pushed a message (chat)
        self.on_forget = _nothing  # async hook: ended bot-only tables were deleted (their people's rows)
        self.bot_tables_per_creator = bot_tables_per_creator
        self.bot_tables_kept = bot_tables_kept
        self.clock, self.sleep = clock, sleep
        self._creating: collections.Counter[str] = collections.Counter()  # bot-only tables being created
        self.bus = bus
        self.node = bus.node if bus is not None else ""
        # a bot's lease outlives one decision (its budget twice, and queueing)
        self.lease = 5.0 + 2 * (pool.max_seconds if pool and pool.max_seconds else 5.0)
        self.live: dict[str, LiveGame] = {}
        self.done: collections.OrderedDict[str, LiveGame] = collections.OrderedDict()
        self.finished_cache = finished_cache
        # One thread owns the database: SQLite has one writer anyway, and the
        # event loop never waits on the disk.
        # PostgreSQL serves reads in parallel (writes stay in one task, in order)
        self.db = ThreadPoolExecutor(max_workers=1 if storage.is_sqlite else 8, thread_name_prefix="meeple-db")
        self.stats = {"moves": 0, "bot_moves": 0, "resumed": 0, "resume_failed": 0, "bot_tables_forgotten": 0}
        self._pending: list = []
        self._writer: asyncio.Task | None = None
        self._tasks: list[asyncio.Task] = []
        self._chores: set[asyncio.Task] = set()  # background work of the service (deleting old tables)
        # stored tables replayed on demand (finished ones beyond the cache): off the loop, one at a time
        self._loader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-load")
        self._loading: dict[str, asyncio.Future] = {}

    async def _db(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self.db, fn, *args)

    async def _append(self, game_id: str, first_ply: int, moves, winners, version: int, bot) -> None:
        """Commit moves; returns once they are on disk. Appends that arrive while
        a commit runs are committed together in the next transaction (group
        commit), so many games share one disk sync."""
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
                await self._db(self.storage.append_batch, items)
                results: list[Exception | None] = [None] * len(batch)
            except Exception:
                # isolate the failing append: commit the others one by one
                results = []
                for item in items:
                    try:
                        await self._db(self.storage.append_batch, [item])
                        results.append(None)
                    except Exception as e:  # noqa: BLE001 - handed to the waiter
                        results.append(e)
            for (*_, fut), err in zip(batch, results):
                if not fut.done():
                    fut.set_result(None) if err is None else fut.set_exception(err)

    # ------------------------------------------------------------ lifecycle
    async def start(self) -> None:
        """Resume every unfinished game (bots included). A cluster node keeps
        only the tables whose bots it may drive; the others load on demand."""
        recs = await self._db(self.storage.unfinished)
        for rec in recs:
            try:
                g = self._live(rec, replay_state(rec))
            except GameError as e:
                self.stats["resume_failed"] += 1
                log.error("cannot resume game %s: %s", rec.id, e)
                continue
            if self.bus is not None and self._bot_to_move(g) is None:
                continue
            self.live[rec.id] = g
            self.stats["resumed"] += 1
            self._kick(g)
        if self.bus is not None:
            loop = asyncio.get_running_loop()
            self._tasks = [
                loop.create_task(self._orphans_loop(), name="bot-orphans"),
                loop.create_task(self._resync_loop(), name="resync"),
            ]

    async def stop(self) -> None:
        for t in self._tasks:
            t.cancel()
        tasks = [g.driver for g in self.live.values() if g.driver is not None] + self._tasks + list(self._chores)
        for t in tasks:
            t.cancel()
        for t in tasks:
            try:
                await t
            except (asyncio.CancelledError, Exception):
                pass
        if self.bus is not None:
            try:  # the other nodes take this node's bots at once
                await self._db(self.storage.release_bots, self.node)
            except Exception:  # noqa: BLE001 - the leases run out by themselves
                pass
        self._loader.shutdown(wait=False, cancel_futures=True)
        self.db.shutdown(wait=True)

    def _live(self, rec: GameRecord, state) -> LiveGame:
        return LiveGame(rec=rec, state=state, seats=_seat_names(rec.seats), moves=list(rec.moves))

    # ------------------------------------------------------------- creating
    async def create(
        self,
        game: str,
        players: int,
        seats: list[str],
        seed: int | None,
        options: dict,
        hints: bool | None = None,
        open_seed: bool = False,
        creator: str = "",
    ) -> tuple[LiveGame, list[dict]]:
        """`hints`: the advisor at this table (default: on when one person plays
        bots); `creator`: who asks (fairshare.creator_key), whose share of bot
        time its bots use and whose bot-only tables are capped."""
        try:
            rules = registry.get(game)
        except GameError as e:
            raise ApiError(400, str(e)) from None
        if not rules.min_players <= players <= rules.max_players:
            raise ApiError(400, f"{game} is for {rules.min_players}-{rules.max_players} players, not {players}")
        if len(seats) != players:
            raise ApiError(400, f"seats must list {players} seats ('human' or 'bot:<level>'), got {len(seats)}")
        if hints is None:
            hints = sum(1 for spec in seats if spec.strip() == "human") == 1
        stored, out = [], []
        for i, spec in enumerate(seats):
            spec = spec.strip()
            if spec == "human":
                token = secrets.token_urlsafe(24)
                stored.append({"kind": "human", "bot": None, "token_hash": hash_token(token), "hints": bool(hints)})
                out.append({"seat": i, "kind": "human", "token": token})
            elif spec == "bot" or spec.startswith("bot:"):
                level = spec[4:] or "random" if spec != "bot" else "random"
                try:
                    level = check_spec(level, game)
                    check_budget(level, self.pool.max_seconds if self.pool else None)
                except GameError as e:
                    raise ApiError(400, f"seats[{i}]: {e}") from None
                stored.append({"kind": "bot", "bot": level, "token_hash": None})
                out.append({"seat": i, "kind": "bot", "bot": level, "token": None})
            else:
                raise ApiError(
                    400,
                    f"seats[{i}] must be 'human' or 'bot:<level>' "
                    f"(random, greedy, ismcts:0.5s, easy, medium, hard), got {spec!r}",
                )
        if seed is not None and not open_seed:
            raise ApiError(
                400,
                "a chosen seed decides every hand and the whole deck, so it is allowed only "
                'at a table created with "open_seed": true, which tells everyone the seed',
            )
        if seed is None:
            seed = secrets.randbits(63)
        try:
            opts = rules.check_options(options, players)
        except GameError as e:
            raise ApiError(400, str(e)) from None
        bot_only = all(s["kind"] == "bot" for s in stored)
        rec = GameRecord(
            id=secrets.token_urlsafe(9),
            game=game,
            players=players,
            seed=seed,
            options=gamedata.stamp(game, dict(opts)),
            seats=stored,
            open_seed=open_seed,
            creator=creator,
            bot_only=bot_only,
        )
        try:
            state = rules.new_game(players, seed=seed, **opts)
        except GameError as e:
            raise ApiError(400, str(e)) from None
        if bot_only and creator and self.bot_tables_per_creator is not None:
            self._creating[creator] += 1  # counted at once: two requests cannot both take the last place
            try:
                playing = await self._db(self.storage.bot_only_playing, creator)
                if playing + self._creating[creator] > self.bot_tables_per_creator:
                    raise ApiError(
                        429,
                        f"too many tables where only bots play: one person may have "
                        f"{self.bot_tables_per_creator} at a time; wait until one ends, or take a seat at the new one",
                    )
                await self._db(self.storage.create_game, rec)
            finally:
                self._creating[creator] -= 1
                if not self._creating[creator]:
                    del self._creating[creator]
        else:
            await self._db(self.storage.create_game, rec)
        g = self._live(rec, state)
        self.live[rec.id] = g
        self._kick(g)
        return g, out

    # ------------------------------------------------------------- fetching
    async def get(self, game_id: str, fresh: bool = True) -> LiveGame:
        """The table. In a cluster a held copy is first checked against the
        database (one indexed read) unless `fresh` is False: the websockets'
        pushes follow the bus, and writes check the version themselves."""
        if not isinstance(game_id, str) or not 1 <= len(game_id) <= 32:
            raise ApiError(404, "no such game")
        g = self.live.get(game_id) or self.done.get(game_id)
        if g is not None:
            if game_id in self.done:
                self.done.move_to_end(game_id)
            if fresh and self.bus is not None:
                head = (await self._db(self.storage.heads, [game_id])).get(game_id)
                if head is None:
                    raise ApiError(404, f"no game {game_id!r}")
                if head != (g.rec.version, g.rec.status, g.rec.seats):
                    await self._refresh(g)
            return g
        rec = await self._db(self.storage.get_game, game_id)
        if rec is None:
            raise ApiError(404, f"no game {game_id!r}")
        g = self.live.get(game_id) or self.done.get(game_id)  # loaded meanwhile
        if g is not None:
            return g
        try:
            loaded = await self._load_off_loop(rec)
        except GameError as e:
            raise ApiError(500, f"game {game_id} cannot be replayed: {e}") from None
        g = self.live.get(game_id) or self.done.get(game_id)  # loaded meanwhile
        if g is not None:
            return g
        g = loaded
        if g.finished:
            self._remember_done(g)
        else:
            self.live[game_id] = g
            self._kick(g)
        return g

    async def _load_off_loop(self, rec: GameRecord) -> LiveGame:
        """A stored table, replayed in a thread, one table at a time, once for
        all who ask for it meanwhile; a finished one with its view (the whole
        log in words) built there too. Any GET naming a finished table not
        among the `finished_cache` kept loaded replays it: on the event loop
        (0.15 s of replay and 0.06 s of words for a long game) one address
        asking for 300 such tables in turn took an honest table's moves from
        22 to 454 ms."""
        pending = self._loading.get(rec.id)
        if pending is None:
            loop = asyncio.get_running_loop()
            pending = self._loading[rec.id] = loop.run_in_executor(self._loader, self._load, rec)
            pending.add_done_callback(lambda _f: self._loading.pop(rec.id, None))
        return await asyncio.shield(pending)

    def _load(self, rec: GameRecord) -> LiveGame:
        """In the loader thread: nobody else holds the table yet."""
        g = self._live(rec, replay_state(rec))
        if g.finished:
            self.view(g, None)  # the words of its log and its ranking, shared by every viewer
        return g

    def _remember_done(self, g: LiveGame) -> None:
        self.live.pop(g.id, None)
        self.done[g.id] = g
        while len(self.done) > self.finished_cache:
            self.done.popitem(last=False)

    def auth(self, g: LiveGame, seat, token) -> int:
        """The seat, once its token is checked: 400 bad seat, 403 wrong token."""
        if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < g.rec.players:
            raise ApiError(400, f"seat must be a number from 0 to {g.rec.players - 1}")
        stored = g.rec.seats[seat]
        # a stand-in's person, and one who resigned, still see their seat
        if stored["kind"] != "human" and not stored.get("stand_in") and stored.get("resigned") is None:
            raise ApiError(403, f"{g.seats[seat]['name']}'s seat (seat {seat + 1}) is played by a bot")
        if not isinstance(token, str) or not hmac.compare_digest(hash_token(token), stored["token_hash"]):
            raise ApiError(403, f"wrong token: this key does not open {g.seats[seat]['name']}'s seat (seat {seat + 1})")
        return seat

    # ---------------------------------------------------------------- views
    def can_undo(self, g: LiveGame, seat) -> bool:
        """May `seat` ask to take back its last move now?"""
        return not g.finished and g.undo.may_ask(seat, g.ply)

    def seed_info(self, g: LiveGame) -> dict:
        """{open_seed} for every table, and the seed where everyone may know it:
        at an open-seed table, or once the game is over."""
        out: dict[str, int | bool] = {"open_seed": g.rec.open_seed}
        if g.rec.open_seed or g.finished:
            out["seed"] = g.rec.seed
        return out

    def view(self, g: LiveGame, viewer: int | None, events_from: int = 0, moves_from: int = 0) -> dict:
        """The viewer's view. `events_from`/`moves_from` skip what a client has
        already (websocket pushes send only what is new); a finished game always
        sends its whole move list, now with nothing hidden."""
        cached = g.views.get(viewer)
        if cached is None or cached[0] != g.version:
            state = g.state
            base = {
                "id": g.id,
                "game": g.rec.game,
                "status": g.status,
                "ply": g.ply,
                "you": viewer,
                "seats": g.seats,
                "options": g.rec.options,
                "hints": hints_allowed(g.rec.seats),
                **self.seed_info(g),
                # the end reveals everything (as the replay does): every hand, every weapon
                "state": state.view(None) | {"seats": state.to_json()["seats"]}
                if g.finished and g.rec.status != "closed"
                else state.view(viewer),
                "decision": None if g.status == "closed" or g.resigned_out else g.present.decision_for(state, viewer),
            }
            g.sync_events()
            if g.scoring[0] != g.version:
                g.scoring = (g.version, g.present.scoring(g.raw_events, state))
            base["scoring"] = g.scoring[1]
            if state.is_terminal() or g.resigned_out:
                base["ranking"] = self.ranking(g)
            g.views[viewer] = cached = (g.version, base)
        out = dict(cached[1])
        out["undo"] = self.can_undo(g, viewer)
        out["undo_request"] = None if g.undo.request is None else g.undo.request.public()
        events_from = max(0, min(events_from, len(g.raw_events)))
        out["events_from"] = events_from
        out["events"] = g.events(viewer, events_from)
        moves_from = 0 if g.finished else max(0, min(moves_from, g.ply))
        out["moves"] = redact_moves(g.state, g.moves[moves_from:], viewer, g.finished)
        out["moves_from"] = moves_from
        return out

    def move_log(self, g: LiveGame) -> dict:
        fin = g.finished
        out = {
            "id": g.id,
            "game": g.rec.game,
            "players": g.rec.players,
            "status": g.status,
            "seats": g.seats,
            "options": g.rec.options,
            **self.seed_info(g),
        }
        out["moves"] = [
            {"ply": i, "seat": s, "move": m}
            for i, (s, m) in enumerate(zip((s for s, _ in g.moves), redact_moves(g.state, g.moves, None, fin)))
        ]
        if fin:
            out["winners"] = [r["seat"] for r in self.ranking(g) if r["winner"]] if g.rec.status != "closed" else []
        out["resigned"] = [{"seat": s, "ply": p} for s, p in sorted(g.resigned().items(), key=lambda x: x[1])]
        return out

    def _winners(self, g: LiveGame, state) -> list[int]:
        """The winners of a game played to its end: the engine's, unless a seat
        that resigned (played on by a bot) came first."""
        gone = g.resigned()
        if not gone or not set(state.winners) & set(gone):
            return list(state.winners)
        kept = [r for r in g.present.ranking(state) if r["seat"] not in gone]
        best = min(r["place"] for r in kept)
        return [r["seat"] for r in kept if r["place"] == best]

    def check_replay(self, g: LiveGame, ply: int) -> None:
        """409 for an unfinished game, 400 for a ply it does not have."""
        if not g.finished:
            raise ApiError(409, "a replay is for finished games only")
        if not 0 <= ply <= g.ply:
            raise ApiError(400, f"ply must be from 0 to {g.ply}")

    def replay(self, g: LiveGame, ply: int) -> dict:
        """The replay answer built here (the server builds it in reads.Replays)."""
        self.check_replay(g, ply)
        return reads.replay_payload(reads.job_of(g, ply), replay_state(g.rec, g.moves[: max(0, ply - 1)]))

    def ranking(self, g: LiveGame) -> list[dict]:
        return final_ranking(g)

    async def resign(self, g: LiveGame, seat: int) -> dict:
        """`seat` gives up. Alone with one other seat left, that seat wins at
        once; with more the seat passes to a bot and ranks last. Stored in the
        table's record (its seats, and its status when it ends), so a restart
        and the replay keep it; the moves and the engine are untouched."""
        async with g.lock:
            if g.finished:
                raise ApiError(409, "the game is over")
            stored = g.rec.seats[seat]
            if stored.get("resigned") is not None:
                raise ApiError(409, "you have already resigned")
            seats = [dict(x) for x in g.rec.seats]
            mine = seats[seat]
            mine["resigned"] = g.ply
            left = [i for i, x in enumerate(seats) if x.get("resigned") is None]
            winners = left if len(left) == 1 else None
            if winners is None:
                levels = (g.present.meta() if g.present.meta is not None else {}).get("levels") or ["random"]
                mine.update(kind="bot", bot=check_spec(levels[0], g.rec.game))
                mine.pop("stand_in", None)
            version = g.rec.version
            self._bus_check()
            try:
                await self._db(self.storage.save_resignation, g.id, seats, version, winners)
            except Conflict:
                await self._reload(g)
                raise ApiError(409, "the table changed meanwhile: try again") from None
            except Exception as e:
                log.exception("storage failed for game %s", g.id)
                raise ApiError(
                    503, f"the database is unreachable, so you have not resigned ({type(e).__name__})"
                ) from None
            g.rec.version = version + 1
            g.rec.seats = seats
            g.seats = _seat_names(seats)
            g.public, g.owned = [], {}
            g.undo.clear()
            g.version += 1
            if winners is not None:
                g.rec.status, g.rec.winners = "finished", winners
                if g.driver is not None:
                    g.driver.cancel()
                self._remember_done(g)
            self._publish({"k": "reload", "g": g.id})
        if winners is not None:
            self.on_finish(g)
        self.notify(g.id)
        self._kick(g)
        return {"ok": True, "seat": seat, "finished": winners is not None, "winners": winners}

    # ---------------------------------------------------------------- moves
    async def submit(self, g: LiveGame, seat: int, move, ply=None) -> dict:
        if not isinstance(move, str) or not move.strip():
            raise ApiError(400, "move must be a non-empty MOVE string")
        if len(move) > 512:
            raise ApiError(413, "move is too long")
        async with g.lock:
            if g.finished:
                raise ApiError(409, "the game is over")
            if ply is not None and ply != g.ply:
                raise ApiError(409, f"stale move: it was made for ply {ply}, the game is at ply {g.ply}")
            if g.rec.seats[seat].get("resigned") is not None:
                raise ApiError(409, "you resigned from this game: a bot plays your seat")
            if g.seat_kind(seat) != "human":
                raise ApiError(409, "a bot plays your seat now: take it back first")
            d = g.state.decision()
            assert d is not None  # the game is not over
            if seat not in d.seats:
                who = " and ".join(g.seats[s]["name"] for s in d.seats)
                raise ApiError(409, f"not your decision: {who} must answer first")
            # a move naming another seat is refused before it is tried: its error
            # would tell the sender whether that seat holds the card it names
            named = own_move(g.state, seat, move)
            if isinstance(named, int):
                raise ApiError(403, f"that move is {g.seats[named]['name']}'s, not yours")
            move = named
            new = g.state.clone()
            try:
                new.apply_move(move)
            except IllegalMove as e:
                raise ApiError(400, f"illegal move {move!r}: {e}") from None
            entries = _new_entries(g.state, new)
            if entries and entries[0][0] != seat:
                # a simultaneous move names its seat: nobody answers for another
                raise ApiError(403, f"that move is {g.seats[entries[0][0]]['name']}'s, not yours")
            noted = [m for _, m in entries] or [" ".join(move.split())]
            prev, first = g.state, g.ply
            await self._commit(g, new, [(seat, m) for m in noted])
            g.undo.moved(seat, first, g.ply, prev, new)
            return {"ok": True, "ply": g.ply, "moves": noted}

    async def ask_undo(self, g: LiveGame, seat: int) -> tuple[int, dict]:
        """Take back `seat`'s last move: at once against bots only (200), else
        a request the other people answer (202)."""
        async with g.lock:
            if g.finished:
                raise ApiError(409, "the game is over")
            top = g.undo.last(seat, g.ply)
            if top is None:
                raise ApiError(
                    409,
                    "nothing to undo: undo takes back your own last move while "
                    "nobody else has moved and nothing hidden was shown since",
                )
            if g.undo.request is not None and g.undo.request.declined_by is None:
                raise ApiError(409, "an undo is already waiting for the other players' answer")
            if top[1] in g.undo.declined:
                raise ApiError(409, "the other players declined to undo this move: it cannot be asked again")
            others = [s for s in g.people() if s != seat]
            if not others:
                await self._take_back(g, seat)
                return 200, {"ok": True, "undone": True, "ply": g.ply}
            g.undo.request = UndoRequest(seat=seat, ply=top[1], waiting=others)
            self._share_undo(g)
            return 202, {"ok": True, "pending": True, "waiting": others, "ply": g.ply}

    async def answer_undo(self, g: LiveGame, seat: int, approve) -> dict:
        """`seat` approves or declines the pending undo request."""
        if not isinstance(approve, bool):
            raise ApiError(400, "approve must be true or false")
        async with g.lock:
            req = g.undo.request
            if req is None or req.declined_by is not None:
                raise ApiError(409, "no undo request is waiting for an answer")
            if seat == req.seat:
                raise ApiError(403, "you cannot answer your own undo request")
            if seat not in req.waiting:
                raise ApiError(409, "you have already answered this undo request")
            if not approve:
                req.declined_by = seat
                req.waiting = []
                g.undo.declined.add(req.ply)
                self._share_undo(g)
                return {"ok": True, "declined": True, "ply": g.ply}
            req.waiting.remove(seat)
            if req.waiting:
                self._share_undo(g)
                return {"ok": True, "pending": True, "waiting": list(req.waiting), "ply": g.ply}
            await self._take_back(g, req.seat)
            return {"ok": True, "undone": True, "ply": g.ply}

    async def _take_back(self, g: LiveGame, seat: int) -> None:
        """Undo `seat`'s last move (it may be undone: checked). Runs under g.lock.
        In a cluster a node that read the table from the database after that
        move has no state before it: it replays it (the request names the ply)."""
        top = g.undo.last(seat, g.ply)
        if top is not None:
            _, ply, _, prev = top
        elif g.undo.request is not None and g.undo.request.seat == seat:
            ply = g.undo.request.ply
            prev = replay_state(g.rec, g.moves[:ply])
        else:
            raise ApiError(409, "nothing to undo")
        version = g.rec.version
        self._bus_check()
        try:
            await self._db(self.storage.delete_moves_from, g.id, ply, version, self._bot_lease(g, prev))
        except Conflict:
            await self._reload(g)
            raise ApiError(
                409, "the table changed meanwhile (a move was made on another server): nothing was undone"
            ) from None
        except Exception as e:
            log.exception("storage failed for game %s", g.id)
            raise ApiError(503, f"the database is unreachable, so nothing was undone ({type(e).__name__})") from None
        g.rec.version = version + 1
        self._undo_applied(g, ply, prev)
        self._publish({"k": "undo", "g": g.id, "pv": version, "v": version + 1, "seat": seat, "p": ply})
        self._kick(g)

    def _undo_applied(self, g: LiveGame, ply: int, prev) -> None:
        if g.undo.stack:
            g.undo.pop()
        else:
            g.undo.request = None
            g.undo.declined = {p for p in g.undo.declined if p < ply}
        del g.moves[ply:]
        g.state = prev
        g.version += 1
        self.notify(g.id)

    async def _commit(self, g: LiveGame, new, moves: list[tuple[int, str]]) -> None:
        """Persist, then swap in. Runs under g.lock. Nothing changes if storage fails."""
        winners = self._winners(g, new) if new.is_terminal() else None
        version, first = g.rec.version, g.ply
        self._bus_check()
        try:
            await self._append(g.id, first, moves, winners, version, self._bot_lease(g, new))
        except Conflict:
            await self._reload(g)
            raise ApiError(
                409, f"stale move: another move was made first (on another server); the game is at ply {g.ply}"
            ) from None
        except Exception as e:  # storage down, disk full: the move is not taken
            log.exception("storage failed for game %s", g.id)
            raise ApiError(
                503,
                f"the move could not be saved, so it was not made: the database is "
                f"unreachable or failing ({type(e).__name__})",
            ) from None
        g.rec.version = version + 1
        self._publish({"k": "moves", "g": g.id, "pv": version, "v": version + 1, "p": first, "m": moves, "w": winners})
        g.moves.extend(moves)
        g.state = new
        g.version += 1
        self.stats["moves"] += len(moves)
        if winners is not None:
            g.rec.status = "finished"
            g.undo.clear()
            self._remember_done(g)
            self.on_finish(g)
            if g.rec.bot_only and g.rec.creator:
                self._spawn(self.forget_bot_tables(g.rec.creator))
        self.notify(g.id)
        self._kick(g)

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    async def forget_bot_tables(self, creator: str) -> list[str]:
        """Delete `creator`'s ended bot-only tables beyond the `bot_tables_kept`
        that ended last: what one creator's bots leave in the database is bounded."""
        if self.bot_tables_kept is None:
            return []
        try:
            ids = await self._db(self.storage.forget_bot_only, creator, self.bot_tables_kept)
        except Exception:  # noqa: BLE001 - the next table that ends tries again
            log.warning("cannot delete old bot-only tables", exc_info=True)
            return []
        for game_id in ids:
            self.done.pop(game_id, None)
        if ids:
            self.stats["bot_tables_forgotten"] += len(ids)
            try:
                await self.on_forget(ids)
            except Exception:  # noqa: BLE001 - rows about deleted tables are harmless: logged
                log.warning("cannot delete the people's rows of old bot-only tables", exc_info=True)
        return ids

    # -------------------------------------------------------------- cluster
    def _bus_check(self) -> None:
        """A cluster node refuses changes while it cannot tell the others."""
        if self.bus is not None and not self.bus.up:
            raise ApiError(
                503,
                f"the message bus (Redis) is unreachable, so no move is taken now: "
                f"{self.bus.reason}; try again in a moment",
            )

    def _publish(self, msg: dict) -> None:
        if self.bus is not None:
            self.bus.publish(msg)

    def _bot_lease(self, g: LiveGame, state) -> tuple[str, float] | None:
        """The bots' lease stored with a change: this node drives the bot that
        must move next (None: a person moves next, or nobody)."""
        if state.is_terminal() or self._bot_to_move(g, state) is None:
            return None
        return (self.node, time.time() + self.lease)

    async def _claim_bots(self, g: LiveGame) -> bool:
        now = time.time()
        try:
            return await self._db(self.storage.claim_bots, g.id, self.node, now + self.lease, now)
        except Exception:  # noqa: BLE001 - the database is away: the orphan sweep retries later
            log.warning("cannot claim the bots of game %s", g.id, exc_info=True)
            return False

    def _share_undo(self, g: LiveGame) -> None:
        """An undo request (asked, answered, declined) reaches every node's players."""
        self.notify(g.id)
        req = g.undo.request
        self._publish(
            {
                "k": "undo_req",
                "g": g.id,
                "v": g.rec.version,
                "req": None if req is None else [req.seat, req.ply, req.waiting, req.declined_by],
                "declined": sorted(g.undo.declined),
            }
        )

    def share_push(self, game_id: str, payload: dict) -> None:
        """A message pushed to a table's sockets (chat) reaches the other nodes' sockets."""
        self._publish({"k": "push", "g": game_id, "p": payload})

    async def seats_saved(self, g: LiveGame) -> None:
        """Seats changed (taken, handed to a bot, reclaimed): in a cluster the
        table's version moves on, so a bot move another node built for the old
        seats is refused, and the other nodes read the table again."""
        if self.bus is None:
            return
        if await self._db(self.storage.bump_version, g.id, g.rec.version):
            g.rec.version += 1
        else:
            await self._reload(g)
        self._publish({"k": "reload", "g": g.id})

    async def _refresh(self, g: LiveGame) -> None:
        async with g.lock:
            await self._reload(g)

    async def _reload(self, g: LiveGame) -> None:
        """Make the copy the stored table again (the caller holds g.lock)."""
        rec = await self._db(self.storage.get_game, g.id)
        if rec is not None:
            self._adopt(g, rec)

    def _adopt(self, g: LiveGame, rec: GameRecord) -> None:
        same_seats = rec.seats == g.rec.seats
        if rec.version == g.rec.version and same_seats and rec.status == g.rec.status:
            return
        old = g.moves
        state = None
        if len(rec.moves) >= len(old) and rec.moves[: len(old)] == old:
            state = g.state.clone()  # the usual case: moves were added
            try:
                for _, move in rec.moves[len(old) :]:
                    state.apply_move(move)
            except GameError:
                state = None
        if state is None:
            state = replay_state(rec)
            g.undo = Takebacks()
        elif len(rec.moves) > len(old):
            g.undo.clear()  # a move made elsewhere: no undo past it here
        if not same_seats:
            g.seats = _seat_names(rec.seats)
            g.public, g.owned = [], {}
        g.rec, g.state, g.moves = rec, state, list(rec.moves)
        g.version += 1
        if g.finished:
            self._remember_done(g)
            if g.driver is not None and g.driver is not asyncio.current_task():
                g.driver.cancel()
        self.notify(g.id)

    async def on_bus(self, msg: dict) -> None:
        """Another node's message: apply it to this node's copy of the table,
        if it holds one; anything that does not follow the copy reads it again."""
        gid: Any = msg.get("g")  # a table id, if the message is well formed
        g = self.live.get(gid) or self.done.get(gid)
        if g is None:
            return
        kind = msg.get("k")
        if kind == "push":
            self.on_push(g.id, msg["p"])
            return
        async with g.lock:
            if kind == "moves":
                if msg["v"] <= g.rec.version:
                    return  # already known (read from the database)
                if msg["pv"] != g.rec.version or msg["p"] != g.ply:
                    await self._reload(g)  # a gap: the database has it all
                    return
                self._apply_remote(g, msg)
            elif kind == "undo":
                if msg["v"] <= g.rec.version:
                    return
                top = g.undo.last(msg["seat"], g.ply)
                if msg["pv"] != g.rec.version or top is None or top[1] != msg["p"]:
                    await self._reload(g)
                    return
                g.rec.version = msg["v"]
                self._undo_applied(g, msg["p"], top[3])
            elif kind == "undo_req":
                if msg["v"] > g.rec.version:
                    await self._reload(g)  # the move it is about had not arrived yet
                if msg["v"] != g.rec.version:
                    return  # about a version gone by
                r = msg["req"]
                g.undo.request = (
                    None if r is None else UndoRequest(seat=r[0], ply=r[1], waiting=list(r[2]), declined_by=r[3])
                )
                g.undo.declined = set(msg["declined"])
                self.notify(g.id)
            else:  # "reload": seats changed, or a node is unsure
                await self._reload(g)

    def _apply_remote(self, g: LiveGame, msg: dict) -> None:
        moves = [(seat, move) for seat, move in msg["m"]]
        prev, first = g.state, g.ply
        new = prev.clone()
        try:
            for _, move in moves:
                new.apply_move(move)
        except GameError:
            log.error("game %s: a move from another node does not apply here", g.id)
            return
        g.moves.extend(moves)
        g.state = new
        g.rec.version = msg["v"]
        g.version += 1
        if msg.get("w") is not None:
            g.rec.status = "finished"
            g.undo.clear()
            self._remember_done(g)
        elif g.seat_kind(moves[0][0]) == "human":
            g.undo.moved(moves[0][0], first, g.ply, prev, new)
        else:
            g.undo.clear()
        self.notify(g.id)

    async def catch_up(self) -> None:
        """Check every held copy against the database (after the bus
        (re)connects, and every few seconds): nothing missed stays missed."""
        tables = list(self.live.values()) + list(self.done.values())
        for i in range(0, len(tables), 500):
            chunk = tables[i : i + 500]
            heads = await self._db(self.storage.heads, [g.id for g in chunk])
            for g in chunk:
                head = heads.get(g.id)
                if head is not None and head != (g.rec.version, g.rec.status, g.rec.seats):
                    await self._refresh(g)

    async def _resync_loop(self, every: float = 3.0) -> None:
        while True:
            await asyncio.sleep(every)
            try:
                await self.catch_up()
            except Exception:  # noqa: BLE001 - the database is away: next round
                log.warning("catching up from the database failed", exc_info=True)

    async def _orphans_loop(self) -> None:
        """Drive the bots of tables whose node died (their lease ran out)."""
        every = min(2.0, self.lease / 3)
        while True:
            await asyncio.sleep(every)
            try:
                for game_id in await self._db(self.storage.orphaned_bots, time.time()):
                    g = await self.get(game_id)
                    if g.finished or self._bot_to_move(g) is None:
                        await self._db(self.storage.clear_bots, game_id, g.rec.version)
                    elif g.driver is None or g.driver.done():
                        self._kick(g)
            except Exception:  # noqa: BLE001 - the database is away: next round
                log.warning("looking for orphaned bots failed", exc_info=True)

    # ----------------------------------------------------------------- bots
    def _bot_to_move(self, g: LiveGame, state=None) -> int | None:
        d = (g.state if state is None else state).decision()
        if d is None:
            return None
        for s in d.seats:  # at a simultaneous decision, each bot in turn
            if g.seat_kind(s) == "bot":
                return s
        return None

    def _kick(self, g: LiveGame) -> None:
        if self.pool is None or g.finished:
            return
        if (g.driver is None or g.driver.done()) and self._bot_to_move(g) is not None:
            g.driver = asyncio.get_running_loop().create_task(self._drive(g), name=f"bots-{g.id}")

    async def _drive(self, g: LiveGame) -> None:
        """Play the bots' moves until a human must answer or the game ends."""
        try:
            while True:
                seat = self._bot_to_move(g)
                if seat is None or g.finished:
                    return
                if self.bus is not None and not await self._claim_bots(g):
                    return  # another node drives this table's bots
                version = g.version
                base = g.state
                work = base.clone()
                spec = g.rec.seats[seat]["bot"]
                assert self.pool is not None  # bots are driven only with a pool (_kick)
                # every step shows the same time, forced or not (see _pace)
                step_seconds = think_seconds(spec, self.pool.max_seconds)
                if self.bot_delay:
                    await self.sleep(self.bot_delay)
                step = 0
                stale = False
                while work.history is base.history:
                    d = work.decision()
                    if d is None or seat not in d.seats:
                        break
                    started = self.clock()
                    obs = observe(work, seat)
                    bot_seed = _bot_seed(g.rec.seed, seat, g.ply, step)
                    try:  # a forced step too: it takes the same path as a thought one
                        a = await self.pool.choose(spec, bot_seed, obs, g.id, ply=g.ply, creator=g.rec.creator or None)
                    except StaleJob:
                        stale = True  # another node moved this table on
                        break
                    except GameError as e:
                        log.error("bot %s failed in game %s: %s", spec, g.id, e)
                        a = obs.legal[bot_seed % len(obs.legal)]
                    await self._pace(started, step_seconds)
                    if a not in obs.legal:
                        log.error("bot %s chose illegal action %r in game %s", spec, a, g.id)
                        a = obs.legal[0]
                    work.apply_action(a, seat)
                    step += 1
                if stale:  # its move reaches this node on the bus (or the catch-up)
                    await asyncio.sleep(0.2)
                    continue
                noted = _new_moves(base, work)
                async with g.lock:
                    if g.version != version:
                        continue  # an undo (or a restart) changed the game: think again
                    if not noted:
                        return
                    g.undo.clear()  # someone else moved: no undo past this
                    try:
                        await self._commit(g, work, [(seat, m) for m in noted])
                    except ApiError as e:
                        if e.status != 409:  # 409: the copy was read again; think again
                            await asyncio.sleep(1.0)  # storage or bus trouble: retry later
                        continue
                    self.stats["bot_moves"] += len(noted)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot driver crashed in game %s", g.id)
        finally:
            if g.driver is asyncio.current_task():
                g.driver = None

    async def _pace(self, started: float, step_seconds: float) -> None:
        """A bot's step is shown to take its whole thinking time, whether it
        thought or had one legal answer: a quick answer would tell everyone
        that the bot's hidden cards left it no choice (issue #34, finding 11)."""
        rest = step_seconds - (self.clock() - started)
        if rest > 0:
            await self.sleep(rest)


async def _nothing(*_args) -> None:
    pass


def final_ranking(g: LiveGame) -> list[dict]:
    """The final places: the game's own ranking, with the seats that resigned
    last (a later resignation above an earlier one); a game won by
    resignation ranks the one left first. Kept per version of the table."""
    if g.final[0] == g.version:
        return g.final[1]
    out = []
    gone = g.resigned()
    if g.state.is_terminal():
        if not gone:
            g.final = (g.version, g.present.ranking(g.state))
            return g.final[1]
        kept = [r for r in g.present.ranking(g.state) if r["seat"] not in gone]
        place = places([-r["place"] for r in kept])
        out = [dict(r, place=p, winner=p == 1) for r, p in zip(kept, place)]
    else:
        out = [
            {"seat": s, "place": 1, "winner": True, "summary": "won: the others resigned", "by_resignation": True}
            for s in range(g.rec.players)
            if s not in gone
        ]
    for s in sorted(gone, key=lambda s: -gone[s]):
        out.append({"seat": s, "place": len(out) + 1, "winner": False, "resigned": True, "summary": "resigned"})
    g.final = (g.version, out)
    return out


def _new_entries(before, after) -> list[tuple[int, str]]:
    """The (seat, move) entries noted between two states (the history is a
    shared linked list)."""
    out, node = [], after.history
    while node is not None and node is not before.history:
        node, entry = node
        out.append(entry)
    out.reverse()
    return out


def _new_moves(before, after) -> list[str]:
    return [m for _, m in _new_entries(before, after)]


def _bot_seed(table_seed: int, seat: int, ply: int, step: int) -> int:
    """A bot's seed for one decision: keyed by the table's secret seed through a
    one-way hash, so nothing a bot does can lead back to the table's seed."""
    key = table_seed.to_bytes(8, "big")
    msg = f"{seat}:{ply}:{step}".encode()
    return int.from_bytes(hashlib.blake2b(msg, key=key, digest_size=8).digest(), "big") & MAX_SEED


def dumps(obj) -> str:
    return json.dumps(obj, separators=(",", ":"))


def now() -> float:
    return time.time()
