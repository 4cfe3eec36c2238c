"""Tables, files and charts for arena and balance reports."""

from __future__ import annotations

import csv
import json
import os


def arena_table(report: dict) -> str:
    rows = [
        f"{report['game']} arena: {report['completed']}/{report['games']} games, "
        f"{report['players']} players, seed {report['seed']}, {report['workers']} workers "
        f"({report['backend']}), {report['seconds']} s"
    ]
    rs = report.get("rating_system", "")
    points = "glory" if report["game"] == "ethnos" else "points"  # the game's scores()
    rows.append(
        f"{'bot':<18}{'games':>7}{'wins':>9}{'win rate':>10}{'95% interval':>18}{points:>8}{'rating (' + rs + ')':>24}"
    )
    for b in sorted(report["bots"], key=lambda b: -(b["win_rate"] or 0)):
        r = b["rating"]
        rating = f"{r['mu']:.1f} ± {r['sigma']:.1f}" if "mu" in r else f"{r.get('elo', 0):.0f}"
        wr = "-" if b["win_rate"] is None else f"{b['win_rate']:.1%}"
        ci = f"[{b['ci95'][0]:.1%}, {b['ci95'][1]:.1%}]"
        glory = "-" if b["mean_glory"] is None else f"{b['mean_glory']:.1f}"
        rows.append(f"{b['bot']:<18}{b['games']:>7}{b['wins']:>9.1f}{wr:>10}{ci:>18}{glory:>8}{rating:>24}")
    for b in report["bots"]:
        t = b.get("think") or {}
        if t.get("mean_iterations"):
            rows.append(
                f"{b['bot']}: {t['searched']} searched decisions, mean "
                f"{t['mean_cpu_s'] * 1000:.0f} ms CPU ({t['mean_wall_s'] * 1000:.0f} ms wall) "
                f"and {t['mean_iterations']:.0f} simulations each, "
                f"{t['stopped_early']:.0%} stopped early"
            )
    if report.get("failures"):
        rows.append(f"{len(report['failures'])} game(s) failed:")
        for f in report["failures"][:10]:
            rows.append(
                f"  seed {f['seed']} ({', '.join(f['specs'])}): {f['error']} after {len(f.get('moves') or [])} moves"
            )
    return "\n".join(rows)


def write_arena(report: dict, out: str) -> list[str]:
    """results.json, bots.csv, games.csv and winrates.png in `out`."""
    os.makedirs(out, exist_ok=True)
    paths = []
    p = os.path.join(out, "results.json")
    with open(p, "w") as f:
        json.dump(report, f, indent=1)
    paths.append(p)
    p = os.path.join(out, "bots.csv")
    with open(p, "w", newline="") as f:
        w = csv.writer(f)
        w.writerow(
            [
                "bot",
                "spec",
                "games",
                "wins",
                "win_rate",
                "ci95_low",
                "ci95_high",
                "mean_glory",
                "rating_mu",
                "rating_sigma",
            ]
        )
        for b in report["bots"]:
            r = b["rating"]
            w.writerow(
                [
                    b["bot"],
                    b["spec"],
                    b["games"],
                    b["wins"],
                    b["win_rate"],
                    b["ci95"][0],
                    b["ci95"][1],
                    b["mean_glory"],
                    r.get("mu", r.get("elo")),
                    r.get("sigma", ""),
                ]
            )
    paths.append(p)
    p = os.path.join(out, "games.csv")
    with open(p, "w", newline="") as f:
        w = csv.writer(f)
        n = report["players"]
        w.writerow(
            ["seed", "ok", "error"]
            + [f"seat{i}_bot" for i in range(n)]
            + [f"seat{i}_glory" for i in range(n)]
            + ["winners", "moves", "seconds"]
        )
        for rec in report.get("records", []):
            specs = rec.get("specs", [])
            glory = rec.get("glory", [""] * n)
            moves = rec.get("moves")
            w.writerow(
                [rec.get("seed"), rec.get("ok"), rec.get("error", "")]
                + list(specs)
                + list(glory)
                + [
                    " ".join(map(str, rec.get("winners", []))),
                    moves if isinstance(moves, int) else len(moves or []),
                    rec.get("seconds"),
                ]
            )
    paths.append(p)
    p = os.path.join(out, "winrates.png")
    plot_winrates(report, p)
    paths.append(p)
    return paths


def _plt():
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    return plt


