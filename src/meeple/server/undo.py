"""Undo at a live table: which moves may be taken back, and the other
people's consent.

A seat may take back its own last moves while nobody else has moved and
none of them showed anyone anything new (`meeple.core.undo.revealed`: the one
rule every game declares). Against bots only, an undo is immediate; with
other people at the table it is a request they approve or decline. All must
approve; one refusal declines it, and a declined move cannot be asked again.
Any new move ends a pending request. Requests live in memory only: a
restarted server forgets them (the moves themselves are safe either way).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from meeple.core.undo import revealed


@dataclass
class UndoRequest:
    seat: int  # who asks
    ply: int  # the ply of the move to take back
    waiting: list[int]  # people who have not answered yet
    declined_by: int | None = None

    def public(self) -> dict:
        return {
            "seat": self.seat,
            "ply": self.ply,
            "waiting": list(self.waiting),
            "status": "declined" if self.declined_by is not None else "pending",
            "declined_by": self.declined_by,
        }


@dataclass
class Takebacks:
    stack: list = field(default_factory=list)  # [(seat, first_ply, end_ply, state_before)]
    request: UndoRequest | None = None
    declined: set = field(default_factory=set)  # first plies of moves whose undo was refused

    def moved(self, seat: int, first_ply: int, end_ply: int, before, after) -> None:
        """`seat`'s move (plies first_ply..end_ply-1) took `before` to `after`:
        it stays undoable only if it revealed nothing and did not end the game."""
        self.request = None
        if after.is_terminal() or revealed(before, after):
            self.stack.clear()
        else:
            self.stack.append((seat, first_ply, end_ply, before))

    def clear(self) -> None:
        """Someone else moved (or the game ended): nothing before is undoable."""
        self.stack.clear()
        self.request = None

    def last(self, seat, ply_now: int):
        """The entry `seat` may take back now (its move is the last one), or None."""
        if seat is None or not self.stack:
            return None
        top = self.stack[-1]
        return top if top[0] == seat and top[2] == ply_now else None

    def may_ask(self, seat, ply_now: int) -> bool:
        top = self.last(seat, ply_now)
        return top is not None and self.request is None and top[1] not in self.declined

    def pop(self) -> None:
        """The last move was taken back; refusals of moves now gone are forgotten."""
        first = self.stack.pop()[1]
        self.request = None
        self.declined = {p for p in self.declined if p < first}
