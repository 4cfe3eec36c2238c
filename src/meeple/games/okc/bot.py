"""OKC heuristics: the greedy bot's policy and a position value for search.

Influence decides the game; lore, kingdom cards, council votes and the cards
in hand are worth something on the way (`evaluate`).

* `policy(state, rng)` -> an action for the pending decision (greedy play):
  a one-step lookahead (`meeple.core.lookahead`) scored by `evaluate` from the
  deciding seat's side for its own choices, and rules of thumb where the
  outcome rests on cards it cannot see: the hidden bids and face-down cards,
  and the clash steps that reveal them.
* `evaluate(state, seat=None)` -> estimated standing per seat; with `seat`,
  only that seat's hand is read (the others count by size), so the policy
  never reads another seat's cards. `values(state)` -> a value in [0, 1] per
  seat, for ISMCTS leaves.

Nothing here changes the state it is given.
"""

from __future__ import annotations

from meeple.core.lookahead import lead, lead_values, lookahead_policy
from meeple.games.okc import cards as C
from meeple.games.okc.actions import AMBUSH_C, CARD, DONE, SIMULTANEOUS

# the mean printed strength of a basic deck: an unseen hand card's worth
_MEAN_STR = sum(C.STR[: C.PER - 5]) / (C.PER - 5)
# decisions whose outcome turns on cards the seat cannot see (the clash is
# revealed and fought when the last seat passes): rules of thumb, no lookahead
_BLIND = SIMULTANEOUS + ("day", "ambush", "tie", "retreat", "flank")


def _hand_worth(s, i: int, seat: int | None) -> float:
    if seat is None or i == seat:
        return sum(C.STR[g] for g in s.hands[i])
    return _MEAN_STR * len(s.hands[i])


def evaluate(s, seat: int | None = None) -> list[float]:
    left = max(0, s.rounds - s.round)
    out = []
    for i in range(s.players):
        v = float(s.influence[i])
        v += 0.3 * s.lore[i] + 0.5 * s.site_lore[i]
        v += 0.4 * sum(1 for sp in s.boards[i] if sp is not None) * (left + 1) / s.rounds
        votes = sum(C.VOTES[g] for c in s.councils for g in c if s.seat_of(g) == i)
        v += 0.3 * votes * (left + 1) / s.rounds
        v += 0.05 * _hand_worth(s, i, seat)
        if s.favour == i:
            v += 0.5
        out.append(v)
    return out


def values(s, scale: float = 4.0) -> list[float]:
    """A value in [0, 1] per seat: how far ahead of the best rival it stands."""
    if s.finished:
        return s.returns()
    return lead_values(evaluate(s), scale)


def _score(s, seat: int) -> float:
    return lead(evaluate(s, seat), seat)


def _card(a: int, s, seat: int) -> int | None:
    """The seat's card an action CARD + local names (None for another action)."""
    lo = a - CARD
    return s.gid(seat, lo) if 0 <= lo < C.PER else None


def _strongest(s, seat: int, acts: list[int], spare_heir: bool = False) -> int:
    """The strongest card among CARD actions (the heir last if `spare_heir`)."""

    def worth(a):
        g = _card(a, s, seat)
        if g is None:
            return -1
        return C.STR[g] - (100 if spare_heir and C.ARCH[g] == "heir" else 0)

    return max(acts, key=worth)


def quick(s, seat: int, acts: list[int]) -> int:
    """A cheap safe choice, to finish a move inside the lookahead: stop
    (DONE) when allowed, else the strongest card, else the first action."""
    if DONE in acts:
        return DONE
    if any(_card(a, s, seat) is not None for a in acts):
        return _strongest(s, seat, acts)
    return acts[0]


def _blind(s, seat: int, kind: str, acts: list[int]) -> int:
    """Rules of thumb for the hidden and clash steps."""
    cards = [a for a in acts if _card(a, s, seat) is not None]
    if kind == "bid":  # keep the heir for the clashes
        return _strongest(s, seat, acts, spare_heir=True) if cards else acts[0]
    if kind in ("facedown", "joust", "ambush", "tie"):
        return _strongest(s, seat, acts) if cards else acts[0]
    if kind == "day":  # an ambush adds a hand card to the fight
        amb = [a for a in acts if AMBUSH_C <= a < AMBUSH_C + C.PER]
        return amb[0] if amb else (DONE if DONE in acts else acts[0])
    return quick(s, seat, acts)


def policy(s, rng=None) -> int:
    """The greedy bot's action for the pending decision of `s`."""
    return lookahead_policy(s, rng, _score, quick, _blind, _BLIND)
