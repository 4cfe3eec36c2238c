# Written by tools/compiled_constants.py: this module's integer constants as C
# integers when it is compiled (meeple.compiled); the source is unchanged.
cdef Py_ssize_t ADVANCED_OFFER, AMBUSH_C, BOARD_SPACES, CARD, DONE, E_GC, E_GID, E_GT, E_PART, FACTION_TOKENS, FAVOUR_USES, FX_LOCK, HAND_SIZE_HEIR, HEIR, MAX_HAND_SIZE, MAX_PLAYERS, MIN_HAND_SIZE, MIN_PLAYERS, NACTIONS, NK, PATHFINDER, PER, ROAD_SIZE, ROUNDS, START_HAND_SIZE, SUPPORTERS, U_KINGDOM
