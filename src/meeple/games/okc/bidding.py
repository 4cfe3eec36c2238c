"""The year's start and the bids for the Great Road: the turn order, the
secret bids and their reveal, resolving each bid (a road card, a stolen
kingdom card, or the bid back to hand) and placing what was acquired; the
advanced setup's kingdom cards."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.okc import cards as C
from meeple.games.okc import data as D
from meeple.games.okc import sites
from meeple.games.okc.actions import BACK, CARD, KPICK, LOC, LOCATIONS, PAIR, REGION, ROAD, SEAT, SPACE, STEAL
from meeple.games.okc.cards import COST, DECK_TOP_TWO, KEFFECT, KNAME, KPLACE, NAME
from meeple.games.okc.data import FACTIONS, REGIONS, ROAD_SIZE
from meeple.games.okc.rules import RULES, hand_cards

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.okc.fields import OKCFields


# ---- the round and the year ------------------------------------------------
@RULES.step("round")
def _round(s: OKCFields) -> None:
    seq = [
        ("bids",),
        ("reveal_bids",),
        ("facedown",),
        ("spring", 0),
        ("markers",),
        ("clashes", 0),
        ("autumn", 0),
        ("winter",),
    ]
    if s.round > 1:
        seq.insert(0, ("year",))  # (it trims the hands, after drawing)
    s.todo.extend(reversed(seq))
    if s.round == 1:  # a hand above its size is discarded down at once (a hand-written STATE's)
        s.todo.extend(("trim", x) for x in reversed(s.order) if len(s.hands[x]) > s.hsize(x))
    s._event("round", None, (s.round, s.rounds))  # the last one says the game ends after it


@RULES.step("year")
def _year(s: OKCFields) -> None:
    p = s.players
    for x in s.order:
        s._draw_to_size(x)
    old = s.order
    s.order = sorted(range(p), key=lambda x: (-s.influence[x], -old.index(x)))
    setter = [x for x in range(p) if C.owns_kingdom(s, x, "set_order")]
    if setter:  # intrigue-10: that player sets it
        s.push("set_order", setter[0], [])
    s._event("order", None, list(s.order))
    for x in reversed(s.order):
        if len(s.hands[x]) > s.hsize(x):
            s.push("trim", x)


def _set_order_legal(s: OKCFields, seat):
    return [SEAT + x for x in range(s.players) if x not in s.darg]


@RULES.decision("set_order", prompt="Set the order track: choose the next seat", legal=_set_order_legal)
def _set_order(s: OKCFields, a, seat):
    s.push("set_order", seat, s.darg + [a - SEAT])


@RULES.step("set_order")
def _set_order_step(s: OKCFields, seat, chosen) -> None:
    chosen = list(chosen)
    p = s.players
    if len(chosen) >= p - 1:
        s.order = chosen + [x for x in range(p) if x not in chosen]
        s._event("order", seat, list(s.order))
    else:
        s.ask("set_order", seat, chosen)


# ---- bids ------------------------------------------------------------------
@RULES.step("bids")
def _bids(s: OKCFields) -> None:
    s.bids = [None] * s.players
    s.bids_open = False
    s.taken = False
    seats = [x for x in s.order if s.hands[x]]
    if seats:
        s.ask("bid", seats)


def _secret_card(s: OKCFields, a, seat, kind: str) -> None:
    """A simultaneous secret card (a bid, a joust card) leaves the hand; the
    decision ends once every seat has chosen."""
    g = s.gid(seat, a - CARD)
    s._leave_hand(seat, g)
    if kind == "bid":
        s.bids[seat] = g
    else:
        s.joust[seat] = g
    s.answered(seat)


def _card_word(kind):
    return lambda s, a, seat: f"{kind} " + C.local_name(s.gid(seat, a - CARD))


@RULES.decision(
    "bid",
    prompt="Bid for the Great Road: choose a card face down",
    legal=hand_cards,
    simultaneous=True,
    word=_card_word("bid"),
)
def _bid(s: OKCFields, a, seat):
    _secret_card(s, a, seat, "bid")


@RULES.step("reveal_bids")
def _reveal_bids(s: OKCFields, *again) -> None:
    s.bids_open = True
    if not again:  # the second pass (after tactic_bid) shows nothing new
        s._mark_reveal()
    nob = [
        x for x in s.order if FACTIONS[s.factions[x]] == "nobility" and s.bids[x] is not None and s.tactics[x][2] > 0
    ]
    if nob and not again:
        if s.record:
            s._event("bids-shown", nob[0], [(x, NAME[s.bids[x]]) for x in s.order if s.bids[x] is not None])
        s.push("reveal_bids", 1)
        s.push("tactic_bid", nob[0])
        return
    bidders = [x for x in s.order if s.bids[x] is not None]
    bidders.sort(key=lambda x: (-C.bid_strength(s, x), s.order.index(x)))
    s._event("bids", None, [(x, NAME[s.bids[x]]) for x in bidders])
    if bidders and C.owns_kingdom(s, bidders[0], "bid_plus_five"):
        s._gain_influence(bidders[0], 1)
    s.push("refill")
    for x in reversed(bidders):
        s.push("resolve_bid", x)


@RULES.step("resolve_bid")
def _resolve_bid(s: OKCFields, seat) -> None:
    s.ask("herald", seat)


@RULES.decision("herald", prompt="Place your Herald on a location", legal=lambda s, seat: list(LOCATIONS), loc="herald")
def _herald(s: OKCFields, a, seat):
    s.herald[seat] = a - LOC
    if s.record:
        s._event("herald", seat, D.LOCATIONS[a - LOC])
    s.ask("resolve", seat)


def _resolve_legal(s: OKCFields, seat):
    acts = [ROAD + i for i in range(ROAD_SIZE) if s.road[i] is not None]
    if s.kheld[seat] & DECK_TOP_TWO:
        acts.extend(KPICK + i for i in range(min(2, len(s.kdeck))))
    if C.can_steal(s, seat):
        need = C.steal_strength(s, seat)
        for o in range(s.players):
            if o == seat or not any(s.boards[o]):  # (an empty board: nothing to steal)
                continue
            for j, sp in enumerate(s.boards[o]):
                if sp is not None and need > C.occupier_strength(s, o, sp[1], s.bids[seat]):
                    acts.append(STEAL + o * 3 + j)
    acts.append(BACK)
    return acts


def _resolve_word(s: OKCFields, a, seat):
    if KPICK <= a < PAIR:
        return "take " + KNAME[s.kdeck[a - KPICK]]
    return None


@RULES.decision(
    "resolve",
    prompt="Resolve your bid: take a Great Road card, steal a kingdom card, or take your bid back",
    legal=_resolve_legal,
    word=_resolve_word,
)
def _resolve(s: OKCFields, a, seat):
    if a == BACK:
        if s.record:  # (the words are built only for a recorded game)
            s._event("bid-back", seat, (NAME[s.bids[seat]], s._hand_full(seat)))
        s._to_hand(seat, s.bids[seat])
        s.bids[seat] = None
    elif KPICK <= a < PAIR:  # intrigue-17: a top card of the deck
        kc = s.kdeck.pop(a - KPICK)
        s._mark_reveal()  # the next card comes into view
        s._event("take", seat, KNAME[kc])
        occ = s.bids[seat]
        s.bids[seat] = None
        acquire(s, seat, kc, occ)
    elif a < STEAL:
        i = a - ROAD
        kc = s.road[i]
        s.road[i] = None
        s.taken = True
        if s.record:
            s._event("take", seat, KNAME[kc])
        occ = s.bids[seat]
        s.bids[seat] = None
        acquire(s, seat, kc, occ)
    else:
        o, j = divmod(a - STEAL, 3)
        kc = take_board_card(s, o, j)
        s._event("steal", seat, (o, KNAME[kc]))
        if C.owns_kingdom(s, seat, "steal_plus_three"):
            s._gain_influence(seat, 1)
        s.ask("space", seat, [kc, s.bids[seat]])
        s.bids[seat] = None


@RULES.decision(
    "space",
    prompt="Choose the board space for the kingdom card",
    legal=lambda s, seat: [SPACE + j for j in range(len(s.boards[seat]))],
)
def _space(s: OKCFields, a, seat):
    j = a - SPACE
    old = s.boards[seat][j]
    if s.record:
        s._event(
            "space",
            seat,
            (KNAME[s.darg[0]], j + 1, NAME[s.darg[1]], None if old is None else (KNAME[old[0]], NAME[old[1]])),
        )
    if old is not None:
        s.kdiscard.append(old[0])
        s._to_hand(seat, old[1])
        s.push("trim", seat)
    s._set_space(seat, j, [s.darg[0], s.darg[1]])
    s._kingdom_gained(seat, s.darg[0])


def _kplace_legal(s: OKCFields, seat):
    if KPLACE[s.darg[0]] == "region":
        return [REGION + r for r in range(3)]
    return list(LOCATIONS)


def _kplace_word(s: OKCFields, a, seat):
    return "at " + (REGIONS[a - REGION] if a >= REGION else D.LOCATIONS[a - LOC])


@RULES.decision("kplace", prompt="Place the kingdom card", legal=_kplace_legal, word=_kplace_word)
def _kplace(s: OKCFields, a, seat):
    kc = s.darg[0]
    if KPLACE[kc] == "region":
        s.own_kregion()[a - REGION].append([seat, kc])
    else:
        s.own_kloc()[a - LOC].append([seat, kc])
    s._event("kingdom-placed", seat, KNAME[kc])


def acquire(s: OKCFields, seat: int, kc: int, occ: int) -> None:
    """An acquired kingdom card: occupied on a board space, or placed as its
    card says (supply, map, discarded on acquiring) with the would-be
    occupier going to the discard."""
    place = KPLACE[kc]
    if place == "board":
        s.ask("space", seat, [kc, occ])
        return
    s.discards[seat].append(occ)
    s._event("kingdom-acquired", seat, (KNAME[kc], place, NAME[occ]))
    if place == "supply":
        s._supply_add(seat, kc)
        if KEFFECT[kc] == "deck_top_two":  # intrigue-17 turns the deck's top face up
            s._mark_reveal()
    elif place == "discard":
        s.kdiscard.append(kc)
        if KEFFECT[kc] == "free_site_card" and s.site[seat]:
            sites.gain_site_card(s, seat, min(s.site[seat], key=lambda x: (COST[x], x)))
    else:
        s.ask("kplace", seat, [kc])
    s._kingdom_gained(seat, kc)


@RULES.step("acquire")
def _acquire_step(s: OKCFields, seat, kc, occ) -> None:
    """A kingdom card acquired other than by a bid (Uprising HQ1) that has a
    place of its own."""
    acquire(s, seat, kc, occ)


def take_board_card(s: OKCFields, o: int, j: int) -> int:
    """An opponent's kingdom card taken from its board: the occupier goes to
    its owner's hand (whose hand size may drop: trimmed after)."""
    space = s.boards[o][j]
    assert space is not None  # (only a space holding a card is offered)
    kc, occ = space
    s._set_space(o, j, None)
    s._to_hand(o, occ)
    s.push("trim", o)
    return kc


