"""Live games: the event-sourced core of the server, and the door to its rooms.

A game is its record (config, seed, seats) and its moves. In memory each live
game (`live.LiveGame`) keeps its current state; a move is tried on a clone,
committed to storage (`commits.CommitLoop`, on the storage thread), and only
then swapped in and acknowledged. `GameService` holds the tables (live ones,
and a cache of finished ones), creates them, takes people's moves and commits
every move; its rooms hold the rest: `bot_driver.BotDriver` (the bots' tasks),
`cluster.ClusterSync` (a node's copies kept one with the other nodes'),
`undo_consent.UndoConsent` (undo requests), `views.Views` (what a viewer
reads). The rooms see the service through `rooms.Host` and never import it.
Its public methods are the API the routes use.
"""

from __future__ import annotations

import asyncio
import collections
import contextlib
import hmac
import logging
import secrets
import time
from concurrent.futures import ThreadPoolExecutor

from meeple import games as registry
from meeple.core import gamedata
from meeple.core.game import GameError, IllegalMove
from meeple.core.present import own_move
from meeple.server.bot_driver import BotDriver
from meeple.server.cluster import ClusterSync
from meeple.server.commits import CommitLoop
from meeple.server.errors import ApiError
from meeple.server.live import MAX_SEED, LiveGame, new_entries, replay_state, seat_names
from meeple.server.ranking import final_ranking
from meeple.server.storage import Conflict, GameRecord, Storage
from meeple.server.tokens import hash_token
from meeple.server.undo_consent import UndoConsent
from meeple.server.views import Views
from meeple.server.workers import BotPool, check_budget, check_spec

# importers of these names from here (the routes, the people's modules)
__all__ = ["GameService", "LiveGame", "MAX_SEED", "final_ranking", "now", "replay_state"]
_seat_names = seat_names

