"""Screenshots of each game's ending as its player first sees it, on a phone
(390x844) and a desktop (1366x900): docs/screenshots/<game>-ending-<W>x<H>.png;
with --langs, on a phone in each of those languages too (the browser asking
for it by Accept-Language): <game>-ending-<lang>-390x844.png.

    python tools/ending_screenshots.py [--out docs/screenshots] [--base http://127.0.0.1:8000] [--langs ja,ru]

Without --base it starts a server of its own on a throwaway database. A
person plays seat 0 with random legal moves through the API against an easy
bot until the end; the page is then opened with that seat's key and only the
first screen is taken (what a player sees without scrolling). Needs Debian's
Chromium (.ci/setup-browser.sh) and Playwright (pip install -e '.[web]').
"""

from __future__ import annotations

import argparse
import contextlib
import random
import sys
import tempfile
import time
from pathlib import Path

import httpx

ROOT = Path(__file__).resolve().parent.parent
CHROMIUM = "/usr/bin/chromium"
SIZES = [(390, 844), (1366, 900)]
# each game's table: (options, seed) — a short OKC skirmish
GAMES = {"ethnos": ({}, 11), "okc": ({"rounds": 4}, 7), "anunnaki": ({}, 17)}


def choose(d: dict, seat: int, rng: random.Random) -> str:
    """A random legal move built from a seat's decision, as the page builds one."""
    kind = d["kind"]
    if kind in ("turn", "centaur"):
        out = [f"recruit {c}" for c in d["recruit"]] + (["recruit deck"] if d["deck"] else [])
        out += [f"band {c}" for c in d["leaders"]] + (["pass"] if d["pass"] else [])
        return rng.choice(out)
    if kind == "keep":
        return "keep"
    if kind == "facedown":  # OKC's face-down cards, described rather than listed
        hand = [c.split(":", 1)[1] for c in d["hand"]]
        rng.shuffle(hand)
        picks = hand[: d["cards"]] + ["-"] * (len(d["regions"]) - d["cards"])
        rng.shuffle(picks)
        return f"{seat}: facedown " + " ".join(picks)
    return rng.choice(d["moves"])


def finish(base: str, game: str, options: dict, seed: int, timeout: float = 600.0) -> tuple[str, str]:
    """A two-seat table (a person at seat 0, an easy bot) played to its end;
    returns (table id, seat 0's key)."""
    g = httpx.post(
        f"{base}/api/games",
        json={
            "game": game,
            "players": 2,
            "seats": ["human", "bot:easy"],
            "seed": seed,
            "open_seed": True,
            "options": options,
            "table": {"name": "Ann"},
        },
    ).json()
    gid, token = g["id"], g["seats"][0]["token"]
    rng = random.Random(seed)
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        v = httpx.get(f"{base}/api/games/{gid}", params={"seat": 0, "token": token}).json()
        if v["status"] == "finished":
            return gid, token
        d = v["decision"]
        if d is None or d.get("seat") != 0 or 0 not in d.get("seats", [d.get("seat")]):
            time.sleep(0.02)
            continue
        r = httpx.post(
            f"{base}/api/games/{gid}/moves",
            json={"seat": 0, "token": token, "move": choose(d, 0, rng), "ply": v["ply"]},
        )
        if r.status_code not in (200, 409):  # 409: a bot or a stale ply, ask again
            raise RuntimeError(f"{game}: move refused: {r.text}")
    raise RuntimeError(f"{game} did not end in {timeout:.0f} s")


def open_ending(browser, base: str, gid: str, token: str, size: tuple[int, int], lang: str = "en"):
    """The page of a finished table as seat 0 opens it, at `size`, in `lang`."""
    w, h = size
    page = browser.new_page(
        viewport={"width": w, "height": h},
        is_mobile=w < 500,
        has_touch=w < 500,
        locale=lang,
        extra_http_headers={"Accept-Language": lang},
    )
    page.goto(f"{base}/game/{gid}#seat=0&token={token}")
    page.wait_for_selector("#result #ranking li")
    page.wait_for_selector("#rematch-btn")
    return page


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--out", default=str(ROOT / "docs" / "screenshots"))
    ap.add_argument("--base", help="a running server (default: start one)")
    ap.add_argument("--langs", default="", help="also a phone screenshot in each of these languages (ja,ru)")
    ap.add_argument("--only-langs", action="store_true", help="only the screenshots of --langs")
    args = ap.parse_args(argv)
    out = Path(args.out)
    out.mkdir(parents=True, exist_ok=True)
    from playwright.sync_api import sync_playwright

    sys.path.insert(0, str(ROOT))
    from tests.server.conftest import CHROMIUM_FLAGS, running_server

    with contextlib.ExitStack() as stack:
        base = args.base
        if not base:
            tmp = Path(stack.enter_context(tempfile.TemporaryDirectory()))
            base = "http://" + stack.enter_context(running_server(str(tmp / "shots.db"), tmp / "server.log"))
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_FLAGS)
            for game, (options, seed) in GAMES.items():
                gid, token = finish(base, game, options, seed)
                shots = [] if args.only_langs else [(size, "en", "") for size in SIZES]
                shots += [(SIZES[0], lang, f"-{lang}") for lang in filter(None, args.langs.split(","))]
                for size, lang, tag in shots:
                    page = open_ending(browser, base, gid, token, size, lang)
                    path = out / f"{game}-ending{tag}-{size[0]}x{size[1]}.png"
                    page.screenshot(path=str(path))
                    page.close()
                    print(path)
            browser.close()
    return 0


if __name__ == "__main__":
    sys.exit(main())
