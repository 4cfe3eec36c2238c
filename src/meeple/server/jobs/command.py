"""`meeple bot-worker`: bot workers for a cluster's job queue, on any machine."""

from __future__ import annotations

import multiprocessing
import os
import signal
import sys
import time

import meeple.server.jobs.protocol as p
from meeple.cliargs import seconds, whole

MIN_LIFE = 5.0  # seconds: a worker that dies sooner is broken, and is not started again


def register(sub) -> None:
    w = sub.add_parser("bot-worker", help="think for the bots of a cluster of `meeple serve --bus` nodes")
    w.add_argument("--bus", required=True, metavar="URL", help="the cluster's Redis, e.g. redis://10.0.0.5:6379/0")
    w.add_argument(
        "--db",
        default=None,
        metavar="URL",
        help="the cluster's database (postgresql://...): a job for a table that has moved "
        "on meanwhile is skipped without thinking (optional)",
    )
    w.add_argument(
        "--workers",
        type=whole("workers", 1, 64),
        default=None,
        help="worker processes, one decision at a time each (default: the CPU count, at most 4)",
    )
    w.add_argument(
        "--max-seconds",
        type=seconds("max seconds", 0, 600, above=True),
        default=None,
        help="the longest a bot may think per decision here; the node's --bot-max-seconds "
        "applies too (the smaller wins)",
    )
    w.add_argument(
        "--queue",
        default=p.DEFAULT_PREFIX,
        metavar="PREFIX",
        help=f"the Redis key prefix of the queue (default {p.DEFAULT_PREFIX}; as the nodes')",
    )
    w.set_defaults(run=run)


def shown(url: str) -> str:
    """A URL without its password, for messages."""
    scheme, sep, rest = url.partition("://")
    return scheme + sep + rest.rsplit("@", 1)[-1] if sep else url


def run(args) -> int:
    try:
        import redis  # noqa: F401 - the bus
        import sqlalchemy  # noqa: F401 - the --db check
    except ImportError as e:
        print(f"meeple bot-worker: the web extra is missing ({e.name}): pip install -e '.[web]'", file=sys.stderr)
        return 2
    problem = check_bus(args.bus) or (check_db(args.db) if args.db else None)
    if problem:
        print(f"meeple bot-worker: {problem}", file=sys.stderr)
        return 2
    from meeple.server.jobs.worker import WorkerConfig, work

    workers = args.workers or max(1, min(4, os.cpu_count() or 1))
    config = WorkerConfig(args.bus, args.queue, args.max_seconds, args.db)
    ctx = multiprocessing.get_context("spawn")
    asked: list[int] = []  # the signal handlers note; the loop acts
    signal.signal(signal.SIGTERM, lambda sig, _: asked.append(sig))
    signal.signal(signal.SIGINT, lambda sig, _: asked.append(sig))

    def start(slot: int):
        proc = ctx.Process(target=work, args=(config, slot, os.getpid()), name=f"bot-worker-{slot}")
        proc.start()
        return proc

    procs = [start(slot) for slot in range(workers)]
    started = [time.monotonic()] * workers
    print(
        f"meeple bot-worker: {workers} worker(s) on {shown(args.bus)} (queue {args.queue})"
        + (f", database {shown(args.db)}" if args.db else ""),
        flush=True,
    )
    code = 0
    while not asked:
        time.sleep(0.2)
        for slot, proc in enumerate(procs):
            if proc.is_alive():
                continue
            if time.monotonic() - started[slot] < MIN_LIFE:  # broken, not killed: stop trying
                print(
                    f"meeple bot-worker: worker {slot} stopped {time.monotonic() - started[slot]:.1f} s "
                    f"after it started (exit {proc.exitcode}): see the lines above",
                    file=sys.stderr,
                    flush=True,
                )
                asked.append(0)
                code = 1
                break
            # killed (out of memory, a runaway job): its job goes to another worker
            print(
                f"meeple bot-worker: worker {slot} stopped (exit {proc.exitcode}); starting another",
                file=sys.stderr,
                flush=True,
            )
            procs[slot], started[slot] = start(slot), time.monotonic()
    for proc in procs:
        if proc.is_alive():
            proc.terminate()  # SIGTERM: each finishes or gives back its job within STOP_GRACE
    deadline = time.monotonic() + p.STOP_GRACE + 1.5
    for proc in procs:
        proc.join(max(0.1, deadline - time.monotonic()))
        if proc.is_alive():
            proc.kill()
    print("meeple bot-worker: stopped", flush=True)
    sys.stderr.flush()
    # the interpreter's last garbage collection of everything `meeple` imported
    # takes seconds on a busy machine: nothing is left to clean up, so leave now
    os._exit(code)


def check_bus(url: str) -> str | None:
    import redis

    try:
        client = redis.Redis.from_url(url, socket_connect_timeout=3, socket_timeout=3)
        client.ping()
        client.close()
    except ValueError as e:
        return f"--bus must be a Redis URL like redis://host:6379/0 ({e})"
    except redis.RedisError as e:
        return f"cannot reach the bus at {shown(url)}: {e}"
    return None


def check_db(url: str) -> str | None:
    from sqlalchemy import create_engine, text
    from sqlalchemy.exc import ArgumentError, SQLAlchemyError

    from meeple.server.storage import normalize_url

    try:
        engine = create_engine(normalize_url(url), connect_args=_timeout(url))
        with engine.connect() as c:
            c.execute(text("select 1"))
        engine.dispose()
    except (ArgumentError, ImportError) as e:
        return f"--db must be a database URL like postgresql://user@host/db ({e})"
    except SQLAlchemyError as e:
        reason = str(getattr(e, "orig", None) or e).strip().splitlines()[0]
        return f"cannot reach the database at {shown(url)}: {reason}"
    return None


def _timeout(url: str) -> dict:
    return {"connect_timeout": 3} if url.startswith(("postgres", "postgresql")) else {}
