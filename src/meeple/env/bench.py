"""`meeple bench ethnos --env`: agent turns per second of the AEC environment.

One agent turn is what an RL loop pays per decision: `env.last()` (the
observation: the seat's view encoded, plus the action mask), a uniformly
random action among the mask's ones, and `env.step()`; the dead-agent steps at
game end are not counted as turns. PettingZoo's own `leduc_holdem_v4` is run
by the very same loop in the same process. The two runs are interleaved in
short slices (0.25 s each, alternating) so a busy machine slows both alike;
each figure is its turns over its own measured time.
"""

from __future__ import annotations

import os
import platform
import random
import time


class _Runner:
    """Random masked play of one AEC env, resumable slice by slice."""

    def __init__(self, make_env, seed: int = 0):
        self.env = make_env()
        self.rng = random.Random(seed)
        self.env.reset(seed=seed)
        self.it = iter(self.env.agent_iter())
        self.turns = self.games = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> None:
        import numpy as np

        env, rng = self.env, self.rng
        flatnonzero = np.flatnonzero
        t0 = time.perf_counter()
        deadline = t0 + seconds
        turns = 0
        while True:
            for _agent in self.it:
                obs, reward, term, trunc, info = env.last()
                if term or trunc:
                    env.step(None)
                    continue
                legal = flatnonzero(obs["action_mask"])
                env.step(int(legal[rng.randrange(len(legal))]))
                turns += 1
                if not turns & 63 and time.perf_counter() >= deadline:
                    break
            else:  # the game is over: the next one
                self.games += 1
                env.reset()
                self.it = iter(env.agent_iter())
            if time.perf_counter() >= deadline:
                break
        self.elapsed += time.perf_counter() - t0
        self.turns += turns

    @property
    def rate(self) -> float:
        return self.turns / self.elapsed if self.elapsed else 0.0


def bench_env(name: str = "ethnos", seconds: float = 10.0, players: int = 4, slice_s: float = 0.25) -> dict:
    import importlib

    from meeple import games
    from meeple.core.game import GameError

    spec = games.get(name)
    if spec.env is None:
        raise GameError(f"no RL environment for {name!r} yet")
    mod = importlib.import_module(spec.env)  # the environment the game's spec names
    ours = _Runner(lambda: mod.env(players=players))
    leduc = leduc_error = None
    try:
        from pettingzoo.classic import leduc_holdem_v4

        leduc = _Runner(leduc_holdem_v4.env)
    except ImportError as e:  # rlcard / pygame-ce missing
        leduc_error = f"{type(e).__name__}: {e}"
    runners = [ours] if leduc is None else [ours, leduc]
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        for r in runners:
            r.run(min(slice_s, seconds / (2 * len(runners))))
    out = {
        "game": name,
        "env": f"meeple.env.{name}_v0",
        "players": players,
        "agent_turns_per_s": round(ours.rate),
        "turns": ours.turns,
        "games": ours.games,
    }
    if leduc is None:
        out["leduc_holdem_v4_agent_turns_per_s"] = None
        out["leduc_error"] = leduc_error
    else:
        out["leduc_holdem_v4_agent_turns_per_s"] = round(leduc.rate)
        out["leduc_turns"] = leduc.turns
        out["ratio_vs_leduc"] = round(ours.rate / leduc.rate, 2)
    out["seconds"] = round(time.perf_counter() - t0, 2)
    out["cores"] = os.cpu_count()
    out["python"] = platform.python_version()
    return out
