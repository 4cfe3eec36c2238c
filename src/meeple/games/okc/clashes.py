"""The clashes: each region in marker order, its face-down cards revealed,
the day (Ambush, Retreat, Flank and the other day actions in turn order,
newly revealed cards in a further pass), the night's eliminations, the tally,
and ties broken by hidden cards or re-clashed."""

from __future__ import annotations

from typing import TYPE_CHECKING

from meeple.games.okc import blank, favour, kingdom, tactics
from meeple.games.okc import cards as C
from meeple.games.okc.actions import (
    AMBUSH_C,
    BACK,
    CARD,
    DONE,
    DRAW,
    E_GC,
    E_GID,
    E_PART,
    E_PASS,
    E_USED,
    FAVOUR,
    FLANK_C,
    HERALD,
    JOURNEY,
    OFAVOUR,
    PER,
    REGION,
    RETREAT_C,
    SUPP,
)
from meeple.games.okc.cards import ARCH, FX_CLANS_MARKERS, FX_HEIRS_DEADLY, FX_SUPPORTERS, KEFFECT, NAME
from meeple.games.okc.data import (
    AMBUSH,
    AMBUSH_FROM_DISCARD,
    DEADLY,
    FLANK,
    INVULNERABLE,
    REGIONS,
    RESILIENT,
    RETREAT,
    RETREAT_JOURNEY,
)
from meeple.games.okc.free import free_actions
from meeple.games.okc.rules import RULES, as_card_action, hand_cards

if TYPE_CHECKING:  # the state's types, for the rule functions' state (fields.py)
    from meeple.games.okc.fields import OKCFields


@RULES.step("clashes")
def _clashes(s: OKCFields, i) -> None:
    if i < 3:
        s.push("clashes", i + 1)
        start_clash(s, s.clash_order[i], list(s.order))


@RULES.step("clash")
def _clash(s: OKCFields, *clash) -> None:
    """Marks the clash in progress (`last_clash`): nothing to do once the
    flow takes it off the stack."""


def last_clash(todo: list[tuple]) -> tuple | None:
    """The clash in progress: the last step "clash" of the stack, ("clash",
    region, participants, pass, re-clashes), or None."""
    for t in reversed(todo):
        if t[0] == "clash":
            return t
    return None


def _clash_at(todo: list[tuple]) -> int:
    """The index of the last step "clash" of the stack, or -1."""
    for i in range(len(todo) - 1, -1, -1):
        if todo[i][0] == "clash":
            return i
    return -1


def start_clash(s: OKCFields, r: int, parts: list[int], n: int = 0) -> None:
    parts = list(parts)
    if s.record:
        s._event("clash", None, (REGIONS[r], parts))
    s.todo.append(("clash", r, parts, 0, n))
    s.push("tally", r, parts)
    if not C.region_cards(s, r, "skip_day_night"):  # martial-13
        s.push("night", r, parts)
        s.push("day", r, parts, 0)
    reveal(s, r, 0)
    for e in s.active[r]:
        if not e[E_PART]:
            e[E_USED] = 0


def reveal(s: OKCFields, r: int, pas: int) -> None:
    for x in range(s.players):  # revealed: no longer a secret known
        if s.peeked[x]:
            s.own_peeked()[x] = [g for g in s.peeked[x] if g not in s.facedown[r]]
    if s.facedown[r] and not s._hidden_this_move(s.facedown[r]):
        s._mark_reveal()
        if s.record:  # (the words are built only for a recorded game)
            s._event("reveal", None, (REGIONS[r], [NAME[g] for g in s.facedown[r]]))
    active = s.active[r]
    for g in s.facedown[r]:
        active.append([g, 0, 0, 0, 0, -1, pas])
    s.own_facedown()[r] = []


def _set_clash_pass(s: OKCFields, pas: int) -> None:
    todo = s.todo
    i = _clash_at(todo)
    if i >= 0:
        t = todo[i]
        todo[i] = ("clash", t[1], t[2], pas, t[4])  # (the last one: the clash in progress)


def _pop_clash(s: OKCFields) -> None:
    todo = s.todo
    i = _clash_at(todo)
    if i >= 0:
        del todo[i]


