"""Card text on a phone: a tap on a card, chip or tile of the table shows its
text (there is no hover on a phone); a long press on a button that would act
reads its text instead; the OKC option buttons say what they offer."""

from __future__ import annotations

import pytest

from tests.server.helpers import seat_zero_page

pytestmark = pytest.mark.browser

GAMES = {"okc": {"rounds": 4}, "anunnaki": {}}


def _phone_table(live_server, chromium, game):
    phone = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
    return seat_zero_page(live_server, chromium, game, GAMES[game], **phone)


@pytest.mark.parametrize("game", sorted(GAMES))
def test_a_tap_reads_a_card(live_server, chromium, game):
    page = _phone_table(live_server, chromium, game)
    titled = page.locator("#app [title]:not(button):not(button *):visible")
    assert titled.count()
    for i in range(min(3, titled.count())):
        item = titled.nth(i)
        text = item.get_attribute("title")
        item.tap()
        info = page.locator("#cardinfo")
        info.wait_for(state="visible")
        assert info.inner_text() == text
    page.locator("#cardinfo").tap()
    page.locator("#cardinfo").wait_for(state="hidden")


def test_a_long_press_reads_a_button_without_pressing_it(live_server, chromium):
    page = _phone_table(live_server, chromium, "okc")
    button = page.locator("#decision button[data-move][title]").first
    ply = page.evaluate("document.body.dataset.ply")
    button.dispatch_event("contextmenu")
    info = page.locator("#cardinfo")
    info.wait_for(state="visible")
    assert info.inner_text() == button.get_attribute("title") and "strength" in info.inner_text()
    assert page.evaluate("document.body.dataset.ply") == ply  # nothing was played


def test_okc_option_buttons_say_what_they_offer(client):
    """Beyond the bid, each option naming a card carries its text (shown on the button)."""
    import random

    from meeple.games.okc import new_game
    from meeple.games.okc import present as P

    s = new_game(2, seed=3, rounds=4)
    rng = random.Random(3)
    seen = 0
    while not s.is_terminal() and seen < 30:
        seat = s.decision().seats[-1]
        d = P.decision_for(s, seat)
        for o in d.get("options", []):
            if "card" in o or "kingdom" in o:
                assert o["text"], o
                seen += 1
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    assert seen >= 30
