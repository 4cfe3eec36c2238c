"""Ethnos heuristics: the greedy bot's policy and an evaluation for search.

Everything here reads only what the deciding seat may know: its own hand, the
pending build it is making, and public things (market, bands, boards, glory,
card counts). Given a state built from the seat's view (`from_view`), the
hidden cards it samples are never looked at, so the greedy bot cannot peek.

* `policy(state, rng)` -> an action for the pending decision (greedy play).
* `evaluate(state)` -> estimated final glory per seat (for ISMCTS leaves).
* `values(state)` -> a value in [0, 1] per seat from `evaluate`, for search.

Reading the engine's state fields here is read-only; nothing is changed.
"""

from __future__ import annotations

from collections import defaultdict

from meeple.core.lookahead import lead_values
from meeple.games.ethnos import data
from meeple.games.ethnos.cards import (
    CARD_KINGDOM,
    CARD_TRIBE,
    CENTAUR,
    DWARF,
    ELF,
    FAIRY,
    GIANT,
    HALFLING,
    MERFOLK,
    MINOTAUR,
    NK,
    ORC,
    SKELETON,
    TROLL,
    WINGFOLK,
    WIZARD,
)
from meeple.games.ethnos.state import ADD, CASH, DECK, DONE, DRAW, KEEP, LEADER, PASS, PLACE, RECRUIT, SWAP, SWAP_SEATS

_BG = data.BAND_GLORY
_MAXG = len(_BG) - 1
_POP = [bin(i).count("1") for i in range(1 << NK)]
_ORC_CASH = data.ORC_CASH
_MAX_BAND = data.MAX_BAND


_BGL = tuple(_BG[min(i, _MAXG)] for i in range(32))
_BGF = tuple(float(g) for g in _BGL)


def band_glory(size: int) -> int:
    return _BGL[size] if 0 <= size < 32 else _BG[_MAXG]


# ------------------------------------------------------------ kingdom scoring
def _places_raw(slots, counts, age: int, players: int) -> tuple:
    gain = [0.0] * players
    ranked = sorted((s for s in range(players) if counts[s] > 0), key=lambda s: counts[s], reverse=True)
    if not ranked:
        return tuple(gain)
    if players == 2 and age == 2:
        if len(ranked) == 1:
            gain[ranked[0]] = slots[0] + slots[1]
            return tuple(gain)
        values = [slots[1]]
    else:
        values = [slots[i] for i in range(min(age, len(slots)) - 1, -1, -1)]
    pos = i = 0
    while i < len(ranked) and pos < len(values):
        j = i
        while j < len(ranked) and counts[ranked[j]] == counts[ranked[i]]:
            j += 1
        share = sum(values[pos : pos + j - i]) / (j - i)
        for s in ranked[i:j]:
            gain[s] = share
        pos += j - i
        i = j
    return tuple(gain)


_PLACES_CACHE: dict = {}


def _places(slots, counts, age: int, players: int) -> tuple:
    """Glory per seat on one board for `age`, ties split (trolls ignored); memoised."""
    key = (slots, tuple(counts), age)
    g = _PLACES_CACHE.get(key)
    if g is None:
        if len(_PLACES_CACHE) > 200_000:
            _PLACES_CACHE.clear()
        g = _PLACES_CACHE[key] = _places_raw(slots, counts, age, players)
    return g


_MV_CACHE: dict = {}


def marker_value(s, seat: int, k: int) -> float:
    """What one more marker in kingdom k is worth to `seat` (this age and later); memoised."""
    p = s.players
    counts = s.markers[k * p : (k + 1) * p]
    slots = s.slots[k]
    key = (slots, tuple(counts), seat, s.age, s.ages)
    v = _MV_CACHE.get(key)
    if v is not None:
        return v
    more = counts[:]
    more[seat] += 1
    v = 0.0
    for age in range(s.age, s.ages + 1):
        w = 1.0 if age == s.age else 0.6
        v += w * (_places(slots, more, age, p)[seat] - _places(slots, counts, age, p)[seat])
    v += 0.3  # a marker is also a game-end tie-break and a future majority
    if len(_MV_CACHE) > 200_000:
        _MV_CACHE.clear()
    _MV_CACHE[key] = v
    return v


