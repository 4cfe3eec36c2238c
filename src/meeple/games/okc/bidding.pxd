# Written by tools/compiled_constants.py: this module's integer constants as C
# integers when it is compiled (meeple.compiled); the source is unchanged.
cdef Py_ssize_t BACK, CARD, DECK_TOP_TWO, KPICK, LOC, PAIR, REGION, ROAD, ROAD_SIZE, SEAT, SPACE, STEAL
