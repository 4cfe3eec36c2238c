"""OpenSpiel adapter: any meeple game as a registered OpenSpiel Python game.

    import pyspiel
    from meeple.env import openspiel as mos
    mos.register_ethnos()                                   # once per process
    game = pyspiel.load_game("python_meeple_ethnos", {"players": 4, "seed": 7})
    pyspiel.random_sim_test(game, num_sims=2, serialize=False, verbose=False)

Nothing in the engine imports this module (it is never on the engine's hot
path): it only wraps a state and forwards to the same `Encoder` the PettingZoo
and Gymnasium environments use.

The game type: sequential, imperfect information, SAMPLED_STOCHASTIC (the
engine shuffles with the state's own seeded generator, so there are no chance
nodes; `seed` fixes the sequence of games `new_initial_state()` deals), zero
sum, terminal rewards (the rank reward of `encoder.final_rewards`: +1 alone
first, -1 alone last). Actions are the encoder's fixed ids; a decision with
several seats (a simultaneous choice) is asked one seat at a time.

Observation tensor / string: `state.view(player)` encoded (the default
ObservationTensor: public information plus the player's own). Information
state tensors (perfect recall) are not provided.

`max_game_length` (parameter, default 4000) bounds a game for OpenSpiel: a game
reaching it ends there with the rank rewards of the current scores. Random
4-6 player Ethnos games take about 500-750 decisions, so this never triggers in
practice.
"""

from __future__ import annotations

import json
import random

import numpy as np
import pyspiel

from meeple.env.encoder import Encoder, final_rewards

DEFAULT_MAX_GAME_LENGTH = 4000


class _Engine:
    """Holds the engine state; deep copies (OpenSpiel's clone) use its fast clone."""

    __slots__ = ("s",)

    def __init__(self, s) -> None:
        self.s = s

    def __deepcopy__(self, memo):
        return _Engine(self.s.clone())


def _make_classes(encoder_factory, short_name: str):
    enc0: Encoder = encoder_factory()
    game_type = pyspiel.GameType(
        short_name=short_name,
        long_name=f"meeple {enc0.game} (Python)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.SAMPLED_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=enc0.max_players(),
        min_num_players=enc0.min_players(),
        provides_information_state_string=False,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"players": 4, "seed": 0, "max_game_length": DEFAULT_MAX_GAME_LENGTH},
    )

    class MeepleGame(pyspiel.Game):
        def __init__(self, params=None):
            params = dict(params or {})
            players = int(params.get("players", 4))
            if not enc0.min_players() <= players <= enc0.max_players():
                raise ValueError(f"{enc0.game} is for {enc0.min_players()}-{enc0.max_players()} players, not {players}")
            self.encoder = encoder_factory()
            self.max_length = int(params.get("max_game_length", DEFAULT_MAX_GAME_LENGTH))
            info = pyspiel.GameInfo(
                num_distinct_actions=self.encoder.num_actions,
                max_chance_outcomes=0,
                num_players=players,
                min_utility=-1.0,
                max_utility=1.0,
                utility_sum=0.0,
                max_game_length=self.max_length,
            )
            super().__init__(game_type, info, params)
            self.players = players
            self._seeds = random.Random(int(params.get("seed", 0)))

        def new_initial_state(self, engine_state=None):
            """A new game (the next seed of this game's sequence), or one wrapping
            `engine_state`."""
            s = (
                engine_state
                if engine_state is not None
                else self.encoder.new_game(self.players, self._seeds.getrandbits(62))
            )
            return MeepleState(self, s)

        def make_py_observer(self, iig_obs_type=None, params=None):
            if params:
                raise ValueError(f"observation parameters are not supported: {params}")
            if iig_obs_type is not None and (
                iig_obs_type.perfect_recall
                or iig_obs_type.private_info != pyspiel.PrivateInfoType.SINGLE_PLAYER
                or not iig_obs_type.public_info
            ):
                raise ValueError(
                    "only the default observation (public info plus the player's own, no perfect recall) is provided"
                )
            return MeepleObserver(self.encoder)

    class MeepleState(pyspiel.State):
        def __init__(self, game, engine_state):
            super().__init__(game)
            self._e = _Engine(engine_state)
            self._enc = game.encoder
            self._max = game.max_length
            self._n = 0

        @property
        def engine(self):
            """The wrapped meeple state."""
            return self._e.s

        def _truncated(self) -> bool:
            return self._n >= self._max

        def current_player(self):
            s = self._e.s
            if s.is_terminal() or self._truncated():
                return pyspiel.PlayerId.TERMINAL
            return s.decision().seats[0]

        def _legal_actions(self, player):
            s = self._e.s
            if s.is_terminal() or self._truncated():
                return []
            d = s.decision()
            if player != d.seats[0]:  # several seats: asked one at a time
                return []
            idx = (self._enc.action_index(s, a) for a in s.legal_actions(player))
            return sorted(i for i in idx if i is not None)

        def _apply_action(self, action):
            s = self._e.s
            d = s.decision()
            a = self._enc.engine_action(s, int(action))
            s.apply_action(a, d.seats[0])
            self._n += 1

        def _action_to_string(self, player, action):
            s = self._e.s
            try:
                return s.action_to_str(self._enc.engine_action(s, int(action)))
            except Exception:  # not meaningful in this state
                return f"action {action}"

        def is_terminal(self):
            return self._e.s.is_terminal() or self._truncated()

        def returns(self):
            s = self._e.s
            if not self.is_terminal():
                return [0.0] * s.players
            return final_rewards(self._enc, s, "rank")

        def __str__(self):
            return json.dumps(self._e.s.to_json(), sort_keys=True)

    class MeepleObserver:
        """PyObserver: the player's view, encoded."""

        def __init__(self, encoder):
            self.encoder = encoder
            self.tensor = np.zeros(encoder.obs_size, np.float32)
            self.dict = {"observation": self.tensor}

        def set_from(self, state, player):
            self.tensor[:] = self.encoder.encode(state.engine.view(player), player)

        def string_from(self, state, player):
            return json.dumps(state.engine.view(player), sort_keys=True)

    return game_type, MeepleGame


_REGISTERED: dict[str, type] = {}


def register(encoder_factory, short_name: str):
    """Register a meeple game with OpenSpiel (idempotent); returns the Game class."""
    if short_name not in _REGISTERED:
        game_type, cls = _make_classes(encoder_factory, short_name)
        pyspiel.register_game(game_type, cls)
        _REGISTERED[short_name] = cls
    return _REGISTERED[short_name]


def register_ethnos():
    from meeple.env.ethnos import EthnosEncoder

    return register(EthnosEncoder, "python_meeple_ethnos")


def load_ethnos(players: int = 4, seed: int = 0, **params):
    register_ethnos()
    return pyspiel.load_game("python_meeple_ethnos", {"players": players, "seed": seed, **params})
