"""Live games: the event-sourced core of the server.

A game is its record (config, seed, seats) and its moves. In memory each live
game keeps its current state; a move is tried on a clone, committed to storage
(on the storage thread), and only then swapped in and acknowledged. Bots are
driven by one asyncio task per game, which asks the worker pool for each action
and commits the bot's moves the same way.
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

from meeple import games as registry
from meeple.bots.base import observe
from meeple.core import gamedata, savegame
from meeple.core.game import GameError, IllegalMove
from meeple.core.present import own_move
from meeple.server.present import presenter, redact_moves
from meeple.server.storage import GameRecord, Storage, hints_allowed
from meeple.server.undo import Takebacks, UndoRequest
from meeple.server.workers import BotPool, check_budget, check_spec, registry_available

log = logging.getLogger("meeple.server")

MAX_SEED = 2 ** 63 - 1


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
            if s.get("stand_in"):     # a bot plays a person's seat until they take it back
                pub["name"] = f"{s.get('name') or f'Player {i + 1}'} (bot {s['bot']} standing in)"
            if not registry_available():
                pub["plays_as"] = "random"
        out.append(pub)
    return out


@dataclass
class LiveGame:
    rec: GameRecord
    state: object
    seats: list[dict]                       # public seat descriptions
    moves: list[tuple[int, str]]
    lock: asyncio.Lock = field(default_factory=asyncio.Lock)
    version: int = 0                        # bumps on every change (moves, undo)
    undo: Takebacks = field(default_factory=Takebacks)
    driver: asyncio.Task | None = None
    raw_events: list = field(default_factory=list)
    events_head: object = None
    public: list = field(default_factory=list)      # every event in words, private ones masked
    owned: dict = field(default_factory=dict)       # event index -> words for its owner
    views: dict = field(default_factory=dict)       # viewer -> (version, payload)
    scoring: tuple = (-1, None)                     # (version, age scoring)

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
        """Over: played to the end, or closed unfinished (abandoned)."""
        return self.rec.status == "closed" or self.state.is_terminal()

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
        return [owned[i] if raw[i][3] == viewer and raw[i][3] is not None else pub[i]
                for i in range(start, len(raw))]


def replay_state(rec: GameRecord, moves=None):
    """A stored table's state after its moves (all, or `moves`): the saved-game
    replay, once the table's data files are this server's."""
    opts = dict(rec.options or {})
    gamedata.require(rec.game, opts.pop("data", None))   # made with this server's data files?
    return savegame.replay({"game": rec.game, "players": rec.players, "seed": rec.seed, "options": opts,
                            "moves": rec.moves if moves is None else moves})


class GameService:
    def __init__(self, storage: Storage, pool: BotPool | None, *, bot_delay: float = 0.0,
                 notify=None, finished_cache: int = 256) -> None:
        self.storage = storage
        self.pool = pool
        self.bot_delay = bot_delay
        self.notify = notify or (lambda game_id: None)
        self.on_finish = lambda g: None          # hook: a game just ended (ratings)
        self.live: dict[str, LiveGame] = {}
        self.done: collections.OrderedDict[str, LiveGame] = collections.OrderedDict()
        self.finished_cache = finished_cache
        # One thread owns the database: SQLite has one writer anyway, and the
        # event loop never waits on the disk.
        self.db = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-db")
        self.stats = {"moves": 0, "bot_moves": 0, "resumed": 0, "resume_failed": 0}
        self._pending: list = []
        self._writer: asyncio.Task | None = None

    async def _db(self, fn, *args):
        return await asyncio.get_running_loop().run_in_executor(self.db, fn, *args)

    async def _append(self, game_id: str, first_ply: int, moves, winners) -> None:
        """Commit moves; returns once they are on disk. Appends that arrive while
        a commit runs are committed together in the next transaction (group
        commit), so many games share one disk sync."""
        fut = asyncio.get_running_loop().create_future()
        self._pending.append((game_id, first_ply, moves, winners, fut))
        if self._writer is None or self._writer.done():
            self._writer = asyncio.get_running_loop().create_task(self._write_loop())
        await fut

    async def _write_loop(self) -> None:
        while self._pending:
            batch, self._pending = self._pending, []
            items = [b[:4] for b in batch]
            try:
                await self._db(self.storage.append_batch, items)
                results = [None] * len(batch)
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
        """Resume every unfinished game (bots included)."""
        recs = await self._db(self.storage.unfinished)
        for rec in recs:
            try:
                g = self._live(rec, replay_state(rec))
            except GameError as e:
                self.stats["resume_failed"] += 1
                log.error("cannot resume game %s: %s", rec.id, e)
                continue
            self.live[rec.id] = g
            self.stats["resumed"] += 1
            self._kick(g)

    async def stop(self) -> None:
        tasks = [g.driver for g in self.live.values() if g.driver is not None]
        for t in tasks:
            t.cancel()
        for t in tasks:
            try:
                await t
            except (asyncio.CancelledError, Exception):
                pass
        self.db.shutdown(wait=True)

    def _live(self, rec: GameRecord, state) -> LiveGame:
        return LiveGame(rec=rec, state=state, seats=_seat_names(rec.seats), moves=list(rec.moves))

    # ------------------------------------------------------------- creating
    async def create(self, game: str, players: int, seats: list[str], seed: int | None,
                     options: dict, hints: bool | None = None,
                     open_seed: bool = False) -> tuple[LiveGame, list[dict]]:
        """`hints`: the advisor at this table (default: on when one person plays bots)."""
        try:
            module = registry.get(game)
        except GameError as e:
            raise ApiError(400, str(e)) from None
        if not module.MIN_PLAYERS <= players <= module.MAX_PLAYERS:
            raise ApiError(400, f"{game} is for {module.MIN_PLAYERS}-{module.MAX_PLAYERS} players, not {players}")
        if len(seats) != players:
            raise ApiError(400, f"seats must list {players} seats ('human' or 'bot:<level>'), got {len(seats)}")
        if hints is None:
            hints = sum(1 for spec in seats if spec.strip() == "human") == 1
        stored, out = [], []
        for i, spec in enumerate(seats):
            spec = spec.strip()
            if spec == "human":
                token = secrets.token_urlsafe(24)
                stored.append({"kind": "human", "bot": None, "token_hash": hash_token(token),
                               "hints": bool(hints)})
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
                raise ApiError(400, f"seats[{i}] must be 'human' or 'bot:<level>' "
                                    f"(random, greedy, ismcts:0.5s, easy, medium, hard), got {spec!r}")
        if seed is not None and not open_seed:
            raise ApiError(400, 'a chosen seed decides every hand and the whole deck, so it is allowed only '
                                'at a table created with "open_seed": true, which tells everyone the seed')
        if seed is None:
            seed = secrets.randbits(63)
        try:
            opts = presenter(game).options(options)
        except GameError as e:
            raise ApiError(400, str(e)) from None
        rec = GameRecord(id=secrets.token_urlsafe(9), game=game, players=players, seed=seed,
                         options=gamedata.stamp(game, dict(opts)), seats=stored, open_seed=open_seed)
        try:
            state = module.new_game(players, seed=seed, **opts)
        except GameError as e:
            raise ApiError(400, str(e)) from None
        await self._db(self.storage.create_game, rec)
        g = self._live(rec, state)
        self.live[rec.id] = g
        self._kick(g)
        return g, out

    # ------------------------------------------------------------- fetching
    async def get(self, game_id: str) -> LiveGame:
        if not isinstance(game_id, str) or not 1 <= len(game_id) <= 32:
            raise ApiError(404, "no such game")
        g = self.live.get(game_id) or self.done.get(game_id)
        if g is not None:
            if game_id in self.done:
                self.done.move_to_end(game_id)
            return g
        rec = await self._db(self.storage.get_game, game_id)
        if rec is None:
            raise ApiError(404, f"no game {game_id!r}")
        g = self.live.get(game_id) or self.done.get(game_id)   # loaded meanwhile
        if g is not None:
            return g
        try:
            g = self._live(rec, replay_state(rec))
        except GameError as e:
            raise ApiError(500, f"game {game_id} cannot be replayed: {e}") from None
        if g.finished:
            self._remember_done(g)
        else:
            self.live[game_id] = g
            self._kick(g)
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
        if stored["kind"] != "human" and not stored.get("stand_in"):   # a stand-in's person still sees
            raise ApiError(403, f"seat {seat} is played by a bot")
        if not isinstance(token, str) or not hmac.compare_digest(hash_token(token), stored["token_hash"]):
            raise ApiError(403, f"wrong token for seat {seat}")
        return seat

    # ---------------------------------------------------------------- views
    def can_undo(self, g: LiveGame, seat) -> bool:
        """May `seat` ask to take back its last move now?"""
        return not g.finished and g.undo.may_ask(seat, g.ply)

    def seed_info(self, g: LiveGame) -> dict:
        """{open_seed} for every table, and the seed where everyone may know it:
        at an open-seed table, or once the game is over."""
        out = {"open_seed": g.rec.open_seed}
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
                "id": g.id, "game": g.rec.game,
                "status": g.status,
                "ply": g.ply, "you": viewer, "seats": g.seats,
                "options": g.rec.options, "hints": hints_allowed(g.rec.seats),
                **self.seed_info(g),
                "state": state.view(viewer),
                "decision": None if g.status == "closed" else g.present.decision_for(state, viewer),
            }
            g.sync_events()
            if g.scoring[0] != g.version:
                g.scoring = (g.version, g.present.scoring(g.raw_events, state))
            base["scoring"] = g.scoring[1]
            if state.is_terminal():
                base["ranking"] = g.present.ranking(state)
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
        out = {"id": g.id, "game": g.rec.game, "players": g.rec.players,
               "status": g.status, "seats": g.seats,
               "options": g.rec.options, **self.seed_info(g)}
        out["moves"] = [{"ply": i, "seat": s, "move": m} for i, (s, m)
                        in enumerate(zip((s for s, _ in g.moves),
                                         redact_moves(g.state, g.moves, None, fin)))]
        if fin:
            out["winners"] = list(g.state.winners) if g.state.is_terminal() else []
        return out

    def replay(self, g: LiveGame, ply: int) -> dict:
        if not g.finished:
            raise ApiError(409, "a replay is for finished games only")
        if not 0 <= ply <= g.ply:
            raise ApiError(400, f"ply must be from 0 to {g.ply}")
        state = replay_state(g.rec, g.moves[:ply])
        pr = g.present
        events = [pr.describe((*ev[:3], None), g.seats, None) for ev in state.log()]
        return {"id": g.id, "game": g.rec.game, "ply": ply, "total": g.ply, "seats": g.seats,
                "move": None if ply == 0 else {"seat": g.moves[ply - 1][0], "move": g.moves[ply - 1][1]},
                "state": state.view(None) | {"seats": state.to_json()["seats"]},
                "decision": pr.decision_for(state, None),
                "events": events, "scoring": pr.scoring(state.log(), state),
                "ranking": pr.ranking(state) if state.is_terminal() else None}

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
            if g.seat_kind(seat) != "human":
                raise ApiError(409, "a bot plays your seat now: take it back first")
            d = g.state.decision()
            if seat not in d.seats:
                raise ApiError(409, f"not your decision: {g.seats[d.seat]['name']} (seat {d.seat}) "
                                    f"must answer '{d.kind}'")
            # a move naming another seat is refused before it is tried: its error
            # would tell the sender whether that seat holds the card it names
            named = own_move(g.state, seat, move)
            if isinstance(named, int):
                raise ApiError(403, f"that move is seat {named}'s, not yours (seat {seat})")
            move = named
            new = g.state.clone()
            try:
                new.apply_move(move)
            except IllegalMove as e:
                raise ApiError(400, f"illegal move {move!r}: {e}") from None
            entries = _new_entries(g.state, new)
            if entries and entries[0][0] != seat:
                # a simultaneous move names its seat: nobody answers for another
                raise ApiError(403, f"that move is seat {entries[0][0]}'s, not yours (seat {seat})")
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
                raise ApiError(409, "nothing to undo: undo takes back your own last move while "
                                    "nobody else has moved and nothing hidden was shown since")
            if g.undo.request is not None and g.undo.request.declined_by is None:
                raise ApiError(409, "an undo is already waiting for the other players' answer")
            if top[1] in g.undo.declined:
                raise ApiError(409, "the other players declined to undo this move: it cannot be asked again")
            others = [s for s in g.people() if s != seat]
            if not others:
                await self._take_back(g, seat)
                return 200, {"ok": True, "undone": True, "ply": g.ply}
            g.undo.request = UndoRequest(seat=seat, ply=top[1], waiting=others)
            self.notify(g.id)
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
                self.notify(g.id)
                return {"ok": True, "declined": True, "ply": g.ply}
            req.waiting.remove(seat)
            if req.waiting:
                self.notify(g.id)
                return {"ok": True, "pending": True, "waiting": list(req.waiting), "ply": g.ply}
            await self._take_back(g, req.seat)
            return {"ok": True, "undone": True, "ply": g.ply}

    async def _take_back(self, g: LiveGame, seat: int) -> None:
        """Undo `seat`'s last move (it may be undone: checked). Runs under g.lock."""
        _, ply, _, prev = g.undo.last(seat, g.ply)
        await self._db(self.storage.delete_moves_from, g.id, ply)
        g.undo.pop()
        del g.moves[ply:]
        g.state = prev
        g.version += 1
        self.notify(g.id)
        self._kick(g)

    async def _commit(self, g: LiveGame, new, moves: list[tuple[int, str]]) -> None:
        """Persist, then swap in. Runs under g.lock. Nothing changes if storage fails."""
        winners = list(new.winners) if new.is_terminal() else None
        try:
            await self._append(g.id, g.ply, moves, winners)
        except Exception as e:  # storage down, disk full: the move is not taken
            log.exception("storage failed for game %s", g.id)
            raise ApiError(503, f"the move could not be saved, so it was not made ({type(e).__name__})") from None
        g.moves.extend(moves)
        g.state = new
        g.version += 1
        self.stats["moves"] += len(moves)
        if winners is not None:
            g.rec.status = "finished"
            g.undo.clear()
            self._remember_done(g)
            self.on_finish(g)
        self.notify(g.id)
        self._kick(g)

    # ----------------------------------------------------------------- bots
    def _bot_to_move(self, g: LiveGame) -> int | None:
        d = g.state.decision()
        if d is None:
            return None
        for s in d.seats:              # at a simultaneous decision, each bot in turn
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
                version = g.version
                base = g.state
                work = base.clone()
                spec = g.rec.seats[seat]["bot"]
                if self.bot_delay:
                    await asyncio.sleep(self.bot_delay)
                step = 0
                while work.history is base.history:
                    d = work.decision()
                    if d is None or seat not in d.seats:
                        break
                    obs = observe(work, seat)
                    if len(obs.legal) == 1:
                        a = obs.legal[0]
                    else:
                        bot_seed = _bot_seed(g.rec.seed, seat, g.ply, step)
                        try:
                            a = await self.pool.choose(spec, bot_seed, obs, g.id)
                        except GameError as e:
                            log.error("bot %s failed in game %s: %s", spec, g.id, e)
                            a = obs.legal[bot_seed % len(obs.legal)]
                    if a not in obs.legal:
                        log.error("bot %s chose illegal action %r in game %s", spec, a, g.id)
                        a = obs.legal[0]
                    work.apply_action(a, seat)
                    step += 1
                noted = _new_moves(base, work)
                async with g.lock:
                    if g.version != version:
                        continue              # an undo (or a restart) changed the game: think again
                    if not noted:
                        return
                    g.undo.clear()            # someone else moved: no undo past this
                    try:
                        await self._commit(g, work, [(seat, m) for m in noted])
                    except ApiError:
                        await asyncio.sleep(1.0)   # storage trouble: retry later
                        continue
                    self.stats["bot_moves"] += len(noted)
        except asyncio.CancelledError:
            raise
        except Exception:
            log.exception("bot driver crashed in game %s", g.id)
        finally:
            if g.driver is asyncio.current_task():
                g.driver = None


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
