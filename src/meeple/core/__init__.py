"""Game-agnostic engine core: decisions, errors, rng, the game contract (spec)."""

from meeple.core.game import Decision, GameError, IllegalMove, BadState
from meeple.core.rng import Rng

__all__ = ["Decision", "GameError", "IllegalMove", "BadState", "Rng"]
