"""A Gymnasium single-agent environment over any meeple game: one seat is the
agent, every other seat is a bot.

    from meeple.env import EthnosSolo
    env = EthnosSolo(players=4, opponents="random", seat=0)
    obs, info = env.reset(seed=1)
    mask = obs["action_mask"]          # also info["action_mask"]

Observation and action space as in the AEC environment (`aec.py`). The reward
is 0 until the game ends, then the seat's final reward (`reward="rank"` or
`"glory"`). `seat=None` puts the agent in a random seat each game (drawn from
the reset seed). Opponents: a bot spec (`"random"`, and when
`meeple.bots.registry` is present also `"greedy"`, `"easy"`, `"medium"`,
`"hard"`, `"ismcts:..."`), a list of specs (one per other seat), or a
callable `(seat, seed) -> bot`. Bots see only `meeple.bots.observe(state, seat)`.

An action outside the mask (`illegal=`): "lose" (default here: Gymnasium's
checker and generic agents sample the whole space) ends the game with
`illegal_reward` (-1) and `info["illegal_action"]`; "raise" raises
`IllegalActionError`. The game state is never changed by a refused action.
"""

from __future__ import annotations

import random
from typing import Any

import gymnasium as gym
import numpy as np
from gymnasium import spaces

from meeple.bots.base import Bot
from meeple.env.aec import is_action_int
from meeple.env.encoder import ILLEGAL_MODES, REWARD_MODES, Encoder, IllegalActionError, final_rewards


def bot_factory(spec, game: str):
    """A callable (seat, seed) -> bot for a spec, list of specs, or callable."""
    if callable(spec):
        return spec
    if isinstance(spec, (list, tuple)):
        specs = list(spec)

        def make(seat, seed, _specs=specs):
            return bot_factory(_specs[seat % len(_specs)], game)(seat, seed)

        return make
    try:
        from meeple.bots.registry import make_bot
    except ImportError:  # the registry is optional: random bots only
        pass
    else:
        make_bot(spec, 0, game=game)  # fail early on an unknown spec

        def make_named(seat, seed):
            return make_bot(spec, seed, game=game)

        return make_named
    if spec != "random":
        raise ValueError(f"unknown opponent {spec!r}: only 'random' is available")
    from meeple.bots import RandomBot

    return lambda seat, seed: RandomBot(seed)


