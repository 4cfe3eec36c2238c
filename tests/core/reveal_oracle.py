"""An oracle for "did this move show anyone anything new?" that does not trust
the games' own marks (`meeple.core.undo.revealed`).

For every observer o (each seat and a spectator) it samples worlds consistent
with what o saw before the move (`determinize`, with the rng's future dealt
again too) and replays the move in each: o's own move as it is, another seat's
as any move of that seat which o would read the same way (its secret parts are
"?"). If in some world no such move shows o exactly what o read after the true
move (its view, its new log events, the new moves), what o read ruled that
world out: o learned something, the move revealed.
"""

from __future__ import annotations

import random

from meeple.core.game import IllegalMove
from meeple.core.present import moves_for_seat
from meeple.core.rng import Rng
from meeple.core.undo import revealed


def _since(chain, stop) -> list:
    out = []
    while chain is not None and chain is not stop:
        chain, entry = chain
        out.append(entry)
    out.reverse()
    return out


def _read(before, after, o) -> tuple:
    """What observer o reads after the move: its view, its new events, the new
    moves as it may read them."""
    events = [e for e in _since(after.events, before.events) if e[3] is None or e[3] == o]
    moves = [m if seat == o else after._secret_move(m) for seat, m in _since(after.history, before.history)]
    return after.view(o), events, moves


def _world(before, o, rng: random.Random):
    d = before.determinize(o, rng)
    d.rng = Rng(rng.getrandbits(64))
    d.record = True
    d.history, d.events = before.history, before.events
    return d


def _alike(d, seat: int, move: str, o) -> list[str]:
    """The moves `seat` could make in world d that o would read as `move`
    (the move itself first)."""
    if seat == o:
        return [move]
    secret = d._secret_move(move)
    return [move] + [m for m in moves_for_seat(d, seat) if m != move and d._secret_move(m) == secret]


def _explains(d, seat: int, move: str, o, truth) -> bool:
    """Could some move of `seat` in world d have shown o exactly `truth`?"""
    for m in _alike(d, seat, move, o):
        w = d.clone()
        try:
            w.apply_move(m)
        except IllegalMove:
            continue
        if _read(d, w, o) == truth:
            return True
    return False


def shown_to(before, after, seat: int, move: str, o, rng: random.Random, samples: int) -> bool:
    """Did the move (seat's `move`, which took `before` to `after`) tell o
    anything? It did if what o read rules out a world o thought possible."""
    truth = _read(before, after, o)
    return not all(_explains(_world(before, o, rng), seat, move, o, truth) for _ in range(samples))


def check_game(module, players: int, seed: int, samples: int = 3, options=None, max_moves=None):
    """Play one random game; after every move compare the declared flag with
    the oracle. Returns (moves, flagged, seen, misses) where misses lists the
    moves the flag called silent although the oracle saw a reveal."""
    rng, worlds = random.Random(seed), random.Random(~seed)
    state = module.new_game(players, seed=seed, **(options or {}))
    moves = flagged = seen = 0
    misses = []
    while not state.is_terminal() and (max_moves is None or moves < max_moves):
        seat = rng.choice(state.decision().seats)
        move = rng.choice(moves_for_seat(state, seat))
        kept = state.to_json()
        after = state.clone()
        after.apply_move(move)
        assert state.to_json() == kept, "a move changed the state it was made from: undo would not restore it"
        flag = revealed(state, after)
        observers = [None, *range(players)]
        truth = any(shown_to(state, after, seat, move, o, worlds, samples) for o in observers)
        moves += 1
        flagged += flag
        seen += truth
        if truth and not flag:
            misses.append((moves, seat, move, state.decision().kind))
        state = after
    return moves, flagged, seen, misses


def needless_refusals(module, players: int, seed: int, samples: int = 3, options=None):
    """Play one random game; return (moves, needless) where needless lists the
    moves declared reveals (so their undo is refused) that the oracle saw show
    nobody anything: (move number, seat, move, decision kind, rng moved)."""
    rng, worlds = random.Random(seed), random.Random(~seed)
    state = module.new_game(players, seed=seed, **(options or {}))
    moves = 0
    needless = []
    while not state.is_terminal():
        seat = rng.choice(state.decision().seats)
        move = rng.choice(moves_for_seat(state, seat))
        after = state.clone()
        after.apply_move(move)
        moves += 1
        if revealed(state, after) and not any(
            shown_to(state, after, seat, move, o, worlds, samples) for o in [None, *range(players)]
        ):
            needless.append((moves, seat, move, state.decision().kind, after.rng.state != state.rng.state))
        state = after
    return moves, needless
