"""`meeple bench`: engine speed, measured the same way for every game.

moves_per_s: uniformly random legal actions, each including its legal-action
generation, over full games (4 players where the game allows), one process.
An action is one decision answered (a band is several: leader, cards, done);
notated_moves_per_s counts the same run in notation moves for comparison.
clones_per_s: clones of a mid-game state.
"""

from __future__ import annotations

import os
import platform
import random
import time


def _mid_game(game, players: int, seed: int):
    s = game.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(150):
        if s.is_terminal():
            break
        s.apply_legal(rng.choice(s.legal_actions()))
    return s


def bench(name: str, seconds: float = 5.0, players: int = 4) -> dict:
    from meeple import games as registry

    game = registry.get(name)
    players = max(game.MIN_PLAYERS, min(players, game.MAX_PLAYERS))
    rng = random.Random(1)
    actions = notated = games_done = 0
    half = seconds / 2
    t0 = time.perf_counter()
    deadline = t0 + half
    seed = 0
    while time.perf_counter() < deadline:
        s = game.new_game(players, seed=seed, record=False)
        seed += 1
        while not s.is_terminal():
            s.apply_legal(rng.choice(s.legal_actions()))
            actions += 1
        games_done += 1
    move_time = time.perf_counter() - t0
    # notated moves in the same kind of games (recording on, counted apart)
    for i in range(min(games_done, 20)):
        s = game.new_game(players, seed=i)
        r = random.Random(i)
        while not s.is_terminal():
            s.apply_legal(r.choice(s.legal_actions()))
        notated += len(s.moves)
    notated_ratio = notated / max(1, sum(1 for _ in range(min(games_done, 20))))
    mid = _mid_game(game, players, 7)
    clones = 0
    t1 = time.perf_counter()
    deadline = t1 + half
    while time.perf_counter() < deadline:
        for _ in range(1000):
            mid.clone()
        clones += 1000
    clone_time = time.perf_counter() - t1
    per_game = actions / max(games_done, 1)
    return {
        "game": name,
        "players": players,
        "moves_per_s": round(actions / move_time),
        "clones_per_s": round(clones / clone_time),
        "games": games_done,
        "actions_per_game": round(per_game, 1),
        "notated_moves_per_game": round(notated_ratio, 1),
        "notated_moves_per_s": round(actions / move_time * notated_ratio / max(per_game, 1)),
        "seconds": round(move_time + clone_time, 2),
        "cores": os.cpu_count(),
        "python": platform.python_version(),
    }
