"""Storage of the people around the games: accounts, sessions, ratings, who
sat where, table settings (public/private, rematch) and chat.

Schema migration: these are new tables only, created by `create_all` beside
the games' tables on the same engine (SQLite or PostgreSQL). A database made
before them gets them on the server's next start; the existing `games` and
`moves` tables are not altered (a seat's display name lives in the `seats`
JSON of its game, which always was free-form). A game without a `tables` row
is a private table, so every existing game stays unlisted.
"""

from __future__ import annotations

import time

from sqlalchemy import (
    JSON,
    Boolean,
    Column,
    Float,
    ForeignKey,
    Integer,
    MetaData,
    String,
    Table,
    Text,
    and_,
    delete,
    func,
    insert,
    or_,
    select,
    update,
)
from sqlalchemy.engine import Engine

from meeple.server.names import skeleton
from meeple.server.storage import games_t

metadata = MetaData()

users_t = Table(
    "users",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("username", String(24), nullable=False),
    Column("username_key", String(24), nullable=False, unique=True),  # lower case: one per spelling
    Column("password_hash", String(200), nullable=False),
    Column("created_at", Float, nullable=False),
)

sessions_t = Table(
    "sessions",
    metadata,
    Column("token_hash", String(64), primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("expires_at", Float, nullable=False),
)

ratings_t = Table(
    "ratings",
    metadata,
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("game", String(32), primary_key=True),
    Column("mu", Float, nullable=False),
    Column("sigma", Float, nullable=False),
    Column("games", Integer, nullable=False),
)

# one row per account seated at a game: the match history
seat_users_t = Table(
    "seat_users",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("seat", Integer, primary_key=True),
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), nullable=False, index=True),
    Column("place", Integer, nullable=True),  # set when the game ends
    Column("rating_before", Float, nullable=True),  # shown rating (mu - 3 sigma)
    Column("rating_after", Float, nullable=True),
)

tables_t = Table(
    "tables",
    metadata,
    Column("game_id", String(32), primary_key=True),
    Column("public", Boolean, nullable=False, index=True),
    Column("rematch_of", String(32), nullable=True),
    Column("rematch", String(32), nullable=True),  # the rematch offered at the end
    Column("clock_kind", String(8), nullable=True),  # None, "move" or "game"
    Column("clock_seconds", Integer, nullable=True),
    Column("clock_used", JSON, nullable=True),  # per-game clocks: seconds used per seat
)

# the language an account reads the page in, chosen at /api/lang (#37)
user_langs_t = Table(
    "user_langs",
    metadata,
    Column("user_id", Integer, ForeignKey("users.id", ondelete="CASCADE"), primary_key=True),
    Column("lang", String(8), nullable=False),
)

chat_t = Table(
    "chat",
    metadata,
    Column("id", Integer, primary_key=True, autoincrement=True),
    Column("game_id", String(32), nullable=False, index=True),
    Column("channel", String(16), nullable=False),  # "players" | "spectators"
    Column("seat", Integer, nullable=True),
    Column("name", String(32), nullable=False),
    Column("account", Boolean, nullable=False),
    Column("text", Text, nullable=False),
    Column("at", Float, nullable=False),
)


