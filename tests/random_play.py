"""Positions for tests: a game after some uniformly random actions."""

from __future__ import annotations

import random

from meeple import games


def mid_game(name: str, players: int, seed: int, steps: int):
    """Game `name` after up to `steps` random actions (the first deciding
    seat answers each; fewer if the game ends), from `seed`."""
    s = games.get(name).new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        d = s.decision()
        s.apply_action(rng.choice(s.legal_actions(d.seats[0])), d.seats[0])
    return s


def played_log(game: str, players: int, seed: int) -> list:
    """The event log of one seeded random game of `game` (to its end, at most 4,000 actions)."""
    import random

    from meeple.core.spec import declared

    s = declared(game).rules.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(4000):
        if s.is_terminal():
            break
        s.apply_action(rng.choice(s.legal_actions()))
    return s.log()
