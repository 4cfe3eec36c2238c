"""Chart the stored 1 s strength runs: python tools/strength_chart.py [RUNS] [OUT.png]

RUNS (default bench/strength/runs) holds COMMIT/pN/sSEED/results.json chunks
(tools/strength.sh writes them). For each commit and player count the chunks
are summed (tools/arena_sum.py) and drawn as ISMCTS's win rate against greedy
with its 95% Wilson interval, beside issue #3's target for that player count,
the even share, and how many games stand behind the bar. A second panel shows
the running estimate as the chunks came in (seed order), with its interval:
whether the figure has settled, and how far it is from the target.
"""

from __future__ import annotations

import glob
import importlib.util
import itertools
import os
import sys

TARGET = {2: 0.60, 4: 0.35}  # issue #3: ismcts at 1 s/move vs greedy
MIN_GAMES = 200  # issue #3: games each
RUNS = "bench/strength/runs"  # the data (tools/strength.sh writes it)
CHART = "docs/strength/strength.png"  # the picture docs/strength.md shows


def _arena_sum():
    spec = importlib.util.spec_from_file_location(
        "arena_sum", os.path.join(os.path.dirname(os.path.abspath(__file__)), "arena_sum.py")
    )
    mod = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(mod)
    return mod


def collect(runs: str) -> list[dict]:
    summarize = _arena_sum().summarize
    out = []
    for commit in sorted(os.listdir(runs)):
        for pdir in sorted(glob.glob(os.path.join(runs, commit, "p*"))):
            players = int(os.path.basename(pdir)[1:])
            chunks = sorted(
                (d for d in glob.glob(os.path.join(pdir, "s*")) if os.path.exists(os.path.join(d, "results.json"))),
                key=lambda d: int(os.path.basename(d)[1:]),
            )
            rep = summarize(chunks)
            if rep is not None:
                running = [summarize(chunks[:i]) for i in range(1, len(chunks) + 1)]
                out.append(
                    dict(
                        rep,
                        commit=commit,
                        players=players,
                        running=[(r["games"], r["win_rate"], *r["ci95"]) for r in running],
                    )
                )
    return out


def chart(rows: list[dict], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, (ax, run_ax) = plt.subplots(
        1, 2, figsize=(max(6, 1.8 * len(rows) + 3) + 6, 4.2), gridspec_kw={"width_ratios": [max(2, len(rows)), 4]}
    )
    for x, r in enumerate(rows):
        lo, hi = r["ci95"]
        ax.bar(
            x,
            r["win_rate"],
            yerr=[[r["win_rate"] - lo], [hi - r["win_rate"]]],
            capsize=8,
            color="#4c72b0" if r["games"] >= MIN_GAMES else "#9db3d9",
        )
        t = TARGET.get(r["players"])
        if t is not None:
            ax.hlines(t, x - 0.4, x + 0.4, colors="#c44e52", linewidth=2, label="target" if x == 0 else None)
        ax.hlines(
            1 / r["players"], x - 0.4, x + 0.4, colors="gray", linestyles="--", label="even share" if x == 0 else None
        )
        ax.text(x, 0.02, f"{r['games']} games", ha="center", fontsize=8, color="white")
    ax.set_xticks(range(len(rows)), [f"{r['players']}p @ {r['commit']}" for r in rows])
    ax.set_ylim(0, 1)
    ax.set_ylabel("ISMCTS 1 s win rate vs greedy (95% interval)")
    ax.set_title(f"Ethnos: ismcts:1s vs greedy (pale: fewer than {MIN_GAMES} games)")
    ax.legend(loc="upper right", fontsize=8)
    for r, colour in zip(rows, itertools.cycle(("#4c72b0", "#dd8452", "#55a868", "#8172b3", "#937860"))):
        games, rate, lo, hi = zip(*r["running"], strict=True)
        label = f"{r['players']}p @ {r['commit']}"
        run_ax.plot(games, rate, marker=".", color=colour, label=label)
        run_ax.fill_between(games, lo, hi, color=colour, alpha=0.15)
        t = TARGET.get(r["players"])
        if t is not None:
            run_ax.axhline(t, color=colour, linestyle=":", linewidth=1)
    run_ax.axvline(MIN_GAMES, color="gray", linestyle="--", linewidth=1)
    run_ax.set_xlim(0, max(MIN_GAMES, max(r["games"] for r in rows)) + 8)
    run_ax.set_ylim(0, 1)
    run_ax.set_xlabel(f"games (dashed: {MIN_GAMES}; dotted: each target)")
    run_ax.set_ylabel("running win rate (95% interval)")
    run_ax.set_title("as the chunks came in")
    run_ax.legend(loc="lower right", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str]) -> int:
    runs = argv[0] if argv else RUNS
    path = argv[1] if len(argv) > 1 else CHART
    rows = collect(runs)
    if not rows:
        print(f"no finished chunks under {runs}")
        return 1
    chart(rows, path)
    for r in rows:
        print(
            f"{r['players']}p @ {r['commit']}: {r['wins']}/{r['games']} = {r['win_rate']:.1%} "
            f"[{r['ci95'][0]:.1%}, {r['ci95'][1]:.1%}], {r['mean_iterations_per_searched']:.0f} "
            f"simulations and {r['mean_cpu_s_per_searched'] * 1000:.0f} ms CPU per searched decision"
        )
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
