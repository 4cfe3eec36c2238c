# Written by tools/compiled_constants.py: this module's integer constants as C
# integers when it is compiled (meeple.compiled); the source is unchanged.
cdef Py_ssize_t CARD, COUNCIL, DONE, E_GC, E_GID, E_PART, E_PASS, FLANK, FX_BIDS_ZERO, FX_CLANS_MARKERS, FX_HEIRS_DEADLY, FX_LOCK, FX_SUPPORTERS, KACT, KPICK, PAIR, PER, REGION, RETREAT, RGOVERN, STEAL, TACTIC, USE, U_TACTIC
