"""The advisor at the table: the hints option, GET .../hint (from the seat's view
only, with the bots' limits) and the analysis of finished games."""

from __future__ import annotations

import random
import time

import pytest

from tests.advisor.test_hint import hidden_twin
from tests.server.test_api import new_game, play_out, view


@pytest.fixture
def advised(client):
    """The test client with small, reproducible search budgets."""
    desk = client.app.state.advice
    desk.hint_iterations = 60
    desk.analysis_iterations = 15
    return client


def my_turn(client, gid, seat, token) -> dict:
    """Seat's view once the bots have played up to its decision (at a
    simultaneous one, once they have all answered)."""
    for _ in range(300):
        v = view(client, gid, seat, token)
        d = v["decision"]
        if d and d.get("seats", [d["seat"]]) == [seat]:
            return v
        time.sleep(0.02)
    raise AssertionError("the bots never reached the seat's decision")


def hint(client, gid, seat, token):
    return client.get(f"/api/games/{gid}/hint", params={"seat": seat, "token": token})


def test_hints_default_on_against_bots_only_and_shown_to_all(client):
    solo = new_game(client, ["human", "bot:random"])
    duo = new_game(client, ["human", "human"])
    agreed = new_game(client, ["human", "human"], hints=True)
    refused = new_game(client, ["human", "bot:random"], hints=False)
    expect = {solo["id"]: True, duo["id"]: False, agreed["id"]: True, refused["id"]: False}
    for gid, on in expect.items():
        assert view(client, gid)["hints"] is on  # the spectator's view
    assert view(client, duo["id"], 1, duo["seats"][1]["token"])["hints"] is False
    # the lobby lists public tables only: two public twins carry the same flag there
    public = {
        new_game(client, ["human", "bot:random"], table={"public": True})["id"]: True,
        new_game(client, ["human", "human"], table={"public": True})["id"]: False,
    }
    listed = {g["id"]: g["hints"] for g in client.get("/api/games").json()["games"]}
    assert {gid: listed[gid] for gid in public} == public
    assert (
        client.post(
            "/api/games", json={"game": "ethnos", "players": 2, "seats": ["human", "human"], "hints": "maybe"}
        ).status_code
        == 422
    )


def test_hint_for_the_seat_to_move(advised):
    g = new_game(advised, ["human", "bot:random"], seed=3)
    gid, token = g["id"], g["seats"][0]["token"]
    ply = my_turn(advised, gid, 0, token)["ply"]
    r = hint(advised, gid, 0, token)
    assert r.status_code == 200, r.text
    h = r.json()
    assert h["seat"] == 0 and h["ply"] == ply and len(h["options"]) == 3
    assert [o["visits"] for o in h["options"]] == sorted((o["visits"] for o in h["options"]), reverse=True)
    assert all(0 <= o["win"] <= 1 for o in h["options"])
    # the first option is a move the server takes
    r = advised.post(f"/api/games/{gid}/moves", json={"seat": 0, "token": token, "move": h["options"][0]["move"]})
    assert r.status_code == 200, r.text


def test_hint_refusals(advised):
    off = new_game(advised, ["human", "human"])
    r = hint(advised, off["id"], 0, off["seats"][0]["token"])
    assert r.status_code == 403 and "does not allow hints" in r.json()["error"]
    on = new_game(advised, ["human", "human"], hints=True)
    gid, tokens = on["id"], [s["token"] for s in on["seats"]]
    r = hint(advised, gid, 0, tokens[1])
    assert r.status_code == 403 and "wrong token" in r.json()["error"]
    mover = view(advised, gid)["decision"]["seat"]
    r = hint(advised, gid, 1 - mover, tokens[1 - mover])
    assert r.status_code == 409 and "not your decision" in r.json()["error"]
    assert hint(advised, "nosuchgame", 0, "x").status_code == 404
    assert advised.get(f"/api/games/{gid}/hint", params={"seat": 0}).status_code == 422
    # the per-seat rate: a burst, then 429 with the reason
    codes = [hint(advised, gid, mover, tokens[mover]).status_code for _ in range(4)]
    assert codes == [200, 200, 200, 429]
    assert "too many hints" in hint(advised, gid, mover, tokens[mover]).json()["error"]


def test_hint_after_the_game_is_409(advised):
    g = new_game(advised, ["human", "bot:random"], seed=5)
    play_out(advised, g, random.Random(2))
    r = hint(advised, g["id"], 0, g["seats"][0]["token"])
    assert r.status_code == 409 and "game is over" in r.json()["error"]