# ---- the day ---------------------------------------------------------------
@RULES.step("day")
def _day_step(s: OKCFields, r, parts, pas) -> None:
    # the day action step in turn order (the first seat asked at once), then the reveal of added cards
    s.push("day_end", r, parts, pas)
    seats = [x for x in s.order if x in parts]
    for x in reversed(seats[1:]):
        s.push("day_seat", x)
    s.ask("day", seats[0])  # (the step `day_seat` at once)


@RULES.step("day_seat")
def _day_seat(s: OKCFields, seat) -> None:
    s.ask("day", seat)


@RULES.step("day_end")
def _day_end(s: OKCFields, r, parts, pas) -> None:
    if s.facedown[r]:
        reveal(s, r, pas + 1)
        # newly revealed day commands may be activated in turn order
        _set_clash_pass(s, pas + 1)
        s.push("day", r, parts, pas + 1)


_DAY_CMDS = AMBUSH | RETREAT | FLANK


def _day_legal(s: OKCFields, seat):
    clash = last_clash(s.todo)  # ("clash", region, participants, pass, n)
    assert clash is not None  # (asked only during a clash)
    r, p = clash[1], clash[3]
    hand = s.hands[seat]
    acts = [DONE]
    mine = s.factions[seat]  # a card is seat's when g // PER is its faction
    unres = locked = None  # asked once, when a card of seat's needs them
    for e in s.active[r]:
        g = e[E_GID]
        if g // PER != mine or e[E_PART] or (p and e[E_PASS] != p):
            continue
        if locked is None:
            locked = s._locked(seat, r)
        cm = blank.commands(s, seat, g, e, r) & ~e[E_USED]
        if locked:
            cm &= ~(AMBUSH | RETREAT | FLANK)
        lo = g % PER  # (cards.local)
        if cm & AMBUSH and (hand or (cm & AMBUSH_FROM_DISCARD and s.discards[seat])):
            acts.append(AMBUSH_C + lo)
        if cm & RETREAT:
            acts.append(RETREAT_C + lo)
        if cm & FLANK:
            if unres is None:
                unres = any(x != r and not s._locked(seat, x) for x in s._unresolved())
            if unres:
                acts.append(FLANK_C + lo)
    if p == 0:
        free_actions(s, seat, "day", acts)
    return acts


