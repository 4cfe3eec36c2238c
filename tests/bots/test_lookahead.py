"""The shared lookahead of the OKC and Anunnaki greedy bots, on a tiny game:
any decision kind (a future one too) gets a legal answer, the best-scoring
one; hidden steps go to the game's rule; ties follow the rng."""

import random

from meeple.core.game import Decision
from meeple.core.lookahead import best_action, lookahead_policy


class Tiny:
    """Seat 0 picks a number (kind 'brand_new'); then seat 0 confirms (a
    follow-up step of the same move), then seat 1 is to move."""

    def __init__(self, kind="brand_new", seats=(0,)):
        self.kind, self.seats, self.picked, self.confirmed = kind, seats, None, False
        self.finished, self.record, self.winners = False, True, []

    def clone(self):
        t = Tiny(self.kind, self.seats)
        t.picked, t.confirmed = self.picked, self.confirmed
        return t

    def decision(self):
        return Decision(self.kind, self.seats)

    def legal_actions(self, seat=None):
        return [0, 1] if self.kind == "confirm" else [3, 7, 5]

    def apply_legal(self, a):
        if self.kind == "confirm":
            self.confirmed = a == 1
            self.kind, self.seats = "other", (1,)
        else:
            self.picked = a
            self.kind = "confirm"


def score(s, seat):
    # a pick counts only once confirmed: the lookahead must finish the move
    return s.picked if s.confirmed else -s.picked


def test_an_unknown_kind_gets_the_best_legal_answer_judged_whole():
    s = Tiny()
    a = lookahead_policy(s, random.Random(1), score, lambda t, seat, acts: 1, rule=None, blind=())
    assert a == 7
    # without finishing the move (confirm), the smallest pick would look best
    assert best_action(s, 0, [3, 7, 5], score, lambda t, seat, acts: 1, None, follow=0) == 3


def test_hidden_steps_go_to_the_rule():
    rule = lambda s, seat, kind, acts: acts[-1]  # noqa: E731
    assert lookahead_policy(Tiny(kind="secret"), None, score, None, rule, blind=("secret",)) == 5
    assert lookahead_policy(Tiny(seats=(0, 1)), None, score, None, rule) == 5


def test_ties_follow_the_rng_and_are_reproducible():
    flat = lambda s, seat: 0.0  # noqa: E731
    picks = {best_action(Tiny(), 0, [3, 7, 5], flat, None, random.Random(k)) for k in range(20)}
    assert picks == {3, 7, 5}
    assert best_action(Tiny(), 0, [3, 7, 5], flat, None, random.Random(4)) == best_action(
        Tiny(), 0, [3, 7, 5], flat, None, random.Random(4)
    )