def _can_place(s, seat: int, k: int, size: int) -> bool:
    p = s.players
    if p == 2:
        return s.markers[k * 2] + s.markers[k * 2 + 1] < size
    return s.markers[k * p + seat] < size


# ------------------------------------------------------------ band planning
def _groups(cards: list[int]) -> list[tuple[int, list[int]]]:
    """Candidate bands: each tribe's cards and each kingdom's cards, + skeletons
    (mode 1: one tribe, 2: one kingdom), tribes then kingdoms in order of first
    appearance in `cards`."""
    skel = []
    by_tribe: defaultdict[int, list[int]] = defaultdict(list)
    by_king: defaultdict[int, list[int]] = defaultdict(list)
    for c in cards:
        if c == SKELETON:
            skel.append(c)
        else:
            by_tribe[CARD_TRIBE[c]].append(c)
            by_king[CARD_KINGDOM[c]].append(c)
    out = [(1, cs + skel) for cs in by_tribe.values()]
    out.extend((2, cs + skel) for cs in by_king.values())
    return out


def _leader_value(s, seat: int, leader: int, size: int, rest: int, mv=None, supply: int | None = None) -> float:
    """Value of a band of `size` led by `leader`, with `rest` cards left in hand.

    `mv` is an optional per-call cache of marker values by kingdom."""
    if mv is None:
        mv = {}
    lt = CARD_TRIBE[leader]
    lk = CARD_KINGDOM[leader]
    n = size + (lt == DWARF)
    v = _BGF[n] if n < 32 else float(_BG[_MAXG])
    place = 0.0
    can_mark = (s.supply(seat) if supply is None else supply) > 0
    if lt != HALFLING and can_mark:
        eff = size + (lt == MINOTAUR)
        if lt == WINGFOLK:
            best = None
            for k in range(NK):
                if _can_place(s, seat, k, eff):
                    x = mv.get(k)
                    if x is None:
                        x = mv[k] = marker_value(s, seat, k)
                    if best is None or x > best:
                        best = x
            place = best if best is not None else 0.0
        elif _can_place(s, seat, lk, eff):
            place = mv.get(lk)
            if place is None:
                place = mv[lk] = marker_value(s, seat, lk)
    v += place
    if lt == GIANT:
        biggest = 0
        for bands in s.bands:
            for b in bands:
                if CARD_TRIBE[b[0]] == GIANT and len(b) > biggest:
                    biggest = len(b)
        if size > biggest:
            side = "small" if data.small_game(s.players) else "large"
            v += data.GIANT_TAKE + 0.7 * data.GIANT_AGE[side][s.age - 1]
    elif lt == MERFOLK and s.merfolk is not None:
        old = s.merfolk[seat]
        new = min(data.MERFOLK_TRACK_END, old + size)
        v += sum(1 for m in data.MERFOLK_SYMBOLS if old < m <= new) * 2.0 + 0.25 * (new - old)
    elif lt == ORC:
        if not s.orc[seat] >> lk & 1 and can_mark:
            n = _POP[s.orc[seat]]
            v += _ORC_CASH[min(n + 1, 6)] - _ORC_CASH[n]
    elif lt == TROLL:
        v += 0.5 + 0.1 * size
    elif lt == ELF:
        v += 0.6 * min(size, rest)
    elif lt == WIZARD:
        v += 0.5 * size if s.deck else 0.0
    elif lt == CENTAUR:
        v += 1.0 if place > 0 else 0.0
    elif lt == FAIRY:
        v += 0.3
    # cards discarded to the market are lost potential (the elf keeps some)
    lost = rest - (min(size, rest) if lt == ELF else 0)
    v -= 0.35 * lost
    return v


def best_band(s, seat: int, cards: list[int]):
    """(value, leader, mode, cards) of the best band from `cards`, or None."""
    best = None
    mv: dict = {}
    supply = s.supply(seat)
    n = len(cards)
    for mode, group in _groups(cards):
        size = len(group)
        if size > _MAX_BAND:
            group = sorted(group)[:_MAX_BAND]
            size = _MAX_BAND
        rest = n - size
        for leader in set(group):
            if leader == SKELETON:
                continue
            v = _leader_value(s, seat, leader, size, rest, mv, supply)
            if best is None or v > best[0]:
                best = (v, leader, mode, group)
    return best


