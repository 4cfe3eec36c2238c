# Written by tools/compiled_constants.py: this module's integer constants as C
# integers when it is compiled (meeple.compiled); the source is unchanged.
cdef Py_ssize_t CARD, DEPLOY, DEPLOY_C, DEPLOY_INFLUENCE, DONE, FAVOUR, FAVOUR2, FX_CLANS_MARKERS, LOC, OFAVOUR, OFAVOUR2, PER, REGION, SUPP, SUPP_LOST, U_SUPPORTERS, U_SUPPORTERS_DONE
