"""The cases the contract suite runs: every registered game (`meeple.games.GAMES`,
each read through its spec), every player count (default options), each option
of its schema set alone (every on/off option on, every other choice of a
number), and each further option set the game's golden cases name
(tools/golden.py CASES), each as a seeded random game walked with checkpoints
along the way."""

from __future__ import annotations

import json
import random
from dataclasses import dataclass, field

from meeple import games

CHECKPOINTS = 10  # positions examined per game, spread over its length


@dataclass(frozen=True)
class Case:
    game: str
    players: int
    seed: int
    options: dict = field(default_factory=dict)

    @property
    def id(self) -> str:
        opts = ",".join(f"{k}={v}" for k, v in sorted(self.options.items()) if not isinstance(v, list)) or (
            "chosen" if self.options else "base"
        )
        return f"{self.game}-p{self.players}-{opts}-s{self.seed}"

    @property
    def module(self):
        return games.get(self.game)

    def new(self):
        return self.module.new_game(self.players, seed=self.seed, **self.options)


def _schema_sets(spec) -> list[dict]:
    """One option set per on/off option and per other choice of a number option."""
    out = []
    for o in spec.options:
        if o.kind == "bool":
            out.append({o.name: True})
        elif o.kind == "int":
            out.extend({o.name: c} for c in o.allowed() if c != o.default)
    return out


def _option_sets(name: str) -> list[tuple[dict, int]]:
    """(options, players): the golden cases' sets at their largest count, then
    the schema's sets they miss at the game's largest count."""
    from tests.golden_tool import golden

    out = [(opts, max(counts)) for opts, _, counts in golden.CASES.get(name, []) if opts]
    spec = games.get(name)
    return out + [(opts, spec.max_players) for opts in _schema_sets(spec) if all(opts != o for o, _ in out)]


def all_cases() -> list[Case]:
    out = []
    for name in games.GAMES:
        for p in games.get(name).sizes:
            out.append(Case(name, p, seed=10 + p))
        for opts, players in _option_sets(name):
            out.append(Case(name, players, seed=20, options=opts))
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


def final(case: Case, every: int | None = None, replace=None):
    *_, (_, last) = walk(case, every, replace)
    return last


def as_text(doc) -> str:
    return json.dumps(doc, sort_keys=True)
