"""The secrecy boundary: views, logs and determinization never leak."""

import json
import random

import pytest

from meeple.core.rng import Rng
from meeple.games.ethnos import from_view, new_game
from meeple.games.ethnos.cards import CARD_BY_NAME, CARD_NAME, DRAGON
from meeple.games.ethnos.view import known_cards


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
        for *_, private in s.log_for(seat):
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


# ---------------------------------------------------------------- the public log
# Cards an opponent took from the market are public: bots read them from the log
# and keep them in that hand when they deal the hidden cards.


def _counts(cards):
    from collections import Counter

    return Counter(cards)


def test_known_cards_are_always_in_the_true_hand():
    """Over whole random games (all tribes, fairies, elf keeps, age ends), every
    card the log says an opponent holds is in that opponent's hand (or in the
    band or keep it is choosing right now, cards that have left the hand but
    not yet been shown)."""
    checked = 0
    for s in games(10):
        for seat in range(s.players):
            known = known_cards(s.log_for(seat), s.players, seat)
            assert known[seat] == []
            for o in range(s.players):
                if o != seat:
                    held = s.hands[o] + (s.build if s.kind in ("band", "keep") and s.dseats[0] == o else [])
                    assert not _counts(known[o]) - _counts(held), (o, known[o], held)
                    checked += len(known[o])
    assert checked > 1000  # the property was exercised, not vacuous


def _recruited_by_next_seat(seed=4):
    """A 4-player game whose first seat drew from the deck and whose second took
    a market card: (state, taker, card), the third seat deciding."""
    s = new_game(4, seed=seed)
    s.apply_move("recruit deck")
    taker = s.decision().seat
    pick = next(m for m in s.legal_moves() if m.startswith("recruit ") and m != "recruit deck")
    s.apply_move(pick)
    return s, taker, CARD_BY_NAME[pick.split()[1]]


def test_a_market_recruit_is_known_and_then_leaves_with_the_band():
    s, t, card = _recruited_by_next_seat()
    w = (t + 1) % 4  # a watcher
    assert known_cards(s.log_for(w), 4, w)[t] == [card]
    assert known_cards(s.log_for(t), 4, t)[t] == []  # its own hand is not "known"
    # a band or a discard showing that card takes it out; a new age empties hands
    log = s.log_for(w)
    assert known_cards(log + [("band", t, [CARD_NAME[card]], None)], 4, w)[t] == []
    assert known_cards(log + [("discard", t, [CARD_NAME[card]], None)], 4, w)[t] == []
    assert known_cards(log + [("age_start", w, 2, None)], 4, w)[t] == []


def test_from_view_with_the_log_pins_known_cards_in_every_determinization():
    s, t, card = _recruited_by_next_seat()
    seat = s.decision().seat
    assert seat != t
    base = from_view(s.view(seat), seat, Rng(1), log=s.log_for(seat))
    assert card in base.hands[t]
    assert base.view(seat) == s.view(seat)
    for k in range(30):
        d = base.determinize(seat, Rng(k))
        assert card in d.hands[t]
        assert d.view(seat) == s.view(seat)

        # no card made or lost: the same multiset of cards in hands and deck
        def pool(st):
            return sorted(st.deck + [c for h in st.hands for c in h])

        assert pool(d) == pool(s)
    # without the log the card lands in that hand only by chance
    hits = sum(card in from_view(s.view(seat), seat, Rng(k)).hands[t] for k in range(40))
    assert hits < 40
    # `known` belongs to the seat it was read for: another seat's deal ignores it
    assert base.known[0] == seat
    other = base.determinize(t, Rng(3))
    assert other.view(t) == base.view(t)


def test_bots_get_the_log_the_seat_may_read():
    from meeple.bots.base import observe

    s, t, card = _recruited_by_next_seat()
    seat = s.decision().seat
    obs = observe(s, seat)
    assert obs.log == tuple(s.log_for(seat))
    assert ("recruit", t, CARD_NAME[card], None) in obs.log
    assert all(e[3] in (None, seat) for e in obs.log)  # no other seat's private draw
