"""Site of Power card abilities (advanced and HQ cards), each one named
`rules.CardAction`, and the sub-decision "site" they share.

An ability used as an action is `USE + local` (the card's local index) in the
step its text names; it then runs `start` and, when it needs choices, the
sub-decision "site" with darg [effect, local, stage, ...]; `on_gain` runs
when the card is bought:

    ACTIONS[effect] = CardAction(timing, ready(s, seat, gid) -> bool, start(s, seat, gid),
                                 options(s, seat, darg) -> list[int], answer(s, seat, darg, a),
                                 on_gain=(s, seat, gid))

Passive abilities (votes, traits, commands, clash outcome, night) are read
where the rules use them (cards.py, state.py).
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.okc import blank
from meeple.games.okc import cards as C
from meeple.games.okc.actions import (
    BACK,
    CARD,
    COUNCIL,
    DONE,
    DRAW,
    E_DEP,
    E_GC,
    E_GID,
    E_PART,
    PER,
    REGION,
    ROAD,
    U_SITE,
    USE,
)
from meeple.games.okc.cards import AMBUSH_FROM_DISCARD, ARCH, EFFECT, KIND, KNAME, KPLACE, NAME
from meeple.games.okc.data import AMBUSH, COUNCILS, FACTIONS, FLANK, NBASIC, REGIONS
from meeple.games.okc.rules import RULES, CardAction

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.okc.fields import OKCFields


def _cards(gids):
    return [CARD + C.local(g) for g in gids]


def _in_council(s: OKCFields, g):
    for c in s.councils:  # (a loop: asked at each autumn decision of a seat with such a card)
        if g in c:
            return True
    return False


def _active_entry(s: OKCFields, g):
    return s._find_active(g)


# ---- Nobility A2 (autumn): if in a council, move it to another council
def _na2_ready(s: OKCFields, seat, g):
    return _in_council(s, g)


def _na2_start(s: OKCFields, seat, g):
    s.ask("site", seat, ["council_move", C.local(g), 0])


def _na2_options(s: OKCFields, seat, darg):
    g = s.gid(seat, darg[1])
    return [COUNCIL + c for c in range(3) if g not in s.councils[c]]


def _na2_answer(s: OKCFields, seat, darg, a):
    g = s.gid(seat, darg[1])
    if s.record:
        was = next(COUNCILS[c] for c in range(3) if g in s.councils[c])
        s._event("to-council", seat, (NAME[g], COUNCILS[a - COUNCIL], was))
    for c in s.own_councils():
        if g in c:
            c.remove(g)
    s.councils[a - COUNCIL].append(g)


# ---- Nobility A3 (on gaining): govern up to 3 cards from lost pile/discard into different councils
def _na3_gain(s: OKCFields, seat, g):
    if _na3_pool(s, seat):
        s.ask("site", seat, ["govern_three", C.local(g), 0])


def _na3_pool(s: OKCFields, seat):
    pool = [x for x in s.discards[seat] if blank.vote_icons(s, seat, x) >= 1]
    pool += [x for x in s.lost if s.seat_of(x) == seat and blank.vote_icons(s, seat, x) >= 1]
    return pool


def _na3_options(s: OKCFields, seat, darg):
    if len(darg) % 2 == 0:  # [eff, local, stage, card, council, ..., card]: a council
        used = darg[4::2]
        return [COUNCIL + c for c in range(3) if c not in used]
    if (len(darg) - 3) // 2 >= 3:
        return [DONE]
    return [DONE] + _cards(_na3_pool(s, seat))


def _na3_answer(s: OKCFields, seat, darg, a):
    if a == DONE:
        return
    if len(darg) % 2 == 0:
        g = darg[-1]
        s._event("to-council", seat, (NAME[g], COUNCILS[a - COUNCIL], "discard" if g in s.discards[seat] else "lost"))
        if g in s.discards[seat]:
            s.discards[seat].remove(g)
        else:
            s.lost.remove(g)
        s.own_councils()[a - COUNCIL].append(g)
        nd = darg + [a - COUNCIL]
        if (len(nd) - 3) // 2 < 3 and _na3_pool(s, seat):
            s.ask("site", seat, nd)
        return
    s.ask("site", seat, darg + [s.gid(seat, a - CARD)])


# ---- Nobility A4 (autumn): with 2+ of your supporters in its region, 1 influence on it
def _na4_ready(s: OKCFields, seat, g):
    r, e = _active_entry(s, g)
    return r is not None and s.sup_map[seat][r] >= 2


def _na4_start(s: OKCFields, seat, g):
    r, e = _active_entry(s, g)
    e[E_DEP] = max(0, e[E_DEP]) + 1
    s._event("influence-on", seat, NAME[g])


# ---- Nobility HQ (autumn): a captain from discard to hand or +1 influence (both if not first)
def _nhq_start(s: OKCFields, seat, g):
    caps = [x for x in s.discards[seat] if ARCH[x] == "captain"]
    if s.order[0] != seat:
        s._gain_influence(seat, 1)
        if caps:
            s.ask("site", seat, ["nobility_hq", C.local(g), 1])
    else:
        s.ask("site", seat, ["nobility_hq", C.local(g), 0])


def _nhq_options(s: OKCFields, seat, darg):
    caps = _cards([x for x in s.discards[seat] if ARCH[x] == "captain"])
    return caps if darg[2] else caps + [BACK]


def _nhq_answer(s: OKCFields, seat, darg, a):
    if a == BACK:
        s._gain_influence(seat, 1)
        return
    x = s.gid(seat, a - CARD)
    s.discards[seat].remove(x)
    s._event("recall", seat, (NAME[x], "discard"))
    s._to_hand(seat, x)


# ---- Clans HQ1 (day): move active Flank cards of this clash into a council
def _flank_cards(s: OKCFields, seat):
    cur = s._current_clash()
    if cur is None or s._locked(seat, cur[0]):  # (Nobility tactic 2: no card moves out of the locked clash)
        return []
    mine = s.factions[seat]  # a card is seat's when g // PER is its faction (s.seat_of)
    return [
        e[E_GID]
        for e in s.active[cur[0]]
        if e[E_GID] // PER == mine and not e[E_PART] and blank.commands(s, seat, e[E_GID], e, cur[0]) & FLANK
    ]


def _chq1_ready(s: OKCFields, seat, g):
    return bool(_flank_cards(s, seat))


def _chq1_start(s: OKCFields, seat, g):
    s.ask("site", seat, ["clans_hq1", C.local(g), 0])


def _chq1_options(s: OKCFields, seat, darg):
    if darg[2] == 0:
        return [DONE] + _cards(_flank_cards(s, seat))
    return [COUNCIL + c for c in range(3)]


def _chq1_answer(s: OKCFields, seat, darg, a):
    if a == DONE:
        return
    if darg[2] == 0:
        s.ask("site", seat, [darg[0], darg[1], 1, s.gid(seat, a - CARD)])
        return
    g = darg[3]
    r, e = _active_entry(s, g)
    s.active[r].remove(e)
    s.own_councils()[a - COUNCIL].append(g)
    s._event("to-council", seat, (NAME[g], COUNCILS[a - COUNCIL], REGIONS[r]))
    if _flank_cards(s, seat):
        s.ask("site", seat, [darg[0], darg[1], 0])


# ---- Clans HQ2 (spring): up to 2 supporters from the lost pile to a region
def _chq2_ready(s: OKCFields, seat, g):
    return s.lost_sup[seat] > 0


def _chq2_start(s: OKCFields, seat, g):
    s.ask("site", seat, ["clans_hq2", C.local(g), 0])


def _chq2_options(s: OKCFields, seat, darg):
    """Up to 2 supporters to *a* region: the second, if any, where the first went
    (darg [effect, local, placed, region of the first])."""
    acts = [DONE] if darg[2] else []
    if darg[2] < 2 and s.lost_sup[seat]:
        acts.extend(REGION + r for r in (darg[3:] or range(3)))
    return acts or [DONE]


def _chq2_answer(s: OKCFields, seat, darg, a):
    if a == DONE:
        return
    s.lost_sup[seat] -= 1
    s.own_sup_map()[seat][a - REGION] += 1
    s._event("supporter-move", seat, ("lost", REGIONS[a - REGION]))
    s.ask("site", seat, [darg[0], darg[1], darg[2] + 1, a - REGION])


# ---- Uprising HQ1 (on gaining: a third kingdom space; autumn: a Great Road card onto it)
def _uhq1_gain(s: OKCFields, seat, g):
    if len(s.boards[seat]) < 3:
        s.own_boards()[seat].append(None)


def _uhq1_hand(s: OKCFields, seat):
    return [x for x in s.hands[seat] if ARCH[x] in ("captain", "champion")]


def _uhq1_ready(s: OKCFields, seat, g):
    return len(s.boards[seat]) == 3 and bool(_uhq1_hand(s, seat)) and any(k is not None for k in s.road)


def _uhq1_start(s: OKCFields, seat, g):
    s.ask("site", seat, ["uprising_hq1", C.local(g), 0])


def _uhq1_options(s: OKCFields, seat, darg):
    if darg[2] == 0:
        return [ROAD + i for i, k in enumerate(s.road) if k is not None]
    return _cards(_uhq1_hand(s, seat))


def _uhq1_answer(s: OKCFields, seat, darg, a):
    if darg[2] == 0:
        s.ask("site", seat, [darg[0], darg[1], 1, a - ROAD])
        return
    i = darg[3]
    kc = s.road[i]
    s.road[i] = None
    x = s.gid(seat, a - CARD)
    if not s._leave_hand(seat, x):  # a card not known in hand is shown
        s._mark_reveal()
    if KPLACE[kc] != "board":  # its own place, not the space (seed: bold instructions, followed completely)
        s._event("take", seat, KNAME[kc])
        s._refill_road_now()
        s.push("acquire", seat, kc, x)  # (bidding.acquire: the would-be occupier to the discard)
        return
    old = s.boards[seat][2]
    if old is not None:
        s.kdiscard.append(old[0])
        s._to_hand(seat, old[1])
        s.push("trim", seat)  # the hand size may have dropped (trade-17), as in bidding._space
    s._set_space(seat, 2, [kc, x])
    s._event("take", seat, KNAME[kc])
    s._refill_road_now()
    s._kingdom_gained(seat, kc)


# ---- Gathering A2 (autumn): if in a council, a token on any council (1 vote while it stays)
def _ga2_ready(s: OKCFields, seat, g):
    return _in_council(s, g) and s.tokens_free(seat) > 0


def _ga2_start(s: OKCFields, seat, g):
    s.ask("site", seat, ["council_token", C.local(g), 0])


def _ga2_options(s: OKCFields, seat, darg):
    return [COUNCIL + c for c in range(3)]


def _ga2_answer(s: OKCFields, seat, darg, a):
    s.own_gtokens()[seat][a - COUNCIL] += 1
    s._event("council-token", seat, COUNCILS[a - COUNCIL])


# ---- Gathering HQ (3 tokens on gaining; day: 1 token gives an active card Ambush,
#      2 tokens: that Ambush may take its card from the discard)
def _ghq_gain(s: OKCFields, seat, g):
    s.own_hqtok()[seat] = 3


def _ghq_ready(s: OKCFields, seat, g):
    cur = s._current_clash()
    return (
        s.hqtok[seat] > 0
        and cur is not None
        and any(e[E_GID] // PER == s.factions[seat] and not e[E_PART] for e in s.active[cur[0]])
    )


def _ghq_start(s: OKCFields, seat, g):
    s.ask("site", seat, ["gathering_hq", C.local(g), 0])


def _ghq_options(s: OKCFields, seat, darg):
    r = s._current_clash()[0]
    cards = [e[E_GID] for e in s.active[r] if s.seat_of(e[E_GID]) == seat and not e[E_PART]]
    if darg[2] == 0:
        return [BACK, DRAW] if s.hqtok[seat] >= 2 and s.discards[seat] else [BACK]
    return _cards(cards)


def _ghq_answer(s: OKCFields, seat, darg, a):
    if darg[2] == 0:
        n = 2 if a == DRAW else 1
        s.own_hqtok()[seat] -= n
        s._event("hq-tokens", seat, n)
        s.ask("site", seat, [darg[0], darg[1], n])
        return
    r, e = _active_entry(s, s.gid(seat, a - CARD))
    # (a card that has ambushed in this clash does not again: each command once a clash, seed Ambush)
    e[E_GC] |= AMBUSH | (AMBUSH_FROM_DISCARD if darg[2] == 2 else 0)
    s._event("gain", seat, (NAME[e[E_GID]], "Ambush from the discard" if darg[2] == 2 else "Ambush"))


# ---- Gathering A3 (day): burn one of your lost-pile cards; gain its printed strength,
#      traits, commands and text until the end of the round
def _ga3_ready(s: OKCFields, seat, g):
    cur = s._current_clash()
    return (
        cur is not None
        and any(e[E_GID] == g and not e[E_PART] for e in s.active[cur[0]])
        and any(s.seat_of(x) == seat for x in s.lost)
        and not any(c[0] == g for c in s.copies)
    )


def _ga3_start(s: OKCFields, seat, g):
    s.ask("site", seat, ["copy_lost", C.local(g), 0])


def _ga3_options(s: OKCFields, seat, darg):
    return _cards([x for x in s.lost if s.seat_of(x) == seat])


def _ga3_answer(s: OKCFields, seat, darg, a):
    src = s.gid(seat, a - CARD)
    g = s.gid(seat, darg[1])
    s.lost.remove(src)
    s.own_burned().append(src)
    s.own_copies().append([g, src, 1])
    r, e = _active_entry(s, g)
    blank.gain_printed(e, src)
    s._event("copy", seat, NAME[src])


ACTIONS: dict[str | None, CardAction] = {  # read by a card's effect (None: it has none)
    "copy_lost": CardAction("day", _ga3_ready, _ga3_start, _ga3_options, _ga3_answer),
    "council_move": CardAction("autumn", _na2_ready, _na2_start, _na2_options, _na2_answer),
    "govern_three": CardAction(None, None, None, _na3_options, _na3_answer, on_gain=_na3_gain),
    "supporter_influence": CardAction("autumn", _na4_ready, _na4_start, None, None),
    "nobility_hq": CardAction("autumn", lambda s, seat, g: True, _nhq_start, _nhq_options, _nhq_answer),
    "clans_hq1": CardAction("day", _chq1_ready, _chq1_start, _chq1_options, _chq1_answer),
    "clans_hq2": CardAction("spring", _chq2_ready, _chq2_start, _chq2_options, _chq2_answer),
    "uprising_hq1": CardAction("autumn", _uhq1_ready, _uhq1_start, _uhq1_options, _uhq1_answer, on_gain=_uhq1_gain),
    "council_token": CardAction("autumn", _ga2_ready, _ga2_start, _ga2_options, _ga2_answer),
    "gathering_hq": CardAction("day", _ghq_ready, _ghq_start, _ghq_options, _ghq_answer, on_gain=_ghq_gain),
}


# ---- using them: the action, the sub-decision "site", the gain ---------------
def options(s: OKCFields, seat: int, timing: str) -> list[int]:
    """USE + local for each of seat's Site of Power cards whose ability may be
    used now (once a round; an HQ card once gained; not while its text is
    blank where it stands)."""
    out = []
    used = s.used[seat]
    hq, site = s.hq[seat], s.site[seat]
    for lo, g, eff, act, used_bit, is_hq in _USABLE[s.factions[seat]][timing]:
        if used & used_bit:
            continue
        if is_hq:
            if g not in hq:
                continue  # (one in the HQ is nowhere else: never active, so never blank)
        elif g in site:
            continue  # not bought yet: its ability works only in a council or active (the `ready`s above)
        else:
            r, e = s._find_active(g)
            if e is not None and eff not in blank.texts(s, seat, e, r):  # its text is blank there
                continue
        if act.ready(s, seat, g):
            out.append(USE + lo)
    return out


# per faction and timing: (local, card, effect, ability, its used-this-round
# bit, an HQ card?) of its Site of Power cards with an action then, in local order
_USABLE = [
    {
        t: [
            (
                lo,
                f * PER + lo,
                EFFECT[f * PER + lo],
                ACTIONS[EFFECT[f * PER + lo]],
                U_SITE << (lo - NBASIC),
                KIND[f * PER + lo] == "hq",
            )
            for lo in range(NBASIC, PER)
            if EFFECT[f * PER + lo] in ACTIONS and ACTIONS[EFFECT[f * PER + lo]].timing == t
        ]
        for t in ("spring", "day", "autumn")
    }
    for f in range(len(FACTIONS))
]


# per faction and timing: the cards of `_USABLE` (a card still to buy offers
# nothing: while all of them are, `options` is empty; free.py reads it)
SITE_CARDS = PER - NBASIC  # a faction's Site of Power cards (all to buy at the start)
USABLE_NOW = [{t: frozenset(u[1] for u in usable) for t, usable in by_time.items()} for by_time in _USABLE]


def action(s: OKCFields, seat: int, lo: int) -> None:
    """Use the ability of seat's Site of Power card with local index lo."""
    s.used[seat] |= U_SITE << (lo - NBASIC)
    g = s.gid(seat, lo)
    s._event("site", seat, NAME[g])
    ACTIONS[EFFECT[g]].start(s, seat, g)


def gain_site_card(s: OKCFields, seat: int, g: int) -> None:
    """A Site of Power card gained: an HQ card to the supply, an advanced
    card to hand; then its on-gain ability."""
    s.own_site()[seat].remove(g)
    s._event("buy", seat, NAME[g])
    if KIND[g] == "hq":
        s.own_hq()[seat].append(g)
    else:
        s._to_hand(seat, g)
    act = ACTIONS.get(EFFECT[g])
    if act is not None and act.on_gain is not None:
        act.on_gain(s, seat, g)


def _site_word(s: OKCFields, a, seat):
    if a == BACK:
        return "influence" if s.darg[0] == "nobility_hq" else "ambush"
    if a == DRAW:
        return "ambush-from-discard"
    return None


@RULES.decision(
    "site",
    prompt="Site of Power card: choose",
    legal=lambda s, seat: ACTIONS[s.darg[0]].options(s, seat, s.darg),
    card="choose",
    word=_site_word,
)
def _site(s: OKCFields, a, seat):
    ACTIONS[s.darg[0]].answer(s, seat, s.darg, a)