@RULES.step("refill")
def _refill(s: OKCFields) -> None:
    """After the bids: the rightmost remaining card (two if none was taken)
    is discarded, then the road slides right and refills."""
    s.bids_open = False
    road = s.road
    n = 1 if s.taken else 2
    gone = []
    for i in range(ROAD_SIZE - 1, -1, -1):
        kc = road[i]
        if kc is not None and n:
            s.kdiscard.append(kc)
            gone.append(KNAME[kc])
            road[i] = None
            n -= 1
    if gone:
        s._event("road-discard", None, (gone, s.taken))
    s._refill_road_now()


# ---- the advanced setup ----------------------------------------------------
@RULES.step("advanced")
def _advanced_step(s: OKCFields) -> None:
    s.ask("advanced", s.order)


def _advanced_legal(s: OKCFields, seat):
    if not s.pick[seat]:
        return [KPICK + i for i in range(len(s.offer[seat]))]
    return hand_cards(s, seat)


def _advanced_word(s: OKCFields, a, seat):
    if KPICK <= a < PAIR:
        return "keep " + KNAME[s.offer[seat][a - KPICK]]
    return "occupy " + C.local_name(s.gid(seat, a - CARD))


def _advanced_note(s, kind, a, seat):
    """The kept kingdom card and its occupier, noted as one move once both are chosen."""
    if not s.pick[seat]:
        return None
    return f"advanced {KNAME[s.pick[seat][0]]} {C.local_name(s.gid(seat, a - CARD))}"


