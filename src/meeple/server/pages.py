"""The page's files: versioned URLs, caching, and only the scripts a page needs.

Every asset URL the page names carries a hash of the file (`/static/app.js?v=…`),
so a browser may keep it for a year (`immutable`) and a new release is fetched
at once. Only the page's own files are served: web assets, not the Python
package's modules. The lobby loads every game's script (it sets up any game);
a table or a replay loads only its own game's.
"""

from __future__ import annotations

import hashlib
import html
from pathlib import Path

from fastapi import APIRouter, Request
from starlette.exceptions import HTTPException
from starlette.responses import HTMLResponse
from starlette.staticfiles import StaticFiles

from meeple.server.errors import ApiError

ASSETS = (".js", ".css", ".svg", ".png", ".ico", ".woff2")
# on every page: its words (first: the others write with them), the page
# itself, the people around the games, the advisor, the tap that reads a
# card's text on a phone, and the rules at hand
COMMON_STYLES = ("style.css", "advice.css", "rules.css")
COMMON_SCRIPTS = ("i18n.js", "app.js", "social.js", "advice.js", "cardinfo.js", "rules.js")
FOREVER = "public, max-age=31536000, immutable"
REVALIDATE = "no-cache"  # may be kept, but asked for again (ETag answers 304)


class Assets(StaticFiles):
    """StaticFiles limited to web assets, with Cache-Control by URL: versioned
    URLs for a year, bare ones revalidated each time."""

    async def get_response(self, path: str, scope):
        if not path.endswith(ASSETS):
            raise HTTPException(status_code=404)
        response = await super().get_response(path, scope)
        versioned = b"v=" in scope.get("query_string", b"")
        response.headers["cache-control"] = FOREVER if versioned else REVALIDATE
        return response


class Pages:
    """index.html with versioned asset URLs and the scripts of one game (or all)."""

    def __init__(self, web_dir: Path, games) -> None:
        self.web_dir = web_dir
        self.games = [g for g in games if (web_dir / f"{g}.js").is_file()]
        self.template = (web_dir / "index.html").read_text(encoding="utf-8")
        self.versions = {
            p.name: hashlib.sha256(p.read_bytes()).hexdigest()[:12] for p in web_dir.iterdir() if p.suffix in ASSETS
        }
        self.cache: dict[str | None, str] = {}

    def url(self, name: str) -> str:
        return f"/static/{name}?v={self.versions[name]}"

    def _assets(self, games) -> tuple[str, str]:
        css = [f"{g}.css" for g in games if f"{g}.css" in self.versions]
        links = "\n".join(f'<link rel="stylesheet" href="{html.escape(self.url(c))}">' for c in [*COMMON_STYLES, *css])
        scripts = "\n".join(
            f'<script src="{html.escape(self.url(s))}"></script>'
            for s in [*COMMON_SCRIPTS, *(f"{g}.js" for g in games)]
        )
        return links, scripts

    def render(self, game: str | None = None, status: int = 200) -> HTMLResponse:
        """The page for one game's table (None: the lobby, with every game);
        `status` 404 for an address that is no page (the page says so)."""
        key = game if game is None or game in self.games else ""  # "": no game's files
        text = self.cache.get(key)
        if text is None:
            links, scripts = self._assets(self.games if key is None else [key] if key else [])
            text = self.template.replace("<!--styles-->", links).replace("<!--scripts-->", scripts)
            self.cache[key] = text
        return HTMLResponse(text, status_code=status, headers={"cache-control": REVALIDATE})


# The page's routes (when the web directory exists: `create_app` puts a
# `Pages` on app.state.pages and mounts the assets at /static).
router = APIRouter(include_in_schema=False)


def _pages(request: Request) -> Pages:
    return request.app.state.pages


async def _game_of(request: Request, game_id: str) -> str:
    try:
        return (await request.app.state.runtime.service.get(game_id)).rec.game
    except ApiError:
        return ""  # the page says why it cannot open the game


@router.get("/")
async def index(request: Request):
    return _pages(request).render()


@router.get("/game/{game_id}")
async def table(request: Request, game_id: str):
    return _pages(request).render(await _game_of(request, game_id))


@router.get("/replay/{game_id}")
async def replay_page(request: Request, game_id: str):
    return _pages(request).render(await _game_of(request, game_id))


@router.get("/u/{username}")
async def profile_page(request: Request, username: str):
    return _pages(request).render("")  # a player's profile: no game's files
