"""The secrecy boundary: views, logs and determinization never leak."""

import json
import random

import pytest

from meeple.core.rng import Rng
from meeple.games.ethnos import from_view, new_game
from meeple.games.ethnos.cards import CARD_NAME, DRAGON


def games(n=6):
    for seed in range(n):
        s = new_game(2 + seed % 5, seed=seed, fairy=True)
        rng = random.Random(seed)
        while not s.finished:
            yield s
            s.apply_action(rng.choice(s.legal_actions()))


def test_views_hide_other_hands_the_deck_and_the_generator():
    for s in games():
        for seat in [None, *range(s.players)]:
            v = s.view(seat)
            assert "rng" not in v
            assert set(v["deck"]) <= {"?"} and len(v["deck"]) == len(s.deck)
            for i, sd in enumerate(v["seats"]):
                if i == seat:
                    assert sd["hand"] == [CARD_NAME[c] for c in s.hands[i]]
                else:
                    assert set(sd["hand"]) <= {"?"} and len(sd["hand"]) == len(s.hands[i])
            p = v.get("pending")
            if p and p["seat"] != seat:
                assert set(p["build"]) <= {"?"}


def test_logs_keep_private_draws_private():
    s = new_game(4, seed=3)
    rng = random.Random(3)
    while not s.finished:
        s.apply_action(rng.choice(s.legal_actions()))
    for seat in range(4):
        for kind, who, detail, private in s.log_for(seat):
            assert private in (None, seat)
    assert any(e[3] is not None for e in s.log())


def test_from_view_depends_on_the_view_only():
    s = new_game(4, seed=11)
    rng = random.Random(11)
    for _ in range(120):
        s.apply_action(rng.choice(s.legal_actions()))
    seat = s.decision().seat
    other = s.clone()
    # move hidden cards around: an opponent's hand and the deck trade places
    opp = (seat + 1) % 4
    k = min(len(other.hands[opp]), len(other.deck))
    assert k
    for i in range(k):
        j = len(other.deck) - 1 - i
        if other.deck[j] != DRAGON:
            other.hands[opp][i], other.deck[j] = other.deck[j], other.hands[opp][i]
    other.deck.reverse()
    assert s.view(seat) == other.view(seat)
    assert json.dumps(s.to_json()) != json.dumps(other.to_json())
    a = from_view(s.view(seat), seat, Rng(5)).to_json()
    b = from_view(other.view(seat), seat, Rng(5)).to_json()
    assert a == b
    # and the sample keeps everything the seat sees
    sample = from_view(s.view(seat), seat, Rng(6))
    assert sample.view(seat) == s.view(seat)


@pytest.mark.parametrize("seed", range(5))
def test_determinize_keeps_the_seat_s_view(seed):
    s = new_game(5, seed=seed)
    rng = random.Random(seed)
    for _ in range(80 + seed * 30):
        if s.finished:
            break
        s.apply_action(rng.choice(s.legal_actions()))
    seat = s.decision().seat
    d = s.determinize(seat, Rng(seed))
    assert d.view(seat) == s.view(seat)
