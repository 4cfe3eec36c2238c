"""The bounded attack run of issue 34: four attacks at once from one address,
an honest table measured before and during.

    python bench/attack_run.py [--before 20] [--during 40] [--slowloris 1100]
        [--bot-tables 10] [--replay-conns 8] [--churn 300] [--json out.json]

It starts `meeple serve` on loopback (SQLite, its default limits) with one
long finished Anunnaki game already stored (a random game of 1,000+ moves),
then:

- an honest person (its own process, from 127.0.0.1) plays a two-seat Ethnos
  table against `bot:easy` over a websocket: it thinks 0.2-0.5 s, sends a move
  and measures the round trip until the acknowledgement, and the bot's reply
  (from the acknowledgement of its move to the next view where it must answer
  again, over a bot turn);
- after `--before` seconds, for `--during` seconds, one attacker from
  127.0.0.2 (another address on loopback) runs at once:
  * bots: `--bot-tables` tables of six `bot:ismcts:5s` Ethnos seats;
  * slow requests: `--slowloris` connections, each sending a request line and
    then one header line every 5 s, reconnecting when closed;
  * replays: `--replay-conns` kept-alive connections asking for random plies
    of the long game's replay, 6 a second each;
  * spectator churn: `--churn` websocket connects a second to the honest
    table (each reads its first message and closes), at most 300 under way.
- then everything stops by itself, and the figures are printed (and written
  with --json): the honest round trips (p50/p95/p99/max) and bot replies
  before and during, what each attack got, the server's counters and log.

Every loop is bounded in count and time. Each attack runs in a process of its
own (`--attacker-nice N` puts them under `nice`); on one small machine the
attackers' CPU is taken from the server's, which makes the figures worse than
an attack over the network would.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import random
import resource
import shutil
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import httpx
from cluster_failure import options_from
from processes import ROOT, free_port, start_server, stop
from websockets.asyncio.client import connect
from websockets.exceptions import ConnectionClosed, InvalidStatus

HONEST = "127.0.0.1"
ATTACKER = "127.0.0.2"


def pct(xs: list[float], p: float) -> float | None:
    if not xs:
        return None
    xs = sorted(xs)
    return round(xs[min(len(xs) - 1, int(p / 100 * len(xs)))], 2)


def cpu_s(pid: int) -> float:
    """User + system CPU seconds of a process and its children that ended so far."""
    with open(f"/proc/{pid}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return sum(int(x) for x in fields[11:15]) / os.sysconf("SC_CLK_TCK")


def _pressure() -> str | None:
    """Linux PSI: the share of time runnable tasks waited for a CPU (the machine's other load)."""
    try:
        with open("/proc/pressure/cpu") as f:
            return f.readline().strip()
    except OSError:
        return None


def summary(xs: list[float]) -> dict:
    return {"n": len(xs), "p50": pct(xs, 50), "p95": pct(xs, 95), "p99": pct(xs, 99), "max": pct(xs, 100)}


# ------------------------------------------------------------------ set-up
def store_long_game(db_url: str, min_plies: int = 1000, seed: int = 11) -> tuple[str, int]:
    """A finished four-player Anunnaki game of at least `min_plies` random moves,
    written to the database as the server stores tables (its id, its plies)."""
    sys.path.insert(0, str(ROOT / "src"))
    from meeple import games
    from meeple.core import gamedata
    from meeple.server.storage import GameRecord, Storage

    rules = games.get("anunnaki")
    for s in range(seed, seed + 50):
        state = rules.new_game(4, seed=s)
        rng = random.Random(s)
        moves: list[tuple[int, str]] = []
        while not state.is_terminal():
            seat = state.decision().seats[0]
            before = len(state.moves)
            state.apply_action(rng.choice(state.legal_actions(seat)), seat)
            moves += [(seat, m) for m in state.moves[before:]]
        if len(moves) >= min_plies:
            break
    storage = Storage(db_url, sqlite_sync="NORMAL")
    seats = [{"kind": "bot", "bot": "random", "token_hash": None} for _ in range(4)]
    rec = GameRecord(
        id="longreplay" + str(s),
        game="anunnaki",
        players=4,
        seed=s,
        options=gamedata.stamp("anunnaki", {}),
        seats=seats,
    )
    storage.create_game(rec)
    storage.append_batch([(rec.id, 0, moves, list(state.winners), 0, None)])
    storage.close()
    return rec.id, len(moves)


# ------------------------------------------------------------ the honest one
async def honest_table(base: str, seconds: float, out: dict, current=None, seed: int = 1) -> None:
    """Play human-vs-bot:easy tables for `seconds`, recording (time, ms) round
    trips and (time, s) bot replies; `current` (a shared byte array) holds the
    id of the table being played."""
    rng = random.Random(seed)
    end = time.time() + seconds
    transport = httpx.AsyncHTTPTransport(local_address=HONEST)
    async with httpx.AsyncClient(base_url=f"http://{base}", transport=transport, timeout=30) as http:
        while time.time() < end:
            r = await http.post("/api/games", json={"game": "ethnos", "players": 2, "seats": ["human", "bot:easy"]})
            if r.status_code != 201:
                out["errors"][f"create {r.status_code}"] += 1
                await asyncio.sleep(1)
                continue
            g = r.json()
            out["tables"].append(g["id"])
            if current is not None:
                current.value = g["id"].encode()
            token = g["seats"][0]["token"]
            url = f"ws://{base}/api/games/{g['id']}/ws?seat=0"
            try:
                async with connect(
                    url,
                    subprotocols=["meeple", "token." + token],
                    local_addr=(HONEST, 0),
                    open_timeout=30,
                    max_size=2**22,
                    ping_interval=None,
                ) as ws:
                    await _play(ws, end, rng, out)
            except (ConnectionClosed, OSError, InvalidStatus, TimeoutError) as e:
                out["errors"][f"socket {type(e).__name__}"] += 1


async def _play(ws, end: float, rng: random.Random, out: dict) -> None:
    sent = None  # (id, perf time) of the move awaiting its ack
    acked_at = None  # when our last move was acknowledged (the bot's reply runs from then)
    bot_turn = False
    n = 0
    while time.time() < end:
        try:
            raw = await asyncio.wait_for(ws.recv(), max(0.1, end - time.time()))
        except TimeoutError:
            return
        m = json.loads(raw)
        out["messages"][m["type"]] += 1
        if m["type"] == "ack":
            if sent is not None and m.get("id") == sent[0]:
                out["rtt"].append((time.time(), (time.perf_counter() - sent[1]) * 1000))
                out["inside"].append((time.time(), m.get("ms", 0.0)))  # the server's own time: in -> ack
                acked_at, bot_turn, sent = time.perf_counter(), False, None
        elif m["type"] == "error":
            out["errors"][f"move {m['status']}"] += 1
            sent = None
        elif m["type"] == "view":
            if m["status"] != "active":
                return
            d = m["decision"]
            mine = d is not None and 0 in d["seats"]
            if not mine:
                bot_turn = True
                continue
            if acked_at is not None and bot_turn:
                out["bot"].append((time.time(), time.perf_counter() - acked_at))
                acked_at, bot_turn = None, False
            if sent is None:
                await asyncio.sleep(rng.uniform(0.2, 0.5))  # a person thinks
                n += 1
                move = rng.choice(options_from(d))
                sent = (n, time.perf_counter())
                await ws.send(json.dumps({"type": "move", "move": move, "ply": m["ply"], "id": n}))


def honest_process(base: str, seconds: float, queue, current) -> None:
    out: dict = {"rtt": [], "inside": [], "bot": [], "errors": Counter(), "messages": Counter(), "tables": []}
    asyncio.run(honest_table(base, seconds, out, current))
    queue.put(out)


# ----------------------------------------------------------------- attacks
async def bots_attack(base: str, tables: int, out: Counter) -> None:
    transport = httpx.AsyncHTTPTransport(local_address=ATTACKER)
    async with httpx.AsyncClient(base_url=f"http://{base}", transport=transport, timeout=30) as http:
        for _ in range(tables):
            try:
                r = await http.post("/api/games", json={"game": "ethnos", "players": 6, "seats": ["bot:ismcts:5s"] * 6})
                out[str(r.status_code)] += 1
            except httpx.HTTPError as e:
                out[type(e).__name__] += 1


async def slow_connection(port: int, stop: asyncio.Event, out: Counter, held: list) -> None:
    """One slow request at a time: a request line, then a header line every 5 s; again when closed."""
    while not stop.is_set():
        try:
            reader, writer = await asyncio.open_connection("127.0.0.1", port, local_addr=(ATTACKER, 0))
        except OSError as e:
            out[f"connect {type(e).__name__}"] += 1
            await asyncio.sleep(1)
            continue
        out["connects"] += 1
        held[0] += 1
        held[1] = max(held[1], held[0])
        try:
            writer.write(b"GET /api/health HTTP/1.1\r\nHost: attacked\r\n")
            while not stop.is_set():
                try:
                    data = await asyncio.wait_for(reader.read(200), 5)
                except TimeoutError:
                    writer.write(b"X-Slow: 1\r\n")
                    out["headers sent"] += 1
                    continue
                out[data[:12].decode(errors="replace") if data else "closed"] += 1
                break
        except OSError as e:
            out[type(e).__name__] += 1
        finally:
            held[0] -= 1
            writer.close()
        await asyncio.sleep(random.uniform(0.5, 1.0))


async def replay_attack(base: str, gid: str, plies: int, conns: int, stop: asyncio.Event, out: Counter) -> None:
    transport = httpx.AsyncHTTPTransport(local_address=ATTACKER)
    limits = httpx.Limits(max_connections=conns, max_keepalive_connections=conns)
    async with httpx.AsyncClient(base_url=f"http://{base}", transport=transport, timeout=30, limits=limits) as http:

        async def one(rng: random.Random) -> None:
            while not stop.is_set():
                t = time.perf_counter()
                try:
                    r = await http.get(f"/api/games/{gid}/replay", params={"ply": rng.randrange(plies + 1)})
                    out[str(r.status_code)] += 1
                except httpx.HTTPError as e:
                    out[type(e).__name__] += 1
                await asyncio.sleep(max(0.0, 1 / 6 - (time.perf_counter() - t)))

        await asyncio.gather(*(one(random.Random(i)) for i in range(conns)))


async def churn_attack(base: str, current, rate: float, stop: asyncio.Event, out: Counter) -> None:
    """Spectator connects to the honest person's table (`current`: its id, as it changes)."""
    running: set = set()

    async def one() -> None:
        url = f"ws://{base}/api/games/{current.value.decode()}/ws"
        try:
            async with connect(url, local_addr=(ATTACKER, 0), open_timeout=5, ping_interval=None) as ws:
                m = json.loads(await asyncio.wait_for(ws.recv(), 5))
                out[m["type"] if m["type"] == "view" else f"error {m.get('status')}"] += 1
        except InvalidStatus as e:
            out[f"refused {e.response.status_code}"] += 1
        except (ConnectionClosed, OSError, TimeoutError) as e:
            out[type(e).__name__] += 1

    if rate <= 0:
        return
    while not stop.is_set():
        if len(running) < 300:
            task = asyncio.get_running_loop().create_task(one())
            running.add(task)
            task.add_done_callback(running.discard)
            out["attempts"] += 1
        await asyncio.sleep(1 / rate)
    for t in list(running):
        t.cancel()


async def _attack(kind: str, a: dict, current, out: Counter) -> None:
    """One attack until `a["stop_at"]` (time.time())."""
    stop = asyncio.Event()
    loop = asyncio.get_running_loop()
    loop.call_later(max(0.0, a["stop_at"] - time.time()), stop.set)
    if kind == "bots":
        await bots_attack(a["base"], a["bot_tables"], out)
        return
    if kind == "replays":
        await replay_attack(a["base"], *a["long_game"], a["replay_conns"], stop, out)
    elif kind == "churn":
        await churn_attack(a["base"], current, a["churn"], stop, out)
    elif kind == "slow":
        held = [0, 0]
        tasks = []
        for i in range(a["slowloris"]):  # ramped up over about 3 s
            tasks.append(asyncio.ensure_future(slow_connection(a["port"], stop, out, held)))
            if i % 40 == 39:
                await asyncio.sleep(0.1)
        await stop.wait()
        if tasks:
            await asyncio.wait(tasks, timeout=10)
        for t in tasks:
            t.cancel()
        out["most open at once (attacker's count)"] = held[1]


def attack_process(kind: str, a: dict, current, queue) -> None:
    """An attack in a process of its own (so each runs at its own pace), under `nice`."""
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # 1,100 sockets
    if a["nice"]:
        os.nice(a["nice"])
    out: Counter = Counter()
    try:
        asyncio.run(_attack(kind, a, current, out))
    except Exception as e:  # noqa: BLE001 - reported, and the run goes on
        out[f"the attack failed: {type(e).__name__}: {e}"] += 1
    finally:
        queue.put((kind, dict(out)))


def attack(ctx, args, base: str, port: int, long_game: tuple[str, int], current) -> dict:
    """The four attacks at once from 127.0.0.2, each in its own process, for `args.during` seconds."""
    a = {
        "base": base,
        "port": port,
        "long_game": long_game,
        "stop_at": time.time() + args.during,
        "nice": args.attacker_nice,
        **{k: getattr(args, k) for k in ("bot_tables", "replay_conns", "churn", "slowloris")},
    }
    queue = ctx.Queue()
    # the bot tables first (a few requests), then the replays, then the others that hold the address's connections
    first = ctx.Process(target=attack_process, args=("bots", a, current, queue))
    first.start()
    out = dict([queue.get(timeout=120)])
    first.join(30)
    a["stop_at"] = time.time() + args.during  # the others for `during` seconds from now
    procs = [ctx.Process(target=attack_process, args=(k, a, current, queue)) for k in ("replays", "churn", "slow")]
    for p in procs:
        p.start()
        if p is procs[0]:
            time.sleep(1.0)  # the replays' kept-alive connections are open before the slow ones fill the address
    out.update(queue.get(timeout=args.during + 120) for _ in procs)
    for p in procs:
        p.join(30)
    return out


# --------------------------------------------------------------------- run
def run(args) -> dict:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))  # the attacker's 1,100 sockets
    tmp = Path(tempfile.mkdtemp(prefix="meeple-attack-"))
    db = f"sqlite:///{tmp / 'attacked.db'}"
    long_game = store_long_game(db, args.long_game_plies)
    port = free_port()
    base = f"127.0.0.1:{port}"
    log = tmp / "server.log"
    server = start_server(db, port, *(args.server_arg or []), log=log)
    result: dict = {
        "long_game_plies": long_game[1],
        "server_args": args.server_arg or [],
        "attacker_nice": args.attacker_nice,
        "asked": {k: getattr(args, k) for k in ("bot_tables", "slowloris", "replay_conns", "churn")},
    }
    try:
        ctx = multiprocessing.get_context("spawn")
        queue = ctx.Queue()
        current = ctx.Array("c", 64)
        honest = ctx.Process(target=honest_process, args=(base, args.before + args.during + 1, queue, current))
        honest.start()
        time.sleep(args.before)
        health0 = httpx.get(f"http://{base}/api/health", timeout=10).json()
        if not current.value:
            raise SystemExit("the honest client made no table")
        cpu0, started = cpu_s(server.pid), time.time()
        attacked = attack(ctx, args, base, port, long_game, current)
        cpu1, ended = cpu_s(server.pid), time.time()
        honest_out = queue.get(timeout=args.before + args.during + 120)
        honest.join(30)
        health = httpx.get(f"http://{base}/api/health", timeout=30).json()
    finally:
        stop(server, seconds=30)
    text = log.read_text(errors="replace")
    shutil.rmtree(tmp, ignore_errors=True)
    before = [ms for t, ms in honest_out["rtt"] if t < started]
    during = [ms for t, ms in honest_out["rtt"] if started <= t <= ended]
    bot_before = [s for t, s in honest_out["bot"] if t < started]
    bot_during = [s for t, s in honest_out["bot"] if started <= t <= ended]
    result.update(
        {
            "when": time.strftime("%Y-%m-%d %H:%M:%S UTC", time.gmtime()),
            "load_average": os.getloadavg(),
            "cpu_pressure": _pressure(),
            "before_s": args.before,
            "during_s": round(ended - started, 1),
            "honest": {
                "round_trip_ms_before": summary(before),
                "round_trip_ms_during": summary(during),
                "inside_the_server_ms_before": summary([ms for t, ms in honest_out["inside"] if t < started]),
                "inside_the_server_ms_during": summary([ms for t, ms in honest_out["inside"] if started <= t <= ended]),
                "bot_reply_s_before": summary(bot_before),
                "bot_reply_s_during": summary(bot_during),
                "errors": dict(honest_out["errors"]),
                "messages": dict(honest_out["messages"]),
                "tables": len(honest_out["tables"]),
            },
            "attacks": {k: dict(v) for k, v in attacked.items()},
            "server": {
                "health_before_attack": {k: health0.get(k) for k in ("moves", "bot_moves")},
                "health_after": health,
                "event_loop_process_cpu_share_during": round((cpu1 - cpu0) / (ended - started), 3),
                "log_bytes": len(text.encode()),
                "log_lines": text.count("\n"),
                "tracebacks": text.count("Traceback"),
                "log_tail": text[-1500:],
            },
        }
    )
    return result


def main(argv=None) -> int:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--before", type=float, default=20.0, help="seconds the honest table is measured alone")
    p.add_argument("--during", type=float, default=40.0, help="seconds of the four attacks at once")
    p.add_argument("--slowloris", type=int, default=1100)
    p.add_argument("--bot-tables", type=int, default=10)
    p.add_argument("--replay-conns", type=int, default=8)
    p.add_argument("--churn", type=float, default=300.0, help="spectator connects a second")
    p.add_argument("--long-game-plies", type=int, default=1000)
    p.add_argument("--attacker-nice", type=int, default=0, help="run the attackers under nice N (default 0)")
    p.add_argument("--server-arg", action="append", help="one more argument for meeple serve (repeatable)")
    p.add_argument("--json", type=Path, default=None)
    args = p.parse_args(argv)
    result = run(args)
    text = json.dumps(result, indent=2)
    print(text)
    if args.json:
        args.json.write_text(text + "\n")
    return 0


if __name__ == "__main__":
    sys.exit(main())
