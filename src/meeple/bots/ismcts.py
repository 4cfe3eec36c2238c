"""Information-set Monte Carlo tree search (single-observer ISMCTS), game-agnostic.

The bot sees only its `Observation`. Each search starts from
`meeple.games.get(obs.game).from_view(obs.view, obs.seat, rng)`: a full state
whose hidden cards (opponents' hands, deck order) are sampled from what the
seat cannot see. Every iteration then re-deals those hidden cards with the
state's own `determinize(seat, rng)` (cheaper than rebuilding from the view,
and the same distribution: both deal the seat's unseen cards uniformly), and
walks one tree shared by all determinizations:

* selection by UCT over the actions legal *in this determinization*; each
  child counts how often it was available (Cowling, Powley & Whitehouse 2012),
  and that count replaces the parent's visits in the exploration term;
* expansion of one untried legal action;
* a rollout truncated after `depth` actions (random, or the game's policy),
  then a value per seat: the game's `values(state)` heuristic when its spec
  declares one (`Heuristics`), else the true `returns()` of a full random
  rollout. `Heuristics.search` names the helpers the search uses (default:
  both `values` and `policy`), so a game whose policy is too slow or too weak
  to help a search keeps it for the greedy bot only;
* back-propagation: each node keeps the reward of the seat that chose its
  action.

Budget. `iterations` caps the simulations; `seconds` caps the search time on
`clock`: "cpu" (the default) is the CPU time of the searching thread
(`time.thread_time`), so a search gets the same compute whether or not other
processes share the machine (on a loaded machine its wall time is longer);
"wall" is elapsed time (`time.perf_counter`), for a hard real-time limit.
Both count the whole decision (rebuilding the state from the view included).

Early stopping ("smart pruning", as in Leela Zero and KataGo): every 8
simulations the search estimates how many it has left (the iteration budget
less those run, or the time left times the speed so far) and stops when the
most visited root action leads every other by more than that: no other action
could become the most visited, so the move is the one the full budget would
have chosen from the same tree (exactly so with an iteration budget; with a
time budget, up to the speed estimate). `early_stop=False` turns it off.
`last_iterations`, `last_seconds` (on `clock`), `last_wall` and
`last_stopped_early` report the last search; `last_root` keeps its tree (for
the advisor: `root_stats` reads the searching seat's options from it).

Opponent model. With `opponents="policy"` (the default, when the game has a
policy) the other seats play the game's policy (its greedy bot) inside the
tree, on their determinized hands, instead of having tree nodes of their own:
the tree holds only the searching seat's choices, and its statistics are not
diluted over three opponents' branching in four-player games. It is a model
of the opponents, exact against the greedy bot and an approximation against
anyone else. `opponents="search"` gives every seat tree nodes chosen by UCT on
that seat's own value (the paranoid-free, "each maximises itself" model).
In a 48-game four-player screen at 0.1 s per move against three greedy bots
(same seeds), "policy" won 60% and "search" 29% (docs/strength.md).

Only the core state contract is used: clone, decision, legal_actions,
apply_legal/apply_action, is_terminal, returns, determinize.

Why truncated rollouts: a full random Ethnos rollout is ~500 actions at
~18 us each (~10 ms), which would allow ~100 simulations/s. A short rollout
then a heuristic evaluation of the position (banked glory plus kingdom
majorities, bands, giant, merfolk, orcs, hand potential) turned into a value
per seat keeps a simulation near 0.3 ms.
"""

from __future__ import annotations

import math
import random
import time

from meeple.bots.base import Observation


class _Node:
    __slots__ = ("children", "visits", "avail", "reward", "prior")

    def __init__(self) -> None:
        self.children: dict[int, _Node] = {}
        self.visits = 0
        self.avail = 0
        self.reward = 0.0
        self.prior: int | None = None  # the game policy's action here (progressive bias)


