"""Files for an analysis: analysis.json, analysis.md (for people), winchance.png."""

from __future__ import annotations

import json
import os


def write_analysis(rep: dict, out: str) -> list[str]:
    os.makedirs(out, exist_ok=True)
    paths = [os.path.join(out, name) for name in ("analysis.json", "analysis.md", "winchance.png")]
    with open(paths[0], "w") as f:
        json.dump(rep, f, indent=1)
    with open(paths[1], "w") as f:
        f.write(summary(rep))
    plot_win_chance(rep, paths[2])
    return paths


def _pct(x) -> str:
    return "-" if x is None else f"{x:.0%}"


def summary(rep: dict) -> str:
    """The analysis in words: per seat, then where the game was lost, then every decision."""
    budget = rep["budget"]
    spent = (
        f"{budget['iterations']} simulations" if budget["iterations"] else f"{budget['seconds']:g} s CPU"
    ) + " per decision"
    lines = [
        f"# Analysis: {rep['game']}, {rep['players']} players, seed {rep['seed']}",
        "",
        f"Mode: {rep['mode']}. Search: {spent}; {len(rep['decisions'])} decisions in "
        f"{rep['seconds']} s on {rep['workers']} worker(s) ({rep['backend']}).",
        "Finished: "
        + (
            "yes, won by seat " + ", ".join(map(str, rep["winners"]))
            if rep["finished"]
            else "no (the game was left early)"
        ),
        "",
        "| seat | score | won | decisions | played the search's best | chance given away |",
        "|---|---|---|---|---|---|",
    ]
    for s in rep["seats"]:
        won = "-" if s["won"] is None else ("yes" if s["won"] else "no")
        lines.append(
            f"| {s['seat']} | {s['score']} | {won} | {s['decisions']} | {s['matched_best']} | {s['total_cost']:.2f} |"
        )
    lines += ["", "## Where the game was lost", "", "The moves that cost their seat the most winning chance:", ""]
    costly = sorted((r for r in rep["decisions"] if r.get("costly")), key=lambda r: -r["cost"])
    for r in costly:
        lines.append(
            f"- move {r['ply'] + 1}, seat {r['seat']}: played `{r['played']}` "
            f"({_pct(r['played_win'])}); `{r['best']}` kept {_pct(r['before'])} "
            f"(-{r['cost']:.0%})"
        )
    if not costly:
        lines.append("- none: no move lost more than a couple of points of winning chance")
    lines += [
        "",
        "## Every decision",
        "",
        "| move | seat | played | chance after | best | chance before | best alternative | its chance |",
        "|---|---|---|---|---|---|---|---|",
    ]
    for r in rep["decisions"]:
        mark = " **(costly)**" if r.get("costly") else ""
        lines.append(
            f"| {r['ply'] + 1} | {r['seat']} | `{r['played']}`{mark} | {_pct(r['played_win'])} | "
            f"`{r['best']}` | {_pct(r['before'])} | `{r['alternative'] or '-'}` | "
            f"{_pct(r['alternative_win'])} |"
        )
    return "\n".join(lines) + "\n"


def plot_win_chance(rep: dict, path: str) -> None:
    """Each seat's estimated chance of winning at its decisions, move by move;
    the costly moves are circled."""
    from meeple.arena.report import _plt

    plt = _plt()
    fig, ax = plt.subplots(figsize=(10, 4.5))
    for seat in range(rep["players"]):
        rows = [r for r in rep["decisions"] if r["seat"] == seat]
        xs = [r["ply"] + 1 for r in rows]
        ys = [r["before"] for r in rows]
        if rep["finished"]:  # the end: won or not
            xs.append(rep["plies"])
            ys.append(1.0 if seat in rep["winners"] else 0.0)
        (line,) = ax.step(xs, ys, where="post", label=f"seat {seat}", linewidth=1.4)
        bad = [r for r in rows if r.get("costly")]
        ax.scatter(
            [r["ply"] + 1 for r in bad],
            [r["played_win"] for r in bad],
            s=60,
            facecolors="none",
            edgecolors=line.get_color(),
            linewidths=1.5,
        )
    ax.set_ylim(-0.02, 1.02)
    ax.set_xlabel("move")
    ax.set_ylabel("estimated chance of winning")
    ax.set_title(
        f"{rep['game']}, seed {rep['seed']}: win chance over the game (circles: the costliest moves, chance after them)"
    )
    ax.grid(alpha=0.3)
    ax.legend(loc="upper left", fontsize=8)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)
