"""Anunnaki on the server and the page: lobby options, whole games through the
API with each seat's own decision moves, the secret weapon choice (nobody
answers for another seat, nobody sees another's choice before the reveal), no
hidden thing reaching another seat or a spectator, and a person playing a
whole game in Chromium by clicking only what the page offers."""

from __future__ import annotations

import json
import random
import time

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from meeple.games.anunnaki import new_game as engine_game
from meeple.games.anunnaki.data import DATA
from meeple.games.anunnaki.notation import legal_moves_for
from tests.server.conftest import ROOT
from tests.server.helpers import new_page, start_in_lobby

HIDDEN = "?"


def create(client, seats, seed=3, **options):
    body = {"game": "anunnaki", "players": len(seats), "seats": seats, "seed": seed, "open_seed": True}
    if options:
        body["options"] = options
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def get(client, gid, seat=None, token=None, **params):
    if seat is not None:
        params.update(seat=seat, token=token)
    r = client.get(f"/api/games/{gid}", params=params)
    assert r.status_code == 200, r.text
    return r.json()


# ------------------------------------------------------------------ lobby
def test_meta_and_options(client):
    meta = client.get("/api/meta").json()["games"]["anunnaki"]
    assert meta["min_players"] == 2 and meta["max_players"] == 4
    assert "medium" in meta["levels"] and "random" in meta["levels"]
    assert set(meta["houses"]) == set(DATA.house_ids)
    assert all({"q", "r", "res", "icons"} <= set(h) for h in meta["gaia"]["2"]["hexes"])
    assert len(meta["tiles"]) == 10 and len(meta["star"]["spaces"]) == 15
    g = create(client, ["human", "bot:random"], houses=["ellenys", "babylon"], first_game=True)
    v = get(client, g["id"], 0, g["seats"][0]["token"])
    assert v["state"]["houses"] == ["ellenys", "babylon"] and v["state"]["first_game"] is True
    assert v["options"] == {"houses": ["ellenys", "babylon"], "first_game": True}


@pytest.mark.parametrize(
    "options, words",
    [
        ({"houses": ["ellenys", "atlantis"]}, "unknown house"),
        ({"houses": ["ellenys", "ellenys"]}, "different"),
        ({"houses": ["ellenys"]}, "houses must be"),
        ({"houses": ["ellenys", "babylon", "pharaos"]}, "houses must be"),
        ({"first_game": "maybe"}, "first_game"),
        ({"tribes": ["orc"]}, "no option tribes"),
    ],
)
def test_bad_options_are_refused(client, options, words):
    r = client.post(
        "/api/games", json={"game": "anunnaki", "players": 2, "seats": ["human", "bot:random"], "options": options}
    )
    assert r.status_code == 400, r.text
    assert words in r.json()["error"], r.text


def test_options_schema_checks_types():
    from meeple.core.game import GameError
    from meeple.games.anunnaki import SPEC

    options = SPEC.check_options
    assert options({}) == {} and options({"first_game": False}) == {}
    assert options({"houses": ["babylon", "pharaos"], "first_game": True}) == {
        "houses": ["babylon", "pharaos"],
        "first_game": True,
    }
    for bad in ({"first_game": "yes"}, {"houses": "babylon"}, {"houses": [1, 2]}, {"rounds": 4}):
        with pytest.raises(GameError):
            options(bad)


# ----------------------------------------------------- the secret weapon choice
def _path_to_duel(players=2, tries=200):
    """(seed, moves) of an engine game reaching a weapon choice of two seats."""
    for seed in range(tries):
        s = engine_game(players, seed=seed)
        rng = random.Random(seed)
        moves = []
        while not s.is_terminal() and len(moves) < 1500:
            d = s.decision()
            if d.kind == "weapon" and len(d.seats) == 2:
                return seed, moves
            m = rng.choice(legal_moves_for(s, d.seats[0]))
            moves.append((d.seats[0], m))
            s.apply_move(m)
    raise AssertionError("no battle between two players in the seeds tried")


