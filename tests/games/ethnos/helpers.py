"""Build Ethnos STATE documents for rule tests in a few words."""

from __future__ import annotations

import copy

from meeple.core.apply import run_apply
from meeple.games.ethnos import data, load

GLORY4 = {
    "althea": [2, 6, 10],
    "duris": [0, 4, 8],
    "ithys": [2, 4, 6],
    "pelagon": [4, 6, 8],
    "rhea": [0, 2, 8],
    "straton": [4, 6, 10],
}
GLORY2 = {"althea": [2, 8], "duris": [0, 4], "ithys": [2, 6], "pelagon": [4, 8], "rhea": [2, 10], "straton": [6, 8]}
FILLER = [
    "dwarf:ithys",
    "elf:duris",
    "orc:althea",
    "troll:straton",
    "wizard:rhea",
    "dwarf:pelagon",
    "elf:ithys",
    "orc:duris",
    "troll:althea",
    "wizard:straton",
]


def doc(
    players: int = 4,
    tribes=("dwarf", "elf", "giant", "orc", "troll", "wizard"),
    age: int = 1,
    current: int = 0,
    deck=None,
    market=(),
    dragons: int = 0,
    markers: dict | None = None,
    hands: dict | None = None,
    bands: dict | None = None,
    glory: dict | None = None,
    orc: dict | None = None,
    trolls: dict | None = None,
    merfolk=None,
    giant=None,
    last_dragon=None,
) -> dict:
    glory_slots = GLORY2 if data.small_game(players) else GLORY4
    markers = markers or {}
    seats = []
    for s in range(players):
        seats.append(
            {
                "glory": (glory or {}).get(s, 0),
                "hand": list((hands or {}).get(s, [])),
                "bands": [{"leader": b[0], "cards": list(b)} for b in (bands or {}).get(s, [])],
                "orc": list((orc or {}).get(s, [])),
                "trolls": list((trolls or {}).get(s, [])),
            }
        )
    held = {v for t in (trolls or {}).values() for v in t}
    d = {
        "game": "ethnos",
        "players": players,
        "age": age,
        "tribes": list(tribes),
        "kingdoms": {
            k: {"glory": list(g), "markers": list(markers.get(k, [0] * players))} for k, g in glory_slots.items()
        },
        "deck": list(deck if deck is not None else FILLER + ["dragon"] * (3 - dragons)),
        "market": list(market),
        "dragons": dragons,
        "current": current,
        "last_dragon": last_dragon,
        "giant": giant,
        "troll_pool": [v for v in data.TROLL_TOKENS if v not in held],
        "seats": seats,
        "finished": False,
        "winners": [],
    }
    if merfolk is not None:
        d["merfolk"] = list(merfolk)
    return d


def state(**kw):
    return load(copy.deepcopy(doc(**kw)))


def play(d: dict, moves: list[str], seed: int | None = None) -> dict:
    payload = {"state": copy.deepcopy(d), "moves": moves}
    if seed is not None:
        payload["seed"] = seed
    return run_apply(payload)


def ok(d: dict, moves: list[str], seed: int | None = None) -> dict:
    """Apply moves that must all be legal; return the output STATE."""
    out = play(d, moves, seed)
    assert out["error"] is None, out["error"]
    return out


END_AGE = dict(deck=["dragon", "elf:althea", "dwarf:ithys"], dragons=2)
"""A deck whose next card is the third dragon: `recruit deck` ends the age."""
