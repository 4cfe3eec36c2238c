"""Anunnaki through the same generic wrappers: only an encoder added."""

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from meeple.env import anunnaki_v0  # noqa: E402
from meeple.env.anunnaki import NUM_ACTIONS, OBS_HIGH, OBS_SIZE, AnunnakiEncoder, layout_doc  # noqa: E402
from meeple.env.solo import SoloEnv  # noqa: E402
from meeple.games import anunnaki  # noqa: E402


@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_test(players):
    from pettingzoo.test import api_test
    api_test(anunnaki_v0.env(players=players), num_cycles=200)


def test_pettingzoo_seed_test():
    from pettingzoo.test import seed_test
    seed_test(lambda: anunnaki_v0.env(players=3), num_cycles=100)


def test_full_games_bounds_and_rewards():
    for players in (2, 4):
        env = anunnaki_v0.env(players=players)
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
    enc = AnunnakiEncoder()
    rng = random.Random(5)
    checked = 0
    s = anunnaki.new_game(3, seed=5)
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


def test_simultaneous_weapon_choice_is_hidden():
    """When two seats choose weapons at once, the second sees nothing of the first's."""
    rng = random.Random(0)
    for seed in range(30):
        env = anunnaki_v0.raw_env(players=2)
        env.reset(seed=seed)
        while not env.game_state.is_terminal():
            d = env.game_state.decision()
            choices = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            if (len(d.seats) > 1 and len(choices) > 1
                    and len(env.game_state.legal_actions(d.seats[1])) > 1):
                second = f"player_{d.seats[1]}"
                seen = []
                for a in choices[:2]:
                    e = anunnaki_v0.raw_env(players=2)
                    e.reset(seed=seed)
                    e.game_state = env.game_state.clone()
                    e._select()
                    e.step(int(a))
                    assert e.agent_selection == second
                    seen.append(e.observe(second))
                assert np.array_equal(seen[0]["observation"], seen[1]["observation"])
                assert np.array_equal(seen[0]["action_mask"], seen[1]["action_mask"])
                return
            env.step(int(rng.choice(choices)))
    pytest.skip("no simultaneous choice with two options reached")


def test_action_cap_keeps_mask_nonempty():
    assert NUM_ACTIONS == 372


def test_gymnasium_and_openspiel():
    from gymnasium.utils.env_checker import check_env
    check_env(SoloEnv(AnunnakiEncoder(), players=3, seat=None), skip_render_check=True)
    pyspiel = pytest.importorskip("pyspiel")
    from meeple.env import openspiel as mos
    mos.register(AnunnakiEncoder, "python_meeple_anunnaki")
    game = pyspiel.load_game("python_meeple_anunnaki", {"players": 2, "seed": 1})
    pyspiel.random_sim_test(game, num_sims=1, serialize=False, verbose=False)


def test_render_text():
    env = anunnaki_v0.env(players=2, render_mode="ansi")
    env.reset(seed=0)
    assert env.render().startswith("Anunnaki, 2 players")
