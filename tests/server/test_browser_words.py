"""The table pages in words: OKC card tiles name the card and its faction
(no "captain-7", "a3", "U"), kingdom cards by name ("Trade 6", not
"trade-06"); Anunnaki contracts by house and what they ask (no "c35"),
culture tokens and the final scoring by name."""

from __future__ import annotations

import re

import pytest

from tests.server.helpers import seat_zero_page

pytestmark = pytest.mark.browser


def _table(live_server, chromium, game, options):
    return seat_zero_page(live_server, chromium, game, options)


def test_okc_cards_on_the_page_are_named_with_their_faction(live_server, chromium):
    page = _table(live_server, chromium, "okc", {"rounds": 4})
    marks = page.locator(".ocard:not(.back) .fm").all_inner_texts()
    assert marks and all(m.strip() in ("Nobility", "Clans", "Uprising", "Gathering") for m in marks), marks
    names = page.locator(".ocard:not(.back) .cn").all_inner_texts()
    assert names and not [n for n in names if re.search(r"-|\b[a-z]+\d\b", n)], names
    labels = [page.locator(".ocard:not(.back)").nth(i).get_attribute("aria-label") for i in range(len(names))]
    assert all(re.match(r"(Bid )?(Nobility|Clans|Uprising|Gathering) ", x) for x in labels), labels
    traits = " ".join(page.locator(".ocard .ct").all_inner_texts())
    assert not re.search(r"\b(Inv|Path|Res|Amb|Ret)\b", traits), traits
    kingdom = page.locator(".kcard:not(.empty):not(.back) b").all_inner_texts()
    assert kingdom and all(re.fullmatch(r"[A-Z][a-z]+ \d+", k) for k in kingdom), kingdom


def test_anunnaki_contracts_and_culture_tokens_by_name(live_server, chromium):
    page = _table(live_server, chromium, "anunnaki", {})
    heads = page.locator("#contracts .contract .ct").all_inner_texts()
    assert heads and all(re.fullmatch(r"Contract · (\w+ house|no house)", h) for h in heads), heads
    culture = page.locator("#culture-up").inner_text()
    assert not re.search(r"\b(ba|el|ph|no|g)\d+\b", culture), culture
    tiles = page.locator("svg.star .tile-t").evaluate_all("els => els.map((e) => e.textContent)")
    assert tiles and all(re.fullmatch(r"Tile \d+\+?", t) for t in tiles), tiles


def test_anunnaki_star_spaces_are_named_by_their_tiles(live_server, chromium):
    """A star space's tooltip names the tiles its line joins and its mana, the
    presenter's words; its square shows the mana, never the space's number."""
    page = _table(live_server, chromium, "anunnaki", {})
    titles = page.locator("svg.star g.sp > title").evaluate_all("els => els.map((e) => e.textContent)")
    space = r"The space between tile \d+ \(\w+\) and tile \d+ \(\w+\)( \(\+\d mana\))?: (free|a cube of .+)"
    assert titles and all(re.fullmatch(space, t) for t in titles), titles
    marks = page.locator("svg.star g.sp text").evaluate_all("els => els.map((e) => e.textContent)")
    assert marks and not [m for m in marks if re.fullmatch(r"\d+", m)], marks