@RULES.decision("day", prompt="Day: take an action in this clash, or end it", legal=_day_legal)
def _day(s: OKCFields, a, seat):
    if a == DONE:
        return
    clash = last_clash(s.todo)
    assert clash is not None  # (asked only during a clash)
    r = clash[1]
    s.push("day_seat", seat)
    if tactics.card_action(s, seat, a, "day"):
        return
    if a in (FAVOUR, OFAVOUR):
        favour.use(s, seat, a)
        return
    lo = (a - AMBUSH_C) % PER
    g = s.gid(seat, lo)
    e = next(e for e in s.active[r] if e[E_GID] == g)
    cmd = (AMBUSH, RETREAT, FLANK)[(a - AMBUSH_C) // PER]
    if cmd != FLANK:  # a flank is told where it goes (_flank)
        s._event("ambush" if cmd == AMBUSH else "retreat", seat, (NAME[g], REGIONS[r]))
    e[E_USED] |= cmd
    if cmd != FLANK and blank.has_text(s, seat, e, "ambush_or_retreat", r):
        e[E_USED] |= AMBUSH | RETREAT
    if cmd == AMBUSH:
        s.ask("ambush", seat, [r, int(bool(blank.commands(s, seat, g, e, r) & AMBUSH_FROM_DISCARD))])
    elif cmd == RETREAT:
        s.ask("retreat", seat, [r])
    else:
        s.ask("flank", seat, [r, g])


def _ambush_legal(s: OKCFields, seat):
    acts = hand_cards(s, seat)
    if s.darg[1:] and s.darg[1]:
        acts += map(as_card_action, s.discards[seat])
    return acts if acts else acts + [DONE]


def _hide(s: OKCFields, a, seat):
    """A card from the hand (or, with Ambush from the discard, the discard)
    joins the region's face-down cards."""
    if a == DONE:
        return
    g = s.gid(seat, a - CARD)
    if g not in s.hands[seat]:
        s.discards[seat].remove(g)
        s._hid_known(g)
        where = "discard"
    else:
        where = "hand"
        if s._leave_hand(seat, g):
            s._hid_known(g)
    s._event("hide", seat, (REGIONS[s.darg[0]], where))  # which card stays hidden
    fd = s.own_facedown()[s.darg[0]]
    fd.append(g)
    fd.sort()


RULES.decision("ambush", prompt="Ambush: hide a card from your hand in the clash", legal=_ambush_legal, card="hide")(
    _hide
)


@RULES.decision(
    "tie",
    prompt="Tie: hide a card from your hand to break it, or pass",
    legal=lambda s, seat: hand_cards(s, seat) + [DONE],
    card="hide",
    done="pass",
)
def _tie(s: OKCFields, a, seat):
    if a == DONE:
        s._event("tie-pass", seat, REGIONS[s.darg[0]])
    _hide(s, a, seat)


def _retreat_legal(s: OKCFields, seat):
    r = s.darg[0]
    acts = [DONE]
    mine = s.factions[seat]  # a card is seat's when g // PER is its faction
    own = [e for e in s.active[r] if e[E_GID] // PER == mine]
    acts.extend(as_card_action(e[E_GID]) for e in own)
    acts.extend(
        JOURNEY + C.local(e[E_GID])
        for e in own
        if e[E_GC] & RETREAT_JOURNEY and blank.lore_icons(s, seat, e[E_GID], e, r) >= 1
    )
    if s.herald[seat] >= 0 and s.herald[seat] // 2 == r:
        acts.append(HERALD)
    if s.sup_map[seat][r]:
        acts.append(SUPP + r)
    return acts


@RULES.decision(
    "retreat",
    prompt="Retreat: choose what goes back",
    legal=_retreat_legal,
    card="return",
    word=lambda s, a, seat: "supporter" if SUPP <= a < SUPP + 3 else None,
)
def _retreat(s: OKCFields, a, seat):
    r = s.darg[0]
    if a == DONE:
        return
    if a == HERALD:
        s.herald[seat] = -1
        s._event("retreat-herald", seat, REGIONS[r])
    elif JOURNEY <= a < AMBUSH_C:  # martial-10
        s.push("ask_retreat", seat, r)
        s._journey(seat, s.gid(seat, a - JOURNEY))
        return
    elif a == SUPP + r:
        s.own_sup_map()[seat][r] -= 1
        s.sup_board[seat] += 1
        s.own_sup_part()[seat][r] = min(s.sup_part[seat][r], s.sup_map[seat][r])
        s._event("retreat-supporter", seat, REGIONS[r])
    else:
        g = s.gid(seat, a - CARD)
        e = next(e for e in s.active[r] if e[E_GID] == g)
        s._back_to_hand(seat, r, e)
    s.ask("retreat", seat, [r])


@RULES.step("ask_retreat")
def _ask_retreat(s: OKCFields, seat, r) -> None:
    s.ask("retreat", seat, [r])


@RULES.decision(
    "flank",
    prompt="Flank: move the card to another region",
    legal=lambda s, seat: [REGION + x for x in s._unresolved() if x != s.darg[0] and not s._locked(seat, x)],
)
def _flank(s: OKCFields, a, seat):
    r, g = s.darg
    e = next(e for e in s.active[r] if e[E_GID] == g)
    along = blank.has_text(s, seat, e, "flank_supporters", r)  # read where it flanks from
    s.active[r].remove(e)
    e[E_PART] = 0
    e[E_USED] = 0
    e[E_PASS] = 0
    s.active[a - REGION].append(e)
    s._event("flank", seat, (NAME[g], REGIONS[r], REGIONS[a - REGION]))
    if along and s.sup_map[seat][r]:
        s.ask("flank_sup", seat, [r, a - REGION])


def _flank_sup_legal(s: OKCFields, seat):
    r, x = s.darg
    return [DONE] + ([SUPP + x] if s.sup_map[seat][r] else [])


@RULES.decision("flank_sup", prompt="Move a supporter along", legal=_flank_sup_legal)
def _flank_sup(s: OKCFields, a, seat):
    if a != DONE:
        r, x = s.darg
        s.own_sup_map()[seat][r] -= 1
        s.own_sup_part()[seat][r] = min(s.sup_part[seat][r], s.sup_map[seat][r])
        s.own_sup_map()[seat][x] += 1
        s.ask("flank_sup", seat, [r, x])


# ---- the night -------------------------------------------------------------
def _clash_cards(s: OKCFields, r: int, parts: list[int]) -> tuple[list[list[int]], list[int]]:
    """The region's cards that count in this clash (of its participants, not
    yet counted), and the seat of each."""
    fseat = s.fseat  # (s.seat_of: every card on the map is of a seat's faction)
    es, owners = [], []
    for e in s.active[r]:
        if not e[E_PART]:
            o = fseat[e[E_GID] // PER]
            if o in parts:
                es.append(e)
                owners.append(o)
    return es, owners


@RULES.step("night")
def _night(s: OKCFields, r, parts) -> None:
    es, owners = _clash_cards(s, r, parts)
    n = len(es)
    doomed = set()
    killers = set()
    invulnerable: list[int | None] = [None] * n  # each card's, read once when asked

    def immune(i: int) -> int:
        v = invulnerable[i]
        if v is None:
            e2, o2 = es[i], owners[i]
            v = invulnerable[i] = blank.traits(s, o2, e2[E_GID], e2, r) & INVULNERABLE
        return v

    pairs = [(e2[E_GID], o2) for e2, o2 in zip(es, owners, strict=True)]  # the clash's cards and their seats
    # one pass over the cards: what each does adds to sets only (the rewards are asked in card order)
    for k in range(n):
        e, o = es[k], owners[k]
        g = e[E_GID]
        if blank.commands(s, o, g, e, r) & DEADLY:
            for i in range(n):
                if owners[i] != o and not immune(i):
                    doomed.add(i)
                    killers.add(o)
        texts = blank.texts(s, o, e, r)
        for t in texts or ("",):
            if _falls_alone(s, g, o, pairs, t):
                if not immune(k):
                    doomed.add(k)
                break
        if "assassin" in texts:  # Uprising A2
            hit = [
                i for i in range(n) if owners[i] != o and ARCH[es[i][E_GID]] in ("heir", "captain") and not immune(i)
            ]
            if hit:
                doomed.update(hit)
                killers.add(o)
                s.push("reward", o)
    for o in killers:
        # martial-01: +1 influence when a heir eliminates
        if C.owns_kingdom(s, o, "heirs_deadly_retreat") and any(
            ow == o and ARCH[e[E_GID]] == "heir" and blank.commands(s, o, e[E_GID], e, r) & DEADLY
            for e, ow in zip(es, owners, strict=True)
        ):
            s._gain_influence(o, 1)
    if not doomed:
        return  # (and no killer)
    # eliminations are simultaneous: Resilient is read on the map, before any card leaves
    resilient = {i: blank.traits(s, owners[i], es[i][E_GID], es[i], r) & RESILIENT for i in doomed}
    for i in sorted(doomed):
        e, o = es[i], owners[i]
        s.active[r].remove(e)
        g = e[E_GID]
        if s.record:
            s._event("eliminated", o, NAME[g])
        if ARCH[g] == "heir" and C.owns_kingdom(s, o, "heirs_deploy"):
            # martial-07: the heir goes to hand, and the card is discarded
            j = next(j for j, sp in enumerate(s.boards[o]) if sp is not None and KEFFECT[sp[0]] == "heirs_deploy")
            kingdom.discard_this(s, o, j)
            s._to_hand(o, g)
        else:
            where = "discard" if resilient[i] else "lost"
            (s.discards[o] if resilient[i] else s.lost).append(g)
            if C.owns_kingdom(s, o, "eliminated_to_hand"):  # intrigue-16: "may go to hand"
                kingdom.may_instead(s, o, g, where, "hand", "eliminated")
    for o in sorted(killers):
        if s.round_fx[o] & FX_HEIRS_DEADLY:  # Uprising tactic 1
            s._gain_influence(o, 1)
            s._gain_lore(o, 1)


@RULES.step("reward")
def _reward_step(s: OKCFields, seat) -> None:
    s.ask("reward", seat)


@RULES.decision(
    "reward",
    prompt="Reward: influence or lore?",
    legal=lambda s, seat: [BACK, DRAW],
    word=lambda s, a, seat: "influence" if a == BACK else "lore",
)
def _reward(s: OKCFields, a, seat):
    if a == BACK:
        s._gain_influence(seat, 1)
    else:
        s._gain_lore(seat, 1)


def _falls_alone(s: OKCFields, entry_gid: int, owner: int, clash_cards: list[tuple[int, int]], effect: str) -> bool:
    """Is the card eliminated by itself at night, read with one of its texts
    (`effect`, "" for none)? The basic agent (agent_dies_to_follower) and a
    heir with martial-01 fall to an opposing follower in the clash, Uprising
    A3 to an opposing heir."""
    if effect == blank.UPRISING_A3:
        return any(o != owner and ARCH[g] == "heir" for g, o in clash_cards)
    if effect == "agent_dies_to_follower" or (
        ARCH[entry_gid] == "heir" and C.owns_kingdom(s, owner, "heirs_deadly_retreat")
    ):
        return any(o != owner and ARCH[g] == "follower" for g, o in clash_cards)
    return False


# ---- the tally -------------------------------------------------------------
@RULES.step("tally")
def _tally(s: OKCFields, r, parts) -> None:
    es, owners = _clash_cards(s, r, parts)
    sup_map, sup_part, fx, bonus = s.sup_map, s.sup_part, s.round_fx, s.bonus
    totals = {}  # in the order of parts (the event lists them so)
    record = s.record
    told: dict[int, list] = {}  # each seat's parts, for the event: [cards, supporters, bonus, halved]
    for x in parts:
        per = 2 if fx[x] & FX_SUPPORTERS else 1
        totals[x] = per * (sup_map[x][r] - sup_part[x][r]) + bonus[x]
        if record:
            told[x] = [[], per * (sup_map[x][r] - sup_part[x][r]), bonus[x], False]
    win_bonus: dict[int, int] = {}
    lowest = False
    heirs: set[int] = set()  # the seats with a heir among the cards
    arch = ARCH
    for e, o in zip(es, owners, strict=True):
        g = e[E_GID]
        v = s.strength(g)
        totals[o] += v
        if record:
            told[o][0].append([NAME[g], v])
        texts = blank.texts(s, o, e, r)
        if "win_influence" in texts:
            win_bonus[o] = win_bonus.get(o, 0) + 1
        if "lowest_wins" in texts:  # Gathering A4
            lowest = True
        if arch[g] == "heir":
            heirs.add(o)
    if heirs:
        for x in parts:
            if x in heirs and C.owns_kingdom(s, x, "hand_size_heir"):
                win_bonus[x] = win_bonus.get(x, 0) + 1
    for e in es:  # counted now (the participants' other cards there were counted before)
        e[E_PART] = 1
    s.bonus = [0] * s.players
    sup_part = s.own_sup_part()
    for x in parts:
        sup_part[x][r] = sup_map[x][r]
    if s.kregion[r]:
        for o in C.region_cards(s, r, "halve_opponents"):  # martial-09
            for x in parts:
                if x != o:
                    totals[x] = (totals[x] + 1) // 2
                    if record:
                        told[x][3] = True
    best = max(totals.values())
    if lowest and any(v > 0 for v in totals.values()):  # Gathering A4
        best = min(v for v in totals.values() if v > 0)
    top = [x for x in s.order if x in parts and totals[x] == best]
    if s.record:
        s._event("tally", None, (REGIONS[r], [totals[x] for x in parts], list(parts), [told[x] for x in parts]))
    if len(top) == 1:
        w = top[0]
        _pop_clash(s)
        s._gain_influence(w, win_bonus.get(w, 0))
        _region_end(s, r)
        s.push("rewards", r, w)
    else:
        s.push("tie", r, top, 0)


@RULES.step("tie")
def _tie_step(s: OKCFields, r, tied, i) -> None:
    if i < len(tied):
        s.push("tie", r, tied, i + 1)
        s.ask("tie", tied[i], [r])
    else:
        n = s._clash_n()
        _pop_clash(s)
        if s.facedown[r]:
            s._event("reclash", None, (REGIONS[r], tied))
            start_clash(s, r, tied, n + 1)
        else:
            s._event("draw", None, REGIONS[r])
            _region_end(s, r)


def _region_end(s: OKCFields, r: int) -> None:
    """Clans tactic 1: before rewards, +1 influence for the most supporters
    and +1 lore for the most active cards in the region (strictly most)."""
    p = s.players
    for x in range(p):
        if not s.round_fx[x] & FX_CLANS_MARKERS:
            continue
        sup = [s.sup_map[o][r] for o in range(p)]
        if all(sup[x] > sup[o] for o in range(p) if o != x):
            s._gain_influence(x, 1)
        cnt = [0] * p
        for e in s.active[r]:
            cnt[s.seat_of(e[E_GID])] += 1
        if all(cnt[x] > cnt[o] for o in range(p) if o != x):
            s._gain_lore(x, 1)
