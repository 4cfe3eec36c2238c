"""`meeple arena` and `meeple balance` (registered through cli.COMMAND_MODULES)."""

from __future__ import annotations

import argparse
import json
import sys

from meeple.arena.balance import BALANCED
from meeple.arena.tournament import MAX_WORKERS
from meeple.cliargs import whole
from meeple.games import GAMES

_games = whole("games")
_workers = whole("workers", 1, MAX_WORKERS)


def _bots(text: str) -> list[str]:
    from meeple.bots.registry import parse_spec
    from meeple.core.game import GameError

    out = [b.strip() for b in text.split(",")]
    for b in out:
        try:
            parse_spec(b)
        except GameError as e:
            raise argparse.ArgumentTypeError(str(e)) from None
    return out


def register(sub) -> None:
    a = sub.add_parser("arena", help="a tournament between bots (seats rotated, in parallel)")
    a.add_argument("game", choices=sorted(GAMES))
    a.add_argument("--players", type=int, default=None, help="players (default: one per bot)")
    a.add_argument(
        "--bots",
        type=_bots,
        required=True,
        help="one bot per seat, e.g. ismcts:0.5s,greedy,random,random "
        "(random, greedy, ismcts[:1s|:2000], easy, medium, hard)",
    )
    a.add_argument("--games", type=_games, default=100)
    a.add_argument("--seed", type=int, default=0)
    a.add_argument("--workers", type=_workers, default=None, help="worker processes (default: all cores)")
    a.add_argument("--backend", choices=["process", "ray"], default="process")
    a.add_argument("--json", action="store_true")
    a.add_argument("--out", default=None, help="write results.json, bots.csv, games.csv, winrates.png here")
    a.add_argument("--no-progress", action="store_true", help="no progress bar")
    a.set_defaults(run=run_arena)

    b = sub.add_parser("balance", help="win rate by seat and tribe, glory by source")
    b.add_argument("game", choices=BALANCED)
    b.add_argument("--games", type=_games, default=200)
    b.add_argument("--players", type=int, default=4)
    b.add_argument("--bots", type=_bots, default=None, help="one bot for all seats or one per seat (default: random)")
    b.add_argument("--seed", type=int, default=0)
    b.add_argument("--workers", type=_workers, default=None)
    b.add_argument("--backend", choices=["process", "ray"], default="process")
    b.add_argument("--json", action="store_true")
    b.add_argument("--out", default=None, help="write balance.json and balance.png here")
    b.add_argument("--no-progress", action="store_true")
    b.set_defaults(run=run_balance)


def _progress(args) -> bool:
    return not args.no_progress and sys.stderr.isatty()


def run_arena(args) -> int:
    from meeple.arena.report import arena_table, write_arena
    from meeple.arena.tournament import tournament
    from meeple.core.game import GameError

    if args.players is not None and args.players != len(args.bots):
        raise GameError(f"--players {args.players} but {len(args.bots)} bots: give one bot per seat")
    from meeple.bots.registry import make_bot

    for spec in args.bots:  # a bot the game cannot host is refused before any game starts
        make_bot(spec, game=args.game)
    rep = tournament(args.game, args.bots, args.games, args.seed, args.workers, args.backend, _progress(args))
    if args.out:
        rep["files"] = write_arena(rep, args.out)
    shown = {k: v for k, v in rep.items() if k != "records"}
    if args.json:
        print(json.dumps(shown))
    else:
        print(arena_table(rep))
        if args.out:
            print("wrote " + ", ".join(rep["files"]))
    if rep["errors"]:
        print(
            f"meeple arena: {rep['errors']} of {rep['games']} games failed (seeds "
            f"{', '.join(str(f['seed']) for f in rep['failures'][:10])}); see the report's failures",
            file=sys.stderr,
        )
        return 1
    return 0


def run_balance(args) -> int:
    import os

    from meeple.arena.balance import balance
    from meeple.arena.report import balance_table, plot_balance

    rep = balance(
        args.game, args.games, args.players, args.bots, args.seed, args.workers, args.backend, _progress(args)
    )
    if args.out:
        os.makedirs(args.out, exist_ok=True)
        jp = os.path.join(args.out, "balance.json")
        pp = os.path.join(args.out, "balance.png")
        with open(jp, "w") as f:
            json.dump(rep, f, indent=1)
        plot_balance(rep, pp)
        rep["files"] = [jp, pp]
    if args.json:
        print(json.dumps(rep))
    else:
        print(balance_table(rep))
        if args.out:
            print("wrote " + ", ".join(rep["files"]))
    if rep["errors"]:
        print(f"meeple balance: {rep['errors']} of {rep['games']} games failed", file=sys.stderr)
        return 1
    return 0
