"""Anunnaki heuristics: the greedy bot's policy and a position value for search.

`evaluate(state)` estimates final points (banked VP, track standing times the
objectives, domination, resources), all public.

* `policy(state, rng)` -> an action for the pending decision (greedy play):
  a one-step lookahead (`meeple.core.lookahead`) scored by `evaluate` for the
  seat's own choices, the rest of the move finished by a cheap rule so that a
  main action (tile, then its sources and targets) is judged whole; the
  secret weapon choice of a battle by strength.
* `values(state)` -> a value in [0, 1] per seat, so a search can stop its
  rollouts after a few actions instead of playing ~1000.

Nothing here reads another seat's hand, pile or Destiny track, or changes the
state it is given.
"""

from __future__ import annotations

from meeple.core.lookahead import lead, lead_values, lookahead_policy
from meeple.games.anunnaki.data import DATA, TRACKS
from meeple.games.anunnaki.state import CHOICE, MARKET, PASS, RES, SETUP, WEAPON, WPAIR

# a move's own steps after the choice (a main action's harvests or moves,
# rewards) finished in the lookahead: 4 won 29/30 against random, 2 won 22/30
_FOLLOW = 4
# decisions where stopping is the cheap safe finish inside the lookahead
_SECRET = ("weapon",)  # the simultaneous battle decision
_STOP_FIRST = ("mana", "extra", "free_contract", "ra_cube", "composite", "dev_do")


_MULT = DATA.multipliers
# a track space's promise: half its multiplier, half a straight line to the
# last multiplier (the printed steps are flat, so one step often adds 0 now)
_PROMISE = [(m + p * _MULT[-1] / (len(_MULT) - 1)) / 2 for p, m in enumerate(_MULT)]
_FINAL = DATA.final
# a contract held: half of what fulfilling it brings (VP and commerce steps)
_CONTRACT_PROMISE = {c: 0.5 * (k["bottom"]["vp"] + k["bottom"]["commerce"]) for c, k in DATA.contracts.items()}


def _stock_worth(sd) -> float:
    """Resources and mana: a few of each kind pay for settlements, contracts,
    weapons and developing; a hoard is worth only its final 1 VP per 5."""
    few = sum(min(r, 2) for r in sd["res"])
    return 0.4 * few + 0.2 * (sum(sd["res"]) - few) + 0.3 * sd["mana"]


def _cube_worth(sd) -> float:
    """A cube on the star brings mana and minor-god tokens, and it is the
    game's only clock: the game ends when someone's cubes run out, and a pawn
    that keeps to lines already cubed places none. So a cube is worth more and
    more as the turns go by (past a random game's typical length, income
    farming no longer beats ending the game), or two greedy seats could farm
    income forever."""
    return 0.6 + 0.15 * max(0, sd["turns"] - 40)


def _income_promise(sd) -> float:
    """Settlements built raise the VP of every later income action: about one
    turn in three for the turns left (a turn places a cube; the last cube ends
    the game)."""
    built = SETUP["settlements"] - 1 - sd["settle_left"]
    vp = DATA.income[max(0, min(built, len(DATA.income) - 1))]["vp"]
    return vp * max(0, SETUP["cubes"] - len(sd["cubes"])) / 3


def _track_ranks(s, k: int) -> list[float]:
    """Each seat's final rank bonus on track `k` if the game ended now."""
    pos = [sd["tracks"][k] for sd in s.seats]
    out = [0.0] * s.players
    top = max(pos)
    firsts = [i for i, p in enumerate(pos) if p == top]
    if len(firsts) > 1:
        for i in firsts:
            out[i] = (_FINAL["track_first"] + _FINAL["track_second"]) / len(firsts)
        return out
    out[firsts[0]] = _FINAL["track_first"]
    rest = [p for i, p in enumerate(pos) if i != firsts[0]]
    seconds = [i for i, p in enumerate(pos) if i != firsts[0] and p == max(rest)]
    for i in seconds:
        out[i] = _FINAL["track_second"] / len(seconds)
    return out


def evaluate(s) -> list[float]:
    """Estimated final points per seat, from public things only."""
    P = s.players
    ranks = [_track_ranks(s, k) for k in range(len(TRACKS))]
    controllers = s.controllers()
    est = []
    for i, sd in enumerate(s.seats):
        v = float(sd["vp"])
        for k, t in enumerate(TRACKS):
            # objectives grow with the board: count at least one
            v += max(1, s.objective(i, s.objectives[t], controllers)) * _PROMISE[sd["tracks"][k]]
            v += ranks[k][i]
        v += DATA.dom_vp[sd["dom"]]
        v += _stock_worth(sd) + 0.5 * len(sd["hand"])
        v += len(sd["summoned"]) * 1.5 + (3 if sd["major"] else 0)
        v += sum(_CONTRACT_PROMISE[c] for c in sd["contracts"])
        v += _income_promise(sd)
        v += _cube_worth(sd) * len(sd["cubes"])
        est.append(v)
    return est[:P]


def values(s, scale: float = 10.0) -> list[float]:
    """A value in [0, 1] per seat: how far ahead of the best rival it stands."""
    if s.finished:
        return s.returns()
    return lead_values(evaluate(s), scale)


def _score(s, seat: int) -> float:
    return lead(evaluate(s), seat)


def quick(s, seat: int, acts: list[int]) -> int:
    """A cheap finish of a move inside the lookahead (no clone): stop where
    stopping is safe; a resource or a market trade that evens out the stock;
    else the first option that does something."""
    if PASS in acts and s.kind in _STOP_FIRST:
        return PASS
    res = s.seats[seat]["res"]
    if all(RES <= a < RES + 4 for a in acts):
        return min(acts, key=lambda a: res[a - RES])
    if s.kind == "market":
        return max(acts, key=lambda a: _trade_gain(res, a))
    return next((a for a in acts if a != PASS), acts[0])


def _trade_gain(res: list[int], a: int) -> float:
    """How much a market choice evens out the stock (scarce kinds gained,
    a plentiful one paid); PASS is 0."""
    if a == PASS:
        return 0.0
    pay, x, y = MARKET[a - CHOICE]
    gain = 1.0 / (1 + res[x]) + 1.0 / (1 + res[y])
    return gain - (1.0 / res[pay] if pay is not None else 0.0)


def _weapon_strength(s, seat: int, a: int) -> int:
    wl = s.weapon_list(seat)
    if WEAPON <= a < WPAIR:
        return DATA.weapons[wl[a - WEAPON]]["strength"]
    x, y = divmod(a - WPAIR, 9)
    return DATA.weapons[wl[x]]["strength"] + DATA.weapons[wl[y]]["strength"]


def _strongest_weapon(s, seat: int, kind: str, acts: list[int]) -> int:
    """The secret weapon choice (the last to choose too: applying it would
    reveal the other seat's sampled weapon): the strongest."""
    weapons = [a for a in acts if WEAPON <= a < WPAIR + 81]
    if not weapons:
        return acts[0]
    return max(weapons, key=lambda a: _weapon_strength(s, seat, a))


def policy(s, rng=None) -> int:
    """The greedy bot's action for the pending decision of `s`."""
    return lookahead_policy(s, rng, _score, quick, _strongest_weapon, _SECRET, _FOLLOW)
