"""`meeple data-check GAME DIR`: is a box owner's data folder fit to play?

Registered before any game's data is read: a game loads its data on first
use, which must wait until `--data` is known (and must not break this command
when the data is broken). Each game with data files declares its data module
in its spec (`data`), offering `FILES` and `check(folder)`, which returns one
line per problem and the placeholders still in use.
"""

from __future__ import annotations

import os
import sys

from meeple.games import GAMES

# Games whose data a box owner may replace.
DATA_GAMES = sorted(name for name, spec in GAMES.items() if spec.has_data)


def register(sub) -> None:
    p = sub.add_parser("data-check", help="check a folder of your own game data (see docs/data.md)")
    p.add_argument("game", choices=DATA_GAMES)
    p.add_argument("dir", help="the data directory (its GAME subfolder, or the folder itself)")
    p.set_defaults(run=run)
    p = sub.add_parser("data-report", help="list the placeholder component data of a game")
    p.add_argument("game", choices=["anunnaki"])
    p.add_argument("--json", action="store_true")
    p.set_defaults(run=_anunnaki_report)


def _anunnaki_report(args) -> int:
    from meeple.games.anunnaki.commands import run as report  # reads the data: after --data

    return report(args)


def game_folder(game: str, root: str) -> str:
    """`root/game` when it exists (the --data layout), else `root` itself."""
    sub = os.path.join(root, game)
    return sub if os.path.isdir(sub) else root


def run(args) -> int:
    if not os.path.isdir(args.dir):
        print(f"meeple data-check: {args.dir} is not a directory", file=sys.stderr)
        return 2
    folder = game_folder(args.game, args.dir)
    data = GAMES[args.game].data()
    problems, placeholders = data.check(folder)
    if problems:
        print(f"{args.game} data in {folder}: {len(problems)} problem(s)", file=sys.stderr)
        for line in problems:
            print(line, file=sys.stderr)
        return 2
    replaced = [n for n in data.FILES if os.path.isfile(os.path.join(folder, n))]
    print(
        f"{args.game} data in {folder}: valid; replaces {', '.join(replaced) or 'no file'}"
        f" (packaged: {', '.join(n for n in data.FILES if n not in replaced) or 'none'})"
    )
    if placeholders:
        print(
            f"{len(placeholders)} placeholder(s) still in use (values no public source prints; "
            "replace them from your box):"
        )
        for file, entry, note in placeholders:
            print(f"  {file} {entry}: {note}")
    return 0
