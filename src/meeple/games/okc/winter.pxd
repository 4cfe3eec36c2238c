# Written by tools/compiled_constants.py: this module's integer constants as C
# integers when it is compiled (meeple.compiled); the source is unchanged.
cdef Py_ssize_t E_DEP, E_GC, E_GID, E_GT, E_PART, E_PASS, E_USED, FX_SUPPORTERS, PER