def plot_winrates(report: dict, path: str) -> None:
    plt = _plt()
    bots = [b for b in report["bots"] if b["games"]]
    fig, ax = plt.subplots(figsize=(max(4, 1.4 * len(bots) + 2), 4))
    xs = range(len(bots))
    rates = [b["win_rate"] for b in bots]
    lo = [b["win_rate"] - b["ci95"][0] for b in bots]
    hi = [b["ci95"][1] - b["win_rate"] for b in bots]
    ax.bar(xs, rates, yerr=[lo, hi], capsize=6, color="#4c72b0")
    ax.axhline(1 / report["players"], color="gray", linestyle="--", linewidth=1, label=f"1/{report['players']} (even)")
    ax.set_xticks(list(xs), [b["bot"] for b in bots], rotation=15)
    ax.set_ylim(0, 1)
    ax.set_ylabel("win rate (95% interval)")
    ax.set_title(f"{report['game']}: {report['completed']} games, {report['players']} players")
    ax.legend(loc="upper right")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def balance_table(rep: dict) -> str:
    rows = [
        f"{rep['game']} balance: {rep['completed']}/{rep['games']} games, {rep['players']} players, "
        f"bots {', '.join(rep['lineup'])}, seed {rep['seed']}, {rep['seconds']} s"
    ]
    rows.append("win rate by seat position (seat 0 is the first seat; the first player of age I is random)")
    for s in rep["by_seat"]:
        rows.append(
            f"  seat {s['seat']}: {s['win_rate']:.1%}  [{s['ci95'][0]:.1%}, {s['ci95'][1]:.1%}]"
            f"  over {s['games']} games"
        )
    rows.append(
        "by tribe: games present, glory per player then; players who led it at least once "
        "and their win rate; the one player who led it most and their win rate"
    )
    rows.append(
        f"{'tribe':<10}{'games':>7}{'glory/pl':>10}{'led':>7}{'win%':>8}{'led most':>10}{'win%':>8}{'95% interval':>18}"
    )
    for t in rep["tribes"]:
        wr = "-" if t["led_win_rate"] is None else f"{t['led_win_rate']:.1%}"
        tw = "-" if t["top_leader_win_rate"] is None else f"{t['top_leader_win_rate']:.1%}"
        ci = (
            "-"
            if t["top_leader_win_rate"] is None
            else f"[{t['top_leader_ci95'][0]:.1%}, {t['top_leader_ci95'][1]:.1%}]"
        )
        rows.append(
            f"{t['tribe']:<10}{t['games_present']:>7}{t['glory_per_player_present']:>10.1f}"
            f"{t['led_player_games']:>7}{wr:>8}{t['top_leader_games']:>10}{tw:>8}{ci:>18}"
        )
    rows.append("glory by source (mean per player per game, share of all glory)")
    for k, v in rep["glory_by_source"].items():
        rows.append(f"  {k:<10}{v['mean']:>8.2f}  {v['share']:.1%}")
    return "\n".join(rows)


def plot_balance(rep: dict, path: str) -> None:
    plt = _plt()
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    ax = axes[0]
    seats = rep["by_seat"]
    ax.bar(
        [str(s["seat"]) for s in seats],
        [s["win_rate"] for s in seats],
        yerr=[[s["win_rate"] - s["ci95"][0] for s in seats], [s["ci95"][1] - s["win_rate"] for s in seats]],
        capsize=5,
        color="#4c72b0",
    )
    ax.axhline(1 / rep["players"], color="gray", linestyle="--", linewidth=1)
    ax.set_title("win rate by seat")
    ax.set_xlabel("seat")
    ax = axes[1]
    tr = [t for t in rep["tribes"] if t["top_leader_win_rate"] is not None]
    ax.bar(
        [t["tribe"] for t in tr],
        [t["top_leader_win_rate"] for t in tr],
        yerr=[
            [t["top_leader_win_rate"] - t["top_leader_ci95"][0] for t in tr],
            [t["top_leader_ci95"][1] - t["top_leader_win_rate"] for t in tr],
        ],
        capsize=4,
        color="#55a868",
    )
    ax.axhline(1 / rep["players"], color="gray", linestyle="--", linewidth=1)
    ax.set_title("win rate of the player who led the tribe most")
    ax.tick_params(axis="x", rotation=45)
    ax = axes[2]
    src = rep["glory_by_source"]
    ax.bar(list(src), [v["mean"] for v in src.values()], color="#c44e52")
    ax.set_title("glory by source (per player per game)")
    fig.suptitle(f"{rep['game']} balance: {rep['completed']} games, {rep['players']} players")
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)
