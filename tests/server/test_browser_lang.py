"""The page in the reader's language (issue #37), in Chromium:

- it follows Accept-Language; the header's switch is remembered (local
  storage, and the account when logged in) and beats the browser's language;
- two people at one table each read their own language, chat as written;
- nothing overflows a 390 px phone in the pseudo-locale (every message about
  40% longer than English), on the lobby and on each game's table;
- each game played to its end in Japanese and in Russian shows no message of
  the page's own in English and no key instead of words.

What the page writes comes from its catalogs (`page.*`, and the game terms);
the decisions' option labels and the log are still the presenters' English
until the events are declared with their words (#36): they are not checked here.
"""

from __future__ import annotations

import random
import re

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from meeple.i18n import catalogs
from tests.server import test_browser
from tests.server.helpers import start_in_lobby
from tests.server.test_browser_ending import GAMES

pytestmark = pytest.mark.browser

WAIT = test_browser.WAIT
PHONE = {"width": 390, "height": 844}
# a key shown instead of its words: "page.turn.yours", "okc.season.spring"
KEY_SHOWN = re.compile(r"\b(?:page|common|ethnos|okc|anunnaki)\.[a-z_]+\.[a-z0-9_.]+\b")


def lang_page(chromium, lang: str, viewport=None):
    """A page whose browser asks for `lang` (Accept-Language and navigator.language)."""
    context = chromium.new_context(
        viewport=viewport or {"width": 1280, "height": 900}, locale=lang, extra_http_headers={"Accept-Language": lang}
    )
    page = context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def _fixed_words(text: str) -> bool:
    """A message with at least two words and no named value: shown as written."""
    return "{" not in text and len(re.findall(r"[A-Za-z]+", text)) >= 2


# every message of the page's own, in English, that a Japanese or Russian page must never show
PAGE_ENGLISH = sorted(
    {forms[0] for key, forms in catalogs.texts("en").items() if key.startswith("page.") and _fixed_words(forms[0])}
    - {forms[0] for lang in ("ja", "ru") for key, forms in catalogs.texts(lang).items()},
    key=len,
    reverse=True,
)


def untranslated(text: str) -> list[str]:
    """The page's English messages and the keys found in `text`."""
    return [m for m in PAGE_ENGLISH if m in text] + KEY_SHOWN.findall(text)


def shown(page) -> str:
    """What the page shows in its own words: everything but the log and the
    decision options the presenters label (their English sentences, until the
    page renders the events' and options' keys and values, #36)."""
    return page.evaluate(
        """() => { const theirs = [...document.querySelectorAll('#log-list, [data-words=presenter]')];
                   theirs.forEach((e) => { e.style.display = 'none'; });
                   const text = document.body.innerText; theirs.forEach((e) => { e.style.display = ''; });
                   return text + '\\n' + document.title; }"""
    )


def test_the_page_follows_the_browser_and_remembers_a_choice(live_server, chromium):
    page, errors = lang_page(chromium, "ja-JP")
    page.goto(f"{live_server}/")
    page.wait_for_selector("#create")
    assert page.inner_text("#create") == catalogs.translate("page.lobby.create", "ja")
    assert page.evaluate("document.documentElement.lang") == "ja"
    page.select_option("#lang-pick", "ru")
    page.wait_for_function("() => document.documentElement.lang === 'ru'")
    page.wait_for_selector("#create")
    assert page.inner_text("#create") == catalogs.translate("page.lobby.create", "ru")
    assert page.evaluate("localStorage.getItem('meeple:lang')") == "ru"
    page.goto(f"{live_server}/")  # a new visit: the choice, not the browser's Japanese
    page.wait_for_selector("#create")
    assert page.inner_text("#create") == catalogs.translate("page.lobby.create", "ru")
    assert not untranslated(shown(page))
    assert not errors, errors


def test_two_people_at_one_table_read_their_own_language_and_chat_stays_as_written(live_server, chromium):
    g = httpx.post(
        f"{live_server}/api/games",
        json={"game": "ethnos", "players": 2, "seats": ["human", "human"], "seed": 5, "open_seed": True},
    ).json()
    pages = {}
    for seat, lang in ((0, "ja"), (1, "ru")):
        page, _ = lang_page(chromium, lang)
        page.goto(f"{live_server}/game/{g['id']}#seat={seat}&token={g['seats'][seat]['token']}")
        page.wait_for_selector("#turn")
        pages[lang] = page
    ja, ru = pages["ja"], pages["ru"]
    mine = catalogs.translate("page.turn.yours", "ja", what=catalogs.translate("page.ethnos.prompt.turn", "ja"))
    assert ja.inner_text("#turn") == mine
    assert ru.inner_text("#turn").startswith("Ходит ")
    ja.fill("#chat-input", "Good luck! よろしく")
    ja.click("#chat-send")
    ru.wait_for_selector("#chat-list li")
    assert "Good luck! よろしく" in ru.inner_text("#chat-list")
    for page in (ja, ru):
        assert not untranslated(shown(page))


def _no_overflow(page, where: str) -> None:
    width = page.evaluate("() => document.documentElement.scrollWidth")
    assert width <= PHONE["width"], f"{where}: the page is {width} px wide on a {PHONE['width']} px phone"


def test_nothing_overflows_a_phone_in_the_pseudo_locale(live_server, chromium):
    page, errors = lang_page(chromium, "en", viewport=PHONE)
    page.goto(f"{live_server}/")
    page.evaluate("() => localStorage.setItem('meeple:lang', 'qps')")
    for game, (_, seed, selects, _) in GAMES.items():
        page.goto(f"{live_server}/?game={game}")
        page.wait_for_selector("#create")
        page.select_option("#game", game)
        assert page.inner_text("#create").startswith("["), "the pseudo-locale is not in use"
        _no_overflow(page, f"the lobby of {game}")
        gid = start_in_lobby(page, live_server, game, ["human", "bot:random"], seed, selects)
        page.wait_for_function(WAIT, timeout=60_000)
        _no_overflow(page, f"the {game} table {gid}")
        assert not KEY_SHOWN.findall(shown(page))
    assert not errors, errors


@pytest.mark.parametrize("lang", ["ja", "ru"])
@pytest.mark.parametrize("game", list(GAMES))
def test_a_whole_game_in_japanese_and_russian(live_server, chromium, game, lang):
    seats, seed, selects, act = GAMES[game]
    page, errors = lang_page(chromium, lang, viewport=PHONE)
    gid = start_in_lobby(page, live_server, game, seats, seed, selects)
    rng = random.Random(seed)
    found: dict[str, str] = {}
    page.evaluate("() => { window.__acted = null; }")
    moves = 0
    while True:
        page.wait_for_function(WAIT, timeout=60_000)
        for hit in untranslated(shown(page)):
            found.setdefault(hit, f"{game} {gid} move {moves}")
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        try:
            act(page, rng)
        except (AssertionError, ValueError, PlaywrightTimeout):
            if page.evaluate("document.body.dataset.ply !== window.__acted"):
                continue
            raise
        moves += 1
        assert moves < 1500, "the game does not end"
    page.wait_for_selector("#result #ranking li")
    for hit in untranslated(shown(page)):
        found.setdefault(hit, f"{game} {gid}: the end")
    assert page.inner_text("#replay-link") == catalogs.translate("page.result.watch_replay", lang)
    assert not found, found
    assert not errors, errors
