# Written by tools/compiled_constants.py: this module's integer constants as C
# integers when it is compiled (meeple.compiled); the source is unchanged.
cdef Py_ssize_t CARD, COUNCIL, DONE, DRAW, FAVOUR_USES, LOC, PER
