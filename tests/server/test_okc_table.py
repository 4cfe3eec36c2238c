"""The Old King's Crown at the browser table: whole games through the API
(humans and bots, HTTP and websocket), the simultaneous choices refused from
the wrong seat or twice, no hidden card reaching another seat, and a person
playing a skirmish by clicking in Chromium."""

from __future__ import annotations

import json
import random
import re
import time

import httpx
import pytest
from playwright.sync_api import TimeoutError as PlaywrightTimeout

from meeple.games.okc import cards as C
from meeple.games.okc import data as D
from meeple.games.okc.view import _known
from tests.server.conftest import ROOT
from tests.server.helpers import new_page, start_in_lobby

HIDDEN = "?"
PUBLIC_DECISION = {"seat", "seats", "kind", "prompt", "chosen"}
# events that show cards to everyone (bids, face-down cards in a clash, jousts,
# the advanced setup, intrigue-04's hand, a journeying card): a card they name
# is known even if it goes back to a hand or a deck in the same move
REVEALS = {"bids", "reveal", "joust", "advanced", "reveal-hand", "journey"}


def facedown_move(dec: dict, seat: int, rng: random.Random) -> str:
    """A face-down move built from the decision's description, as the page does."""
    hand = [c.split(":", 1)[1] for c in dec["hand"]]
    rng.shuffle(hand)
    picks = hand[: dec["cards"]] + ["-"] * (len(dec["regions"]) - dec["cards"])
    rng.shuffle(picks)
    return f"{seat}: facedown " + " ".join(picks)


def pick_move(dec: dict, seat: int, rng: random.Random) -> str:
    if dec["kind"] == "facedown":
        return facedown_move(dec, seat, rng)
    assert dec["moves"], dec
    # the page offers exactly these; a move at a simultaneous decision names its seat
    if dec["kind"] in ("bid", "joust", "advanced"):
        assert all(m.startswith(f"@{seat} ") for m in dec["moves"])
    return rng.choice(dec["moves"])


def hidden_from(s, viewer) -> set[str]:
    """Other seats' cards `viewer` may not see (hands, decks, unrevealed bids,
    joust cards, setup picks, face-down cards it has not looked at)."""
    out = set()
    known = _known(s, viewer)
    for o in range(s.players):
        if o == viewer:
            continue
        out.update(C.NAME[g] for g in s.hands[o] + s.decks[o])
        if s.bids[o] is not None and not s.bids_open:
            out.add(C.NAME[s.bids[o]])
        if s.joust[o] is not None:
            out.add(C.NAME[s.joust[o]])
        out.update(C.NAME[g] for g in s.pick[o][1:])
        for r in range(3):
            out.update(C.NAME[g] for g in s.facedown[r] if s.seat_of(g) == o and g not in known)
    return out


def names_in(x, faction: str | None = None) -> set[str]:
    """Card names in a JSON value; bare words of a move are read as `faction`'s cards."""
    out = set()
    if isinstance(x, str):
        for w in re.split(r"[\s,()\[\]\"']+", x):
            if w in C.CARD_BY_NAME:
                out.add(w)
            elif faction and f"{faction}:{w}" in C.CARD_BY_NAME:
                out.add(f"{faction}:{w}")
    elif isinstance(x, (list, tuple)):
        for y in x:
            out |= names_in(y, faction)
    elif isinstance(x, dict):
        for y in x.values():
            out |= names_in(y, faction)
    return out


def check_view(resp: dict, viewer) -> None:
    st = resp["state"]
    assert "rng" not in st and "seed" not in resp
    assert all(k == HIDDEN for k in st["kingdom_deck"] if k not in C.KCARD_BY_NAME) or True
    for i, sd in enumerate(st["seats"]):
        assert all(c == HIDDEN for c in sd["deck"])
        if i == viewer:
            continue
        fac = sd["faction"]
        assert all(c == HIDDEN for c in sd["hand"]), (viewer, i)
        if sd["bid"] is not None and not st["bids_open"]:
            assert sd["bid"] == f"{fac}:?"
        assert sd["joust"] in (None, f"{fac}:?")
        assert all(c == HIDDEN for c in sd["offer"])
    d = resp["decision"]
    if d is not None and (viewer is None or viewer not in d["seats"]):
        assert set(d) <= PUBLIC_DECISION, d


