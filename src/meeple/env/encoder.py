"""What a game adds to get RL environments: an `Encoder`.

The wrappers in this package (`aec.py` for PettingZoo, `solo.py` for
Gymnasium, `openspiel.py` for OpenSpiel) are generic over any meeple game; a
game only supplies an encoder:

* `game`         the game's name (`meeple.games.get(game)` hosts it)
* `num_actions`  size of the fixed `Discrete` action space
* `obs_size`, `obs_high`  the float32 observation vector: shape and bound
                 (every entry lies in [0, obs_high])
* `encode(view, seat)`    the observation, built from the seat's redacted
                 view ONLY. The wrappers call `state.view(seat)` and hand the
                 encoder nothing else, so hidden cards cannot leak into it.
* `action_index(state, action)` / `engine_action(state, index)`: the fixed
                 action id of an engine action (None: not representable, the
                 action is then left out of the mask) and back.
* `scores(state)` per-seat final score (e.g. glory) for the rewards.
* `render(state, seat)` text for `render()`.

Another game (Anunnaki, The Old King's Crown, ...) gets `<game>_v0`, a solo
Gymnasium env and an OpenSpiel game by writing its encoder and one small
module like `ethnos_v0.py`; nothing else changes. Decisions with several
seats (simultaneous choices) are asked one seat at a time with
`apply_action(action, seat=)`, which the engine contract supports.
"""

from __future__ import annotations

import numpy as np


def offsets(layout) -> tuple[dict[str, int], int]:
    """Offsets of an encoder's `LAYOUT` rows (name, size, description), and the total size."""
    off, o = {}, 0
    for name, size, _ in layout:
        off[name] = o
        o += size
    return off, o


def describe(layout, width: int = 15) -> str:
    """One line per `LAYOUT` row: its index range, name and what it holds."""
    off, _ = offsets(layout)
    return "\n".join(f"{off[n]:4d}..{off[n] + k - 1:4d}  {n:{width}s} {how}" for n, k, how in layout)


class Encoder:
    """Base class with the defaults most games keep."""

    game: str = ""
    num_actions: int = 0
    obs_size: int = 0
    obs_high: float = 1.0

    def new_game(self, players: int, seed: int, **options):
        from meeple import games

        return games.get(self.game).new_game(players, seed=seed, **options)

    def min_players(self) -> int:
        from meeple import games

        return games.get(self.game).min_players

    def max_players(self) -> int:
        from meeple import games

        return games.get(self.game).max_players

    # -- actions: identity on [0, num_actions) by default ----------------------
    def action_index(self, state, action: int) -> int | None:
        return action if 0 <= action < self.num_actions else None

    def engine_action(self, state, index: int) -> int:
        return index

    def mask(self, state, legal: list[int]) -> np.ndarray:
        m = np.zeros(self.num_actions, dtype=np.int8)
        n = self.num_actions
        for a in legal:
            i = self.action_index(state, a)
            if i is not None and i < n:
                m[i] = 1
        return m

    # -- observation ------------------------------------------------------------
    def encode(self, view: dict, seat: int) -> np.ndarray:  # pragma: no cover
        raise NotImplementedError

    # -- rewards ----------------------------------------------------------------
    def scores(self, state) -> list[float]:
        return [0.0] * state.players

    def render(self, state, seat: int | None = None) -> str:
        import json

        return json.dumps(state.view(seat), indent=1)

    @staticmethod
    def render_seats(state, view: dict, seat: int | None, lines: list[str], describe) -> str:
        """Finish a text render: one line per seat (`describe(s, seat_view)`, the
        deciding seats marked, the viewer's own hand shown), then the winners or
        the pending decision."""
        d = state.decision()
        for s, sd in enumerate(view["seats"]):
            mark = ">" if d is not None and s in d.seats else " "
            lines.append(
                f"{mark} seat {s} {describe(s, sd)}, hand {len(sd['hand'])}"
                + (f" [{' '.join(sd['hand'])}]" if s == seat else "")
            )
        if view.get("finished"):
            lines.append(f"winners: {view['winners']}")
        elif d is not None:
            lines.append(f"decision: {d.kind} for seat(s) {list(d.seats)}")
        return "\n".join(lines)


def final_rewards(encoder: Encoder, state, mode: str) -> list[float]:
    """Rewards at game end.

    rank (default): zero-sum, in [-1, 1]: for each seat, (number of seats it
      finished ahead of - number finished ahead of it) / (players - 1), where
      "ahead" compares (score, is a winner), so the game's own tie-breaks
      decide between equal scores. Alone first: +1; alone last: -1.
    glory: the seat's score minus the mean score of the other seats.
    """
    p = state.players
    sc = encoder.scores(state)
    if mode == "glory":
        total = sum(sc)
        return [float(sc[i] - (total - sc[i]) / (p - 1)) for i in range(p)]
    winners = set(getattr(state, "winners", ()) or ())
    key = [(sc[i], i in winners) for i in range(p)]
    out = []
    for i in range(p):
        above = sum(1 for j in range(p) if key[j] > key[i])
        below = sum(1 for j in range(p) if key[j] < key[i])
        out.append((below - above) / (p - 1))
    return out


REWARD_MODES = ("rank", "glory")
ILLEGAL_MODES = ("raise", "lose")


class IllegalActionError(ValueError):
    """An action outside the action mask was given (the state is unchanged)."""
