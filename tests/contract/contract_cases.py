"""The cases the contract suite runs: every registered game, every player count
(default options), and each further option set the game's golden cases name
(until a game declares its options schema, tools/golden.py CASES lists them),
each as a seeded random game walked with checkpoints along the way."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from meeple import games

CHECKPOINTS = 10            # positions examined per game, spread over its length


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    seed: int
    options: dict = field(default_factory=dict)

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items())
                        if not isinstance(v, list)) or ("chosen" if self.options else "base")
        return f"{self.game}-p{self.players}-{opts}-s{self.seed}"

    @property
    def module(self):
        return games.get(self.game)

    def new(self):
        return self.module.new_game(self.players, seed=self.seed, **self.options)


def _option_sets(name: str) -> list[dict]:
    from tests.golden_tool import golden
    return [opts for opts, _, counts in golden.CASES.get(name, []) if opts]


def _option_counts(name: str, opts: dict) -> int:
    from tests.golden_tool import golden
    return max(next(c for o, _, c in golden.CASES[name] if o == opts))


def all_cases() -> list[Case]:
    out = []
    for name in games.GAMES:
        mod = games.get(name)
        for p in range(mod.MIN_PLAYERS, mod.MAX_PLAYERS + 1):
            out.append(Case(name, p, seed=10 + p))
        for opts in _option_sets(name):
            out.append(Case(name, _option_counts(name, opts), seed=20, options=opts))
    return out


def choose(state, rng: random.Random) -> tuple[int, int]:
    """(seat, action): a random seat among those to decide, a random legal action."""
    d = state.decision()
    seat = rng.choice(d.seats)
    return seat, rng.choice(state.legal_actions(seat))


def length(case: Case) -> int:
    """Actions in the case's random game (to spread the checkpoints)."""
    s, rng, n = case.new(), random.Random(case.seed), 0
    while not s.is_terminal():
        seat, action = choose(s, rng)
        s.apply_action(action, seat)
        n += 1
    return n


def walk(case: Case, every: int | None = None, replace=None):
    """Play the case's random game, yielding the state at each checkpoint (the
    caller may examine it, but must leave it as it was). `replace(state)`, if
    given, returns the state play continues from after each checkpoint (a
    clone, a reloaded STATE): the game must go on exactly as before."""
    every = every or max(1, length(case) // CHECKPOINTS)
    s, rng, step = case.new(), random.Random(case.seed), 0
    while not s.is_terminal():
        if step % every == 0:
            yield step, s
            if replace is not None:
                s = replace(s)
        seat, action = choose(s, rng)
        s.apply_action(action, seat)
        step += 1
    yield step, s


def final(case: Case, replace=None):
    *_, (_, last) = walk(case, replace=replace)
    return last


def as_text(doc) -> str:
    return json.dumps(doc, sort_keys=True)