def test_weapon_choice_is_secret_and_only_ones_own(client):
    seed, path = _path_to_duel()
    g = create(client, ["human", "human"], seed=seed)
    gid, tok = g["id"], [s["token"] for s in g["seats"]]
    for seat, m in path:
        r = client.post(f"/api/games/{gid}/moves", json={"seat": seat, "token": tok[seat], "move": m})
        assert r.status_code == 200, (m, r.text)
    v0, v1 = get(client, gid, 0, tok[0]), get(client, gid, 1, tok[1])
    assert v0["decision"]["kind"] == "weapon" and sorted(v0["decision"]["seats"]) == [0, 1]
    assert v0["decision"]["secret"] and all(m.startswith("@0 ") for m in v0["decision"]["moves"])
    assert all(m.startswith("@1 ") for m in v1["decision"]["moves"])
    ply = v0["ply"]
    # seat 0 answering for seat 1: refused, nothing changes
    for move in v1["decision"]["moves"][:2]:
        r = client.post(f"/api/games/{gid}/moves", json={"seat": 0, "token": tok[0], "move": move})
        assert r.status_code == 403, r.text
    after = get(client, gid, 1, tok[1])
    assert after["ply"] == ply and after["state"] == v1["state"] and after["decision"] == v1["decision"]
    # seat 0 chooses: seat 1 and the spectator learn only that it has chosen
    mine = v0["decision"]["moves"][-1]
    r = client.post(f"/api/games/{gid}/moves", json={"seat": 0, "token": tok[0], "move": mine})
    assert r.status_code == 200, r.text
    w0, w1, spec = get(client, gid, 0, tok[0]), get(client, gid, 1, tok[1]), get(client, gid)
    chosen = mine.split(" ", 1)[1]
    assert w0["decision"]["chosen"] == chosen.split()[1:]
    assert w0["decision"]["seats"] == [1] and "moves" not in w0["decision"]
    for other in (w1, spec):
        assert "chosen" not in other["decision"] and other["decision"]["chose"] == [0]
        assert other["state"]["pending"]["secret"] == {"0": HIDDEN}
        assert other["moves"][-1] == "@0 ?"
        assert chosen not in json.dumps(other["moves"]) + json.dumps(other["events"])
    assert w0["moves"][-1] == mine
    # seat 0 has answered: it cannot answer again
    r = client.post(f"/api/games/{gid}/moves", json={"seat": 0, "token": tok[0], "move": mine})
    assert r.status_code in (400, 403, 409), r.text
    # seat 1 answers: both are revealed to everyone, undo is no longer offered
    r = client.post(f"/api/games/{gid}/moves", json={"seat": 1, "token": tok[1], "move": w1["decision"]["moves"][0]})
    assert r.status_code == 200, r.text
    spec = get(client, gid)
    reveal = [e for e in spec["events"] if e["kind"] == "reveal"][-1]
    assert "Weapons revealed" in reveal["text"] and set(reveal["detail"]) == {"0", "1"}
    assert not get(client, gid, 1, tok[1])["undo"]


# ------------------------------------------------------------- whole games
def check_view(resp: dict, viewer, live_moves) -> None:
    st = resp["state"]
    assert "rng" not in st
    if resp["status"] != "active":
        return  # the end reveals every hand, weapon and destiny to everyone (as the replay does)
    assert all(c == HIDDEN for c in st["contracts"]["deck"])
    for i, sd in enumerate(st["seats"]):
        if i == viewer:
            assert HIDDEN not in sd["hand"] and HIDDEN not in sd["pile"]
            continue
        assert all(w == HIDDEN or DATA.weapons[w]["kind"] == "basic" for w in sd["hand"]), (viewer, i)
        assert all(w == HIDDEN for w in sd["pile"])
        assert sd["destiny"] in (None, HIDDEN)
    pend = st.get("pending")
    if pend:
        assert all(v == HIDDEN for k, v in pend["secret"].items() if k != str(viewer))
    d = resp["decision"]
    if d is not None and (viewer is None or viewer not in d["seats"]):
        assert not {"moves", "options"} & set(d), (viewer, d)
    # a seat that chose its weapon in secret sees its own choice while others
    # still choose (a slow bot leaves it there long enough to be read); only its own
    if d is not None and "chosen" in d:
        assert viewer is not None and str(viewer) in pend["secret"]
    for e in resp["events"]:
        if e["kind"] == "weapon" and e["seat"] != viewer:
            assert e["detail"] is None and e["text"].endswith("draws an advanced weapon")
    if resp["status"] == "active":
        # (a bot may have moved since the response was read: the live moves may be more)
        for shown, (seat, real) in zip(resp["moves"], live_moves, strict=False):
            if seat == viewer:
                assert shown == real
            elif real.startswith("@"):
                assert shown == real.split()[0] + " ?"
            elif real.split()[0] in ("draw", "lose", "destiny"):
                assert shown == real.split()[0] + " ?", (shown, real)
            else:
                assert shown == real