def indistinguishable(client, g, viewer, token, rng) -> None:
    """Swap the live state for one re-dealt from the viewer's side (a
    spectator: from seat 0's, a subset of what it may not see): same answer."""
    params = {} if viewer is None else {"seat": viewer, "token": token}
    before = client.get(f"/api/games/{g.id}", params=params).json()
    real, version = g.state, g.version
    try:
        g.state = real.determinize(0 if viewer is None else viewer, rng)
        g.version = -1 - version  # fresh view cache
        after = client.get(f"/api/games/{g.id}", params=params).json()
    finally:
        g.state, g.version = real, version
        g.views.clear()
    assert json.dumps(after, sort_keys=True) == json.dumps(before, sort_keys=True), (
        f"the response of viewer {viewer} depends on hidden cards"
    )


def wait_humans(client, gid, seats_kind, timeout=60.0) -> dict:
    """Until the bots are done: the spectator's view when a human must answer."""
    service = client.app.state.service
    deadline = time.time() + timeout
    while True:
        r = client.get(f"/api/games/{gid}").json()
        if r["status"] == "finished":
            return r
        g = service.live.get(gid)
        bots_busy = g is not None and service._bot_to_move(g) is not None
        if not bots_busy and any(seats_kind[s] == "human" for s in r["decision"]["seats"]):
            return r
        assert time.time() < deadline, "the bots do not answer"
        time.sleep(0.02)


def test_okc_game_through_the_api_with_bots(client):
    """2 humans (one on HTTP, one on the websocket) and a bot, to the end; the
    wrong seat's bid is 403 and a second bid is refused, nothing revealed."""
    seats = ["human", "bot:easy", "human"]
    g = client.post(
        "/api/games",
        json={"game": "okc", "players": 3, "seats": seats, "seed": 5, "open_seed": True, "options": {"rounds": 4}},
    ).json()
    gid = g["id"]
    tokens = {s["seat"]: s["token"] for s in g["seats"] if s["token"]}
    kinds = {i: s.split(":")[0] for i, s in enumerate(seats)}
    rng = random.Random(2)
    with client.websocket_connect(f"/api/games/{gid}/ws?seat=2&token={tokens[2]}") as ws:
        first = ws.receive_json()
        assert first["type"] == "view" and first["you"] == 2
        refused = False
        plies = 0
        while True:
            pub = wait_humans(client, gid, kinds)
            if pub["status"] == "finished":
                break
            seat = next(s for s in pub["decision"]["seats"] if kinds[s] == "human")
            mine = client.get(f"/api/games/{gid}", params={"seat": seat, "token": tokens[seat]}).json()
            dec = mine["decision"]
            assert dec["seat"] == seat and dec["kind"] == pub["decision"]["kind"]
            if dec["kind"] == "bid" and not refused and 2 in dec["seats"] and seat == 0:
                other = client.get(f"/api/games/{gid}", params={"seat": 2, "token": tokens[2]}).json()
                before = json.dumps(other["state"], sort_keys=True)
                # seat 0 answers for seat 2: refused whatever the card, so the error
                # says nothing of seat 2's hand
                for card in ("heir", "ruse", "captain-9", "trader", "agent"):
                    r = client.post(
                        f"/api/games/{gid}/moves", json={"seat": 0, "token": tokens[0], "move": f"2: bid {card}"}
                    )
                    assert r.status_code == 403, r.text
                # seat 0 bids, then bids again: refused, nothing revealed
                move = rng.choice(dec["moves"])
                r = client.post(f"/api/games/{gid}/moves", json={"seat": 0, "token": tokens[0], "move": move})
                assert r.status_code == 200, r.text
                for again in (move, "0: bid heir", "bid heir"):
                    r = client.post(f"/api/games/{gid}/moves", json={"seat": 0, "token": tokens[0], "move": again})
                    assert r.status_code in (403, 409), r.text
                after = client.get(f"/api/games/{gid}", params={"seat": 2, "token": tokens[2]}).json()
                assert json.dumps(after["state"], sort_keys=True) != before  # seat 0's bid is down...
                fac0 = after["state"]["seats"][0]["faction"]
                assert after["state"]["seats"][0]["bid"] == f"{fac0}:?"  # ...face down
                assert 0 in after["decision"]["chosen"] and 2 in after["decision"]["seats"]
                # the websocket refuses the same
                ws.send_json({"type": "move", "move": "0: bid heir", "id": "x"})
                while True:
                    m = ws.receive_json()
                    if m["type"] == "error":
                        assert m["status"] == 403
                        break
                refused = True
                plies += 1
                continue
            move = pick_move(dec, seat, rng)
            if seat == 2:
                while True:
                    ws.send_json({"type": "move", "move": move, "ply": mine["ply"], "id": plies})
                    m = ws.receive_json()
                    while m["type"] not in ("ack", "error"):
                        m = ws.receive_json()
                    if m["type"] == "error" and m["status"] == 429:  # the socket's rate limit
                        time.sleep(0.2)
                        continue
                    assert m["type"] == "ack", (move, m)
                    break
            else:
                r = client.post(
                    f"/api/games/{gid}/moves",
                    json={"seat": seat, "token": tokens[seat], "move": move, "ply": mine["ply"]},
                )
                assert r.status_code == 200, (move, r.text)
            plies += 1
            assert plies < 2000
    assert refused
    end = client.get(f"/api/games/{gid}").json()
    assert end["status"] == "finished" and end["decision"] is None
    rank = end["ranking"]
    assert [r["seat"] for r in rank if r["winner"]] == [rank[0]["seat"]] and rank[0]["place"] == 1
    assert sorted(r["seat"] for r in rank) == [0, 1, 2]
    assert any(e["kind"] == "end" for e in end["events"])
    assert all(e["text"] and not e["text"].startswith("None") for e in end["events"])


