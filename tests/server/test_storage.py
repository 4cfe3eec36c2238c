"""Storage and persistence, on SQLite and on a real PostgreSQL server:
the repository itself, restarts that resume games (bots included), and kill -9
of a real server process losing no acknowledged move."""

from __future__ import annotations

import os
import random
import signal
import time
import uuid

import httpx
import pytest
from sqlalchemy.exc import IntegrityError

from bench.processes import free_port, start_server, stop
from meeple.server.storage import Conflict, GameRecord, Storage, normalize_url
from tests.server.helpers import random_move


@pytest.fixture(params=["sqlite", pytest.param("postgres", marks=pytest.mark.postgres)])
def db_url(request, tmp_path):
    if request.param == "sqlite":
        return f"sqlite:///{tmp_path / 'store.db'}"
    return request.getfixturevalue("pg_url")


def rec(**kw) -> GameRecord:
    base = dict(
        id=uuid.uuid4().hex[:12],
        game="ethnos",
        players=2,
        seed=2**63 - 1,
        options={"fairy": True},
        seats=[
            {"kind": "human", "bot": None, "token_hash": "ab"},
            {"kind": "bot", "bot": "random", "token_hash": None},
        ],
    )
    base.update(kw)
    return GameRecord(**base)


def test_repository(db_url):
    st = Storage(db_url)
    try:
        a, b = rec(), rec()
        st.create_game(a)
        st.create_game(b)
        st.append_batch([(a.id, 0, [(0, "recruit deck"), (1, "band elf:rhea")], None, 0, None)])
        st.append_batch(
            [(a.id, 2, [(0, "pass")], None, 1, ("node-a", 9e9)), (b.id, 0, [(1, "recruit deck")], [1], 0, None)]
        )
        with pytest.raises(Conflict):  # built on version 1: the table is at 2
            st.append_batch([(a.id, 3, [(0, "recruit deck")], None, 1, None)])
        with pytest.raises(IntegrityError):  # a ply is written once
            st.append_batch([(a.id, 1, [(0, "recruit deck")], None, 2, None)])
        got = st.get_game(a.id)
        assert got.moves == [(0, "recruit deck"), (1, "band elf:rhea"), (0, "pass")] and got.version == 2
        assert got.seed == 2**63 - 1 and got.options == {"fairy": True} and got.seats == a.seats
        assert [r.id for r in st.unfinished()] == [a.id]
        assert st.get_game(b.id).status == "finished" and st.get_game(b.id).winners == [1]
        assert st.heads([a.id, b.id])[a.id] == (2, "active", a.seats)
        # the bots' lease: held by node-a until it runs out, then anyone's
        assert not st.claim_bots(a.id, "node-b", 9e9 + 10, now=100.0)
        assert st.claim_bots(a.id, "node-a", 200.0, now=100.0)
        assert st.orphaned_bots(now=201.0) == [a.id] and st.orphaned_bots(now=150.0) == []
        assert st.claim_bots(a.id, "node-b", 300.0, now=201.0)
        with pytest.raises(Conflict):
            st.delete_moves_from(a.id, 2, 1)
        assert st.delete_moves_from(a.id, 2, 2) == 1
        assert st.get_game(a.id).version == 3 and st.orphaned_bots(now=1e10) == []
        assert st.claim_bots(a.id, "node-b", 400.0, now=201.0)  # no lease held: anyone's
        st.clear_bots(a.id, 2)  # an old version: nothing
        assert st.orphaned_bots(now=401.0) == [a.id]
        st.clear_bots(a.id, 3)
        assert st.orphaned_bots(now=401.0) == []
        assert st.move_count(a.id) == 2
        assert {g["id"] for g in st.recent()} == {a.id, b.id}
        assert st.get_game("missing") is None
    finally:
        st.close()


