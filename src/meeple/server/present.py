"""The server's door to each game's presenter (`meeple.games.<game>.present`).

`presenter(game)` gives an object with the same functions for every game:
where a game's module leaves one out, the plain version of
`meeple.core.present` is used. Moves are redacted here for every game alike,
with the state's own `_secret_move` (what another seat's move reads as).
"""

from __future__ import annotations

import functools
import importlib
from types import SimpleNamespace

from meeple.core import present as plain
from meeple.core.game import GameError


def _ranking(state) -> list[dict]:
    winners = set(getattr(state, "winners", ()) or ())
    return [{"seat": s, "place": 1 if s in winners else 2, "winner": s in winners, "summary": ""}
            for s in sorted(range(state.players), key=lambda s: s not in winners)]


def _options(name: str):
    def check(raw: dict) -> dict:
        if raw:
            raise GameError(f"{name} takes no options here")
        return {}
    return check


@functools.lru_cache(maxsize=None)
def presenter(game: str) -> SimpleNamespace:
    try:
        mod = importlib.import_module(f"meeple.games.{game}.present")
    except ModuleNotFoundError as e:
        if e.name != f"meeple.games.{game}.present":
            raise
        mod = None
    pick = lambda attr, default: getattr(mod, attr, default)  # noqa: E731
    return SimpleNamespace(
        decision_for=pick("decision_for", plain.default_decision),
        describe=pick("describe", plain.default_describe),
        scoring=pick("scoring", lambda events, state: None),
        ranking=pick("ranking", _ranking),
        options=pick("options", _options(game)),
        meta=pick("meta", lambda: {"name": game}),
    )


def redact_moves(state, moves: list[tuple[int, str]], viewer: int | None, finished: bool) -> list[str]:
    """The move list as `viewer` may read it: another seat's secret choices
    (an elf's kept cards, a bid, a weapon) read "?" until the game is over."""
    if finished:
        return [m for _, m in moves]
    secret = state._secret_move
    return [m if seat == viewer else secret(m) for seat, m in moves]
