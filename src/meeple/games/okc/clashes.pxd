# Written by tools/compiled_constants.py: this module's integer constants as C
# integers when it is compiled (meeple.compiled); the source is unchanged.
cdef Py_ssize_t AMBUSH, AMBUSH_C, AMBUSH_FROM_DISCARD, BACK, CARD, DEADLY, DONE, DRAW, E_GC, E_GID, E_GT, E_PART, E_PASS, E_USED, FAVOUR, FLANK, FLANK_C, FX_CLANS_MARKERS, FX_HEIRS_DEADLY, FX_SUPPORTERS, HERALD, INVULNERABLE, JOURNEY, OFAVOUR, PER, REGION, RESILIENT, RETREAT, RETREAT_C, RETREAT_JOURNEY, SUPP, _DAY_CMDS
