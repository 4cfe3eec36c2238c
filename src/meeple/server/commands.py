"""`meeple serve`: the browser table (needs the `web` extra)."""

from __future__ import annotations

import logging
import sys

from meeple.cliargs import add_data_flag, rate_and_burst, seconds, whole
from meeple.server.limits import Limits

_IN_A_CLUSTER = "in a cluster (--bus) counted over every node"

# The flags that set the operator's `Limits`: flag, the fields it sets (a
# rate flag: a RATE/BURST pair), how it is read, its metavar, its help. The
# defaults are those of `Limits`, and the help says them where `{default}` is.
LIMIT_FLAGS = (
    (
        "--bot-max-seconds",
        ("bot_max_seconds",),
        seconds("bot max seconds", 0, 600, above=True),
        "S",
        "the longest a bot may think per decision, in wall time; a table asking for more (or for more ISMCTS "
        "simulations than 2,000 a second of it) is refused (default {default})",
    ),
    (
        "--idle-days",
        ("idle_days",),
        seconds("idle days", 0, 36500, above=True, unit="days"),
        "DAYS",
        "close a table nobody moved at for this many days; it stays readable as a replay (default {default})",
    ),
    (
        "--write-rate",
        ("http_rate", "http_burst"),
        rate_and_burst,
        "RATE/BURST",
        "API writes a second per client address and per account, on average, and the burst allowed "
        "(default {default}); in a cluster (--bus) every node shares one budget",
    ),
    (
        "--ws-rate",
        ("ws_rate", "ws_burst"),
        rate_and_burst,
        "RATE/BURST",
        "websocket messages a second per client address, on average, and the burst allowed "
        "(default {default}); in a cluster (--bus) every node shares one budget",
    ),
    (
        "--read-rate",
        ("read_rate", "read_burst"),
        rate_and_burst,
        "RATE/BURST",
        "HTTP reads (GET: pages, files, views) a second per client address, on average, and the "
        "burst allowed (default {default}); over it 429 and the connection closes",
    ),
    (
        "--replay-rate",
        ("replay_rate", "replay_burst"),
        rate_and_burst,
        "RATE/BURST",
        "replay reads a second per client address, on average, and the burst allowed (default {default})",
    ),
    (
        "--ws-connect-rate",
        ("ws_connect_rate", "ws_connect_burst"),
        rate_and_burst,
        "RATE/BURST",
        "spectator websocket connects a second per client address, on average, and the burst "
        "allowed (default {default}; a seat's, with its token, have --seat-connect-rate)",
    ),
    (
        "--seat-connect-rate",
        ("seat_connect_rate", "seat_connect_burst"),
        rate_and_burst,
        "RATE/BURST",
        "websocket connects with a seat's token a second per client address, on average, and the "
        "burst allowed (default {default})",
    ),
    (
        "--lobby-rate",
        ("lobby_rate", "lobby_burst"),
        rate_and_burst,
        "RATE/BURST",
        "lobby listings (GET /api/games) a second per client address, on average, and the burst "
        "allowed (default {default})",
    ),
    (
        "--sockets-per-client",
        ("sockets_per_client",),
        whole("sockets per client", 1, 100_000),
        "N",
        "open spectator websockets of one client address (seats excepted; default {default}); " + _IN_A_CLUSTER,
    ),
    (
        "--spectators-per-table",
        ("spectators_per_table",),
        whole("spectators per table", 1, 100_000),
        "N",
        "spectator websockets of one table (default {default}); " + _IN_A_CLUSTER,
    ),
    (
        "--open-tables-per-client",
        ("open_tables_per_client",),
        whole("open tables per client", 1, 100_000),
        "N",
        "unfinished tables one client address (or account) created (default {default}); " + _IN_A_CLUSTER,
    ),
    (
        "--bot-seconds-per-creator",
        ("bot_seconds_per_creator",),
        seconds("bot seconds per creator", 0, 3600, above=True),
        "S",
        "bot seconds the tables of one creator (account, else address) may think at once: "
        "a decision counts its bot's time budget (default {default})",
    ),
    (
        "--bot-tables-per-creator",
        ("bot_tables_per_creator",),
        whole("bot tables per creator", 0, 100_000),
        "N",
        "unfinished tables with no person seated one creator may have (default {default})",
    ),
    (
        "--bot-tables-kept",
        ("bot_tables_kept",),
        whole("bot tables kept", 0, 100_000),
        "N",
        "ended tables with no person seated kept per creator; older ones are deleted (default {default})",
    ),
)


