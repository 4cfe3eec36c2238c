"""Measure `meeple.advisor.hint` at its default budget (docs/advisor.md).

For each game, a few mid-game positions of greedy/random play (2-4 players);
for each, the CPU time of the whole hint call on this thread (observe, search,
naming the moves) and its wall time. Usage:

    PYTHONPATH=src python tools/hint_speed.py [--positions 3] [--seconds 2]
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import time

from meeple import games
from meeple.advisor import hint


def position(name: str, players: int, seed: int, steps: int):
    s = games.get(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        d = s.decision()
        s.apply_action(rng.choice(s.legal_actions(d.seats[0])), d.seats[0])
    while len(s.legal_actions(s.decision().seats[0])) < 2:
        d = s.decision()
        s.apply_action(rng.choice(s.legal_actions(d.seats[0])), d.seats[0])
    return s


def main() -> None:
    ap = argparse.ArgumentParser()
    ap.add_argument("--positions", type=int, default=3)
    ap.add_argument("--seconds", type=float, default=2.0)
    args = ap.parse_args()
    out = {}
    for name in ("ethnos", "okc", "anunnaki"):
        cpu, wall, sims = [], [], []
        for k in range(args.positions):
            s = position(name, 2 + k % 3, 100 + k, 40 + 30 * k)
            seat = s.decision().seats[0]
            c, w = time.thread_time(), time.perf_counter()
            h = hint(s, seat, seconds=args.seconds)
            cpu.append(time.thread_time() - c)
            wall.append(time.perf_counter() - w)
            sims.append(sum(o["visits"] for o in h["options"]))
        out[name] = {
            "positions": len(cpu),
            "cpu_s_max": round(max(cpu), 3),
            "cpu_s_mean": round(statistics.mean(cpu), 3),
            "wall_s_mean": round(statistics.mean(wall), 3),
            "top3_visits_mean": round(statistics.mean(sims)),
        }
    print(json.dumps({"budget_s": args.seconds, "games": out}))


if __name__ == "__main__":
    main()
