# Written by tools/compiled_constants.py: this module's integer constants as C
# integers when it is compiled (meeple.compiled); the source is unchanged.
cdef Py_ssize_t CARD, DONE, E_GID, FAVOUR, FAVOUR2, FX_HEIRS_INVULNERABLE, GOVERN, LOC, OFAVOUR, OFAVOUR2, PER, REGION, SPACE, SUPP, U_BORROW, U_FAVOUR, U_FAVOUR2