def _default(fields: tuple[str, ...]) -> str:
    """What `Limits` has in `fields` when no flag says otherwise: 14, 60/120."""
    return "/".join(f"{getattr(Limits, name):g}" for name in fields)


def _dest(flag: str) -> str:
    return flag[2:].replace("-", "_")


def limits_from(args) -> Limits:
    """The `Limits` the flags say: those not given keep `Limits`' defaults."""
    given: dict = {"trusted_proxies": tuple(args.trusted_proxy)}
    for flag, fields, _kind, _metavar, _text in LIMIT_FLAGS:
        value = getattr(args, _dest(flag))
        if value is not None:
            given.update(zip(fields, value if len(fields) > 1 else (value,), strict=True))
    return Limits(**given)


def register(sub) -> None:
    p = sub.add_parser("serve", help="serve the browser table (lobby, games, bots, replays)")
    p.add_argument("--host", default="127.0.0.1")
    p.add_argument("--port", type=whole("port", 1, 65535), default=8000)
    p.add_argument(
        "--db",
        default=None,
        help="database URL: sqlite:///path.db or postgresql://user@host/db "
        "(default: a SQLite file in your data directory)",
    )
    p.add_argument(
        "--bus",
        default=None,
        metavar="URL",
        help="make this server a node of a cluster: Redis URL (redis://127.0.0.1:6379/0) "
        "of the message bus every node shares; needs --db postgresql://... "
        "(docs/deploy.md)",
    )
    p.add_argument(
        "--bot-workers",
        type=whole("bot workers", 0, 64),
        default=None,
        help="bot processes, 1 to 64 (default: the CPU count, at most 4); with --bus, 0 makes "
        "a node that only asks: its bots think in `meeple bot-worker` processes",
    )
    p.add_argument(
        "--bot-delay",
        type=seconds("bot delay", 0, 60),
        default=0.4,
        help="seconds a bot waits before each move, so people can follow (default 0.4)",
    )
    p.add_argument(
        "--sqlite-sync",
        default="FULL",
        choices=["FULL", "NORMAL"],
        help="SQLite: FULL (default) syncs the disk on every commit, so an acknowledged "
        "move survives a power cut; NORMAL survives a crash or kill -9 of the "
        "server but not of the machine, and is faster",
    )
    p.add_argument(
        "--trusted-proxy",
        action="append",
        default=[],
        type=network,
        metavar="ADDRESS",
        help="a reverse proxy's address or network (repeatable): only from these is "
        "X-Forwarded-For read to tell clients apart; by default it is ignored",
    )
    p.add_argument(
        "--connections-per-client",
        type=whole("connections per client", 1, 100_000),
        default=100,
        metavar="N",
        help="open connections (HTTP and websockets) of one client address; more are answered 429 "
        "and closed (default 100; a --trusted-proxy's connections are not counted: the proxy limits them)",
    )
    p.add_argument(
        "--header-timeout",
        type=seconds("header timeout", 0, 600, above=True),
        default=10.0,
        metavar="S",
        help="seconds a client has to send a request (headers and body), from the connection's start "
        "or the previous answer; then the connection closes (default 10)",
    )
    for flag, fields, kind, metavar, text in LIMIT_FLAGS:
        p.add_argument(flag, type=kind, default=None, metavar=metavar, help=text.format(default=_default(fields)))
    p.add_argument("--log-level", default="warning", choices=["critical", "error", "warning", "info", "debug"])
    add_data_flag(p)
    p.set_defaults(run=run)


