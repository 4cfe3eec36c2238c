"""The HTTP API and the websocket: create, views, moves, error codes (undo: test_undo.py)."""

from __future__ import annotations

import random

import pytest
from starlette.websockets import WebSocketDisconnect

from tests.server.helpers import options_from, random_move


def new_game(client, seats, seed=7, players=None, **extra):
    body = {
        "game": "ethnos",
        "players": players or len(seats),
        "seats": seats,
        "seed": seed,
        "open_seed": True,
        **extra,
    }
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    return r.json()


def view(client, gid, seat=None, token=None):
    params = {} if seat is None else {"seat": seat, "token": token}
    r = client.get(f"/api/games/{gid}", params=params)
    assert r.status_code == 200, r.text
    return r.json()


def test_create_and_views(client):
    g = new_game(client, ["human", "human", "bot:random", "bot:greedy"])
    assert [s["kind"] for s in g["seats"]] == ["human", "human", "bot", "bot"]
    tokens = [s["token"] for s in g["seats"][:2]]
    assert all(len(t) >= 30 for t in tokens) and tokens[0] != tokens[1]
    assert g["seats"][2]["token"] is None
    spec = view(client, g["id"])
    assert spec["status"] == "active" and spec["you"] is None
    assert set(spec) >= {"id", "game", "status", "state", "decision", "moves"}
    assert all(c == "?" for sd in spec["state"]["seats"] for c in sd["hand"])
    assert "rng" not in spec["state"]
    mine = view(client, g["id"], 0, tokens[0])
    assert mine["you"] == 0
    assert all(c != "?" for c in mine["state"]["seats"][0]["hand"])
    assert all(c == "?" for c in mine["state"]["seats"][1]["hand"])
    assert client.get("/docs").status_code == 404  # its page would load a CDN
    assert client.get("/openapi.json").status_code == 200
    assert "/api/games" in client.get("/openapi.json").json()["paths"]


@pytest.mark.parametrize(
    "body, status, words",
    [
        ({"players": 4, "seats": ["human", "bot:random"]}, 400, "seats must list 4"),
        ({"players": 2, "seats": ["human", "robot"]}, 400, "must be 'human' or 'bot"),
        ({"players": 2, "seats": ["human", "bot:godlike"]}, 400, "unknown bot"),
        ({"players": 7, "seats": ["human"] * 6}, 422, "players"),
        ({"players": 2, "seats": ["human", "human"], "seed": -1}, 422, "seed"),
        ({"players": 2, "seats": ["human", "human"], "colour": "red"}, 422, "colour"),
        ({"players": 2, "seats": ["human", "human"], "options": {"tribes": ["elf"]}}, 400, "need 5"),
        ({"players": 2, "seats": ["human", "human"], "options": {"rounds": 4}}, 400, "ethnos has no option rounds"),
        ({"players": 2, "seats": ["human", "human"], "options": {"fairy": "yes"}}, 400, "fairy must be true or false"),
        (
            {"game": "okc", "players": 2, "seats": ["human", "human"], "options": {"rounds": 7}},
            400,
            "rounds must be one of 6, 5, 4",
        ),
        ({"players": 2, "seats": ["human", "human"], "options": ["fairy"]}, 422, "options"),
        ({"game": "chess", "players": 2, "seats": ["human", "human"]}, 422, "game"),
    ],
)
def test_create_rejects_bad_bodies(client, body, status, words):
    r = client.post("/api/games", json=body)
    assert r.status_code == status, r.text
    assert words in r.json()["error"]


def test_malformed_and_oversized_bodies(client):
    r = client.post("/api/games", content=b"{not json", headers={"content-type": "application/json"})
    assert r.status_code == 422 and "error" in r.json()
    r = client.post("/api/games", content=b"x" * 20000, headers={"content-type": "application/json"})
    assert r.status_code == 413
    assert client.get("/api/games/nope").status_code == 404


