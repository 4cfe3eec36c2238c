"""Small helpers shared by the server tests."""

from __future__ import annotations

import random


def options_from(decision: dict) -> list[str]:
    """Whole MOVE strings a client can build from a seat's decision description."""
    kind = decision["kind"]
    if kind in ("turn", "centaur"):
        out = [f"recruit {c}" for c in decision["recruit"]]
        if decision["deck"]:
            out.append("recruit deck")
        out += [f"band {c}" for c in decision["leaders"]]
        if decision["pass"]:
            out.append("pass")
        return out
    if kind == "keep":
        return ["keep"]
    return list(decision["moves"])


def random_move(decision: dict, hand: list[str], rng: random.Random) -> str:
    """A random legal move, with bigger bands now and then (tribe rule)."""
    opts = options_from(decision)
    move = rng.choice(opts)
    if move.startswith("band ") and rng.random() < 0.6:
        lead = move.split()[1]
        t, k = lead.split(":")
        rest = list(hand)
        rest.remove(lead)
        same = [c for c in rest if c == "skeleton" or c.split(":")[0] == t]
        if len(same) > 0:
            extra = rng.sample(same, min(len(same), rng.randrange(1, 4)))
            move = " ".join(["band", lead, *extra])
    if move == "keep" and hand and rng.random() < 0.5:
        move = "keep " + " ".join(hand[:decision["keep_max"]])
    return move
