"""The page's end-of-age tables add up to the glory (issue 16: the +2 for
taking the giant token was left out)."""

from __future__ import annotations

import random

import pytest

from meeple.games.ethnos import data, new_game, present

TRIBES = ["giant", "merfolk", "orc", "troll", "dwarf", "elf", "minotaur", "wizard", "halfling"]


@pytest.mark.parametrize("players,seed", [(4, 2), (3, 5), (6, 8)])
def test_age_tables_add_up_to_the_glory(players, seed):
    s = new_game(players, seed=seed, tribes=TRIBES[: data.tribes_in_game(players)])
    rng = random.Random(seed)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    tables = present.scoring(s.log(), s)
    assert len(tables) == data.ages(players)
    assert [sum(t["total"][p] for t in tables) for p in range(players)] == s.glory
    assert any(any(t["giant_taken"]) for t in tables)
