"""Tactic tiles: when each faction's four tiles may be activated, what each
does and the choices it asks; and `card_action`, the tactic, kingdom card or
Site of Power action that spring, day and autumn all offer."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.okc import bidding, kingdom, sites
from meeple.games.okc import cards as C
from meeple.games.okc.actions import (
    CARD,
    COUNCIL,
    DONE,
    E_GC,
    E_GID,
    E_PART,
    E_PASS,
    KACT,
    KPICK,
    PAIR,
    PAIRS,
    PER,
    REGION,
    RGOVERN,
    STEAL,
    TACTIC,
    U_TACTIC,
    USE,
)
from meeple.games.okc.cards import (
    ARCH,
    FX_BIDS_ZERO,
    FX_CLANS_MARKERS,
    FX_HEIRS_DEADLY,
    FX_LOCK,
    FX_SUPPORTERS,
    KNAME,
    NAME,
    TACTICS,
)
from meeple.games.okc.data import COUNCILS, FACTIONS, FLANK, REGIONS, RETREAT
from meeple.games.okc.rules import RULES, hand_cards

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.okc.fields import OKCFields


def _yes(s: OKCFields, seat: int) -> bool:
    return True


def _nobility_1(s: OKCFields, seat: int) -> bool:
    wm = _WAR_MACHINES[s.factions[seat]]  # an active war machine of seat's
    for cards in s.active:
        for e in cards:
            if e[E_GID] in wm:
                return True
    return False


def _nobility_3(s: OKCFields, seat: int) -> bool:
    return any(s.councils)


def _clans_1(s: OKCFields, seat: int) -> bool:
    r = s._current_clash()[0]
    may = _FLANKERS[s.factions[seat]]  # seat's heir, captain or war machine there, not counted, without Flank
    for e in s.active[r]:
        if e[E_GID] in may and not e[E_PART] and not e[E_GC] & FLANK:
            return True
    return False


def _clans_2(s: OKCFields, seat: int) -> bool:
    return bool(s.hands[seat]) and any(sp is not None for o in range(s.players) if o != seat for sp in s.boards[o])


def _clans_3(s: OKCFields, seat: int) -> bool:
    return len(s.hands[seat]) < s.hsize(seat) and bool(s.discards[seat] or s._own_active(seat))


def _uprising_1(s: OKCFields, seat: int) -> bool:
    r = s._current_clash()[0]
    mine = s.factions[seat]  # seat's card there, not counted, without Retreat; r not locked
    for e in s.active[r]:
        if e[E_GID] // PER == mine and not e[E_PART] and not e[E_GC] & RETREAT:
            return not s._locked(seat, r)
    return False


def _uprising_2(s: OKCFields, seat: int) -> bool:
    return any(sp is not None for sp in s.boards[seat]) and any(s.hands[o] for o in range(s.players) if o != seat)


def _uprising_3(s: OKCFields, seat: int) -> bool:
    """Has an opponent face-down cards in two regions (a pair of `uswap_pairs`)?"""
    mine = s.factions[seat]  # a card is a seat's when g // PER is its faction
    where: dict[int, int] = {}  # an opponent's faction -> a bit per region with its face-down card
    for r, cards in enumerate(s.facedown):
        for g in cards:
            f = g // PER
            if f != mine:
                where[f] = where.get(f, 0) | 1 << r
    for bits in where.values():
        if bits & (bits - 1):  # two bits or more
            return True
    return False


def _gathering_0(s: OKCFields, seat: int) -> bool:
    if max(s.sup_map[seat]) < 2:
        return False  # (two supporters in no region: not in this one either)
    r = s._current_clash()[0]
    return s.sup_map[seat][r] >= 2 and any(s.seat_of(g) == seat for g in s.lost) and not s._locked(seat, r)


def _gathering_1(s: OKCFields, seat: int) -> bool:
    return bool(s.kdiscard) and bool(s.hands[seat])


def _gathering_2(s: OKCFields, seat: int) -> bool:
    r = s._current_clash()[0]
    if s._locked(seat, r):
        return False
    mine, n = s.factions[seat], 0  # seat has active cards in two regions
    for cards in s.active:
        for e in cards:
            if e[E_GID] // PER == mine:
                n += 1
                break
    return n >= 2


def _gathering_3(s: OKCFields, seat: int) -> bool:
    return bool(s.discards[seat] or s._own_active(seat))


# per faction: its war machines; its heirs, captains and war machines
_WAR_MACHINES = [
    frozenset(g for g in range(f * PER, f * PER + PER) if ARCH[g] == "war machine") for f in range(len(FACTIONS))
]
_FLANKERS = [
    frozenset(g for g in range(f * PER, f * PER + PER) if ARCH[g] in ("heir", "captain", "war machine"))
    for f in range(len(FACTIONS))
]

# per faction (index) and tile: can the seat's tile do anything now?
OK = [
    {
        "nobility": (_yes, _nobility_1, _yes, _nobility_3),
        "clans": (_yes, _clans_1, _clans_2, _clans_3),
        "uprising": (_yes, _uprising_1, _uprising_2, _uprising_3),
        "gathering": (_gathering_0, _gathering_1, _gathering_2, _gathering_3),
    }[f]
    for f in FACTIONS
]


def tactic_ok(s: OKCFields, seat: int, t: int) -> bool:
    """Can seat's tile t do anything now?"""
    return OK[s.factions[seat]][t](s, seat)


