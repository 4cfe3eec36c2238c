"""Every Ethnos component number, in one place (source: shared/rules/ethnos.md).

The glory tokens, which the rulebook counts but does not print, are read from
data/glory.json, which a box owner may replace (docs/data.md).

A box owner who finds a value wrong corrects it here and nowhere else. The
confidence column of the digest is kept beside each value.
"""

import os
from typing import Any

from meeple.core import gamedata

KINGDOMS = ("althea", "duris", "ithys", "pelagon", "rhea", "straton")
KINGDOM_COLOURS = ("green", "purple", "orange", "gray", "red", "blue")

# The twelve base tribes and the Fairy promo (a 13th candidate).
BASE_TRIBES = (
    "centaur",
    "dwarf",
    "elf",
    "giant",
    "halfling",
    "merfolk",
    "minotaur",
    "orc",
    "skeleton",
    "troll",
    "wingfolk",
    "wizard",
)
PROMO_TRIBES = ("fairy",)
TRIBES = BASE_TRIBES + PROMO_TRIBES

# Copies of each card per kingdom (confirmed); skeletons have no kingdom.
COPIES_PER_KINGDOM = {t: 2 for t in TRIBES}
COPIES_PER_KINGDOM["halfling"] = 4
SKELETON_CARDS = 12
DRAGONS = 3  # rulebook

MARKERS_PER_PLAYER = 26  # rulebook
HAND_LIMIT = 10  # no recruiting with 10 cards
MAX_BAND = 10  # a band is 1-10 cards

# Band glory by size: 1:0, 2:1, 3:3, 4:6, 5:10, 6+:15 (rulebook table).
BAND_GLORY = (0, 0, 1, 3, 6, 10, 15)

# Glory tokens and those marked 4+ (removed with 2-3 players): data/glory.json,
# with their provenance (a box owner's copy replaces it; see the end of this file).

TROLL_TOKENS = (1, 2, 3, 4, 5, 6)  # confirmed

# Orc horde: cashing 1..6 markers (likely).
ORC_CASH = (0, 1, 3, 6, 10, 15, 20)

# Merfolk track: spaces 0..18, a marker symbol on these spaces (likely).
MERFOLK_TRACK_END = 18
MERFOLK_SYMBOLS = (3, 7, 12, 18)
# Merfolk board glory per age, as a kingdom's slots (unconfirmed, most likely).
MERFOLK_GLORY = {"large": (1, 2, 4), "small": (1, 3)}

# Giant token: +2 on taking it (rulebook); per-age values (unconfirmed).
GIANT_TAKE = 2
GIANT_AGE = {"large": (2, 4, 6), "small": (2, 5)}


def small_game(players: int) -> bool:
    """2-3 players: 5 tribes, 2 ages, 2 glory slots, the boards' small sides."""
    return players <= 3


def tribes_in_game(players: int) -> int:
    return 5 if small_game(players) else 6


def ages(players: int) -> int:
    return 2 if small_game(players) else 3


MIN_PLAYERS, MAX_PLAYERS = 2, 6


# ---------------------------------------------------------------- data files
DATA_DIR = os.path.join(os.path.dirname(__file__), "data")
PROVENANCE = ("rulebook", "box", "likely")
UNSURE = ("likely",)  # listed by data-check: count your box's tokens
GLORY_PER_KINGDOM = 3  # rulebook setup 2; 2 per kingdom with 2-3 players


def _glory(doc: dict, c: gamedata.Checker) -> tuple:
    """(all tokens, the 4+ tokens) of glory.json, in the file's order (it sets the shuffle)."""
    tokens: Any = doc.get("tokens")  # checked below
    plus: Any = doc.get("tokens_4plus")
    for name, v in (("tokens", tokens), ("tokens_4plus", plus)):
        if c.need(isinstance(v, list), name, "must be a list of glory values"):
            for i, t in enumerate(v):
                c.whole(t, f"{name}[{i}]", "a glory value", 0, 99)
    if not (isinstance(tokens, list) and isinstance(plus, list)):
        return (), ()
    full = GLORY_PER_KINGDOM * len(KINGDOMS)
    c.need(len(tokens) == full, "tokens", f"the rulebook has {full} glory tokens, not {len(tokens)}")
    left = list(tokens)
    for t in plus:
        c.need(t in left, "tokens_4plus", f"a 4+ token of value {t!r} is not among the tokens")
        if t in left:
            left.remove(t)
    small = (GLORY_PER_KINGDOM - 1) * len(KINGDOMS)
    c.need(
        len(tokens) - len(plus) == small,
        "tokens_4plus",
        f"without the 4+ tokens {small} must remain (2 per kingdom with 2-3 players), not {len(tokens) - len(plus)}",
    )
    return tuple(tokens), tuple(plus)


VALIDATORS = {"glory.json": _glory}
FILES = tuple(VALIDATORS)


def check(folder: str) -> tuple[list[str], list[tuple[str, str, str]]]:
    """(one line per problem, values still unconfirmed) for a box owner's folder."""
    problems, unsure, _ = gamedata.check_files("ethnos", VALIDATORS, DATA_DIR, folder, PROVENANCE, UNSURE)
    return problems, unsure


GLORY_TOKENS, GLORY_TOKENS_4PLUS = gamedata.load_files("ethnos", VALIDATORS, DATA_DIR, PROVENANCE)["glory.json"]
