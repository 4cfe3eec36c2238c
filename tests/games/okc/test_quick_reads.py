"""The quick reads the rules ask at every decision agree with the full ones
they stand for, at every decision of random games."""

from __future__ import annotations

import random

from meeple.games.okc import new_game


def test_has_votes_is_votes_above_zero_in_random_games():
    seen: set[bool] = set()
    for seed in range(12):
        s = new_game(4, seed=seed, record=False)
        rng = random.Random(seed)
        while not s.is_terminal():
            for seat in range(s.players):
                for council in range(3):
                    want = s.votes(seat, council) > 0
                    assert s.has_votes(seat, council) == want, (seed, seat, council)
                    seen.add(want)
            s.apply_legal(rng.choice(s.legal_actions()))
    assert seen == {True, False}