@pytest.mark.parametrize("game,players", [("ethnos", 3), ("okc", 3), ("anunnaki", 2)])
def test_no_peek_the_hint_is_the_same_whatever_the_seat_cannot_see(advised, game, players):
    """Two tables identical except for what seat 0 cannot see give the same hint."""
    seats = ["human"] + ["bot:random"] * (players - 1)
    r = advised.post(
        "/api/games", json={"game": game, "players": players, "seats": seats, "seed": 21, "open_seed": True}
    )
    g = r.json()
    gid, token = g["id"], g["seats"][0]["token"]
    my_turn(advised, gid, 0, token)
    live = advised.app.state.service.live[gid]
    first = hint(advised, gid, 0, token).json()
    real = live.state
    live.state = hidden_twin(real, 0)  # other hands and the deck dealt again
    try:
        second = hint(advised, gid, 0, token).json()
    finally:
        live.state = real
    assert first["options"] and first == second


def test_the_worker_gets_the_seat_s_observation_only(advised, monkeypatch):
    from meeple.bots.base import Observation, observe

    g = new_game(advised, ["human", "bot:random", "bot:random"], seed=8)
    service = advised.app.state.service
    my_turn(advised, g["id"], 0, g["seats"][0]["token"])
    sent = []

    async def spy(fn, *args, table="", **_queue):
        sent.append(args)
        return {"seat": 0, "options": []}

    monkeypatch.setattr(service.pool, "call", spy)
    assert hint(advised, g["id"], 0, g["seats"][0]["token"]).status_code == 200
    ((obs, *_budget),) = sent
    assert isinstance(obs, Observation) and obs == observe(service.live[g["id"]].state, 0)
    assert all(isinstance(x, (int, float, type(None))) for x in _budget)


def wait_analysis(client, gid, limit=120.0):
    seen = []
    deadline = time.time() + limit
    while time.time() < deadline:
        a = client.get(f"/api/games/{gid}/analysis").json()
        seen.append((a["status"], a["done"]))
        if a["status"] in ("done", "failed"):
            return a, seen
        time.sleep(0.1)
    raise AssertionError(f"the analysis did not end: {seen[-3:]}")


def test_analysis_of_a_finished_game(advised):
    g = new_game(advised, ["human", "bot:random"], seed=12)
    gid = g["id"]
    assert advised.get(f"/api/games/{gid}/analysis").json()["status"] == "none"
    r = advised.post(f"/api/games/{gid}/analysis")
    assert r.status_code == 409 and "finished games only" in r.json()["error"]
    play_out(advised, g, random.Random(3))
    r = advised.post(f"/api/games/{gid}/analysis")
    assert r.status_code == 202 and r.json()["status"] in ("queued", "running")
    a, seen = wait_analysis(advised, gid)
    assert a["status"] == "done", a
    res = a["result"]
    assert a["done"] == a["total"] == len(res["decisions"]) > 10
    assert res["finished"] and res["players"] == 2 and "seat's view" in res["mode"]
    for row in res["decisions"]:
        assert 0 <= row["before"] <= 1 and row["best"]
    assert any(row.get("costly") for row in res["decisions"])
    # a second click is free: the cached result, at once
    again = advised.post(f"/api/games/{gid}/analysis")
    assert again.status_code == 200 and again.json()["result"] == res
    assert advised.post("/api/games/nosuchgame/analysis").status_code == 404


def test_analyses_wait_their_turn_and_a_flood_is_refused(advised, monkeypatch):
    from meeple.server import advice

    monkeypatch.setattr(advice, "MAX_ANALYSES_WAITING", 1)
    monkeypatch.setattr(advice, "MAX_ANALYSES_PER_CLIENT", 2)  # the queue's cap over all (one address here)
    desk = advised.app.state.advice
    games = []
    for seed in (1, 2):
        g = new_game(advised, ["human", "bot:random"], seed=seed)
        play_out(advised, g, random.Random(seed))
        games.append(g["id"])
    first, second = games
    desk.analysis_turn = __import__("asyncio").Semaphore(0)  # the analyser is held: nothing starts
    assert advised.post(f"/api/games/{first}/analysis").status_code == 202
    r = advised.post(f"/api/games/{second}/analysis")
    assert r.status_code == 429 and "busy" in r.json()["error"]
    assert advised.get(f"/api/games/{first}/analysis").json()["status"] == "queued"
