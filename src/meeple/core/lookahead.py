"""What the games' heuristics build on: a position value from estimates
(`lead_values`, Ethnos, OKC, Anunnaki) and a one-step lookahead (OKC, Anunnaki).
It is game-agnostic and lives in the core so a game's heuristics need no bot.

A seat's choice is judged by what it leads to: each legal action is applied
to a clone, the seat's own follow-up steps of the same move are completed by
a cheap rule (the game's `quick` choice, a few steps at most, so a move made
of several small decisions is judged whole), and the position is scored by
the game's `score(state, seat)`. The best score wins; ties go to the first
best in an rng shuffle of the legal actions (in their order without an rng),
so the result is a function of the state and the rng alone.

The scores the games pass read only public things and the deciding seat's
own cards (never another seat's hand or the deck order), and steps whose
answer would reveal hidden cards (simultaneous choices, clashes and battles)
get the game's rules of thumb instead (`lookahead_policy`), so a bot built on
a state rebuilt from the seat's view (`from_view`) does not peek. A lookahead
that draws from the seat's own deck, or turns a face-down tile, sees the
sampled card: a chance outcome dealt by `from_view` from what the seat cannot
see, never the true one.
"""

from __future__ import annotations

import math

WIN = 1000.0  # a finished game: a win outweighs any heuristic lead


def lead_values(estimates: list[float], scale: float) -> list[float]:
    """Heuristic position estimates turned into a value in [0, 1] per seat: a
    logistic of how far each seat stands ahead of its best rival (`scale` is
    the lead worth about 73%). Games' `values()` for ISMCTS are built on it."""
    top = max(estimates)
    first = estimates.index(top)
    # every seat's best rival is the top seat, but the top seat's is the runner-up
    second = max(estimates[:first] + estimates[first + 1 :])
    exp = math.exp
    # (the exponent capped where exp would overflow: a lead that large is worth 0 or 1 all the same)
    return [
        1.0 / (1.0 + exp(min(700.0, -(mine - (second if i == first else top)) / scale)))
        for i, mine in enumerate(estimates)
    ]


def lead(estimates: list[float], seat: int) -> float:
    """The seat's estimate less the best rival's."""
    return estimates[seat] - max(e for i, e in enumerate(estimates) if i != seat)


def finished_score(s, seat: int) -> float:
    """A finished game's score for `seat`: a shared win counts less than a win."""
    if seat not in s.winners:
        return -WIN
    return WIN / len(s.winners)


def best_action(s, seat: int, acts: list[int], score, quick, rng, follow: int = 3) -> int:
    """The action of `acts` (legal for `seat`'s single-seat decision) whose
    outcome scores best for `seat`; see the module docstring."""
    if len(acts) == 1:
        return acts[0]
    order = list(acts)
    if rng is not None:
        rng.shuffle(order)
    best, best_v = order[0], -float("inf")
    for a in order:
        t = s.clone()
        t.record = False
        t.apply_legal(a)
        n = 0
        while n < follow and not t.finished:
            d = t.decision()
            if d is None or len(d.seats) != 1 or d.seats[0] != seat:
                break
            t.apply_legal(quick(t, seat, t.legal_actions()) if quick else t.legal_actions()[0])
            n += 1
        v = finished_score(t, seat) if t.finished else score(t, seat)
        if v > best_v:
            best, best_v = a, v
    return best


def lookahead_policy(s, rng, score, quick, rule, blind=(), follow: int = 3) -> int:
    """A game's heuristic policy: `rule(s, seat, kind, acts)` answers where
    the outcome turns on cards the seat cannot see (a simultaneous decision, or
    a kind in `blind`: applying the answer would reveal sampled cards); the
    lookahead (`best_action`) answers the seat's other choices."""
    d = s.decision()
    seat = d.seats[0]
    acts = s.legal_actions(seat)
    if len(acts) == 1:
        return acts[0]
    if len(d.seats) > 1 or d.kind in blind:
        return rule(s, seat, d.kind, acts)
    return best_action(s, seat, acts, score, quick, rng, follow)
