"""Blank: a card's printed information, read as it counts now.

The rule (rulebook, "Printed, Gained & Blanked": information made blank "is
ignored and has no effect on play"; docs/rulings/okc.md, Blank): the printed
traits, commands, vote and lore icons and rule text of an active card are
blank while, in its region,

- an opponent holds martial-15 on that region (`MARTIAL_15`), or
- an opponent's Uprising A3 is active with its text (`UPRISING_A3`; it blanks
  non-heir cards only): its printed text, unless that is blank itself (by
  martial-15 or a copied A3 text of its own opponent), or the text copied
  onto a card (Gathering A3, intrigue-12).

What a card gained (traits, commands, a copied text) is never blank, and a
card off the map (hand, council, HQ, discard, lost pile) is never blank.

Every rule reads a faction card's traits, commands, icons and text through
the functions here, wherever the card stands: `traits`, `commands`,
`lore_icons`, `vote_icons`, `texts` (and `council_votes` for a council). An
active card is given by its entry `e` (and its region `r` when the caller
knows it); None means the card is not on the map.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.okc.actions import E_GC, E_GID, E_GT, PER
from meeple.games.okc.cards import (
    ALL_PATHFINDER,
    ARCH,
    CMDS,
    EFFECT,
    FOLLOWERS_DEPLOY,
    FX_HEIRS_DEADLY,
    FX_HEIRS_INVULNERABLE,
    KBIT_OF,
    KEFFECT,
    LORE,
    TRAITS,
    VOTES,
    has_hq,
    owns_kingdom,
)
from meeple.games.okc.data import DEADLY, DEPLOY, FLANK, INVULNERABLE, PATHFINDER, RESILIENT, RETREAT

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.okc.fields import OKCFields

# The two cards that blank, by the names data.py gives their texts.
UPRISING_A3 = "blank_opponents"  # Uprising A3 (a faction card's text; copied texts too)
MARTIAL_15 = "blank_opponents_region"  # martial-15 (a kingdom card placed on a region)

_PRINTED_A3 = [e == UPRISING_A3 for e in EFFECT]  # by card
_IS_HEIR = [a == "heir" for a in ARCH]  # by card


# ---- the rule -------------------------------------------------------------
def is_blank(s: OKCFields, seat: int, e, r: int | None = None) -> bool:
    """Is the printed information of seat's active card (entry e, in region r
    when given) blank now? False for a card not on the map."""
    active = s.active
    if r is None:
        r = region_of(s, e)
        if r is None:
            return False  # not active
    if s.kregion[r] and _martial_15_blanks(s, seat, r):
        return True
    if _IS_HEIR[e[E_GID]]:
        return False  # Uprising A3 blanks non-heir cards only
    region = active[r]  # only the cards of e's own region can blank it
    copies = s.copies
    for x in region:
        g = x[E_GID]
        copied = bool(copies) and copied_text(s, g) == UPRISING_A3
        if not copied and not _PRINTED_A3[g]:
            continue
        o = s.fseat[g // PER]  # (s.seat_of)
        if o != seat and (copied or not _martial_15_blanks(s, o, r) and not _a3_copied_against(s, o, region)):
            return True
    return False


def region_of(s: OKCFields, e) -> int | None:
    """The region of an active card's entry (entries are unique by card: equal is the same)."""
    for r in range(3):
        if e in s.active[r]:
            return r
    return None


def _martial_15_blanks(s: OKCFields, seat: int, r: int) -> bool:
    """martial-15: an opponent's card on region r blanks seat's printed information there."""
    kr = s.kregion[r]
    return bool(kr) and any(o != seat and KEFFECT[k] == MARTIAL_15 for o, k in kr)


