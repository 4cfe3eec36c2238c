"""The wrappers are generic: a game other than Ethnos gets its PettingZoo, Gymnasium
and OpenSpiel environments from an Encoder alone.

The game here is a small stand-in written against the engine contract
(meeple.core.game.GameState) with what Ethnos lacks and The Old King's Crown
has: simultaneous decisions (a Decision with several seats, each answered with
`apply_action(action, seat=)` and hidden until all have answered), besides
hidden hands dealt from the state's own seeded Rng.
"""

import random

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from meeple.core.game import Decision, IllegalMove  # noqa: E402
from meeple.core.rng import Rng  # noqa: E402
from meeple.env.aec import MeepleAEC, make_env_fns  # noqa: E402
from meeple.env.encoder import Encoder  # noqa: E402
from meeple.env.solo import SoloEnv  # noqa: E402

ROUNDS, HAND, TOP = 3, 3, 9


class SealedBids:
    """Each round every seat plays one hidden card at once; the highest card
    alone takes the sum of the cards played. Action = card value - 1."""

    game = "sealed_bids"

    def __init__(self, players, seed):
        self.players = players
        self.rng = Rng(seed)
        deck = [v for v in range(1, TOP + 1) for _ in range(2)]
        self.rng.shuffle(deck)
        self.hands = [sorted(deck[i * HAND : (i + 1) * HAND]) for i in range(players)]
        self.bids = [None] * players
        self.score = [0] * players
        self.round = 0
        self.last = [None] * players
        self.winners = []

    def clone(self):
        n = SealedBids.__new__(SealedBids)
        n.players, n.rng = self.players, Rng(self.rng.state)
        n.hands = [h[:] for h in self.hands]
        n.bids, n.score, n.last = self.bids[:], self.score[:], self.last[:]
        n.round, n.winners = self.round, self.winners[:]
        return n

    def is_terminal(self):
        return self.round >= ROUNDS

    def decision(self):
        if self.is_terminal():
            return None
        return Decision("bid", tuple(s for s in range(self.players) if self.bids[s] is None))

    def legal_actions(self, seat=None):
        d = self.decision()
        if d is None:
            return []
        seat = d.seats[0] if seat is None else seat
        return sorted({v - 1 for v in self.hands[seat]}) if seat in d.seats else []

    def apply_action(self, action, seat=None):
        d = self.decision()
        seat = d.seats[0] if seat is None and d else seat
        if d is None or seat not in d.seats or action not in self.legal_actions(seat):
            raise IllegalMove(f"action {action} is not legal for seat {seat}")
        self.hands[seat].remove(action + 1)
        self.bids[seat] = action + 1
        if all(b is not None for b in self.bids):
            top = max(self.bids)
            if self.bids.count(top) == 1:
                self.score[self.bids.index(top)] += sum(self.bids)
            self.last, self.bids = self.bids, [None] * self.players
            self.round += 1
            if self.is_terminal():
                best = max(self.score)
                self.winners = [s for s in range(self.players) if self.score[s] == best]

    def apply_legal(self, action):
        self.apply_action(action)

    def action_to_str(self, action):
        return f"bid {action + 1}"

    def returns(self):
        return [1.0 / len(self.winners) if s in self.winners else 0.0 for s in range(self.players)]

    def to_json(self):
        return {
            "hands": self.hands,
            "bids": self.bids,
            "score": self.score,
            "round": self.round,
            "last": self.last,
            "rng": self.rng.state,
        }

    def view(self, seat):
        return {
            "players": self.players,
            "round": self.round,
            "score": self.score[:],
            "last": self.last[:],
            "hands": [h[:] if s == seat else ["?"] * len(h) for s, h in enumerate(self.hands)],
            "bids": [None if b is None else (b if s == seat else "?") for s, b in enumerate(self.bids)],
        }


class SealedBidsEncoder(Encoder):
    game = "sealed_bids"
    num_actions = TOP
    obs_size = 3 + TOP + TOP + 4 * 3
    obs_high = 10.0

    def new_game(self, players, seed, **options):
        return SealedBids(players, seed)

    def min_players(self):
        return 2

    def max_players(self):
        return 4

    def scores(self, state):
        return [float(x) for x in state.score]

    def encode(self, view, seat):
        o = np.zeros(self.obs_size, np.float32)
        p = view["players"]
        o[min(view["round"], 2)] = 1
        for v in view["hands"][seat]:
            o[3 + v - 1] += 1
        if view["bids"][seat] not in (None, "?"):
            o[3 + TOP + view["bids"][seat] - 1] = 1
        for s in range(p):
            r = (s - seat) % p
            base = 3 + 2 * TOP + r * 3
            o[base] = view["score"][s] / 10
            o[base + 1] = view["bids"][s] is not None
            o[base + 2] = (view["last"][s] or 0) / TOP
        return o


env, raw_env = make_env_fns(SealedBidsEncoder)


def test_pettingzoo_api_and_seed_tests():
    from pettingzoo.test import api_test, seed_test

    for players in (2, 3, 4):
        api_test(env(players=players), num_cycles=50)
    seed_test(lambda: env(players=3), num_cycles=20)


def test_simultaneous_choices_stay_hidden():
    e = raw_env(players=3)
    e.reset(seed=1)
    first = e.agent_selection
    obs_before = {a: e.observe(a)["observation"].copy() for a in e.agents if a != first}
    e.step(int(np.flatnonzero(e.observe(first)["action_mask"])[-1]))
    assert e.agent_selection != first
    for a, before in obs_before.items():
        after = e.observe(a)["observation"]
        changed = np.flatnonzero(before != after)
        # only the "has bid" flag of the first seat changed, not what it bid
        assert len(changed) == 1


def test_gymnasium_solo_and_openspiel():
    from gymnasium.utils.env_checker import check_env

    check_env(SoloEnv(SealedBidsEncoder(), players=3, seat=1), skip_render_check=True)
    solo = SoloEnv(SealedBidsEncoder(), players=4, seat=None)
    obs, info = solo.reset(seed=3)
    done = False
    rng = random.Random(0)
    while not done:
        obs, r, done, _, info = solo.step(rng.choice(list(np.flatnonzero(obs["action_mask"]))))
    assert -1.0 <= r <= 1.0
    pyspiel = pytest.importorskip("pyspiel")
    from meeple.env import openspiel as mos

    mos.register(SealedBidsEncoder, "python_meeple_sealed_bids_test")
    game = pyspiel.load_game("python_meeple_sealed_bids_test", {"players": 3, "seed": 4})
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)


def test_is_an_aec_env():
    assert isinstance(raw_env(players=2), MeepleAEC)
