"""The bot interface."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol


@dataclass(frozen=True)
class Observation:
    game: str  # the game's name (meeple.games.get)
    seat: int  # the seat deciding
    kind: str  # the decision's kind
    view: dict  # the seat's redacted STATE (hidden cards are "?")
    legal: tuple[int, ...]  # the legal actions
    extra: dict = field(default_factory=dict)
    log: tuple = ()  # the events the seat may read, oldest first:
    # (kind, seat, detail, private_to), others' secrets left out


def observe(state, seat: int | None = None) -> Observation:
    """What the deciding seat may know of `state` (the secrecy boundary): its
    view and the public log (with its own private events)."""
    d = state.decision()
    if d is None:
        raise ValueError("the game is over: nothing to decide")
    seat = d.seats[0] if seat is None else seat
    log_for = getattr(state, "log_for", None)  # a game without a record has no log
    log = tuple(log_for(seat)) if log_for is not None else ()
    return Observation(state.game, seat, d.kind, state.view(seat), tuple(state.legal_actions(seat)), log=log)


class Bot(Protocol):
    name: str

    def choose(self, obs: Observation) -> int: ...


class PolicyBot:
    """A game's heuristic bot: its `policy(state, rng)` (declared in the spec's
    `Heuristics`) played on a state rebuilt from the seat's view alone. The
    rebuild samples the hidden cards with a fixed rng and the policy never
    reads them, so the choice is a function of the view (and the bot's own
    seeded rng). `meeple.bots.registry.greedy_class(game)` makes one per game."""

    name = "greedy"

    def __init__(self, seed: int = 0) -> None:
        import random

        self.seed = seed
        self.rng = random.Random(seed)

    @staticmethod
    def policy(state, rng) -> int:
        raise NotImplementedError

    def choose(self, obs: Observation) -> int:
        from meeple import games
        from meeple.core.rng import Rng

        s = games.get(obs.game).from_view(obs.view, obs.seat, Rng(0))
        a = self.policy(s, self.rng)
        if a not in obs.legal:  # never happens for a consistent view; stay legal
            a = obs.legal[0]
        return a
