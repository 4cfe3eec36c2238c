"""Bot time shared between people, not tables, and bounded per person; a bot's
answer shown at a time that does not tell whether its steps were forced
(issue #34, findings 1 and 11). Orders and times here come from the code's own
counters and an injected clock, never from the wall clock; the measured effect
on an honest table is bench/bot_fairness.py's."""

from __future__ import annotations

import asyncio
import time

import pytest
from fastapi.testclient import TestClient
from sqlalchemy import update

from meeple.server import bot_driver
from meeple.server.app import create_app
from meeple.server.fairshare import MIN_COST, FairQueue, creator_key, decision_cost, think_seconds
from meeple.server.limits import Limits
from meeple.server.service import GameService
from meeple.server.storage import GameRecord, Storage, games_t
from meeple.server.workers import BotPool


def drain(q: FairQueue, free: int = 1) -> list[str]:
    """The order `free` workers take the queue's jobs in (each finishing before
    the next is handed out, oldest first)."""
    order, running = [], []
    while True:
        while len(running) < free and (got := q.pop()) is not None:
            running.append(got)
            order.append(got[2])
        if not running:
            return order
        creator, table, _, cost = running.pop(0)
        q.done(creator, table, cost)


def test_creators_take_turns_then_their_tables():
    """Ten tables of one creator, each with two decisions waiting, and one
    table of another: the other's decisions come every second turn, and the
    first creator's tables take turns among themselves."""
    q = FairQueue()
    for t in range(10):
        for n in range(2):
            q.push("flood", f"f{t}", f"f{t}.{n}", MIN_COST)
    for n in range(3):
        q.push("honest", "h", f"h.{n}", MIN_COST)
    order = drain(q)
    assert order[:6] == ["f0.0", "h.0", "f1.0", "h.1", "f2.0", "h.2"]
    # then the flood alone, table by table: every table's first before any second
    rest = order[6:]
    assert rest[:7] == [f"f{t}.0" for t in range(3, 10)]
    assert rest[7:] == [f"f{t}.1" for t in range(10)]


def test_a_newcomer_waits_behind_one_job_of_each_creator():
    q = FairQueue()
    for t in range(5):
        q.push("flood", f"f{t}", f"f{t}", MIN_COST)
    q.push("b", "b", "b", MIN_COST)
    assert q.pop()[2] == "f0"
    q.push("late", "l", "l", MIN_COST)  # asks while f0 runs
    assert [q.pop()[2], q.pop()[2]] == ["b", "l"]


def test_a_creators_bot_seconds_at_once_are_capped():
    """At 5 bot seconds per creator, a creator's 5 s decisions run one at a
    time however many workers are free, while another creator's run beside."""
    q = FairQueue(seconds_per_creator=5.0)
    for t in range(4):
        q.push("flood", f"f{t}", f"f{t}", 5.0)
    q.push("honest", "h", "h", 1.0)
    first = q.pop()
    assert first[2] == "f0"
    assert q.pop()[2] == "h"  # the flood's next may not run beside f0
    assert q.pop() is None and q.running("flood") == 5.0
    q.done("flood", "f0", 5.0)
    assert q.pop()[2] == "f1"
    # cheap decisions may run side by side up to the cap
    q2 = FairQueue(seconds_per_creator=1.0)
    for t in range(12):
        q2.push("c", f"t{t}", t, MIN_COST)
    got = []
    while (x := q2.pop()) is not None:
        got.append(x[2])
    assert len(got) == 10
    # a decision over the cap alone still runs (slow, never stuck)
    q3 = FairQueue(seconds_per_creator=1.0)
    q3.push("c", "t", "big", 5.0)
    assert q3.pop()[2] == "big"


def test_a_table_has_one_job_running_at_a_time():
    q = FairQueue()
    q.push("c", "t", "a", MIN_COST)
    q.push("c", "t", "b", MIN_COST)
    assert q.pop()[2] == "a"
    assert q.pop() is None
    q.done("c", "t", MIN_COST)
    assert q.pop()[2] == "b"


