"""The secrecy boundary: what one seat (or a spectator) may see.

`view` is the only function that turns a state into something shown to a
player, a bot or a client; every card the viewer may not see is written "?".
`determinize` is its inverse for search bots: it deals the unseen cards anew,
consistently with everything the seat can see.
"""

from __future__ import annotations

from collections import Counter

from meeple.core.rng import Rng, seed_from
from meeple.games.ethnos import notation
from meeple.games.ethnos.cards import CARD_BY_NAME, DRAGON, tribe_cards

HIDDEN = notation.HIDDEN


def view(s, seat: int | None) -> dict:
    """STATE as `seat` sees it (None: a spectator)."""
    return notation.dump(s, redact=True, viewer=seat)


def unseen_cards(s, seat: int | None) -> list[int]:
    """The cards `seat` cannot locate: other hands and the deck (dragons included)."""
    out = list(s.deck)
    for i, h in enumerate(s.hands):
        if i != seat:
            out.extend(h)
    if s.kind in ("band", "keep") and s.dseats[0] != seat:
        out.extend(s.build)
    return out


def known_cards(log, players: int, seat: int) -> list[list[int]]:
    """The cards each other seat is publicly known to hold, from the public log.

    A card recruited from the market is seen going into that hand; it stays
    known until it is seen leaving it, in a band or in a discard (the whole
    rest of the hand is discarded face up, an elf keep excepted: known cards
    seen in neither were kept). Hands empty at the end of an age. Events the
    log does not hold (a state loaded mid-game) just leave fewer cards known.
    """
    held: list[Counter] = [Counter() for _ in range(players)]
    for kind, who, detail, _private in log:
        if kind in ("age_end", "age_start"):
            for h in held:
                h.clear()
        elif who is None or who == seat or not 0 <= who < players:
            continue
        elif kind == "recruit":
            held[who][CARD_BY_NAME[detail]] += 1
        elif kind in ("band", "discard"):
            held[who] -= Counter(CARD_BY_NAME[n] for n in detail)
    return [sorted(h.elements()) for h in held]


def _pin(known: list[list[int]], hands: list[int], pool: list[int]) -> list[list[int]]:
    """Known cards placed back in their hands: at most each hand's size, and
    only cards still among the unseen ones (taken out of `pool`)."""
    out = []
    for i, cards in enumerate(known):
        kept: list[int] = []
        for c in cards:
            if len(kept) < hands[i] and c in pool:
                pool.remove(c)
                kept.append(c)
        out.append(kept)
    return out


def determinize(s, seat: int | None, rng):
    """A copy of `s` with every card hidden from `seat` dealt again at random.

    What stays fixed is what the seat knows: its own hand, the market, all bands,
    the number of cards in each hand and in the deck, how many dragons are
    left (dragons stay in the deck's bottom half only as far as the seat knows
    the deck's order, which it does not: they are dealt among the deck cards),
    and, on a state built by `from_view` with the public log, the cards each
    opponent is known to hold (`s.known`: that seat and the cards per hand).
    """
    n = s.clone()
    n.record = False
    n.rng = Rng(seed_from(rng))  # its own future: not the real game's shuffles
    pool = sorted(unseen_cards(s, seat))
    known = s.known[1] if s.known is not None and s.known[0] == seat else None
    if known is not None:
        for cards in known:
            for c in cards:
                pool.remove(c)
    dragons = [c for c in pool if c == DRAGON]
    cards = [c for c in pool if c != DRAGON]
    rng.shuffle(cards)
    for i, h in enumerate(n.hands):
        if i != seat:
            k = len(h)
            pinned = known[i] if known is not None else ()
            h[:] = list(pinned) + cards[: k - len(pinned)]
            del cards[: k - len(pinned)]
    if n.kind in ("band", "keep") and n.dseats[0] != seat:
        k = len(n.build)
        n.build = cards[:k]
        del cards[:k]
    deck = cards + dragons
    rng.shuffle(deck)
    n.deck = deck
    return n


def from_view(doc: dict, seat: int, rng, log=()):
    """A full state built from `seat`'s view and public log, hidden cards sampled.

    The cards the seat cannot see are every card of the tribes in play less
    those it can see (its hand, the market, all bands) — computed from the view,
    never from the true state, so a bot that searches this cannot peek. Cards
    the log shows an opponent still holds (`known_cards`) are dealt to that
    opponent and stay there in every `determinize` of the result.
    """
    from meeple.games.ethnos import data
    from meeple.games.ethnos.cards import TRIBE_INDEX

    pool = []
    for t in doc["tribes"]:
        pool.extend(tribe_cards(TRIBE_INDEX[t]))
    seen = []
    seen.extend(doc["market"])
    for i, sd in enumerate(doc["seats"]):
        if i == seat:
            seen.extend(sd["hand"])
        for b in sd["bands"]:
            seen.extend(b["cards"])
    pending = doc.get("pending")
    if pending and pending.get("seat") == seat:
        seen.extend(pending.get("build", []))
    for name in seen:
        c = CARD_BY_NAME[name]
        if c in pool:
            pool.remove(c)
    pool.sort()
    hands = [len(sd["hand"]) for sd in doc["seats"]]
    known = _pin(known_cards(log, len(hands), seat), hands, pool)
    rng.shuffle(pool)
    names = [n for n in (CARD_NAME_OF(c) for c in pool)]
    full = dict(doc)
    full["seats"] = [dict(sd) for sd in doc["seats"]]
    for i, sd in enumerate(full["seats"]):
        if i != seat:
            k = len(sd["hand"]) - len(known[i])
            sd["hand"], names = [CARD_NAME_OF(c) for c in known[i]] + names[:k], names[k:]
    if pending and pending.get("seat") != seat:
        k = len(pending.get("build", []))
        full["pending"] = dict(pending, build=names[:k])
        names = names[k:]
    n_deck = len(doc["deck"])
    dragons = max(0, data.DRAGONS - doc.get("dragons", 0))
    deck = names[: max(0, n_deck - dragons)] + ["dragon"] * min(dragons, n_deck)
    rng.shuffle(deck)
    full["deck"] = deck
    full["rng"] = seed_from(rng)
    state = notation.load(full)
    state.record = False
    state.known = (seat, tuple(tuple(k) for k in known)) if any(known) else None
    return state


def CARD_NAME_OF(c: int) -> str:
    from meeple.games.ethnos.cards import CARD_NAME

    return CARD_NAME[c]


__all__ = ["view", "determinize", "from_view", "known_cards", "unseen_cards", "tribe_cards"]
