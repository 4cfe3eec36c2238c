"""Undo without peeking: may a move be taken back?

A move may be taken back only if it showed nobody anything new. Every game
declares that the same way: a random outcome moves its state's `rng`, and
everything else that comes into someone's view (a card drawn, dealt, refilled,
flipped or shown, a card played from a hidden hand, secret choices disclosed)
is marked by the game with `state._mark_reveal()`. Nothing here knows any game.
"""

from __future__ import annotations


def revealed(before, after) -> bool:
    """Did anything become known to anyone between `before` and `after`
    (`after` a state reached from `before` by moves)?"""
    return after.rng.state != before.rng.state or after.reveals != before.reveals