def test_url_forms():
    assert normalize_url("postgresql://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("postgres://u@h/db") == "postgresql+psycopg://u@h/db"
    assert normalize_url("games.db").startswith("sqlite:////")


def _play(client, gid, tokens, moves, rng):
    done = 0
    while done < moves:
        spec = client.get(f"/api/games/{gid}").json()
        if spec["status"] == "finished":
            return
        seat = spec["decision"]["seat"]
        if seat not in tokens:
            time.sleep(0.01)
            continue
        v = client.get(f"/api/games/{gid}", params={"seat": seat, "token": tokens[seat]}).json()
        mv = random_move(v["decision"], v["state"]["seats"][seat]["hand"], rng)
        r = client.post(f"/api/games/{gid}/moves", json={"seat": seat, "token": tokens[seat], "move": mv})
        assert r.status_code == 200, r.text
        done += 1


def _wait_finished(client, gid, timeout=90):
    deadline = time.time() + timeout
    while time.time() < deadline:
        v = client.get(f"/api/games/{gid}").json()
        if v["status"] == "finished":
            return v
        time.sleep(0.05)
    raise AssertionError(f"game {gid} did not finish in {timeout} s")


def test_restart_resumes_games_and_bots(db_url, client_factory):
    rng = random.Random(3)
    with client_factory(db_url) as c:
        g = c.post(
            "/api/games",
            json={
                "players": 4,
                "seats": ["human", "bot:random", "bot:greedy", "bot:easy"],
                "seed": 31,
                "open_seed": True,
            },
        ).json()
        gid = g["id"]
        tokens = {0: g["seats"][0]["token"]}
        _play(c, gid, tokens, 6, rng)
        bots = c.post(
            "/api/games", json={"players": 3, "seats": ["bot:random"] * 3, "seed": 5, "open_seed": True}
        ).json()["id"]
        deadline = time.time() + 30
        while c.get(f"/api/games/{gid}").json()["decision"]["seat"] != 0:  # bots done for now
            assert time.time() < deadline
            time.sleep(0.02)
        before = c.get(f"/api/games/{gid}", params={"seat": 0, "token": tokens[0]}).json()
        log_before = c.get(f"/api/games/{gid}/log").json()["moves"]
    # a new server on the same database: everything is there, and goes on
    with client_factory(db_url) as c:
        after = c.get(f"/api/games/{gid}", params={"seat": 0, "token": tokens[0]}).json()
        assert after["ply"] == before["ply"] and after["state"] == before["state"]
        assert after["events"] == before["events"]
        assert c.get(f"/api/games/{gid}/log").json()["moves"] == log_before
        assert c.app.state.service.stats["resumed"] >= 1
        _play(c, gid, tokens, 10_000, rng)
        final = _wait_finished(c, gid)
        assert final["ranking"]
        _wait_finished(c, bots)


def _children(pid: int) -> list[int]:
    """Processes whose parent is `pid` (Linux /proc)."""
    out = []
    for d in os.listdir("/proc"):
        if d.isdigit():
            try:
                with open(f"/proc/{d}/stat") as f:
                    fields = f.read().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                out.append(int(d))
    return out


def _alive(pid: int) -> bool:
    try:
        with open(f"/proc/{pid}/stat") as f:
            return f.read().rsplit(")", 1)[1].split()[0] != "Z"
    except OSError:
        return False


def test_kill9_loses_no_acknowledged_move(tmp_path):
    """A real server, SQLite in FULL sync: kill -9 mid-game, restart, compare."""
    db = str(tmp_path / "kill.db")
    port = free_port()
    base = f"http://127.0.0.1:{port}"
    proc = start_server(db, port, "--bot-delay", "0", "--bot-workers", "1")
    acked: dict[str, list[str]] = {}
    try:
        with httpx.Client(base_url=base, timeout=10) as h:
            games = []
            for i in range(3):
                g = h.post(
                    "/api/games", json={"players": 2, "seats": ["human", "human"], "seed": i, "open_seed": True}
                ).json()
                games.append(g)
                acked[g["id"]] = []
            bot_game = h.post(
                "/api/games", json={"players": 4, "seats": ["bot:random"] * 4, "seed": 9, "open_seed": True}
            ).json()["id"]
            rng = random.Random(0)
            for _ in range(40):
                for g in games:
                    gid = g["id"]
                    spec = h.get(f"/api/games/{gid}").json()
                    seat = spec["decision"]["seat"]
                    tok = g["seats"][seat]["token"]
                    v = h.get(f"/api/games/{gid}", params={"seat": seat, "token": tok}).json()
                    mv = random_move(v["decision"], v["state"]["seats"][seat]["hand"], rng)
                    for _ in range(50):  # a real server rate-limits writes (429): back off
                        r = h.post(f"/api/games/{gid}/moves", json={"seat": seat, "token": tok, "move": mv})
                        if r.status_code != 429:
                            break
                        time.sleep(0.2)
                    assert r.status_code == 200, r.text
                    acked[gid].extend(r.json()["moves"])
            bot_ply = h.get(f"/api/games/{bot_game}").json()["ply"]
    finally:
        workers = _children(proc.pid)
        proc.send_signal(signal.SIGKILL)
        proc.wait()
    assert workers, "the bot game should have started a bot worker"
    deadline = time.time() + 15  # orphaned bot workers leave by themselves
    while any(_alive(w) for w in workers):
        assert time.time() < deadline, f"bot workers {workers} outlived their killed server"
        time.sleep(0.2)
    proc = start_server(db, port, "--bot-delay", "0", "--bot-workers", "1")
    try:
        with httpx.Client(base_url=base, timeout=10) as h:
            for gid, moves in acked.items():
                stored = [m["move"] for m in h.get(f"/api/games/{gid}/log").json()["moves"]]
                assert stored[: len(moves)] == moves and len(stored) == len(moves)
            assert h.get(f"/api/games/{bot_game}").json()["ply"] >= bot_ply
            deadline = time.time() + 90
            while h.get(f"/api/games/{bot_game}").json()["status"] != "finished":
                assert time.time() < deadline, "the bot game did not finish after the restart"
                time.sleep(0.1)
    finally:
        stop(proc)
    assert os.path.exists(db)
