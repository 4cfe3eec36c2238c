"""The game-agnostic contract every game state keeps.

A state knows its pending decision (which seat or seats must choose, and what
kind of choice), the small list of legal *actions* for it (integers: what bots
and RL environments pick from), and the *notation*: readable move strings that
are the save format, the log and the test language. A notated move may be
compound (an Ethnos band) and is applied atomically as a sequence of actions.

Simultaneous decisions (several seats choosing at once, as in The Old King's
Crown) are a Decision with more than one seat; each seat's action is given with
`seat=` and stays hidden until the game reveals it.
"""

from __future__ import annotations

from typing import NamedTuple, Protocol, runtime_checkable


class GameError(Exception):
    """Base of every error a user may see: the message is for people."""


class IllegalMove(GameError):
    """A move or action that is not legal now (or cannot be parsed)."""


class BadState(GameError):
    """A STATE document that cannot be loaded."""


class Decision(NamedTuple):
    kind: str
    seats: tuple[int, ...]

    @property
    def seat(self) -> int:
        return self.seats[0]

    def to_json(self) -> dict:
        if len(self.seats) == 1:
            return {"seat": self.seats[0], "kind": self.kind}
        return {"seats": list(self.seats), "kind": self.kind}


@runtime_checkable
class GameState(Protocol):
    """What the bots, arena, environments and server rely on."""

    game: str
    players: int

    def decision(self) -> Decision | None: ...
    def legal_actions(self, seat: int | None = None) -> list[int]: ...
    def apply_action(self, action: int, seat: int | None = None) -> None: ...
    def action_to_str(self, action: int) -> str: ...
    def legal_moves(self) -> list[str]: ...
    def apply_move(self, move: str) -> None: ...
    def clone(self) -> GameState: ...
    def to_json(self) -> dict: ...
    def view(self, seat: int | None) -> dict: ...
    # optional: `log_for(seat)`, the events the seat may read (bots get them;
    # a game without it gives its bots an empty log)
    def is_terminal(self) -> bool: ...
    def returns(self) -> list[float]: ...
    def determinize(self, seat: int | None, rng) -> GameState: ...  # None: as an outsider sees it