def test_decision_costs_follow_the_bots_budget():
    assert decision_cost("random", 5.0) == MIN_COST
    assert think_seconds("random", 5.0) == 0.0
    assert think_seconds("hard", 5.0) == 1.0  # hard = ismcts:1s
    assert think_seconds("ismcts:8s", 5.0) == 5.0
    assert think_seconds("ismcts:4000", 5.0) == 2.0
    assert decision_cost("ismcts:5s", 5.0) == 5.0


def test_creator_keys_name_accounts_before_addresses_and_hide_them():
    assert creator_key(7, "1.2.3.4") == creator_key(7, "5.6.7.8")
    assert creator_key(None, "1.2.3.4") != creator_key(None, "5.6.7.8")
    assert creator_key(None, "1.2.3.4") != creator_key(7, "1.2.3.4")
    assert "1.2.3.4" not in creator_key(None, "1.2.3.4") and len(creator_key(None, "x")) <= 32


def test_the_process_pool_serves_creators_in_turn():
    """One worker: a creator's ten tables ask for 5 s decisions, then another
    creator's table for one: it is served second, not eleventh."""
    order = []

    async def run():
        pool = BotPool(1, 5.0, seconds_per_creator=5.0)  # its process starts only at a first real decision

        async def execute(fn, args):
            order.append(args[2])  # choose(spec, seed, obs, max_seconds)
            await asyncio.sleep(0)
            return 0

        pool._execute = execute
        jobs = [
            asyncio.ensure_future(pool.choose("ismcts:5s", 0, f"flood{t}", f"t{t}", creator="flood")) for t in range(10)
        ]
        await asyncio.sleep(0)
        jobs.append(asyncio.ensure_future(pool.choose("easy", 0, "honest", "h", creator="honest")))
        await asyncio.gather(*jobs)
        pool.close()

    asyncio.run(run())
    assert order[:3] == ["flood0", "honest", "flood1"]
    assert sorted(order) == sorted([f"flood{t}" for t in range(10)] + ["honest"])


def test_two_workers_never_both_think_for_one_creators_big_bots():
    """Two workers, a flood of 5 s decisions from one creator: only one runs
    at a time (5 bot seconds per creator), the other worker stays for others."""
    running, most = [0], [0]

    async def run():
        pool = BotPool(2, 5.0, seconds_per_creator=5.0)

        async def execute(fn, args):
            running[0] += 1
            most[0] = max(most[0], running[0])
            for _ in range(3):
                await asyncio.sleep(0)
            running[0] -= 1
            return 0

        pool._execute = execute
        jobs = [asyncio.ensure_future(pool.choose("ismcts:5s", 0, None, f"t{t}", creator="flood")) for t in range(6)]
        await asyncio.sleep(0)
        assert pool.waiting() == 5  # one thinks, five wait
        await asyncio.gather(*jobs)
        pool.close()

    asyncio.run(run())
    assert most[0] == 1


# ------------------------------------------------------------------ the API
BOTS_ONLY = {"game": "ethnos", "players": 2, "seats": ["bot:random", "bot:random"]}
WITH_A_PERSON = {"game": "ethnos", "players": 2, "seats": ["human", "bot:random"]}


def proxied_app(tmp_path, **limits):
    """An app behind a trusted proxy, so each request may name its client's address."""
    app = create_app(
        f"sqlite:///{tmp_path / 'games.db'}",
        bots=False,
        sqlite_sync="NORMAL",
        http_rate=(1e6, 1e6),
        limits=Limits(trusted_proxies=("127.0.0.1",), tables_per_minute=1000, **limits),
    )
    return TestClient(app, client=("127.0.0.1", 5000))


