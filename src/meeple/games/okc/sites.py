"""Site of Power card abilities (advanced and HQ cards), as named effects.

An ability used as an action is `USE + local` (the card's local index) in the
step its text names; it then runs `start` and, when it needs choices, the
sub-decision "site" with darg [effect, local, stage, ...]:

    ACTIONS[effect] = (timing, ready(s, seat, gid) -> bool, start(s, seat, gid),
                       options(s, seat, darg) -> list[int], answer(s, seat, darg, a))

`ON_GAIN[effect](s, seat, gid)` runs when the card is bought. Passive abilities
(votes, traits, commands, clash outcome, night) live in cards.py / state.py.
"""

from __future__ import annotations

from meeple.games.okc import cards as C
from meeple.games.okc import data as D


def _st():
    from meeple.games.okc import state
    return state


def _cards(gids):
    E = _st()
    return [E.CARD + C.local(g) for g in gids]


def _ask(s, seat, darg):
    s._ask("site", seat, darg)


def _in_council(s, g):
    return any(g in c for c in s.councils)


def _active_entry(s, g):
    return s._find_active(g)


# ---- Nobility A2 (autumn): if in a council, move it to another council
def _na2_ready(s, seat, g):
    return _in_council(s, g)


def _na2_start(s, seat, g):
    _ask(s, seat, ["council_move", C.local(g), 0])


def _na2_options(s, seat, darg):
    E = _st()
    g = s.gid(seat, darg[1])
    return [E.COUNCIL + c for c in range(3) if g not in s.councils[c]]


def _na2_answer(s, seat, darg, a):
    E = _st()
    g = s.gid(seat, darg[1])
    for c in s.councils:
        if g in c:
            c.remove(g)
    s.councils[a - E.COUNCIL].append(g)


# ---- Nobility A3 (on gaining): govern up to 3 cards from lost pile/discard into different councils
def _na3_gain(s, seat, g):
    if _na3_pool(s, seat):
        _ask(s, seat, ["govern_three", C.local(g), 0])


def _na3_pool(s, seat):
    pool = [x for x in s.discards[seat] if C.VOTES[x] >= 1]
    pool += [x for x in s.lost if s.seat_of(x) == seat and C.VOTES[x] >= 1]
    return pool


def _na3_options(s, seat, darg):
    E = _st()
    if len(darg) % 2 == 0:            # [eff, local, stage, card, council, ..., card]: a council
        used = darg[4::2]
        return [E.COUNCIL + c for c in range(3) if c not in used]
    if (len(darg) - 3) // 2 >= 3:
        return [E.DONE]
    return [E.DONE] + _cards(_na3_pool(s, seat))


def _na3_answer(s, seat, darg, a):
    E = _st()
    if a == E.DONE:
        return
    if len(darg) % 2 == 0:
        g = darg[-1]
        if g in s.discards[seat]:
            s.discards[seat].remove(g)
        else:
            s.lost.remove(g)
        s.councils[a - E.COUNCIL].append(g)
        nd = darg + [a - E.COUNCIL]
        if (len(nd) - 3) // 2 < 3 and _na3_pool(s, seat):
            _ask(s, seat, nd)
        return
    _ask(s, seat, darg + [s.gid(seat, a - E.CARD)])


# ---- Nobility A4 (autumn): with 2+ of your supporters in its region, 1 influence on it
def _na4_ready(s, seat, g):
    r, e = _active_entry(s, g)
    return r is not None and s.sup_map[seat][r] >= 2


def _na4_start(s, seat, g):
    E = _st()
    r, e = _active_entry(s, g)
    e[E.E_DEP] = max(0, e[E.E_DEP]) + 1


# ---- Nobility HQ (autumn): a captain from discard to hand or +1 influence (both if not first)
def _nhq_start(s, seat, g):
    caps = [x for x in s.discards[seat] if C.ARCH[x] == "captain"]
    if s.order[0] != seat:
        s._gain_influence(seat, 1)
        if caps:
            _ask(s, seat, ["nobility_hq", C.local(g), 1])
    else:
        _ask(s, seat, ["nobility_hq", C.local(g), 0])


def _nhq_options(s, seat, darg):
    E = _st()
    caps = _cards([x for x in s.discards[seat] if C.ARCH[x] == "captain"])
    return caps if darg[2] else caps + [E.BACK]


