"""Every game through the same generic wrappers (only an encoder per game):
PettingZoo's own tests, bounds and rewards over whole games, and observations
that depend on the seat's view alone."""

import importlib
import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

# (environment module, encoder module, encoder class, game)
GAMES = {
    "okc": ("meeple.env.okc_v0", "meeple.env.okc", "OKCEncoder", "okc"),
    "anunnaki": ("meeple.env.anunnaki_v0", "meeple.env.anunnaki", "AnunnakiEncoder", "anunnaki"),
}


def parts(name):
    env_mod, enc_mod, enc_cls, game = GAMES[name]
    enc = importlib.import_module(enc_mod)
    return (
        importlib.import_module(env_mod),
        enc,
        getattr(enc, enc_cls),
        importlib.import_module(f"meeple.games.{game}"),
    )


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("players", [2, 3, 4])
def test_pettingzoo_api_test(name, players):
    from pettingzoo.test import api_test

    env_mod = parts(name)[0]
    api_test(env_mod.env(players=players), num_cycles=200)


@pytest.mark.parametrize("name", GAMES)
def test_pettingzoo_seed_test(name):
    from pettingzoo.test import seed_test

    env_mod = parts(name)[0]
    seed_test(lambda: env_mod.env(players=3), num_cycles=100)


@pytest.mark.parametrize("name", GAMES)
def test_full_games_bounds_and_rewards(name):
    env_mod, enc, _, _ = parts(name)
    for players in (2, 4):
        env = env_mod.env(players=players)
        env.reset(seed=players)
        rng = random.Random(players)
        finals = {}
        for agent in env.agent_iter():
            obs, reward, term, trunc, info = env.last()
            o = obs["observation"]
            assert o.shape == (enc.OBS_SIZE,) and o.min() >= 0 and o.max() <= enc.OBS_HIGH
            if term:
                finals[agent] = reward
                env.step(None)
            else:
                assert obs["action_mask"].any()
                env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
        assert len(finals) == players and abs(sum(finals.values())) < 1e-9
    assert enc.layout_doc().splitlines()[-1].split("..")[1].split()[0] == str(enc.OBS_SIZE - 1)


@pytest.mark.parametrize("name", GAMES)
def test_observation_depends_only_on_the_view(name):
    _, _, encoder, game = parts(name)
    enc = encoder()
    rng = random.Random(5)
    checked = 0
    s = game.new_game(3, seed=5)
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