def _counts(cards: list[int]):
    """(cards per tribe, cards per kingdom, skeletons)."""
    tc = [0] * 16
    kc = [0] * NK
    sk = 0
    for c in cards:
        if c == SKELETON:
            sk += 1
        else:
            tc[CARD_TRIBE[c]] += 1
            kc[CARD_KINGDOM[c]] += 1
    return tc, kc, sk


def _hand_potential(cards: list[int]) -> int:
    """How good a hand is for later: its largest band's size."""
    if not cards:
        return 0
    tc, kc, sk = _counts(cards)
    best = max(max(tc), max(kc))
    return best + sk if best else 0


def _recruit_choice(s, seat: int) -> int:
    """The market card that grows our best band most, else the deck."""
    hand = s.hands[seat]
    tc, kc, sk = _counts(hand)
    top = max(max(tc), max(kc))
    base = top + sk if top else 0
    best_a, best_v = None, -1.0
    for c in set(s.market):
        if c == SKELETON:
            v = (1 if top else 0) - 0.2
        else:
            pot = max(top, tc[CARD_TRIBE[c]] + 1, kc[CARD_KINGDOM[c]] + 1) + sk
            v = pot - base
        if v > best_v:
            best_v, best_a = v, RECRUIT + c
    if s.deck and (best_a is None or best_v <= 0):
        return DECK
    return best_a if best_a is not None else DECK


def _play_threshold(s, seat: int) -> float:
    """Play a band when it is worth at least this much (lower as the age nears its end)."""
    hand = len(s.hands[seat])
    t = 7.0 - 0.35 * hand - 1.8 * s.dragons
    if len(s.deck) < 6:
        t -= 2.0
    return t


# ------------------------------------------------------------ the policy
def policy(s, rng=None) -> int:
    """The greedy action for the pending decision of state `s`."""
    kind = s.kind
    seat = s.dseats[0]
    if kind == "turn":
        hand = s.hands[seat]
        plan = best_band(s, seat, hand) if hand else None
        can_recruit = len(hand) < data.HAND_LIMIT and (s.market or s.deck)
        if plan is not None and (not can_recruit or plan[0] >= _play_threshold(s, seat)):
            return LEADER + plan[1]
        if can_recruit:
            return _recruit_choice(s, seat)
        return s.legal_actions()[0]
    legal = s.legal_actions()
    if len(legal) == 1:
        return legal[0]
    if kind == "band":
        return _band_step(s, seat, legal)
    if kind in ("place", "merfolk"):
        best = max(legal, key=lambda a: marker_value(s, seat, a - PLACE))
        return best
    if kind == "troll":
        return max(legal)
    if kind == "keep":
        return _keep_step(s, seat, legal)
    if kind == "wizard":
        return DRAW if DRAW in legal else PASS
    if kind == "centaur":
        hand = s.hands[seat]
        plan = best_band(s, seat, hand) if hand else None
        if plan is not None and plan[0] >= 2.0 and LEADER + plan[1] in legal:
            return LEADER + plan[1]
        return PASS
    if kind == "fairy":
        return _fairy_choice(s, seat, legal)
    if kind == "orc":
        n = _POP[s.orc[seat]]
        return CASH if (s.supply(seat) < 3 or n >= 5) else KEEP
    return legal[0]


def _target_group(build: list[int], hand: list[int], mode: int) -> list[int]:
    """The band being built: build + the hand cards of its tribe or kingdom, sorted."""
    lead = build[0]
    lt, lk = CARD_TRIBE[lead], CARD_KINGDOM[lead]
    extra = [c for c in build[1:]]
    skel = [c for c in hand if c == SKELETON]
    tribe = [c for c in hand if c != SKELETON and CARD_TRIBE[c] == lt]
    king = [c for c in hand if c != SKELETON and CARD_KINGDOM[c] == lk]
    if mode == 1:
        pick = tribe
    elif mode == 2:
        pick = king
    else:
        pick = tribe if len(tribe) >= len(king) else king
    return sorted(extra + pick + skel)


