"""Ethnos (with the Fairy promo): rules, notation, views."""

from meeple.games.ethnos.data import MAX_PLAYERS, MIN_PLAYERS
from meeple.games.ethnos.notation import dump, load
from meeple.games.ethnos.state import EthnosState, new_game
from meeple.games.ethnos.view import from_view

NAME = "ethnos"

__all__ = ["EthnosState", "new_game", "from_view", "load", "dump", "MIN_PLAYERS", "MAX_PLAYERS", "NAME"]