log = logging.getLogger("meeple.server")


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
        self.commits = CommitLoop(self._db, storage)
        self.bots = BotDriver(self)
        self.cluster = ClusterSync(self)
        self.undo_consent = UndoConsent(self)
        self.views = Views()
        self._tasks: list[asyncio.Task] = []
        self._chores: set[asyncio.Task] = set()  # background work of the service (deleting old tables)
        # stored tables replayed on demand (finished ones beyond the cache): off the loop, one at a time
        self._loader = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-load")
        self._loading: dict[str, asyncio.Future] = {}

    async def _db(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self.db, fn, *args)

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
            if self.bus is not None and self.bots.to_move(g) is None:
                continue
            self.live[rec.id] = g
            self.stats["resumed"] += 1
            self.bots.kick(g)
        if self.bus is not None:
            loop = asyncio.get_running_loop()
            self._tasks = [
                loop.create_task(self.cluster.orphans_loop(), name="bot-orphans"),
                loop.create_task(self.cluster.resync_loop(), name="resync"),
            ]

    async def stop(self) -> None:
        for t in self._tasks:
            t.cancel()
        tasks = [g.driver for g in self.live.values() if g.driver is not None] + self._tasks + list(self._chores)
        for t in tasks:
            t.cancel()
        for t in tasks:
            with contextlib.suppress(asyncio.CancelledError, Exception):
                await t
        if self.bus is not None:
            # the other nodes take this node's bots at once (failing that, the leases run out by themselves)
            with contextlib.suppress(Exception):
                await self._db(self.storage.release_bots, self.node)
        self._loader.shutdown(wait=False, cancel_futures=True)
        self.db.shutdown(wait=True)

    def _live(self, rec: GameRecord, state) -> LiveGame:
        return LiveGame(rec=rec, state=state, seats=seat_names(rec.seats), moves=list(rec.moves))

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
        self.bots.kick(g)
        return g, out

    async def get(self, game_id: str, fresh: bool = True) -> LiveGame:
        """The table. In a cluster a held copy is first checked against the
        database (one indexed read) unless `fresh` is False: the websockets'
        pushes follow the bus, and writes check the version themselves."""
        if not isinstance(game_id, str) or not 1 <= len(game_id) <= 32:
            raise ApiError(404, "no such game")
        held = self.live.get(game_id) or self.done.get(game_id)
        cold = held is None
        if held is None:
            g = await self._hold_stored(game_id)
        else:
            g = held
            if game_id in self.done:
                self.done.move_to_end(game_id)
        if self.bus is not None and (fresh or cold):
            # A cold copy is checked even when not `fresh`: it was replayed from a
            # record read before it was held (perhaps by an earlier load still in
            # flight), and the bus messages of that gap reached no held copy.
            # Read after holding it, the head covers every acknowledged commit.
            head = (await self._db(self.storage.heads, [game_id])).get(game_id)
            if head is None:
                raise ApiError(404, f"no game {game_id!r}")
            if head != (g.rec.version, g.rec.status, g.rec.seats):
                await self.cluster.refresh(g)
        if cold:
            self.bots.kick(g)  # once up to the head: no bot moves from an old copy
        return g

    async def _hold_stored(self, game_id: str) -> LiveGame:
        """The stored table, replayed and held (or the copy another caller
        loaded meanwhile); its bots are not kicked yet."""
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
        return self.live.get(game_id) or self.done.get(game_id) or loaded  # held when loaded

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
            pending.add_done_callback(lambda done: self._hold_loaded(rec.id, done))
        return await asyncio.shield(pending)

    def _hold_loaded(self, game_id: str, done: asyncio.Future) -> None:
        """On the loop, as the load ends: the table is held before it stops
        being in flight, so no caller between the two loads it a second time."""
        self._loading.pop(game_id, None)
        if done.cancelled() or done.exception() is not None:
            return
        g = done.result()
        if game_id in self.live or game_id in self.done:
            return
        if g.finished:
            self._remember_done(g)
        else:
            self.live[game_id] = g

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

    def _winners(self, g: LiveGame, state) -> list[int]:
        """The winners of a game played to its end: the engine's, unless a seat
        that resigned (played on by a bot) came first."""
        gone = g.resigned()
        if not gone or not set(state.winners) & set(gone):
            return list(state.winners)
        kept = [r for r in g.present.ranking(state) if r["seat"] not in gone]
        best = min(r["place"] for r in kept)
        return [r["seat"] for r in kept if r["place"] == best]

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
            self.cluster.check()
            try:
                await self._db(self.storage.save_resignation, g.id, seats, version, winners)
            except Conflict:
                await self.cluster.reload(g)
                raise ApiError(409, "the table changed meanwhile: try again") from None
            except Exception as e:
                log.exception("storage failed for game %s", g.id)
                raise ApiError(
                    503, f"the database is unreachable, so you have not resigned ({type(e).__name__})"
                ) from None
            g.rec.version = version + 1
            g.rec.seats = seats
            g.seats = seat_names(seats)
            g.public, g.owned = [], {}
            g.undo.clear()
            g.version += 1
            if winners is not None:
                g.rec.status, g.rec.winners = "finished", winners
                if g.driver is not None:
                    g.driver.cancel()
                self._remember_done(g)
            self.cluster.publish({"k": "reload", "g": g.id})
        if winners is not None:
            self.on_finish(g)
        self.notify(g.id)
        self.bots.kick(g)
        return {"ok": True, "seat": seat, "finished": winners is not None, "winners": winners}

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
            entries = new_entries(g.state, new)
            if entries and entries[0][0] != seat:
                # a simultaneous move names its seat: nobody answers for another
                raise ApiError(403, f"that move is {g.seats[entries[0][0]]['name']}'s, not yours")
            noted = [m for _, m in entries] or [" ".join(move.split())]
            prev, first = g.state, g.ply
            await self._commit(g, new, [(seat, m) for m in noted])
            g.undo.moved(seat, first, g.ply, prev, new)
            return {"ok": True, "ply": g.ply, "moves": noted}

    async def _commit(self, g: LiveGame, new, moves: list[tuple[int, str]]) -> None:
        """Persist, then swap in. Runs under g.lock. Nothing changes if storage fails."""
        winners = self._winners(g, new) if new.is_terminal() else None
        version, first = g.rec.version, g.ply
        self.cluster.check()
        try:
            await self.commits.append(g.id, first, moves, winners, version, self.cluster.bot_lease(g, new))
        except Conflict:
            await self.cluster.reload(g)
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
        self.cluster.publish(
            {"k": "moves", "g": g.id, "pv": version, "v": version + 1, "p": first, "m": moves, "w": winners}
        )
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
                self._spawn(self.bots.forget_tables(g.rec.creator))
        self.notify(g.id)
        self.bots.kick(g)

    def _spawn(self, coro) -> None:
        task = asyncio.get_running_loop().create_task(coro)
        self._chores.add(task)
        task.add_done_callback(self._chores.discard)

    # ------------------------------------------------ the rooms' public doors
    def can_undo(self, g: LiveGame, seat) -> bool:
        return self.views.can_undo(g, seat)

    def seed_info(self, g: LiveGame) -> dict:
        return self.views.seed_info(g)

    def view(self, g: LiveGame, viewer: int | None, events_from: int = 0, moves_from: int = 0) -> dict:
        return self.views.view(g, viewer, events_from, moves_from)

    def move_log(self, g: LiveGame) -> dict:
        return self.views.move_log(g)

    def check_replay(self, g: LiveGame, ply: int) -> None:
        self.views.check_replay(g, ply)

    def replay(self, g: LiveGame, ply: int) -> dict:
        return self.views.replay(g, ply)

    def ranking(self, g: LiveGame) -> list[dict]:
        return self.views.ranking(g)

    async def ask_undo(self, g: LiveGame, seat: int) -> tuple[int, dict]:
        return await self.undo_consent.ask(g, seat)

    async def answer_undo(self, g: LiveGame, seat: int, approve) -> dict:
        return await self.undo_consent.answer(g, seat, approve)

    async def seats_saved(self, g: LiveGame) -> None:
        await self.cluster.seats_saved(g)

    def share_push(self, game_id: str, payload: dict) -> None:
        self.cluster.share_push(game_id, payload)

    async def on_bus(self, msg: dict) -> None:
        await self.cluster.on_bus(msg)

    async def catch_up(self) -> None:
        await self.cluster.catch_up()

    async def forget_bot_tables(self, creator: str) -> list[str]:
        return await self.bots.forget_tables(creator)

    def _kick(self, g: LiveGame) -> None:
        self.bots.kick(g)

    def _bot_to_move(self, g: LiveGame, state=None) -> int | None:
        return self.bots.to_move(g, state)


async def _nothing(*_args) -> None:
    pass


def now() -> float:
    return time.time()
