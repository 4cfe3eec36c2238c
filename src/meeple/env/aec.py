"""A PettingZoo AEC environment over any meeple game, given its `Encoder`.

Agents are `player_0..player_{n-1}` (seat i is `player_i`). Each has one
`Discrete(encoder.num_actions)` action space and a dict observation
`{"observation": float32[obs_size], "action_mask": int8[num_actions]}`; the
observation comes from `state.view(seat)` only, and the mask is all zeros for an
agent that is not deciding (or once the game is over).

Rewards come at game end only (see `encoder.final_rewards`): `reward="rank"`
(default, zero-sum in [-1, 1]) or `reward="glory"` (own glory minus the others'
mean). Seeding: `reset(seed=N)` makes the game sequence reproducible; a later
`reset()` without a seed draws the next game's seed from that sequence.

An action outside the mask (`illegal=`):
  "raise" (default) - `IllegalActionError` (a ValueError) with the legal
                      actions in the message; nothing changes, step again.
  "lose"            - the game ends at once: the offending agent gets
                      `illegal_reward` (-1), the others 0, and
                      `infos[agent]["illegal_action"]` names the action. The game
                      state is left as it was before the bad action.

`env.unwrapped.game_state` is the engine state (for tests and tools; an agent
sees only its observation).
"""

from __future__ import annotations

import random
from typing import Any

import numpy as np
from gymnasium import spaces
from gymnasium.utils import EzPickle
from pettingzoo import AECEnv
from pettingzoo.utils.wrappers import OrderEnforcingWrapper

from meeple.env.encoder import ILLEGAL_MODES, REWARD_MODES, Encoder, IllegalActionError, final_rewards


def is_action_int(action) -> bool:
    return isinstance(action, (int, np.integer)) and not isinstance(action, (bool, np.bool_))


