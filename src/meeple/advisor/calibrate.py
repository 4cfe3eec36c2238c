"""Does a win estimate mean what it says? `meeple advisor-calibrate`.

Bot games are played (Ethnos: its greedy bot in every seat; OKC, which has
no greedy bot: ISMCTS with 25 simulations per decision in every seat;
Anunnaki: random bots, since its ISMCTS self-play games take minutes each). In each game a sample of positions is taken; at each the
advisor's search (`search.options`, from the deciding seat's view, a fixed
simulation budget) gives the raw value of its best move, and the game's end
says whether that seat won (a shared win counts as its share).

The positions are split by game into two halves: a logistic map (see
`calibration.py`) is fitted on one half and judged on the other, and the
other way round, so the figures reported are out-of-sample. Reported per
game: expected calibration error (ECE: the mean gap between the estimate and
the win rate over 10 equal-width buckets, weighted by bucket size) and the
Brier score, for the raw values and for the calibrated ones; and a
reliability chart. `--write` then fits on every position and stores the map
in calibration.json, which `hint` and `analyse` use.
"""

from __future__ import annotations

import json
import random
from typing import Any

from meeple.i18n import DEFAULT

BOTS = {"ethnos": "greedy", "okc": "ismcts:25", "anunnaki": "random"}
BUCKETS = 10


def play_and_sample(job: tuple) -> list[dict]:
    """One bot game; (raw estimate, players, outcome) at about `per_game` of its
    decisions (runs in a worker)."""
    from meeple import games
    from meeple.advisor.search import options
    from meeple.bots.base import observe
    from meeple.bots.registry import make_bot

    name, players, seed, per_game, iterations = job
    state = games.get(name).new_game(players, seed=seed)
    bots = [make_bot(BOTS[name], seed=seed * 7 + i, game=name) for i in range(players)]
    rng = random.Random(seed)
    picked = []
    steps = 0
    while not state.is_terminal():
        d = state.decision()
        for seat in d.seats:
            obs = observe(state, seat)
            if len(obs.legal) > 1:
                picked.append(obs)
            state.apply_action(bots[seat].choose(obs), seat)
            steps += 1
    sample = rng.sample(picked, min(per_game, len(picked)))
    out = []
    returns = state.returns()
    for k, obs in enumerate(sample):
        best = options(obs, iterations=iterations, seed=seed + k)[0]
        out.append(
            {
                "game": name,
                "seed": seed,
                "players": players,
                "seat": obs.seat,
                "raw": best.raw,
                "won": returns[obs.seat],
            }
        )
    return out


def fit(rows: list[dict]) -> list[float]:
    """Logistic regression of the outcome on the calibration features (Newton
    steps with a little ridge, so a small sample cannot run away)."""
    import numpy as np

    from meeple.advisor.calibration import features

    X = np.array([features(r["raw"], r["players"]) for r in rows])
    y = np.array([r["won"] for r in rows], dtype=float)
    w = np.array([1.0, 0.0, 0.0])
    ridge = 1e-3 * np.eye(3)
    for _ in range(50):
        p = 1 / (1 + np.exp(-X @ w))
        grad = X.T @ (p - y) + ridge @ w
        hess = (X * (p * (1 - p))[:, None]).T @ X + ridge
        step = np.linalg.solve(hess, grad)
        w = w - step
        if np.abs(step).max() < 1e-9:
            break
    return [float(x) for x in w]


def predict(coef: list[float], row: dict) -> float:
    import math

    from meeple.advisor.calibration import features

    z = sum(a * x for a, x in zip(coef, features(row["raw"], row["players"]), strict=True))
    return 1 / (1 + math.exp(-z))


def reliability(pred: list[float], won: list[float]) -> dict:
    """ECE, Brier and the buckets (mean estimate, win rate, count)."""
    n = len(pred)
    buckets = []
    ece = 0.0
    for b in range(BUCKETS):
        lo, hi = b / BUCKETS, (b + 1) / BUCKETS
        idx = [i for i, p in enumerate(pred) if lo <= p < hi or (b == BUCKETS - 1 and p == 1.0)]
        if not idx:
            continue
        mp = sum(pred[i] for i in idx) / len(idx)
        mw = sum(won[i] for i in idx) / len(idx)
        ece += len(idx) / n * abs(mp - mw)
        buckets.append({"from": lo, "to": hi, "estimate": round(mp, 4), "won": round(mw, 4), "n": len(idx)})
    brier = sum((p - w) ** 2 for p, w in zip(pred, won, strict=True)) / n
    return {"ece": round(ece, 4), "brier": round(brier, 4), "n": n, "buckets": buckets}