def _band_step(s, seat: int, legal: list[int]) -> int:
    build = s.build
    hand = s.hands[seat]
    room = data.MAX_BAND - len(build)
    if room <= 0:
        return DONE
    last = build[-1] if len(build) > 1 else -1
    target = _target_group(build, hand, s.darg or 0)
    have = sorted(build[1:])
    todo = list(target)
    for c in have:
        if c in todo:
            todo.remove(c)
    for c in todo:
        if c >= last and ADD + c in legal:
            return ADD + c
    return DONE


def _keep_step(s, seat: int, legal: list[int]) -> int:
    kept = s.build
    hand = s.hands[seat]
    limit = s.darg
    if len(kept) >= limit:
        return DONE
    every = kept + hand
    best_g: list[int] = []
    for _, g in _groups(every):
        if len(g) > len(best_g):
            best_g = g
    target = sorted(best_g)[:limit]
    todo = list(target)
    for c in kept:
        if c in todo:
            todo.remove(c)
    last = kept[-1] if kept else -1
    for c in sorted(todo):
        if c >= last and ADD + c in legal:
            return ADD + c
    return DONE


def _fairy_choice(s, seat: int, legal: list[int]) -> int:
    """Swap only for a band with a clearly better leader ability (giant/merfolk)."""
    mine = s.bands[seat][s.darg]
    best, best_v = PASS, 0.0
    for a in legal:
        if a == PASS:
            continue
        j, other = divmod(a - SWAP, SWAP_SEATS)
        band = s.bands[other][j]
        v = _leader_value(s, seat, band[0], len(band), 0) - _leader_value(s, seat, mine[0], len(mine), 0)
        if v > best_v + 0.5:
            best, best_v = a, v
    return best


# ------------------------------------------------------------ evaluation
_BOARD_CACHE: dict = {}


def _board_value(slots, counts: tuple, age: int, ages: int, p: int) -> tuple:
    """A kingdom's glory per seat this age, plus later ages at half weight (memoised)."""
    key = (slots, counts, age, ages)
    v = _BOARD_CACHE.get(key)
    if v is None:
        if len(_BOARD_CACHE) > 200_000:
            _BOARD_CACHE.clear()
        tot = [0.0] * p
        for a in range(age, ages + 1):
            w = 1.0 if a == age else 0.5
            g = _places(slots, counts, a, p)
            for i in range(p):
                tot[i] += w * g[i]
        v = _BOARD_CACHE[key] = tuple(tot)
    return v


def evaluate(s) -> list[float]:
    """Estimated final glory per seat: banked glory plus what the board promises."""
    p = s.players
    if s.finished:
        return [float(g) for g in s.glory]
    est = [float(g) for g in s.glory]
    age = s.age
    # kingdoms at the end of this age, and (discounted) the later ages
    markers = s.markers
    slots = s.slots
    ages = s.ages
    for k in range(NK):
        g = _board_value(slots[k], tuple(markers[k * p : (k + 1) * p]), age, ages, p)
        est = [e + x for e, x in zip(est, g, strict=True)]
    side = "small" if data.small_game(p) else "large"
    if s.giant is not None:
        est[s.giant[0]] += data.GIANT_AGE[side][age - 1]
    if s.merfolk is not None:
        g = _places(data.MERFOLK_GLORY[side], s.merfolk, age, p)
        est = [e + x for e, x in zip(est, g, strict=True)]
    frac_left = min(1.0, len(s.deck) / 40.0)
    for i in range(p):
        for b in s.bands[i]:
            est[i] += _BGL[len(b) - b.count(SKELETON) + (CARD_TRIBE[b[0]] == DWARF)]
        est[i] += _ORC_CASH[_POP[s.orc[i]]]
        hand = s.hands[i]
        if hand:
            est[i] += 0.5 * band_glory(_hand_potential(hand)) * (0.3 + 0.7 * frac_left)
    return est


def values(s, scale: float = 10.0) -> list[float]:
    """A value in [0, 1] per seat: how far ahead of the best rival it stands."""
    if s.finished:
        return s.returns()
    return lead_values(evaluate(s), scale)
