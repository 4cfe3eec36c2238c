"""Anunnaki's declaration for the shared flow (`meeple.core.flow`): every
decision once (its legal actions, its effect, its question in words) and
every step of a turn, each in the module of the part of the game it belongs
to (turn, movement, battle, effects, culture), with `RULES.decision` and
`RULES.step`.

An effect is written `(s, action, seat)` and runs with the pending decision
cleared (`kind`; its seats and argument, `darg`, stay as they were until the
next decision is asked, so the effect reads its argument there). The flow
notes an answer in the words of `actions.action_to_str` and tells a forced
one to its seat (a star space by the tiles it joins). The weapon choice of a
battle is simultaneous and secret: each seat's answer is kept in
`state.secret` until every seat has chosen.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from typing import Any

from meeple.core.flow import Rules
from meeple.games.anunnaki.actions import action_to_str
from meeple.games.anunnaki.rewards import DECLARED, Reward


def _words(s, kind: str, a: int, seat: int) -> str:
    return action_to_str(s, a, seat)


def _told(s, kind: str, a: int, seat: int) -> tuple:
    """A forced answer, told to its seat alone; a star space by the tiles it joins."""
    move = action_to_str(s, a, seat)
    sp = s.space_of(a)
    return (kind, move) if sp is None else (kind, move, s.space_tiles(sp))


# An Anunnaki decision's argument is a dict of named values ({} for none)
RULES = Rules("anunnaki", words=_words, told=_told, arg=dict)


@cache
def step_name(step: Callable[..., None]) -> str:
    """The name a declared step is saved under in a STATE's `pending.todo`."""
    return next(name for name, fn in RULES.steps.items() if fn is step)


def queued(step: Callable[..., None], *args: Any) -> list:
    """Declared step `step` with its arguments, as the step stack holds it."""
    return [step_name(step), *args]


def reward(name: str, *args: str, words: Callable[..., str], runs: Callable[..., None]) -> None:
    """Declare the reward the data files call `name` as declared step `runs`,
    queued with the seat and the reward's arguments: what the arguments are
    (`rewards.RESOURCE`, `AMOUNT`...) and the reward's words."""
    step = step_name(runs)
    rewarding(name, *args, words=words)(lambda s, seat, *given: [[step, seat, *given]])


def rewarding(name: str, *args: str, words: Callable[..., str]) -> Callable[[Callable[..., list]], Callable[..., list]]:
    """Declare the reward the data files call `name`, its arguments and words,
    on the function `(s, seat, *args)` that returns the steps it queues."""

    def declare(queue: Callable[..., list]) -> Callable[..., list]:
        if name in DECLARED:
            raise ValueError(f"anunnaki: reward {name!r} declared twice")
        DECLARED[name] = Reward(name, args, words, queue)
        return queue

    return declare


@RULES.step("effects")
def give(s, seat: int, rewards: list) -> None:
    """Give `seat` a list of rewards as the data writes them: their steps,
    queued when this step runs (`effects.Effects._effects`)."""
    s._effects(seat, rewards)
