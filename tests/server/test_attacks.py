"""The availability findings of issue 16, replayed against a real server
process: each attack gets a clear 4xx, changes nothing, and the real players
and the other tables' bots go on."""

from __future__ import annotations

import asyncio
import json
import random
import signal
import time

import httpx
import pytest
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed

from tests.server.conftest import free_port, running_server, start_server
from tests.server.helpers import random_move
from tests.server.test_storage import _alive, _children

BOT_CAP = 1.0  # --bot-max-seconds of the attacked server


@pytest.fixture
def server(tmp_path):
    with running_server(
        str(tmp_path / "attacked.db"), tmp_path / "server.log", "--bot-max-seconds", str(BOT_CAP)
    ) as address:
        yield address
    assert b"Traceback" not in (tmp_path / "server.log").read_bytes()


def create(base: str, seats: list[str], game: str = "ethnos", address: str | None = None) -> httpx.Response:
    """POST /api/games, from the loopback `address` given (a client of its own)."""
    transport = httpx.HTTPTransport(local_address=address) if address else None
    with httpx.Client(transport=transport) as h:
        return h.post(
            f"http://{base}/api/games", json={"game": game, "players": len(seats), "seats": seats}, timeout=10
        )


async def first_message(ws) -> dict:
    return json.loads(await asyncio.wait_for(ws.recv(), 10))


@pytest.fixture
def churn_allowed(tmp_path):
    """A server whose spectator connects and connections are not budgeted (the caps on open
    websockets are what is tested: one address holds them all)."""
    extra = ("--ws-connect-rate", "1000/1000", "--connections-per-client", "1000")
    with running_server(str(tmp_path / "a.db"), tmp_path / "a.log", *extra) as address:
        yield address


def test_200_anonymous_sockets_do_not_lock_the_seat_out(churn_allowed):
    server = churn_allowed
    g = create(server, ["human", "human"]).json()
    url = f"ws://{server}/api/games/{g['id']}/ws"

    async def attack():
        socks, outcomes = [], []
        for _ in range(200):
            try:
                ws = await connect(url)
            except Exception as e:  # noqa: BLE001 - a refused handshake counts as refused
                outcomes.append(type(e).__name__)
                continue
            socks.append(ws)
            m = await first_message(ws)
            outcomes.append(m["type"] if m["type"] == "view" else m["status"])
        seat = await connect(f"{url}?seat=0&token={g['seats'][0]['token']}")
        mine = await first_message(seat)
        for ws in socks + [seat]:
            await ws.close()
        return outcomes, mine

    outcomes, mine = asyncio.run(attack())
    assert mine["type"] == "view" and mine["you"] == 0
    assert outcomes.count("view") == 32 and outcomes.count(429) == 168  # the per-address cap
    assert httpx.get(f"http://{server}/api/health").json()["connections"] == 0


def test_a_text_frame_that_is_not_utf8_closes_without_a_traceback(server):
    """(The fixture checks the server's log for tracebacks.)"""
    from websockets.frames import Frame, Opcode

    g = create(server, ["human", "human"]).json()

    async def send_bad_frame():
        ws = await connect(f"ws://{server}/api/games/{g['id']}/ws")
        await first_message(ws)
        ws.protocol.send_frame(Frame(Opcode.TEXT, b"\xff\xfe not utf-8"))
        ws.send_data()
        with pytest.raises(ConnectionClosed) as closed:
            await asyncio.wait_for(ws.recv(), 10)
        return closed.value.rcvd.code

    assert asyncio.run(send_bad_frame()) == 1007


def test_bot_specs_above_the_cap_are_refused(server):
    for spec in ("bot:ismcts:60s", f"bot:ismcts:{int(BOT_CAP * 2000) + 1}", "bot:ismcts:1.5s"):
        r = create(server, ["human", spec])
        assert r.status_code == 400 and f"at most {BOT_CAP:g} s" in r.json()["error"]
    assert httpx.get(f"http://{server}/api/games").json()["games"] == []


def test_many_connections_of_one_client_share_its_limits(server):
    codes = []
    for i in range(15):
        # a new connection each time, and a forged X-Forwarded-For: still one client
        with httpx.Client(headers={"x-forwarded-for": f"198.51.100.{i}"}) as h:
            codes.append(
                h.post(
                    f"http://{server}/api/games",
                    timeout=10,
                    json={"players": 2, "seats": ["human", "human"], "table": {"public": True}},
                ).status_code
            )  # listed in the lobby
    assert codes[:10] == [201] * 10 and set(codes[10:]) == {429}
    assert len(httpx.get(f"http://{server}/api/games").json()["games"]) == 10


