from collections import Counter

import pytest

from meeple.core.rng import Rng

_MASK = (1 << 64) - 1


def test_same_seed_same_stream_and_state_resumes():
    a, b = Rng(42), Rng(42)
    assert [a.next64() for _ in range(5)] == [b.next64() for _ in range(5)]
    c = Rng(a.state)
    assert c.next64() == a.next64()


def test_below_is_in_range_and_roughly_uniform():
    r = Rng(1)
    counts = Counter(r.below(6) for _ in range(60000))
    assert set(counts) == set(range(6))
    assert all(9000 < n < 11000 for n in counts.values())
    with pytest.raises(ValueError):
        r.below(0)


def test_shuffle_is_a_permutation_and_seeded():
    items = list(range(50))
    a, b = items[:], items[:]
    Rng(7).shuffle(a)
    Rng(7).shuffle(b)
    assert a == b and sorted(a) == items and a != items


@pytest.mark.parametrize("n", [0, 1, 2, 3, 4, 5, 17, 113])
def test_shuffle_is_fisher_yates_on_below(n):
    """The shuffle (one card at a time or all at once) draws exactly what
    `below` would: saved games and seeds replay the same decks whichever way
    it is written."""
    for seed in [*range(40), _MASK - 3, _MASK]:
        _assert_fisher_yates(seed, n)


def _assert_fisher_yates(seed: int, n: int) -> Rng:
    fast, ref = Rng(seed), Rng(seed)
    got, want = list(range(n)), list(range(n))
    fast.shuffle(got)
    for i in range(n - 1, 0, -1):
        j = ref.below(i + 1)
        want[i], want[j] = want[j], want[i]
    assert got == want and fast.state == ref.state
    return ref


def _unxorshift(y: int, k: int) -> int:
    x = y
    for shift in range(k, 64, k):
        x ^= y >> shift
    return x


def _state_drawing(x: int) -> int:
    """The state whose next64 is `x` (SplitMix64 run backwards)."""
    z = _unxorshift(x, 31) * pow(0x94D049BB133111EB, -1, 1 << 64) & _MASK
    z = _unxorshift(z, 27) * pow(0xBF58476D1CE4E5B9, -1, 1 << 64) & _MASK
    return (_unxorshift(z, 30) - 0x9E3779B97F4A7C15) & _MASK


@pytest.mark.parametrize("n", [3, 13])
def test_a_draw_below_rejects_is_drawn_again_in_a_shuffle_too(n):
    seed = _state_drawing(_MASK)  # the largest draw: rejected for n cards (2**64 is no multiple of n)
    assert Rng(seed).next64() == _MASK
    ref = _assert_fisher_yates(seed, n)
    assert ref.state == (seed + n * 0x9E3779B97F4A7C15) & _MASK  # n draws for n - 1 cards: one was rejected