def _nhq_answer(s, seat, darg, a):
    E = _st()
    if a == E.BACK:
        s._gain_influence(seat, 1)
        return
    x = s.gid(seat, a - E.CARD)
    s.discards[seat].remove(x)
    s._to_hand(seat, x)


# ---- Clans HQ1 (day): move active Flank cards of this clash into a council
def _flank_cards(s, seat):
    E = _st()
    cur = s._current_clash()
    if cur is None:
        return []
    return [e[E.E_GID] for e in s.active[cur[0]] if s.seat_of(e[E.E_GID]) == seat
            and not e[E.E_PART] and s._cmds(seat, e) & D.FLANK]


def _chq1_ready(s, seat, g):
    return bool(_flank_cards(s, seat))


def _chq1_start(s, seat, g):
    _ask(s, seat, ["clans_hq1", C.local(g), 0])


def _chq1_options(s, seat, darg):
    E = _st()
    if darg[2] == 0:
        return [E.DONE] + _cards(_flank_cards(s, seat))
    return [E.COUNCIL + c for c in range(3)]


def _chq1_answer(s, seat, darg, a):
    E = _st()
    if a == E.DONE:
        return
    if darg[2] == 0:
        _ask(s, seat, [darg[0], darg[1], 1, s.gid(seat, a - E.CARD)])
        return
    g = darg[3]
    r, e = _active_entry(s, g)
    s.active[r].remove(e)
    s.councils[a - E.COUNCIL].append(g)
    if _flank_cards(s, seat):
        _ask(s, seat, [darg[0], darg[1], 0])


# ---- Clans HQ2 (spring): up to 2 supporters from the lost pile to a region
def _chq2_ready(s, seat, g):
    return s.lost_sup[seat] > 0


def _chq2_start(s, seat, g):
    _ask(s, seat, ["clans_hq2", C.local(g), 0])


def _chq2_options(s, seat, darg):
    E = _st()
    acts = [E.DONE] if darg[2] else []
    if darg[2] < 2 and s.lost_sup[seat]:
        acts.extend(E.REGION + r for r in range(3))
    return acts or [E.DONE]


def _chq2_answer(s, seat, darg, a):
    E = _st()
    if a == E.DONE:
        return
    s.lost_sup[seat] -= 1
    s.sup_map[seat][a - E.REGION] += 1
    _ask(s, seat, [darg[0], darg[1], darg[2] + 1])


# ---- Uprising HQ1 (on gaining: a third kingdom space; autumn: a Great Road card onto it)
def _uhq1_gain(s, seat, g):
    if len(s.boards[seat]) < 3:
        s.boards[seat].append(None)


def _uhq1_hand(s, seat):
    return [x for x in s.hands[seat] if C.ARCH[x] in ("captain", "champion")]


def _uhq1_ready(s, seat, g):
    return len(s.boards[seat]) == 3 and bool(_uhq1_hand(s, seat)) and any(
        k is not None for k in s.road)


def _uhq1_start(s, seat, g):
    _ask(s, seat, ["uprising_hq1", C.local(g), 0])


def _uhq1_options(s, seat, darg):
    E = _st()
    if darg[2] == 0:
        return [E.ROAD + i for i, k in enumerate(s.road) if k is not None]
    return _cards(_uhq1_hand(s, seat))


def _uhq1_answer(s, seat, darg, a):
    E = _st()
    if darg[2] == 0:
        _ask(s, seat, [darg[0], darg[1], 1, a - E.ROAD])
        return
    i = darg[3]
    kc = s.road[i]
    s.road[i] = None
    x = s.gid(seat, a - E.CARD)
    s.hands[seat].remove(x)
    s._mark_reveal()
    old = s.boards[seat][2]
    if old is not None:
        s.kdiscard.append(old[0])
        s._to_hand(seat, old[1])
    s.boards[seat][2] = [kc, x]
    s._event("take", seat, C.KNAME[kc])
    s._refill_road_now()
    s._kingdom_gained(seat, kc)


# ---- Gathering A2 (autumn): if in a council, a token on any council (1 vote while it stays)
def _ga2_ready(s, seat, g):
    return _in_council(s, g) and s.tokens_free(seat) > 0


