# Written by tools/compiled_constants.py: this module's integer constants as C
# integers when it is compiled (meeple.compiled); the source is unchanged.
cdef Py_ssize_t AMBUSH, AMBUSH_FROM_DISCARD, BACK, CARD, COUNCIL, DONE, DRAW, E_DEP, E_GC, E_GID, E_GT, E_PART, FLANK, NBASIC, PER, REGION, ROAD, USE, U_SITE
