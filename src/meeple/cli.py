"""The `meeple` command: apply, play, simulate, bench (and each feature package's own, `COMMAND_MODULES`).

Every user-facing failure is a one-line message and a non-zero exit, never a
traceback: argparse reports bad flags, GameError reports bad game input.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib
import json
import os
import sys

from meeple.cliargs import add_data_flag, add_lang_flag, resolve_language, seconds, whole
from meeple.core import gamedata
from meeple.core.game import GameError
from meeple.games import GAMES


def _players_list(text: str) -> list[int]:
    try:
        out = [int(x) for x in text.split(",") if x.strip()]
    except ValueError:
        raise argparse.ArgumentTypeError(f"players must be numbers like 2,3,4, not {text!r}") from None
    if not out:
        raise argparse.ArgumentTypeError("give at least one player count")
    return out


def build_parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(prog="meeple", description="Modern board games, rules-exact.")
    sub = p.add_subparsers(dest="command", required=True, metavar="COMMAND")

    apply = sub.add_parser("apply", help="apply MOVEs to a STATE (JSON on stdin, see SPEC.md)")
    add_data_flag(apply)

    play = sub.add_parser("play", help="play in the terminal against bots")
    play.add_argument("game", choices=sorted(GAMES))
    play.add_argument("--players", type=int, default=4, help="number of players (you are one)")
    play.add_argument("--seat", type=int, default=0, help="your seat (0 plays first in seat order)")
    play.add_argument("--seed", type=int, default=None)
    play.add_argument("--bot", default="random", help="opponents' bot (default: random)")
    play.add_argument(
        "--save",
        metavar="FILE",
        default=None,
        help="write the game (seed, options, moves) to FILE when it ends, for `meeple analyse`",
    )
    _add_game_flags(play, every=True)
    add_data_flag(play)
    add_lang_flag(play)

    sim = sub.add_parser("simulate", help="play random games and report")
    sim.add_argument("game", choices=sorted(GAMES))
    sim.add_argument("--games", type=whole("games"), default=100, help="games per player count")
    sim.add_argument(
        "--players",
        type=_players_list,
        default=None,
        help="player counts, e.g. 2,3,4 (default: every count the game allows)",
    )
    sim.add_argument("--seed", type=int, default=0)
    _add_game_flags(sim, every=False)
    add_data_flag(sim)
    sim.add_argument("--json", action="store_true")

    bench = sub.add_parser("bench", help="measure engine speed")
    bench.add_argument("game", choices=sorted(GAMES))
    bench.add_argument("--seconds", type=seconds("bench time", 0, 3600, above=True), default=5.0)
    bench.add_argument("--json", action="store_true")
    bench.add_argument(
        "--bot", default=None, help="measure a bot instead of the engine (ismcts: simulations per second)"
    )
    bench.add_argument(
        "--env",
        action="store_true",
        help="measure the RL environment (agent turns/s) beside PettingZoo's leduc_holdem_v4",
    )
    bench.add_argument(
        "--no-uno",
        action="store_true",
        help="skip RLCard's UNO, otherwise played in the same run as a yardstick (rl extra)",
    )

    # Each feature package adds its own subcommands (and bench flags) here.
    for module in COMMAND_MODULES:
        importlib.import_module(module).register(sub)
    return p


# Modules with `register(subparsers)`; each parser they add sets `run=fn(args)->int`.
COMMAND_MODULES: list[str] = [
    "meeple.arena.commands",
    "meeple.advisor.commands",
    "meeple.server.commands",
    "meeple.server.jobs.command",
    "meeple.games.datacheck",
    "meeple.build",
]


def _uno_rival(skip: bool):
    """(RLCard's UNO to play beside the engine, or None; why it is missing)."""
    if skip:
        return None, None
    try:
        from meeple.env.uno import UnoRandomPlay

        return UnoRandomPlay(), None
    except ImportError as e:
        return None, f"needs the rl extra (pip install 'meeple[rl]'): {e}"


def main(argv: list[str] | None = None) -> int:
    args = build_parser().parse_args(argv)
    resolve_language(args)
    try:
        if gamedata.configure(getattr(args, "data", None)):
            for game in GAMES:  # a broken file stops here, with its message
                gamedata.loaded(game)
        if getattr(args, "run", None) is not None:
            return args.run(args)
        if args.command == "apply":
            from meeple.core.apply import main_apply

            return main_apply(sys.stdin, sys.stdout, sys.stderr)
        if args.command == "simulate":
            from meeple.core.simulate import simulate

            spec = GAMES[args.game]
            counts = args.players or list(spec.sizes)
            report = simulate(args.game, args.games, counts, args.seed, spec.check_options(_game_options(args)))
            _print(report, args.json)
            return 1 if report["errors"] else 0
        if args.command == "bench":
            if args.env:
                try:
                    from meeple.env.bench import bench_env
                except ImportError as e:
                    print(f"meeple: bench --env needs the rl extra (pip install 'meeple[rl]'): {e}", file=sys.stderr)
                    return 2
                _print(_with_engine(bench_env(args.game, args.seconds)), args.json)
                return 0
            if args.bot is not None:
                from meeple.bots.bench import bench_bot

                _print(_with_engine(bench_bot(args.game, args.bot, args.seconds)), args.json)
                return 0
            from meeple.core.bench import bench

            rival, missing = _uno_rival(args.no_uno)
            report = bench(args.game, args.seconds, rival=rival)
            if missing:
                report["rlcard_uno_error"] = missing
            _print(_with_engine(report), args.json)
            return 0
        if args.command == "play":
            _game_options(args)
            notice = gamedata.notice(args.game)
            if notice:
                print(notice)
            # each game has its own terminal table, named by its spec (it uses rich and bots)
            terminal = GAMES[args.game].terminal
            if terminal is None:
                raise SystemExit(f"{args.game} has no terminal table")
            code = importlib.import_module(terminal).play(args)
            _save_played(args)
            return code
    except GameError as e:
        print(f"meeple: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("\ninterrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # output piped into `head` and the like
        with contextlib.suppress(OSError):
            sys.stdout = open(os.devnull, "w")  # noqa: SIM115 - open till exit: the last flush goes nowhere
        return 0
    return 0


def _save_played(args) -> None:
    """`play --save FILE`: the game as `meeple analyse` reads it (also a game left early)."""
    played = getattr(args, "saved_game", None)
    if args.save is None or played is None:
        return
    from meeple.core.savegame import document, write

    state, seed, options = played
    try:
        write(args.save, document(state, seed, options))
    except OSError as e:
        raise GameError(f"cannot save the game to {args.save}: {e.strerror or e}") from None
    print(f"saved the game to {args.save}", file=sys.stderr)


# Game options on the command line: one flag per option of a game's schema
# (`--name`, `_` as `-`); a flag two games share must mean the same there.
def _option_flags(every: bool) -> dict:
    """flag -> (the option, the games that have it); `every=False` leaves out
    the options that depend on the player count."""
    flags: dict = {}
    for name, spec in GAMES.items():
        for opt in spec.options:
            if every or not opt.per_players:
                flags.setdefault(opt.flag, (opt, []))[1].append(name)
    return flags


def _add_game_flags(parser, every: bool) -> None:
    for flag, (opt, games) in _option_flags(every).items():
        about = f"{', '.join(games)}: {opt.help}"
        if opt.kind == "bool":
            parser.add_argument(flag, dest=opt.name, action="store_true", default=None, help=about)
        elif opt.kind == "int":
            choices = opt.allowed() or None
            parser.add_argument(flag, dest=opt.name, type=int, default=None, choices=choices, help=about)
        else:
            parser.add_argument(
                flag, dest=opt.name, default=None, metavar=opt.item.upper() + "S", help=f"{about}, comma-separated"
            )


def _game_options(args) -> dict:
    """The options given on the command line, as the schema takes them (a list
    for comma-separated names); GameError names a flag of another game."""
    given = {
        flag: (opt, games)
        for flag, (opt, games) in _option_flags(True).items()
        if getattr(args, opt.name, None) not in (None, False)
    }
    wrong = [flag for flag, (_, games) in given.items() if args.game not in games]
    if wrong:
        raise GameError(f"{', '.join(wrong)} is not an option of {args.game}")
    out = {}
    for opt, _ in given.values():
        value = getattr(args, opt.name)
        out[opt.name] = [v.strip() for v in value.split(",") if v.strip()] if opt.kind == "names" else value
    return out


def _with_engine(report: dict) -> dict:
    """A benchmark's report with the engine it ran on: compiled or pure
    Python (`meeple.compiled`; `MEEPLE_PURE=1` measures the latter)."""
    from meeple.compiled import status

    return {**report, "engine": status()["engine"]}


def _print(report: dict, as_json: bool) -> None:
    if as_json:
        print(json.dumps(report))
        return
    for k, v in report.items():
        print(f"{k:>22}: {v}")


if __name__ == "__main__":
    sys.exit(main())
