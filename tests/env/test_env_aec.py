"""meeple.env.ethnos_v0: PettingZoo's own tests, secrecy, illegal actions, render."""

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test  # noqa: E402

from meeple.env import IllegalActionError, ethnos_v0  # noqa: E402
from meeple.env.encoder import final_rewards  # noqa: E402
from meeple.env.ethnos import NUM_ACTIONS, OBS_HIGH, OBS_SIZE, EthnosEncoder, layout_doc  # noqa: E402
from meeple.games.ethnos import new_game  # noqa: E402


@pytest.mark.parametrize("players", [4, 2, 6])
def test_pettingzoo_api_test(players):
    api_test(ethnos_v0.env(players=players), num_cycles=1000)


def test_pettingzoo_seed_test():
    seed_test(ethnos_v0.env, num_cycles=200)


def test_spaces_and_layout():
    env = ethnos_v0.env()
    env.reset(seed=0)
    sp = env.observation_space("player_0")
    assert sp["observation"].shape == (OBS_SIZE,) and sp["observation"].dtype == np.float32
    assert sp["action_mask"].dtype == np.int8 and sp["action_mask"].shape == (NUM_ACTIONS,)
    assert env.action_space("player_3").n == NUM_ACTIONS == 511
    assert env.possible_agents == [f"player_{i}" for i in range(4)]
    doc = layout_doc()
    assert doc.splitlines()[-1].split("..")[1].split()[0] == str(OBS_SIZE - 1)


def _random_game(players, seed, **opts):
    env = ethnos_v0.env(players=players, **opts)
    env.reset(seed=seed)
    rng = random.Random(seed)
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        yield env, agent, obs, reward, term
        if term or trunc:
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))


@pytest.mark.parametrize("players", [2, 3, 5])
def test_full_games_bounds_and_zero_sum(players):
    finals = {}
    for _env, agent, obs, reward, term in _random_game(players, players * 7, fairy=True):
        o, m = obs["observation"], obs["action_mask"]
        assert o.dtype == np.float32 and o.shape == (OBS_SIZE,)
        assert o.min() >= 0.0 and o.max() <= OBS_HIGH
        if term:
            finals[agent] = reward
            assert not m.any()
        else:
            assert m.any(), "a deciding agent always has a legal action"
    assert len(finals) == players
    assert abs(sum(finals.values())) < 1e-9
    assert max(finals.values()) > 0


def test_glory_rewards():
    env = ethnos_v0.env(players=3, reward="glory")
    env.reset(seed=5)
    rng = random.Random(1)
    rewards = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        if term:
            rewards[agent] = reward
            env.step(None)
        else:
            env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    g = env.unwrapped.game_state.glory
    for i in range(3):
        assert rewards[f"player_{i}"] == pytest.approx(g[i] - (sum(g) - g[i]) / 2)


def test_rank_rewards_ties():
    s = new_game(4, seed=1)
    s.glory = [10, 20, 20, 5]
    s.winners = [1]
    assert final_rewards(EthnosEncoder(), s, "rank") == [-1 / 3, 1.0, 1 / 3, -1.0]


def test_reset_seed_reproducible_and_sequence_varies():
    e1, e2 = ethnos_v0.raw_env(), ethnos_v0.raw_env()
    e1.reset(seed=9)
    e2.reset(seed=9)
    assert e1.game_state.to_json() == e2.game_state.to_json()
    e1.reset()
    e2.reset()
    assert e1.game_state.to_json() == e2.game_state.to_json()
    first = e1.game_seed
    e1.reset()
    assert e1.game_seed != first


# ---------------------------------------------------------------- secrecy
def test_observation_depends_only_on_the_view():
    """Two states that differ only in cards hidden from the seat (other hands, the
    deck, an opponent's band in progress) give the same observation vector."""
    enc = EthnosEncoder()
    rng = random.Random(3)
    checked = 0
    for seed in range(4):
        s = new_game(4, seed=seed)
        while not s.is_terminal():
            if rng.random() < 0.08:
                for seat in range(4):
                    other = s.determinize(seat, random.Random(rng.random()))
                    assert other.to_json() != s.to_json() or not s.deck
                    assert other.view(seat) == s.view(seat)
                    a = enc.encode(s.view(seat), seat)
                    b = enc.encode(other.view(seat), seat)
                    assert np.array_equal(a, b)
                    checked += 1
            s.apply_legal(rng.choice(s.legal_actions()))
    assert checked > 50


def test_observation_sees_own_hand():
    enc = EthnosEncoder()
    s = new_game(4, seed=2)
    seat = s.decision().seat
    before = enc.encode(s.view(seat), seat)
    s.apply_action(79)  # recruit from the deck: own hand changes
    assert not np.array_equal(before, enc.encode(s.view(seat), seat))


