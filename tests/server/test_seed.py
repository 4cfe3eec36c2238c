"""Seeds stay secret: the server draws them with `secrets`; a chosen seed
needs "open_seed": true and such a table says so everywhere; any other
table's seed shows only once it has finished, and bot seeds lead nowhere."""

from __future__ import annotations

import json
import random

from meeple.server import bot_driver
from meeple.server import service as service_mod
from tests.server.test_api import play_out


def test_a_chosen_seed_without_open_seed_is_refused_and_creates_nothing(client):
    before = client.get("/api/games").json()["games"]
    r = client.post("/api/games", json={"players": 2, "seats": ["human", "human"], "seed": 42})
    assert r.status_code == 400
    assert '"open_seed": true' in r.json()["error"] and "seed" in r.json()["error"]
    r = client.post("/api/games", json={"players": 2, "seats": ["human", "human"], "seed": 42, "open_seed": False})
    assert r.status_code == 400
    assert client.get("/api/games").json()["games"] == before


def test_an_open_seed_table_says_so_everywhere(client):
    g = client.post(
        "/api/games",
        json={"players": 2, "seats": ["human", "bot:random"], "seed": 42, "open_seed": True, "table": {"public": True}},
    ).json()
    gid, tok = g["id"], g["seats"][0]["token"]
    listed = next(x for x in client.get("/api/games").json()["games"] if x["id"] == gid)
    assert listed["open_seed"] is True
    for params in ({}, {"seat": 0, "token": tok}):
        v = client.get(f"/api/games/{gid}", params=params).json()
        assert v["open_seed"] is True and v["seed"] == 42
    log = client.get(f"/api/games/{gid}/log").json()
    assert log["open_seed"] is True and log["seed"] == 42
    with client.websocket_connect(f"/api/games/{gid}/ws") as ws:
        pushed = ws.receive_json()
        assert pushed["open_seed"] is True and pushed["seed"] == 42


def test_the_server_draws_the_seed_with_secrets_and_keeps_it_until_the_end(client, monkeypatch):
    drawn = []

    def randbits(k):
        drawn.append(k)
        return 987654321

    monkeypatch.setattr(service_mod.secrets, "randbits", randbits)
    g = client.post(
        "/api/games", json={"players": 2, "seats": ["human", "bot:random"], "table": {"public": True}}
    ).json()  # listed in the lobby
    gid, tok = g["id"], g["seats"][0]["token"]
    assert drawn == [63] and client.app.state.service.live[gid].rec.seed == 987654321
    listed = next(x for x in client.get("/api/games").json()["games"] if x["id"] == gid)
    assert listed["open_seed"] is False

    def no_seed(doc):
        if doc.get("status") == "finished":
            return
        text = json.dumps(doc)
        assert "987654321" not in text and '"seed"' not in text, text[:300]
        assert doc.get("open_seed") in (None, False)

    no_seed(g)
    no_seed(listed)
    no_seed(client.get(f"/api/games/{gid}/log").json())
    with client.websocket_connect(f"/api/games/{gid}/ws?seat=0&token={tok}") as ws:
        no_seed(ws.receive_json())
    final = play_out(client, g, random.Random(5), check=no_seed)
    assert final["status"] == "finished" and final["seed"] == 987654321
    assert client.get(f"/api/games/{gid}/log").json()["seed"] == 987654321


def test_bot_seeds_are_one_way_and_differ_by_table():
    a = [bot_driver.decision_seed(7, seat, ply, 0) for seat in range(2) for ply in range(50)]
    b = [bot_driver.decision_seed(8, seat, ply, 0) for seat in range(2) for ply in range(50)]
    assert len(set(a)) == len(a) and not set(a) & set(b)
    assert all(0 <= x <= service_mod.MAX_SEED for x in a)
    # not Python's tuple hash of the seed (which can be inverted)
    assert a[0] != hash((7, 0, 0, 0)) & service_mod.MAX_SEED


def test_an_older_database_gains_the_open_seed_column(tmp_path):
    import sqlite3

    from meeple.server.storage import Storage

    path = tmp_path / "old.db"
    with sqlite3.connect(path) as db:  # the games table as it was before open_seed
        db.execute(
            "CREATE TABLE games (id VARCHAR(32) PRIMARY KEY, game VARCHAR(32) NOT NULL, "
            "players INTEGER NOT NULL, seed BIGINT NOT NULL, options JSON NOT NULL, seats JSON NOT NULL, "
            "status VARCHAR(16) NOT NULL, winners JSON, created_at FLOAT NOT NULL, finished_at FLOAT)"
        )
        db.execute("INSERT INTO games VALUES ('old', 'ethnos', 2, 5, '{}', '[]', 'active', NULL, 1.0, NULL)")
    s = Storage(f"sqlite:///{path}")
    try:
        assert s.get_game("old").open_seed is False
        assert s.recent()[0]["open_seed"] is False
    finally:
        s.close()
