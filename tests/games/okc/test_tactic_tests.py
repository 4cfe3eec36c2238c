"""At every spring, day and autumn decision of random games, the tactic tiles
offered are those of that season with uses left, unused this round, that can
do something now (each tile's `can`, declared with it in tactics.py)."""

from __future__ import annotations

import random

from meeple.games.okc import data as D
from meeple.games.okc import new_game, tactics
from meeple.games.okc.actions import KPICK, TACTIC, U_TACTIC


def test_tiles_offered_are_those_that_can_act_in_random_games():
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
                    for t in (x.number for x in tactics.TILES_OF[f] if x.timing == d.kind):
                        want = tactics.tactic_ok(s, seat, t)
                        seen.add((f, t, want))
                        if want and s.tactics[seat][t] > 0 and not s.used[seat] & (U_TACTIC << t):
                            offer.append(TACTIC + t)
                    if d.kind == "day" and s._current_clash()[2]:
                        offer = []  # a day's free actions come in its first pass only
                    assert [a for a in s.legal_actions(seat) if TACTIC <= a < KPICK] == offer, (seed, d.kind)
            s.apply_action(rng.choice(s.legal_actions()))
    # the tests that read the active cards were seen failing and passing
    for name, t in (("nobility", 1), ("clans", 1), ("uprising", 1), ("gathering", 2)):
        f = D.FACTIONS.index(name)
        assert {(f, t, False), (f, t, True)} <= seen, (name, t)
