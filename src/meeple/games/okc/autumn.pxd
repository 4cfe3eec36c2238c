# Written by tools/compiled_constants.py: this module's integer constants as C
# integers when it is compiled (meeple.compiled); the source is unchanged.
cdef Py_ssize_t ALL_PATHFINDER, AMBUSH_C, BUY, CARD, DEPLOY, DEPLOY_C, DONE, E_GC, E_GID, E_USED, FAVOUR, GOVERN, JOURNEY, LOC, OATHS, OFAVOUR, PER, RALLY_C, RALLY_SELF, RALLY_TWO, REGION, RGOVERN, SECRETS, SECRETS_THRESHOLD, SITE_LORE, SUPP, SUPP_LOST, U_GOVERN, U_JOURNEY, U_OATHS, U_RGOVERN, U_SECRETS, _DEPLOY, _RALLY, _REGION_GOVERN
