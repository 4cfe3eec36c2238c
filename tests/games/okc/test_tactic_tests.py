"""Each tactic tile's test ("can it do anything now?", `tactics.OK`) agrees
with the rule as first written, at every spring, day and autumn decision of
random games, for the tiles of that season; and the tiles offered there are
those with uses left, unused this round, that pass it."""

from __future__ import annotations

import random

from meeple.games.okc import cards as C
from meeple.games.okc import data as D
from meeple.games.okc import new_game, tactics
from meeple.games.okc.actions import E_GC, E_GID, KPICK, TACTIC, U_TACTIC


def reference(s, seat: int, t: int) -> bool:
    """The tile tests as the rules read (the first, plain version)."""
    f = D.FACTIONS[s.factions[seat]]
    if f == "nobility":
        if t == 1:
            return any(C.ARCH[e[E_GID]] == "war machine" for _, e in s._own_active(seat))
        if t == 3:
            return any(s.councils)
        return True
    if f == "clans":
        if t == 1:
            r = s._current_clash()[0]
            return any(
                C.ARCH[e[E_GID]] in ("heir", "captain", "war machine") and not e[E_GC] & D.FLANK
                for _, e in s._own_active(seat, r, False)
            )
        if t == 2:
            return bool(s.hands[seat]) and any(
                sp is not None for o in range(s.players) if o != seat for sp in s.boards[o]
            )
        if t == 3:
            return len(s.hands[seat]) < s.hsize(seat) and bool(s.discards[seat] or s._own_active(seat))
        return True
    if f == "uprising":
        if t == 1:
            r = s._current_clash()[0]
            return any(not e[E_GC] & D.RETREAT for _, e in s._own_active(seat, r, False)) and not s._locked(seat, r)
        if t == 2:
            return any(sp is not None for sp in s.boards[seat]) and any(
                s.hands[o] for o in range(s.players) if o != seat
            )
        if t == 3:
            return any(tactics.uswap_pairs(s, seat, o) for o in range(s.players) if o != seat)
        return True
    if t == 0:
        if max(s.sup_map[seat]) < 2:
            return False
        r = s._current_clash()[0]
        return s.sup_map[seat][r] >= 2 and any(s.seat_of(g) == seat for g in s.lost) and not s._locked(seat, r)
    if t == 1:
        return bool(s.kdiscard) and bool(s.hands[seat])
    if t == 2:
        r = s._current_clash()[0]
        return not s._locked(seat, r) and len({x for x, _ in s._own_active(seat)}) >= 2
    return bool(s.discards[seat] or s._own_active(seat))


def test_tile_tests_agree_with_the_rules_in_random_games():
    seen: set[tuple[int, int, bool]] = set()
    for seed in range(16):
        s = new_game(4, seed=seed, record=False)
        rng = random.Random(seed)
        while not s.is_terminal():
            d = s.decision()
            if d is not None and d.kind in ("spring", "day", "autumn"):
                for seat in d.seats:
                    f = s.factions[seat]
                    offer = []
                    for t in tactics.TILES[f].get(d.kind, ()):
                        want = reference(s, seat, t)
                        assert tactics.tactic_ok(s, seat, t) == want, (seed, D.FACTIONS[f], t)
                        seen.add((f, t, want))
                        if want and s.tactics[seat][t] > 0 and not s.used[seat] & (U_TACTIC << t):
                            offer.append(TACTIC + t)
                    if d.kind == "day" and s._current_clash()[2]:
                        offer = []  # a day's free actions come in its first pass only
                    assert [a for a in s.legal_actions(seat) if TACTIC <= a < KPICK] == offer, (seed, d.kind)
            s.apply_action(rng.choice(s.legal_actions()))
    # the tests written as loops over the active cards were seen failing and passing
    for name, t in (("nobility", 1), ("clans", 1), ("uprising", 1), ("gathering", 2)):
        f = D.FACTIONS.index(name)
        assert {(f, t, False), (f, t, True)} <= seen, (name, t)
