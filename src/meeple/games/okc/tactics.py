"""Tactic tiles: when each faction's four tiles may be activated, what each
does and the choices it asks; and `card_action`, the tactic, kingdom card or
Site of Power action that spring, day and autumn all offer."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
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
)
from meeple.games.okc.data import COUNCILS, FACTIONS, FLANK, REGIONS, RETREAT
from meeple.games.okc.data import TACTICS as TACTICS_PRINTED
from meeple.games.okc.rules import RULES, hand_cards

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.okc.fields import OKCFields


@dataclass(frozen=True)
class Tile:
    """A tactic tile, declared once: its faction and place (0..3, told as
    1..4), what is printed on it (timing, uses, words: data.TACTICS), whether
    it can do anything now (`can`: it is offered only then) and what it does
    (`use`, given the clash in progress or None)."""

    faction: str
    number: int
    can: Callable[[OKCFields, int], bool]
    use: Callable[[OKCFields, int, tuple | None], None]

    @property
    def timing(self) -> str:
        return TACTICS_PRINTED[self.faction][self.number][0]

    @property
    def uses(self) -> int:
        return TACTICS_PRINTED[self.faction][self.number][1]

    @property
    def words(self) -> str:
        return TACTICS_PRINTED[self.faction][self.number][2]


_DECLARED: dict[tuple[str, int], Tile] = {}


def _always(s: OKCFields, seat: int) -> bool:
    return True


def tile(faction: str, number: int, can: Callable[[OKCFields, int], bool] = _always):
    """Declare what tile `number` of `faction` does (the decorated function)
    and when it can do anything (`can`; always, unless given)."""

    def declare(use):
        _DECLARED[faction, number] = Tile(faction, number, can, use)
        return use

    return declare


def _clash_region(s: OKCFields) -> int:
    return s._current_clash()[0]


# ---- Nobility ---------------------------------------------------------------
@tile("nobility", 0)
def _supporters_stronger(s: OKCFields, seat: int, cur) -> None:
    s.round_fx[seat] |= FX_SUPPORTERS


def _has_war_machine(s: OKCFields, seat: int) -> bool:
    return any(ARCH[e[E_GID]] == "war machine" for _, e in s._own_active(seat))


@tile("nobility", 1, can=_has_war_machine)
def _lock_region(s: OKCFields, seat: int, cur) -> None:
    s.ask("lock", seat)


@tile("nobility", 2)
def _bids_zero(s: OKCFields, seat: int, cur) -> None:
    s.round_fx[seat] |= FX_BIDS_ZERO


@tile("nobility", 3, can=lambda s, seat: any(s.councils))
def _purge_council(s: OKCFields, seat: int, cur) -> None:
    s.ask("purge", seat)


# ---- Clans ------------------------------------------------------------------
_FLANKERS = ("heir", "captain", "war machine")  # the archetypes Clans tile 2 gives Flank


@tile("clans", 0)
def _clans_markers(s: OKCFields, seat: int, cur) -> None:
    s.round_fx[seat] |= FX_CLANS_MARKERS


def _may_gain_flank(s: OKCFields, seat: int) -> bool:
    """Seat's heir, captain or war machine in the clash, not counted, without Flank."""
    return any(
        ARCH[e[E_GID]] in _FLANKERS and not e[E_GC] & FLANK for _, e in s._own_active(seat, _clash_region(s), False)
    )


@tile("clans", 1, can=_may_gain_flank)
def _gain_flank(s: OKCFields, seat: int, cur) -> None:
    s.ask("gain", seat, [cur[0], FLANK])


def _may_take_kingdom_card(s: OKCFields, seat: int) -> bool:
    return bool(s.hands[seat]) and any(sp is not None for o in range(s.players) if o != seat for sp in s.boards[o])


@tile("clans", 2, can=_may_take_kingdom_card)
def _take_kingdom_card(s: OKCFields, seat: int, cur) -> None:
    s.ask("ktake", seat)


def _may_recall(s: OKCFields, seat: int) -> bool:
    return len(s.hands[seat]) < s.hsize(seat) and bool(s.discards[seat] or s._own_active(seat))


@tile("clans", 3, can=_may_recall)
def _recall_cards(s: OKCFields, seat: int, cur) -> None:
    s.ask("recall", seat)


# ---- Uprising ---------------------------------------------------------------
@tile("uprising", 0)
def _heirs_deadly(s: OKCFields, seat: int, cur) -> None:
    s.round_fx[seat] |= FX_HEIRS_DEADLY


