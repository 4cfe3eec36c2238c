"""OpenSpiel adapter: OpenSpiel's random simulation test and its RL environment."""

import random

import pytest

pyspiel = pytest.importorskip("pyspiel")

from meeple.env import openspiel as mos  # noqa: E402


def test_random_sim_test():
    game = mos.load_ethnos(players=2, seed=1)
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_game_facts_and_observation():
    game = mos.load_ethnos(players=4, seed=2)
    assert game.num_players() == 4
    assert game.num_distinct_actions() == 511
    s = game.new_initial_state()
    p = s.current_player()
    assert 0 <= p < 4 and s.legal_actions() == sorted(s.legal_actions())
    assert all(not s.legal_actions(q) for q in range(4) if q != p)
    t = s.observation_tensor(p)
    assert len(t) == game.observation_tensor_size()
    c = s.clone()
    s.apply_action(s.legal_actions()[0])
    assert str(c) != str(s) and c.history() == [] and s.history() == [s.history()[0]]
    # the next initial state is a new deal, reproducible from the game seed
    again = mos.load_ethnos(players=4, seed=2).new_initial_state()
    assert str(again) == str(c)
    assert str(game.new_initial_state()) != str(c)


def test_rl_environment_episode():
    from open_spiel.python import rl_environment

    env = rl_environment.Environment(mos.load_ethnos(players=3, seed=5))
    rng = random.Random(0)
    ts = env.reset()
    steps = 0
    while not ts.last():
        p = ts.observations["current_player"]
        ts = env.step([rng.choice(ts.observations["legal_actions"][p])])
        steps += 1
    assert steps > 50
    assert abs(sum(ts.rewards)) < 1e-9 and max(ts.rewards) > 0


def test_truncation_bound():
    game = mos.load_ethnos(players=2, seed=1, max_game_length=20)
    s = game.new_initial_state()
    rng = random.Random(1)
    while not s.is_terminal():
        s.apply_action(rng.choice(s.legal_actions()))
    assert len(s.history()) == 20
    assert abs(sum(s.returns())) < 1e-9


def test_openspiel_algorithms_run():
    """OpenSpiel's own bots and search play the registered game."""
    import numpy as np
    from open_spiel.python.algorithms import mcts

    game = mos.load_ethnos(players=2, seed=3)
    bots = [pyspiel.make_uniform_random_bot(p, 10 + p) for p in range(2)]
    returns = pyspiel.evaluate_bots(game.new_initial_state(), bots, 7)
    assert sorted(returns) == [-1.0, 1.0] or returns == [0.0, 0.0]
    rng = np.random.RandomState(0)
    bot = mcts.MCTSBot(
        game, uct_c=2.0, max_simulations=4, evaluator=mcts.RandomRolloutEvaluator(1, rng), random_state=rng
    )
    state = game.new_initial_state()
    for _ in range(3):
        action = bot.step(state)
        assert action in state.legal_actions()
        state.apply_action(action)