class ClientFrameErrors(logging.Filter):
    """uvicorn logs a client's text frame that is not UTF-8 with a traceback;
    it is the client's error (the socket is closed with 1007): one line."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.exc_info and record.exc_info[0] is UnicodeDecodeError:
            record.exc_info, record.exc_text = None, None
            record.levelno, record.levelname = logging.WARNING, "WARNING"
        return True


def network(text: str) -> str:
    import argparse
    import ipaddress

    try:
        return str(ipaddress.ip_network(text, strict=False))
    except ValueError:
        raise argparse.ArgumentTypeError(f"trusted proxy must be an IP address or network, got {text!r}") from None


def run(args) -> int:
    try:
        import uvicorn

        from meeple.server.app import create_app
        from meeple.server.connections import (
            ConnectionGuard,
            bound_logging,
            connection_budget,
            guarded_protocol,
            raise_file_limit,
        )
        from meeple.server.storage import default_db_url, normalize_url
    except ImportError as e:
        print(f"meeple serve: the web extra is missing ({e.name}): pip install -e '.[web]'", file=sys.stderr)
        return 2
    url = normalize_url(args.db) if args.db else default_db_url()
    if args.bus is not None and not url.startswith("postgresql"):
        print(
            "meeple serve: --bus makes a node of a cluster, and the nodes must share one database: "
            "give --db postgresql://user@host/db (SQLite is one process's file)",
            file=sys.stderr,
        )
        return 2
    if args.bot_workers == 0 and args.bus is None:
        print(
            "meeple serve: --bot-workers 0 needs --bus: without a cluster's queue no process would think for the bots",
            file=sys.stderr,
        )
        return 2
    if args.bus is not None:
        try:
            import redis  # noqa: F401
        except ImportError:
            print(
                "meeple serve: --bus needs the redis package of the web extra: pip install -e '.[web]'", file=sys.stderr
            )
            return 2
    app = create_app(
        url,
        bot_workers=args.bot_workers,
        bot_delay=args.bot_delay,
        sqlite_sync=args.sqlite_sync,
        limits=limits_from(args),
        bus_url=args.bus,
    )
    soft, _hard = raise_file_limit()
    guard = ConnectionGuard(
        per_client=args.connections_per_client,
        max_total=connection_budget(soft),
        header_timeout=args.header_timeout,
        trusted_proxies=tuple(args.trusted_proxy),
    )
    app.state.connections = guard
    shown = url.split("@")[-1] if "@" in url else url
    node = f", cluster bus {args.bus.split('@')[-1]}" if args.bus else ""
    print(
        f"meeple: serving http://{args.host}:{args.port}/  (database {shown}{node}; "
        f"open files {soft}, connections at most {guard.max_total}, {guard.per_client} per client)",
        flush=True,
    )
    config = uvicorn.Config(
        app,
        http=guarded_protocol(guard),
        # a kept-alive connection idle this long closes (uvicorn's default)
        timeout_keep_alive=5,
        host=args.host,
        port=args.port,
        log_level=args.log_level,
        ws_max_size=64 * 1024,
        ws_ping_interval=20,
        ws_ping_timeout=20,
        ws_per_message_deflate=False,  # views are small; compression costs CPU per push
        # the client is the socket's peer: X-Forwarded-For only through --trusted-proxy
        proxy_headers=False,
        # SIGTERM: connections get 2 s, then bots and storage stop (all within 5 s)
        timeout_graceful_shutdown=2,
    )
    logging.getLogger("uvicorn.error").addFilter(ClientFrameErrors())
    bound_logging()  # after uvicorn set its handlers up: every line at a bounded rate
    uvicorn.Server(config).run()
    return 0
