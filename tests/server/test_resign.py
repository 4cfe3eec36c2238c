"""Resigning (POST /api/games/{id}/resign), kept in the table's record: two
players, the other wins at once; more, a bot plays on and the resigner ranks
last; restarts, replays, the log, ratings and history follow. Also the ending's
words (ties) and the page for an unknown address."""

from __future__ import annotations

import random
import time

import pytest

from tests.server.helpers import identifiers
from tests.server.test_people import ORIGIN, create, sign_up
from tests.server.test_storage import _play, _wait_finished


def _resign(c, gid, seat, token):
    return c.post(f"/api/games/{gid}/resign", json={"seat": seat, "token": token})


def _wait_rated(c, username):
    for _ in range(200):
        prof = c.get(f"/api/users/{username}").json()
        if prof["ratings"]:
            return prof
        time.sleep(0.02)
    raise AssertionError("never rated")


@pytest.mark.parametrize("db", ["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def test_two_players_the_other_wins_at_once_and_it_survives_a_restart(client_factory, tmp_path, request, db):
    url = f"sqlite:///{tmp_path / 'r.db'}" if db == "sqlite" else request.getfixturevalue("pg_url")
    with client_factory(url) as c:
        g = c.post(
            "/api/games", json={"game": "okc", "players": 2, "seats": ["human", "human"], "seed": 4, "open_seed": True}
        ).json()
        gid, t0, t1 = g["id"], g["seats"][0]["token"], g["seats"][1]["token"]
        assert _resign(c, gid, 1, t0).status_code == 403  # another seat's key
        r = _resign(c, gid, 1, t1)
        assert r.status_code == 200, r.text
        assert r.json() == {"ok": True, "seat": 1, "finished": True, "winners": [0]}
        v = c.get(f"/api/games/{gid}", params={"seat": 1, "token": t1}).json()
        assert v["status"] == "finished" and v["decision"] is None
        assert [(x["seat"], x["place"], x["winner"]) for x in v["ranking"]] == [(0, 1, True), (1, 2, False)]
        assert v["ranking"][1]["resigned"] and v["seats"][1]["resigned"]
        assert v["seats"][1]["name"] == "Player 2 (resigned)"
        assert _resign(c, gid, 0, t0).status_code == 409  # over
        r = c.post(f"/api/games/{gid}/moves", json={"seat": 0, "token": t0, "move": "pass"})
        assert r.status_code == 409
        log = c.get(f"/api/games/{gid}/log").json()
        assert log["winners"] == [0] and log["resigned"] == [{"seat": 1, "ply": 0}]
    with client_factory(url) as c:  # a restart reads it back from the record
        v = c.get(f"/api/games/{gid}").json()
        assert v["status"] == "finished" and [x["seat"] for x in v["ranking"]] == [0, 1]
        assert gid not in c.app.state.service.live  # not resumed
        rp = c.get(f"/api/games/{gid}/replay", params={"ply": 0}).json()
        assert rp["ranking"][0]["winner"] and rp["result"] == rp["ranking"]


def test_more_players_a_bot_plays_on_and_the_resigner_ranks_last(client):
    g = client.post(
        "/api/games", json={"players": 3, "seats": ["human", "human", "bot:random"], "seed": 9, "open_seed": True}
    ).json()
    gid, tokens = g["id"], {0: g["seats"][0]["token"], 1: g["seats"][1]["token"]}
    r = _resign(client, gid, 0, tokens[0])
    assert r.status_code == 200 and r.json()["finished"] is False
    assert _resign(client, gid, 0, tokens[0]).status_code == 409  # once
    v = client.get(f"/api/games/{gid}", params={"seat": 0, "token": tokens[0]}).json()
    assert v["you"] == 0 and v["status"] == "active"  # still sees its seat
    assert v["seats"][0]["kind"] == "bot" and "resigned" in v["seats"][0]["name"]
    r = client.post(f"/api/games/{gid}/moves", json={"seat": 0, "token": tokens[0], "move": "pass"})
    assert r.status_code == 409 and "resigned" in r.json()["error"]
    _play(client, gid, {1: tokens[1]}, 10_000, random.Random(2))
    final = _wait_finished(client, gid)
    assert final["ranking"][-1]["seat"] == 0 and final["ranking"][-1]["place"] == 3
    assert [x["place"] for x in final["ranking"]][:2] in ([1, 2], [1, 1])
    assert client.get(f"/api/games/{gid}/log").json()["winners"] != [0]


def test_ratings_and_history_follow_a_resignation(tmp_path):
    from fastapi.testclient import TestClient

    from meeple.server.app import create_app

    app = create_app(f"sqlite:///{tmp_path / 'p.db'}", bot_workers=1, sqlite_sync="NORMAL", http_rate=(1e6, 1e6))
    with TestClient(app, base_url="https://testserver") as c:
        sign_up(c, "Quitter")
        g = create(c, ["human", "bot:random"])
        c.cookies.clear()
        assert _resign(c, g["id"], 0, g["seats"][0]["token"]).status_code == 200
        prof = _wait_rated(c, "Quitter")
        (row,) = prof["history"]["games"]
        assert row["place"] == 2 and row["rating_after"] < row["rating_before"]
        assert prof["ratings"][0]["mu"] < 25
        assert (
            c.post(
                f"/api/games/{g['id']}/rematch", json={"seat": 0, "token": g["seats"][0]["token"]}, headers=ORIGIN
            ).status_code
            == 200
        )


def test_replay_tells_each_move_in_words(client):
    g = client.post(
        "/api/games",
        json={"game": "okc", "players": 2, "seats": ["bot:random", "bot:random"], "seed": 2, "open_seed": True},
    ).json()
    _wait_finished(client, g["id"], timeout=120)
    for ply in (1, 2, 5):
        r = client.get(f"/api/games/{g['id']}/replay", params={"ply": ply}).json()
        assert r["move"]["words"], r["move"]
        assert not identifiers(" ".join(r["move"]["words"])), r["move"]  # words, not the notation


def test_an_unknown_page_answers_a_page_and_the_api_json(client):
    r = client.get("/nosuchpage")
    assert r.status_code == 404 and r.headers["content-type"].startswith("text/html")
    assert "<title>" in r.text and "app.js" in r.text
    r = client.get("/api/nosuch")
    assert r.status_code == 404 and r.headers["content-type"].startswith("application/json")


def test_errors_name_seats_as_people_do(client):
    g = client.post("/api/games", json={"players": 2, "seats": ["human", "human"]}).json()
    r = client.get(f"/api/games/{g['id']}", params={"seat": 0, "token": g["seats"][1]["token"]})
    assert r.status_code == 403 and "seat 1" in r.json()["error"] and "seat 0" not in r.json()["error"]


@pytest.mark.parametrize("game", ["ethnos", "okc", "anunnaki"])
def test_ties_say_how_they_were_broken(game):
    from meeple.core.present import ties

    out = ties([(5, 1), (5, 3), (2, 0)], [("glory", lambda n: f"{n} glory"), ("markers", lambda n: f"{n} markers")])
    assert out[0] == [
        {"seat": 1, "on": "5 glory", "by": "markers", "yours": "1 markers", "theirs": "3 markers", "ahead": False}
    ]
    assert out[1][0]["ahead"] and out[2] == []
    shared = ties([(5, 1), (5, 1)], [("glory", str), ("markers", str)])
    assert shared[0][0]["by"] is None
    # each game's ranking carries points by source (adding up to the total) and its ties
    from meeple import games as registry
    from meeple.core.simulate import play_random
    from meeple.server.present import presenter

    state = play_random(registry.get(game), 3, seed=5)
    rows = presenter(game).ranking(state)
    assert all("ties" in r and r["breakdown"] and r["total"] for r in rows)
    if game != "okc":  # OKC's sources may go negative (a Herald lost), Ethnos and Anunnaki add up
        points = {"ethnos": "glory", "anunnaki": "vp"}[game]
        assert all(sum(r["breakdown"].values()) == r[points] for r in rows), rows


def test_the_end_reveals_everything_to_a_spectator(client):
    g = client.post(
        "/api/games",
        json={"game": "anunnaki", "players": 2, "seats": ["bot:random", "bot:random"], "seed": 3, "open_seed": True},
    ).json()
    v = _wait_finished(client, g["id"], timeout=300)
    hidden = [w for sd in v["state"]["seats"] for w in sd["hand"] if w == "?"]
    assert not hidden and any(sd["hand"] for sd in v["state"]["seats"])
