"""The language a person reads at the table: their remembered choice, else
their browser's Accept-Language (matching and parsing: meeple.i18n).

The choice is a cookie, so every request and the table's socket carry it
without the page adding anything; it names a language, nothing else, so a
request from another site that sets it does no harm (no Origin check). Each
person at a table has their own: the language of what the server writes for
one of them never depends on another's. A logged-in person's choice is also
kept with their account, so it follows them to another browser.

The page writes its own words: it loads its language's messages
(`/api/lang/{lang}/messages`) and renders the keys and named values the views
carry. Views stay one per seat whatever the language (they are cached per
version), a spectator's language costs the table nothing, and a switch
re-renders without asking the table again.
"""

from __future__ import annotations

import hashlib
from functools import cache

from babel import Locale
from fastapi import APIRouter, FastAPI, Request, Response
from pydantic import BaseModel, ConfigDict, Field

from meeple.i18n import DEFAULT, LANGUAGES, PSEUDO, catalogs, from_accept_language
from meeple.server.accounts import current_user
from meeple.server.errors import ApiError
from meeple.server.jsonio import dumps
from meeple.server.social import get_social

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


def _answer(lang: str, chosen: str | None, browser: str, account: str | None = None) -> dict:
    return {
        "lang": lang,
        "chosen": chosen,
        "browser": browser,
        "account": account,
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
    follows Accept-Language, and the languages on offer with their own names;
    `account` is the language kept with the logged-in account (it comes first)."""
    browser = from_accept_language(request.headers.get("accept-language"))
    chosen = chosen_language(request)
    account = await _account_language(request)
    return _json(_answer(account or chosen or browser, chosen, browser, account))


async def _account_language(request: Request) -> str | None:
    """The language kept with the logged-in account, if any."""
    user = await current_user(request)
    if user is None:
        return None
    social = get_social(request)
    lang = await social.db(social.store.user_lang, user.id)
    return lang if lang in CHOOSABLE else None


@router.put("/api/lang")
async def choose_language(request: Request, body: LangBody):
    """Remember a language for this browser (a cookie for a year); `null`
    forgets it and the browser's Accept-Language rules again. Logged in, the
    account keeps the choice too. 400 names the choices when the language is
    not one of them."""
    browser = from_accept_language(request.headers.get("accept-language"))
    if body.lang is not None and body.lang not in CHOOSABLE:
        raise ApiError(400, f"no language {body.lang[:16]!r}: choose one of {', '.join(LANGUAGES)}")
    user = await current_user(request, writing=True)
    if user is not None:
        social = get_social(request)
        await social.db(social.store.set_user_lang, user.id, body.lang)
    resp = _json(_answer(body.lang or browser, body.lang, browser, body.lang if user is not None else None))
    secure = request.url.scheme == "https"
    if body.lang is None:
        resp.delete_cookie(COOKIE, path="/", samesite="lax", secure=secure)
    else:
        resp.set_cookie(COOKIE, body.lang, max_age=KEEP_SECONDS, samesite="lax", secure=secure, path="/")
    return resp


@cache
def _messages(lang: str) -> tuple[bytes, str]:
    body = dumps({"lang": lang, "plural": catalogs.plural_indexes(lang), "messages": catalogs.messages(lang)}).encode()
    return body, '"' + hashlib.sha256(body).hexdigest()[:16] + '"'


@router.get("/api/lang/{lang}/messages")
async def language_messages(request: Request, lang: str):
    """Every message of a language by key (a counted one as its list of
    forms), with `plural`: the form each CLDR plural category takes. The page
    writes its words with these; revalidated by ETag."""
    if lang not in CHOOSABLE:
        raise ApiError(404, f"no language {lang[:16]!r}: the languages are {', '.join(LANGUAGES)}")
    body, etag = _messages(lang)
    headers = {"Cache-Control": "no-cache", "ETag": etag}
    if request.headers.get("if-none-match") == etag:
        return Response(status_code=304, headers=headers)
    return Response(body, media_type="application/json", headers=headers)


def install(app: FastAPI) -> None:
    app.include_router(router)
