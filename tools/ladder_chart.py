"""Chart the bot ladder of OKC and Anunnaki: python tools/ladder_chart.py [DIR] [OUT.png]

DIR (default bench/strength/ladder, with the other benchmark data) holds GAME/MATCH/results.json, each an
arena run (`meeple arena GAME --bots A,B ... --out`) of the stronger level A
against B. One panel per game: A's win rate with its 95% Wilson interval per
match, the issue's target for that rung (medium vs easy 80%, hard vs medium
60%), the even share, the games behind each bar, and pale bars for screens
(fewer games or a lower budget than the target asks).
"""

from __future__ import annotations

import glob
import json
import os
import sys

TARGETS = {"greedy,random": 0.80, "ismcts:1s,greedy": 0.60}  # issue #19
FULL = 200  # games a target asks


def _target(lineup: str) -> float | None:
    """The rung's target; a search screened at a lower budget is held to hard's."""
    if lineup.startswith("ismcts") and lineup.endswith(",greedy"):
        return TARGETS["ismcts:1s,greedy"]
    return TARGETS.get(lineup)


def collect(root: str) -> dict[str, list[dict]]:
    out: dict[str, list[dict]] = {}
    for path in sorted(glob.glob(os.path.join(root, "*", "*", "results.json"))):
        game = os.path.basename(os.path.dirname(os.path.dirname(path)))
        with open(path) as f:
            rep = json.load(f)
        top = rep["bots"][0]
        lineup = ",".join(rep["lineup"])
        out.setdefault(game, []).append(
            {
                "match": os.path.basename(os.path.dirname(path)),
                "lineup": lineup,
                "games": top["games"],
                "wins": top["wins"],
                "rate": top["win_rate"],
                "ci95": top["ci95"],
                "target": _target(lineup),
                "screen": lineup not in TARGETS or top["games"] < FULL,
            }
        )
    return out


def chart(by_game: dict[str, list[dict]], path: str) -> None:
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, axes = plt.subplots(1, len(by_game), figsize=(5.2 * len(by_game), 4.4), squeeze=False)
    for ax, (game, rows) in zip(axes[0], sorted(by_game.items()), strict=True):
        for x, r in enumerate(rows):
            lo, hi = r["ci95"]
            ax.bar(
                x,
                r["rate"],
                yerr=[[r["rate"] - lo], [hi - r["rate"]]],
                capsize=8,
                color="#9db3d9" if r["screen"] else "#4c72b0",
            )
            if r["target"] is not None:
                ax.hlines(r["target"], x - 0.4, x + 0.4, colors="#c44e52", linewidth=2)
            ax.hlines(0.5, x - 0.4, x + 0.4, colors="gray", linestyles="--")
            ax.text(x, 0.02, f"{r['games']} games", ha="center", fontsize=8, color="black")
        ax.set_xticks(range(len(rows)), [f"{r['match']}\n{r['lineup']}" for r in rows], fontsize=7)
        ax.set_ylim(0, 1)
        ax.set_title(f"{game}: first bot's win rate, 2 players")
        ax.set_ylabel("win rate (95% interval)")
    fig.suptitle("red: the rung's target; dashed: even; pale: a screen, not the full measurement", fontsize=9)
    fig.tight_layout()
    fig.savefig(path, dpi=100)
    plt.close(fig)


def main(argv: list[str]) -> int:
    root = argv[0] if argv else "bench/strength/ladder"
    path = argv[1] if len(argv) > 1 else "docs/strength/ladder/ladder.png"
    by_game = collect(root)
    if not by_game:
        print(f"no results under {root}")
        return 1
    chart(by_game, path)
    for game, rows in sorted(by_game.items()):
        for r in rows:
            print(
                f"{game} {r['match']} ({r['lineup']}): {r['wins']:g}/{r['games']} = {r['rate']:.1%} "
                f"[{r['ci95'][0]:.1%}, {r['ci95'][1]:.1%}]"
            )
    print(f"wrote {path}")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
