"""Uniformly random legal actions (seeded)."""

from __future__ import annotations

import random

from meeple.bots.base import Observation


class RandomBot:
    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.rng = random.Random(seed)

    def choose(self, obs: Observation) -> int:
        return self.rng.choice(obs.legal)
