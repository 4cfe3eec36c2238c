"""The Old King's Crown through the same generic wrappers: only an encoder added."""

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from meeple.env import okc_v0  # noqa: E402
from meeple.env.okc import OKCEncoder  # noqa: E402
from meeple.env.solo import SoloEnv  # noqa: E402


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
