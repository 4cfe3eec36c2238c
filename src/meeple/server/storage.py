"""Event-sourced storage: a game is its config, its seed and its moves.

SQLAlchemy Core over SQLite (the default: one file, WAL) or PostgreSQL (a URL).
Every call is synchronous and short; the app runs them on one dedicated thread
so the event loop never waits on the disk. `append_move` commits before it
returns: the server acknowledges a move only after that.
"""

from __future__ import annotations

import contextlib
import os
import time
from dataclasses import dataclass, field
from typing import Any

from sqlalchemy import (
    JSON,
    BigInteger,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    create_engine,
    delete,
    event,
    func,
    insert,
    inspect,
    select,
    text,
    update,
)
from sqlalchemy.engine import Engine

metadata = MetaData()

games_t = Table(
    "games",
    metadata,
    Column("id", String(32), primary_key=True),
    Column("game", String(32), nullable=False),
    Column("players", Integer, nullable=False),
    Column("seed", BigInteger, nullable=False),
    Column("options", JSON, nullable=False),
    # [{"kind": "human"|"bot", "bot": spec|None, "token_hash": hex|None}]
    Column("seats", JSON, nullable=False),
    Column("status", String(16), nullable=False, index=True),
    Column("winners", JSON, nullable=True),
    Column("created_at", Float, nullable=False, index=True),  # the lobby lists the newest first
    Column("finished_at", Float, nullable=True),
    # the creator chose the seed: everyone is told so, and may see it
    Column("open_seed", Boolean, nullable=False, server_default=text("false")),
    # bumps on every change of the moves (append, undo): a writer names the
    # version it built on, so a node with a stale copy of the table is refused
    Column("version", BigInteger, nullable=False, server_default=text("0")),
    # the bots' lease: while a bot must move, the node driving it (bot_node)
    # until bot_until (unix time); 0 when no bot must move
    Column("bot_node", String(32), nullable=False, server_default=text("''")),
    Column("bot_until", Float, nullable=False, server_default=text("0")),
    # who asked for the table (a digest of the account, else the address:
    # fairshare.creator_key), whose share of bot time its bots use; '' unknown
    Column("creator", String(32), nullable=False, server_default=text("''"), index=True),
    # no person was seated at its creation: only bots play it
    Column("bot_only", Boolean, nullable=False, server_default=text("false")),
)

moves_t = Table(
    "moves",
    metadata,
    Column("game_id", String(32), ForeignKey("games.id", ondelete="CASCADE"), primary_key=True),
    Column("ply", Integer, primary_key=True),
    Column("seat", Integer, nullable=False),
    Column("move", String(512), nullable=False),
    Column("at", Float, nullable=False),
)


@dataclass
class GameRecord:
    id: str
    game: str
    players: int
    seed: int
    options: dict
    seats: list[dict]
    status: str = "active"
    winners: list[int] | None = None
    created_at: float = field(default_factory=time.time)
    finished_at: float | None = None
    open_seed: bool = False
    creator: str = ""  # games.creator: whose share of bot time its bots use
    bot_only: bool = False  # no person seated at its creation
    version: int = 0  # games.version: the moves as stored
    moves: list[tuple[int, str]] = field(default_factory=list)  # (seat, move)


def hints_allowed(seats: list[dict]) -> bool:
    """A table allows the advisor's hints when every person seated agreed at
    its creation (the creator answers for all: `hints` of POST /api/games)."""
    people = [s for s in seats if s["kind"] == "human"]
    return bool(people) and all(s.get("hints") for s in people)


def default_db_url() -> str:
    import platformdirs

    d = platformdirs.user_data_dir("meeple", appauthor=False)
    return "sqlite:///" + os.path.join(d, "meeple.db")


def normalize_url(url: str) -> str:
    """Plain postgres URLs use psycopg 3; a bare path means a SQLite file."""
    if url.startswith("postgres://"):
        url = "postgresql://" + url[len("postgres://") :]
    if url.startswith("postgresql://"):
        return "postgresql+psycopg://" + url[len("postgresql://") :]
    if "://" not in url:
        return "sqlite:///" + os.path.abspath(url)
    return url


class Conflict(Exception):
    """A write built on a version of the table that is no longer the stored one
    (another node moved first): nothing was written."""


