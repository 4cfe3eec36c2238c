"""The rules at hand in the page: a "Rules" button in the header opens the
game's rules in short and a searchable glossary; the names the board shows
(kingdoms, factions, regions, locations, councils, houses, tracks) carry the
glossary's words, which a tap reads on a phone."""

from __future__ import annotations

import httpx
import pytest

from meeple.games import glossary as G
from tests.server.helpers import seat_zero_page

pytestmark = pytest.mark.browser

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}


def test_the_rules_dialog_shows_the_summary_and_finds_terms(live_server, chromium):
    page = seat_zero_page(live_server, chromium, "okc", {"rounds": 4}, **PHONE)
    button = page.locator("#rules-btn")
    box = button.bounding_box()
    assert box and box["height"] >= 44 and box["width"] >= 44
    button.tap()
    dialog = page.locator("#rules-dialog")
    dialog.wait_for(state="visible")
    page.wait_for_selector("#rules-summary .rules-part")
    text = dialog.inner_text()
    for section in G.summary("okc"):
        assert section.title in text
    assert "From: The Old King's Crown rulebook (Japanese)" in text
    page.locator("#rules-find").fill("pathfinder")
    shown = [t.strip() for t in page.locator("#rules-terms dt:visible").all_inner_texts()]
    assert "Pathfinder" in shown and "Resilient" not in shown
    assert "found" in page.locator("#rules-count").inner_text()
    page.locator("#rules-find").fill("Relics")
    shown = page.locator("#rules-terms dt:visible").all_inner_texts()
    assert "Council of Relics" in shown and "Pathfinder" not in shown
    page.locator("#rules-game").select_option("ethnos")  # another game's rules from the same dialog
    page.wait_for_function("() => document.querySelector('#rules-head').textContent.startsWith('Ethnos')")
    page.locator("#rules-find").fill("гномы")  # the Russian rulebook's word finds the dwarves
    assert page.locator("#rules-terms dt:visible").all_inner_texts() == ["Dwarf"]
    page.locator(".rules-close").tap()
    dialog.wait_for(state="hidden")


def test_okc_board_names_carry_their_glossary_words_and_a_tap_reads_them(live_server, chromium):
    page = seat_zero_page(live_server, chromium, "okc", {"rounds": 4}, **PHONE)
    castle = page.locator("[data-location=castle] > b")
    page.wait_for_function("() => document.querySelector('[data-location=castle] > b').title !== ''")
    assert castle.get_attribute("title") == G.short("okc", "location.castle")
    assert page.locator("[data-region=highlands] > h3").get_attribute("title") == G.short("okc", "region.highlands")
    assert page.locator("[data-council=relics] > b").get_attribute("title") == G.short("okc", "council.relics")
    fac = page.locator(".fac").first
    page.wait_for_function("() => !document.querySelector('.fac').title.startsWith('faction')")
    assert "One of the four factions" in fac.get_attribute("title")
    castle.tap()
    info = page.locator("#cardinfo")
    info.wait_for(state="visible")
    assert info.inner_text() == G.short("okc", "location.castle")


def test_anunnaki_tracks_and_houses_and_ethnos_kingdoms_are_explained(live_server, chromium):
    page = seat_zero_page(live_server, chromium, "anunnaki", {})
    page.wait_for_function("() => document.querySelector('[data-term=\"track.domination\"]').title !== ''")
    assert page.locator('[data-term="track.domination"]').get_attribute("title") == G.short(
        "anunnaki", "track.domination"
    )
    house = page.locator('[data-term^="house."]').first
    assert house.get_attribute("title").startswith(house.inner_text() + ": A house")
    g = httpx.post(
        f"{live_server}/api/games", json={"game": "ethnos", "players": 2, "seats": ["human", "bot:easy"]}
    ).json()
    page = chromium.new_page()
    page.goto(f"{live_server}/game/{g['id']}#seat=0&token={g['seats'][0]['token']}")
    page.wait_for_selector("[data-kingdom=duris] > h3")
    page.wait_for_function("() => document.querySelector('[data-kingdom=duris] > h3').title !== ''")
    assert page.locator("[data-kingdom=duris] > h3").get_attribute("title") == G.short("ethnos", "kingdom.duris")
