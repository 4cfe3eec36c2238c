"""Card tables built from data.py, and the small named effect functions.

A faction card is an int `gid = faction * 19 + local`; `local` 0..13 are the
basic cards (13 is the heir), 14..18 the faction's Site of Power cards in the
order of data.SITES. A kingdom card is an int 0..50: `suit * 17 + number - 1`.

Card effects are data (`data.py` names an effect per card) plus the functions
here, looked up by that name, so a card is added or corrected in one place.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.okc import data
from meeple.games.okc.data import (
    BASIC,
    CARDS_PER_FACTION,
    FACTIONS,
    KINGDOM_EFFECTS,
    KINGDOM_PLACEMENT,
    KINGDOM_TEXT,
    NBASIC,
    SITES,
    SUITS,
)

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.okc.fields import OKCFields

NF = len(FACTIONS)
PER = CARDS_PER_FACTION
NCARDS = NF * PER

NAME: list[str] = []  # "nobility:captain-7"
LOCAL_NAME: list[str] = []  # per local index, per faction: see local_name()
STR: list[int] = []
ARCH: list[str] = []
TRAITS: list[int] = []
CMDS: list[int] = []
VOTES: list[int] = []
LORE: list[int] = []
COST: list[int] = []  # 0 for basic cards
KIND: list[str] = []
EFFECT: list[str | None] = []
IMPLEMENTED: list[bool] = []
PROVENANCE: list[str] = []

for _f, _fac in enumerate(FACTIONS):
    for _row in BASIC + SITES[_fac]:
        name, s, arch, tr, cm, v, lo, cost, kind, eff, impl, prov = _row
        NAME.append(f"{_fac}:{name}")
        STR.append(s)
        ARCH.append(arch)
        TRAITS.append(tr)
        CMDS.append(cm)
        VOTES.append(v)
        LORE.append(lo)
        COST.append(cost or 0)
        KIND.append(kind)
        EFFECT.append(eff)
        IMPLEMENTED.append(impl)
        PROVENANCE.append(prov)

CARD_BY_NAME = {n: i for i, n in enumerate(NAME)}


def faction_of(gid: int) -> int:
    return gid // PER


def local(gid: int) -> int:
    return gid % PER


def local_name(gid: int) -> str:
    return NAME[gid].split(":", 1)[1]


def gid_of(faction: int, name: str) -> int | None:
    return CARD_BY_NAME.get(f"{FACTIONS[faction]}:{name}")


def basic_cards(faction: int) -> list[int]:
    return [faction * PER + i for i in range(NBASIC)]


def site_cards(faction: int) -> list[int]:
    return [faction * PER + i for i in range(NBASIC, PER)]


# ---- kingdom cards
NK = 51
KNAME = [f"{suit}-{n:02d}" for suit in SUITS for n in range(1, 18)]
KCARD_BY_NAME = {n: i for i, n in enumerate(KNAME)}
KTEXT = [t for suit in SUITS for t in KINGDOM_TEXT[suit]]
KEFFECT = [KINGDOM_EFFECTS.get(n) for n in KNAME]
K = {n: KCARD_BY_NAME[n] for n in KINGDOM_EFFECTS}  # effect name lookups


# ---- effect functions (named in data.py) -----------------------------------
# Each takes the state and what it needs; they are called from state.py at the
# points the rules name (bid strength, steal, journey, traits, night, tally).

KPLACE = [KINGDOM_PLACEMENT.get(n, "board") for n in KNAME]


# the kingdom card with each effect (no two cards share one)
KCARD_OF = {e: k for k, e in enumerate(KEFFECT) if e is not None}
assert len(KCARD_OF) == sum(e is not None for e in KEFFECT), "two kingdom cards share an effect"


# the kingdom card with each effect, as its bit in `held_bits`
KBIT_OF = {e: 1 << k for e, k in KCARD_OF.items()}


def held_bits(s: OKCFields, seat: int) -> int:
    """A bit per kingdom card seat holds (on its board or in its supply):
    what the state keeps in `kheld`, read by `owns_kingdom` at every turn."""
    bits = 0
    for sp in s.boards[seat]:
        if sp is not None:
            bits |= 1 << sp[0]
    for k in s.ksupply[seat]:
        bits |= 1 << k
    return bits


def owns_kingdom(s: OKCFields, seat: int, effect: str) -> bool:
    """The seat holds the kingdom card with that effect (on its board or in
    its supply); an effect no kingdom card has is a KeyError (a typo)."""
    return s.kheld[seat] & KBIT_OF[effect] != 0


# the bits of the kingdom cards the rules read most (at nearly every turn):
# `s.kheld[seat] & BID_PLUS_FIVE` is owns_kingdom(s, seat, "bid_plus_five") without its call
BID_PLUS_FIVE = KBIT_OF["bid_plus_five"]
STEAL_PLUS_THREE = KBIT_OF["steal_plus_three"]
DECK_TOP_TWO = KBIT_OF["deck_top_two"]
HAND_SIZE_HEIR = KBIT_OF["hand_size_heir"]
ALL_PATHFINDER = KBIT_OF["all_pathfinder"]
FOLLOWERS_DEPLOY = KBIT_OF["followers_deploy"]
DEPLOY_INFLUENCE = KBIT_OF["deploy_influence"]


def region_cards(s: OKCFields, r: int, effect: str) -> list[int]:
    """Seats owning a map card with that effect in region r."""
    kr = s.kregion[r]
    return [o for o, k in kr if KEFFECT[k] == effect] if kr else []


def bid_strength(s: OKCFields, seat: int) -> int:
    """Printed strength of the bid card plus bid abilities (trade-05: +5);
    0 for an opponent of a Nobility seat that used its tactic 3 this round."""
    fx = s.round_fx
    if any(fx) and any(o != seat and fx[o] & FX_BIDS_ZERO for o in range(s.players)):
        return 0
    v = STR[s.bids[seat]]
    if s.kheld[seat] & BID_PLUS_FIVE:
        v += 5
    return v


def steal_strength(s: OKCFields, seat: int) -> int:
    v = bid_strength(s, seat)
    if s.kheld[seat] & STEAL_PLUS_THREE:
        v += 3
    return v


def occupier_strength(s: OKCFields, owner: int, occupier: int, thief_bid: int) -> int:
    """The occupier's strength with modifiers; a champion bid (steal_zero)
    treats it as 0."""
    if EFFECT[thief_bid] == "steal_zero":
        return 0
    v = STR[occupier]
    if s.kheld[owner] & BID_PLUS_FIVE:
        v += 5
    return v


def can_steal(s: OKCFields, seat: int) -> bool:
    return not s.kheld[seat] & BID_PLUS_FIVE


def has_hq(s: OKCFields, seat: int, effect: str) -> bool:
    for g in s.hq[seat]:  # (a loop: asked for every card's traits, mostly of an empty HQ)
        if EFFECT[g] == effect:
            return True
    return False


def card_in_council(s: OKCFields, seat: int, effect: str) -> bool:
    return any(EFFECT[g] == effect and faction_of(g) == s.factions[seat] for c in s.councils for g in c)


AMBUSH_FROM_DISCARD = data.AMBUSH_FROM_DISCARD


def journey_lore(s: OKCFields, seat: int, printed: int) -> int:
    """Lore gained for journeying a card with `printed` lore icons (as they count now)."""
    v = printed
    if v == 1 and owns_kingdom(s, seat, "lore_plus_one"):
        v += 1
    return v


# per-round effects on a seat (bits of state.round_fx)
FX_HEIRS_INVULNERABLE = 1  # Nobility's Favour
FX_SUPPORTERS = 2  # Nobility tactic 1: supporters +1 strength, stay in winter
FX_CLANS_MARKERS = 4  # Clans tactic 1
FX_HEIRS_DEADLY = 8  # Uprising tactic 1
FX_BIDS_ZERO = 16  # Nobility tactic 3 (this round's bids)
FX_LOCK = 32  # << region: Nobility tactic 2 locks that region's first clash
FX_ALL = 255

# tactic tiles per faction: (timing, uses, text)
TACTICS = [data.TACTICS[f] for f in FACTIONS]
