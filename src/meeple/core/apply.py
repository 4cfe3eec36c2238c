"""`meeple apply`: load a STATE, apply MOVEs, print the result (SPEC.md).

Game-agnostic: the STATE's `game` field picks the declared game (`meeple.core.spec`;
the games register when `meeple.games` is imported, as the command line does).
"""

from __future__ import annotations

import json

from meeple.core import gamedata
from meeple.core.game import BadState, GameError, IllegalMove
from meeple.core.spec import declared

# What a STATE that loads but does not hold together raises once the rules
# reach its wrong part (a `pending` written by hand, say): the loaders check
# structure and identifiers, not every combination. A STATE the engine wrote
# never does, so at this boundary it means bad input, said as such.
INCOHERENT = (TypeError, KeyError, IndexError, ValueError, AttributeError, OverflowError)


def incoherent(e: Exception, where: str) -> BadState:
    return BadState(f"the STATE does not hold together: {where} met {type(e).__name__}: {e}")


class BadInput(BadState):
    """The input around the STATE is wrong (not an object, `moves` not a
    list, a bad `seed`): refused like a bad STATE (exit 2), and said so."""


def run_apply(payload) -> dict:
    """Return the result object; raise BadState for an input that is not valid."""
    if not isinstance(payload, dict):
        raise BadInput('input must be a JSON object {"state": STATE, "moves": [...], "seed"?: N}')
    doc = payload.get("state")
    if not isinstance(doc, dict):
        raise BadState("input.state must be a STATE object")
    moves = payload.get("moves", [])
    if not isinstance(moves, list):
        raise BadInput("input.moves must be a list of move strings")
    seed = payload.get("seed")
    if seed is not None and (not isinstance(seed, int) or isinstance(seed, bool) or not 0 <= seed < 1 << 64):
        raise BadInput("input.seed must be an integer in 0..2**64-1")
    try:
        game = declared(doc.get("game"))
    except GameError as e:
        raise BadState(str(e)) from None
    if seed is not None:
        doc = dict(doc, rng=seed)
    gamedata.require(game.name, doc.get("data"))
    try:
        state = game.load(doc)
    except INCOHERENT as e:
        raise BadState(f"cannot read the STATE ({type(e).__name__}: {e})") from None
    error = None
    for i, move in enumerate(moves):
        try:
            state.apply_move(move)
        except IllegalMove as e:
            error = {"move": i, "message": str(e)}
            break
        except INCOHERENT as e:
            raise incoherent(e, f"move {i} ({move!r})") from None
    try:
        d = state.decision()
        return {"state": state.to_json(), "decision": None if d is None else d.to_json(), "error": error}
    except INCOHERENT as e:
        raise incoherent(e, "the result") from None


def main_apply(stdin, stdout, stderr) -> int:
    return main_json("apply", run_apply, stdin, stdout, stderr)


def main_json(name: str, run, stdin, stdout, stderr) -> int:
    """A JSON-in, JSON-out command (`meeple apply`, `meeple hint`): `run(payload)`'s
    result on stdout, or one line on stderr and exit 2 for bad input."""
    try:
        payload = json.load(stdin)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        print(f"meeple {name}: input is not JSON: {e}", file=stderr)
        return 2
    try:
        result = run(payload)
    except BadState as e:
        print(f"meeple {name}: {'invalid input' if isinstance(e, BadInput) else 'invalid STATE'}: {e}", file=stderr)
        return 2
    except GameError as e:
        print(f"meeple {name}: {e}", file=stderr)
        return 2
    json.dump(result, stdout)
    stdout.write("\n")
    return 0
