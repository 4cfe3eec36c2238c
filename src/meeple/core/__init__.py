"""Game-agnostic engine core: decisions, errors, rng, the game contract (spec)."""

from meeple.core.game import BadState, Decision, GameError, IllegalMove
from meeple.core.rng import Rng

__all__ = ["Decision", "GameError", "IllegalMove", "BadState", "Rng"]