def _may_gain_retreat(s: OKCFields, seat: int) -> bool:
    """Seat's card in the clash, not counted, without Retreat, and the region not locked."""
    r = _clash_region(s)
    return any(not e[E_GC] & RETREAT for _, e in s._own_active(seat, r, False)) and not s._locked(seat, r)


@tile("uprising", 1, can=_may_gain_retreat)
def _gain_retreat(s: OKCFields, seat: int, cur) -> None:
    s.ask("gain", seat, [cur[0], RETREAT])


def _may_make_discard(s: OKCFields, seat: int) -> bool:
    return any(sp is not None for sp in s.boards[seat]) and any(s.hands[o] for o in range(s.players) if o != seat)


@tile("uprising", 2, can=_may_make_discard)
def _opponents_discard(s: OKCFields, seat: int, cur) -> None:
    n = sum(1 for sp in s.boards[seat] if sp is not None)
    for o in reversed(s.order):
        if o != seat:
            s.push("udiscard", o, n)


def _may_swap_facedown(s: OKCFields, seat: int) -> bool:
    return any(uswap_pairs(s, seat, o) for o in range(s.players) if o != seat)


@tile("uprising", 3, can=_may_swap_facedown)
def _swap_facedown(s: OKCFields, seat: int, cur) -> None:
    for o in reversed(s.order):
        if o != seat:
            s.push("uswap", seat, o)


# ---- Gathering --------------------------------------------------------------
def _may_revive(s: OKCFields, seat: int) -> bool:
    """Two of seat's supporters in the clash's region, a card of seat's lost, the region not locked."""
    r = _clash_region(s)
    return s.sup_map[seat][r] >= 2 and any(s.seat_of(g) == seat for g in s.lost) and not s._locked(seat, r)


@tile("gathering", 0, can=_may_revive)
def _revive_lost(s: OKCFields, seat: int, cur) -> None:
    r = cur[0]
    s.own_sup_map()[seat][r] -= 2
    s.lost_sup[seat] += 2
    s.own_sup_part()[seat][r] = min(s.sup_part[seat][r], s.sup_map[seat][r])
    s.ask("revive", seat, [r, cur[2]])


@tile("gathering", 1, can=lambda s, seat: bool(s.kdiscard) and bool(s.hands[seat]))
def _pick_kingdom_card(s: OKCFields, seat: int, cur) -> None:
    pool = sorted(s.kdiscard)
    s.own_rng().shuffle(pool)
    s.ask("kpick", seat, pool[:5])


def _may_swap_active(s: OKCFields, seat: int) -> bool:
    """Seat's active cards in two regions, the clash's region not locked."""
    return not s._locked(seat, _clash_region(s)) and len({r for r, _ in s._own_active(seat)}) >= 2


@tile("gathering", 2, can=_may_swap_active)
def _swap_active(s: OKCFields, seat: int, cur) -> None:
    s.ask("swap1", seat)


@tile("gathering", 3, can=lambda s, seat: bool(s.discards[seat] or s._own_active(seat)))
def _purge_three(s: OKCFields, seat: int, cur) -> None:
    s.ask("purge3", seat, [0])


# per faction (index): its four tiles
TILES_OF = [tuple(_DECLARED[f, t] for t in range(len(TACTICS_PRINTED[f]))) for f in FACTIONS]
assert len(_DECLARED) == sum(len(TACTICS_PRINTED[f]) for f in FACTIONS), "a tile declared twice or for no faction"


def tactic_ok(s: OKCFields, seat: int, t: int) -> bool:
    """Can seat's tile t do anything now?"""
    return TILES_OF[s.factions[seat]][t].can(s, seat)


# per faction and timing: its tiles activated then, in order, with what is
# asked of each before it is offered (uses left, not used this round, able
# to do something now): (tile, its used-this-round bit, its `can`, its
# action); free.py and spring.py read it
CHECKS = [
    {
        when: tuple((x.number, U_TACTIC << x.number, x.can, TACTIC + x.number) for x in tiles if x.timing == when)
        for when in {x.timing for x in tiles}
    }
    for tiles in TILES_OF
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
    x = TILES_OF[s.factions[seat]][t]
    if s.record:
        s._event("tactic", seat, (x.faction, t + 1))
    x.use(s, seat, s._current_clash())


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
    arch = _FLANKERS if bit == FLANK else None
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
