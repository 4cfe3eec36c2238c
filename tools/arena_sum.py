"""Sum `meeple arena --out DIR` chunks: python tools/arena_sum.py DIR [DIR ...] [--bot SPEC] [--ladder OUT]

Adds up games, wins (shared wins as fractions), glory and think time over the
chunks' results.json for one line-up entry (default: the first), and gives the
win rate's 95% Wilson interval on the sum, mean CPU time and simulations per
searched decision, the share of searches stopped early, and the chunks' wall
time. Chunks must be the same line-up (seeds differ). `--ladder OUT` also
writes the sum as a rung of the ladder chart (`tools/ladder_chart.py` reads
OUT, e.g. bench/strength/ladder/okc/4-hard-1s-65cf02f/results.json).
"""

from __future__ import annotations

import json
import os
import sys

from meeple.arena.tournament import wilson


def summarize(dirs: list[str], bot: str | None = None) -> dict | None:
    """The sum over the chunks in `dirs` for one line-up entry (default: the
    first); None when no chunk has finished."""
    tot = {
        "games": 0,
        "wins": 0.0,
        "glory": 0.0,
        "others_glory": 0.0,
        "others": 0,
        "searched": 0,
        "cpu": 0.0,
        "wall_think": 0.0,
        "iters": 0,
        "early": 0,
        "wall": 0.0,
        "chunks": 0,
        "errors": 0,
    }
    lineup = label = None
    seeds = []
    for d in dirs:
        path = os.path.join(d, "results.json")
        if not os.path.exists(path):
            continue
        with open(path) as f:
            rep = json.load(f)
        if lineup is None:
            lineup = rep["lineup"]
        elif rep["lineup"] != lineup:
            raise SystemExit(f"{d}: line-up {rep['lineup']} differs from {lineup}")
        label = bot or rep["bots"][0]["bot"]
        seeds.append(rep["seed"])
        tot["chunks"] += 1
        tot["errors"] += rep["errors"]
        tot["wall"] += rep["seconds"]
        for b in rep["bots"]:
            if b["bot"] == label:
                tot["games"] += b["games"]
                tot["wins"] += b["wins"]
                tot["glory"] += b["mean_glory"] * b["games"]
                t = b.get("think") or {}
                tot["searched"] += t.get("searched", 0)
                tot["cpu"] += t.get("cpu_s", 0.0)
                tot["wall_think"] += t.get("wall_s", 0.0)
                tot["iters"] += round((t.get("mean_iterations") or 0) * t.get("searched", 0))
                tot["early"] += round((t.get("stopped_early") or 0) * t.get("searched", 0))
            else:
                tot["others_glory"] += b["mean_glory"] * b["games"]
                tot["others"] += b["games"]
    n = tot["games"]
    if not n:
        return None
    lo, hi = wilson(tot["wins"], n)
    s = tot["searched"] or 1
    return {
        "lineup": lineup,
        "bot": label,
        "chunks": tot["chunks"],
        "seeds": sorted(seeds),
        "games": n,
        "wins": round(tot["wins"], 3),
        "win_rate": round(tot["wins"] / n, 4),
        "ci95": [round(lo, 4), round(hi, 4)],
        "mean_glory": round(tot["glory"] / n, 2),
        "others_mean_glory": round(tot["others_glory"] / max(1, tot["others"]), 2),
        "searched_decisions": tot["searched"],
        "mean_cpu_s_per_searched": round(tot["cpu"] / s, 4),
        "mean_wall_s_per_searched": round(tot["wall_think"] / s, 4),
        "mean_iterations_per_searched": round(tot["iters"] / s, 1),
        "stopped_early": round(tot["early"] / s, 4),
        "chunk_wall_s": round(tot["wall"], 1),
        "errors": tot["errors"],
    }


def _option(argv: list[str], name: str) -> tuple[str | None, list[str]]:
    if name not in argv:
        return None, argv
    i = argv.index(name)
    return argv[i + 1], argv[:i] + argv[i + 2 :]


def main(argv: list[str]) -> int:
    bot, argv = _option(argv, "--bot")
    ladder, argv = _option(argv, "--ladder")
    out = summarize(argv, bot)
    if out is None:
        print("no finished chunks")
        return 1
    print(json.dumps(out, indent=1))
    if ladder:
        parents = sorted({os.path.dirname(os.path.normpath(d)) for d in argv})
        rung = {
            "summed_from": f"{', '.join(p + '/s*' for p in parents)} by tools/arena_sum.py",
            "lineup": out["lineup"],
            "bots": [{k: v for k, v in out.items() if k != "lineup"}],
        }
        os.makedirs(os.path.dirname(ladder) or ".", exist_ok=True)
        with open(ladder, "w") as f:
            json.dump(rung, f, indent=1)
            f.write("\n")
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
