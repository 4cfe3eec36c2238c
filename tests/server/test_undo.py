"""Undo at the table: immediate against bots only, by the other people's
consent otherwise, never across a reveal; and over whole random games of all
three games, undo is accepted exactly when the move revealed nothing and gives
back the very state before the move."""

from __future__ import annotations

import random

import pytest

from meeple import games
from meeple.core.present import moves_for_seat
from meeple.core.undo import revealed


def create(client, game, seats, seed, **options):
    body = {"game": game, "players": len(seats), "seats": seats, "seed": seed, "open_seed": True}
    if options:
        body["options"] = options
    r = client.post("/api/games", json=body)
    assert r.status_code == 201, r.text
    g = r.json()
    return g["id"], {s["seat"]: s["token"] for s in g["seats"] if s["token"]}


def view(client, gid, seat=None, token=None):
    r = client.get(f"/api/games/{gid}", params={} if seat is None else {"seat": seat, "token": token})
    assert r.status_code == 200, r.text
    return r.json()


def post(client, gid, path, seat, token, **body):
    return client.post(f"/api/games/{gid}/{path}", json={"seat": seat, "token": token, **body})


def first_seat_seed(game: str, players: int, seat: int = 0) -> int:
    """A seed whose first decision is `seat`'s."""
    return next(s for s in range(100) if games.get(game).new_game(players, seed=s).decision().seat == seat)


def market_move(v) -> str:
    return f"recruit {v['decision']['recruit'][0]}"


def test_against_bots_only_undo_is_immediate_but_not_after_a_draw(client_factory):
    with client_factory(bots=False) as client:  # the bot never answers: the human's move stays last
        gid, tok = create(client, "ethnos", ["human", "bot:random"], first_seat_seed("ethnos", 2))
        before = view(client, gid, 0, tok[0])
        assert post(client, gid, "moves", 0, tok[0], move=market_move(before)).status_code == 200
        assert view(client, gid, 0, tok[0])["undo"] is True
        r = post(client, gid, "undo", 0, tok[0])
        assert r.status_code == 200 and r.json()["undone"] is True, r.text
        after = view(client, gid, 0, tok[0])
        assert after | {"undo": None} == before | {"undo": None}
        assert client.get(f"/api/games/{gid}/log").json()["moves"] == []
        # a card drawn from the deck is a reveal: no undo
        assert post(client, gid, "moves", 0, tok[0], move="recruit deck").status_code == 200
        assert view(client, gid, 0, tok[0])["undo"] is False
        r = post(client, gid, "undo", 0, tok[0])
        assert r.status_code == 409 and "nothing to undo" in r.json()["error"]


def test_undo_by_consent_decline_then_approve(client):
    gid, tok = create(client, "ethnos", ["human", "human"], first_seat_seed("ethnos", 2))
    service = client.app.state.service
    live = service.live[gid]
    assert post(client, gid, "moves", 0, tok[0], move=market_move(view(client, gid, 0, tok[0]))).status_code == 200
    kept = live.state.to_json()
    assert view(client, gid, 1, tok[1])["undo"] is False
    assert post(client, gid, "undo", 1, tok[1]).status_code == 409  # not seat 1's move
    assert post(client, gid, "undo", 0, tok[1]).status_code == 403  # wrong token
    assert post(client, gid, "undo/answer", 1, tok[1], approve=True).status_code == 409  # nothing asked yet

    r = post(client, gid, "undo", 0, tok[0])
    assert r.status_code == 202 and r.json() == {"ok": True, "pending": True, "waiting": [1], "ply": 1}
    seen = view(client, gid, 1, tok[1])
    assert seen["undo_request"] == {"seat": 0, "ply": 0, "waiting": [1], "status": "pending", "declined_by": None}
    assert view(client, gid)["undo_request"]["waiting"] == [1]  # spectators see it too
    assert view(client, gid, 0, tok[0])["undo"] is False  # already asked
    assert post(client, gid, "undo", 0, tok[0]).status_code == 409
    # bad answers change nothing
    assert post(client, gid, "undo/answer", 0, tok[0], approve=True).status_code == 403  # one's own request
    assert post(client, gid, "undo/answer", 1, tok[0], approve=True).status_code == 403  # wrong token
    assert post(client, gid, "undo/answer", 1, tok[1], approve="yes").status_code == 422
    assert post(client, gid, "undo/answer", 1, tok[1]).status_code == 422  # approve missing
    assert live.ply == 1 and live.state.to_json() == kept

    r = post(client, gid, "undo/answer", 1, tok[1], approve=False)
    assert r.status_code == 200 and r.json()["declined"] is True
    assert view(client, gid, 0, tok[0])["undo_request"]["status"] == "declined"
    assert live.ply == 1 and live.state.to_json() == kept
    r = post(client, gid, "undo", 0, tok[0])  # no second try for that move
    assert r.status_code == 409 and "declined" in r.json()["error"]
    assert view(client, gid, 0, tok[0])["undo"] is False
    assert post(client, gid, "undo/answer", 1, tok[1], approve=True).status_code == 409

    # the next move ends the refused request; a new move may be asked about
    assert post(client, gid, "moves", 1, tok[1], move=market_move(view(client, gid, 1, tok[1]))).status_code == 200
    assert view(client, gid, 1, tok[1])["undo_request"] is None
    kept = [live.state.to_json(), list(live.moves)]
    assert post(client, gid, "moves", 0, tok[0], move=market_move(view(client, gid, 0, tok[0]))).status_code == 200
    assert post(client, gid, "undo", 0, tok[0]).status_code == 202
    r = post(client, gid, "undo/answer", 1, tok[1], approve=True)
    assert r.status_code == 200 and r.json()["undone"] is True and r.json()["ply"] == 2
    assert [live.state.to_json(), live.moves] == kept
    assert [m["move"] for m in client.get(f"/api/games/{gid}/log").json()["moves"]] == [m for _, m in kept[1]]


