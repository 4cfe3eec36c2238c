# Written by tools/compiled_constants.py: this module's integer constants as C
# integers when it is compiled (meeple.compiled); the source is unchanged.
cdef Py_ssize_t BID_PLUS_FIVE, CARDS_PER_FACTION, DEADLY, DEPLOY, FLANK, FOLLOWERS_DEPLOY, FX_ALL, INVULNERABLE, NBASIC, PATHFINDER, RESILIENT, RETREAT, STEAL_PLUS_THREE, _HEIR_CARDS