def test_env_observation_uses_view_only(monkeypatch):
    """The environment builds observations from state.view(seat) and nothing else."""
    env = ethnos_v0.raw_env()
    env.reset(seed=4)
    calls = []
    real = env.encoder.encode

    def spy(view, seat):
        assert isinstance(view, dict)
        assert all(h == "?" for i, sd in enumerate(view["seats"]) if i != seat for h in sd["hand"])
        calls.append(seat)
        return real(view, seat)

    monkeypatch.setattr(env.encoder, "encode", spy)
    for agent in env.possible_agents:
        env.observe(agent)
    assert calls == [0, 1, 2, 3]


# ------------------------------------------------------------ bad input
BAD = [-1, NUM_ACTIONS, 10**9, 1.5, "3", None, True]


def _illegal_for(env):
    mask = env.observe(env.agent_selection)["action_mask"]
    return int(np.flatnonzero(mask == 0)[0])


@pytest.mark.parametrize("bad", BAD + ["masked"])
def test_illegal_raise_leaves_state_unchanged(bad):
    env = ethnos_v0.env(illegal="raise")
    env.reset(seed=11)
    raw = env.unwrapped
    action = _illegal_for(raw) if bad == "masked" else bad
    before = raw.game_state.to_json()
    agent = env.agent_selection
    with pytest.raises(IllegalActionError, match="not in its action mask"):
        env.step(action)
    assert raw.game_state.to_json() == before
    assert env.agent_selection == agent and not any(env.terminations.values())
    # and the game goes on normally
    obs, *_ = env.last()
    env.step(int(np.flatnonzero(obs["action_mask"])[0]))
    assert raw.game_state.to_json() != before


def test_illegal_raise_mid_game():
    env = ethnos_v0.env()
    env.reset(seed=3)
    rng = random.Random(0)
    for _ in range(200):
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    before = env.unwrapped.game_state.to_json()
    with pytest.raises(IllegalActionError):
        env.step(_illegal_for(env.unwrapped))
    assert env.unwrapped.game_state.to_json() == before


@pytest.mark.parametrize("bad", [NUM_ACTIONS + 5, "masked", None])
def test_illegal_lose_ends_game_with_a_loss(bad):
    env = ethnos_v0.env(illegal="lose")
    env.reset(seed=12)
    raw = env.unwrapped
    rng = random.Random(2)
    for _ in range(30):
        obs, *_ = env.last()
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
    before = raw.game_state.to_json()
    offender = env.agent_selection
    env.step(_illegal_for(raw) if bad == "masked" else bad)
    assert raw.game_state.to_json() == before  # never a corrupted state
    assert all(env.terminations.values())
    seen = {}
    for agent in env.agent_iter():
        obs, reward, term, trunc, info = env.last()
        assert term and not obs["action_mask"].any()
        seen[agent] = (reward, info)
        env.step(None)
    assert seen[offender][0] == -1.0 and "illegal_action" in seen[offender][1]
    assert all(r == 0.0 for a, (r, _) in seen.items() if a != offender)
    assert set(seen) == set(env.possible_agents)


def test_bad_options():
    with pytest.raises(ValueError):
        ethnos_v0.env(players=7)
    with pytest.raises(ValueError):
        ethnos_v0.env(illegal="ignore")
    with pytest.raises(ValueError):
        ethnos_v0.env(reward="points")


# ----------------------------------------------------------------- render
def test_render_text():
    env = ethnos_v0.env(players=3, render_mode="ansi")
    env.reset(seed=1)
    text = env.render()
    assert text.startswith("Ethnos, 3 players, age 1/2")
    assert "market:" in text and "decision: turn for seat" in text
    assert "seat 2: glory 0, hand 1" in text
    # a spectator render shows no hand card
    for line in text.splitlines():
        if "hand" in line:
            assert "[" not in line


def test_render_human_prints(capsys):
    env = ethnos_v0.env(players=2, render_mode="human")
    env.reset(seed=1)
    assert "Ethnos, 2 players" in capsys.readouterr().out


def test_order_enforcing_before_reset():
    env = ethnos_v0.env()
    with pytest.raises(AttributeError):
        env.last()
    with pytest.raises(AttributeError):
        _ = env.agent_selection
    with pytest.raises(AssertionError, match="reset"):  # (pettingzoo's order enforcing)
        env.step(0)
    env.reset(seed=0)
    assert env.agent_selection in env.agents


def test_env_observation_and_mask_same_for_same_view():
    """At the environment level too (observation and mask): re-dealing every card
    hidden from a seat changes nothing that seat receives."""
    env, twin = ethnos_v0.raw_env(), ethnos_v0.raw_env()
    env.reset(seed=21)
    twin.reset(seed=21)
    rng = random.Random(4)
    for step in range(400):
        if step % 25 == 0:
            for agent in env.possible_agents:
                seat = env._seat[agent]
                twin.game_state = env.game_state.determinize(seat, random.Random(step))
                twin._legal = None
                twin._select()
                a, b = env.observe(agent), twin.observe(agent)
                assert np.array_equal(a["observation"], b["observation"])
                assert np.array_equal(a["action_mask"], b["action_mask"])
        obs = env.observe(env.agent_selection)
        env.step(int(rng.choice(np.flatnonzero(obs["action_mask"]))))
