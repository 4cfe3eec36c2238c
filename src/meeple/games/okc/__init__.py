"""The Old King's Crown: rules, notation, views."""

from meeple.games.okc.data import MAX_PLAYERS, MIN_PLAYERS
from meeple.games.okc.notation import dump, load
from meeple.games.okc.state import OKCState, new_game
from meeple.games.okc.view import from_view

NAME = "okc"

__all__ = ["OKCState", "new_game", "from_view", "load", "dump", "MIN_PLAYERS", "MAX_PLAYERS", "NAME"]
