"""The rules at hand over HTTP: each game's rules summary and glossary for the
page's Rules panel and its tap-to-read boxes (`meeple.games.glossary`).

The texts are public and the same for everyone, so these routes need no seat
or token; they are read-only and cached by the browser for an hour."""

from __future__ import annotations

from functools import cache

from fastapi import APIRouter, FastAPI, Query, Response

from meeple.games import glossary
from meeple.server.errors import ApiError
from meeple.server.jsonio import dumps

router = APIRouter(tags=["rules"])
CACHE = "public, max-age=3600"


def _json(obj) -> Response:
    return _bytes(dumps(obj))


def _bytes(body: str | bytes) -> Response:
    return Response(body, media_type="application/json", headers={"Cache-Control": CACHE})


@cache
def _rules_json(game: str) -> bytes:
    """A game's whole rules, serialised once (the same for everyone)."""
    return dumps(glossary.as_json(game)).encode()


def _game(game: str) -> str:
    if game not in glossary.GAMES:
        raise ApiError(404, f"no rules for a game called {game[:40]!r}; the games are {', '.join(glossary.GAMES)}")
    return game


@router.get("/api/rules")
async def rules_index():
    """The games whose rules are at hand, with their titles."""
    return _json({"games": {g: glossary.load(g).title for g in glossary.GAMES}})


@router.get("/api/rules/{game}")
async def rules_of(game: str):
    """A game's rules summary (setup, the turn in order, the end and the
    scoring) and its whole glossary, each text with its sentence keys and the
    rulebook section it comes from."""
    return _bytes(_rules_json(_game(game)))


@router.get("/api/rules/{game}/terms")
async def find_terms(game: str, q: str = Query(min_length=1, max_length=80)):
    """The glossary entries a name stands for (`exact`), else those that
    mention it (`found`, at most 10)."""
    game = _game(game)
    exact = glossary.lookup_all(game, q)
    found = exact or glossary.search(game, q)[:10]
    return _json({"query": q, "exact": bool(exact), "terms": [e.as_json() for e in found]})


def install(app: FastAPI) -> None:
    app.include_router(router)