def test_every_other_person_must_approve_and_the_websocket_tells_them(client):
    gid, tok = create(client, "ethnos", ["human", "human", "human"], first_seat_seed("ethnos", 3))
    with client.websocket_connect(f"/api/games/{gid}/ws?seat=2&token={tok[2]}") as ws2:
        assert ws2.receive_json()["type"] == "view"
        assert post(client, gid, "moves", 0, tok[0], move=market_move(view(client, gid, 0, tok[0]))).status_code == 200
        assert ws2.receive_json()["undo_request"] is None
        assert post(client, gid, "undo", 0, tok[0]).status_code == 202
        pushed = ws2.receive_json()
        assert pushed["undo_request"]["waiting"] == [1, 2]
        assert post(client, gid, "undo/answer", 1, tok[1], approve=True).json()["waiting"] == [2]
        assert post(client, gid, "undo/answer", 1, tok[1], approve=True).status_code == 409  # answered already
        assert ws2.receive_json()["undo_request"]["waiting"] == [2]
        ws2.send_json({"type": "undo_answer", "approve": True})
        while True:
            msg = ws2.receive_json()
            if msg["type"] == "ack":
                assert msg["undone"] is True
                break
    assert view(client, gid)["ply"] == 0


CASES = [("ethnos", 3, {}), ("okc", 2, {"rounds": 4}), ("anunnaki", 2, {})]


@pytest.mark.parametrize("game,seed,options", CASES, ids=[c[0] for c in CASES])
def test_whole_games_undo_exactly_when_nothing_was_revealed(client, game, seed, options):
    """Two people play a whole random game through the API. After every move
    the mover asks to undo: it is accepted exactly when nothing was revealed,
    the other approves, and the state is the one before the move; the move is
    then made again."""
    gid, tok = create(client, game, ["human", "human"], seed, **options)
    live = client.app.state.service.live[gid]
    rng = random.Random(seed)
    undone = refused = 0
    while not live.finished:
        seat = rng.choice(live.state.decision().seats)
        move = rng.choice(moves_for_seat(live.state, seat))
        before, kept = live.state, live.state.to_json()
        assert post(client, gid, "moves", seat, tok[seat], move=move).status_code == 200
        if live.finished:
            break
        hidden_shown = revealed(before, live.state)
        r = post(client, gid, "undo", seat, tok[seat])
        if hidden_shown:
            assert r.status_code == 409, (move, r.text)
            refused += 1
            continue
        assert r.status_code == 202, (move, r.text)
        assert post(client, gid, "undo/answer", 1 - seat, tok[1 - seat], approve=True).status_code == 200
        assert live.state.to_json() == kept
        undone += 1
        assert post(client, gid, "moves", seat, tok[seat], move=move).status_code == 200
    assert undone > 5 and refused > 5
