"""`meeple bench ethnos --bot ismcts`: how fast a bot thinks, one core.

sims_per_s (ISMCTS): simulations (determinize, select/expand, truncated
rollout, evaluate, back-propagate) per second on 4-player mid-game decisions:
the states `meeple.core.bench` uses (150 random actions into a game), seeds
7, 8, 9, ..., each searched for one slice of the time budget, in this process.
decisions_per_s (other bots): choices per second on the same states.

ISMCTS budgets are CPU seconds of the searching thread, and sims_per_s divides
by the CPU seconds the searches used (a search may stop early when its leading
move can no longer be overtaken, so `seconds` can be below the budget): the
figure depends on the core's speed, much less on other processes' load.
"""

from __future__ import annotations

import os
import platform
import time
from typing import Any

TARGET_SIMS_PER_S = 2000


def bench_bot(name: str, spec: str, seconds: float = 5.0, players: int = 4) -> dict:
    from meeple import games as registry
    from meeple.bots.base import observe
    from meeple.bots.ismcts import ISMCTSBot
    from meeple.bots.registry import make_bot, parse_spec
    from meeple.core.bench import _mid_game

    game = registry.get(name)
    players = max(game.min_players, min(players, game.max_players))
    kind, opts = parse_spec(spec)
    states: list[Any] = []  # game states
    seed = 7
    while len(states) < 5:
        s = _mid_game(game, players, seed)
        seed += 1
        if not s.is_terminal() and len(s.legal_actions()) > 1:
            states.append(s)
    report = {"game": name, "bot": spec, "players": players}
    if kind == "ismcts":
        slice_s = max(0.05, seconds / len(states))
        sims = 0
        used = 0.0
        for i, s in enumerate(states):
            bot = ISMCTSBot(seed=i, seconds=slice_s)
            bot.choose(observe(s))
            sims += bot.last_iterations
            used += bot.last_seconds
        report.update(
            {
                "sims_per_s": round(sims / used),
                "simulations": sims,
                "decisions": len(states),
                "rollout_depth": ISMCTSBot(0).depth,
                "target_sims_per_s": TARGET_SIMS_PER_S,
                "meets_target": sims / used >= TARGET_SIMS_PER_S,
                "seconds": round(used, 2),
                "clock": bot.clock,
            }
        )
    else:
        bot = make_bot(spec, seed=0, game=name)
        n = 0
        t0 = time.perf_counter()
        while time.perf_counter() - t0 < seconds:
            for s in states:
                bot.choose(observe(s))
                n += 1
        used = time.perf_counter() - t0
        report.update({"decisions_per_s": round(n / used), "decisions": n, "seconds": round(used, 2)})
    report.update({"cores_used": 1, "cores": os.cpu_count(), "python": platform.python_version()})
    return report