def indistinguishable(client, g, viewer, token, rng) -> None:
    """Re-deal everything hidden from the viewer: the response must not change."""
    params = {} if viewer is None else {"seat": viewer, "token": token}
    before = client.get(f"/api/games/{g.id}", params=params).json()
    real, version = g.state, g.version
    try:
        g.state = real.determinize(viewer, rng)
        g.version = -1 - version
        after = client.get(f"/api/games/{g.id}", params=params).json()
    finally:
        g.state, g.version = real, version
        g.views.clear()
    assert json.dumps(after, sort_keys=True) == json.dumps(before, sort_keys=True), (
        f"the response of viewer {viewer} depends on something hidden from it"
    )


@pytest.mark.parametrize("players, seed", [(3, 12), (2, 40)])
def test_whole_games_through_the_api_keep_secrets(client, players, seed):
    """Humans (and a random bot at 3 players) to the end, each human answering
    from its own decision; every view, event and move list checked."""
    seats = ["human", "human"] + ["bot:random"] * (players - 2)
    g = create(client, seats, seed=seed)
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    humans = [s["seat"] for s in g["seats"] if s["kind"] == "human"]
    live = client.app.state.service.live[gid]
    rng = random.Random(seed)
    viewers = [None, *humans]
    plies = weapons = 0
    deadline = time.time() + 240
    while True:
        assert time.time() < deadline, "the game does not end"
        resps = {v: get(client, gid, v, None if v is None else tokens[v]) for v in viewers}
        for v, r in resps.items():
            check_view(r, v, live.moves)
        if resps[None]["status"] == "finished":
            break
        d = resps[None]["decision"]
        mine = [s for s in d["seats"] if s in humans]
        if not mine:
            time.sleep(0.005)  # a bot is thinking
            continue
        if plies % 9 == 0 and set(d["seats"]) <= set(humans):
            # (only while no bot may move: the check swaps the table's state for a
            # moment, and a bot's move committed meanwhile would be undone by the swap back)
            for v in viewers:
                indistinguishable(client, live, v, None if v is None else tokens[v], rng)
        seat = rng.choice(mine)
        dec = resps[seat]["decision"]
        assert dec["seat"] == seat and dec["moves"] and [o["move"] for o in dec["options"]] == dec["moves"]
        assert all(o["label"] for o in dec["options"])
        if dec["kind"] == "weapon":
            weapons += 1
        passes = [m for m in dec["moves"] if m.endswith("pass")]
        move = passes[0] if passes and rng.random() < 0.3 else rng.choice(dec["moves"])
        r = client.post(
            f"/api/games/{gid}/moves",
            json={"seat": seat, "token": tokens[seat], "move": move, "ply": resps[seat]["ply"]},
        )
        if r.status_code == 409 and "stale move" in r.text and players > 2:
            continue  # the bot answered meanwhile (a simultaneous choice)
        assert r.status_code == 200, (move, r.text)
        plies += 1
    fin = resps[None]
    assert plies > 40
    places = [x["place"] for x in fin["ranking"]]
    assert places == sorted(places) and sorted(x["seat"] for x in fin["ranking"]) == list(range(players))
    assert fin["ranking"][0]["winner"] and fin["ranking"][0]["seat"] == live.state.winners[0]
    vps = [x["vp"] for x in fin["ranking"]]
    assert vps == sorted(vps, reverse=True)
    assert fin["scoring"]["total"] == [sd["vp"] for sd in fin["state"]["seats"]]
    assert any(e["kind"] == "end" for e in fin["events"])
    assert all(e["text"] and not e["text"].startswith("None") for e in fin["events"])
    # once finished, the whole record is public
    assert fin["moves"] == [m for _, m in live.moves]


