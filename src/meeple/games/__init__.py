"""The games the engine hosts, by name."""

from __future__ import annotations

import importlib

GAMES = {"ethnos": "meeple.games.ethnos", "okc": "meeple.games.okc", "anunnaki": "meeple.games.anunnaki"}


def get(name: str):
    """The game module for `name` (it offers new_game, load, MIN/MAX_PLAYERS)."""
    try:
        return importlib.import_module(GAMES[name])
    except KeyError:
        from meeple.core import GameError
        raise GameError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}") from None