def _ga2_start(s, seat, g):
    _ask(s, seat, ["council_token", C.local(g), 0])


def _ga2_options(s, seat, darg):
    E = _st()
    return [E.COUNCIL + c for c in range(3)]


def _ga2_answer(s, seat, darg, a):
    E = _st()
    s.gtokens[seat][a - E.COUNCIL] += 1


# ---- Gathering HQ (3 tokens on gaining; day: 1 token gives an active card Ambush,
#      2 tokens: that Ambush may take its card from the discard)
def _ghq_gain(s, seat, g):
    s.hqtok[seat] = 3


def _ghq_ready(s, seat, g):
    E = _st()
    cur = s._current_clash()
    return s.hqtok[seat] > 0 and cur is not None and any(
        s.seat_of(e[E.E_GID]) == seat and not e[E.E_PART] for e in s.active[cur[0]])


def _ghq_start(s, seat, g):
    _ask(s, seat, ["gathering_hq", C.local(g), 0])


def _ghq_options(s, seat, darg):
    E = _st()
    r = s._current_clash()[0]
    cards = [e[E.E_GID] for e in s.active[r] if s.seat_of(e[E.E_GID]) == seat and not e[E.E_PART]]
    if darg[2] == 0:
        return [E.BACK, E.DRAW] if s.hqtok[seat] >= 2 and s.discards[seat] else [E.BACK]
    return _cards(cards)


def _ghq_answer(s, seat, darg, a):
    E = _st()
    if darg[2] == 0:
        n = 2 if a == E.DRAW else 1
        s.hqtok[seat] -= n
        _ask(s, seat, [darg[0], darg[1], n])
        return
    r, e = _active_entry(s, s.gid(seat, a - E.CARD))
    e[E.E_GC] |= D.AMBUSH | (C.AMBUSH_FROM_DISCARD if darg[2] == 2 else 0)
    e[E.E_USED] &= ~D.AMBUSH


# ---- Gathering A3 (day): burn one of your lost-pile cards; gain its printed strength,
#      traits, commands and text until the end of the round
def _ga3_ready(s, seat, g):
    E = _st()
    cur = s._current_clash()
    return cur is not None and any(e[E.E_GID] == g and not e[E.E_PART] for e in s.active[cur[0]]) \
        and any(s.seat_of(x) == seat for x in s.lost) and not any(c[0] == g for c in s.copies)


def _ga3_start(s, seat, g):
    _ask(s, seat, ["copy_lost", C.local(g), 0])


def _ga3_options(s, seat, darg):
    return _cards([x for x in s.lost if s.seat_of(x) == seat])


def _ga3_answer(s, seat, darg, a):
    E = _st()
    src = s.gid(seat, a - E.CARD)
    g = s.gid(seat, darg[1])
    s.lost.remove(src)
    s.burned.append(src)
    s.copies.append([g, src, 1])
    r, e = _active_entry(s, g)
    e[E.E_GT] |= C.TRAITS[src]
    e[E.E_GC] |= C.CMDS[src]
    s._event("copy", seat, C.NAME[src])


ACTIONS = {
    "copy_lost": ("day", _ga3_ready, _ga3_start, _ga3_options, _ga3_answer),
    "council_move": ("autumn", _na2_ready, _na2_start, _na2_options, _na2_answer),
    "govern_three": (None, None, None, _na3_options, _na3_answer),
    "supporter_influence": ("autumn", _na4_ready, _na4_start, None, None),
    "nobility_hq": ("autumn", lambda s, seat, g: True, _nhq_start, _nhq_options, _nhq_answer),
    "clans_hq1": ("day", _chq1_ready, _chq1_start, _chq1_options, _chq1_answer),
    "clans_hq2": ("spring", _chq2_ready, _chq2_start, _chq2_options, _chq2_answer),
    "uprising_hq1": ("autumn", _uhq1_ready, _uhq1_start, _uhq1_options, _uhq1_answer),
    "council_token": ("autumn", _ga2_ready, _ga2_start, _ga2_options, _ga2_answer),
    "gathering_hq": ("day", _ghq_ready, _ghq_start, _ghq_options, _ghq_answer),
}
ON_GAIN = {
    "govern_three": _na3_gain,
    "uprising_hq1": _uhq1_gain,
    "gathering_hq": _ghq_gain,
}
