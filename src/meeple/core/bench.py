"""`meeple bench`: engine speed, measured the same way for every game.

moves_per_s: uniformly random legal actions, each including its legal-action
generation, over full games (4 players where the game allows), one process.
An action is one decision answered (a band is several: leader, cards, done);
notated_moves_per_s counts the same run in notation moves for comparison.
clones_per_s: clones of a mid-game state.

A yardstick (a `rival`, e.g. RLCard's UNO, `meeple.env.uno`) can be played by
the same kind of loop in the same run: the two are interleaved in short
slices so a busy machine slows both alike, and each rate is its moves over
its own measured time.

Each rate is also given per CPU second of this thread (`*_per_cpu_s`,
`time.thread_time`): on a machine shared with other work the wall-clock
rates move with the load, the CPU ones much less, so those are the figures
to compare across runs and commits.
"""

from __future__ import annotations

import os
import platform
import random
import time

from meeple.core.spec import declared

SLICE_S = 0.25  # interleaving slice when a rival is measured in the same run


def _mid_game(game, players: int, seed: int):
    s = game.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(150):
        if s.is_terminal():
            break
        s.apply_legal(rng.choice(s.legal_actions()))
    return s


class SlicedPlay:
    """Play that runs for a time slice and resumes where it stopped; a
    subclass's `_batch()` plays up to 64 moves (starting a new game when one
    has ended) and says how many. `rate` is moves over the time measured."""

    moves = games = 0
    elapsed = cpu = 0.0

    def _batch(self) -> int:
        raise NotImplementedError

    def run(self, seconds: float) -> None:
        c0, t0 = time.thread_time(), time.perf_counter()
        deadline = t0 + seconds
        moves = 0
        while True:
            moves += self._batch()
            if time.perf_counter() >= deadline:
                break
        self.moves += moves
        self.elapsed += time.perf_counter() - t0
        self.cpu += time.thread_time() - c0

    @property
    def rate(self) -> float:
        return self.moves / self.elapsed if self.elapsed else 0.0

    @property
    def cpu_rate(self) -> float:
        return self.moves / self.cpu if self.cpu else 0.0


class RandomPlay(SlicedPlay):
    """Random legal play of one game: full games from seeds 0, 1, 2, ...
    without recording, actions from Random(1)."""

    def __init__(self, game, players: int) -> None:
        self.game, self.players = game, players
        self.choice = random.Random(1).choice
        self.seed = 0
        self.state = None

    def _batch(self) -> int:
        s = self.state
        if s is None or s.is_terminal():
            if s is not None:
                self.games += 1
            s = self.state = self.game.new_game(self.players, seed=self.seed, record=False)
            self.seed += 1
        choice, n = self.choice, 0
        while n < 64 and not s.is_terminal():
            s.apply_legal(choice(s.legal_actions()))
            n += 1
        return n


def _notated_per_action(game, players: int, games: int) -> tuple[float, float]:
    """(actions, notated moves) per game over `games` recorded random games."""
    actions = notated = 0
    for i in range(games):
        s = game.new_game(players, seed=i)
        r = random.Random(i)
        while not s.is_terminal():
            s.apply_legal(r.choice(s.legal_actions()))
            actions += 1
        notated += len(s.moves)
    return actions / games, notated / games


def _clones(game, players: int, seconds: float) -> tuple[int, float, float]:
    """(clones of a mid-game state, wall seconds, CPU seconds) in `seconds`."""
    mid = _mid_game(game, players, 7)
    clones = 0
    c1, t1 = time.thread_time(), time.perf_counter()
    deadline = t1 + seconds
    while time.perf_counter() < deadline:
        for _ in range(1000):
            mid.clone()
        clones += 1000
    return clones, time.perf_counter() - t1, time.thread_time() - c1


def bench(name: str, seconds: float = 5.0, players: int = 4, rival=None) -> dict:
    """Half the time random play, half clones. With a `rival` (an object with
    `run(seconds)`, `moves`, `elapsed`, `rate` and a `key`), the rival plays
    as long as the game, interleaved."""
    game = declared(name)
    _ = game.rules  # import the game's modules before any clock starts
    players = max(game.min_players, min(players, game.max_players))
    ours = RandomPlay(game, players)
    half = seconds / 2
    if rival is None:
        ours.run(half)
    else:
        while ours.elapsed < half:
            ours.run(min(SLICE_S, half - ours.elapsed))
            rival.run(min(SLICE_S, half))
    per_game, notated_per_game = _notated_per_action(game, players, min(max(ours.games, 1), 20))
    clones, clone_time, clone_cpu = _clones(game, players, half)
    report = {
        "game": name,
        "players": players,
        "moves_per_s": round(ours.rate),
        "clones_per_s": round(clones / clone_time),
        "moves_per_cpu_s": round(ours.cpu_rate),
        "clones_per_cpu_s": round(clones / clone_cpu) if clone_cpu else None,
        "games": ours.games,
        "actions_per_game": round(per_game, 1),
        "notated_moves_per_game": round(notated_per_game, 1),
        "notated_moves_per_s": round(ours.rate * notated_per_game / max(per_game, 1)),
    }
    if rival is not None:
        report[f"{rival.key}_moves_per_s"] = round(rival.rate)
        report[f"{rival.key}_moves_per_cpu_s"] = round(rival.cpu_rate)
        report[f"{rival.key}_moves"] = rival.moves
        report[f"ratio_vs_{rival.key}"] = round(ours.rate / rival.rate, 2) if rival.rate else None
        # the same per CPU second: steadier while other work shares the machine
        report[f"ratio_vs_{rival.key}_cpu"] = round(ours.cpu_rate / rival.cpu_rate, 2) if rival.cpu_rate else None
    report.update(
        {
            "seconds": round(ours.elapsed + clone_time + (rival.elapsed if rival else 0.0), 2),
            "cores": os.cpu_count(),
            "python": platform.python_version(),
        }
    )
    return report