@RULES.decision(
    "advanced",
    prompt="Advanced setup: keep one of your dealt kingdom cards and choose its occupier",
    legal=_advanced_legal,
    simultaneous=True,
    note=_advanced_note,
    word=_advanced_word,
)
def _advanced(s: OKCFields, a, seat):
    if not s.pick[seat]:
        s.own_pick()[seat] = [s.offer[seat][a - KPICK]]
        return
    g = s.gid(seat, a - CARD)
    s._leave_hand(seat, g)
    s.own_pick()[seat].append(g)
    s.answered(seat)


@RULES.step("advanced_reveal")
def _advanced_reveal(s: OKCFields) -> None:
    """All chosen kingdom cards are revealed together and occupied; the
    others go back to the kingdom deck; bold instructions in turn order."""
    p = s.players
    s._event("advanced", None, [(x, KNAME[s.pick[x][0]], NAME[s.pick[x][1]]) for x in s.order])
    back = [k for x in range(p) for k in s.offer[x] if k != s.pick[x][0]]
    s.kdeck.extend(back)
    s.own_rng().shuffle(s.kdeck)
    picks = [(x, s.pick[x][0], s.pick[x][1]) for x in s.order]
    s.offer = [[s.pick[x][0]] for x in range(p)]  # until placed
    for x, kc, occ in reversed(picks):
        s.push("advanced_place", x, kc, occ)


@RULES.step("advanced_place")
def _advanced_place(s: OKCFields, x, kc, occ) -> None:
    s.own_offer()[x] = []
    s.own_pick()[x] = []
    if KPLACE[kc] == "board":
        s._set_space(x, 0, [kc, occ])
        s._kingdom_gained(x, kc)
    else:
        acquire(s, x, kc, occ)
