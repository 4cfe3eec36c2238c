# Written by tools/compiled_constants.py: this module's integer constants as C
# integers when it is compiled (meeple.compiled); the source is unchanged.
cdef Py_ssize_t AMBUSH_C, BACK, BUY, CARD, COUNCIL, DEPLOY_C, DONE, DRAW, FAVOUR, FAVOUR2, FLANK_C, GOVERN, HERALD, JOURNEY, KACT, KPICK, LOC, NCARDS, OATHS, OFAVOUR, OFAVOUR2, PAIR, PER, RALLY_C, REGION, RETREAT_C, RGOVERN, ROAD, SEAT, SECRETS, SPACE, STEAL, SUPP, SUPP_LOST, TACTIC, USE
