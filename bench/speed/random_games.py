"""Play N random 4-player games, as `meeple bench` does, and nothing else: the
program to count instructions of (`valgrind --tool=callgrind`), with N and 0
games, the difference being play.

    PYTHONHASHSEED=0 valgrind --tool=callgrind python -m bench.speed.random_games okc 40
"""

from __future__ import annotations

import random
import sys

import meeple.games  # noqa: F401  (registers the games)
from meeple.core.spec import declared


def main(name: str, games: int) -> None:
    game = declared(name)
    rules = game.rules  # (imports the game's modules)
    choice = random.Random(1).choice
    for seed in range(games):
        s = rules.new_game(4, seed=seed, record=False)
        while not s.is_terminal():
            s.apply_legal(choice(s.legal_actions()))


if __name__ == "__main__":
    main(sys.argv[1], int(sys.argv[2]))
