"""The Old King's Crown action space: every answer to a decision is one
integer, a base here plus a local index (a card's local id, a region, a
location, a board space...). The bases, the once-per-round flags (`used`) and
the fields of an active card entry; nothing else, so every module may import it.
"""

from __future__ import annotations

from meeple.games.okc import cards as C
from meeple.games.okc import data as D

PER = C.PER
# ---- the action space ------------------------------------------------------
DONE = 0  # done / pass / skip / back to hand where stated
CARD = 1  # + local: choose one of my cards
GOVERN = CARD + PER  # + local: autumn govern with that hand card
JOURNEY = GOVERN + PER  # + local: autumn journey with that hand card
AMBUSH_C = JOURNEY + PER  # + local: activate that card's Ambush
RETREAT_C = AMBUSH_C + PER
FLANK_C = RETREAT_C + PER
RALLY_C = FLANK_C + PER
DEPLOY_C = RALLY_C + PER
LOC = DEPLOY_C + PER  # + location
REGION = LOC + 6  # + region
ROAD = REGION + 3  # + Great Road space (0 leftmost .. 3 rightmost)
STEAL = ROAD + D.ROAD_SIZE  # + seat * 3 + space
BACK = STEAL + 12  # the bid card back to hand
SPACE = BACK + 1  # + board space
HERALD = SPACE + 3
SUPP = HERALD + 1  # + region
SUPP_LOST = SUPP + 3
SECRETS = SUPP_LOST + 1
OATHS = SECRETS + 1
FAVOUR = OATHS + 1
FAVOUR2 = FAVOUR + 1
COUNCIL = FAVOUR2 + 1  # + council
BUY = COUNCIL + 3  # + local
DRAW = BUY + PER
KACT = DRAW + 1  # + board space: the action of the kingdom card there
TACTIC = KACT + 3  # + tile index 0..3: activate that tactic tile
KPICK = TACTIC + 4  # + index: pick one of the offered kingdom cards
PAIR = KPICK + 5  # + pair of regions (0: highlands/plateau, 1: highlands/lowlands, 2: plateau/lowlands)
USE = PAIR + 3  # + local: use that Site of Power card's ability
RGOVERN = USE + PER  # trade-10: govern with an active card of its region
SEAT = RGOVERN + 1  # + seat: choose a player
OFAVOUR = SEAT + 4  # use the holder's Favour action (intrigue-11); OFAVOUR2: its second form
OFAVOUR2 = OFAVOUR + 1
LOSTPICK = OFAVOUR2 + 1  # + index in the lost pile (intrigue-12 copies any lost card)
NACTIONS = LOSTPICK + 4 * PER
PAIRS = ((0, 1), (0, 2), (1, 2))
SITE_LORE = BACK  # gained lore onto the empty Site of Power (DONE: to the supply)

SIMULTANEOUS = ("bid", "facedown", "joust", "advanced")

# once-per-round flags (state.used)
U_GOVERN, U_JOURNEY, U_SECRETS, U_OATHS, U_FAVOUR, U_KACT = 1, 2, 4, 8, 16, 32
U_TACTIC = 64  # << tile: that tile was used this round
U_KINGDOM = 1024  # << board space: that kingdom card's action was used
U_SITE = 1 << 13  # << (local - 14): that Site card's ability was used
U_RGOVERN = 1 << 18
U_FAVOUR2 = 1 << 19  # trade-15: the holder's second use this round
U_BORROW = 1 << 20  # intrigue-11: an opponent's Favour used this round
# placing supporters is one spring action (any number of them, to any regions):
# begun with the first supporter, over once the seat takes another action
U_SUPPORTERS, U_SUPPORTERS_DONE = 1 << 21, 1 << 22

# active card entry fields: [gid, part, gained_traits, gained_cmds, used_cmds, deploy, pass]
E_GID, E_PART, E_GT, E_GC, E_USED, E_DEP, E_PASS = range(7)

LOCATIONS = tuple(LOC + loc for loc in range(6))  # an action per location
