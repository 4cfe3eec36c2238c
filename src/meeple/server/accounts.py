"""Accounts: sign-up, log-in, the session cookie, profiles and ratings.

A password is hashed with argon2 (argon2-cffi, its default Argon2id costs) on
a worker thread. The session is a random token in a cookie that scripts cannot
read (HttpOnly), that other sites' requests do not carry (SameSite=Lax) and
that travels only over https (Secure) unless the server is reached on the
loopback address; the database keeps only its SHA-256. Every state-changing
request that carries the cookie must come from this site's own pages: its
Origin (or Referer) must name this host, else 403 (CSRF).

Ratings: TrueSkill per game, for accounts only; a guest's or a bot's seat
counts as a new player each game. The profile shows mu - 3 sigma.
"""

from __future__ import annotations

import asyncio
import logging
import math
import secrets
import time
from urllib.parse import urlsplit

from fastapi import APIRouter, Query, Request
from fastapi.responses import JSONResponse
from pydantic import BaseModel, ConfigDict, Field
from starlette.requests import cookie_parser

from meeple.server.errors import ApiError
from meeple.server.limits import client_address
from meeple.server.service import LiveGame
from meeple.server.social import USERNAME_RE, Social, get_social
from meeple.server.tokens import hash_token

router = APIRouter(tags=["people"])
log = logging.getLogger("meeple.server")

COOKIE = "meeple_session"
SESSION_DAYS = 30
PASSWORD_MIN, PASSWORD_MAX = 10, 128
_dummy_hash: list[str] = []
_rating_tasks: set = set()


class Credentials(BaseModel):
    model_config = ConfigDict(extra="forbid")
    username: str = Field(max_length=64)
    password: str = Field(max_length=1024)


def _hasher():
    from argon2 import PasswordHasher

    return PasswordHasher()


async def _in_thread(social: Social, fn, *args):
    async with social.hash_slots:
        return await asyncio.to_thread(fn, *args)


class SessionAccounts:
    """Which account a request's session cookie belongs to, for the write
    limit per account. Remembered for `ttl` seconds (a bounded table), so the
    limit costs no database read on most requests; a cookie that names no
    account counts as none."""

    def __init__(self, ttl: float = 30.0, size: int = 10_000) -> None:
        self.ttl, self.size = ttl, size
        self.known: dict[str, tuple[float, str | None]] = {}

    async def of(self, scope) -> str | None:
        token = None
        for k, v in scope.get("headers", ()):
            if k == b"cookie":
                token = cookie_parser(v.decode("latin-1")).get(COOKIE) or token
        social = getattr(scope["app"].state, "social", None) if "app" in scope else None
        if not token or len(token) > 128 or social is None:
            return None
        key = hash_token(token)
        now = time.monotonic()
        hit = self.known.get(key)
        if hit is not None and now - hit[0] < self.ttl:
            return hit[1]
        try:
            row = await social.db(social.store.session_user, key)
        except Exception:  # the address limit still holds; the request will say what failed
            log.warning("session lookup for the write limit failed", exc_info=True)
            return None
        if len(self.known) >= self.size:
            del self.known[next(iter(self.known))]
        self.known[key] = (now, None if row is None else str(row.id))
        return self.known[key][1]


def check_origin(request: Request) -> None:
    """403 unless the request comes from this site's pages (CSRF)."""
    source = request.headers.get("origin") or request.headers.get("referer")
    host = request.headers.get("host", "")
    if not source or urlsplit(source).netloc != host:
        raise ApiError(403, "this request must come from the meeple page itself (Origin check)")


async def current_user(request: Request, *, writing: bool = False):
    """The logged-in account (a row with id, username) or None. For a
    state-changing request that carries the session cookie, the Origin is checked."""
    token = request.cookies.get(COOKIE)
    if not token or len(token) > 128:
        return None
    if writing:
        check_origin(request)
    social = get_social(request)
    return await social.db(social.store.session_user, hash_token(token))


def check_password(username: str, password: str) -> None:
    if len(password) < PASSWORD_MIN:
        raise ApiError(400, f"password must be at least {PASSWORD_MIN} characters")
    if len(password) > PASSWORD_MAX:
        raise ApiError(400, f"password must be at most {PASSWORD_MAX} characters")
    kinds = sum(
        any(test(ch) for ch in password)
        for test in (str.islower, str.isupper, str.isdigit, lambda ch: not ch.isalnum())
    )
    if len(set(password)) < 5 or (kinds < 2 and len(password) < 16):
        raise ApiError(400, "password too weak: mix letters with digits or symbols, or use 16 characters or more")
    if username.lower() in password.lower():
        raise ApiError(400, "password must not contain the username")


def _secure(request: Request) -> bool:
    return request.url.scheme == "https" or request.url.hostname not in ("127.0.0.1", "localhost", "::1")


async def _log_in(request: Request, social: Social, user_id: int, username: str, status: int = 200):
    token = secrets.token_urlsafe(32)
    await social.db(social.store.add_session, hash_token(token), user_id, time.time() + SESSION_DAYS * 86400)
    resp = JSONResponse({"username": username}, status_code=status)
    resp.set_cookie(
        COOKIE, token, max_age=SESSION_DAYS * 86400, httponly=True, samesite="lax", secure=_secure(request), path="/"
    )
    return resp


