"""Winter and the end: the map cleared (a Deploy token keeps a card), the
supporters and the round's effects reset, the final scoring; and a hand
over its size trimmed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.okc.actions import E_DEP, E_GC, E_GID, E_GT, E_PART, E_PASS, E_USED, PER
from meeple.games.okc.cards import FX_SUPPORTERS, KNAME, NAME
from meeple.games.okc.data import KINGDOM_WINTER_DISCARD, REGIONS
from meeple.games.okc.rules import RULES, hand_cards

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.okc.fields import OKCFields


@RULES.step("trim")
def _trim_step(s: OKCFields, seat) -> None:
    if len(s.hands[seat]) > s.hsize(seat):
        s.push("trim", seat)
        s.ask("trim", seat)


@RULES.decision("trim", prompt="Your hand is over its size: discard a card", legal=hand_cards, card="discard")
def _trim(s: OKCFields, a, seat):
    s._discard_from_hand(seat, a)


@RULES.step("winter")
def _winter(s: OKCFields) -> None:
    # winter effects: Deploy (a card with a token keeps its place)
    for r in range(3):
        stays = []  # the region's cards that keep their place, in their order
        for e in s.active[r]:
            if e[E_DEP] > 0:
                if s.record:  # (the words are built only for a recorded game)
                    s._event("deploy-stays", s.seat_of(e[E_GID]), (NAME[e[E_GID]], REGIONS[r]))
                e[E_DEP] -= 1
                e[E_PART] = 0
                e[E_GT] = 0
                e[E_GC] = 0
                e[E_USED] = 0
                e[E_PASS] = 0
                stays.append(e)
            else:
                g = e[E_GID]
                s.discards[s.fseat[g // PER]].append(g)  # (s.seat_of)
        s.active[r] = stays
    # clean up
    sup_map, sup_part = s.own_sup_map(), s.own_sup_part()
    for x in range(s.players):
        s.herald[x] = -1
        stay = s.round_fx[x] & FX_SUPPORTERS  # Nobility tactic 1
        if stay and any(sup_map[x]):
            s._event("supporters-stay", x, sum(sup_map[x]))
        for r in range(3):
            if not stay:
                s.lost_sup[x] += sup_map[x][r]
                sup_map[x][r] = 0
            sup_part[x][r] = 0
    for r in range(3):
        for held in list(s.kregion[r]):
            if KNAME[held[1]] in KINGDOM_WINTER_DISCARD:
                s.own_kregion()[r].remove(held)
                s.kdiscard.append(held[1])
                s._event("kingdom-winter", held[0], (KNAME[held[1]], REGIONS[r]))
    s.clash_order = []
    s.copies = []
    s.used = [0] * s.players
    s.round_fx = [0] * s.players
    s._event("winter", None, s.round)
    if s.round >= s.rounds:
        _end(s)
    else:
        s.round += 1
        s.push("round")


def _end(s: OKCFields) -> None:
    for x in range(s.players):
        if s.site_lore[x] >= 2:
            s._event("site-lore-scored", x, (s.site_lore[x], s.site_lore[x] // 2))
        s.influence[x] += s.site_lore[x] // 2
    best = max(s.influence)
    top = [x for x in range(s.players) if s.influence[x] == best]
    w = s.favour if len(top) > 1 and s.favour in top else min(top, key=s.order.index)
    s.winners = [w]
    s.finished = True
    s.kind = None
    s.dseats = []
    s.todo = []
    s._event("end", None, list(s.influence))
