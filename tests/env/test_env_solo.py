"""meeple.env.EthnosSolo: Gymnasium's checker, bots, illegal actions."""

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env  # noqa: E402

from meeple.core.game import GameError  # noqa: E402
from meeple.env import EthnosSolo, IllegalActionError  # noqa: E402


def test_check_env():
    check_env(EthnosSolo(), skip_render_check=True)


def test_check_env_other_settings():
    check_env(EthnosSolo(players=2, seat=1, reward="glory", render_mode="ansi"))
    check_env(EthnosSolo(players=6, seat=None))


def _play(env, seed, rng):
    obs, info = env.reset(seed=seed)
    total, steps, done = 0.0, 0, False
    while not done:
        assert np.array_equal(obs["action_mask"], info["action_mask"])
        assert obs["action_mask"].any()
        a = int(rng.choice(np.flatnonzero(obs["action_mask"])))
        obs, r, done, trunc, info = env.step(a)
        assert not trunc
        total += r
        steps += 1
    assert env.game_state.is_terminal()
    assert not obs["action_mask"].any()
    return total, steps


def test_full_episodes_and_determinism():
    rng = np.random.default_rng(0)
    env = EthnosSolo(players=4, seat=None)
    results = [_play(env, s, rng) for s in range(3)]
    assert all(-1.0 <= r <= 1.0 for r, _ in results)
    again = EthnosSolo(players=4, seat=None)
    assert _play(again, 1, np.random.default_rng(0)) == _play(
        EthnosSolo(players=4, seat=None), 1, np.random.default_rng(0)
    )


def test_seat_drawn_from_seed():
    env = EthnosSolo(players=5, seat=None)
    seats = {env.reset(seed=s)[1]["seat"] for s in range(30)}
    assert len(seats) > 1
    assert env.reset(seed=4)[1]["seat"] == env.reset(seed=4)[1]["seat"]


def test_opponent_levels():
    try:
        from meeple.bots.registry import make_bot  # noqa: F401
    except ImportError:
        with pytest.raises(ValueError):
            EthnosSolo(opponents="greedy")
        return
    env = EthnosSolo(players=3, opponents="greedy")
    _play(env, 2, np.random.default_rng(1))
    env = EthnosSolo(players=3, opponents=["random", "easy"])
    _play(env, 3, np.random.default_rng(1))
    with pytest.raises(GameError, match="unknown bot 'grandmaster'"):
        EthnosSolo(opponents="grandmaster")


def test_illegal_lose_and_raise():
    env = EthnosSolo(players=3)
    obs, _ = env.reset(seed=8)
    before = env.game_state.to_json()
    bad = int(np.flatnonzero(obs["action_mask"] == 0)[0])
    obs, r, term, trunc, info = env.step(bad)
    assert term and r == -1.0 and info["illegal_action"] == bad
    assert env.game_state.to_json() == before
    with pytest.raises(RuntimeError):
        env.step(0)

    env = EthnosSolo(players=3, illegal="raise")
    obs, _ = env.reset(seed=8)
    for wrong in (bad, -3, 511, 2.0, None):
        with pytest.raises(IllegalActionError):
            env.step(wrong)
        assert env.game_state.to_json() == before
    obs, r, term, *_ = env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert env.game_state.to_json() != before


def test_render_ansi_shows_own_hand_only():
    env = EthnosSolo(players=4, seat=2, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    lines = [ln for ln in text.splitlines() if " seat " in ln and "hand" in ln]
    assert [ln for ln in lines if "[" in ln] == [ln for ln in lines if "seat 2:" in ln]
    if "decision:" in text:
        assert "legal:" in text
