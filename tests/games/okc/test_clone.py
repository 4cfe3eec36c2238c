"""A clone shares nothing that changes: the fields it shares until one side
writes them (copy on write, state.FIELDS) are taken before every change, by
the moves of either side and by a determinization."""

from __future__ import annotations

import random

import pytest

from meeple.games import okc
from meeple.games.okc.state import COW, COW1, COW3, FIELDS, OKCState

CASES = [
    (2, 1, {}),
    (3, 2, {"advanced": True}),
    (4, 3, {}),
    (4, 4, {"advanced": True, "rounds": 4}),
    (3, 5, {}),
    (2, 6, {"advanced": True}),
    (4, 7, {}),
    (3, 8, {"advanced": True}),
]


@pytest.mark.parametrize("players,seed,options", CASES)
def test_moves_on_either_side_leave_the_other_unchanged(players, seed, options):
    rng = random.Random(seed)
    s = okc.new_game(players, seed=seed, **options)
    while not s.is_terminal():
        seat = rng.choice(s.decision().seats)
        move = rng.choice(s.legal_actions(seat))
        before = s.to_json()
        kept = s.clone()
        other = s.clone()
        other.apply_action(move, seat)  # the clone moves: the original stays
        assert s.to_json() == before
        s.determinize(seat, rng)  # a sampled world leaves it too
        assert s.to_json() == before
        s.apply_action(move, seat)  # the original moves: its clone stays
        assert kept.to_json() == before
        assert other.to_json() == s.to_json()


def test_every_shared_field_is_copied_before_a_change():
    shared = [name for name, how, _ in FIELDS if how in (COW1, COW, COW3)]
    assert shared and all(name in OKCState.__slots__ for name in shared)
    s = okc.new_game(3, seed=1)
    t = s.clone()
    t.mut("tokens")[0][0] += 1
    assert s.tokens[0][0] == 0 and t.tokens[0][0] == 1
    s.mut("tokens")[1][1] += 2
    assert t.tokens[1][1] == 0
