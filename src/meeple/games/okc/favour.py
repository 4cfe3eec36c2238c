"""The Favour of the Harvest Field: which seat may use which faction's Favour
action now (the holder's own, trade-15's second use, intrigue-11's borrowed
one), and each faction's Favour with its choices (Nobility: influence or
invulnerable heirs; Uprising: look at a region's face-down cards and swap
one; Clans: move the Herald and supporters; Gathering: an active card back)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.okc import cards as C
from meeple.games.okc.actions import (
    CARD,
    DONE,
    E_GID,
    FAVOUR,
    FAVOUR2,
    GOVERN,
    LOC,
    OFAVOUR,
    OFAVOUR2,
    PER,
    REGION,
    SPACE,
    SUPP,
    U_BORROW,
    U_FAVOUR,
    U_FAVOUR2,
)
from meeple.games.okc.cards import FX_HEIRS_INVULNERABLE, KNAME, NAME
from meeple.games.okc.data import FACTIONS, LOCATIONS, REGIONS
from meeple.games.okc.rules import RULES

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.okc.fields import OKCFields


def _own(s: OKCFields, seat: int):
    """The faction whose Favour seat may use as its own now, or None."""
    u = s.used[seat]
    if s.favour == seat and s.favour_uses > 0:
        if not u & U_FAVOUR or (C.owns_kingdom(s, seat, "favour_twice") and not u & U_FAVOUR2):
            return s.factions[seat]
    elif C.owns_kingdom(s, seat, "favour_twice") and not u & U_FAVOUR:
        return s.factions[seat]
    return None


def _borrowed(s: OKCFields, seat: int):
    """The holder's faction, whose Favour seat may borrow (intrigue-11), or None."""
    h = s.favour
    if 0 <= h != seat and C.owns_kingdom(s, seat, "borrow_favour") and not s.used[seat] & U_BORROW:
        return s.factions[h]
    return None


# by faction: the season its Favour is used in (its branch in `_offer`; free.py reads it)
SEASON = [{"nobility": "spring", "uprising": "spring", "clans": "day", "gathering": "autumn"}[f] for f in FACTIONS]


def moves(s: OKCFields, seat: int, timing: str) -> list[int]:
    """Favour actions open to seat now: its own faction's (as the holder,
    or with trade-15), and the holder's faction's with intrigue-11. (A
    Favour acts in one season only: whose it is is asked only in that one.)"""
    out: list[int] = []
    fs, h = s.factions, s.favour
    if SEASON[fs[seat]] == timing:
        f = _own(s, seat)
        if f is not None:
            _offer(s, seat, timing, f, FAVOUR, out)
    if 0 <= h != seat and SEASON[fs[h]] == timing:
        f = _borrowed(s, seat)
        if f is not None:
            _offer(s, seat, timing, f, OFAVOUR, out)
    return out


def _offer(s: OKCFields, seat: int, timing: str, f: int, base: int, out: list[int]) -> None:
    """Faction f's Favour as actions from `base`, if it can act now."""
    name = FACTIONS[f]
    if name == "nobility" and timing == "spring":
        out.extend((base, base + 1))
    elif (
        name == "uprising"
        and timing == "spring"
        and any(s.facedown)
        or name == "clans"
        and timing == "day"
        or name == "gathering"
        and timing == "autumn"
        and gather_targets(s, seat)
    ):
        out.append(base)


def use(s: OKCFields, seat: int, a: int) -> None:
    """Run the Favour action `a` (FAVOUR/FAVOUR2 own, OFAVOUR/OFAVOUR2 borrowed)."""
    if a >= OFAVOUR:
        s.used[seat] |= U_BORROW
        f = s.factions[s.favour]
        s._event("favour-borrowed", seat, FACTIONS[f])
        second = a == OFAVOUR2
    else:
        f = s.factions[seat]
        if s.favour == seat:
            _spend(s, seat)
        else:  # trade-15 without holding it
            s.used[seat] |= U_FAVOUR
            s._event("favour", seat, None)
        second = a == FAVOUR2
    name = FACTIONS[f]
    if name == "nobility":
        if second:
            s.round_fx[seat] |= FX_HEIRS_INVULNERABLE
        else:
            s._gain_influence(seat, 1)
    elif name == "uprising":
        s.ask("peek", seat)
    elif name == "clans":
        s.ask("clans_herald", seat, [s._current_clash()[0]])
    else:
        s.ask("gather", seat)


