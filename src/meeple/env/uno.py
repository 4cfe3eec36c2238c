"""RLCard's UNO as a speed yardstick for `meeple bench` (issue #20's target:
OKC and Anunnaki at 1.5x its random moves/s, measured in the same run).

The loop is the engine benchmark's own (`meeple.core.bench.SlicedPlay`):
`get_legal_actions()`, a uniformly random choice, `step()`, over full
4-player games of `rlcard.games.uno.game.UnoGame` (no step-back history),
resumable slice by slice. Needs the `rl` extra (rlcard).
"""

from __future__ import annotations

import random

from meeple.core.bench import SlicedPlay


class UnoRandomPlay(SlicedPlay):
    key = "rlcard_uno"

    def __init__(self, players: int = 4, seed: int = 0) -> None:
        from rlcard.games.uno.game import UnoGame

        self.game = UnoGame(allow_step_back=False, num_players=players)
        self.game.np_random.seed(seed)
        self.choice = random.Random(1).choice
        self.live = False

    def _batch(self) -> int:
        game = self.game
        if not self.live or game.is_over():
            if self.live:
                self.games += 1
            game.init_game()
            self.live = True
        choice, n = self.choice, 0
        while n < 64 and not game.is_over():
            game.step(choice(game.get_legal_actions()))
            n += 1
        return n
