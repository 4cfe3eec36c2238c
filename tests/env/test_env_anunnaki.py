"""Anunnaki through the same generic wrappers: only an encoder added."""

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from meeple.env import anunnaki_v0  # noqa: E402
from meeple.env.anunnaki import NUM_ACTIONS, AnunnakiEncoder  # noqa: E402
from meeple.env.solo import SoloEnv  # noqa: E402


def test_simultaneous_weapon_choice_is_hidden():
    """When two seats choose weapons at once, the second sees nothing of the first's."""
    rng = random.Random(0)
    for seed in range(30):
        env = anunnaki_v0.raw_env(players=2)
        env.reset(seed=seed)
        while not env.game_state.is_terminal():
            d = env.game_state.decision()
            choices = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            if len(d.seats) > 1 and len(choices) > 1 and len(env.game_state.legal_actions(d.seats[1])) > 1:
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


def test_the_culture_offer_has_its_own_decision_kind():
    from meeple.env.anunnaki import _OFF, KINDS
    from tests.games.anunnaki.helpers import game
    from tests.games.anunnaki.test_issue19 import _ring
    from tests.games.anunnaki.test_rules import run_steps

    s = game(2)
    _ring(s)
    run_steps(s, ["culture"])
    o = AnunnakiEncoder().encode(s.view(0), 0)
    assert o[_OFF["decision_kind"] + KINDS.index("culture_benefit")] == 1.0
