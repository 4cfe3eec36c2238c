"""CPU per decision of a game's heuristic policy, as ISMCTS calls it (on a
full state): `python tools/policy_speed.py okc|anunnaki|ethnos [GAMES]`.

Seat 0 plays the policy, the others random, at 2, 3 and 4 players in turn
(seeds 0, 1, ...); each policy call is timed on the thread's CPU clock, so
other processes' load hardly changes the figure.
"""

from __future__ import annotations

import importlib
import random
import statistics
import sys
import time

from meeple import games


def measure(name: str, n_games: int) -> dict:
    game = games.get(name)
    policy = importlib.import_module(f"meeple.games.{name}.bot").policy
    times = []
    for seed in range(n_games):
        s = game.new_game(2 + seed % 3, seed=seed)
        rng = random.Random(seed)
        while not s.is_terminal():
            seat = s.decision().seats[0]
            if seat == 0:
                t = time.thread_time()
                a = policy(s, rng)
                times.append(time.thread_time() - t)
            else:
                a = rng.choice(s.legal_actions(seat))
            s.apply_action(a, seat)
    times.sort()
    return {
        "game": name,
        "games": n_games,
        "decisions": len(times),
        "mean_ms": round(statistics.mean(times) * 1e3, 3),
        "median_ms": round(times[len(times) // 2] * 1e3, 3),
        "p99_ms": round(times[int(len(times) * 0.99)] * 1e3, 3),
    }


if __name__ == "__main__":
    print(measure(sys.argv[1], int(sys.argv[2]) if len(sys.argv) > 2 else 6))
