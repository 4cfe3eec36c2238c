"""Search helpers for OKC bots: a position value per seat (used by ISMCTS to
cut rollouts short). Influence decides the game; lore, kingdom cards, council
votes and the cards in hand are worth something on the way."""

from __future__ import annotations

from meeple.bots.base import lead_values
from meeple.games.okc import cards as C


def evaluate(s) -> list[float]:
    left = max(0, s.rounds - s.round)
    out = []
    for i in range(s.players):
        v = float(s.influence[i])
        v += 0.3 * s.lore[i] + 0.5 * s.site_lore[i]
        v += 0.4 * sum(1 for sp in s.boards[i] if sp is not None) * (left + 1) / s.rounds
        votes = sum(C.VOTES[g] for c in s.councils for g in c if s.seat_of(g) == i)
        v += 0.3 * votes * (left + 1) / s.rounds
        v += 0.05 * sum(C.STR[g] for g in s.hands[i])
        if s.favour == i:
            v += 0.5
        out.append(v)
    return out


def values(s, scale: float = 4.0) -> list[float]:
    """A value in [0, 1] per seat: how far ahead of the best rival it stands."""
    if s.finished:
        return s.returns()
    return lead_values(evaluate(s), scale)
