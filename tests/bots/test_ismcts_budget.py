"""ISMCTS budgets: CPU-time clock, and early stopping that never changes the move."""

import random
import types

import pytest

from meeple.bots import ismcts
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
    """A real search on the default clock reports what it spent. The bound is
    loose on purpose: the thread's CPU time barely moves with the machine's
    load, but a tight bound on real time is a test that flakes; where the
    search stops is checked on a clock of the test's own below."""
    s = _states(4, 7, 1)[0]
    bot = ISMCTSBot(seed=1, seconds=0.1)
    assert bot.clock == "cpu"
    a = bot.choose(observe(s))
    assert a in s.legal_actions()
    assert bot.last_iterations > 0
    assert 0 < bot.last_seconds < 1.0 and bot.last_wall > 0


@pytest.mark.parametrize("clock", ["cpu", "wall"])
def test_the_search_stops_at_its_first_look_at_the_clock_past_its_budget(monkeypatch, clock):
    """Each reading of the clock moves it on by 1/1024 s. The search reads it
    every 8 simulations: a budget of 0.05 s (51.2 steps) ends at the 52nd
    reading, after 416 simulations, and reports the 53 steps it then spent."""
    step = 1 / 1024
    readings = iter(range(10**6))

    def tick() -> float:
        return next(readings) * step

    monkeypatch.setattr(ismcts, "time", types.SimpleNamespace(thread_time=tick, perf_counter=tick))
    s = _states(4, 7, 1)[0]
    bot = ISMCTSBot(seed=1, seconds=0.05, clock=clock, early_stop=False)
    assert bot.choose(observe(s)) in s.legal_actions()
    assert bot.last_iterations == 52 * 8
    assert bot.last_seconds == 53 * step


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
