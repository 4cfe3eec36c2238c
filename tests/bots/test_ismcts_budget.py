"""ISMCTS budgets: CPU-time clock, and early stopping that never changes the move."""

import random

import pytest

from meeple.bots.base import observe
from meeple.bots.ismcts import ISMCTSBot
from meeple.games import ethnos


def _states(players, seed, n=4):
    s = ethnos.new_game(players, seed=seed)
    rng = random.Random(seed)
    out = []
    while not s.is_terminal() and len(out) < n:
        if len(s.legal_actions()) > 1 and rng.random() < 0.05:
            out.append(s.clone())
        s.apply_legal(rng.choice(s.legal_actions()))
    return out


@pytest.mark.parametrize("players,seed", [(2, 3), (4, 5)])
def test_early_stop_keeps_the_move(players, seed):
    stopped = 0
    for s in _states(players, seed):
        obs = observe(s)
        full = ISMCTSBot(seed=9, iterations=400, early_stop=False)
        quick = ISMCTSBot(seed=9, iterations=400)
        assert quick.choose(obs) == full.choose(obs)
        assert full.last_iterations == 400 and not full.last_stopped_early
        assert quick.last_iterations <= 400
        stopped += quick.last_stopped_early
    assert stopped, "some search should stop before its budget"


def test_cpu_clock_budget_and_report():
    s = _states(4, 7, 1)[0]
    bot = ISMCTSBot(seed=1, seconds=0.1)
    assert bot.clock == "cpu"
    a = bot.choose(observe(s))
    assert a in s.legal_actions()
    assert bot.last_iterations > 0
    assert 0 < bot.last_seconds < 0.25 and bot.last_wall > 0
    wall = ISMCTSBot(seed=1, seconds=0.05, clock="wall")
    wall.choose(observe(s))
    assert 0 < wall.last_seconds < 0.2


def test_bad_options():
    with pytest.raises(ValueError):
        ISMCTSBot(clock="sundial")
    with pytest.raises(ValueError):
        ISMCTSBot(opponents="psychic")


def test_one_legal_action_resets_the_report():
    s = ethnos.new_game(2, seed=1)
    rng = random.Random(1)
    bot = ISMCTSBot(seed=1, iterations=50)
    bot.choose(observe(s))
    assert bot.last_iterations > 0
    while len(s.legal_actions()) != 1:
        s.apply_legal(rng.choice(s.legal_actions()))
    bot.choose(observe(s))
    assert bot.last_iterations == 0 and not bot.last_stopped_early