def test_other_peoples_bots_still_answer(server, capsys):
    """Three people's tables of searching bots at the cap keep the one worker
    busy; a fourth person's bot still answers, move after move. (The order is
    test_fair_bots.py's, on the queue's own counters; the times are reported
    here, not asserted: they follow the machine's load.)"""
    for i in range(3):
        assert create(server, ["bot:ismcts:1s"] * 4, game="okc", address=f"127.0.0.{i + 3}").status_code == 201
    g = create(server, ["human", "bot:ismcts:1s"]).json()
    gid, tok = g["id"], g["seats"][0]["token"]
    rng = random.Random(3)
    waits = []
    with httpx.Client(base_url=f"http://{server}", timeout=30) as h:
        while len(waits) < 3:
            v = h.get(f"/api/games/{gid}", params={"seat": 0, "token": tok}).json()
            assert v["status"] == "active"
            d = v["decision"]
            if 0 in d["seats"]:
                r = h.post(
                    f"/api/games/{gid}/moves",
                    json={
                        "seat": 0,
                        "token": tok,
                        "ply": v["ply"],
                        "move": random_move(d, v["state"]["seats"][0]["hand"], rng),
                    },
                )
                assert r.status_code in (200, 409), r.text
                continue
            t0 = time.monotonic()
            for _ in range(2400):  # a bound on the loop (2 minutes), not on the bot
                if 1 not in h.get(f"/api/games/{gid}").json()["decision"]["seats"]:
                    break
                time.sleep(0.05)
            else:
                pytest.fail("the bot of the fourth person's table never answered")
            waits.append(time.monotonic() - t0)
        health = h.get("/api/health").json()
    with capsys.disabled():
        print(f"\nbot replies beside three other people's bots: {[round(w, 2) for w in waits]} s; {health}")


def test_sigterm_stops_within_5s_and_keeps_every_acknowledged_move(tmp_path):
    """SIGTERM: the server stops in order without waiting for its bots' 30 s
    decisions (connections get uvicorn's 2 s grace, then the bot workers are
    terminated: no bot move is stored after the signal), and every move it
    acknowledged is in the database."""
    db, port = str(tmp_path / "term.db"), free_port()
    proc = start_server(db, port, "--bot-delay", "0", "--bot-workers", "2", "--bot-max-seconds", "30")
    base = f"127.0.0.1:{port}"
    bot_games = []
    for _ in range(2):  # bots in the middle of a 30 s decision when the signal comes
        r = create(base, ["bot:ismcts:30s"] * 4)
        assert r.status_code == 201
        bot_games.append(r.json()["id"])
    bot_plies: dict[str, int] = {}
    games = [create(base, ["human", "human"]).json() for _ in range(3)]
    acked: dict[str, list[str]] = {g["id"]: [] for g in games}

    async def play(g, rng):
        socks = [
            await connect(f"ws://{base}/api/games/{g['id']}/ws?seat={s}&token={g['seats'][s]['token']}") for s in (0, 1)
        ]
        views = [await first_message(ws) for ws in socks]
        try:
            while True:
                v = max(views, key=lambda x: x["ply"])
                seat = next(s for s in v["decision"]["seats"])
                ws = socks[seat]
                mine = views[seat]
                while mine["ply"] != v["ply"]:
                    mine = json.loads(await ws.recv())
                    if mine["type"] == "view":
                        views[seat] = mine
                mv = random_move(mine["decision"], mine["state"]["seats"][seat]["hand"], rng)
                await ws.send(json.dumps({"type": "move", "move": mv, "ply": mine["ply"]}))
                while True:
                    m = json.loads(await ws.recv())
                    if m["type"] == "view":
                        views[seat] = m
                    elif m["type"] == "ack":
                        acked[g["id"]].extend(m["moves"])
                        break
                    elif m["type"] == "error":
                        break
                await asyncio.sleep(0.02)
        except (ConnectionClosed, StopIteration, KeyError):
            return

    async def run():
        rng = random.Random(1)
        tasks = [asyncio.create_task(play(g, rng)) for g in games]
        await asyncio.sleep(3)
        workers.extend(_children(proc.pid))
        for gid in bot_games:
            bot_plies[gid] = httpx.get(f"http://{base}/api/games/{gid}", timeout=10).json()["ply"]
        proc.send_signal(signal.SIGTERM)
        await asyncio.get_running_loop().run_in_executor(None, proc.wait, 60)  # (a guard against a hang)
        await asyncio.wait(tasks, timeout=5)

    workers: list[int] = []
    try:
        asyncio.run(run())
    finally:
        if proc.poll() is None:
            proc.kill()
    # uvicorn exits by re-raising the signal once it has shut down in order
    assert proc.returncode in (0, -signal.SIGTERM)
    # the bot workers were terminated before the server exited (multiprocessing's
    # resource tracker leaves once its pipe closes: a moment later)
    deadline = time.monotonic() + 2
    while any(_alive(w) for w in workers) and time.monotonic() < deadline:
        time.sleep(0.05)
    assert workers and not any(_alive(w) for w in workers), "bot workers outlived the server"
    assert sum(map(len, acked.values())) > 5
    from meeple.server.storage import Storage

    store = Storage(db)  # the database itself: the log API masks elf keeps
    try:
        for gid, moves in acked.items():
            stored = [m for _, m in store.get_game(gid).moves]
            assert stored[: len(moves)] == moves
        # the bots' 30 s decisions were cut short, not waited for
        assert {gid: len(store.get_game(gid).moves) for gid in bot_games} == bot_plies
    finally:
        store.close()