# ----------------------------------------------------------------- browser
WAIT = (
    "() => document.body.dataset.status === 'finished' || "
    "(document.body.dataset.mine === '1' && document.body.dataset.busy !== '1' "
    " && document.body.dataset.ply !== window.__acted)"
)


@pytest.mark.browser
def test_person_plays_a_whole_game_in_the_browser(live_server, chromium):
    page, errors = new_page(chromium)
    game_id = start_in_lobby(
        page,
        live_server,
        "anunnaki",
        ["human", "bot:random"],
        17,
        [("#opt-houses-mode", "chosen"), ("#opt-houses-0", "babylon"), ("#opt-houses-1", "norrenis")],
    )
    page.wait_for_selector("svg.board .hex")
    assert page.locator("svg.board").count() >= 3  # Gaia and two home planets
    assert page.locator("svg.star").count() == 2
    rng = random.Random(5)
    page.evaluate("() => { window.__acted = null; }")
    out = ROOT / "artifacts"
    out.mkdir(exist_ok=True)
    moves = board_clicks = weapons = 0
    shot = False
    while True:
        page.wait_for_function(WAIT, timeout=30_000)
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        acted = page.evaluate("() => (window.__acted = document.body.dataset.ply)")
        try:
            kind = page.locator("#decision").get_attribute("data-kind")
            if kind == "weapon":
                weapons += 1
                assert "Secret" in page.locator("#decision").inner_text()
            picks = page.locator("svg .pick")
            buttons = page.locator("#decision button[data-move]")
            assert picks.count() + buttons.count(), f"nothing offered for {kind} (page errors: {errors})"
            passes = page.locator("#decision button.pass")
            if passes.count() and rng.random() < 0.35:
                passes.first.click(timeout=5_000)
            elif picks.count() and rng.random() < 0.7:
                picks.nth(rng.randrange(picks.count())).click(timeout=5_000)
                board_clicks += 1
            else:
                buttons.nth(rng.randrange(buttons.count())).click(timeout=5_000)
        except (AssertionError, PlaywrightTimeout):
            # a secret choice with one answer left is taken for this seat once
            # the other seat has chosen (not before: that would tell it so);
            # the page then moves on under the person's hand
            if page.evaluate("document.body.dataset.ply") != acted:
                continue
            raise
        moves += 1
        if moves == 60 and not shot:
            page.wait_for_timeout(300)
            page.screenshot(path=str(out / "anunnaki-mid.png"), full_page=True)
            shot = True
        assert moves < 1500, "the game does not end"
    page.wait_for_selector("#ranking li")
    shown = [int(x) for x in page.locator("#ranking li").evaluate_all("els => els.map(e => e.dataset.seat)")]
    server = httpx.get(f"{live_server}/api/games/{game_id}").json()
    assert server["status"] == "finished"
    assert shown == [r["seat"] for r in server["ranking"]] and len(shown) == 2
    assert [" VP" in t for t in page.locator("#ranking > li").all_inner_texts()] == [True] * 2
    assert page.locator("#final-scoring").is_visible()
    assert moves > 30 and board_clicks > 5
    page.screenshot(path=str(out / "anunnaki-final.png"), full_page=True)
    assert not errors, errors


@pytest.mark.browser
def test_anunnaki_table_on_a_phone_and_by_keyboard(live_server, chromium):
    page = chromium.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
    page.goto(live_server + "/?game=anunnaki")
    page.select_option("#game", "anunnaki")
    page.select_option("#players", "2")
    page.select_option("#seat-1", "bot:random")
    page.fill("#seed", "4")
    page.check("#opt-first_game")
    page.click("#create")  # takes the creator to their seat
    page.wait_for_selector("svg.star")
    assert page.evaluate("document.documentElement.scrollWidth") <= 400, "the table overflows a phone"
    # keyboard: focus a tile of the star the decision offers and press Enter
    page.wait_for_function("() => document.body.dataset.mine === '1'")
    ply = page.evaluate("document.body.dataset.ply")
    target = page.locator("svg.star .pick").first
    target.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"() => document.body.dataset.ply !== '{ply}'")
    out = ROOT / "artifacts"
    out.mkdir(exist_ok=True)
    page.screenshot(path=str(out / "anunnaki-phone.png"), full_page=True)