class Storage:
    """The repository. One instance per app; not shared across processes."""

    def __init__(self, url: str | None = None, *, sqlite_sync: str = "FULL") -> None:
        self.url = normalize_url(url or default_db_url())
        self.is_sqlite = self.url.startswith("sqlite")
        kwargs: dict = {"future": True}
        if self.is_sqlite:
            path = self.url.split(":///", 1)[1] if ":///" in self.url else ""
            if path and path != ":memory:":
                os.makedirs(os.path.dirname(os.path.abspath(path)) or ".", exist_ok=True)
            kwargs["connect_args"] = {"check_same_thread": False, "timeout": 30}
        else:
            kwargs["pool_pre_ping"] = True
        self.engine: Engine = create_engine(self.url, **kwargs)
        if self.is_sqlite:
            sync = sqlite_sync

            @event.listens_for(self.engine, "connect")
            def _pragmas(dbapi_conn, _record):  # pragma: no cover - trivial
                cur = dbapi_conn.cursor()
                cur.execute("PRAGMA journal_mode=WAL")
                # FULL: a commit is on disk before the move is acknowledged
                cur.execute(f"PRAGMA synchronous={sync}")
                cur.execute("PRAGMA foreign_keys=ON")
                cur.execute("PRAGMA busy_timeout=30000")
                cur.close()

        with self.schema_lock():
            metadata.create_all(self.engine)
            self._add_missing_columns()

    @contextlib.contextmanager
    def schema_lock(self):
        """Nodes of a cluster starting together create the tables one at a
        time (a PostgreSQL advisory lock; SQLite has one process)."""
        if self.is_sqlite:
            yield
            return
        with self.engine.connect() as c:
            c.execute(text("select pg_advisory_lock(7270017)"))
            try:
                yield
            finally:
                c.execute(text("select pg_advisory_unlock(7270017)"))

    def _add_missing_columns(self) -> None:
        """A database made by an older version gets the columns added since
        (each has a server default, so old rows read as before)."""
        have = {c["name"] for c in inspect(self.engine).get_columns("games")}
        with self.engine.begin() as c:
            for col in games_t.columns:
                if col.name not in have:
                    if col.server_default is None:
                        raise RuntimeError(f"cannot add column games.{col.name} to an old database: it has no default")
                    kind = col.type.compile(dialect=self.engine.dialect)
                    default: Any = col.server_default  # a DefaultClause: its text
                    c.execute(
                        text(f"ALTER TABLE games ADD COLUMN {col.name} {kind} NOT NULL DEFAULT {default.arg.text}")
                    )
        for index in games_t.indexes:  # and the indexes of those columns
            index.create(self.engine, checkfirst=True)

    @staticmethod
    def is_postgres_url(url: str | None) -> bool:
        return url is not None and normalize_url(url).startswith("postgresql")

    def close(self) -> None:
        self.engine.dispose()

    def ping(self) -> None:
        with self.engine.connect() as c:
            c.execute(text("select 1"))

    # ----------------------------------------------------------- writing
    def create_game(self, rec: GameRecord) -> None:
        with self.engine.begin() as c:
            c.execute(
                insert(games_t).values(
                    id=rec.id,
                    game=rec.game,
                    players=rec.players,
                    seed=rec.seed,
                    options=rec.options,
                    seats=rec.seats,
                    status=rec.status,
                    winners=rec.winners,
                    created_at=rec.created_at,
                    finished_at=rec.finished_at,
                    open_seed=rec.open_seed,
                    creator=rec.creator,
                    bot_only=rec.bot_only,
                )
            )

    def append_batch(self, items: list[tuple]) -> None:
        """Several games' appends in one transaction (one disk sync: group commit).

        An item is (game_id, first_ply, [(seat, move)], winners | None,
        version, bot): `version` is the table's stored version the moves were
        built on, `bot` (node, until) the bots' lease after them or None when no
        bot must move. A table whose version moved on meanwhile fails the whole
        transaction with Conflict (the caller retries the others alone); the
        primary key (game_id, ply) stays a second guard against a doubled ply.
        """
        now = time.time()
        rows = [
            {"game_id": gid, "ply": first + i, "seat": seat, "move": m, "at": now}
            for gid, first, moves, *_ in items
            for i, (seat, m) in enumerate(moves)
        ]
        with self.engine.begin() as c:
            for gid, _, _, winners, version, bot in items:
                values = {
                    "version": version + 1,
                    "bot_node": bot[0] if bot else "",
                    "bot_until": bot[1] if bot else 0.0,
                }
                if winners is not None:
                    values.update(status="finished", winners=list(winners), finished_at=now)
                r = c.execute(update(games_t).where(games_t.c.id == gid, games_t.c.version == version).values(**values))
                if r.rowcount != 1:
                    raise Conflict(gid)
            if rows:
                c.execute(insert(moves_t), rows)

    def save_resignation(self, game_id: str, seats: list[dict], version: int, winners: list[int] | None) -> None:
        """A seat resigned: its seat (marked `resigned`, and a bot's from now
        on when the game goes on) and, when it ends the game, the winners,
        in one transaction if the table is still at `version` (else Conflict)."""
        values: dict[str, Any] = {"seats": seats, "version": version + 1}
        if winners is not None:
            values.update(status="finished", winners=winners, finished_at=time.time(), bot_node="", bot_until=0.0)
        with self.engine.begin() as c:
            r = c.execute(update(games_t).where(games_t.c.id == game_id, games_t.c.version == version).values(**values))
            if r.rowcount != 1:
                raise Conflict(game_id)

    def delete_moves_from(self, game_id: str, ply: int, version: int, bot=None) -> int:
        """Undo: remove moves ply.. (returns how many), if the table is still at
        `version` (else Conflict); `bot` as in append_batch."""
        with self.engine.begin() as c:
            r = c.execute(
                update(games_t)
                .where(games_t.c.id == game_id, games_t.c.version == version)
                .values(version=version + 1, bot_node=bot[0] if bot else "", bot_until=bot[1] if bot else 0.0)
            )
            if r.rowcount != 1:
                raise Conflict(game_id)
            r = c.execute(delete(moves_t).where(moves_t.c.game_id == game_id, moves_t.c.ply >= ply))
            return r.rowcount

    # ------------------------------------------------------ the cluster
    def heads(self, game_ids: list[str]) -> dict[str, tuple[int, str, list]]:
        """{id: (version, status, seats)} of these tables: a node checks its
        copies against the truth with one indexed query."""
        if not game_ids:
            return {}
        with self.engine.connect() as c:
            rows = c.execute(
                select(games_t.c.id, games_t.c.version, games_t.c.status, games_t.c.seats).where(
                    games_t.c.id.in_(game_ids)
                )
            ).all()
        return {r.id: (r.version, r.status, r.seats) for r in rows}

    def release_bots(self, node: str) -> None:
        """A node stopping lets go of its bots' leases (they run out at once)."""
        with self.engine.begin() as c:
            c.execute(update(games_t).where(games_t.c.bot_node == node, games_t.c.bot_until > 0).values(bot_until=1.0))

    def claim_bots(self, game_id: str, node: str, until: float, now: float) -> bool:
        """Take (or renew) the lease on a table's bots, unless another node
        holds one that has not run out (the caller saw that a bot must move)."""
        with self.engine.begin() as c:
            r = c.execute(
                update(games_t)
                .where(
                    games_t.c.id == game_id,
                    games_t.c.status == "active",
                    (games_t.c.bot_node == node) | (games_t.c.bot_until < now),
                )
                .values(bot_node=node, bot_until=until)
            )
            return r.rowcount == 1

    def bump_version(self, game_id: str, version: int) -> bool:
        """A change beside the moves (the seats): the version moves on if it is `version`."""
        with self.engine.begin() as c:
            r = c.execute(
                update(games_t).where(games_t.c.id == game_id, games_t.c.version == version).values(version=version + 1)
            )
            return r.rowcount == 1

    def clear_bots(self, game_id: str, version: int) -> None:
        """No bot must move at this version of the table: no lease to look after."""
        with self.engine.begin() as c:
            c.execute(
                update(games_t)
                .where(games_t.c.id == game_id, games_t.c.version == version)
                .values(bot_node="", bot_until=0.0)
            )

    def orphaned_bots(self, now: float, limit: int = 100) -> list[str]:
        """Active tables whose bots must move but whose lease ran out (its node
        died or stopped)."""
        with self.engine.connect() as c:
            rows = c.execute(
                select(games_t.c.id)
                .where(games_t.c.status == "active", games_t.c.bot_until > 0, games_t.c.bot_until < now)
                .order_by(games_t.c.bot_until)
                .limit(limit)
            ).all()
        return [r.id for r in rows]

    # -------------------------------------------------- a creator's bot-only tables
    def bot_only_playing(self, creator: str) -> int:
        """How many bot-only tables of `creator` are unfinished."""
        with self.engine.connect() as c:
            rows = c.execute(
                select(games_t.c.id).where(
                    games_t.c.creator == creator, games_t.c.bot_only.is_(True), games_t.c.status == "active"
                )
            ).all()
        return len(rows)

    def forget_bot_only(self, creator: str, keep: int) -> list[str]:
        """Delete `creator`'s ended (finished or closed) bot-only tables but
        the `keep` that ended last; returns the ids deleted."""
        ended = func.coalesce(games_t.c.finished_at, games_t.c.created_at)
        with self.engine.begin() as c:
            rows = c.execute(
                select(games_t.c.id)
                .where(games_t.c.creator == creator, games_t.c.bot_only.is_(True), games_t.c.status != "active")
                .order_by(ended.desc(), games_t.c.id)
                .offset(keep)
            ).all()
            ids = [r.id for r in rows]
            if ids:
                c.execute(delete(moves_t).where(moves_t.c.game_id.in_(ids)))
                c.execute(delete(games_t).where(games_t.c.id.in_(ids)))
        return ids

    # ----------------------------------------------------------- reading
    def _record(self, c, row) -> GameRecord:
        ms = c.execute(
            select(moves_t.c.seat, moves_t.c.move).where(moves_t.c.game_id == row.id).order_by(moves_t.c.ply)
        ).all()
        return GameRecord(
            id=row.id,
            game=row.game,
            players=row.players,
            seed=row.seed,
            options=row.options or {},
            seats=row.seats,
            status=row.status,
            winners=row.winners,
            created_at=row.created_at,
            finished_at=row.finished_at,
            open_seed=bool(row.open_seed),
            creator=row.creator,
            bot_only=bool(row.bot_only),
            version=row.version,
            moves=[(s, m) for s, m in ms],
        )

    def get_game(self, game_id: str) -> GameRecord | None:
        with self.engine.connect() as c:
            row = c.execute(select(games_t).where(games_t.c.id == game_id)).first()
            return None if row is None else self._record(c, row)

    def unfinished(self) -> list[GameRecord]:
        with self.engine.connect() as c:
            rows = c.execute(select(games_t).where(games_t.c.status == "active").order_by(games_t.c.created_at)).all()
            return [self._record(c, r) for r in rows]

    def recent(self, limit: int = 50, where=None) -> list[dict]:
        """The newest games (those matching `where`, a SQL condition, if given)."""
        query = select(
            games_t.c.id,
            games_t.c.game,
            games_t.c.players,
            games_t.c.status,
            games_t.c.seats,
            games_t.c.created_at,
            games_t.c.winners,
            games_t.c.open_seed,
        )
        if where is not None:
            query = query.where(where)
        with self.engine.connect() as c:
            rows = c.execute(query.order_by(games_t.c.created_at.desc()).limit(limit)).all()
        return [
            {
                "id": r.id,
                "game": r.game,
                "players": r.players,
                "status": r.status,
                "seats": [s["kind"] if s["kind"] == "human" else "bot:" + s["bot"] for s in r.seats],
                "names": [s.get("name") for s in r.seats],
                "accounts": [bool(s.get("account")) for s in r.seats],  # the page marks guests by it
                "open": [i for i, s in enumerate(r.seats) if s.get("open")],
                "hints": hints_allowed(r.seats),
                "open_seed": bool(r.open_seed),
                "created_at": r.created_at,
                "winners": r.winners,
            }
            for r in rows
        ]

    def move_count(self, game_id: str) -> int:
        with self.engine.connect() as c:
            return len(c.execute(select(moves_t.c.ply).where(moves_t.c.game_id == game_id)).all())
