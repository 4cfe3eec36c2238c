"""`meeple hint`, `meeple analyse`, `meeple advisor-calibrate` (registered
through cli.COMMAND_MODULES)."""

from __future__ import annotations

import sys

from meeple.arena.tournament import MAX_WORKERS
from meeple.cliargs import add_lang_flag, seconds, whole

_workers = whole("workers", 1, MAX_WORKERS)
_simulations = whole("simulations", 1, 1_000_000)


def register(sub) -> None:
    h = sub.add_parser("hint", help="the best moves for a seat: JSON {state, seat, seconds?} on stdin")
    h.set_defaults(run=run_hint)
    _register_analyse(sub)
    _register_calibrate(sub)


def run_hint(args) -> int:
    from meeple.advisor.hint import main_hint

    return main_hint(sys.stdin, sys.stdout, sys.stderr)


def _register_analyse(sub) -> None:
    a = sub.add_parser("analyse", help="rate every decision of a saved game; JSON, summary and chart in DIR")
    a.add_argument(
        "file",
        metavar="FILE",
        help="a game saved by `meeple play --save` or the server's game log (/api/games/{id}/log)",
    )
    a.add_argument("--out", required=True, metavar="DIR", help="write analysis.json, analysis.md, winchance.png here")
    add_lang_flag(a)
    a.add_argument(
        "--seconds",
        type=seconds("search time", 0, 60, above=True),
        default=1.0,
        help="CPU seconds of search per decision (default 1)",
    )
    a.add_argument(
        "--iterations",
        type=_simulations,
        default=None,
        help="a simulation budget per decision instead of --seconds (reproducible)",
    )
    a.add_argument("--workers", type=_workers, default=None, help="worker processes (default: all cores)")
    a.add_argument("--backend", choices=["process", "ray"], default="process")
    a.add_argument("--seed", type=int, default=0)
    a.add_argument("--no-progress", action="store_true", help="no progress bar")
    a.set_defaults(run=run_analyse)


def run_analyse(args) -> int:
    from meeple.advisor.analysis import analyse
    from meeple.advisor.report import decimal, percent, write_analysis
    from meeple.arena.tournament import check_workers
    from meeple.core.savegame import read
    from meeple.i18n import format_list, translate

    record = read(args.file)
    rep = analyse(
        record,
        seconds=args.seconds,
        iterations=args.iterations,
        workers=check_workers(args.workers),
        backend=args.backend,
        progress=not args.no_progress and sys.stderr.isatty(),
        seed=args.seed,
    )
    try:
        files = write_analysis(rep, args.out, args.lang)
    except OSError as e:
        from meeple.core.game import GameError

        raise GameError(f"cannot write to {args.out}: {e.strerror or e}") from None
    lang = args.lang

    def t(key: str, **values: object) -> str:
        return translate(key, lang, **values)

    for s in rep["seats"]:
        w = s["worst"]
        worst = (
            ""
            if w is None
            else t(
                "report.cli.worst",
                move=str(w["ply"] + 1),
                played=f"`{w['played']}`",
                cost=percent(w["cost"], lang),
                best=f"`{w['best']}`",
            )
        )
        matched = t("report.cli.matched", count=s["matched_best"])
        given = t("report.cli.given_away", chance=decimal(s["total_cost"], 2, lang))
        print(
            t("report.cli.seat", seat=str(s["seat"]), decisions=t("report.decisions", count=s["decisions"]),
              matched=matched, given=given) + worst
        )  # fmt: skip
    print(
        t(
            "report.cli.done",
            decisions=t("report.decisions", count=len(rep["decisions"])),
            seconds=rep["seconds"],
            files=format_list(files, lang),
        )
    )
    return 0


def _register_calibrate(sub) -> None:
    c = sub.add_parser(
        "advisor-calibrate", help="how well the advisor's win estimates match bot games' outcomes (ECE, Brier, chart)"
    )
    c.add_argument("games", nargs="*", metavar="GAME", help="ethnos, okc, anunnaki (default: all)")
    c.add_argument("--games", dest="count", type=whole("games"), default=40, help="bot games per game")
    c.add_argument("--per-game", type=whole("positions per game", 1, 1000), default=15)
    c.add_argument("--iterations", type=_simulations, default=300, help="search simulations per position")
    c.add_argument("--players", default="2,3,4", help="player counts, used in turn")
    c.add_argument("--seed", type=int, default=0)
    c.add_argument("--workers", type=_workers, default=None)
    c.add_argument("--backend", choices=["process", "ray"], default="process")
    c.add_argument(
        "--out",
        required=True,
        metavar="DIR",
        help="write calibration.json (figures and positions) and reliability.png here",
    )
    c.add_argument(
        "--write", action="store_true", help="store the fitted maps in the advisor (used by hint and analyse)"
    )
    c.add_argument("--no-progress", action="store_true")
    add_lang_flag(c)
    c.set_defaults(run=run_calibrate)


def run_calibrate(args) -> int:
    import json
    import os

    from meeple.advisor.calibrate import calibrate, plot, table, write_fits
    from meeple.arena.tournament import check_workers
    from meeple.core.game import GameError
    from meeple.games import GAMES

    try:
        players = [int(x) for x in args.players.split(",")]
    except ValueError:
        raise GameError(f"--players must be counts like 2,3,4, got {args.players!r}") from None
    names = args.games or sorted(GAMES)
    from meeple import games

    for name in names:
        mod = games.get(name)
        if not all(mod.min_players <= p <= mod.max_players for p in players):
            raise GameError(f"{name} is for {mod.min_players}-{mod.max_players} players")
    rep = calibrate(
        names,
        args.count,
        args.per_game,
        args.iterations,
        players,
        args.seed,
        check_workers(args.workers),
        args.backend,
        not args.no_progress and sys.stderr.isatty(),
    )
    os.makedirs(args.out, exist_ok=True)
    with open(os.path.join(args.out, "calibration.json"), "w") as f:
        json.dump(rep, f, indent=1)
    plot(rep, os.path.join(args.out, "reliability.png"))
    if args.write:
        write_fits(rep)
    from meeple.i18n import format_list, translate

    print(table(rep, args.lang))
    wrote = [f"{args.out}/calibration.json", f"{args.out}/reliability.png"]
    if args.write:
        wrote.append(translate("report.calibration.advisor", args.lang))
    print(translate("report.wrote", args.lang, files=format_list(wrote, args.lang)))
    return 0
