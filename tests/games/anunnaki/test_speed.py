"""Anunnaki's speed-ups keep the rules' answers: the legal actions the flow
keeps (`legal_now`) are those worked out afresh, for the state, its clone
and its STATE loaded back."""

from __future__ import annotations

import random

from meeple.core.flow import FlowState
from meeple.games.anunnaki import notation
from meeple.games.anunnaki.state import new_game


def _fresh(s, seat=None):
    return FlowState.legal_actions(s, seat)


def test_kept_legal_actions_are_the_fresh_ones():
    for seed in range(4):
        s = new_game(4, seed=seed, record=seed % 2 == 0)
        rng = random.Random(seed)
        n = 0
        while not s.is_terminal():
            for seat in range(s.players):
                assert s.legal_actions(seat) == _fresh(s, seat)
            acts = s.legal_actions()
            assert acts == _fresh(s)
            acts.append(-1)  # the caller's own list: the state's is not changed
            assert s.legal_actions() == _fresh(s)
            if n % 97 == 0:
                c = s.clone()
                assert c.legal_now is None and c.legal_actions() == _fresh(s)
                loaded = notation.load(notation.dump(s))
                assert loaded.legal_actions() == _fresh(s)
            s.apply_legal(rng.choice(_fresh(s)))
            n += 1
        assert s.legal_actions() == []


def test_controllers_are_each_regions_controller():
    """`controllers()` (and the culture step, which works it out region by
    region the same way) agrees with `controller` everywhere."""
    for seed in range(3):
        s = new_game(4, seed=seed, record=False)
        rng = random.Random(seed)
        while not s.is_terminal():
            if rng.random() < 0.1:
                assert s.controllers() == {h: s.controller(h) for h in s.lay.hexes}
            s.apply_legal(rng.choice(s.legal_actions()))
