"""The advisor: hints during play and analysis after it (issue #18).

A consumer of the game contract like `meeple.bots`: it searches with the
bots' ISMCTS from one seat's view and reads the search's statistics out as
moves in notation with an estimated chance of winning.

* `hint(state, seat, seconds=2.0, top=3, seed=None)` -> {"seat", "options"}
* `analyse(record, ...)` -> every decision of a finished game rated
"""

from __future__ import annotations

# bound here, not wrapped: a wrapper that imported `meeple.advisor.hint` on its
# first call would find the package's `hint` rebound to that submodule after it
from meeple.advisor.analysis import analyse
from meeple.advisor.hint import hint

__all__ = ["analyse", "hint"]
