"""Anunnaki: Dawn of the Gods (2-4 players): rules, notation, views.

`SPEC` declares the game (`meeple.core.spec`). The engine's functions are
imported on first use, so importing the package reads no data files."""

from meeple.core.spec import lazy_names
from meeple.games.anunnaki.spec import MAX_PLAYERS, MIN_PLAYERS, SPEC

NAME = SPEC.name
__getattr__ = lazy_names(
    __name__,
    {"AnunnakiState": "state", "new_game": "state", "load": "notation", "dump": "notation", "from_view": "view"},
)

__all__ = ["SPEC", "AnunnakiState", "new_game", "from_view", "load", "dump", "MIN_PLAYERS", "MAX_PLAYERS", "NAME"]