def test_bot_only_tables_are_capped_per_creator(tmp_path):
    with proxied_app(tmp_path, bot_tables_per_creator=2) as c:
        a, b = {"X-Forwarded-For": "198.51.100.1"}, {"X-Forwarded-For": "198.51.100.2"}
        codes = [c.post("/api/games", json=BOTS_ONLY, headers=a).status_code for _ in range(3)]
        assert codes == [201, 201, 429]
        r = c.post("/api/games", json=BOTS_ONLY, headers=a)
        assert "only bots play" in r.json()["error"]
        # a table with a person is not a bot-only table; another address has its own
        assert c.post("/api/games", json=WITH_A_PERSON, headers=a).status_code == 201
        assert c.post("/api/games", json=BOTS_ONLY, headers=b).status_code == 201
        # once one of a's ends, a may start another
        service = c.app.state.service
        key = creator_key(None, "198.51.100.1")
        mine = [g for g in service.live.values() if g.rec.bot_only and g.rec.creator == key]
        assert len(mine) == 2
        with service.storage.engine.begin() as conn:
            conn.execute(update(games_t).where(games_t.c.id == mine[0].id).values(status="finished"))
        assert c.post("/api/games", json=BOTS_ONLY, headers=a).status_code == 201


def test_tables_remember_their_creator(tmp_path):
    with proxied_app(tmp_path) as c:
        ids = [
            c.post("/api/games", json=body, headers={"X-Forwarded-For": addr}).json()["id"]
            for body, addr in (
                (BOTS_ONLY, "198.51.100.1"),
                (WITH_A_PERSON, "198.51.100.1"),
                (BOTS_ONLY, "198.51.100.2"),
            )
        ]
        stored = [c.app.state.service.storage.get_game(i) for i in ids]
        assert stored[0].creator == stored[1].creator == creator_key(None, "198.51.100.1")
        assert stored[2].creator == creator_key(None, "198.51.100.2")
        assert [s.bot_only for s in stored] == [True, False, True]


def record(gid: str, creator: str, status: str, at: float, bot_only: bool = True) -> GameRecord:
    seats = [{"kind": "bot", "bot": "random", "token_hash": None}] * 2
    if not bot_only:
        seats = [{"kind": "human", "bot": None, "token_hash": "x"}, seats[0]]
    return GameRecord(
        id=gid,
        game="ethnos",
        players=2,
        seed=1,
        options={},
        seats=seats,
        status=status,
        created_at=at,
        finished_at=at if status != "active" else None,
        creator=creator,
        bot_only=bot_only,
    )


def test_ended_bot_only_tables_beyond_the_number_kept_are_deleted(tmp_path):
    storage = Storage(f"sqlite:///{tmp_path / 'g.db'}")
    for i in range(5):
        storage.create_game(record(f"old{i}", "c1", "finished", 100.0 + i))
    storage.create_game(record("closed", "c1", "closed", 50.0))
    storage.create_game(record("playing", "c1", "active", 10.0))
    storage.create_game(record("person", "c1", "finished", 1.0, bot_only=False))
    storage.create_game(record("other", "c2", "finished", 1.0))

    async def run():
        service = GameService(storage, None, bot_tables_kept=2)
        forgotten: list[str] = []

        async def on_forget(ids):
            forgotten.extend(ids)

        service.on_forget = on_forget
        try:
            return await service.forget_bot_tables("c1"), forgotten
        finally:
            await service.stop()

    gone, told = asyncio.run(run())
    assert sorted(gone) == sorted(told) == ["closed", "old0", "old1", "old2"]
    for kept in ("old3", "old4", "playing", "person", "other"):
        assert storage.get_game(kept) is not None
    assert storage.get_game("old0") is None and storage.move_count("old0") == 0
    assert storage.bot_only_playing("c1") == 1
    storage.close()


