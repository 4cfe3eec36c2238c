"""Search helpers for Anunnaki (used by the game-agnostic ISMCTS bot).

`values(state)`: a value in [0, 1] per seat from an estimate of final points
(banked VP, track standing times the objectives, domination, resources), so a
search can stop its rollouts after a few actions instead of playing ~1000.
"""

from __future__ import annotations

from meeple.bots.base import lead_values
from meeple.games.anunnaki.data import DATA, TRACKS


def evaluate(s) -> list[float]:
    P = s.players
    est = []
    for i, sd in enumerate(s.seats):
        v = float(sd["vp"])
        for k, t in enumerate(TRACKS):
            v += s.objective(i, s.objectives[t]) * DATA.multipliers[sd["tracks"][k]]
        v += DATA.dom_vp[sd["dom"]]
        v += (sum(sd["res"]) + sd["mana"]) / 5.0
        v += len(sd["summoned"]) * 1.5 + (3 if sd["major"] else 0)
        est.append(v)
    return est[:P]


def values(s, scale: float = 10.0) -> list[float]:
    """A value in [0, 1] per seat: how far ahead of the best rival it stands."""
    if s.finished:
        return s.returns()
    return lead_values(evaluate(s), scale)