class MeepleAEC(AECEnv, EzPickle):
    metadata: dict[str, Any] = {
        "render_modes": ["human", "ansi"],
        "name": "meeple_v0",
        "is_parallelizable": False,
        "render_fps": 1,
    }

    def __init__(
        self,
        encoder: Encoder,
        players: int = 4,
        render_mode: str | None = None,
        reward: str = "rank",
        illegal: str = "raise",
        illegal_reward: float = -1.0,
        **options,
    ):
        EzPickle.__init__(self, encoder, players, render_mode, reward, illegal, illegal_reward, **options)
        super().__init__()
        if not isinstance(players, int) or not encoder.min_players() <= players <= encoder.max_players():
            raise ValueError(
                f"{encoder.game} is for {encoder.min_players()}-{encoder.max_players()} players, not {players!r}"
            )
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {REWARD_MODES}, not {reward!r}")
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal must be one of {ILLEGAL_MODES}, not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}")
        self.metadata = dict(self.metadata, name=f"{encoder.game}_v0")
        self.encoder = encoder
        self.players = players
        self.render_mode = render_mode
        self.reward_mode = reward
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.options = options
        self.possible_agents = [f"player_{i}" for i in range(players)]
        self._seat = {a: i for i, a in enumerate(self.possible_agents)}
        # one space object per agent (seeding them separately must work)
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, encoder.obs_high, (encoder.obs_size,), np.float32),
                    "action_mask": spaces.Box(0, 1, (encoder.num_actions,), np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(encoder.num_actions) for a in self.possible_agents}
        self._rng: random.Random | None = None
        self.game_state: Any = None  # a game state once reset
        self._legal: list[int] | None = None
        self._zero_mask = np.zeros(encoder.num_actions, dtype=np.int8)

    # ------------------------------------------------------------------ spaces
    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    # ------------------------------------------------------------------- reset
    def reset(self, seed: int | None = None, options: dict | None = None):
        if seed is not None:
            self._rng = random.Random(seed)
        elif self._rng is None:
            self._rng = random.Random()
        self.game_seed = self._rng.getrandbits(62)
        self.game_state = self.encoder.new_game(self.players, self.game_seed, **self.options)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos: dict[str, dict] = {a: {} for a in self.agents}
        self._legal = None
        self._select()
        if self.render_mode == "human":
            self.render()

    def _select(self) -> None:
        d = self.game_state.decision()
        if d is not None:
            self.agent_selection = self.possible_agents[d.seats[0]]
            self._multi = len(d.seats) > 1

    def _legal_now(self) -> list[int]:
        if self._legal is None:
            self._legal = self.game_state.legal_actions(self._seat[self.agent_selection])
        return self._legal

    # ----------------------------------------------------------------- observe
    def observe(self, agent):
        seat = self._seat[agent]
        s = self.game_state
        obs = self.encoder.encode(s.view(seat), seat)
        if agent == self.agent_selection and not self.terminations[agent] and not self.truncations[agent]:
            mask = self.encoder.mask(s, self._legal_now())
        else:
            mask = self._zero_mask.copy()
        return {"observation": obs, "action_mask": mask}

    def action_mask(self, agent) -> np.ndarray:
        return self.observe(agent)["action_mask"]

    # -------------------------------------------------------------------- step
    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        seat = self._seat[agent]
        self._cumulative_rewards[agent] = 0.0
        legal = self._legal_now()
        s = self.game_state
        engine_action = None
        if is_action_int(action) and 0 <= action < self.encoder.num_actions:
            engine_action = self.encoder.engine_action(s, int(action))
            if engine_action not in legal or self.encoder.action_index(s, engine_action) is None:
                engine_action = None
        if engine_action is None:
            self._illegal(agent, action, legal)
            return
        if self._multi:
            s.apply_action(engine_action, seat)
        else:
            s.apply_legal(engine_action)
        self._legal = None
        if s.is_terminal():
            rewards = final_rewards(self.encoder, s, self.reward_mode)
            self.rewards = {a: rewards[i] for i, a in enumerate(self.possible_agents) if a in self.rewards}
            for a in self.agents:
                self.terminations[a] = True
            self._accumulate_rewards()
        else:
            # rewards stay 0 until the game ends: nothing to accumulate
            self._select()
        if self.render_mode == "human":
            self.render()

    def _illegal(self, agent, action, legal) -> None:
        s = self.game_state
        if self.illegal == "raise":
            shown = [i for i in (self.encoder.action_index(s, a) for a in legal) if i is not None]
            raise IllegalActionError(
                f"{agent} chose action {action!r}, which is not in its action mask; legal now: "
                f"{shown} ({', '.join(s.action_to_str(self.encoder.engine_action(s, i)) for i in shown[:12])}"
                f"{', ...' if len(shown) > 12 else ''}). The game is unchanged."
            )
        for a in self.agents:
            self.rewards[a] = self.illegal_reward if a == agent else 0.0
            self.terminations[a] = True
        self.infos[agent] = dict(self.infos[agent], illegal_action=action)
        self._legal = None
        self._accumulate_rewards()

    # ------------------------------------------------------------------ render
    def render(self):
        if self.render_mode is None:
            from gymnasium import logger

            logger.warn("render() called without a render_mode; use render_mode='ansi' or 'human'")
            return None
        if self.game_state is None:
            text = f"{self.encoder.game}: call reset() first"
        else:
            text = self.encoder.render(self.game_state, None)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass


class OrderEnforcing(OrderEnforcingWrapper):
    """PettingZoo's OrderEnforcingWrapper with the same checks, minus the cost of
    its generic attribute forwarding on the per-turn path (`last()`,
    `agent_selection`, `agents`): those go straight to the wrapped env once
    `reset()` has been called."""

    def last(self, observe: bool = True):
        if not self._has_reset:
            raise AttributeError("last() cannot be called before reset()")
        return self.env.last(observe)

    @property
    def agent_selection(self):
        if not self._has_reset:
            raise AttributeError("agent_selection cannot be accessed before reset")
        return self.env.agent_selection

    @property
    def agents(self):
        if not self._has_reset:
            raise AttributeError("agents cannot be accessed before reset")
        return self.env.agents


def make_env_fns(encoder_factory):
    """`(env, raw_env)` for a game module like `ethnos_v0`."""

    def raw_env(players: int = 4, render_mode: str | None = None, **kwargs) -> MeepleAEC:
        return MeepleAEC(encoder_factory(), players=players, render_mode=render_mode, **kwargs)

    def env(players: int = 4, render_mode: str | None = None, **kwargs) -> OrderEnforcing:
        return OrderEnforcing(raw_env(players=players, render_mode=render_mode, **kwargs))

    return env, raw_env
