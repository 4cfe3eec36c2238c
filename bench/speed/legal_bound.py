"""What free legal-action generation would buy: an upper bound on the speed of
random play if a game kept its legal actions up to date as the state changed
(issue #20's "different model") at no cost at all.

    python -m bench.speed.legal_bound okc --games 300 [--json]

Random 4-player games (seeds 0, 1, ..., actions from Random(1), unrecorded,
as `meeple bench` plays them) are played once while every function that works
out legal actions is recorded: each decision's `legal` and the helpers a game
calls from its steps and effects to keep the next decision's actions
(`KEPT` below). Then the same games are replayed from the same action list
in turn, per CPU second, best of five each:

- real: the game's own functions run;
- free: each of them returns the result it gave in the recording, in call
  order (a list look-up and a call), so legal actions cost next to nothing.

Only the outermost call is replayed (a helper called by another recorded
function is not called at all in the free run). The two runs must end every
game with the same scores, or the replay went astray and nothing is
reported; and the free run must ask for every recorded result, so the
replay did stand in for the game's functions. The ratio real / free bounds what any incremental legal-action model
could gain: it is generous, since some helpers replayed here also serve the
effects (Anunnaki's `_war_hexes` decides battles, `_settle_spots` the mana
options), and keeping actions up to date costs something where this costs
nothing.

CPU seconds move by 10-20% from run to run on a shared machine; instructions
do not. `--once none|real|free` records and then plays the games once in that
way, untimed, so that under `valgrind --tool=callgrind` (PYTHONHASHSEED=0)
(real - none) / (free - none) is the same bound in instructions.
"""

from __future__ import annotations

import argparse
import copy
import gc
import importlib
import json
import random
import time
from collections.abc import Callable
from typing import Any

import meeple.games  # noqa: F401  (registers the games)
from meeple.core.spec import declared

# per game, besides each decision's `legal`: (module, name) of the functions
# its steps and effects call to keep the next decision's legal actions, and
# the state methods that work them out ("state" for the game's state class)
KEPT: dict[str, list[tuple[str, str]]] = {
    "ethnos": [],
    "okc": [("meeple.games.okc.bidding", "hand_cards"), ("meeple.games.okc.spring", "_facedown_legal")],
    "anunnaki": [
        ("state", name)
        for name in (
            "_mana_options",
            "_extra_options",
            "_war_hexes",
            "_weapon_options",
            "_sources",
            "_dests",
            "_unit_acts",
            "_carry_opts",
            "_harvestable",
            "_follower_spots",
            "_settle_spots",
        )
    ],
}


class Patches:
    """The functions of a game that work out legal actions, swapped in and out
    as a whole: the game's own, a recorder of their outermost results, or a
    replay of those results."""

    def __init__(self, name: str) -> None:
        game = declared(name)
        game.rules  # noqa: B018  (imports the game's modules)
        self.cls = type(game.new_game(4, seed=0, record=False))
        self.rules = self.cls.RULES
        self.slots: list[tuple[Any, str, Callable]] = []  # (holder, key, the game's own function)
        for kind, fn in self.rules.legal_of.items():
            self.slots.append((self.rules.legal_of, kind, fn))
        for where, attr in KEPT[name]:
            holder = self.cls if where == "state" else importlib.import_module(where)
            self.slots.append((holder, attr, getattr(holder, attr)))
        # the state methods the class inherits (from its parts: Turn, Movement, ...)
        self.inherited = [a for w, a in KEPT[name] if w == "state" and a not in vars(self.cls)]
        self.results: list[Any] = []
        self.pending: Any = iter(())  # the results the replay has still to give

    def _put(self, make: Callable[[Callable], Callable]) -> None:
        for holder, key, fn in self.slots:
            if isinstance(holder, dict):
                holder[key] = make(fn)
            else:
                setattr(holder, key, make(fn))
        # (the flow reads `legal_of` through FlowState._FLOW, which holds this same dict)

    def own(self) -> None:
        self._put(lambda fn: fn)
        for key in self.inherited:  # (set on the class by _put: inherited again)
            delattr(self.cls, key)

    def record(self) -> None:
        results, depth = self.results, [0]

        def make(fn: Callable) -> Callable:
            def recorded(*args: Any, **kwargs: Any) -> Any:
                depth[0] += 1
                try:
                    out = fn(*args, **kwargs)
                finally:
                    depth[0] -= 1
                if not depth[0]:
                    results.append(copy.copy(out))  # (a caller may change its list later)
                return out

            return recorded

        self._put(make)

    def replay(self) -> Callable[[], None]:
        """Replay the recorded results; returns the rewind (a fresh copy of
        them, made outside any timing)."""
        source: list[Callable[[], Any]] = [iter(()).__next__]

        def replayed(*args: Any, **kwargs: Any) -> Any:
            return source[0]()

        self._put(lambda fn: replayed)

        def rewind() -> None:
            self.pending = iter([copy.copy(r) for r in self.results])
            source[0] = self.pending.__next__
            gc.freeze()  # (the copies are the tool's, not the game's: no collection walks them)

        return rewind

    def unreplayed(self) -> int:
        """How many recorded results the last replay left unasked (0 when the
        free run asked for legal actions exactly where the recording did)."""
        return sum(1 for _ in self.pending)


