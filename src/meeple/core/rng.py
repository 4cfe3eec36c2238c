"""A seeded random generator small enough to live inside a game state.

SplitMix64: the whole generator is one 64-bit integer, so cloning a state copies
it for free and JSON carries it exactly. Every shuffle a game makes comes from
here, which is what makes a game replayable from its seed and its moves.
"""

from __future__ import annotations

_MASK = (1 << 64) - 1
_new = object.__new__


class Rng:
    __slots__ = ("state",)

    def __init__(self, seed: int = 0) -> None:
        self.state = seed & _MASK

    def copy(self) -> "Rng":
        """An independent generator at the same point (a clone's)."""
        n = _new(Rng)
        n.state = self.state
        return n

    def next64(self) -> int:
        self.state = s = (self.state + 0x9E3779B97F4A7C15) & _MASK
        z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
        return z ^ (z >> 31)

    def below(self, n: int) -> int:
        """A uniform integer in [0, n) (rejection sampling, no modulo bias)."""
        if n <= 0:
            raise ValueError("below() needs n > 0")
        limit = _MASK - (_MASK + 1) % n
        while True:
            x = self.next64()
            if x <= limit:
                return x % n

    def shuffle(self, items: list) -> None:
        """Fisher-Yates in place: j = below(i + 1) for i from the top down, with
        next64 and below written out inline (the same numbers, without two
        method calls per card: a new age's shuffle sits inside search rollouts)."""
        s = self.state
        for i in range(len(items) - 1, 0, -1):
            n = i + 1
            limit = _MASK - (_MASK + 1) % n
            while True:
                s = (s + 0x9E3779B97F4A7C15) & _MASK
                z = ((s ^ (s >> 30)) * 0xBF58476D1CE4E5B9) & _MASK
                z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK
                x = z ^ (z >> 31)
                if x <= limit:
                    break
            j = x % n
            items[i], items[j] = items[j], items[i]
        self.state = s

    def choice(self, items):
        return items[self.below(len(items))]
