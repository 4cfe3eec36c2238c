"""The games the engine hosts: the registry of their specs (`meeple.core.spec`).

Importing a game package reads only its declaration (no data files), so the
registry lists every game at once; a game's rules load on first use."""

from __future__ import annotations

from meeple.core.game import GameError
from meeple.core.spec import GameSpec
from meeple.games import anunnaki, ethnos, okc

GAMES: dict[str, GameSpec] = {spec.name: spec for spec in (ethnos.SPEC, okc.SPEC, anunnaki.SPEC)}


def get(name: object) -> GameSpec:
    """The spec of `name` (any value, as read from a document); GameError names the known games."""
    spec = GAMES.get(name) if isinstance(name, str) else None
    if spec is None:
        raise GameError(f"unknown game {name!r}; known: {', '.join(sorted(GAMES))}")
    return spec
