"""Small helpers shared by the server tests."""

from __future__ import annotations

import random
import re

import httpx

# the MOVE strings a client builds from a decision: one definition, the benches'
from bench.cluster_failure import options_from


def random_move(decision: dict, hand: list[str], rng: random.Random) -> str:
    """A random legal move, with bigger bands now and then (tribe rule)."""
    opts = options_from(decision)
    move = rng.choice(opts)
    if move.startswith("band ") and rng.random() < 0.6:
        lead = move.split()[1]
        t, k = lead.split(":")
        rest = list(hand)
        rest.remove(lead)
        same = [c for c in rest if c == "skeleton" or c.split(":")[0] == t]
        if len(same) > 0:
            extra = rng.sample(same, min(len(same), rng.randrange(1, 4)))
            move = " ".join(["band", lead, *extra])
    if move == "keep" and hand and rng.random() < 0.5:
        move = "keep " + " ".join(hand[: decision["keep_max"]])
    return move


def new_page(chromium):
    """A desktop-sized page and the list its script errors land in."""
    page = chromium.new_page(viewport={"width": 1280, "height": 900})
    errors: list[str] = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    return page, errors


def start_in_lobby(page, base: str, game: str, seats: list[str], seed: int, selects=()) -> str:
    """Create a game from the lobby as a person would (seats 'human' or
    'bot:<level>'; `selects` further (selector, value) choices): "Create"
    takes the creator to seat 0. Returns the game id."""
    page.goto(f"{base}/?game={game}")
    page.select_option("#game", game)
    page.select_option("#players", str(len(seats)))
    for i, spec in enumerate(seats):
        page.select_option(f"#seat-{i}", spec)
    for selector, value in selects:
        page.select_option(selector, value)
    page.fill("#seed", str(seed))
    page.click("#create")
    page.wait_for_url(re.compile(r"/game/"))  # "Create" takes the creator to their seat
    page.wait_for_selector("#decision")
    return re.search(r"/game/([^/#?]+)", page.url).group(1)


def seat_zero_page(live_server: str, chromium, game: str, options: dict, **page_options):
    """A 2-seat table (a person and an easy bot, seed 3, open seed) created
    through the API, opened as seat 0 once its decision shows; `page_options`
    go to `new_page` (a phone: viewport, is_mobile, has_touch)."""
    g = httpx.post(
        f"{live_server}/api/games",
        json={
            "game": game,
            "players": 2,
            "seats": ["human", "bot:easy"],
            "seed": 3,
            "open_seed": True,
            "options": options,
        },
    ).json()
    page = chromium.new_page(**({"viewport": {"width": 1280, "height": 900}} | page_options))
    page.goto(f"{live_server}/game/{g['id']}#seat=0&token={g['seats'][0]['token']}")
    page.wait_for_selector("#decision button[data-move]")
    return page


# what a person must never read: identifiers and notation (issue 35, point 3)
IDENTIFIER_PATTERNS = {
    "card id (word:word)": r"\b[a-z]+:[a-z]+\b",
    "snake_case name": r"\b[a-z]+_[a-z_]+\b",
    "numbered id (captain-8)": r"\b[a-z]+-\d+\b",
    "region id (ba1, g3)": r"\b(?:ba|el|ph|no|g|uw|at)\d+\b",
    "tuple": r"[\(\[]\d+, ?\d+[\)\]]",
    "zero-based seat": r"\b[Ss]eat 0\b",
    "seat-numbered notation (1: bid, @0 weapon)": r"@\d \w|\b\d: (?:bid|joust|facedown|advanced|pick|weapon)\b",
    "python value": r"\b(?:None|True|False)\b|\{'|'\}",
}


def identifiers(text: str) -> list[str]:
    """Each identifier-like token in `text`, named by its kind."""
    out = []
    for kind, pattern in IDENTIFIER_PATTERNS.items():
        for m in re.finditer(pattern, text, re.M):
            out.append(f"{kind}: {m.group(0)!r} in ...{text[max(0, m.start() - 40) : m.end() + 40]!r}...")
    return out
