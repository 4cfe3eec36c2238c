from collections import Counter

import pytest

from meeple.core.rng import Rng


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


@pytest.mark.parametrize("n", [0, 1, 2, 3, 17, 113])
def test_shuffle_is_fisher_yates_on_below(n):
    """The inlined shuffle draws exactly what `below` would: saved games and
    seeds replay the same decks whichever way it is written."""
    for seed in range(40):
        fast, ref = Rng(seed), Rng(seed)
        got, want = list(range(n)), list(range(n))
        fast.shuffle(got)
        for i in range(n - 1, 0, -1):
            j = ref.below(i + 1)
            want[i], want[j] = want[j], want[i]
        assert got == want and fast.state == ref.state
