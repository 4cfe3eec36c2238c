"""Bots: they see what their seat may see, nothing more.

A bot gets an `Observation` (the seat's redacted view and its legal actions)
and returns one of those actions. To search, a bot rebuilds a full state from
the view with the game's `from_view(view, seat, rng)`, which samples every
hidden card: the true state is never in a bot's hands.
"""

from meeple.bots.base import Bot, Observation, observe
from meeple.bots.random_bot import RandomBot

__all__ = ["Bot", "Observation", "observe", "RandomBot"]
