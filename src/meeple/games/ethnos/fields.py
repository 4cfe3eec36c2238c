"""Ethnos: the types of the state's fields, for the type checker.

The rule modules (`ages`, `bands`, `turn`, `rules`) take the state typed as
`EthnosFields`: the state module imports them, so they cannot name
`EthnosState` without an import cycle. `EthnosState` is checked as its
subclass (state.py); it is never a base at run time (the state's slots come
from FIELDS). A test holds its names to FIELDS (tests/core/test_field_types.py);
the flow's and the record's fields are typed on FlowState and GameRecord.
"""

from __future__ import annotations

from typing import Any

from meeple.core.flow import FlowState
from meeple.core.rng import Rng


class EthnosFields(FlowState):
    ages: int
    age: int
    tribes: tuple[int, ...]
    slots: tuple[tuple[int, ...], ...]
    markers: list[int]
    deck: list[int]
    market: list[int]
    dragons: int
    current: int
    last_dragon: int | None
    merfolk: list[int] | None
    giant: tuple[int, int] | None
    troll_pool: int
    glory: list[int]
    hands: list[list[int]]
    bands: list[list[tuple[int, ...]]]
    orc: list[int]
    trolls: list[tuple[int, ...]]
    build: list[int]
    keep: int
    wiz: int
    placed: bool
    moved: tuple[tuple[int, int], ...]
    rng: Rng
    known: Any