def test_the_undo_peek_is_refused_and_changes_nothing(server):
    """Draw a card, see it, take the draw back and draw again: the undo is
    refused (409) and the drawn card stays drawn, for the drawer and the table."""
    base = f"http://{server}"
    g = create(server, ["human", "human"]).json()
    gid, tokens = g["id"], {s["seat"]: s["token"] for s in g["seats"]}
    seat = httpx.get(f"{base}/api/games/{gid}", timeout=10).json()["decision"]["seat"]
    me = {"seat": seat, "token": tokens[seat]}
    r = httpx.post(f"{base}/api/games/{gid}/moves", json={**me, "move": "recruit deck"}, timeout=10)
    assert r.status_code == 200, r.text
    mine = httpx.get(f"{base}/api/games/{gid}", params=me, timeout=10).json()
    spectator = httpx.get(f"{base}/api/games/{gid}", timeout=10).json()
    assert mine["undo"] is False
    r = httpx.post(f"{base}/api/games/{gid}/undo", json=me, timeout=10)
    assert r.status_code == 409 and "nothing to undo" in r.json()["error"]
    assert httpx.get(f"{base}/api/games/{gid}", params=me, timeout=10).json() == mine
    assert httpx.get(f"{base}/api/games/{gid}", timeout=10).json() == spectator
    assert len(httpx.get(f"{base}/api/games/{gid}/log", timeout=10).json()["moves"]) == 1


def test_a_chosen_seed_without_open_seed_is_refused_and_no_seed_leaks(server):
    base = f"http://{server}"
    listed = httpx.get(f"{base}/api/games", timeout=10).json()
    for body in ({"seed": 42}, {"seed": 42, "open_seed": False}):
        r = httpx.post(
            f"{base}/api/games",
            timeout=10,
            json={"players": 2, "seats": ["human", "human"], "table": {"public": True}, **body},
        )
        assert r.status_code == 400 and "open_seed" in r.json()["error"]
    assert httpx.get(f"{base}/api/games", timeout=10).json() == listed
    g = httpx.post(
        f"{base}/api/games", timeout=10, json={"players": 2, "seats": ["human", "human"], "table": {"public": True}}
    ).json()
    seat0 = {"seat": 0, "token": g["seats"][0]["token"]}
    for doc in (
        httpx.get(f"{base}/api/games/{g['id']}", timeout=10).json(),
        httpx.get(f"{base}/api/games/{g['id']}", params=seat0, timeout=10).json(),
        httpx.get(f"{base}/api/games/{g['id']}/log", timeout=10).json(),
        next(x for x in httpx.get(f"{base}/api/games", timeout=10).json()["games"] if x["id"] == g["id"]),
    ):
        assert "seed" not in doc and doc.get("open_seed") is False, doc
