"""Anunnaki's declaration for the shared flow (`meeple.core.flow`): every
decision once (its legal actions, its effect, its question in words) and
every step of a turn, each in the module of the part of the game it belongs
to (turn, movement, battle, effects, culture).

An effect is written `(state, action, seat)` and runs with the pending
decision cleared (`kind`; its seats and argument, `darg`, stay as they were
until the next decision is asked, so the effect reads its argument there).
In a game that keeps no record the flow runs the effect itself, one call per
answer. A secret decision (the weapon choice of a battle) keeps each seat's
answer in `state.secret` until every seat has chosen, then runs once.
"""

from __future__ import annotations

from meeple.core.flow import Rules

FLOW = Rules("anunnaki")


LEGAL: dict = {}  # kind -> its legal actions as declared (worked out afresh, never the kept ones)


def decide(kind: str, prompt: str, legal, *, forced: bool = True, secret: bool = False, kept: bool = False):
    """Declare decision `kind` with its legal actions; the decorated function is its effect.
    With `kept`, the step asking it may hand over the legal actions it worked
    out already (`state._set(..., acts=)`), kept in `legal_now` until answered."""
    LEGAL[kind] = legal
    if kept:
        fresh = legal

        def legal(gs, seat: int) -> list[int]:
            acts = gs.legal_now
            if acts is not None and seat == gs.dseats[0]:
                return acts
            return fresh(gs, seat)

    def declare(body):
        def kept_secret(gs, a: int, seat: int) -> None:
            """A secret answer is kept until every seat has chosen, then the body runs."""
            gs.secret[str(seat)] = a
            gs.dseats = [x for x in gs.dseats if x != seat]
            if gs.dseats:
                gs.kind = kind  # still pending for the seats yet to choose
                return
            body(gs, a, seat)

        # unrecorded, the flow clears the decision and runs this itself (the body, unless secret)
        quiet = kept_secret if secret else body

        def effect(gs, a: int, seat: int, auto: bool) -> None:
            gs.legal_now = None  # the legal actions kept by before_forced: no longer the pending ones
            if auto and gs.record:  # the only answer, taken for the seat: said to it alone
                move = gs.action_to_str_for(a, seat)
                sp = gs.space_of(a)  # a star space is told by the tiles it joins
                gs._event("forced", seat, (kind, move) if sp is None else (kind, move, gs.space_tiles(sp)), seat)
            gs.kind = None
            quiet(gs, a, seat)

        FLOW.decision(kind, prompt=prompt, legal=legal, forced=forced, quiet=quiet)(effect)
        return body

    return declare


def step(name: str):
    """Declare an automatic step of a turn, run with the arguments it was queued with."""
    return FLOW.step(name)
