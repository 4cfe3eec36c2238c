"""Every Ethnos component number, in one place (source: shared/rules/ethnos.md).

A box owner who finds a value wrong corrects it here and nowhere else. The
confidence column of the digest is kept beside each value.
"""

KINGDOMS = ("althea", "duris", "ithys", "pelagon", "rhea", "straton")
KINGDOM_COLOURS = ("green", "purple", "orange", "gray", "red", "blue")

# The twelve base tribes and the Fairy promo (a 13th candidate).
BASE_TRIBES = ("centaur", "dwarf", "elf", "giant", "halfling", "merfolk",
               "minotaur", "orc", "skeleton", "troll", "wingfolk", "wizard")
PROMO_TRIBES = ("fairy",)
TRIBES = BASE_TRIBES + PROMO_TRIBES

# Copies of each card per kingdom (confirmed); skeletons have no kingdom.
COPIES_PER_KINGDOM = {t: 2 for t in TRIBES}
COPIES_PER_KINGDOM["halfling"] = 4
SKELETON_CARDS = 12
DRAGONS = 3                                   # rulebook

MARKERS_PER_PLAYER = 26                       # rulebook
HAND_LIMIT = 10                               # no recruiting with 10 cards
MAX_BAND = 10                                 # a band is 1-10 cards

# Band glory by size: 1:0, 2:1, 3:3, 4:6, 5:10, 6+:15 (rulebook table).
BAND_GLORY = (0, 0, 1, 3, 6, 10, 15)

# Glory tokens 0x2, 2x2, 4x4, 6x5, 8x3, 10x2 (likely: shared/rules/ethnos.md, where two
# independent implementations agree; one other source has 2x3 and 6x4).
GLORY_TOKENS = (0, 0, 2, 2, 4, 4, 4, 4, 6, 6, 6, 6, 6, 8, 8, 8, 10, 10)
# Tokens marked 4+, removed with 2-3 players (likely).
GLORY_TOKENS_4PLUS = (0, 4, 4, 6, 6, 10)

TROLL_TOKENS = (1, 2, 3, 4, 5, 6)             # confirmed

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