def _a3_copied_against(s: OKCFields, seat: int, region_cards) -> bool:
    """A copied A3 text of seat's opponent among these cards (it blanks seat's
    printed A3: a copied text is gained, never blank, so this ends here)."""
    return bool(s.copies) and any(
        s.fseat[y[E_GID] // PER] != seat and copied_text(s, y[E_GID]) == UPRISING_A3 for y in region_cards
    )


def copied_text(s: OKCFields, g: int) -> str | None:
    """The rule text card g gained this round by a copy (Gathering A3, intrigue-12), or None."""
    for a3, src, _ in s.copies:
        if a3 == g:
            return EFFECT[src]
    return None


# ---- the reads ------------------------------------------------------------
def texts(s: OKCFields, seat: int, e, r: int | None = None) -> list[str]:
    """An active card's rule texts now: a gained (copied) text, and its printed
    text unless blank."""
    g = e[E_GID]
    copied = copied_text(s, g) if s.copies else None
    out = [copied] if copied else []
    if EFFECT[g] and not is_blank(s, seat, e, r):
        out.append(EFFECT[g])
    return out


def has_text(s: OKCFields, seat: int, e, text: str, r: int | None = None) -> bool:
    """Is `text` among the active card's rule texts now (`texts`)? Only its
    printed text or a copied one can be: `texts` is read only then."""
    return (EFFECT[e[E_GID]] == text or bool(s.copies)) and text in texts(s, seat, e, r)


def traits(s: OKCFields, seat: int, g: int, e=None, r: int | None = None) -> int:
    """Card g's traits now: printed (unless blank), gained on the map, and
    those its seat's HQ, kingdom cards and tactics give."""
    t = TRAITS[g]
    if e is not None:
        if t and is_blank(s, seat, e, r):  # (with nothing printed, nothing to blank)
            t = 0
        t |= e[E_GT]
    if has_hq(s, seat, "clans_hq2"):
        t |= RESILIENT
    if s.kheld[seat] & ALL_PATHFINDER:
        t |= PATHFINDER
    if _IS_HEIR[g] and s.round_fx[seat] & FX_HEIRS_INVULNERABLE:
        t |= INVULNERABLE
    return t


def card_traits(s: OKCFields, seat: int, g: int) -> int:
    """`traits` of card g where it stands now (read before the card moves)."""
    r, e = s._find_active(g)
    return traits(s, seat, g, e, r)


def commands(s: OKCFields, seat: int, g: int, e=None, r: int | None = None) -> int:
    """Card g's commands now: printed (unless blank), gained on the map, and
    those its seat's HQ, kingdom cards and tactics give."""
    c = CMDS[g]
    if e is not None:
        if c and is_blank(s, seat, e, r):  # (with nothing printed, nothing to blank)
            c = 0
        c |= e[E_GC]
    arch = ARCH[g]
    if arch == "trader" and has_hq(s, seat, "clans_hq1"):
        c |= FLANK
    elif arch in ("follower", "cavalry") and s.kheld[seat] & FOLLOWERS_DEPLOY:
        c |= DEPLOY
    elif arch == "heir":
        if s.round_fx[seat] & FX_HEIRS_DEADLY:
            c |= DEADLY
        held = s.kheld[seat]  # the commands of the seat's kingdom cards (owns_kingdom)
        for bit, cmds in _HEIR_COMMANDS:
            if held & bit:
                c |= cmds
    return c


def lore_icons(s: OKCFields, seat: int, g: int, e=None, r: int | None = None) -> int:
    """Card g's lore icons as they count now (none while blank)."""
    n = LORE[g]
    return 0 if n and e is not None and is_blank(s, seat, e, r) else n


def vote_icons(s: OKCFields, seat: int, g: int, e=None, r: int | None = None) -> int:
    """Card g's vote icons as they count now (none while blank)."""
    n = VOTES[g]
    return 0 if n and e is not None and is_blank(s, seat, e, r) else n


def card_lore_icons(s: OKCFields, seat: int, g: int) -> int:
    """`lore_icons` of card g where it stands now."""
    r, e = s._find_active(g)
    return lore_icons(s, seat, g, e, r)


def gain_printed(e, src: int) -> None:
    """Active card e gains the printed traits and commands of card src, off
    the map (a copy: Gathering A3, intrigue-12); gained, they are never blank."""
    e[E_GT] |= TRAITS[src]
    e[E_GC] |= CMDS[src]


def council_votes(s: OKCFields, seat: int, g: int) -> int:
    """The votes of seat's card g in a council (off the map: never blank),
    with what its HQ and kingdom cards add."""
    v = VOTES[g]
    if v == 0 and has_hq(s, seat, "nobility_hq"):
        v = 1
    if ARCH[g] == "follower" and owns_kingdom(s, seat, "follower_votes"):
        v += 1 if s.order[0] == seat else 2  # trade-03
    return v


# the kingdom cards that give their owner's heir commands (as bits of
# cards.held_bits), and those commands
_HEIR_COMMANDS = (
    (KBIT_OF["heirs_deploy"], DEPLOY),
    (KBIT_OF["heirs_flank"], FLANK),
    (KBIT_OF["heirs_deadly_retreat"], DEADLY | RETREAT),
)
