"""Hand cards everyone knows are there (`known`): the heir dealt at the start,
cards that came into a hand from public view. They keep the undo marks exact
(tests/core/test_undo_reveals.py) and a determinized state consistent with
what every seat saw."""

import random
from collections import Counter

import pytest

from meeple.core.present import moves_for_seat
from meeple.core.undo import revealed
from meeple.games.okc import cards as C
from meeple.games.okc import new_game


def _play(players, seed, **options):
    """The states of one random game, each with the move made from it."""
    rng = random.Random(seed)
    s = new_game(players, seed=seed, **options)
    while not s.is_terminal():
        seat = rng.choice(s.decision().seats)
        move = rng.choice(moves_for_seat(s, seat))
        yield s, move
        nxt = s.clone()
        nxt.apply_move(move)
        s = nxt


def test_every_seat_starts_with_its_heir_known():
    s = new_game(3, seed=2)
    for i in range(3):
        assert [C.ARCH[g] for g in s.known[i]] == ["heir"] and s.known[i][0] in s.hands[i]


def test_a_clone_has_its_own_known_cards():
    s = new_game(2, seed=3)
    t = s.clone()
    t.known[0].clear()
    assert s.known[0]


@pytest.mark.parametrize("players,seed", [(2, 21), (3, 22), (4, 23)])
def test_known_cards_are_in_the_hand_and_determinize_keeps_them(players, seed):
    rng = random.Random(seed)
    arrived = 0
    for s, move in _play(players, seed):
        for o in range(players):
            assert not Counter(s.known[o]) - Counter(s.hands[o]), "a known card is not in the hand"
        observer = rng.choice([None, *range(players)])
        d = s.determinize(observer, rng)
        for o in range(players):
            assert not Counter(s.known[o]) - Counter(d.hands[o]), "a world without a card everyone saw"
        after = s.clone()
        after.apply_move(move)
        arrived += sum(len(after.known[o]) > len(s.known[o]) for o in range(players))
    assert arrived > 0, "no card came into a hand from public view"


def test_a_card_everyone_saw_arrive_is_played_without_a_reveal():
    """A rallied (or recalled, returned...) card played later from the hand
    shows nothing; the same card drawn unseen would."""
    plays = 0
    for s, move in _play(2, 4):
        words = move.split()
        if s.kind in ("spring", "autumn") and words[0] in ("deploy", "journey", "govern"):
            g = next((g for g in s.hands[s.dseats[0]] if C.local_name(g) == words[1]), None)
            if g is not None and g in s.known[s.dseats[0]]:
                after = s.clone()
                after.apply_move(move)
                if words[0] != "deploy":
                    assert not revealed(s, after), move
                plays += 1
    assert plays > 0


@pytest.mark.parametrize("deck,shown", [(0, False), (1, False), (2, True)])
def test_cycling_a_hand_over_a_deck_of_one_card_shows_nothing(deck, shown):
    """intrigue-02: the hand goes under the deck and as many cards are drawn.
    Over a deck of at most one card its owner can tell every card it draws."""
    from meeple.games.okc import actions as E
    from meeple.games.okc import kingdom

    s = new_game(2, seed=1)
    s.decks[1] = s.decks[1][:deck]
    cards = sorted(s.hands[1] + s.decks[1])
    before = s.clone()
    kingdom._i02_answer(s, 0, ["cycle_hands", 0, 0], E.SEAT + 1)
    assert sorted(s.hands[1] + s.decks[1]) == cards and len(s.hands[1]) == len(before.hands[1])
    assert revealed(before, s) == shown
    assert s.known[1] == (before.known[1] if deck == 0 else [])
