"""`meeple bench ethnos --env`: agent turns per second of the AEC environment.

One agent turn is what an RL loop pays per decision: `env.last()` (the
observation: the seat's view encoded, plus the action mask), a uniformly
random action among the mask's ones, and `env.step()`; the dead-agent steps at
game end are not counted as turns. PettingZoo's own `leduc_holdem_v4` is run
by the very same loop in the same process, half the time each, so the two
figures compare on this machine and this run.
"""

from __future__ import annotations

import os
import platform
import random
import time


def _turns_per_s(make_env, seconds: float, seed: int = 0) -> tuple[float, int, int]:
    import numpy as np
    env = make_env()
    rng = random.Random(seed)
    turns = games = 0
    env.reset(seed=seed)
    t0 = time.perf_counter()
    deadline = t0 + seconds
    while True:
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            if term or trunc:
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
            turns += 1
        games += 1
        if time.perf_counter() >= deadline:
            break
        env.reset()
    elapsed = time.perf_counter() - t0
    return turns / elapsed, turns, games


def bench_env(name: str = "ethnos", seconds: float = 10.0, players: int = 4) -> dict:
    import importlib
    from meeple.core.game import GameError
    try:
        mod = importlib.import_module(f"meeple.env.{name}_v0")
    except ModuleNotFoundError as e:
        if e.name != f"meeple.env.{name}_v0":
            raise
        raise GameError(f"no RL environment for {name!r} yet (meeple.env.{name}_v0)") from None
    half = seconds / 2
    ours, turns, games = _turns_per_s(lambda: mod.env(players=players), half)
    out = {
        "game": name,
        "env": f"meeple.env.{name}_v0",
        "players": players,
        "agent_turns_per_s": round(ours),
        "turns": turns,
        "games": games,
        "turns_per_game": round(turns / max(games, 1), 1),
    }
    try:
        from pettingzoo.classic import leduc_holdem_v4
    except ImportError as e:  # rlcard / pygame missing
        out["leduc_holdem_v4_agent_turns_per_s"] = None
        out["leduc_error"] = f"{type(e).__name__}: {e}"
    else:
        leduc, lturns, _ = _turns_per_s(leduc_holdem_v4.env, half)
        out["leduc_holdem_v4_agent_turns_per_s"] = round(leduc)
        out["ratio_vs_leduc"] = round(ours / leduc, 2)
    out["seconds"] = round(seconds, 2)
    out["cores"] = os.cpu_count()
    out["python"] = platform.python_version()
    return out
