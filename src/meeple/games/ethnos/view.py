"""The secrecy boundary: what one seat (or a spectator) may see.

`view` is the only function that turns a state into something shown to a
player, a bot or a client; every card the viewer may not see is written "?".
`determinize` is its inverse for search bots: it deals the unseen cards anew,
consistently with everything the seat can see.
"""

from __future__ import annotations

from meeple.games.ethnos import notation
from meeple.games.ethnos.cards import DRAGON, tribe_cards

HIDDEN = "?"


def view(s, seat: int | None) -> dict:
    """STATE as `seat` sees it (None: a spectator)."""
    doc = notation.dump(s)
    doc.pop("rng", None)
    doc["deck"] = [HIDDEN] * len(s.deck)
    for i, sd in enumerate(doc["seats"]):
        if i != seat:
            sd["hand"] = [HIDDEN] * len(sd["hand"])
    pending = doc.get("pending")
    if pending is not None and pending.get("seat") != seat:
        pending["build"] = [HIDDEN] * len(pending["build"])
    return doc


def unseen_cards(s, seat: int) -> list[int]:
    """The cards `seat` cannot locate: other hands and the deck (dragons included)."""
    out = list(s.deck)
    for i, h in enumerate(s.hands):
        if i != seat:
            out.extend(h)
    if s.kind in ("band", "keep") and s.dseat != seat:
        out.extend(s.build)
    return out


def determinize(s, seat: int, rng):
    """A copy of `s` with every card hidden from `seat` dealt again at random.

    What stays fixed is what the seat knows: its own hand, the market, all bands,
    the number of cards in each hand and in the deck, and how many dragons are
    left (dragons stay in the deck's bottom half only as far as the seat knows
    the deck's order, which it does not: they are dealt among the deck cards).
    """
    n = s.clone()
    n.record = False
    pool = unseen_cards(s, seat)
    dragons = [c for c in pool if c == DRAGON]
    cards = [c for c in pool if c != DRAGON]
    rng.shuffle(cards)
    for i, h in enumerate(n.hands):
        if i != seat:
            k = len(h)
            h[:] = cards[:k]
            del cards[:k]
    if n.kind in ("band", "keep") and n.dseat != seat:
        k = len(n.build)
        n.build = cards[:k]
        del cards[:k]
    deck = cards + dragons
    rng.shuffle(deck)
    n.deck = deck
    return n


__all__ = ["view", "determinize", "unseen_cards", "tribe_cards"]
