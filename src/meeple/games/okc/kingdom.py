"""Kingdom cards: each effect's action as one named `rules.CardAction`, the
sub-decision "kingdom" they share, and the joust (martial-04).

A kingdom card with an action (spring, day or autumn) offers the action
`KACT + space` (the board space holding it) once a round in that step. Its
`start` runs, and, when it needs choices, it asks the sub-decision "kingdom"
(darg [effect, space, stage, ...]) whose options and answers come from the
same object:

    ACTIONS[effect] = CardAction(timing, ready(s, seat, space) -> bool,
                                 start(s, seat, space), options(s, seat, darg) -> list[int],
                                 answer(s, seat, darg, action))

Passive effects (strength, votes, traits, hand size...) are read where the
rules use them, as `cards.owns_kingdom(s, seat, effect)`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.okc import actions as E
from meeple.games.okc import blank, locations
from meeple.games.okc import cards as C
from meeple.games.okc import data as D
from meeple.games.okc.actions import (
    BACK,
    CARD,
    COUNCIL,
    DONE,
    DRAW,
    E_DEP,
    E_GC,
    E_GID,
    E_GT,
    E_PART,
    HERALD,
    KACT,
    LOC,
    LOSTPICK,
    PAIR,
    PAIRS,
    PER,
    REGION,
    ROAD,
    SEAT,
    SPACE,
    SUPP,
    SUPP_LOST,
    TACTIC,
    U_KINGDOM,
)
from meeple.games.okc.cards import ARCH, KEFFECT, KNAME, NAME, STR, TACTICS
from meeple.games.okc.data import (
    AMBUSH,
    COUNCILS,
    DEADLY,
    DEPLOY,
    INVULNERABLE,
    MAX_HAND_SIZE,
    REGIONS,
    RETREAT,
    RETREAT_JOURNEY,
)
from meeple.games.okc.rules import RULES, CardAction, hand_cards

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.okc.fields import OKCFields


def _clash_region(s: OKCFields):
    cur = s._current_clash()
    return None if cur is None else cur[0]


def _locked_out(s: OKCFields, seat) -> bool:
    """Nobility tactic 2: another seat locked the clash in progress; seat may
    not add, swap or move cards there (state._locked)."""
    r = _clash_region(s)
    return r is not None and s._locked(seat, r)


def _clash_cards(s: OKCFields, seat):
    r = _clash_region(s)
    if r is None:
        return []
    mine = s.factions[seat]  # a card is seat's when g // PER is its faction
    return [e for e in s.active[r] if e[E_GID] // PER == mine and not e[E_PART]]


def discard_this(s: OKCFields, seat, j, occupier_too=False):
    """The kingdom card goes to the kingdom discard; its occupier to hand, or
    to the discard pile with 'discard this and its occupier'."""
    kc, occ = s.boards[seat][j]
    s._set_space(seat, j, None)
    s.kdiscard.append(kc)
    if occupier_too:
        s.discards[seat].append(occ)
    else:
        s._to_hand(seat, occ)
    s.push("trim", seat)  # the hand size may have dropped (trade-17)
    s._event("kingdom-discard", seat, KNAME[kc])


# ---- trade-02: +1 influence with a card in any council; all three: discard for +2
def _t02_ready(s: OKCFields, seat, j):
    return any(s.seat_of(g) == seat for c in s.councils for g in c)


def _t02_start(s: OKCFields, seat, j):
    s._gain_influence(seat, 1)
    if all(any(s.seat_of(g) == seat for g in c) for c in s.councils):
        s.ask("kingdom", seat, ["council_spring_influence", j, 0])


def _t02_options(s: OKCFields, seat, darg):
    return [DONE, BACK]


def _t02_answer(s: OKCFields, seat, darg, a):
    if a == BACK:
        discard_this(s, seat, darg[1])
        s._gain_influence(seat, 2)


# ---- trade-06: burn a tactic: +1 lore, +2 if it was unexhausted
def _t06_ready(s: OKCFields, seat, j):
    return any(u >= 0 for u in s.tactics[seat])


def _t06_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["burn_tactic", j, 0])


def _t06_options(s: OKCFields, seat, darg):
    return [TACTIC + t for t in range(4) if s.tactics[seat][t] >= 0]


def _t06_answer(s: OKCFields, seat, darg, a):
    t = a - TACTIC
    fresh = s.tactics[seat][t] > 0
    s.own_tactics()[seat][t] = -1  # burned: out of the game
    s._event("burn-tactic", seat, t + 1)
    s._gain_lore(seat, 2 if fresh else 1)


# ---- trade-13: +1 influence with 0 lore, else +1 lore
def _t13_start(s: OKCFields, seat, j):
    if s.lore[seat] == 0:
        s._gain_influence(seat, 1)
    else:
        s._gain_lore(seat, 1)


# ---- trade-14: one discard card to hand
def _t14_ready(s: OKCFields, seat, j):
    return bool(s.discards[seat])


def _t14_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["discard_to_hand", j, 0])


def _cards_of(gids):
    return [CARD + C.local(g) for g in gids]


def _t14_options(s: OKCFields, seat, darg):
    return _cards_of(s.discards[seat])


def _t14_answer(s: OKCFields, seat, darg, a):
    g = s.gid(seat, a - CARD)
    s.discards[seat].remove(g)
    s._event("recall", seat, (NAME[g], "discard"))
    s._to_hand(seat, g)


# ---- trade-16: discard one of your council cards, +1 hand size, discard this
def _own_council(s: OKCFields, seat):
    mine = s.factions[seat]  # a card is seat's when g // PER is its faction (s.seat_of)
    return [g for c in s.councils for g in c if g // PER == mine]


def _t16_ready(s: OKCFields, seat, j):
    return bool(_own_council(s, seat))


def _t16_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["council_hand_size", j, 0])


def _t16_options(s: OKCFields, seat, darg):
    return _cards_of(_own_council(s, seat))


def _t16_answer(s: OKCFields, seat, darg, a):
    g = s.gid(seat, a - CARD)
    if s.record:
        s._event("council-out", seat, (NAME[g], next(COUNCILS[c] for c in range(3) if g in s.councils[c])))
    for c in s.own_councils():
        if g in c:
            c.remove(g)
    s._leave_council(g)
    s.own_hand_size()[seat] = min(MAX_HAND_SIZE, s.hand_size[seat] + 1)
    discard_this(s, seat, darg[1])


# ---- intrigue-05 (day): move your supporters from this region
def _i05_ready(s: OKCFields, seat, j):
    r = _clash_region(s)
    return r is not None and s.sup_map[seat][r] > 0


def _i05_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["supporters_move", j, 0])


def _i05_options(s: OKCFields, seat, darg):
    r = _clash_region(s)
    acts = [DONE]
    if s.sup_map[seat][r]:
        acts.extend(SUPP + x for x in s._unresolved() if x != r)
        acts.append(SUPP_LOST)
    return acts


def _i05_answer(s: OKCFields, seat, darg, a):
    if a == DONE:
        return
    r = _clash_region(s)
    s.own_sup_map()[seat][r] -= 1
    s.own_sup_part()[seat][r] = min(s.sup_part[seat][r], s.sup_map[seat][r])
    if a == SUPP_LOST:
        s.sup_board[seat] += 1  # back to the player board
    else:
        s.own_sup_map()[seat][a - SUPP] += 1
    s._event("supporter-move", seat, (REGIONS[r], "board" if a == SUPP_LOST else REGIONS[a - SUPP]))
    s.ask("kingdom", seat, darg)


# ---- intrigue-06 (spring): look at a region's face-down cards, then swap two of
#      your own face-down cards between regions (darg stage 2: the look; 0: the swap)
def _own_pairs(s: OKCFields, seat):
    has = [any(s.seat_of(g) == seat for g in s.facedown[r]) for r in range(3)]
    return [i for i, (a, b) in enumerate(PAIRS) if has[a] and has[b]]


def _i06_ready(s: OKCFields, seat, j):
    return any(s.facedown)  # a region to look at


def _i06_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["own_fd_swap", j, 2])


def _i06_options(s: OKCFields, seat, darg):
    if darg[2] == 2:
        return [REGION + r for r in range(3) if s.facedown[r]]
    return [PAIR + i for i in _own_pairs(s, seat)]


def _i06_answer(s: OKCFields, seat, darg, a):
    if darg[2] == 2:  # the look, as the Uprising Favour's
        s._look_at_facedown(seat, a - REGION)
        if _own_pairs(s, seat):
            s.ask("kingdom", seat, [darg[0], darg[1], 0])
        return
    ra, rb = PAIRS[a - PAIR]
    s.swap_facedown(seat, ra, rb)
    s._event("swap-facedown", seat, (seat, REGIONS[ra], REGIONS[rb]))


# ---- intrigue-07 (autumn): an active card to a council, discard the others there, discard this
def _own_active(s: OKCFields, seat):
    mine = s.factions[seat]  # a card is seat's when g // PER is its faction (s.seat_of)
    return [e[E_GID] for a in s.active for e in a if e[E_GID] // PER == mine]


def _i07_ready(s: OKCFields, seat, j):
    return bool(_own_active(s, seat))


def _i07_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["council_active", j, 0])


def _i07_options(s: OKCFields, seat, darg):
    if darg[2] == 0:
        return _cards_of(_own_active(s, seat))
    return [COUNCIL + c for c in range(3)]


def _i07_answer(s: OKCFields, seat, darg, a):
    if darg[2] == 0:
        s.ask("kingdom", seat, [darg[0], darg[1], 1, s.gid(seat, a - CARD)])
        return
    r, e = s._find_active(darg[3])
    s.active[r].remove(e)
    c = a - COUNCIL
    for o in s.councils[c]:
        s._event("council-out", s.seat_of(o), (NAME[o], COUNCILS[c]))
        s._leave_council(o)
    s.own_councils()[c] = [darg[3]]
    s._event("to-council", seat, (NAME[darg[3]], COUNCILS[c], REGIONS[r]))
    discard_this(s, seat, darg[1])


# ---- intrigue-08 (spring): swap a hand card with one of your lost-pile cards
def _i08_ready(s: OKCFields, seat, j):
    return bool(s.hands[seat]) and any(s.seat_of(g) == seat for g in s.lost)


def _i08_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["lost_swap", j, 0])


def _i08_options(s: OKCFields, seat, darg):
    if darg[2] == 0:
        return _cards_of(s.hands[seat])
    return _cards_of([g for g in s.lost if s.seat_of(g) == seat])


def _i08_answer(s: OKCFields, seat, darg, a):
    g = s.gid(seat, a - CARD)
    if darg[2] == 0:
        s.ask("kingdom", seat, [darg[0], darg[1], 1, g])
        return
    h = darg[3]
    if not s._leave_hand(seat, h):  # a card not known in hand is shown
        s._mark_reveal()
    s.lost.remove(g)
    s.lost.append(h)
    s.hands[seat].append(g)
    s.known[seat].append(g)
    s._event("swap-cards", seat, (NAME[h], "hand", NAME[g], "lost"))


# ---- intrigue-14 (autumn): all your lost-pile cards to the deck top or bottom, discard this
def _i14_ready(s: OKCFields, seat, j):
    return any(s.seat_of(g) == seat for g in s.lost)


def _i14_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["lost_to_deck", j, 0])


def _i14_options(s: OKCFields, seat, darg):
    return [SPACE + 0, SPACE + 1]  # 0: top, 1: bottom


def _i14_answer(s: OKCFields, seat, darg, a):
    mine = [g for g in s.lost if s.seat_of(g) == seat]
    s.lost = [g for g in s.lost if s.seat_of(g) != seat]
    if a == SPACE:
        s.decks[seat][:0] = mine
    else:
        s.decks[seat].extend(mine)
    s._event("lost-to-deck", seat, (len(mine), "top" if a == SPACE else "bottom"))
    discard_this(s, seat, darg[1])


# ---- intrigue-15 (autumn): one active card to hand
def _i15_ready(s: OKCFields, seat, j):
    return bool(_own_active(s, seat))


def _i15_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["active_to_hand", j, 0])


def _i15_options(s: OKCFields, seat, darg):
    return _cards_of(_own_active(s, seat))


def _i15_answer(s: OKCFields, seat, darg, a):
    g = s.gid(seat, a - CARD)
    r, e = s._find_active(g)
    s._back_to_hand(seat, r, e)


# ---- martial-02 (autumn): a follower from the discard to hand
def _m02_ready(s: OKCFields, seat, j):
    return any(ARCH[g] == "follower" for g in s.discards[seat])


def _m02_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["followers_deploy", j, 0])


def _m02_options(s: OKCFields, seat, darg):
    return _cards_of([g for g in s.discards[seat] if ARCH[g] == "follower"])


_m02_answer = _t14_answer


# ---- martial-03 (autumn): put 1 influence on an active Deploy card
def _deploy_cards(s: OKCFields, seat):
    return [
        e[E_GID]
        for r, a in enumerate(s.active)
        for e in a
        if s.seat_of(e[E_GID]) == seat and blank.commands(s, seat, e[E_GID], e, r) & DEPLOY
    ]


def _m03_ready(s: OKCFields, seat, j):
    return bool(_deploy_cards(s, seat))


def _m03_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["deploy_influence", j, 0])


def _m03_options(s: OKCFields, seat, darg):
    return _cards_of(_deploy_cards(s, seat))


def _m03_answer(s: OKCFields, seat, darg, a):
    g = s.gid(seat, a - CARD)
    r, e = s._find_active(g)
    e[E_DEP] = max(0, e[E_DEP]) + 1
    s._event("influence-on", seat, NAME[g])


# ---- martial-06 (day): swap an active card with your council or occupying card
def _m06_ready(s: OKCFields, seat, j):
    return (
        bool(_clash_cards(s, seat))
        and bool(_own_council(s, seat) or any(sp is not None for sp in s.boards[seat]))
        and not _locked_out(s, seat)  # (a swap)
    )


def _m06_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["swap_active", j, 0])


def _m06_options(s: OKCFields, seat, darg):
    if darg[2] == 0:
        return _cards_of([e[E_GID] for e in _clash_cards(s, seat)])
    return _cards_of(_own_council(s, seat)) + [SPACE + i for i, sp in enumerate(s.boards[seat]) if sp is not None]


def _m06_answer(s: OKCFields, seat, darg, a):
    if darg[2] == 0:
        s.ask("kingdom", seat, [darg[0], darg[1], 1, s.gid(seat, a - CARD)])
        return
    g = darg[3]
    r, e = s._find_active(g)
    if a >= SPACE and a < HERALD:
        i = a - SPACE
        x = s.boards[seat][i][1]
        s.own_boards()[seat][i][1] = g
        s._event("swap-cards", seat, (NAME[g], REGIONS[r], NAME[x], ("board", KNAME[s.boards[seat][i][0]])))
    else:
        x = s.gid(seat, a - CARD)
        if s.record:
            where = next(COUNCILS[c] for c in range(3) if x in s.councils[c])
            s._event("swap-cards", seat, (NAME[g], REGIONS[r], NAME[x], where))
        for c in s.own_councils():
            if x in c:
                c[c.index(x)] = g
    s.active[r].remove(e)
    s.active[r].append([x, 0, 0, 0, 0, -1, s._current_clash()[2]])


# ---- martial-08 (autumn): up to 2 supporters from the map or lost pile to the board
def _m08_ready(s: OKCFields, seat, j):
    return bool(s.lost_sup[seat] or sum(s.sup_map[seat]))


def _m08_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["supporters_back", j, 0])


def _m08_options(s: OKCFields, seat, darg):
    acts = [DONE] if darg[2] else []
    if darg[2] < 2:
        acts.extend(SUPP + r for r in range(3) if s.sup_map[seat][r])
        if s.lost_sup[seat]:
            acts.append(SUPP_LOST)
    return acts or [DONE]


def _m08_answer(s: OKCFields, seat, darg, a):
    if a == DONE:
        return
    if a == SUPP_LOST:
        s.lost_sup[seat] -= 1
    else:
        r = a - SUPP
        s.own_sup_map()[seat][r] -= 1
        s.own_sup_part()[seat][r] = min(s.sup_part[seat][r], s.sup_map[seat][r])
    s.sup_board[seat] += 1
    s._event("supporter-move", seat, ("lost" if a == SUPP_LOST else REGIONS[a - SUPP], "board"))
    s.ask("kingdom", seat, [darg[0], darg[1], darg[2] + 1])


# ---- martial-11/16/17 (day): an active card gains Ambush / Deadly / Invulnerable
def _gain_ready(s: OKCFields, seat, j):
    return bool(_clash_cards(s, seat))


def _gain_start(s: OKCFields, seat, j):
    eff = KEFFECT[s.boards[seat][j][0]]
    s.ask("kingdom", seat, [eff, j, 0])


def _gain_options(s: OKCFields, seat, darg):
    return _cards_of([e[E_GID] for e in _clash_cards(s, seat)])


def _gain_answer(s: OKCFields, seat, darg, a):
    g = s.gid(seat, a - CARD)
    r, e = s._find_active(g)
    eff = darg[0]
    s._event("gain", seat, (NAME[g], _GAINED[eff]))
    if eff == "gain_ambush":
        e[E_GC] |= AMBUSH
    elif eff == "gain_deadly":
        e[E_GC] |= DEADLY
        discard_this(s, seat, darg[1], occupier_too=True)
    else:
        e[E_GT] |= INVULNERABLE
        discard_this(s, seat, darg[1])


_GAINED = {"gain_ambush": "Ambush", "gain_deadly": "Deadly", "gain_invulnerable": "Invulnerable"}


# ---- martial-12 (day): +5 strength, discard this and its occupier
def _m12_ready(s: OKCFields, seat, j):
    return _clash_region(s) is not None


def _m12_start(s: OKCFields, seat, j):
    s.own_bonus()[seat] += 5
    discard_this(s, seat, j, occupier_too=True)


# ---- martial-14 (autumn): unexhaust a tactic, discard this and its occupier
def _m14_ready(s: OKCFields, seat, j):
    return any(u == 0 for u in s.tactics[seat])


def _m14_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["unexhaust", j, 0])


def _m14_options(s: OKCFields, seat, darg):
    return [TACTIC + t for t in range(4) if s.tactics[seat][t] == 0]


def _m14_answer(s: OKCFields, seat, darg, a):
    t = a - TACTIC
    s.own_tactics()[seat][t] = TACTICS[s.factions[seat]][t][1]
    discard_this(s, seat, darg[1], occupier_too=True)


# ---- martial-10 (day): an active card gains Retreat; on that Retreat it may journey
def _m10_answer(s: OKCFields, seat, darg, a):
    g = s.gid(seat, a - CARD)
    r, e = s._find_active(g)
    e[E_GC] |= RETREAT | RETREAT_JOURNEY
    s._event("gain", seat, (NAME[g], "Retreat (it may journey when it retreats)"))


# ---- intrigue-02 (spring): chosen players put their hands on their deck bottoms and redraw
def _i02_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["cycle_hands", j, 0])


def _i02_options(s: OKCFields, seat, darg):
    done = darg[3:]
    acts = [DONE] if done else []
    acts.extend(SEAT + o for o in range(s.players) if o not in done and s.hands[o])
    return acts or [DONE]


def _i02_answer(s: OKCFields, seat, darg, a):
    if a == DONE:
        return
    o = a - SEAT
    if s.decks[o]:  # (an empty deck gives the same hand back: nothing changes)
        # a deck of one card: its owner can tell every card it draws back
        shown = len(s.decks[o]) > 1
        n = len(s.hands[o])
        s.decks[o].extend(s.hands[o])
        s.hands[o] = []
        s.known[o] = []
        s._draw(o, n, shown)
    s._event("cycle-hand", seat, o)
    s.ask("kingdom", seat, darg + [o])


# ---- intrigue-03 (spring and autumn): swap a hand card with your council or occupying card
def _i03_ready(s: OKCFields, seat, j):
    return bool(s.hands[seat]) and (
        bool(_own_council(s, seat)) or sum(1 for sp in s.boards[seat] if sp is not None) > 0
    )


def _i03_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["swap_hand_council", j, 0])


def _i03_options(s: OKCFields, seat, darg):
    if darg[2] == 0:
        return _cards_of(s.hands[seat])
    return _cards_of(_own_council(s, seat)) + [SPACE + i for i, sp in enumerate(s.boards[seat]) if sp is not None]


def _i03_answer(s: OKCFields, seat, darg, a):
    if darg[2] == 0:
        s.ask("kingdom", seat, [darg[0], darg[1], 1, s.gid(seat, a - CARD)])
        return
    h = darg[3]
    if not s._leave_hand(seat, h):  # a card not known in hand is shown
        s._mark_reveal()
    if SPACE <= a < HERALD:
        i = a - SPACE
        x = s.boards[seat][i][1]
        s.own_boards()[seat][i][1] = h
        s._event("swap-cards", seat, (NAME[h], "hand", NAME[x], ("board", KNAME[s.boards[seat][i][0]])))
    else:
        x = s.gid(seat, a - CARD)
        if s.record:
            where = next(COUNCILS[c] for c in range(3) if x in s.councils[c])
            s._event("swap-cards", seat, (NAME[h], "hand", NAME[x], where))
        for c in s.own_councils():
            if x in c:
                c[c.index(x)] = h
    s.hands[seat].append(x)
    s.known[seat].append(x)


# ---- intrigue-04 (day): reveal your hand; opposing cards of the clash matching a hand
#      card's strength or archetype return to their owners' hands; discard this
def _i04_ready(s: OKCFields, seat, j):
    return bool(s.hands[seat]) and _clash_region(s) is not None and not _locked_out(s, seat)  # (it moves cards)


def _i04_start(s: OKCFields, seat, j):
    s._mark_reveal()
    s._event("reveal-hand", seat, [NAME[g] for g in s.hands[seat]])
    s.ask("kingdom", seat, ["reveal_return", j, 0])


def _i04_options(s: OKCFields, seat, darg):
    if darg[2] == 0:
        return _cards_of(s.hands[seat])
    return [BACK, DRAW]  # match strength | match archetype


def _i04_answer(s: OKCFields, seat, darg, a):
    if darg[2] == 0:
        s.ask("kingdom", seat, [darg[0], darg[1], 1, s.gid(seat, a - CARD)])
        return
    h = darg[3]
    r = _clash_region(s)
    for e in list(s.active[r]):
        g = e[E_GID]
        o = s.seat_of(g)
        if o == seat or e[E_PART]:
            continue
        if (a == BACK and STR[g] == STR[h]) or (a == DRAW and ARCH[g] == ARCH[h]):
            s._back_to_hand(o, r, e)
    discard_this(s, seat, darg[1])


# ---- intrigue-09 (spring): burn this, acquire up to 2 Great Road cards
def _i09_ready(s: OKCFields, seat, j):
    return any(k is not None for k in s.road) and bool(s.hands[seat])


def _i09_start(s: OKCFields, seat, j):
    kc, occ = s.boards[seat][j]
    s._set_space(seat, j, None)
    s.own_kburned().append(kc)
    s._to_hand(seat, occ)
    s._event("burn", seat, KNAME[kc])
    s.push("road_now")
    s.push("burn_acquire", seat, 2)


def _i09_options(s: OKCFields, seat, darg):
    return [DONE] + [ROAD + i for i, k in enumerate(s.road) if k is not None]


def _i09_answer(s: OKCFields, seat, darg, a):
    if a == DONE:
        return
    i = a - ROAD
    kc = s.road[i]
    s.road[i] = None
    s._event("take", seat, KNAME[kc])
    s.push("burn_acquire", seat, darg[3] - 1)
    s.ask("koccupy", seat, [kc])


# ---- intrigue-13 (spring): move any heralds to one location, discard this
def _i13_ready(s: OKCFields, seat, j):
    return any(h >= 0 for h in s.herald)


def _i13_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["heralds_move", j, 0])


def _i13_options(s: OKCFields, seat, darg):
    if darg[2] == 0:
        return list(E.LOCATIONS)
    return [DONE] + [SEAT + o for o in range(s.players) if 0 <= s.herald[o] != darg[3]]


def _i13_answer(s: OKCFields, seat, darg, a):
    if darg[2] == 0:
        s.ask("kingdom", seat, [darg[0], darg[1], 1, a - LOC])
        return
    if a == DONE:
        discard_this(s, seat, darg[1])
        return
    s.herald[a - SEAT] = darg[3]
    s._event("herald-move", seat, (a - SEAT, D.LOCATIONS[darg[3]]))
    s.ask("kingdom", seat, darg)


# ---- intrigue-12 (day): an active card copies a lost-pile card (all but its strength)
def _i12_ready(s: OKCFields, seat, j):
    return bool(_clash_cards(s, seat)) and bool(s.lost)


def _i12_start(s: OKCFields, seat, j):
    s.ask("kingdom", seat, ["copy_card", j, 0])


def _i12_options(s: OKCFields, seat, darg):
    if darg[2] == 0:
        return _cards_of([e[E_GID] for e in _clash_cards(s, seat)])
    return [LOSTPICK + i for i in range(len(s.lost))]


def _i12_answer(s: OKCFields, seat, darg, a):
    if darg[2] == 0:
        s.ask("kingdom", seat, [darg[0], darg[1], 1, s.gid(seat, a - CARD)])
        return
    g, src = darg[3], s.lost[a - LOSTPICK]
    s.copies = [c for c in s.copies if c[0] != g] + [[g, src, 0]]
    r, e = s._find_active(g)
    blank.gain_printed(e, src)
    s._event("copy", seat, (NAME[g], NAME[src]))


# ---- martial-04 (spring): a joust (start_joust / the joust step)
def _m04_ready(s: OKCFields, seat, j):
    return bool(s.hands[seat])


def _m04_start(s: OKCFields, seat, j):
    start_joust(s, seat, j)


def _always(s: OKCFields, seat, j):
    return True


ACTIONS: dict[str | None, CardAction] = {  # read by a card's effect (None: it has none)
    "council_spring_influence": CardAction("spring", _t02_ready, _t02_start, _t02_options, _t02_answer),
    "burn_tactic": CardAction("spring", _t06_ready, _t06_start, _t06_options, _t06_answer),
    "spring_lore_or_influence": CardAction("spring", _always, _t13_start, None, None),
    "discard_to_hand": CardAction("spring", _t14_ready, _t14_start, _t14_options, _t14_answer),
    "council_hand_size": CardAction("autumn", _t16_ready, _t16_start, _t16_options, _t16_answer),
    "supporters_move": CardAction("day", _i05_ready, _i05_start, _i05_options, _i05_answer),
    "own_fd_swap": CardAction("spring", _i06_ready, _i06_start, _i06_options, _i06_answer),
    "council_active": CardAction("autumn", _i07_ready, _i07_start, _i07_options, _i07_answer),
    "lost_swap": CardAction("spring", _i08_ready, _i08_start, _i08_options, _i08_answer),
    "lost_to_deck": CardAction("autumn", _i14_ready, _i14_start, _i14_options, _i14_answer),
    "active_to_hand": CardAction("autumn", _i15_ready, _i15_start, _i15_options, _i15_answer),
    "followers_deploy": CardAction("autumn", _m02_ready, _m02_start, _m02_options, _m02_answer),
    "deploy_influence": CardAction("autumn", _m03_ready, _m03_start, _m03_options, _m03_answer),
    "swap_active": CardAction("day", _m06_ready, _m06_start, _m06_options, _m06_answer),
    "supporters_back": CardAction("autumn", _m08_ready, _m08_start, _m08_options, _m08_answer),
    "gain_ambush": CardAction("day", _gain_ready, _gain_start, _gain_options, _gain_answer),
    "plus_five": CardAction("day", _m12_ready, _m12_start, None, None),
    "unexhaust": CardAction("autumn", _m14_ready, _m14_start, _m14_options, _m14_answer),
    "gain_deadly": CardAction("day", _gain_ready, _gain_start, _gain_options, _gain_answer),
    "gain_invulnerable": CardAction("day", _gain_ready, _gain_start, _gain_options, _gain_answer),
    "gain_retreat_journey": CardAction("day", _gain_ready, _gain_start, _gain_options, _m10_answer),
    "cycle_hands": CardAction("spring", _always, _i02_start, _i02_options, _i02_answer),
    "swap_hand_council": CardAction(("spring", "autumn"), _i03_ready, _i03_start, _i03_options, _i03_answer),
    "reveal_return": CardAction("day", _i04_ready, _i04_start, _i04_options, _i04_answer),
    "burn_acquire": CardAction("spring", _i09_ready, _i09_start, _i09_options, _i09_answer),
    "heralds_move": CardAction("spring", _i13_ready, _i13_start, _i13_options, _i13_answer),
    "joust": CardAction("spring", _m04_ready, _m04_start, None, None),
    "copy_card": CardAction("day", _i12_ready, _i12_start, _i12_options, _i12_answer),
}


# ---- a card that may go elsewhere (seed: an ability that says "may" is optional)
# intrigue-16: an eliminated card may go to hand; intrigue-01 and Clans HQ1: a card
# leaving a council may go to hand; intrigue-01: a journeyed card may go to the
# deck bottom. The card first goes where it would without them (the lost pile or
# the discard), then its owner is asked (step "instead").
def may_instead(s: OKCFields, seat: int, g: int, where: str, to: str, why: str) -> None:
    """Card g of seat lies in `where` ("lost" or "discard"); queue the question
    whether it goes `to` ("hand" or "deck-bottom") instead, because of `why`."""
    s.push("instead", seat, g, where, to, why)


@RULES.step("instead")
def _instead_step(s: OKCFields, seat, g, where, to, why) -> None:
    if g in (s.discards[seat] if where == "discard" else s.lost):  # (still there)
        s.ask("instead", seat, [g, where, to, why])


def _instead_word(s: OKCFields, a, seat):
    if a == DRAW:
        return "to-hand" if s.darg[2] == "hand" else "to-deck-bottom"
    return None


@RULES.decision(
    "instead", prompt="Move the card?", legal=lambda s, seat: [DRAW, DONE], word=_instead_word, done="leave"
)
def _instead(s: OKCFields, a, seat):
    if a == DONE:
        return
    g, where, to, _why = s.darg
    (s.discards[seat] if where == "discard" else s.lost).remove(g)
    if to == "hand":
        s._event("recall", seat, (NAME[g], where))
        s._to_hand(seat, g)
    else:
        s._event("to-deck-bottom", seat, NAME[g])
        s.decks[seat].append(g)


# ---- the kingdom cards' actions and their sub-decision "kingdom" -----------
def options(s: OKCFields, seat: int, timing: str) -> list[int]:
    """KACT + space for each kingdom card on seat's board whose action may be
    taken now (once a round)."""
    out = []
    acting, used = ACTING[timing], s.used[seat]
    for j, sp in enumerate(s.boards[seat]):
        if sp is None or not acting >> sp[0] & 1 or used & (U_KINGDOM << j):
            continue
        if ACTIONS[KEFFECT[sp[0]]].ready(s, seat, j):
            out.append(KACT + j)
    return out


# by kingdom card: the seasons its action may be taken in (none without one)
_WHEN = [
    () if act is None or act.timing is None else (act.timing,) if isinstance(act.timing, str) else act.timing
    for act in (ACTIONS.get(e) for e in KEFFECT)
]
# by season: the kingdom cards with an action then, a bit per card as in
# cards.held_bits (free.py reads it)
ACTING = {when: sum(1 << k for k, ws in enumerate(_WHEN) if when in ws) for when in ("spring", "day", "autumn")}


def action(s: OKCFields, seat: int, j: int) -> None:
    """Take the action of the kingdom card on board space j."""
    s.used[seat] |= U_KINGDOM << j
    space = s.boards[seat][j]
    assert space is not None  # (only a space holding a kingdom card has an action)
    kc = space[0]
    s._event("kingdom", seat, KNAME[kc])
    ACTIONS[KEFFECT[kc]].start(s, seat, j)


def _kingdom_word(s: OKCFields, a, seat):
    eff = s.darg[0]
    if a == BACK:
        return "match-strength" if eff == "reveal_return" else "discard-it"
    if a == DRAW:
        return "match-archetype"
    if a >= LOSTPICK:
        return "copy " + NAME[s.lost[a - LOSTPICK]]
    if eff == "lost_to_deck" and SPACE <= a < HERALD:
        return "top" if a == SPACE else "bottom"
    if a == SUPP_LOST:
        return "supporter board" if eff == "supporters_move" else "supporter lost"
    if eff == "own_fd_swap" and REGION <= a < ROAD:
        return "look " + REGIONS[a - REGION]
    return None


@RULES.decision(
    "kingdom",
    prompt="Kingdom card: choose",
    legal=lambda s, seat: ACTIONS[s.darg[0]].options(s, seat, s.darg),
    card="choose",
    loc="to",
    word=_kingdom_word,
)
def _kingdom(s: OKCFields, a, seat):
    ACTIONS[s.darg[0]].answer(s, seat, s.darg, a)


@RULES.step("burn_acquire")
def _burn_acquire(s: OKCFields, seat, left) -> None:
    if left > 0 and s.hands[seat] and any(x is not None for x in s.road):
        s.ask("kingdom", seat, ["burn_acquire", -1, 0, left])


@RULES.step("road_now")
def _road_now(s: OKCFields) -> None:
    s._refill_road_now()


# ---- martial-04: the joust -------------------------------------------------
def start_joust(s: OKCFields, seat: int, j: int) -> None:
    """Every player with a card in hand picks one in secret."""
    s.push("joust_end", seat, j)
    s.push("joust", seat, j)
    s.joust = [None] * s.players
    s.ask("joust", [x for x in s.order if s.hands[x]])


@RULES.decision(
    "joust",
    prompt="Joust: choose a card from your hand in secret",
    legal=hand_cards,
    simultaneous=True,
    word=lambda s, a, seat: "joust " + C.local_name(s.gid(seat, a - CARD)),
)
def _joust(s: OKCFields, a, seat):
    g = s.gid(seat, a - CARD)
    s._leave_hand(seat, g)
    s.joust[seat] = g
    s.answered(seat)


@RULES.step("joust")
def _joust_result(s: OKCFields, seat, j) -> None:
    picks = [(x, g) for x, g in enumerate(s.joust) if g is not None]
    s._mark_reveal()
    s._event("joust", None, [(x, NAME[g]) for x, g in picks])
    counts: dict[int, int] = {}
    for _, g in picks:
        counts[STR[g]] = counts.get(STR[g], 0) + 1
    best, best_str = None, 0
    for x, g in picks:
        if counts[STR[g]] > 1:
            s.discards[x].append(g)  # duplicates are discarded
        else:
            s.hands[x].append(g)
            s.known[x].append(g)
            if best is None or STR[g] > best_str:
                best, best_str = x, STR[g]
    s.joust = [None] * s.players
    if best is not None:
        s.ask("joust_win", best)


@RULES.decision(
    "joust_win",
    prompt="You won the joust: claim a location's reward",
    legal=lambda s, seat: list(E.LOCATIONS),
    loc="claim",
)
def _joust_win(s: OKCFields, a, seat):
    s._event("claim", seat, D.LOCATIONS[a - LOC])
    locations.owner_bonus(s, a - LOC)
    locations.reward(s, seat, a - LOC)


@RULES.step("joust_end")
def _joust_end(s: OKCFields, o, j) -> None:
    if s.boards[o][j] is not None and KEFFECT[s.boards[o][j][0]] == "joust":
        discard_this(s, o, j)
