"""A seeded random generator small enough to live inside a game state.

SplitMix64: the whole generator is one 64-bit integer, so cloning a state copies
it for free and JSON carries it exactly. Every shuffle a game makes comes from
here, which is what makes a game replayable from its seed and its moves.
"""

from __future__ import annotations

import struct

_SPAN = 1 << 64
_MASK = _SPAN - 1
_GAMMA = 0x9E3779B97F4A7C15  # SplitMix64's step and its two mixing multipliers
_MIX1, _MIX2 = 0xBF58476D1CE4E5B9, 0x94D049BB133111EB
_new = object.__new__


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def copy(self) -> Rng:
        """An independent generator at the same point (a clone's)."""
        n = _new(Rng)
        n.state = self.state
        return n

    def next64(self) -> int:
        self.state = s = (self.state + _GAMMA) & _MASK
        z = ((s ^ (s >> 30)) * _MIX1) & _MASK
        z = ((z ^ (z >> 27)) * _MIX2) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _MASK - _SPAN % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place: j = below(i + 1) for i from the top down.

        Run from source, more than a few cards are drawn all at once
        (`_draws`: a handful of big-integer operations in all instead of a
        dozen per card; a new age's shuffle and every determinization sit
        inside search rollouts). A draw that `below` could reject lies in the
        top `len(items)` values of 64 bits, so almost never: then, as for a
        few cards, the cards are drawn one by one (`_one_by_one`). Compiled,
        the one-by-one loop runs on C integers (`rng.pxd`) and is the faster
        at every size. Both ways give the same numbers."""
        top = len(items)
        if top > _ONE_BY_ONE:
            draws, after = _draws(self.state, top - 1)
            if max(draws) < _SPAN - top:  # (else 1 in about 2**64 / len(items)**2 shuffles)
                for n, x in zip(range(top, 1, -1), draws, strict=True):
                    j = x % n
                    items[n - 1], items[j] = items[j], items[n - 1]
                self.state = after
                return
        self.state = _one_by_one(items, self.state)

    def choice(self, items):
        return items[self.below(len(items))]


def _one_by_one(items: list, s: int) -> int:
    """Rng.shuffle card by card from generator state `s`, with next64 and
    below written out inline (the same numbers, without two method calls per
    card); the state after. (`rng.pxd` gives its locals C types when compiled.)"""
    mask, gamma, mix1, mix2 = _MASK, _GAMMA, _MIX1, _MIX2
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        limit = mask - (mask % n + 1) % n  # below's: _MASK - _SPAN % n, in 64 bits
        while True:
            s = (s + gamma) & mask
            z = ((s ^ (s >> 30)) * mix1) & mask
            z = ((z ^ (z >> 27)) * mix2) & mask
            x = z ^ (z >> 31)
            if x <= limit:
                break
        j = x % n
        items[i], items[j] = items[j], items[i]
    return s


# ------------------------------------------------------------ many draws at once
# `count` successive outputs of next64 are worked out in one Python integer
# holding them in lanes of 128 bits: 64 for the value and 64 free above it,
# where a 64-bit value times a 64-bit multiplier still fits, so each
# operation of the generator acts on every lane at once; a lane is masked back
# to 64 bits before each multiplication (the right shifts carry the next
# lane's low bits into the free ones).
def seed_from(rng) -> int:
    """A new 62-bit seed drawn from another generator (a search's
    `random.Random` or an `Rng`): what a state rebuilt from a view, or a
    determinization, shuffles with from then on, so that no sampled state
    carries the real game's generator, and with it the order of its future
    shuffles."""
    return rng.below(1 << 62) if hasattr(rng, "below") else rng.getrandbits(62)


# up to this many cards, drawing one at a time costs less: from source, 3;
# compiled (this module's file is then not its .py), at any size
_ONE_BY_ONE = 3 if __file__.endswith(".py") else 1 << 62
_LANE_BITS = 128
_BATCH: dict[int, tuple[int, int, int, int, struct.Struct]] = {}  # count -> its constants (below)


def _batch(count: int) -> tuple[int, int, int, int, struct.Struct]:
    """For `count` lanes: (1 in every lane, lane i holding i + 1 steps of
    the state, 64 bits set in every lane, the shift to the last lane, the
    reader of each lane's low 64 bits)."""
    ones = _packed([1] * count)
    steps = _packed([(i + 1) * _GAMMA for i in range(count)])
    consts = _BATCH[count] = (ones, steps, ones * _MASK, _LANE_BITS * (count - 1), struct.Struct("<" + "Q8x" * count))
    return consts


def _packed(values: list[int]) -> int:
    """`values` in lanes, the first lowest."""
    return int.from_bytes(b"".join(v.to_bytes(_LANE_BITS // 8, "little") for v in values), "little")


def _draws(state: int, count: int) -> tuple[tuple[int, ...], int]:
    """The next `count` outputs of next64 from `state`, and the state after them."""
    ones, steps, lanes, last, read = _BATCH.get(count) or _batch(count)
    s = (state * ones + steps) & lanes  # lane i: the state after i + 1 steps
    z = (((s ^ (s >> 30)) & lanes) * _MIX1) & lanes
    z = (((z ^ (z >> 27)) & lanes) * _MIX2) & lanes
    return read.unpack((z ^ (z >> 31)).to_bytes(_LANE_BITS // 8 * count, "little")), s >> last