def _play(game, games: int, actions: list[int]) -> tuple[float, list]:
    """The games again from `actions`, as the benchmark's loop plays them;
    (CPU seconds, each game's final scores)."""
    step = iter(actions).__next__
    scores = []
    c0 = time.thread_time()
    for seed in range(games):
        s = game.new_game(4, seed=seed, record=False)
        while not s.is_terminal():
            s.legal_actions()
            s.apply_legal(step())
        scores.append(s.scores())
    return time.thread_time() - c0, scores


def _recorded(name: str, games: int) -> tuple[Patches, list[int]]:
    """The games played once, recording: (the patches holding the results, the actions taken)."""
    game = declared(name)
    patches = Patches(name)
    patches.record()
    actions: list[int] = []
    choice = random.Random(1).choice
    for seed in range(games):
        s = game.new_game(4, seed=seed, record=False)
        while not s.is_terminal():
            a = choice(s.legal_actions())
            actions.append(a)
            s.apply_legal(a)
    gc.collect()
    gc.freeze()  # the recording, held for the replays, is the tool's: no collection in play walks it
    return patches, actions


def play_once(name: str, games: int, mode: str) -> None:
    """Record, then replay the games once with the game's own functions
    (`real`), with the recorded results (`free`), or not at all (`none`):
    for an instruction count, where the difference of `real` and `free`
    from `none` is the play alone."""
    patches, actions = _recorded(name, games)
    patches.replay()()  # (its copies made in every mode: the differences are the play alone)
    try:
        if mode == "real":
            patches.own()
        if mode != "none":
            _play(declared(name), games, actions)
    finally:
        patches.own()


def legal_bound(name: str, games: int = 200, repeats: int = 5) -> dict:
    game = declared(name)
    patches, actions = _recorded(name, games)
    try:
        real, free = [], []
        for _ in range(repeats):  # in turn, so a machine's drift slows both alike
            patches.own()
            real.append(_play(game, games, actions))
            rewind = patches.replay()
            rewind()
            free.append(_play(game, games, actions))
            if patches.unreplayed():
                raise RuntimeError(f"{name}: the free run did not ask for every recorded result")
    finally:
        patches.own()
    if any(f[1] != real[0][1] for f in free):
        raise RuntimeError(f"{name}: the replay of recorded legal actions went astray")
    real_s, free_s = min(r[0] for r in real), min(f[0] for f in free)
    return {
        "game": name,
        "games": games,
        "actions": len(actions),
        "replayed_results": len(patches.results),
        "real_cpu_s": round(real_s, 3),
        "free_legal_cpu_s": round(free_s, 3),
        "speed_up_bound": round(real_s / free_s, 3),
        "legal_share_of_time": round(1 - free_s / real_s, 3),
    }


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("game", choices=sorted(KEPT))
    p.add_argument("--games", type=int, default=200)
    p.add_argument("--json", action="store_true")
    p.add_argument("--once", choices=("none", "real", "free"), help="record, then play once untimed (for callgrind)")
    args = p.parse_args()
    if args.once:
        play_once(args.game, args.games, args.once)
        return
    r = legal_bound(args.game, args.games)
    if args.json:
        print(json.dumps(r))
    else:
        print(
            f"{r['game']}: {r['actions']:,} actions in {r['games']} games; legal-action generation is "
            f"{r['legal_share_of_time']:.0%} of the time: free, random play would run at most "
            f"{r['speed_up_bound']:.2f}x as fast ({r['real_cpu_s']} -> {r['free_legal_cpu_s']} CPU s)"
        )


if __name__ == "__main__":
    main()
