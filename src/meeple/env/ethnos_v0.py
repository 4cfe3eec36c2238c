"""Ethnos as a PettingZoo AEC environment.

    from meeple.env import ethnos_v0
    env = ethnos_v0.env(players=4, render_mode=None)   # OrderEnforcingWrapper
    env.reset(seed=42)
    for agent in env.agent_iter():
        obs, reward, termination, truncation, info = env.last()
        action = None if termination or truncation else \
            env.action_space(agent).sample(obs["action_mask"])
        env.step(action)

Keyword options: `reward="rank"|"glory"`, `illegal="raise"|"lose"`,
`illegal_reward=-1.0`, and game options (`tribes=[...]`, `fairy=True`).
Action ids and the observation layout: `meeple.env.ethnos`.
"""

from meeple.env.aec import MeepleAEC, make_env_fns
from meeple.env.ethnos import EthnosEncoder

env, raw_env = make_env_fns(EthnosEncoder)

__all__ = ["env", "raw_env", "MeepleAEC"]