class SocialStore:
    """Synchronous, short calls; the app runs them on the storage thread."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        metadata.create_all(engine)

    # ---------------------------------------------------------- accounts
    def add_user(self, username: str, password_hash: str) -> int | None:
        """The new user's id, or None when the name is taken (any spelling, or a
        look-alike of an account's: names.skeleton)."""
        key = username.lower()
        with self.engine.begin() as c:
            if c.execute(select(users_t.c.id).where(users_t.c.username_key == key)).first():
                return None
            if _look_alike(c, skeleton(username)) is not None:
                return None
            r = c.execute(
                insert(users_t).values(
                    username=username, username_key=key, password_hash=password_hash, created_at=time.time()
                )
            )
            pk = r.inserted_primary_key
            assert pk is not None  # an insert's new row
            return pk[0]

    def account_like(self, name: str) -> str | None:
        """The username of an account whose name looks like `name`, if any."""
        with self.engine.connect() as c:
            return _look_alike(c, skeleton(name))

    def user_by_name(self, username: str):
        with self.engine.connect() as c:
            return c.execute(select(users_t).where(users_t.c.username_key == username.lower())).first()

    def set_password_hash(self, user_id: int, password_hash: str) -> None:
        with self.engine.begin() as c:
            c.execute(update(users_t).where(users_t.c.id == user_id).values(password_hash=password_hash))

    def add_session(self, token_hash: str, user_id: int, expires_at: float) -> None:
        with self.engine.begin() as c:
            c.execute(sessions_t.delete().where(sessions_t.c.expires_at < time.time()))
            c.execute(insert(sessions_t).values(token_hash=token_hash, user_id=user_id, expires_at=expires_at))

    def session_user(self, token_hash: str):
        with self.engine.connect() as c:
            return c.execute(
                select(users_t.c.id, users_t.c.username)
                .join(sessions_t, sessions_t.c.user_id == users_t.c.id)
                .where(sessions_t.c.token_hash == token_hash, sessions_t.c.expires_at > time.time())
            ).first()

    def drop_session(self, token_hash: str) -> None:
        with self.engine.begin() as c:
            c.execute(sessions_t.delete().where(sessions_t.c.token_hash == token_hash))

    def user_lang(self, user_id: int) -> str | None:
        with self.engine.connect() as c:
            return c.execute(select(user_langs_t.c.lang).where(user_langs_t.c.user_id == user_id)).scalar()

    def set_user_lang(self, user_id: int, lang: str | None) -> None:
        """Remember the account's language (None forgets it)."""
        with self.engine.begin() as c:
            c.execute(delete(user_langs_t).where(user_langs_t.c.user_id == user_id))
            if lang is not None:
                c.execute(insert(user_langs_t).values(user_id=user_id, lang=lang))

    # ----------------------------------------------------- seats and games
    def save_seats(self, game_id: str, seats: list[dict]) -> None:
        with self.engine.begin() as c:
            c.execute(update(games_t).where(games_t.c.id == game_id).values(seats=seats))

    def seat_user(self, game_id: str, seat: int, user_id: int) -> None:
        with self.engine.begin() as c:
            c.execute(insert(seat_users_t).values(game_id=game_id, seat=seat, user_id=user_id))

    def seated(self, game_id: str) -> dict[int, int]:
        """seat -> user id of the accounts at a game."""
        with self.engine.connect() as c:
            rows = c.execute(
                select(seat_users_t.c.seat, seat_users_t.c.user_id).where(seat_users_t.c.game_id == game_id)
            ).all()
        return {r.seat: r.user_id for r in rows}

    def unrated(self) -> list[str]:
        """Finished games with accounts whose places were never recorded."""
        with self.engine.connect() as c:
            return list(
                c.execute(
                    select(seat_users_t.c.game_id)
                    .distinct()
                    .join(games_t, games_t.c.id == seat_users_t.c.game_id)
                    .where(games_t.c.status == "finished", seat_users_t.c.place.is_(None))
                ).scalars()
            )

    def ratings(self, user_ids: list[int], game: str) -> dict[int, tuple[float, float]]:
        with self.engine.connect() as c:
            rows = c.execute(select(ratings_t).where(ratings_t.c.game == game, ratings_t.c.user_id.in_(user_ids))).all()
        return {r.user_id: (r.mu, r.sigma) for r in rows}

    def record_result(self, game_id: str, game: str, results: list[dict]) -> None:
        """Places and new ratings of a finished game's accounts, in one transaction.
        results: [{seat, user_id, place, mu, sigma, before, after}]"""
        with self.engine.begin() as c:
            for r in results:
                c.execute(
                    update(seat_users_t)
                    .where(seat_users_t.c.game_id == game_id, seat_users_t.c.seat == r["seat"])
                    .values(place=r["place"], rating_before=r["before"], rating_after=r["after"])
                )
                found = c.execute(
                    update(ratings_t)
                    .where(ratings_t.c.user_id == r["user_id"], ratings_t.c.game == game)
                    .values(mu=r["mu"], sigma=r["sigma"], games=ratings_t.c.games + 1)
                )
                if not found.rowcount:
                    c.execute(
                        insert(ratings_t).values(user_id=r["user_id"], game=game, mu=r["mu"], sigma=r["sigma"], games=1)
                    )

    def profile(self, username: str, page: int, per_page: int, viewer_id: int | None = None) -> dict | None:
        """An account's ratings per game and one page of its match history
        (newest first). Others (any viewer but the account itself) never see
        an unfinished private table: its id is its only lock."""
        user = self.user_by_name(username)
        if user is None:
            return None
        mine = seat_users_t.c.user_id == user.id
        if viewer_id != user.id:
            public = select(tables_t.c.game_id).where(tables_t.c.public.is_(True))
            mine = and_(mine, or_(games_t.c.status == "finished", games_t.c.id.in_(public)))
        with self.engine.connect() as c:
            ratings = c.execute(
                select(ratings_t).where(ratings_t.c.user_id == user.id).order_by(ratings_t.c.game)
            ).all()
            total = c.execute(
                select(func.count())
                .select_from(seat_users_t.join(games_t, seat_users_t.c.game_id == games_t.c.id))
                .where(mine)
            ).scalar_one()
            rows = c.execute(
                select(
                    games_t.c.id,
                    games_t.c.game,
                    games_t.c.players,
                    games_t.c.status,
                    games_t.c.created_at,
                    games_t.c.finished_at,
                    seat_users_t.c.seat,
                    seat_users_t.c.place,
                    seat_users_t.c.rating_before,
                    seat_users_t.c.rating_after,
                )
                .join(seat_users_t, seat_users_t.c.game_id == games_t.c.id)
                .where(mine)
                .order_by(games_t.c.created_at.desc(), games_t.c.id)
                .limit(per_page)
                .offset((page - 1) * per_page)
            ).all()
        return {
            "username": user.username,
            "since": user.created_at,
            "ratings": [
                {
                    "game": r.game,
                    "rating": round(r.mu - 3 * r.sigma, 2),
                    "mu": round(r.mu, 2),
                    "sigma": round(r.sigma, 2),
                    "games": r.games,
                }
                for r in ratings
            ],
            "history": {"page": page, "per_page": per_page, "total": total, "games": [dict(r._mapping) for r in rows]},
        }

    # -------------------------------------------------------------- tables
    def add_table(
        self, game_id: str, public: bool, rematch_of: str | None = None, clock: tuple[str, int] | None = None
    ) -> None:
        kind, seconds = clock or (None, None)
        with self.engine.begin() as c:
            c.execute(
                insert(tables_t).values(
                    game_id=game_id, public=public, rematch_of=rematch_of, clock_kind=kind, clock_seconds=seconds
                )
            )

    def clocked_tables(self) -> list[tuple]:
        """(game id, clock kind, seconds, used, players) of the unfinished clocked games."""
        with self.engine.connect() as c:
            return [
                tuple(r)
                for r in c.execute(
                    select(
                        tables_t.c.game_id,
                        tables_t.c.clock_kind,
                        tables_t.c.clock_seconds,
                        tables_t.c.clock_used,
                        games_t.c.players,
                    )
                    .join(games_t, games_t.c.id == tables_t.c.game_id)
                    .where(tables_t.c.clock_kind.is_not(None), games_t.c.status == "active")
                ).all()
            ]

    def save_clock_used(self, game_id: str, used: list[float]) -> None:
        with self.engine.begin() as c:
            c.execute(update(tables_t).where(tables_t.c.game_id == game_id).values(clock_used=used))

    def forget(self, game_ids: list[str]) -> None:
        """What the people kept about tables that were deleted (their bot-only
        tables beyond the number kept): lobby rows, chat, seats."""
        with self.engine.begin() as c:
            for t in (tables_t, chat_t, seat_users_t):
                c.execute(delete(t).where(t.c.game_id.in_(game_ids)))

    def table(self, game_id: str):
        with self.engine.connect() as c:
            return c.execute(select(tables_t).where(tables_t.c.game_id == game_id)).first()

    def set_rematch(self, game_id: str, rematch_id: str) -> bool:
        """Record the rematch once: False if another was recorded first."""
        with self.engine.begin() as c:
            if c.execute(select(tables_t.c.game_id).where(tables_t.c.game_id == game_id)).first() is None:
                c.execute(insert(tables_t).values(game_id=game_id, public=False))
            r = c.execute(
                update(tables_t)
                .where(tables_t.c.game_id == game_id, tables_t.c.rematch.is_(None))
                .values(rematch=rematch_id)
            )
            return bool(r.rowcount)

    # ---------------------------------------------------------------- chat
    def add_chat(self, game_id: str, channel: str, seat: int | None, name: str, account: bool, text: str) -> dict:
        at = time.time()
        with self.engine.begin() as c:
            r = c.execute(
                insert(chat_t).values(
                    game_id=game_id, channel=channel, seat=seat, name=name, account=account, text=text, at=at
                )
            )
            pk = r.inserted_primary_key
            assert pk is not None  # an insert's new row
            return {
                "id": pk[0],
                "channel": channel,
                "seat": seat,
                "name": name,
                "account": account,
                "text": text,
                "at": at,
            }

    def chat(self, game_id: str, after: int = 0, limit: int = 200) -> list[dict]:
        with self.engine.connect() as c:
            rows = c.execute(
                select(
                    chat_t.c.id,
                    chat_t.c.channel,
                    chat_t.c.seat,
                    chat_t.c.name,
                    chat_t.c.account,
                    chat_t.c.text,
                    chat_t.c.at,
                )
                .where(chat_t.c.game_id == game_id, chat_t.c.id > after)
                .order_by(chat_t.c.id)
                .limit(limit)
            ).all()
        return [dict(r._mapping) for r in rows]

    def chat_count(self, game_id: str) -> int:
        with self.engine.connect() as c:
            return c.execute(select(func.count()).select_from(chat_t).where(chat_t.c.game_id == game_id)).scalar_one()


def _look_alike(c, skel: str) -> str | None:
    """An account's username with this skeleton. Usernames are ASCII: only a
    skeleton's `l` (l, L, I, 1) and `o` (o, O, 0) stand for other keys, so a
    LIKE on the lower-case key finds the few candidates, the skeleton decides."""
    if not skel.isascii():
        return None
    pattern = "".join("_" if ch in "lo" else "\\" + ch if ch in "_%\\" else ch for ch in skel)
    rows = c.execute(select(users_t.c.username).where(users_t.c.username_key.like(pattern, escape="\\"))).all()
    return next((r.username for r in rows if skeleton(r.username) == skel), None)