def cross_validated(rows: list[dict]) -> list[float]:
    """Each position's calibrated estimate from a map fitted on the other half of the games."""
    seeds = sorted({r["seed"] for r in rows})
    half = {s: i % 2 for i, s in enumerate(seeds)}
    out = [0.0] * len(rows)
    for k in (0, 1):
        coef = fit([r for r in rows if half[r["seed"]] != k])
        for i, r in enumerate(rows):
            if half[r["seed"]] == k:
                out[i] = predict(coef, r)
    return out


def calibrate(
    names: list[str],
    games: int,
    per_game: int,
    iterations: int,
    players: list[int],
    seed: int = 0,
    workers: int = 1,
    backend: str = "process",
    progress: bool = False,
) -> dict:
    from meeple.arena.tournament import run_jobs

    jobs = [
        (name, players[i % len(players)], seed * 100_003 + i, per_game, iterations)
        for name in names
        for i in range(games)
    ]
    rows = [r for rs in run_jobs(play_and_sample, jobs, workers, backend, progress, "calibrating") for r in rs]
    report: dict[str, Any] = {
        "games": games,
        "per_game": per_game,
        "iterations": iterations,
        "players": players,
        "bots": {n: BOTS[n] for n in names},
        "seed": seed,
        "by_game": {},
    }
    for name in names:
        mine = [r for r in rows if r["game"] == name]
        won = [r["won"] for r in mine]
        report["by_game"][name] = {
            "positions": len(mine),
            "raw": reliability([min(1.0, max(0.0, r["raw"])) for r in mine], won),
            "calibrated": reliability(cross_validated(mine), won),
            "coef": fit(mine),
        }
    report["rows"] = rows
    return report


def write_fits(report: dict) -> None:
    """Store the maps fitted on every position for `hint` and `analyse`."""
    from meeple.advisor import calibration

    fits = calibration.fits().copy()
    for name, g in report["by_game"].items():
        fits[name] = {
            "coef": [round(x, 6) for x in g["coef"]],
            "positions": g["positions"],
            "iterations": report["iterations"],
            "bots": report["bots"][name],
        }
    calibration.FILE.write_text(json.dumps(fits, indent=1) + "\n")
    calibration.reload()


def plot(report: dict, path: str) -> None:
    """Reliability chart: per game, the win rate in each bucket against the
    mean estimate, raw and calibrated; the diagonal is a perfect estimate."""
    from meeple.arena.report import _plt

    plt = _plt()
    names = list(report["by_game"])
    fig, axes = plt.subplots(1, len(names), figsize=(4.2 * len(names), 4.2), squeeze=False)
    for ax, name in zip(axes[0], names, strict=True):
        g = report["by_game"][name]
        ax.plot([0, 1], [0, 1], color="grey", linestyle=":", linewidth=1)
        for key, style in (("raw", "o--"), ("calibrated", "s-")):
            b = g[key]["buckets"]
            ax.plot(
                [x["estimate"] for x in b],
                [x["won"] for x in b],
                style,
                label=f"{key}: ECE {g[key]['ece']:.3f}, Brier {g[key]['brier']:.3f}",
            )
        ax.set_title(f"{name} ({g['positions']} positions)")
        ax.set_xlabel("estimated chance of winning")
        ax.set_ylabel("share of positions won")
        ax.set_xlim(0, 1)
        ax.set_ylim(0, 1)
        ax.legend(loc="upper left", fontsize=7)
        ax.grid(alpha=0.3)
    fig.tight_layout()
    fig.savefig(path, dpi=110)
    plt.close(fig)


def table(report: dict, lang: str = DEFAULT) -> str:
    """The figures per game as a markdown table, its words in `lang`."""
    from meeple.advisor.report import GAME_NAME, decimal
    from meeple.i18n import translate

    def t(key: str) -> str:
        return translate(key, lang)

    def fig(x: float) -> str:
        return decimal(x, 3, lang)

    heads = (
        t("report.calibration.game"),
        t("report.calibration.positions"),
        t("report.calibration.ece_raw"),
        t("report.calibration.ece_calibrated"),
        t("report.calibration.brier_raw"),
        t("report.calibration.brier_calibrated"),
    )
    lines = ["| " + " | ".join(heads) + " |", "|---|---|---|---|---|---|"]
    for name, g in report["by_game"].items():
        game = t(GAME_NAME[name]) if name in GAME_NAME else name
        lines.append(
            f"| {game} | {g['positions']} | {fig(g['raw']['ece'])} | {fig(g['calibrated']['ece'])} | "
            f"{fig(g['raw']['brier'])} | {fig(g['calibrated']['brier'])} |"
        )
    return "\n".join(lines)
