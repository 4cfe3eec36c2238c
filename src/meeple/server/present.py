"""The server's door to each game's presenter (declared in its spec,
`meeple.core.spec.Presenter`, with the plain versions of `meeple.core.present`
where a game words nothing itself). Moves are redacted here for every game
alike, with the state's own `_secret_move` (what another seat's move reads as).
"""

from __future__ import annotations

from meeple import games
from meeple.core.spec import Presenter


def presenter(game: str) -> Presenter:
    return games.get(game).presenter


def redact_moves(state, moves: list[tuple[int, str]], viewer: int | None, finished: bool) -> list[str]:
    """The move list as `viewer` may read it: another seat's secret choices
    (an elf's kept cards, a bid, a weapon) read "?" until the game is over."""
    if finished:
        return [m for _, m in moves]
    secret = state._secret_move
    return [m if seat == viewer else secret(m) for seat, m in moves]
