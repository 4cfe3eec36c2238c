"""The Old King's Crown through the same generic wrappers: only an encoder added."""

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from meeple.env import okc_v0  # noqa: E402
from meeple.env.okc import OBS_HIGH, OBS_SIZE, OKCEncoder, layout_doc  # noqa: E402
from meeple.env.solo import SoloEnv  # noqa: E402
from meeple.games import okc  # noqa: E402


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_test(players):
    from pettingzoo.test import api_test
    api_test(okc_v0.env(players=players), num_cycles=200)


def test_pettingzoo_seed_test():
    from pettingzoo.test import seed_test
    seed_test(lambda: okc_v0.env(players=3), num_cycles=100)


def test_full_games_bounds_and_rewards():
    for players in (2, 4):
        env = okc_v0.env(players=players)
        env.reset(seed=players)
        rng = random.Random(players)
        finals = {}
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            o = obs["observation"]
            assert o.shape == (OBS_SIZE,) and 0 <= o.min() and o.max() <= OBS_HIGH
            if term:
                finals[agent] = reward
                env.step(None)
            else:
                assert obs["action_mask"].any()
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert len(finals) == players and abs(sum(finals.values())) < 1e-9
    assert layout_doc().splitlines()[-1].split("..")[1].split()[0] == str(OBS_SIZE - 1)


def test_observation_depends_only_on_the_view():
    enc = OKCEncoder()
    rng = random.Random(5)
    checked = 0
    s = okc.new_game(3, seed=5)
    while not s.is_terminal():
        d = s.decision()
        if rng.random() < 0.2:
            for seat in range(3):
                other = s.determinize(seat, random.Random(rng.random()))
                assert other.view(seat) == s.view(seat)
                assert np.array_equal(enc.encode(s.view(seat), seat), enc.encode(other.view(seat), seat))
                checked += 1
        s.apply_action(rng.choice(s.legal_actions(d.seats[0])), d.seats[0])
    assert checked > 20


def test_simultaneous_bid_is_hidden_from_the_next_bidder():
    env = okc_v0.raw_env(players=3)
    env.reset(seed=2)
    for _ in range(500):
        d = env.game_state.decision()
        if d.kind == "bid" and len(d.seats) > 1:
            break
        obs = env.observe(env.agent_selection)
        env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    else:
        pytest.skip("no simultaneous bid reached")
    first, second = env.agent_selection, f"player_{d.seats[1]}"
    mask = env.observe(first)["action_mask"]
    choices = np.flatnonzero(mask)
    seen = []
    for a in choices[:2]:
        e = okc_v0.raw_env(players=3)
        e.reset(seed=2)
        e.game_state = env.game_state.clone()
        e._select()
        e.step(int(a))
        seen.append(e.observe(second)["observation"])
    if len(seen) == 2:
        assert np.array_equal(seen[0], seen[1])


def test_gymnasium_and_openspiel():
    from gymnasium.utils.env_checker import check_env
    check_env(SoloEnv(OKCEncoder(), players=3, seat=None), skip_render_check=True)
    pyspiel = pytest.importorskip("pyspiel")
    from meeple.env import openspiel as mos
    mos.register(OKCEncoder, "python_meeple_okc")
    game = pyspiel.load_game("python_meeple_okc", {"players": 3, "seed": 1})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_render_text():
    env = okc_v0.env(players=2, render_mode="ansi")
    env.reset(seed=0)
    assert env.render().startswith("The Old King's Crown, 2 players, round 1/")
