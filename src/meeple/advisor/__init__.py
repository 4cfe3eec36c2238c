"""The advisor: hints during play and analysis after it (issue #18).

A consumer of the game contract like `meeple.bots`: it searches with the
bots' ISMCTS from one seat's view and reads the search's statistics out as
moves in notation with an estimated chance of winning.

* `hint(state, seat, seconds=2.0, top=3, seed=None)` -> {"seat", "options"}
* `analyse(record, ...)` -> every decision of a finished game rated
"""

from __future__ import annotations


def hint(state, seat, seconds: float = 2.0, top: int = 3, seed: int | None = None, **kw) -> dict:
    from meeple.advisor.hint import hint as _hint
    return _hint(state, seat, seconds=seconds, top=top, seed=seed, **kw)


def analyse(record, **kw) -> dict:
    from meeple.advisor.analysis import analyse as _analyse
    return _analyse(record, **kw)
