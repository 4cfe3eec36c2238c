# Written by tools/compiled_constants.py: this module's integer constants as C
# integers when it is compiled (meeple.compiled); the source is unchanged.
cdef Py_ssize_t NF, SITE_CARDS, U_FAVOUR, _FAVOUR_CARDS
