"""`meeple hint`, `meeple analyse`, `meeple advisor-calibrate` (registered
through cli.COMMAND_MODULES)."""

from __future__ import annotations

import sys


def register(sub) -> None:
    h = sub.add_parser("hint", help="the best moves for a seat: JSON {state, seat, seconds?} on stdin")
    h.set_defaults(run=run_hint)
    _register_analyse(sub)


def run_hint(args) -> int:
    from meeple.advisor.hint import main_hint
    return main_hint(sys.stdin, sys.stdout, sys.stderr)


def _register_analyse(sub) -> None:
    from meeple.arena.tournament import MAX_WORKERS
    from meeple.cliargs import seconds, whole
    a = sub.add_parser("analyse", help="rate every decision of a saved game; JSON, summary and chart in DIR")
    a.add_argument("file", metavar="FILE",
                   help="a game saved by `meeple play --save` or the server's game log (/api/games/{id}/log)")
    a.add_argument("--out", required=True, metavar="DIR", help="write analysis.json, analysis.md, winchance.png here")
    a.add_argument("--seconds", type=seconds("search time", 0, 60, above=True), default=1.0,
                   help="CPU seconds of search per decision (default 1)")
    a.add_argument("--iterations", type=whole("simulations", 1, 1_000_000), default=None,
                   help="a simulation budget per decision instead of --seconds (reproducible)")
    a.add_argument("--workers", type=whole("workers", 1, MAX_WORKERS), default=None,
                   help="worker processes (default: all cores)")
    a.add_argument("--backend", choices=["process", "ray"], default="process")
    a.add_argument("--seed", type=int, default=0)
    a.add_argument("--no-progress", action="store_true", help="no progress bar")
    a.set_defaults(run=run_analyse)


def run_analyse(args) -> int:
    from meeple.advisor.analysis import analyse
    from meeple.advisor.report import write_analysis
    from meeple.arena.tournament import check_workers
    from meeple.core.savegame import read
    record = read(args.file)
    rep = analyse(record, seconds=args.seconds, iterations=args.iterations,
                  workers=check_workers(args.workers), backend=args.backend,
                  progress=not args.no_progress and sys.stderr.isatty(), seed=args.seed)
    try:
        files = write_analysis(rep, args.out)
    except OSError as e:
        from meeple.core.game import GameError
        raise GameError(f"cannot write to {args.out}: {e.strerror or e}") from None
    for s in rep["seats"]:
        w = s["worst"]
        worst = "" if w is None else (f"; costliest: move {w['ply'] + 1} `{w['played']}` "
                                      f"(-{w['cost']:.0%}, best `{w['best']}`)")
        print(f"seat {s['seat']}: {s['decisions']} decisions, {s['matched_best']} as the search, "
              f"{s['total_cost']:.2f} chance given away{worst}")
    print(f"{len(rep['decisions'])} decisions in {rep['seconds']} s ({rep['mode']}); wrote " + ", ".join(files))
    return 0