class ISMCTSBot:
    name = "ismcts"

    def __init__(
        self,
        seed: int = 0,
        seconds: float | None = None,
        iterations: int | None = None,
        c: float = 0.7,
        depth: int = 6,
        rollout: str = "heuristic",
        bias: float = 1.0,
        clock: str = "cpu",
        early_stop: bool = True,
        opponents: str = "policy",
    ) -> None:
        if seconds is None and iterations is None:
            seconds = 1.0
        if clock not in ("cpu", "wall"):
            raise ValueError(f"clock must be 'cpu' or 'wall', got {clock!r}")
        if opponents not in ("search", "policy"):
            raise ValueError(f"opponents must be 'search' or 'policy', got {opponents!r}")
        self.seconds = seconds
        self.iterations = iterations
        self.c = c
        self.depth = depth
        self.rollout = rollout
        self.bias = bias
        self.clock = clock
        self.early_stop = early_stop
        self.opponents = opponents
        self.rng = random.Random(seed)
        self.last_iterations = 0  # simulations run by the last search
        self.last_seconds = 0.0  # budget used by it, on `clock` (CPU or wall seconds)
        self.last_wall = 0.0  # wall seconds of the last search
        self.last_stopped_early = False
        self.last_root: _Node | None = None  # the last search's tree (None after a forced choice)

    # ------------------------------------------------------------------ search
    def choose(self, obs: Observation) -> int:
        self.last_iterations = 0
        self.last_seconds = 0.0
        self.last_wall = 0.0
        self.last_stopped_early = False
        self.last_root = None
        if len(obs.legal) == 1:
            return obs.legal[0]
        from meeple import games

        game = games.get(obs.game)
        clock = time.thread_time if self.clock == "cpu" else time.perf_counter
        w0 = time.perf_counter()
        t0 = clock()
        rng = self.rng
        helpers = game.heuristics
        base = game.from_view(obs.view, obs.seat, rng, log=obs.log)
        # the spec declares which helpers help its search (Heuristics.search)
        uses = helpers.search if helpers is not None else ()
        value_fn = helpers.values if helpers is not None and "values" in uses else None
        game_policy = helpers.policy if helpers is not None and "policy" in uses else None
        policy_fn = game_policy if self.rollout == "heuristic" else None
        bias = self.bias if game_policy is not None else 0.0
        # other seats play the game's policy inside the tree (if it has one)
        opp_policy = game_policy if self.opponents == "policy" else None
        root = _Node()
        seat = obs.seat
        legal_root = set(obs.legal)
        c = self.c
        depth = self.depth if value_fn is not None else 1 << 30
        deadline = None if self.seconds is None else t0 + self.seconds
        limit = self.iterations
        early = self.early_stop
        it = 0
        ch: _Node | None
        log = math.log
        sqrt = math.sqrt
        while True:
            if limit is not None and it >= limit:
                break
            if (it & 7) == 0 and it:
                if deadline is not None:
                    now = clock()
                    if now >= deadline:
                        break
                if early:
                    # smart pruning: stop when no other root child can catch
                    # the most visited one in the simulations left
                    left: float
                    if limit is not None:
                        left = limit - it
                    elif deadline is not None:  # (one of the two is set)
                        spent = now - t0
                        left = (deadline - now) * it / spent if spent > 0 else float("inf")
                    if deadline is not None and limit is not None:
                        spent = now - t0
                        if spent > 0:
                            left = min(left, (deadline - now) * it / spent)
                    top = second = 0
                    for ch in root.children.values():
                        vis = ch.visits
                        if vis > top:
                            top, second = vis, top
                        elif vis > second:
                            second = vis
                    if top - second > left:
                        self.last_stopped_early = True
                        break
            it += 1
            s = base.determinize(seat, rng)
            node = root
            path: list[tuple[_Node, int]] = []
            # ---- selection / expansion
            while not s.is_terminal():
                d = s.decision()
                # the root is the searching seat's own choice, also when it
                # shares a simultaneous decision with other seats
                who = seat if node is root and seat in d.seats else d.seats[0]
                if opp_policy is not None and who != seat and len(d.seats) == 1:
                    # opponent model: other seats play the game's policy
                    s.apply_legal(opp_policy(s, rng))
                    continue
                acts = s.legal_actions(who) if len(d.seats) > 1 else s.legal_actions()
                if node is root:
                    acts = [a for a in acts if a in legal_root] or acts
                if len(acts) == 1 and d.kind != "turn":
                    _apply(s, acts[0], d, who)
                    continue
                children = node.children
                prior = None
                if bias and game_policy is not None:  # (bias is 0 without a policy)
                    # the game policy's choice: once per node of the searching
                    # seat (what it knows is the same in every determinization),
                    # at every visit for other seats (their hands differ)
                    if who == seat:
                        if node.prior is None:
                            node.prior = game_policy(s, rng)
                        prior = node.prior
                    else:
                        prior = game_policy(s, rng)
                untried: list[int] = []
                best = -1  # always replaced: any child's value beats best_v
                best_v = -1e9
                for a in acts:
                    ch = children.get(a)
                    if ch is None:
                        untried.append(a)
                        continue
                    ch.avail += 1
                    if not untried:
                        v = ch.reward / ch.visits + c * sqrt(log(ch.avail) / ch.visits)
                        if a == prior:
                            v += bias / (ch.visits + 1)
                        if v > best_v:
                            best_v, best = v, a
                if untried:
                    if prior in untried:
                        a = prior
                    else:
                        a = untried[rng.randrange(len(untried))] if len(untried) > 1 else untried[0]
                    ch = _Node()
                    ch.avail = 1
                    children[a] = ch
                    _apply(s, a, d, who)
                    path.append((ch, who))
                    break
                ch = children[best]
                _apply(s, best, d, who)
                path.append((ch, who))
                node = ch
            # ---- rollout
            n = 0
            while n < depth and not s.is_terminal():
                d = s.decision()
                who = d.seats[0]
                if len(d.seats) > 1:
                    acts = s.legal_actions(who)
                    s.apply_action(acts[rng.randrange(len(acts))], who)
                elif policy_fn is not None:
                    s.apply_legal(policy_fn(s, rng))
                else:
                    acts = s.legal_actions()
                    s.apply_legal(acts[rng.randrange(len(acts))] if len(acts) > 1 else acts[0])
                n += 1
            vals = s.returns() if s.is_terminal() or value_fn is None else value_fn(s)
            # ---- back-propagation
            root.visits += 1
            for ch, who in path:
                ch.visits += 1
                ch.reward += vals[who]
        self.last_iterations = it
        self.last_seconds = clock() - t0
        self.last_wall = time.perf_counter() - w0
        self.last_root = root
        pick, pick_n = None, -1
        for a in obs.legal:
            ch = root.children.get(a)
            if ch is not None and ch.visits > pick_n:
                pick, pick_n = a, ch.visits
        return pick if pick is not None else obs.legal[0]


def root_stats(root: _Node, legal) -> list[tuple[int, int, float]]:
    """(action, visits, mean reward of the searching seat) for each legal root
    action the search tried, most visited first (the order the bot picks in)."""
    out = [
        (a, ch.visits, ch.reward / ch.visits) for a in legal if (ch := root.children.get(a)) is not None and ch.visits
    ]
    out.sort(key=lambda x: -x[1])
    return out


def _apply(s, a: int, d, who: int) -> None:
    if len(d.seats) > 1:
        s.apply_action(a, who)
    else:
        s.apply_legal(a)
