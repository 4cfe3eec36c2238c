# Written by tools/compiled_constants.py: this module's integer constants as C
# integers when it is compiled (meeple.compiled); the source is unchanged.
cdef Py_ssize_t AMBUSH, BACK, CARD, COUNCIL, DEADLY, DEPLOY, DONE, DRAW, E_DEP, E_GC, E_GID, E_GT, E_PART, HERALD, INVULNERABLE, KACT, LOC, LOSTPICK, MAX_HAND_SIZE, PAIR, PER, REGION, RETREAT, RETREAT_JOURNEY, ROAD, SEAT, SPACE, SUPP, SUPP_LOST, TACTIC, U_KINGDOM