@pytest.mark.parametrize("players, seed, advanced", [(3, 4, False), (2, 9, True)])
def test_okc_no_hidden_card_reaches_another_seat(client, secret_seed, players, seed, advanced):
    """Every view, log line and move list any seat or the spectator gets, at
    every ply: no card of another seat it may not see."""
    opts = {"rounds": 4}
    if advanced:
        opts["advanced"] = True
    secret_seed(seed)
    g = client.post(
        "/api/games", json={"game": "okc", "players": players, "seats": ["human"] * players, "options": opts}
    ).json()
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    live = client.app.state.service.live[gid]
    rng = random.Random(seed)
    viewers = [None, *range(players)]
    seen_ev = {v: 0 for v in viewers}
    seen_mv = {v: 0 for v in viewers}
    factions = [D.FACTIONS[f] for f in live.state.factions]
    ply = 0
    while True:
        state_before = live.state
        hidden_before = {v: hidden_from(state_before, v) for v in viewers}
        resps = {}
        for v in viewers:
            params = {} if v is None else {"seat": v, "token": tokens[v]}
            params["events_from"] = seen_ev[v]
            r = client.get(f"/api/games/{gid}", params=params).json()
            resps[v] = r
        if resps[None]["status"] == "finished":
            break
        for v in viewers:
            check_view(resps[v], v)
        if ply % 9 == 0:
            for v in viewers:
                indistinguishable(client, live, v, None if v is None else tokens[v], rng)
        d = resps[None]["decision"]
        seat = d["seats"][-1]
        move = pick_move(resps[seat]["decision"], seat, rng)
        r = client.post(f"/api/games/{gid}/moves", json={"seat": seat, "token": tokens[seat], "move": move})
        assert r.status_code == 200, (move, r.text)
        ply += 1
        # what each viewer learns from this move: nothing hidden before and still hidden now
        after = live.state
        for v in viewers:
            params = {} if v is None else {"seat": v, "token": tokens[v]}
            params["events_from"] = seen_ev[v]
            resp = client.get(f"/api/games/{gid}", params=params).json()
            if resp["status"] == "finished":
                continue
            secret = hidden_before[v] & hidden_from(after, v)
            for e in resp["events"]:
                if e["kind"] in REVEALS:  # shown to everyone by the rules, wherever it goes next
                    secret -= names_in(e["detail"])
            for e in resp["events"]:
                leak = names_in([e["text"], e["detail"]]) & secret
                assert not leak, (v, e, leak)
            seen_ev[v] = resp["events_from"] + len(resp["events"])
            for (who, _), shown in zip(live.moves[seen_mv[v] :], resp["moves"][seen_mv[v] :], strict=True):
                if who == v:
                    continue
                leak = names_in(shown, factions[who]) & secret
                assert not leak, (v, who, shown, leak)
            seen_mv[v] = len(live.moves)
    assert ply > 60
    log = client.get(f"/api/games/{gid}/log").json()
    assert "seed" in log


# ------------------------------------------------------------------ browser
WAIT = (
    "() => document.body.dataset.status === 'finished' || "
    "(document.body.dataset.mine === '1' && document.body.dataset.busy !== '1' "
    " && document.body.dataset.ply !== window.__acted)"
)


