"""Bots by name: `make_bot("ismcts:0.5s", seed=3)`.

Specs:
  random               uniformly random legal actions
  greedy               the game's heuristic bot (the policy of its spec's Heuristics)
  ismcts               ISMCTS, 1 second per decision
  ismcts:1s, :0.5s     ISMCTS with a time budget per decision (also 250ms)
  ismcts:2000          ISMCTS with a simulation budget per decision
  easy | medium | hard random | greedy | ismcts:1s (levels for people)
"""

from __future__ import annotations

import functools
import re
from typing import Any

from meeple.core.game import GameError

LEVELS = {"easy": "random", "medium": "greedy", "hard": "ismcts:1s"}
KINDS = ("random", "greedy", "ismcts")
_BUDGET = re.compile(r"^(?:(?P<sec>\d+(?:\.\d+)?|\.\d+)s|(?P<ms>\d+)ms|(?P<it>\d+))$")


def known() -> str:
    return "random, greedy, ismcts[:1s|:0.5s|:250ms|:2000], easy, medium, hard"


def parse_spec(spec: str) -> tuple[str, dict]:
    """(kind, options) for a spec; GameError explains a bad one."""
    if not isinstance(spec, str) or not spec.strip():
        raise GameError(f"empty bot name; known bots: {known()}")
    text = spec.strip().lower()
    text = LEVELS.get(text, text)
    kind, _, budget = text.partition(":")
    if kind not in KINDS:
        raise GameError(f"unknown bot {spec!r}; known bots: {known()}")
    if kind != "ismcts":
        if budget:
            raise GameError(f"bot {kind!r} takes no budget (got {spec!r})")
        return kind, {}
    if not budget:
        return kind, {"seconds": 1.0}
    m = _BUDGET.match(budget)
    if not m:
        raise GameError(
            f"bad ISMCTS budget {budget!r} in {spec!r}: use seconds like "
            f"'1s', '0.5s', '250ms' or a simulation count like '2000'"
        )
    if m.group("it"):
        n = int(m.group("it"))
        if not 1 <= n <= 10_000_000:
            raise GameError(f"ISMCTS simulations must be from 1 to 10000000, got {n}")
        return kind, {"iterations": n}
    sec = float(m.group("sec")) if m.group("sec") else int(m.group("ms")) / 1000
    if not 0 < sec <= 600:
        raise GameError(f"ISMCTS time budget must be more than 0 and at most 600 s, got {budget!r}")
    return kind, {"seconds": sec}


@functools.cache
def greedy_class(game: str):
    """The game's heuristic bot class: a PolicyBot playing the policy its spec
    declares (`Heuristics.policy`); GameError if the game has none."""
    from meeple import games
    from meeple.bots.base import PolicyBot

    spec = games.get(game)
    policy = spec.heuristics.policy if spec.heuristics is not None else None
    if policy is None:
        raise GameError(f"no greedy bot for {game!r} (try random or ismcts)")
    return type(
        f"GreedyBot_{game}",
        (PolicyBot,),
        {"__doc__": f"{spec.title}'s heuristic bot: reads only its seat's view.", "policy": staticmethod(policy)},
    )


class GreedyByGame:
    """`greedy` when the game is not known yet: picks the game's heuristic bot
    from the first observation (obs.game)."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        self.seed = seed
        self.bots: dict = {}

    def choose(self, obs) -> int:
        bot = self.bots.get(obs.game)
        if bot is None:
            bot = self.bots[obs.game] = greedy_class(obs.game)(self.seed)
        return bot.choose(obs)


def make_bot(spec: str, seed: int = 0, game: str | None = None):
    """A fresh bot for `spec`, seeded; GameError for an unknown name or budget.

    `game` lets `greedy` fail at once for a game without heuristics; without
    it, the game's heuristic bot is chosen at the first decision."""
    kind, opts = parse_spec(spec)
    bot: Any  # a bot of one of these kinds (meeple.bots.base.Bot)
    if kind == "random":
        from meeple.bots.random_bot import RandomBot

        bot = RandomBot(seed)
    elif kind == "greedy":
        bot = greedy_class(game)(seed) if game is not None else GreedyByGame(seed)
    else:
        import os

        from meeple.bots.ismcts import ISMCTSBot

        extra: dict[str, Any] = {}
        # tuning knobs for experiments (documented in docs/strength.md)
        if os.environ.get("MEEPLE_ISMCTS_DEPTH"):
            extra["depth"] = int(os.environ["MEEPLE_ISMCTS_DEPTH"])
        if os.environ.get("MEEPLE_ISMCTS_ROLLOUT"):
            extra["rollout"] = os.environ["MEEPLE_ISMCTS_ROLLOUT"]
        if os.environ.get("MEEPLE_ISMCTS_C"):
            extra["c"] = float(os.environ["MEEPLE_ISMCTS_C"])
        if os.environ.get("MEEPLE_ISMCTS_BIAS"):
            extra["bias"] = float(os.environ["MEEPLE_ISMCTS_BIAS"])
        if os.environ.get("MEEPLE_ISMCTS_OPPONENTS"):
            extra["opponents"] = os.environ["MEEPLE_ISMCTS_OPPONENTS"]
        if os.environ.get("MEEPLE_ISMCTS_CLOCK"):
            extra["clock"] = os.environ["MEEPLE_ISMCTS_CLOCK"]
        if os.environ.get("MEEPLE_ISMCTS_EARLY_STOP"):
            extra["early_stop"] = os.environ["MEEPLE_ISMCTS_EARLY_STOP"] not in ("0", "no", "false")
        bot = ISMCTSBot(seed, **opts, **extra)
    bot.spec = spec
    return bot