def _spend(s: OKCFields, seat: int) -> None:
    s.used[seat] |= U_FAVOUR2 if s.used[seat] & U_FAVOUR else U_FAVOUR
    s.favour_uses -= 1
    s._event("favour", seat, s.favour_uses)
    if s.favour_uses == 0:
        s.favour = -1  # back to the Harvest Field


def gather_targets(s: OKCFields, seat: int) -> list[int]:
    if s.herald[seat] < 0:
        return []
    r = s.herald[seat] // 2
    mine = s.factions[seat]  # a card is seat's when g // PER is its faction (s.seat_of)
    return [e[E_GID] for e in s.active[r] if e[E_GID] // PER == mine]


# ---- Gathering -------------------------------------------------------------
@RULES.decision(
    "gather",
    prompt="Gathering Favour: return an active card to your hand",
    legal=lambda s, seat: [CARD + C.local(g) for g in gather_targets(s, seat)],
    card="return",
)
def _gather(s: OKCFields, a, seat):
    g = s.gid(seat, a - CARD)
    r, e = s._find_active(g)
    s._back_to_hand(seat, r, e)


# ---- Uprising --------------------------------------------------------------
@RULES.decision(
    "peek",
    prompt="Uprising Favour: look at the face-down cards of a region",
    legal=lambda s, seat: [REGION + r for r in range(3) if s.facedown[r]],
    region="look",
)
def _peek(s: OKCFields, a, seat):
    r = a - REGION
    s._look_at_facedown(seat, r)
    s.ask("uswap_fd", seat, [r])


def _uswap_fd_legal(s: OKCFields, seat):
    r = s.darg[0]
    if not s.hands[seat] and all(sp is None for sp in s.boards[seat]):
        return [DONE]  # nothing to swap with
    return [DONE] + [CARD + C.local(g) for g in s.facedown[r] if s.seat_of(g) == seat]


@RULES.decision(
    "uswap_fd", prompt="Swap one of your face-down cards, or pass", legal=_uswap_fd_legal, card="swap", done="pass"
)
def _uswap_fd(s: OKCFields, a, seat):
    if a == DONE:
        return
    s.ask("uswap_with", seat, [s.darg[0], s.gid(seat, a - CARD)])


@RULES.decision(
    "uswap_with",
    prompt="Swap it with",
    legal=lambda s, seat: [CARD + C.local(g) for g in s.hands[seat]]
    + [SPACE + j for j, sp in enumerate(s.boards[seat]) if sp is not None],
    card="with",
    space="with space",
)
def _uswap_with(s: OKCFields, a, seat):
    r, g = s.darg
    s.own_facedown()[r].remove(g)
    if a < GOVERN:
        x = s.gid(seat, a - CARD)
        s._leave_hand(seat, x)
        s.hands[seat].append(g)
        s._event("swap-cards", seat, (None, "hand", None, ("facedown", REGIONS[r])))
    else:
        j = a - SPACE
        x = s.boards[seat][j][1]
        s.own_boards()[seat][j][1] = g
        s._mark_reveal()  # the face-down card now occupies the board
        s._event(
            "swap-cards", seat, (NAME[x], ("board", KNAME[s.boards[seat][j][0]]), NAME[g], ("facedown", REGIONS[r]))
        )
    fd = s.own_facedown()[r]
    fd.append(x)
    fd.sort()


# ---- Clans -----------------------------------------------------------------
@RULES.decision(
    "clans_herald",
    prompt="Clans Favour: move your Herald",
    legal=lambda s, seat: [LOC + 2 * s.darg[0], LOC + 2 * s.darg[0] + 1],
    loc="herald",
)
def _clans_herald(s: OKCFields, a, seat):
    s.herald[seat] = a - LOC
    s._event("herald-move", seat, (seat, LOCATIONS[a - LOC]))
    s.ask("clans_sup", seat, [s.darg[0], 2])


def _clans_sup_legal(s: OKCFields, seat):
    r, left = s.darg
    acts = [DONE]
    if left:
        acts.extend(SUPP + x for x in range(3) if x != r and s.sup_map[seat][x])
    return acts


@RULES.decision("clans_sup", prompt="Clans Favour: move supporters here", legal=_clans_sup_legal)
def _clans_sup(s: OKCFields, a, seat):
    if a == DONE:
        return
    r, left = s.darg
    x = a - SUPP
    s.own_sup_map()[seat][x] -= 1
    s.own_sup_part()[seat][x] = min(s.sup_part[seat][x], s.sup_map[seat][x])
    s.own_sup_map()[seat][r] += 1
    s._event("supporter-move", seat, (REGIONS[x], REGIONS[r]))
    s.ask("clans_sup", seat, [r, left - 1])