def test_moves_and_error_codes(client):
    g = new_game(client, ["human", "human"], seed=3)
    gid = g["id"]
    t = [s["token"] for s in g["seats"]]
    v = view(client, gid, 0, t[0])
    first = v["decision"]["seat"]
    other = 1 - first
    before = view(client, gid, first, t[first])

    def move(seat, token, text, **kw):
        return client.post(f"/api/games/{gid}/moves", json={"seat": seat, "token": token, "move": text, **kw})

    r = move(first, t[first], "recruit dragon")
    assert r.status_code == 400 and "illegal move" in r.json()["error"]
    r = move(first, t[first], "band skeleton")
    assert r.status_code == 400
    r = move(first, t[other], options_from(before["decision"])[0])  # another seat's token
    assert r.status_code == 403 and "wrong token" in r.json()["error"]
    r = move(other, t[other], "recruit deck")  # not its decision
    assert r.status_code == 409 and "not your decision" in r.json()["error"]
    r = move(first, t[first], options_from(before["decision"])[0], ply=before["ply"] + 5)
    assert r.status_code == 409 and "stale" in r.json()["error"]
    r = client.post(f"/api/games/{gid}/moves", json={"seat": first, "token": t[first]})
    assert r.status_code == 422
    r = move(first, t[first], "x" * 600)
    assert r.status_code == 422
    # nothing above changed the game
    assert view(client, gid, first, t[first]) == before
    r = move(first, t[first], "recruit deck", ply=before["ply"])
    assert r.status_code == 200, r.text
    after = view(client, gid, first, t[first])
    assert after["ply"] == before["ply"] + 1
    assert after["moves"][-1] == "recruit deck"
    # the same (now stale) move again is refused
    assert move(first, t[first], "recruit deck", ply=before["ply"]).status_code == 409


def play_out(client, g, rng, check=None):
    """Play every human seat with random legal moves through the API."""
    gid = g["id"]
    tokens = {s["seat"]: s["token"] for s in g["seats"] if s["kind"] == "human"}
    for _ in range(5000):
        spec = view(client, gid)
        if check:
            check(spec)
        if spec["status"] == "finished":
            return spec
        seat = spec["decision"]["seat"]
        if seat not in tokens:
            import time

            time.sleep(0.01)
            continue
        v = view(client, gid, seat, tokens[seat])
        mv = random_move(v["decision"], v["state"]["seats"][seat]["hand"], rng)
        body = {"seat": seat, "token": tokens[seat], "move": mv, "ply": v["ply"]}
        r = client.post(f"/api/games/{gid}/moves", json=body)
        while r.status_code == 429:  # a real server's per-address rate: wait, as a client should
            import time

            time.sleep(0.1)
            r = client.post(f"/api/games/{gid}/moves", json=body)
        assert r.status_code == 200, (mv, r.text)
    raise AssertionError("game did not finish")


def test_log_reveals_seed_only_when_finished(client, secret_seed):
    secret_seed(99)
    g = client.post("/api/games", json={"players": 2, "seats": ["human", "bot:random"]}).json()
    gid = g["id"]
    log = client.get(f"/api/games/{gid}/log").json()
    assert "seed" not in log and log["status"] == "active"
    assert client.get(f"/api/games/{gid}/replay?ply=1").status_code == 409
    final = play_out(client, g, random.Random(1))
    log = client.get(f"/api/games/{gid}/log").json()
    assert log["seed"] == 99 and log["status"] == "finished"
    assert [m["move"] for m in log["moves"]] == final["moves"]
    assert final["ranking"][0]["winner"]
    # the replay from seed and moves ends where the game ended
    last = client.get(f"/api/games/{gid}/replay?ply={len(log['moves'])}").json()
    assert last["ranking"] == final["ranking"]
    assert client.get(f"/api/games/{gid}/replay?ply=0").json()["state"]["age"] == 1
    # plain-words log and the age scoring are there
    assert any("The game ends" in e["text"] for e in final["events"])
    assert len(final["scoring"]) == 2


def until(ws, pred, limit=50):
    for _ in range(limit):
        m = ws.receive_json()
        if pred(m):
            return m
    raise AssertionError("expected message never came")


def test_websocket_moves_and_pushes(client):
    g = new_game(client, ["human", "human"], seed=11)
    gid = g["id"]
    t = [s["token"] for s in g["seats"]]
    first = view(client, gid)["decision"]["seat"]
    with (
        client.websocket_connect(f"/api/games/{gid}/ws?seat={first}&token={t[first]}") as ws,
        client.websocket_connect(f"/api/games/{gid}/ws?seat={1 - first}&token={t[1 - first]}") as other,
        client.websocket_connect(f"/api/games/{gid}/ws") as spectator,
    ):
        v = ws.receive_json()
        assert v["type"] == "view" and v["you"] == first
        assert other.receive_json()["you"] == 1 - first
        assert spectator.receive_json()["you"] is None
        ws.send_json({"type": "move", "move": "recruit deck", "ply": v["ply"], "id": 1})
        ack = until(ws, lambda m: m["type"] == "ack")
        assert ack["id"] == 1 and ack["ply"] == v["ply"] + 1
        pushed = until(ws, lambda m: m["type"] == "view" and m["ply"] == v["ply"] + 1)
        assert pushed["moves"][-1] == "recruit deck"
        # the others get the new view, with the drawn card hidden
        while True:
            o = other.receive_json()
            if o.get("ply") == v["ply"] + 1:
                break
        assert all(c == "?" for c in o["state"]["seats"][first]["hand"])
        drawn = [e for e in o["events"] if e["kind"] == "draw"]
        assert drawn and all(e["detail"] is None for e in drawn)
        # errors are clear and change nothing
        ws.send_text("not json")
        assert until(ws, lambda m: m["type"] == "error")["status"] == 400
        ws.send_json({"type": "move", "move": "recruit deck"})  # not its turn now
        assert until(ws, lambda m: m["type"] == "error")["status"] == 409
        spectator.send_json({"type": "move", "move": "recruit deck"})
        assert until(spectator, lambda m: m["type"] == "error")["status"] == 403
        ws.send_text("x" * 5000)
        assert until(ws, lambda m: m["type"] == "error")["status"] == 413
        assert view(client, gid)["ply"] == v["ply"] + 1