# per faction and timing: its tactic tiles activated then, in order (free.py reads it)
TILES = [
    {when: tuple(t for t in range(4) if TACTICS[f][t][0] == when) for when in {x[0] for x in TACTICS[f]}}
    for f in range(len(FACTIONS))
]
# the same tiles with what is asked of each before it is offered (uses left, not
# used this round, able to do something now): (tile, its used-this-round bit,
# its test, its action); free.py and spring.py read it
CHECKS = [
    {when: tuple((t, U_TACTIC << t, OK[f][t], TACTIC + t) for t in ts) for when, ts in tiles.items()}
    for f, tiles in enumerate(TILES)
]


def uswap_pairs(s: OKCFields, seat: int, o: int) -> list[int]:
    fo = s.factions[o]  # a card is o's when g // PER is its faction (s.seat_of)
    has = [any(g // PER == fo for g in s.facedown[r]) for r in range(3)]
    return [i for i, (a, b) in enumerate(PAIRS) if has[a] and has[b]]


def card_action(s: OKCFields, seat: int, a: int, kind: str) -> bool:
    """A tactic, kingdom or Site of Power action, which spring, day and autumn
    (decision `kind`) all offer; False when `a` is none of them."""
    if not (KACT <= a < KPICK or USE <= a < RGOVERN):
        return False
    if s.record and s.hands[seat] and s._some_hand(seat, lambda acts: a not in acts, kind):
        s._mark_reveal()  # only a card in hand made it possible: that shows
    if TACTIC <= a < KPICK:
        tactic(s, seat, a - TACTIC)
    elif KACT <= a < TACTIC:
        kingdom.action(s, seat, a - KACT)
    else:
        sites.action(s, seat, a - USE)
    return True


def tactic(s: OKCFields, seat: int, t: int) -> None:
    """Activate tactic tile t of seat (its uses drop; at 0 it is exhausted)."""
    s.used[seat] |= U_TACTIC << t
    s.own_tactics()[seat][t] -= 1
    f = FACTIONS[s.factions[seat]]
    if s.record:
        s._event("tactic", seat, (f, t + 1))
    cur = s._current_clash()
    if f == "nobility":
        if t == 0:
            s.round_fx[seat] |= FX_SUPPORTERS
        elif t == 1:
            s.ask("lock", seat)
        elif t == 2:
            s.round_fx[seat] |= FX_BIDS_ZERO
        else:
            s.ask("purge", seat)
    elif f == "clans":
        if t == 0:
            s.round_fx[seat] |= FX_CLANS_MARKERS
        elif t == 1:
            s.ask("gain", seat, [cur[0], FLANK])
        elif t == 2:
            s.ask("ktake", seat)
        else:
            s.ask("recall", seat)
    elif f == "uprising":
        if t == 0:
            s.round_fx[seat] |= FX_HEIRS_DEADLY
        elif t == 1:
            s.ask("gain", seat, [cur[0], RETREAT])
        elif t == 2:
            n = sum(1 for sp in s.boards[seat] if sp is not None)
            for o in reversed(s.order):
                if o != seat:
                    s.push("udiscard", o, n)
        else:
            for o in reversed(s.order):
                if o != seat:
                    s.push("uswap", seat, o)
    else:
        if t == 0:
            r = cur[0]
            s.own_sup_map()[seat][r] -= 2
            s.lost_sup[seat] += 2
            s.own_sup_part()[seat][r] = min(s.sup_part[seat][r], s.sup_map[seat][r])
            s.ask("revive", seat, [r, cur[2]])
        elif t == 1:
            pool = sorted(s.kdiscard)
            s.own_rng().shuffle(pool)
            s.ask("kpick", seat, pool[:5])
        elif t == 2:
            s.ask("swap1", seat)
        else:
            s.ask("purge3", seat, [0])


# ---- Nobility --------------------------------------------------------------
@RULES.step("tactic_bid")
def _tactic_bid_step(s: OKCFields, seat) -> None:
    if s.tactics[seat][2] > 0:
        s.ask("tactic_bid", seat)


@RULES.decision(
    "tactic_bid",
    prompt="Nobility tactic 3: make every opponent's bid strength 0?",
    legal=lambda s, seat: [DONE, TACTIC + 2],
    done="pass",
)
def _tactic_bid(s: OKCFields, a, seat):
    if a != DONE:
        tactic(s, seat, 2)


@RULES.decision(
    "lock",
    prompt="Lock a region",
    region="lock",
    legal=lambda s, seat: sorted({REGION + x for x, e in s._own_active(seat) if ARCH[e[E_GID]] == "war machine"}),
)
def _lock(s: OKCFields, a, seat):
    s.round_fx[seat] |= FX_LOCK << (a - REGION)
    s._event("lock", seat, REGIONS[a - REGION])


@RULES.decision(
    "purge",
    prompt="Choose the council to purge",
    legal=lambda s, seat: [COUNCIL + c for c in range(3) if s.councils[c]],
)
def _purge(s: OKCFields, a, seat):
    c = a - COUNCIL
    s._event("purge", seat, COUNCILS[c])
    mine = [g for g in s.councils[c] if s.seat_of(g) == seat]
    for g in s.councils[c]:
        if s.seat_of(g) != seat:
            s._leave_council(g)
    s.own_councils()[c] = []
    for g in mine:
        s.decks[seat].insert(0, g)
    s._gain_lore(seat, len(mine))


# ---- Clans and Uprising: a command gained ------------------------------------
def _gain_legal(s: OKCFields, seat):
    r, bit = s.darg
    arch = ("heir", "captain", "war machine") if bit == FLANK else None
    return [
        CARD + C.local(e[E_GID])
        for _, e in s._own_active(seat, r, False)
        if not e[E_GC] & bit and (arch is None or ARCH[e[E_GID]] in arch)
    ]


@RULES.decision("gain", prompt="Give the ability to a card", legal=_gain_legal, card="give")
def _gain(s: OKCFields, a, seat):
    r, bit = s.darg
    g = s.gid(seat, a - CARD)
    e = next(e for e in s.active[r] if e[E_GID] == g)
    e[E_GC] |= bit
    s._event("gain", seat, (NAME[g], "Flank" if bit == FLANK else "Retreat"))


# ---- Clans -----------------------------------------------------------------
@RULES.decision(
    "ktake",
    prompt="Take a kingdom card",
    steal="take",
    legal=lambda s, seat: [
        STEAL + o * 3 + j for o in range(s.players) if o != seat for j, sp in enumerate(s.boards[o]) if sp is not None
    ],
)
def _ktake(s: OKCFields, a, seat):
    o, j = divmod(a - STEAL, 3)
    kc = bidding.take_board_card(s, o, j)
    s._event("take", seat, (o, KNAME[kc]))
    s.ask("koccupy", seat, [kc])


@RULES.decision("koccupy", prompt="Occupy the kingdom card with a card from your hand", legal=hand_cards, card="occupy")
def _koccupy(s: OKCFields, a, seat):
    g = s.gid(seat, a - CARD)
    if not s._leave_hand(seat, g):  # a card not known in hand is shown
        s._mark_reveal()
    bidding.acquire(s, seat, s.darg[0], g)


def _recall_legal(s: OKCFields, seat):
    acts = [DONE]
    if len(s.hands[seat]) < s.hsize(seat):
        acts.extend(CARD + C.local(g) for g in s.discards[seat])
        acts.extend(CARD + C.local(e[E_GID]) for _, e in s._own_active(seat))
    return acts


@RULES.decision("recall", prompt="Return cards to your hand", legal=_recall_legal, card="return")
def _recall(s: OKCFields, a, seat):
    if a == DONE:
        return
    g = s.gid(seat, a - CARD)
    if g in s.discards[seat]:
        s.discards[seat].remove(g)
        s._event("recall", seat, (NAME[g], "discard"))
    else:
        r, e = s._find_active(g)
        s.active[r].remove(e)
        s._event("recall", seat, (NAME[g], REGIONS[r]))
    s.hands[seat].append(g)
    s.known[seat].append(g)
    s.ask("recall", seat)


# ---- Uprising --------------------------------------------------------------
@RULES.step("udiscard")
def _udiscard_step(s: OKCFields, o, n) -> None:
    if n > 0 and s.hands[o]:
        s.push("udiscard", o, n - 1)
        s.ask("udiscard", o)


@RULES.decision("udiscard", prompt="Discard a card from your hand", legal=hand_cards, card="discard")
def _udiscard(s: OKCFields, a, seat):
    s._discard_from_hand(seat, a)


@RULES.step("uswap")
def _uswap_step(s: OKCFields, seat, o) -> None:
    if uswap_pairs(s, seat, o):
        s.ask("uswap_opp", seat, [o])


@RULES.decision(
    "uswap_opp",
    prompt="Swap two of an opponent's face-down cards, or pass",
    done="pass",
    legal=lambda s, seat: [DONE] + [PAIR + i for i in uswap_pairs(s, seat, s.darg[0])],
)
def _uswap_opp(s: OKCFields, a, seat):
    if a == DONE:
        return
    o = s.darg[0]
    ra, rb = PAIRS[a - PAIR]
    s.swap_facedown(o, ra, rb)
    s._event("swap-facedown", seat, (o, REGIONS[ra], REGIONS[rb]))


# ---- Gathering -------------------------------------------------------------
@RULES.decision(
    "revive",
    prompt="Bring a card back from the lost pile",
    card="revive",
    legal=lambda s, seat: [CARD + C.local(g) for g in s.lost if s.seat_of(g) == seat],
)
def _revive(s: OKCFields, a, seat):
    r, pas = s.darg
    g = s.gid(seat, a - CARD)
    s.lost.remove(g)
    s.active[r].append([g, 0, 0, 0, 0, -1, pas])
    s._event("revive", seat, NAME[g])


@RULES.decision("kpick", prompt="Pick a kingdom card", legal=lambda s, seat: [KPICK + i for i in range(len(s.darg))])
def _kpick(s: OKCFields, a, seat):
    kc = s.darg[a - KPICK]
    s.kdiscard.remove(kc)
    s._event("take", seat, KNAME[kc])
    s.ask("koccupy", seat, [kc])


@RULES.decision(
    "swap1",
    prompt="Choose the card to swap",
    card="swap",
    legal=lambda s, seat: [CARD + C.local(e[E_GID]) for _, e in s._own_active(seat)],
)
def _swap1(s: OKCFields, a, seat):
    s.ask("swap2", seat, [s.gid(seat, a - CARD)])


def _swap2_legal(s: OKCFields, seat):
    r0 = s._find_active(s.darg[0])[0]
    return [CARD + C.local(e[E_GID]) for x, e in s._own_active(seat) if x != r0]


@RULES.decision("swap2", prompt="Choose the card to swap it with", legal=_swap2_legal, card="with")
def _swap2(s: OKCFields, a, seat):
    ra, ea = s._find_active(s.darg[0])
    rb, eb = s._find_active(s.gid(seat, a - CARD))
    s.active[ra].remove(ea)
    s.active[rb].remove(eb)
    for e in (ea, eb):
        e[E_PART] = 0
        e[E_PASS] = 0
    s.active[ra].append(eb)
    s.active[rb].append(ea)
    s._event("swap-cards", seat, (NAME[ea[E_GID]], REGIONS[ra], NAME[eb[E_GID]], REGIONS[rb]))


def _purge3_legal(s: OKCFields, seat):
    acts = [DONE]
    if s.darg[0] < 3:
        acts.extend(CARD + C.local(g) for g in s.discards[seat])
        acts.extend(CARD + C.local(e[E_GID]) for _, e in s._own_active(seat))
    return acts


@RULES.decision("purge3", prompt="Put cards into the lost pile", legal=_purge3_legal, card="lose")
def _purge3(s: OKCFields, a, seat):
    if a == DONE:
        if s.discards[seat]:
            s.ask("recall1", seat)
        return
    g = s.gid(seat, a - CARD)
    if g in s.discards[seat]:
        s.discards[seat].remove(g)
    else:
        r, e = s._find_active(g)
        s.active[r].remove(e)
    s.lost.append(g)
    s._event("to-lost", seat, NAME[g])
    s._gain_lore(seat, 1)
    s.ask("purge3", seat, [s.darg[0] + 1])


@RULES.decision(
    "recall1",
    prompt="Return a card to your hand",
    card="return",
    legal=lambda s, seat: [CARD + C.local(g) for g in s.discards[seat]],
)
def _recall1(s: OKCFields, a, seat):
    g = s.gid(seat, a - CARD)
    s.discards[seat].remove(g)
    s._event("recall", seat, (NAME[g], "discard"))
    s._to_hand(seat, g)
