"""Anunnaki's declaration for the shared flow (`meeple.core.flow`): every
decision once (its legal actions, its effect, its question in words) and
every step of a turn, each in the module of the part of the game it belongs
to (turn, movement, battle, effects, culture), with `RULES.decision` and
`RULES.step`.

An effect is written `(s, action, seat)` and runs with the pending decision
cleared (`kind`; its seats and argument, `darg`, stay as they were until the
next decision is asked, so the effect reads its argument there). The flow
notes an answer in the words of `actions.action_to_str` and tells a forced
one to its seat (a star space by the tiles it joins). The weapon choice of a
battle is simultaneous and secret: each seat's answer is kept in
`state.secret` until every seat has chosen.
"""

from __future__ import annotations

from meeple.core.flow import Rules
from meeple.games.anunnaki.actions import action_to_str


def _words(s, kind: str, a: int, seat: int) -> str:
    return action_to_str(s, a, seat)


def _told(s, kind: str, a: int, seat: int) -> tuple:
    """A forced answer, told to its seat alone; a star space by the tiles it joins."""
    move = action_to_str(s, a, seat)
    sp = s.space_of(a)
    return (kind, move) if sp is None else (kind, move, s.space_tiles(sp))


# An Anunnaki decision's argument is a dict of named values ({} for none)
RULES = Rules("anunnaki", words=_words, told=_told, arg=dict)