class SoloEnv(gym.Env):
    metadata = {"render_modes": ["human", "ansi"], "render_fps": 1}

    def __init__(
        self,
        encoder: Encoder,
        players: int = 4,
        seat: int | None = 0,
        opponents="random",
        reward: str = "rank",
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options,
    ):
        if not isinstance(players, int) or not encoder.min_players() <= players <= encoder.max_players():
            raise ValueError(
                f"{encoder.game} is for {encoder.min_players()}-{encoder.max_players()} players, not {players!r}"
            )
        if seat is not None and not (isinstance(seat, int) and 0 <= seat < players):
            raise ValueError(f"seat must be None or 0..{players - 1}, not {seat!r}")
        if reward not in REWARD_MODES:
            raise ValueError(f"reward must be one of {REWARD_MODES}, not {reward!r}")
        if illegal not in ILLEGAL_MODES:
            raise ValueError(f"illegal must be one of {ILLEGAL_MODES}, not {illegal!r}")
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise ValueError(f"render_mode must be None or one of {self.metadata['render_modes']}")
        self.encoder = encoder
        self.players = players
        self.fixed_seat = seat
        self.seat = 0 if seat is None else seat
        self.reward_mode = reward
        self.illegal = illegal
        self.illegal_reward = float(illegal_reward)
        self.render_mode = render_mode
        self.options = options
        self._make_bot = bot_factory(opponents, encoder.game)
        self.observation_space = spaces.Dict(
            {
                "observation": spaces.Box(0.0, encoder.obs_high, (encoder.obs_size,), np.float32),
                "action_mask": spaces.Box(0, 1, (encoder.num_actions,), np.int8),
            }
        )
        self.action_space = spaces.Discrete(encoder.num_actions)
        self._rng: random.Random | None = None
        self.game_state: Any = None  # a game state once reset
        self.bots: dict[int, Bot] = {}
        self._done = True

    # -------------------------------------------------------------- internals
    def _obs(self):
        s, seat = self.game_state, self.seat
        obs = self.encoder.encode(s.view(seat), seat)
        if self._done:
            mask = np.zeros(self.encoder.num_actions, dtype=np.int8)
        else:
            mask = self.encoder.mask(s, s.legal_actions(seat))
        return {"observation": obs, "action_mask": mask}

    def _play_bots(self) -> None:
        """Let the bots move until the agent decides or the game ends."""
        from meeple.bots import observe

        s = self.game_state
        while not s.is_terminal():
            d = s.decision()
            if self.seat in d.seats:
                return
            seat = d.seats[0]
            a = self.bots[seat].choose(observe(s, seat))
            s.apply_action(a, seat)

    def _finish(self):
        obs = self._obs()
        return obs, {"action_mask": obs["action_mask"]}

    # ------------------------------------------------------------------- API
    def reset(self, *, seed: int | None = None, options: dict | None = None):
        super().reset(seed=seed)
        if seed is not None:
            self._rng = random.Random(seed)
        elif self._rng is None:
            self._rng = random.Random()
        rng = self._rng
        self.game_seed = rng.getrandbits(62)
        self.seat = rng.randrange(self.players) if self.fixed_seat is None else self.fixed_seat
        self.game_state = self.encoder.new_game(self.players, self.game_seed, **self.options)
        self.bots = {s: self._make_bot(s, rng.getrandbits(32)) for s in range(self.players) if s != self.seat}
        self._done = False
        self._play_bots()
        self._done = self.game_state.is_terminal()
        obs, info = self._finish()
        info["seat"] = self.seat
        if self.render_mode == "human":
            self.render()
        return obs, info

    def step(self, action):
        if self.game_state is None or self._done:
            raise RuntimeError("the episode is over: call reset()")
        s, seat = self.game_state, self.seat
        legal = s.legal_actions(seat)
        engine_action = None
        if is_action_int(action) and 0 <= action < self.encoder.num_actions:
            engine_action = self.encoder.engine_action(s, int(action))
            if engine_action not in legal:
                engine_action = None
        if engine_action is None:
            if self.illegal == "raise":
                shown = [i for i in (self.encoder.action_index(s, a) for a in legal) if i is not None]
                raise IllegalActionError(
                    f"action {action!r} is not in the action mask; legal now: {shown}. The game is unchanged."
                )
            self._done = True
            obs, info = self._finish()
            info["illegal_action"] = action
            return obs, self.illegal_reward, True, False, info
        s.apply_action(engine_action, seat)
        self._play_bots()
        reward, terminated = 0.0, s.is_terminal()
        if terminated:
            self._done = True
            reward = float(final_rewards(self.encoder, s, self.reward_mode)[seat])
        obs, info = self._finish()
        if self.render_mode == "human":
            self.render()
        return obs, reward, terminated, False, info

    def action_masks(self) -> np.ndarray:
        """The current action mask (the name sb3-contrib's MaskablePPO looks for)."""
        return self._obs()["action_mask"]

    def render(self):
        if self.render_mode is None:
            gym.logger.warn("render() called without a render_mode; use render_mode='ansi' or 'human'")
            return None
        text = self.encoder.render(self.game_state, self.seat) if self.game_state is not None else "reset() first"
        if self.render_mode == "human":
            print(text)
            return None
        return text


class EthnosSolo(SoloEnv):
    """Ethnos, one seat against bots (see SoloEnv)."""

    def __init__(
        self,
        players: int = 4,
        seat: int | None = 0,
        opponents="random",
        reward: str = "rank",
        illegal: str = "lose",
        illegal_reward: float = -1.0,
        render_mode: str | None = None,
        **options,
    ):
        from meeple.env.ethnos import EthnosEncoder

        super().__init__(
            EthnosEncoder(),
            players=players,
            seat=seat,
            opponents=opponents,
            reward=reward,
            illegal=illegal,
            illegal_reward=illegal_reward,
            render_mode=render_mode,
            **options,
        )
