"""The advisor's search: ISMCTS from one seat's knowledge, read out per move.

`options(obs, ...)` runs the bots' ISMCTS (`meeple.bots.ismcts`) on an
Observation (the seat's view and readable log, nothing else) and returns the
seat's root choices with their visits and estimated win chance.

A root choice is one engine action, but a notated MOVE may take several (an
Ethnos band is its leader, then each added card, then `done`). Each root
action is named by the whole move it starts: the move is completed along the
search's own best line (the most visited child at each of the seat's next
steps), then by the game's policy, then by the first legal action where the
tree has not been, on the state the search itself started from (built from the
view), and the notation the engine records for it is the option's name. So
two options never share a first action; a band is hinted by its leader and
the cards the search liked best with it.
"""

from __future__ import annotations

import random
from dataclasses import dataclass

from meeple import games
from meeple.advisor.calibration import win_chance
from meeple.bots.ismcts import ISMCTSBot, _apply, root_stats

_MAX_STEPS = 64  # actions one move may take (a band is at most ~12)


@dataclass(frozen=True)
class Option:
    action: int  # the root action (the move's first action)
    move: str  # the whole MOVE in notation
    raw: float  # the search's mean reward for the seat
    win: float  # raw turned into a chance of winning (calibration)
    visits: int

    def to_json(self) -> dict:
        return {"move": self.move, "win": round(self.win, 3), "visits": self.visits}


def options(obs, *, seconds: float | None = None, iterations: int | None = None, seed: int = 0) -> list[Option]:
    """Every root choice of `obs.seat` the search tried, most visited first.

    Early stopping is off: an advisor must rate the alternatives too, not only
    find the bot's move."""
    game = games.get(obs.game)
    rng = random.Random(seed)
    bot = ISMCTSBot(seed=seed, seconds=seconds, iterations=iterations, early_stop=False)
    if len(obs.legal) > 1:
        bot.choose(obs)
    base = game.from_view(obs.view, obs.seat, rng, log=obs.log)
    players = base.players
    if bot.last_root is None:  # a single legal action: rate the position
        a = obs.legal[0]
        raw = _static_value(base, obs.seat, a, rng)
        stats = [(a, 0, raw)]
    else:
        stats = root_stats(bot.last_root, obs.legal)
    tree = bot.last_root
    out = []
    for a, visits, raw in stats:
        node = tree.children.get(a) if tree is not None else None
        move = _whole_move(base, obs.seat, a, node, rng)
        out.append(Option(a, move, raw, win_chance(obs.game, raw, players), visits))
    return out


def _static_value(base, seat: int, action: int, rng, samples: int = 32) -> float:
    """The seat's mean heuristic value after its only legal action, over
    `samples` determinizations (no search: there is nothing to choose)."""
    helpers = games.get(base.game).heuristics
    value_fn = helpers.values if helpers is not None else None
    total = 0.0
    for _ in range(samples):
        s = base.determinize(seat, rng)
        d = s.decision()
        _apply(s, action, d, seat)
        total += (s.returns() if s.is_terminal() or value_fn is None else value_fn(s))[seat]
    return total / samples


def _whole_move(base, seat: int, action: int, node, rng) -> str:
    """The notated move that `action` starts, completed along the tree's best line."""
    s = base.clone()
    s.record = True
    before = len(s.moves)
    helpers = games.get(base.game).heuristics
    policy = helpers.policy if helpers is not None else None
    a = action
    for _ in range(_MAX_STEPS):
        _apply(s, a, s.decision(), seat)
        mine = [m for who, m in _history(s)[before:] if who == seat]
        if mine:
            return mine[0]
        d = s.decision()
        if d is None or seat not in d.seats:
            break
        legal = s.legal_actions(seat)
        child = None
        if node is not None:
            tried = [(node.children[x].visits, -i, x) for i, x in enumerate(legal) if x in node.children]
            if tried:
                child = max(tried)[2]
        if child is not None:
            a, node = child, node.children[child]
        elif policy is not None and len(d.seats) == 1:
            a, node = policy(s, rng), None
        else:
            a, node = legal[0], None
    return base.action_to_str(action)


def _history(s) -> list[tuple]:
    """(seat, move) entries of the state's record, oldest first."""
    from meeple.core.record import _unroll

    return _unroll(s.history)
