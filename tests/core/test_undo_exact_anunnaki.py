"""Anunnaki's reveal marks are exact: undo is refused only when a move showed
someone something (issue #16: "undo is accepted exactly when nothing was
revealed"), judged by the sampling oracle (`reveal_oracle`) over whole random
games at every player count. A few sampled worlds show most reveals; one the
marks declare and three worlds miss is sampled again, 24 worlds per observer,
before it counts as needless.

One kind of refusal stays on purpose: a move with a secret part (the advanced
weapon drawn, "draw ?" to the others) whose secret is then partly shown in the
same move (whether the seat can fight the battle that follows). The oracle
reads that as the drawer's free choice; the issue counts a secret choice
disclosed as a reveal, so the mark stays. Those are counted and bounded."""

from __future__ import annotations

import random
import sys
from pathlib import Path

import pytest

from meeple import games
from meeple.core.present import moves_for_seat
from meeple.core.undo import revealed
from meeple.games.anunnaki.actions import CONTRACT

sys.path.insert(0, str(Path(__file__).parent))
from reveal_oracle import shown_to  # noqa: E402

GAMES = [(2, 7, {}), (3, 8, {"first_game": True}), (4, 9, {}), (3, 12, {})]


def _refusals(players: int, seed: int, options: dict):
    """(moves, needless refusals as (ply, move, secret part hidden), misses)."""
    rng, worlds = random.Random(seed), random.Random(~seed)
    state = games.get("anunnaki").new_game(players, seed=seed, **options)
    moves, needless, misses = 0, [], []
    while not state.is_terminal():
        seat = rng.choice(state.decision().seats)
        move = rng.choice(moves_for_seat(state, seat))
        after = state.clone()
        after.apply_move(move)
        moves += 1
        flag = revealed(state, after)
        truth = any(shown_to(state, after, seat, move, o, worlds, 3) for o in (None, *range(players)))
        if flag and not truth:  # one world proves a reveal; its absence needs more of them
            truth = any(shown_to(state, after, seat, move, o, worlds, 24) for o in (None, *range(players)))
        if flag and not truth:
            needless.append((moves, move, state._secret_move(move) != move))
        elif truth and not flag:
            misses.append((moves, move))
        state = after
    return moves, needless, misses


@pytest.mark.parametrize("players,seed,options", GAMES, ids=[f"{p}p-s{s}" for p, s, _ in GAMES])
def test_no_needless_refusal(players, seed, options):
    moves, needless, misses = _refusals(players, seed, options)
    assert not misses, f"revealed but declared silent: {misses[:5]}"
    unexplained = [n for n in needless if not n[2]]
    assert not unexplained, f"undo refused although nothing was shown: {unexplained[:5]}"
    assert len(needless) <= max(1, moves // 500), f"too many secret-part refusals: {needless}"


def test_the_last_contract_of_the_deck_is_no_reveal():
    s = games.get("anunnaki").new_game(2, seed=3)
    taken = s.display[0]
    for deck, shown in ((s.deck[-1:], False), (s.deck[-2:], True)):
        t = s.clone()
        t.deck = list(deck)
        before = t.clone()
        t.ask("contract", 0, {})
        t.take_action(CONTRACT + int(taken[1:]) - 1, 0)
        assert t.display[-1] == deck[-1] and revealed(before, t) is shown


def test_whether_a_seat_can_fight_tells_only_when_its_hidden_hand_decides():
    s = games.get("anunnaki").new_game(2, seed=3)
    sd = s.seats[0]
    sd["res"] = [0, 0, 0, 0]  # only the free weapons can be paid
    sd["hand"], sd["pile"] = ["slingshot", "dagger"], ["short_bow"]
    t = s.clone()
    assert t._armed(0, True) and revealed(s, t)  # dagger or short_bow in hand: unknown to others
    sd["hand"], sd["pile"] = ["slingshot", "dagger"], []
    t = s.clone()
    assert t._armed(0, True) and not revealed(s, t)  # nothing hidden left
    sd["hand"], sd["pile"] = ["slingshot", "short_bow"], ["double_axe"]
    t = s.clone()
    assert not t._armed(0, True) and not revealed(s, t)  # no hand they think possible could pay