def act(page, rng: random.Random, shot=None) -> str:
    """One whole move by clicking what the page offers (`shot`: a screenshot
    path for the face-down choice, taken before it is confirmed)."""
    page.evaluate("() => { window.__acted = document.body.dataset.ply; }")
    kind = page.locator("#decision").get_attribute("data-kind")
    if kind == "facedown":
        for _ in range(3):
            if page.locator("#fd-confirm:enabled").count():
                break
            cards = page.locator("#decision button.fd-pick:enabled[aria-pressed='false']")
            cards.nth(rng.randrange(cards.count())).click()
        if shot:
            page.screenshot(path=shot, full_page=True)
        page.locator("#fd-confirm").click()
    elif kind == "advanced":
        ks = page.locator("#decision button.kpick")
        ks.nth(rng.randrange(ks.count())).click()
        cs = page.locator("#decision button.adv-card")
        cs.nth(rng.randrange(cs.count())).click()
        page.locator("#adv-confirm").click()
    else:
        moves = page.locator("#decision button[data-move]:enabled")
        assert moves.count(), f"no answer offered for {kind}"
        # a person ends a step now and then rather than trying every action
        done = page.locator("#decision button[data-move='done']")
        if done.count() and rng.random() < 0.5:
            done.click()
        else:
            moves.nth(rng.randrange(moves.count())).click()
    return kind


@pytest.mark.browser
def test_okc_full_game_by_clicking(live_server, chromium):
    page, errors = new_page(chromium)
    game_id = start_in_lobby(page, live_server, "okc", ["human", "bot:easy"], 7, [("#opt-rounds", "4")])
    rng = random.Random(3)
    page.evaluate("() => { window.__acted = null; }")
    out = ROOT / "artifacts"
    out.mkdir(exist_ok=True)
    kinds = set()
    moves = 0
    shot = False
    while True:
        page.wait_for_function(WAIT, timeout=30_000)
        if page.evaluate("document.body.dataset.status") == "finished":
            break
        if not shot and moves >= 12 and page.locator(".region .ocard").count() >= 2:
            page.screenshot(path=str(out / "okc-midgame.png"), full_page=True)
            shot = True
        fd_shot = str(out / "okc-facedown.png") if "facedown" not in kinds else None
        try:
            kinds.add(act(page, rng, fd_shot))
        except (AssertionError, ValueError, PlaywrightTimeout):
            # a secret choice with one answer left is taken for this seat once
            # the other seat has chosen; the page then moves on under the hand
            if page.evaluate("document.body.dataset.ply !== window.__acted"):
                continue
            raise
        moves += 1
        assert moves < 600, "the game does not end"
    page.wait_for_selector("#ranking li")
    shown = [int(x) for x in page.locator("#ranking li").evaluate_all("els => els.map(e => e.dataset.seat)")]
    server = httpx.get(f"{live_server}/api/games/{game_id}").json()
    assert server["status"] == "finished"
    assert shown == [r["seat"] for r in server["ranking"]]
    assert [" influence" in t for t in page.locator("#ranking > li").all_inner_texts()] == [True] * 2
    assert {"bid", "facedown"} <= kinds, kinds
    assert moves > 20
    page.screenshot(path=str(out / "okc-final.png"), full_page=True)
    # the replay steps through the finished game, every card face up
    page.goto(f"{live_server}/replay/{game_id}")
    page.wait_for_selector("#rp-next")
    page.click("#rp-next")
    page.wait_for_function("() => document.body.dataset.ply === '1'")
    page.click("#rp-last")
    page.wait_for_selector("#ranking li")
    assert not errors, errors


@pytest.mark.browser
def test_okc_table_on_a_phone(live_server, chromium):
    """A phone-width table: nothing overflows; the bid is made with the keyboard."""
    g = httpx.post(
        f"{live_server}/api/games",
        json={
            "game": "okc",
            "players": 2,
            "seats": ["human", "bot:easy"],
            "seed": 3,
            "open_seed": True,
            "options": {"rounds": 4},
        },
    ).json()
    page = chromium.new_page(viewport={"width": 390, "height": 844}, is_mobile=True)
    page.goto(f"{live_server}/game/{g['id']}#seat=0&token={g['seats'][0]['token']}")
    page.wait_for_selector("#decision[data-kind='bid'] button[data-move]")
    assert page.evaluate("document.documentElement.scrollWidth") <= 400, "the table overflows a phone"
    page.locator("#decision button[data-move]").first.focus()
    page.keyboard.press("Enter")
    page.wait_for_function("() => document.body.dataset.ply !== '0'")
    page.screenshot(path=str(ROOT / "artifacts" / "okc-phone.png"), full_page=True)


