"""Anunnaki's declaration for the shared flow (`meeple.core.flow`): every
decision once (its legal actions, its effect, its question in words) and
every step of a turn, each in the module of the part of the game it belongs
to (turn, movement, battle, effects, culture).

An effect is written `(state, action, seat, arg)`: the pending decision is
cleared first and its argument handed over. A secret decision (the weapon
choice of a battle) keeps each seat's answer in `state.secret` until every
seat has chosen, then runs once.
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
        def quiet(gs, a: int, seat: int) -> None:
            """The answer itself, as a game that keeps no record runs it (the
            flow has forgotten the kept legal actions and cleared the decision):
            a secret answer is kept until every seat has chosen, then the body runs."""
            arg = gs.darg
            if secret or len(gs.dseats) > 1:
                gs.secret[str(seat)] = a
                gs.dseats = [x for x in gs.dseats if x != seat]
                if gs.dseats:
                    gs.kind = kind  # still pending for the seats yet to choose
                    return
            gs.kind = None
            gs.dseats = []
            gs.darg = {}
            body(gs, a, seat, arg)

        def effect(gs, a: int, seat: int, auto: bool) -> None:
            gs.legal_now = None  # the legal actions kept by before_forced: no longer the pending ones
            if auto and gs.record:  # the only answer, taken for the seat: said to it alone
                move = gs.action_to_str_for(a, seat)
                sp = gs.space_of(a)  # a star space is told by the tiles it joins
                gs._event("forced", seat, (kind, move) if sp is None else (kind, move, gs.space_tiles(sp)), seat)
            quiet(gs, a, seat)

        FLOW.decision(kind, prompt=prompt, legal=legal, forced=forced, quiet=quiet)(effect)
        return body

    return declare


def step(name: str):
    """Declare an automatic step of a turn, run with the arguments it was queued with."""
    return FLOW.step(name)