def test_a_creators_bot_tables_that_end_are_deleted_past_the_number_kept(client_factory):
    """Real bots play bot-only tables to their end: only the last one kept stays."""
    with client_factory(limits=Limits(bot_tables_per_creator=1, bot_tables_kept=1)) as c:
        ids = []
        for _ in range(3):
            for _ in range(600):  # until the previous one has ended (its place is free)
                r = c.post("/api/games", json=BOTS_ONLY)
                if r.status_code == 201:
                    break
                assert r.status_code == 429
                time.sleep(0.05)
            ids.append(r.json()["id"])
        for _ in range(600):
            if c.get(f"/api/games/{ids[-1]}").json()["status"] == "finished":
                break
            time.sleep(0.05)
        service = c.app.state.service
        for _ in range(100):  # the deletion runs beside the move that ended the table
            if service.stats["bot_tables_forgotten"] >= 2:
                break
            time.sleep(0.05)
        assert [c.get(f"/api/games/{i}").status_code for i in ids] == [404, 404, 200]


# ------------------------------------------------------- forced steps' time
class FakeClock:
    def __init__(self) -> None:
        self.now = 0.0

    def __call__(self) -> float:
        return self.now

    async def sleep(self, seconds: float) -> None:
        self.now += seconds
        await asyncio.sleep(0)


class ThinkingPool:
    """Answers at once, but a decision with a choice costs `think` seconds of
    the fake clock (an ISMCTS search that ended a little before its budget)."""

    max_seconds = 5.0

    def __init__(self, clock: FakeClock, think: float) -> None:
        self.clock, self.think = clock, think
        self.asked: list[tuple[str, str | None, int]] = []

    async def choose(self, spec, seed, obs, table="", ply=None, creator=None):
        self.asked.append((table, creator, len(obs.legal)))
        if len(obs.legal) > 1:
            self.clock.now += self.think
        await asyncio.sleep(0)
        return obs.legal[seed % len(obs.legal)]

    def waiting(self) -> int:
        return 0


@pytest.mark.parametrize("game,players", [("ethnos", 3)])
def test_a_bots_move_takes_the_same_time_whether_or_not_its_steps_were_forced(tmp_path, monkeypatch, game, players):
    """Every bot move is shown `bot_delay` + its steps x the bot's thinking
    time after the move before it, forced steps included: how long a bot took
    says nothing about how many of its steps had one legal answer."""
    clock = FakeClock()
    pool = ThinkingPool(clock, think=0.6)
    steps: list[tuple[float, bool]] = []  # (when, forced) of each step a bot took
    real_observe = bot_driver.observe

    def counting_observe(state, seat):
        obs = real_observe(state, seat)
        steps.append((clock.now, len(obs.legal) == 1))
        return obs

    monkeypatch.setattr(bot_driver, "observe", counting_observe)
    commits: list[float] = []
    storage = Storage(f"sqlite:///{tmp_path / 'g.db'}")

    async def run():
        service = GameService(
            storage,
            pool,  # type: ignore[arg-type]
            bot_delay=0.4,
            notify=lambda gid: commits.append(clock.now),
            clock=clock,
            sleep=clock.sleep,
        )
        g, _ = await service.create(game, players, ["bot:hard"] * players, 5, {}, open_seed=True, creator="c")
        for _ in range(4000):  # the commits run on the storage thread
            if g.finished or len(commits) >= 80:
                break
            await asyncio.sleep(0.005)
        await service.stop()

    asyncio.run(run())
    assert len(commits) >= 20
    moves = []  # (seconds shown, steps, forced steps) of each bot move
    previous = 0.0
    for at in commits:
        mine = [forced for when, forced in steps if previous <= when < at]
        moves.append((round(at - previous, 6), len(mine), sum(mine)))
        previous = at
    # hard = ismcts:1s: every step shows one second, forced or thought
    assert all(shown == round(0.4 + n * 1.0, 6) for shown, n, _ in moves), moves
    assert any(forced for _, _, forced in moves) and any(n > forced for _, n, forced in moves)
    # the forced steps took the pool's path too, under the table's creator
    assert len(pool.asked) == len(steps) and {c for _, c, _ in pool.asked} == {"c"}
    assert any(n == 1 for _, _, n in pool.asked)
    storage.close()
