"""Hints: the best moves for a seat, from what that seat may see.

`hint(state, seat)` observes `state` as `seat` does (its view and the events it
may read: `meeple.bots.base.observe`, the bots' own secrecy boundary) and
searches from that alone, so a hint for two states that differ only in what
the seat cannot see is the same (tests/advisor/test_hint.py checks it).
"""

from __future__ import annotations

import math
import time

from meeple.core.apply import INCOHERENT, incoherent, main_json
from meeple.core.game import BadState, GameError

MAX_SECONDS = 60.0
MAX_TOP = 50


class HintError(GameError):
    """A hint request that cannot be answered (the message says why)."""


def hint(
    state,
    seat,
    seconds: float = 2.0,
    top: int = 3,
    seed: int | None = None,
    iterations: int | None = None,
    spent: float = 0.0,
) -> dict:
    """{"seat", "options": [{"move", "win", "visits"}, ...]}, best first.

    `seconds` is the CPU time of the whole hint, set-up included;
    `iterations` (for tests and reproducible runs) caps the simulations
    instead. `seed` seeds the search (None: 0, so a hint is reproducible
    given the same budget). `spent`: CPU seconds already used on this
    request before the call (`meeple hint`: starting Python, reading the STATE)."""
    t0 = time.thread_time() - spent
    check_request(state, seat, seconds, top)
    from meeple.bots.base import observe

    obs = observe(state, seat)
    left = None
    if iterations is None:
        left = max(0.05, seconds - (time.thread_time() - t0) - 0.05)  # 0.05 s to name the moves
    return hint_observed(obs, left, top, seed, iterations)


def hint_observed(
    obs, seconds: float | None, top: int = 3, seed: int | None = None, iterations: int | None = None
) -> dict:
    """The hint from an Observation (what the seat knows, `meeple.bots.base.observe`):
    the server builds that as it does for its bots and sends it to a worker."""
    from meeple.advisor.search import options

    found = options(obs, seconds=seconds, iterations=iterations, seed=0 if seed is None else seed)
    return {"seat": obs.seat, "options": [o.to_json() for o in ranked(found, top)]}


def ranked(found: list, top: int) -> list:
    """The `top` options the search tried most (its robust choices: a move
    seen in few simulations has a noisy chance), listed by the chance of
    winning each shows, so the list never contradicts its own numbers."""
    chosen = sorted(found, key=lambda o: -o.visits)[:top]
    return sorted(chosen, key=lambda o: (-round(o.win, 3), -o.visits))


def check_request(state, seat, seconds, top) -> None:
    """HintError naming the problem: finished game, not the seat's turn, a bad budget."""
    if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < state.players:
        raise HintError(f"seat must be a whole number from 0 to {state.players - 1}, got {seat!r}")
    if (
        isinstance(seconds, bool)
        or not isinstance(seconds, (int, float))
        or math.isnan(seconds)
        or not 0 < seconds <= MAX_SECONDS
    ):
        raise HintError(f"seconds must be more than 0 and at most {MAX_SECONDS:g}, got {seconds!r}")
    if isinstance(top, bool) or not isinstance(top, int) or not 1 <= top <= MAX_TOP:
        raise HintError(f"top must be a whole number from 1 to {MAX_TOP}, got {top!r}")
    d = state.decision()
    if d is None:
        raise HintError("the game is over: there is nothing to hint")
    if seat not in d.seats:
        waiting = ", ".join(map(str, d.seats))
        raise HintError(f"it is not seat {seat}'s decision (waiting for seat {waiting}: {d.kind})")


def run_hint(payload, spent: float = 0.0) -> dict:
    """The `meeple hint` request {"state", "seat", "seconds"?} answered; HintError
    or BadState for bad input. `spent` as for `hint`."""
    from meeple import games

    if not isinstance(payload, dict):
        raise HintError('input must be a JSON object {"state": STATE, "seat": S, "seconds"?: 2}')
    unknown = set(payload) - {"state", "seat", "seconds", "top", "seed"}
    if unknown:
        raise HintError(f"unknown input field(s): {', '.join(sorted(unknown))}")
    doc = payload.get("state")
    if not isinstance(doc, dict):
        raise HintError("input.state must be a STATE object")
    if "seat" not in payload:
        raise HintError("input.seat is missing: whose hint is it?")
    seed = payload.get("seed")
    if seed is not None and (isinstance(seed, bool) or not isinstance(seed, int) or seed < 0):
        raise HintError("input.seed must be a non-negative whole number")
    try:
        state = games.get(doc.get("game")).load(doc)
    except GameError as e:
        raise BadState(str(e)) from None
    except INCOHERENT as e:
        raise BadState(f"cannot read the STATE ({type(e).__name__}: {e})") from None
    try:
        return hint(
            state,
            payload["seat"],
            seconds=payload.get("seconds", 2.0),
            top=payload.get("top", 3),
            seed=seed,
            spent=spent,
        )
    except INCOHERENT as e:
        raise incoherent(e, "the search") from None


def main_hint(stdin, stdout, stderr) -> int:
    """`meeple hint < INPUT`: the answer on stdout, or a message on stderr and exit 2."""
    # the budget counts the whole command: Python's start and imports too
    return main_json("hint", lambda payload: run_hint(payload, spent=time.process_time()), stdin, stdout, stderr)
