"""Spring: the face-down cards (one per region, placed by all at once, with
the regions left empty declared first in turn order), each seat's spring
actions in turn order, and the clash markers."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.okc import blank, favour, tactics
from meeple.games.okc import cards as C
from meeple.games.okc.actions import (
    CARD,
    DEPLOY_C,
    DONE,
    FAVOUR,
    FAVOUR2,
    LOC,
    OFAVOUR,
    OFAVOUR2,
    PER,
    REGION,
    SUPP,
    SUPP_LOST,
    U_SUPPORTERS,
    U_SUPPORTERS_DONE,
)
from meeple.games.okc.cards import DEPLOY_INFLUENCE, FX_CLANS_MARKERS
from meeple.games.okc.data import DEPLOY, REGIONS
from meeple.games.okc.free import free_actions
from meeple.games.okc.rules import RULES, as_card_action, turns
from meeple.games.okc.tactics import CHECKS

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.okc.fields import OKCFields


# ---- face-down cards -------------------------------------------------------
@RULES.step("facedown")
def _facedown_step(s: OKCFields) -> None:
    s.fd_pos = [0] * s.players
    s.fd_log = [[] for _ in range(s.players)]
    fd_declare_next(s, 0, [0] * s.players)


def fd_declare_next(s: OKCFields, i: int, empty: list[int]) -> None:
    """Seats with fewer than 3 cards in hand declare, in turn order, the
    regions where they play no card (a bit per region in `empty`); then
    every seat places its face-down cards at once (`darg`: the declared
    regions, which take '-' and only they; None when nobody declared)."""
    for j in range(i, s.players):
        x = s.order[j]
        if len(s.hands[x]) < 3 - bin(empty[x]).count("1"):
            s.ask("fd_declare", x, [j, *empty])
            return
    s.ask("facedown", s.order, empty if any(empty) else None)


@RULES.decision(
    "fd_declare",
    prompt="You have fewer than 3 cards: declare a region where you will place no face-down card",
    legal=lambda s, seat: [REGION + r for r in range(3) if not s.darg[1 + seat] >> r & 1],
    region="empty",
)
def _fd_declare(s: OKCFields, a, seat):
    empty = list(s.darg[1:])
    empty[seat] |= 1 << (a - REGION)
    s._event("no-card", seat, REGIONS[a - REGION])
    fd_declare_next(s, s.darg[0], empty)


def _facedown_legal(s: OKCFields, seat):
    r = s.fd_pos[seat]
    hand = s.hands[seat]
    if s.darg:  # declared in turn order: '-' there and only there
        return [DONE] if s.darg[seat] >> r & 1 else list(map(as_card_action, hand))
    acts = list(map(as_card_action, hand))  # (CARD + each card's local id: rules.hand_cards)
    if len(hand) < 3 - r:
        acts.append(DONE)
    return acts


def _facedown_word(s: OKCFields, a, seat):
    return "place -" if a == DONE else "place " + C.local_name(s.gid(seat, a - CARD))


def _facedown_note(s, kind, a, seat):
    """The three cards (or "-", none) noted as one move once the third is placed."""
    if s.fd_pos[seat] < 2:
        return None
    cards = [*s.fd_log[seat], -1 if a == DONE else s.gid(seat, a - CARD)]
    return "facedown " + " ".join("-" if g < 0 else C.local_name(g) for g in cards)


@RULES.decision(
    "facedown",
    prompt="Place your face-down cards: one per region",
    legal=_facedown_legal,
    simultaneous=True,
    note=_facedown_note,
    word=_facedown_word,
)
def _facedown(s: OKCFields, a, seat):
    r = s.fd_pos[seat]
    if a == DONE:
        s.own_fd_log()[seat].append(-1)
    else:
        g = s.factions[seat] * PER + a - CARD  # (s.gid)
        s._leave_hand(seat, g)
        fd = s.own_facedown()[r]
        fd.append(g)
        fd.sort()
        s.own_fd_log()[seat].append(g)
    s.fd_pos[seat] = r + 1
    if r + 1 == 3 and s.answered(seat):
        s.darg = None
        if s.record:
            s._event(
                "facedown-done", None, [(x, [REGIONS[i] for i, g in enumerate(s.fd_log[x]) if g >= 0]) for x in s.order]
            )
        s.fd_pos = [0] * s.players
        s.fd_log = [[] for _ in range(s.players)]


# ---- spring actions --------------------------------------------------------
turns("spring")

_SUPPORTERS = (SUPP, SUPP + 1, SUPP + 2)  # a supporter to each region


def _spring_legal(s: OKCFields, seat):
    acts = [DONE]
    if s.sup_board[seat] > 0 and not s.used[seat] & U_SUPPORTERS_DONE:
        acts += _SUPPORTERS
    free_actions(s, seat, "spring", acts, tactic=False)  # the tactic tiles last
    if s.kheld[seat] & DEPLOY_INFLUENCE:  # martial-03: Deploy in spring
        acts.extend(DEPLOY_C + C.local(g) for g in s.hands[seat] if blank.commands(s, seat, g) & DEPLOY)
    tiles = CHECKS[s.factions[seat]].get("spring")
    if tiles:  # seat's tactic tiles, last (as in free_actions)
        uses, used = s.tactics[seat], s.used[seat]
        for t, bit, ok, a in tiles:
            if uses[t] > 0 and not used & bit and ok(s, seat):
                acts.append(a)
    return acts


@RULES.decision(
    "spring",
    prompt="Spring: take an action, or end your spring (supporters are placed as one action: all you place, then any other)",
    legal=_spring_legal,
)
def _spring(s: OKCFields, a, seat):
    if a == DONE:
        return
    s.push("spring_seat", seat)
    # (seed, Actions: each action once a round; Placing Supporters: any number at once)
    u = s.used[seat]
    if a in _SUPPORTERS:
        s.used[seat] = u | U_SUPPORTERS
    elif u & U_SUPPORTERS:
        s.used[seat] = u | U_SUPPORTERS_DONE
    if tactics.card_action(s, seat, a, "spring"):
        return
    if DEPLOY_C <= a < LOC:
        s._ask_deploy(seat, s.gid(seat, a - DEPLOY_C))
    elif a in (FAVOUR, FAVOUR2, OFAVOUR, OFAVOUR2):
        favour.use(s, seat, a)
    elif a < SUPP_LOST:
        r = a - SUPP
        s.sup_board[seat] -= 1
        s.own_sup_map()[seat][r] += 1
        if s.record:
            s._event("supporter", seat, REGIONS[r])


# ---- clash markers ---------------------------------------------------------
@RULES.step("markers")
def _markers_step(s: OKCFields) -> None:
    s.clash_order = []
    chooser = s.order[-1]
    for x in s.order:
        if s.round_fx[x] & FX_CLANS_MARKERS:
            chooser = x
    s.ask("markers", chooser)


@RULES.decision(
    "markers",
    prompt="Place the clash marker: which region clashes next?",
    legal=lambda s, seat: [REGION + r for r in range(3) if r not in s.clash_order],
    region="clash",
)
def _markers(s: OKCFields, a, seat):
    s.clash_order.append(a - REGION)
    if len(s.clash_order) == 2:
        s.clash_order.append(3 - sum(s.clash_order))
        s._event("markers", seat, [REGIONS[r] for r in s.clash_order])
    else:
        s.ask("markers", seat)
