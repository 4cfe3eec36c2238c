"""Anunnaki: Dawn of the Gods (2-4 players): rules, notation, views."""

from meeple.games.anunnaki.data import MAX_PLAYERS, MIN_PLAYERS
from meeple.games.anunnaki.notation import dump, load
from meeple.games.anunnaki.state import AnunnakiState, new_game

NAME = "anunnaki"


def from_view(view, seat, rng, log=()):
    from meeple.games.anunnaki.view import from_view as fv
    return fv(view, seat, rng, log)


__all__ = ["AnunnakiState", "new_game", "from_view", "load", "dump", "MIN_PLAYERS", "MAX_PLAYERS", "NAME"]