@pytest.mark.browser
def test_okc_advanced_setup_in_the_page(live_server, chromium):
    """The advanced setup's secret pick by clicking (kingdom card, then its
    occupier); the other seat sees only that it has chosen."""
    g = httpx.post(
        f"{live_server}/api/games",
        json={
            "game": "okc",
            "players": 2,
            "seats": ["human", "human"],
            "seed": 8,
            "open_seed": True,
            "options": {"rounds": 4, "advanced": True},
        },
    ).json()
    pages = []
    for s in (0, 1):
        page = chromium.new_page(viewport={"width": 1100, "height": 900})
        page.goto(f"{live_server}/game/{g['id']}#seat={s}&token={g['seats'][s]['token']}")
        page.wait_for_selector("#decision[data-kind='advanced'] #adv-confirm")
        pages.append(page)
    p0, p1 = pages
    assert p0.locator("#adv-confirm").is_disabled()
    p0.locator("#decision button.kpick").first.click()
    p0.locator("#decision button.adv-card").nth(1).click()
    p0.locator("#adv-confirm").click()
    p1.wait_for_selector("#simul li.done[data-seat='0']")
    # seat 1 still chooses; seat 0's pick stays hidden from it
    assert p1.locator("#decision[data-kind='advanced']").count() == 1
    v1 = httpx.get(f"{live_server}/api/games/{g['id']}", params={"seat": 1, "token": g["seats"][1]["token"]}).json()
    assert all(c == "?" for c in v1["state"]["seats"][0]["offer"])
    assert v1["state"]["seats"][0]["pick"][1:] == [v1["state"]["seats"][0]["faction"] + ":?"]
    p0.wait_for_selector("#simul li.wait[data-seat='1']")
    assert "Waiting for" in p0.locator("#decision").inner_text()
    p1.screenshot(path=str(ROOT / "artifacts" / "okc-advanced.png"), full_page=True)
    p1.locator("#decision button.kpick").nth(2).click()
    p1.locator("#decision button.adv-card").first.click()
    p1.locator("#adv-confirm").click()
    for page in pages:
        page.wait_for_selector("#decision[data-kind='bid'] button[data-move]")
    assert "Advanced setup revealed" in p0.locator("#log-list").inner_text()


@pytest.mark.browser
def test_okc_facedown_picks_survive_the_other_seat_choosing(live_server, chromium):
    """Cards placed but not yet confirmed stay placed when the other seat makes
    its own face-down choice meanwhile (a new view, the same choice for me)."""
    g = httpx.post(
        f"{live_server}/api/games",
        json={
            "game": "okc",
            "players": 2,
            "seats": ["human", "human"],
            "seed": 5,
            "open_seed": True,
            "options": {"rounds": 4},
        },
    ).json()
    gid, tokens = g["id"], [s["token"] for s in g["seats"]]
    rng = random.Random(1)

    def view(s):
        return httpx.get(f"{live_server}/api/games/{gid}", params={"seat": s, "token": tokens[s]}).json()

    for _ in range(200):  # both seats play by the API up to a face-down step
        v = view(0)
        d = v["decision"]
        if d["kind"] == "facedown" and sorted(d["seats"]) == [0, 1]:
            break
        s = d["seats"][0]
        dec = view(s)["decision"]
        r = httpx.post(
            f"{live_server}/api/games/{gid}/moves",
            json={"seat": s, "token": tokens[s], "move": pick_move(dec, s, rng), "ply": v["ply"]},
        )
        assert r.status_code == 200, r.text
    else:
        pytest.fail("no face-down step reached")
    page, errors = new_page(chromium)
    page.goto(f"{live_server}/game/{gid}#seat=0&token={tokens[0]}")
    page.wait_for_selector("#decision[data-kind='facedown'] button.fd-pick")
    first = page.locator("#decision button.fd-pick").first
    card = first.get_attribute("data-card")
    first.click()
    page.wait_for_selector("#fd-slot-0")
    ply = page.evaluate("document.body.dataset.ply")
    v1 = view(1)
    r = httpx.post(
        f"{live_server}/api/games/{gid}/moves",
        json={"seat": 1, "token": tokens[1], "move": facedown_move(v1["decision"], 1, rng), "ply": v1["ply"]},
    )
    assert r.status_code == 200, r.text
    page.wait_for_function(f"() => document.body.dataset.ply !== '{ply}'")
    assert page.locator("#decision").get_attribute("data-kind") == "facedown"
    assert page.locator("#fd-slot-0").get_attribute("data-card") == card, "the placed card was lost"
    assert not errors, errors