def test_websocket_rejects_bad_tokens_and_floods(client):
    g = new_game(client, ["human", "human"], seed=12)
    gid = g["id"]
    with client.websocket_connect(f"/api/games/{gid}/ws?seat=0&token=wrong") as ws:
        msg = ws.receive_json()
        assert msg["type"] == "error" and msg["status"] == 403
        with pytest.raises(WebSocketDisconnect) as e:
            ws.receive_json()
        assert e.value.code == 4403
    with client.websocket_connect(f"/api/games/{gid}/ws?seat=0&token={g['seats'][0]['token']}") as ws:
        ws.receive_json()
        statuses = []
        with pytest.raises(WebSocketDisconnect) as e:
            for _ in range(200):
                ws.send_json({"type": "ping"})
            while True:
                m = ws.receive_json()
                if m["type"] == "error":
                    statuses.append(m["status"])
        assert 429 in statuses and e.value.code == 1008
    # the server still serves everyone else
    assert view(client, gid)["status"] == "active"


def test_http_rate_limit(client_factory):
    with client_factory(http_rate=(1.0, 5.0)) as c:
        codes = [c.post("/api/games", json={"players": 2, "seats": ["human", "human"]}).status_code for _ in range(12)]
        assert codes[:5] == [201] * 5 and 429 in codes
        assert c.get("/api/health").status_code == 200  # reads are not limited


def test_websocket_binary_frames_and_connection_cap(client_factory):
    from meeple.server.limits import Limits

    with client_factory(limits=Limits(spectators_per_table=2)) as client:
        g = new_game(client, ["human", "human"], seed=13)
        gid = g["id"]
        with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
            ws.receive_json()
            ws.send_bytes(b"\x00\xff binary")
            assert until(ws, lambda m: m["type"] == "error")["status"] == 400
            ws.send_bytes(b'{"type": "ping", "id": 3}')
            assert until(ws, lambda m: m["type"] == "pong")["id"] == 3
        with (
            client.websocket_connect(f"/api/games/{gid}/ws") as a,
            client.websocket_connect(f"/api/games/{gid}/ws") as b,
        ):
            a.receive_json()
            b.receive_json()
            with client.websocket_connect(f"/api/games/{gid}/ws") as c:
                assert c.receive_json()["status"] == 429
                with pytest.raises(WebSocketDisconnect) as e:
                    c.receive_json()
                assert e.value.code == 1013
            g2 = client.get(f"/api/games/{gid}").json()  # a seat still connects
            with client.websocket_connect(f"/api/games/{gid}/ws?seat=0&token={g['seats'][0]['token']}") as d:
                assert d.receive_json()["you"] == 0 and g2["status"] == "active"


def test_websocket_token_as_subprotocol(client):
    """The page sends the token as a subprotocol, so it is in no URL (issue 16)."""
    g = new_game(client, ["human", "human"])
    tok = g["seats"][1]["token"]
    url = f"/api/games/{g['id']}/ws?seat=1"
    with client.websocket_connect(url, subprotocols=["meeple", "token." + tok]) as ws:
        assert ws.accepted_subprotocol == "meeple"
        assert ws.receive_json()["you"] == 1
    with client.websocket_connect(url, subprotocols=["meeple", "token.wrong"]) as ws:
        assert ws.receive_json()["status"] == 403


def test_meta_sends_each_game_s_options_schema(client):
    """The lobby form is drawn from it: one schema per game, from its spec."""
    from meeple import games

    meta = client.get("/api/meta").json()["games"]
    assert set(meta) == set(games.GAMES)
    for name, spec in games.GAMES.items():
        assert meta[name]["options"] == spec.options_json()
        assert (meta[name]["name"], meta[name]["min_players"], meta[name]["max_players"]) == (
            spec.title,
            spec.min_players,
            spec.max_players,
        )
    assert [o["name"] for o in meta["okc"]["options"]] == ["rounds", "advanced", "factions"]
