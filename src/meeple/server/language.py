"""The language a person reads at the table: their remembered choice, else
their browser's Accept-Language (matching and parsing: meeple.i18n).

The choice is a cookie, so every request and the table's socket carry it
without the page adding anything; it names a language, nothing else, so a
request from another site that sets it does no harm (no Origin check). Each
person at a table has their own: the language of what the server writes for
one of them never depends on another's. The account's copy of the choice
(#37) is not kept yet.
"""

from __future__ import annotations

from babel import Locale
from fastapi import APIRouter, FastAPI, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from meeple.i18n import DEFAULT, LANGUAGES, PSEUDO, from_accept_language
from meeple.server.errors import ApiError
from meeple.server.jsonio import dumps

COOKIE = "meeple_lang"
KEEP_SECONDS = 365 * 86400
CHOOSABLE = (*LANGUAGES, PSEUDO)  # the pseudo-locale too: the overflow tests pick it
router = APIRouter(tags=["language"])


def _autonym(code: str) -> str:
    name = Locale.parse(code).get_display_name(code) or code
    return name[:1].upper() + name[1:]


NAMES = {code: _autonym(code) for code in LANGUAGES}  # English, 日本語, Русский


def chosen_language(request: Request) -> str | None:
    """The remembered choice, when there is a valid one."""
    value = request.cookies.get(COOKIE)
    return value if value in CHOOSABLE else None


def request_language(request: Request) -> str:
    """The language to write in for this request: the choice, else the browser's."""
    return chosen_language(request) or from_accept_language(request.headers.get("accept-language"))


def _answer(lang: str, chosen: str | None, browser: str) -> dict:
    return {
        "lang": lang,
        "chosen": chosen,
        "browser": browser,
        "default": DEFAULT,
        "languages": [{"code": c, "name": NAMES[c]} for c in LANGUAGES],
    }


def _json(obj: dict) -> Response:
    return Response(dumps(obj), media_type="application/json", headers={"Cache-Control": "no-store"})


class LangBody(BaseModel):
    model_config = ConfigDict(extra="forbid")
    lang: str | None = Field(default=None, max_length=16, description="en, ja or ru; null forgets the choice")


@router.get("/api/lang")
async def get_language(request: Request):
    """The language this browser reads (`lang`), whether it was chosen here or
    follows Accept-Language, and the languages on offer with their own names."""
    browser = from_accept_language(request.headers.get("accept-language"))
    chosen = chosen_language(request)
    return _json(_answer(chosen or browser, chosen, browser))


@router.put("/api/lang")
async def choose_language(request: Request, body: LangBody):
    """Remember a language for this browser (a cookie for a year); `null`
    forgets it and the browser's Accept-Language rules again. 400 names the
    choices when the language is not one of them."""
    browser = from_accept_language(request.headers.get("accept-language"))
    if body.lang is not None and body.lang not in CHOOSABLE:
        raise ApiError(400, f"no language {body.lang[:16]!r}: choose one of {', '.join(LANGUAGES)}")
    resp = _json(_answer(body.lang or browser, body.lang, browser))
    secure = request.url.scheme == "https"
    if body.lang is None:
        resp.delete_cookie(COOKIE, path="/", samesite="lax", secure=secure)
    else:
        resp.set_cookie(COOKIE, body.lang, max_age=KEEP_SECONDS, samesite="lax", secure=secure, path="/")
    return resp


def install(app: FastAPI) -> None:
    app.include_router(router)
