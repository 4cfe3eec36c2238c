"""`lead_values`: each seat's logistic lead over its best rival."""

import math

from hypothesis import given
from hypothesis import strategies as st

from meeple.core.lookahead import lead_values


@given(
    st.lists(st.sampled_from([0.0, 1.5, 3.0, 7.25, 10.0, 1 / 3]) | st.floats(-200, 200), min_size=2, max_size=6),
    st.sampled_from([1.0, 10.0]),
)
def test_lead_values_is_the_logistic_of_the_lead_over_the_best_rival(est, scale):
    want = [
        1.0 / (1.0 + math.exp(-(e - max(x for j, x in enumerate(est) if j != i)) / scale)) for i, e in enumerate(est)
    ]
    assert lead_values(est, scale) == want  # exactly: ties included


def test_tied_leaders_are_even():
    assert lead_values([5.0, 5.0, 1.0], 10.0)[:2] == [0.5, 0.5]
