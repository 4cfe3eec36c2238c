"""Hidden information over whole games: no seat and no spectator ever gets a
card it may not see, by HTTP or by websocket.

Two checks at every ply, for every seat and the spectator:
- structure: other hands, the deck and another seat's band in progress are "?",
  others' draws and elf keeps are masked, no rng, no seed before the end;
- indistinguishability: dealing every card hidden from the viewer anew (the
  engine's determinize) must not change the viewer's response at all — so the
  response cannot depend on any hidden card.
"""

from __future__ import annotations

import json
import random

import pytest

from meeple.games.ethnos.present import PROMPTS
from tests.server.helpers import random_move

HIDDEN = "?"


def check_structure(resp: dict, viewer) -> None:
    st = resp["state"]
    assert "rng" not in st
    assert all(c == HIDDEN for c in st["deck"])
    for i, sd in enumerate(st["seats"]):
        if i != viewer:
            assert all(c == HIDDEN for c in sd["hand"]), (viewer, i)
    pend = st.get("pending")
    if pend and pend.get("seat") != viewer:
        assert all(c == HIDDEN for c in pend.get("build", []))
    for e in resp["events"]:
        if e["kind"] == "draw" and e["seat"] != viewer:
            assert e["detail"] is None and "draws a card" in e["text"]
    d = resp["decision"]
    if d is not None and d["seat"] != viewer:
        # another's decision: who and what kind, and the kind's question in words (the same for any hand)
        assert set(d) == {"seat", "seats", "kind", "prompt"}
        assert d["prompt"] == PROMPTS.get(d["kind"], "Your decision")


def check_keeps(resp: dict, moves_with_seats: list[tuple[int, str]], viewer) -> None:
    for shown, (seat, real) in zip(resp["moves"], moves_with_seats, strict=True):
        if real.startswith("keep ") and seat != viewer:
            assert shown.split()[1:] == [HIDDEN] * (len(real.split()) - 1)
        else:
            assert shown == real


def indistinguishable(client, g, viewer, token, rng) -> None:
    """Swap the live state for one re-dealt from the viewer's side: same answer."""
    service = client.app.state.service
    params = {} if viewer is None else {"seat": viewer, "token": token}
    before = client.get(f"/api/games/{g.id}", params=params).json()
    real, version = g.state, g.version
    try:
        g.state = real.determinize(viewer, rng)
        g.version = -1 - version  # fresh view cache
        after = client.get(f"/api/games/{g.id}", params=params).json()
    finally:
        g.state, g.version = real, version
        g.views.clear()
    assert json.dumps(after, sort_keys=True) == json.dumps(before, sort_keys=True), (
        f"the response of viewer {viewer} depends on hidden cards"
    )
    assert service is not None


@pytest.mark.parametrize("players, seed, fairy", [(4, 21, False), (3, 8, True)])
def test_no_hidden_card_reaches_another_seat(client, secret_seed, players, seed, fairy):
    secret_seed(seed)
    body = {"players": players, "seats": ["human"] * players, "options": {"fairy": fairy} if fairy else None}
    g = client.post("/api/games", json={k: v for k, v in body.items() if v is not None}).json()
    gid = g["id"]
    tokens = [s["token"] for s in g["seats"]]
    live = client.app.state.service.live[gid]
    rng = random.Random(seed)
    viewers = [None, *range(players)]
    sockets = [client.websocket_connect(f"/api/games/{gid}/ws?seat={s}&token={tokens[s]}") for s in range(players)]
    conns = [s.__enter__() for s in sockets]
    try:
        ply = 0
        seen: dict = {}
        while True:
            resps = {}
            for v in viewers:
                params = {} if v is None else {"seat": v, "token": tokens[v]}
                params["events_from"] = seen.get(v, 0)
                r = client.get(f"/api/games/{gid}", params=params).json()
                seen[v] = r["events_from"] + len(r["events"])
                check_structure(r, v)
                if r["status"] == "active":  # a finished game shows its whole record
                    check_keeps(r, live.moves, v)
                resps[v] = r
            log = client.get(f"/api/games/{gid}/log").json()
            if resps[None]["status"] == "finished":
                assert "seed" in log
                break
            assert "seed" not in log
            if ply % 7 == 0:
                for v in viewers:
                    indistinguishable(client, live, v, None if v is None else tokens[v], rng)
            seat = resps[None]["decision"]["seat"]
            mine = resps[seat]
            move = random_move(mine["decision"], mine["state"]["seats"][seat]["hand"], rng)
            r = client.post(
                f"/api/games/{gid}/moves", json={"seat": seat, "token": tokens[seat], "move": move, "ply": mine["ply"]}
            )
            assert r.status_code == 200, (move, r.text)
            ply += 1
        assert ply > 50
        # every websocket push each seat got obeys the same rules
        for s, ws in enumerate(conns):
            ws.send_json({"type": "ping", "id": "end"})
            events = []
            while True:
                m = ws.receive_json()
                if m["type"] == "pong":
                    break
                if m["type"] == "view":
                    events = events[: m["events_from"]] + m["events"]
                    check_structure(dict(m, events=m["events"]), s)
                    if m["status"] == "active":
                        for shown in m["moves"]:
                            assert (
                                not shown.startswith("keep ")
                                or set(shown.split()[1:]) <= {HIDDEN}
                                or any(real == shown and seat == s for seat, real in live.moves)
                            )
            assert any(e["kind"] == "game_end" for e in events)
    finally:
        for s in sockets:
            s.__exit__(None, None, None)
