"""What every game state shares: its record (moves, events) and the plumbing to
its own notation and view modules.

The move list and the event log are persistent linked lists (`(previous,
entry)` pairs), so a clone shares them for free; each entry of the move list is
`(seat, move)`. The notation and the view of a state are those its game
declares (`meeple.core.spec`: the spec named by the state's `game`).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, ClassVar

from meeple.core import gamedata
from meeple.core.spec import declared

if TYPE_CHECKING:
    from typing import Self


def _unroll(chain) -> list:
    out = []
    while chain is not None:
        chain, entry = chain
        out.append(entry)
    out.reverse()
    return out


class GameRecord:
    # `reveals` counts what became known to anyone that was not known before
    # (a card drawn, dealt, flipped or shown, a secret choice disclosed);
    # `meeple.core.undo` reads it, with the rng, to tell an undoable move.
    __slots__ = ("reveals",)
    reveals: int
    # what every game's state declares (its fields: slots made from its FIELDS)
    game: ClassVar[str]
    players: int
    finished: bool
    winners: list[int]
    record: bool  # keep the move list and the event log
    history: Any  # the move list: (previous, (seat, move)) or None
    events: Any  # the event log: (previous, (kind, seat, detail, private_to)) or None

    if TYPE_CHECKING:  # every game's state has these (its clone is generated from its fields)

        def clone(self) -> Self: ...

        def legal_actions(self, seat: int | None = None) -> list[int]: ...

    def __new__(cls, *args, **kwargs):
        obj = super().__new__(cls)
        obj.reveals = 0
        return obj

    def _mark_reveal(self) -> None:
        """Mark that something hidden just came into someone's view."""
        self.reveals += 1

    # ------------------------------------------------------------ notation
    def _notation(self):
        """The game's declared notation (`meeple.core.spec.Notation`)."""
        return declared(self.game).rules.notation

    def apply_move(self, move: str) -> None:
        self._notation().apply_move(self, move)

    def legal_moves(self) -> list[str]:
        listed = self._notation().legal_moves
        if listed is not None:
            return listed(self)
        return [self.action_to_str(a) for a in self.legal_actions()]

    def action_to_str(self, action: int) -> str:
        return self._notation().action_to_str(self, action)

    def to_json(self) -> dict:
        return gamedata.stamp(self.game, self._notation().dump(self))

    def view(self, seat: int | None) -> dict:
        v = declared(self.game).rules.view(self, seat)
        notice = gamedata.notice(self.game)
        if notice:
            v["data_notice"] = notice
        return v

    def determinize(self, seat: int | None, rng):
        return declared(self.game).rules.determinize(self, seat, rng)

    def _restore(self, other) -> None:
        """Take every field of `other` (a clone made before a move that failed),
        those of every class between this one and GameRecord included."""
        for cls in type(self).__mro__:
            slots = cls.__dict__.get("__slots__", ())
            for f in (slots,) if isinstance(slots, str) else slots:
                setattr(self, f, getattr(other, f))

    def __eq__(self, other) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self.to_json() == other.to_json()

    # (with __eq__ and no __hash__, Python makes a state unhashable)

    # ------------------------------------------------------------ the end
    def is_terminal(self) -> bool:
        return self.finished

    def returns(self) -> list[float]:
        """1 for each winner shared evenly, 0 otherwise (only once finished)."""
        if not self.finished:
            return [0.0] * self.players
        share = 1.0 / len(self.winners)
        return [share if s in self.winners else 0.0 for s in range(self.players)]

    # ------------------------------------------------------------ the record
    @property
    def moves(self) -> list[str]:
        """The notated moves so far, oldest first (the replay record)."""
        return [m for _, m in _unroll(self.history)]

    def move_record(self) -> list[tuple[int, str]]:
        """(seat, move) for every notated move, oldest first (what a save keeps)."""
        return _unroll(self.history)

    def moves_for(self, seat: int | None) -> list[str]:
        """The move list as `seat` (None: a spectator) may read it."""
        return [m if who == seat else self._secret_move(m) for who, m in _unroll(self.history)]

    def _secret_move(self, move: str) -> str:
        """Another seat's move as others may read it (a game hides what it must)."""
        return move

    def log(self) -> list[tuple]:
        """The event log, oldest first: (kind, seat, detail, private_to)."""
        return _unroll(self.events)

    def log_for(self, seat: int | None) -> list[tuple]:
        """The events `seat` may read: other seats' private events are left out."""
        return [e for e in _unroll(self.events) if e[3] is None or e[3] == seat]

    def _record(self, seat, move: str) -> None:
        if self.record:
            self.history = (self.history, (seat, move))

    def _event(self, kind: str, seat, detail, private_to=None) -> None:
        if self.record:
            self.events = (self.events, (kind, seat, detail, private_to))
