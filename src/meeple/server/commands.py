"""`meeple serve`: the browser table (needs the `web` extra)."""

from __future__ import annotations

import sys

from meeple.cliargs import add_data_flag, seconds, whole


def register(sub) -> None:
    p = sub.add_parser("serve", help="serve the browser table (lobby, games, bots, replays)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=whole("port", 1, 65535), default=8000)
    p.add_argument("--db", default=None,
                   help="database URL: sqlite:///path.db or postgresql://user@host/db "
                        "(default: a SQLite file in your data directory)")
    p.add_argument("--bot-workers", type=whole("bot workers", 1, 64), default=None,
                   help="bot processes, 1 to 64 (default: the CPU count, at most 4)")
    p.add_argument("--bot-delay", type=seconds("bot delay", 0, 60), default=0.4,
                   help="seconds a bot waits before each move, so people can follow (default 0.4)")
    p.add_argument("--sqlite-sync", default="FULL", choices=["FULL", "NORMAL"],
                   help="SQLite: FULL (default) syncs the disk on every commit, so an acknowledged "
                        "move survives a power cut; NORMAL survives a crash or kill -9 of the "
                        "server but not of the machine, and is faster")
    p.add_argument("--log-level", default="warning",
                   choices=["critical", "error", "warning", "info", "debug"])
    add_data_flag(p)
    p.set_defaults(run=run)


def run(args) -> int:
    try:
        import uvicorn

        from meeple.server.app import create_app
        from meeple.server.storage import default_db_url, normalize_url
    except ImportError as e:
        print(f"meeple serve: the web extra is missing ({e.name}): pip install -e '.[web]'",
              file=sys.stderr)
        return 2
    url = normalize_url(args.db) if args.db else default_db_url()
    app = create_app(url, bot_workers=args.bot_workers, bot_delay=args.bot_delay,
                     sqlite_sync=args.sqlite_sync)
    shown = url.split("@")[-1] if "@" in url else url
    print(f"meeple: serving http://{args.host}:{args.port}/  (database {shown})", flush=True)
    uvicorn.run(app, host=args.host, port=args.port, log_level=args.log_level,
                ws_max_size=64 * 1024, ws_ping_interval=20, ws_ping_timeout=20,
                ws_per_message_deflate=False,   # views are small; compression costs CPU per push
                timeout_graceful_shutdown=5)
    return 0
