"""RLCard's UNO as a speed yardstick for `meeple bench` (issue #20's target:
OKC and Anunnaki at 1.5x its random moves/s, measured in the same run).

The loop is the engine benchmark's own (`meeple.core.bench.RandomPlay`):
`get_legal_actions()`, a uniformly random choice, `step()`, over full
4-player games of `rlcard.games.uno.game.UnoGame` (no step-back history),
resumable slice by slice. Needs the `rl` extra (rlcard).
"""

from __future__ import annotations

import random
import time


class UnoRandomPlay:
    key = "rlcard_uno"

    def __init__(self, players: int = 4, seed: int = 0) -> None:
        from rlcard.games.uno.game import UnoGame
        self.game = UnoGame(allow_step_back=False, num_players=players)
        self.game.np_random.seed(seed)
        self.rng = random.Random(1)
        self.live = False
        self.moves = self.games = 0
        self.elapsed = 0.0

    def run(self, seconds: float) -> None:
        game, choice = self.game, self.rng.choice
        t0 = time.perf_counter()
        deadline = t0 + seconds
        moves = 0
        while True:
            if not self.live or game.is_over():
                if self.live:
                    self.games += 1
                game.init_game()
                self.live = True
            for _ in range(64):
                if game.is_over():
                    break
                game.step(choice(game.get_legal_actions()))
                moves += 1
            if time.perf_counter() >= deadline:
                break
        self.moves += moves
        self.elapsed += time.perf_counter() - t0

    @property
    def rate(self) -> float:
        return self.moves / self.elapsed if self.elapsed else 0.0
