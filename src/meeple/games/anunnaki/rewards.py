"""Anunnaki: the rewards a component gives, as the data files name them.

A contract's middle row, a culture token's benefit, an ancient tile's reward
and a weapon's victory reward are lists of rewards, each written in the data
as its name and its arguments (`["res", "wood", 2]`). Each reward is declared
once, beside the step it queues (`declare.reward`): its name, what each
argument is, its words and what it does. The data loader checks every list
against these declarations (`Reward.args`), so this module holds only the
declarations' shape and the table they fill, and imports nothing of the game.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

# what an argument of a reward is, as the data loader checks it
RESOURCE = "resource"  # one of data.RESOURCES
TRACK = "track"  # one of data.TRACKS
AMOUNT = "amount"  # a whole number, at least 1
STEPS = "steps"  # steps up a track: a whole number, at least 1
REWARDS = "rewards"  # a list of rewards (one side of a choice)


@dataclass(frozen=True, slots=True)
class Reward:
    """One reward: its name in the data, its arguments' kinds, its words and
    what it queues: `queue(state, seat, *args)` is the list of steps that give
    it to `seat`, in the order they run."""

    name: str
    args: tuple[str, ...]
    words: Callable[..., str]  # (*args) -> the reward in words
    queue: Callable[..., list[Any]]


DECLARED: dict[str, Reward] = {}  # name in the data -> its reward (filled by `declare.reward`)


def reward_words(rewards: list) -> str:
    """A list of rewards in words ("2 wood, 1 VP"); "nothing" for none."""
    return ", ".join(one_words(r) for r in rewards) if rewards else "nothing"


def one_words(r: list) -> str:
    """One reward, as the data writes it, in words (its name if it is unknown)."""
    known = DECLARED.get(r[0])
    return r[0] if known is None else known.words(*r[1:])