@router.post("/api/accounts", status_code=201)
async def sign_up(request: Request, body: Credentials):
    """Create an account and log in. 409 if the username is taken (in any letter case)."""
    check_origin(request)
    social = get_social(request)
    if not await social.limiter.allow("signup", client_address(request)):
        raise ApiError(429, "too many sign-ups from this address: try again in a minute")
    if not USERNAME_RE.fullmatch(body.username):
        raise ApiError(400, "username must be 3 to 24 letters, digits, _ or -")
    check_password(body.username, body.password)
    hashed = await _in_thread(social, _hasher().hash, body.password)
    user_id = await social.db(social.store.add_user, body.username, hashed)
    if user_id is None:
        raise ApiError(409, "that username is taken")
    return await _log_in(request, social, user_id, body.username, 201)


@router.post("/api/session")
async def log_in(request: Request, body: Credentials):
    """Log in. A wrong username and a wrong password get the same answer."""
    check_origin(request)
    social = get_social(request)
    # by address, never by username: an attacker must not lock an owner out
    address = client_address(request)
    delays = social.limiter.backoff("login")
    wait = delays.wait(address)
    if wait > 0:
        raise ApiError(429, f"too many wrong log-ins from your address: try again in {math.ceil(wait)} s")
    if not await social.limiter.allow("login", address):
        raise ApiError(429, "too many log-in attempts from your address: wait a minute")
    user = await social.db(social.store.user_by_name, body.username) if USERNAME_RE.fullmatch(body.username) else None
    ok = await _in_thread(social, _verify, user.password_hash if user else None, body.password)
    if user is None or not ok:
        delays.failed(address)
        raise ApiError(401, "wrong username or password")
    delays.succeeded(address)
    if _hasher().check_needs_rehash(user.password_hash):
        await social.db(
            social.store.set_password_hash, user.id, await _in_thread(social, _hasher().hash, body.password)
        )
    return await _log_in(request, social, user.id, user.username)


def _verify(stored: str | None, password: str) -> bool:
    """argon2 verify; an unknown user is checked against a dummy hash so both
    cases take the same time."""
    from argon2.exceptions import InvalidHashError, VerificationError

    unknown = stored is None
    if unknown:
        if not _dummy_hash:
            _dummy_hash.append(_hasher().hash(secrets.token_urlsafe(16)))
        stored = _dummy_hash[0]
    try:
        return _hasher().verify(stored, password) and not unknown
    except (VerificationError, InvalidHashError):
        return False


@router.delete("/api/session")
async def log_out(request: Request):
    check_origin(request)
    social = get_social(request)
    token = request.cookies.get(COOKIE)
    if token:
        await social.db(social.store.drop_session, hash_token(token))
    resp = JSONResponse({"ok": True})
    resp.delete_cookie(COOKIE, path="/", httponly=True, samesite="lax", secure=_secure(request))
    return resp


@router.get("/api/me")
async def me(request: Request):
    user = await current_user(request)
    return {"username": user.username if user else None}


@router.get("/api/users/{username}")
async def profile(
    request: Request,
    username: str,
    page: int = Query(default=1, ge=1, le=10_000),
    per_page: int = Query(default=20, ge=1, le=100),
):
    """An account's rating per game and its match history, newest first, paged."""
    social = get_social(request)
    if not await social.limiter.allow("profile", client_address(request)):
        raise ApiError(429, "too many profile reads from your address: slow down")
    if not USERNAME_RE.fullmatch(username):
        raise ApiError(404, "no such player")
    viewer = await current_user(request)
    out = await social.db(social.store.profile, username, page, per_page, viewer.id if viewer else None)
    if out is None:
        raise ApiError(404, "no such player")
    return out


# --------------------------------------------------------------- ratings
async def rate_unrated(social: Social) -> None:
    """At start: rate the games that ended while their ratings were not saved
    (a server stopped right after the last move)."""
    for game_id in await social.db(social.store.unrated):
        try:
            g = await social.service.get(game_id)
        except ApiError as e:
            log.error("cannot rate game %s: %s", game_id, e.message)
            continue
        places = {r["seat"]: r["place"] for r in social.service.ranking(g)}
        await _rate(social, g.id, g.rec.game, g.rec.players, places)


def rate_finished(social: Social, g: LiveGame) -> None:
    """The service's end-of-game hook: rate the game's accounts (in the background)."""
    try:
        places = {r["seat"]: r["place"] for r in social.service.ranking(g)}
        task = asyncio.get_running_loop().create_task(_rate(social, g.id, g.rec.game, g.rec.players, places))
    except Exception:  # the game is over whatever happens to its ratings
        log.exception("cannot rate game %s", g.id)
        return
    _rating_tasks.add(task)
    task.add_done_callback(_rating_tasks.discard)


async def _rate(social: Social, game_id: str, game: str, players: int, places: dict[int, int]) -> None:
    import trueskill

    seated = await social.db(social.store.seated, game_id)
    if not seated:
        return
    known = await social.db(social.store.ratings, list(seated.values()), game)
    env = trueskill.TrueSkill()
    before = [
        env.create_rating(*known[seated[s]]) if s in seated and seated[s] in known else env.create_rating()
        for s in range(players)
    ]
    after = env.rate([(r,) for r in before], ranks=[places.get(s, players) for s in range(players)])
    shown = lambda r: round(r.mu - 3 * r.sigma, 2)  # noqa: E731
    results = [
        {
            "seat": s,
            "user_id": uid,
            "place": places.get(s, players),
            "mu": after[s][0].mu,
            "sigma": after[s][0].sigma,
            "before": shown(before[s]),
            "after": shown(after[s][0]),
        }
        for s, uid in seated.items()
    ]
    try:
        await social.db(social.store.record_result, game_id, game, results)
    except Exception:
        log.exception("cannot save the ratings of game %s", game_id)
