"""Invariants over thousands of random games of every player count."""

import random
from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from meeple.games.ethnos import data, dump, load, new_game
from meeple.games.ethnos.cards import DRAGON, tribe_cards

PLAYERS = [2, 3, 4, 5, 6]


def full_deck(s) -> Counter:
    c = Counter()
    for t in s.tribes:
        c.update(tribe_cards(t))
    return c


def check_invariants(s, box: Counter, last_glory: list[int]) -> None:
    for seat in range(s.players):
        assert s.supply(seat) >= 0, "more than 26 markers in play"
        assert s.glory[seat] >= last_glory[seat], "glory went down"
    if s.finished:
        return
    assert s.decision() is not None and s.legal_actions(), "a live game must offer a move"
    if s.kind == "orc":
        return  # mid age-end scoring: the hands are already discarded
    where = Counter(c for c in s.deck if c != DRAGON)
    for h in s.hands:
        where.update(h)
    where.update(s.market)
    for bands in s.bands:
        for b in bands:
            where.update(b)
    where.update(s.build)
    assert where == box, "cards were created or lost"
    assert s.deck.count(DRAGON) + s.dragons == data.DRAGONS


def random_game(players: int, seed: int, fairy: bool, check_every: int = 1):
    s = new_game(players, seed=seed, fairy=fairy)
    box = full_deck(s)
    rng = random.Random(seed)
    glory = list(s.glory)
    snapshots = []
    n = 0
    while not s.finished:
        s.apply_action(rng.choice(s.legal_actions()))
        n += 1
        if n % check_every == 0:
            check_invariants(s, box, glory)
        glory = list(s.glory)
        if n % 97 == 0:
            snapshots.append(s.clone())
    check_invariants(s, box, glory)
    return s, snapshots


def check_end(s) -> None:
    assert s.finished and s.decision() is None and not s.legal_actions()
    assert s.winners, "exactly one winner set"
    best = max(s.glory)
    assert all(s.glory[w] == best for w in s.winners)
    assert s.age == s.ages


def check_roundtrip(s) -> None:
    doc = dump(s)
    again = load(doc)
    assert dump(again) == doc
    assert again == s


def check_replay(s, players: int, seed: int, fairy: bool) -> None:
    r = new_game(players, seed=seed, fairy=fairy)
    for m in s.moves:
        r.apply_move(m)
    assert dump(r) == dump(s)


@settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(players=st.sampled_from(PLAYERS), seed=st.integers(0, 2**40), fairy=st.booleans())
def test_random_games_keep_every_invariant(players, seed, fairy):
    s, snaps = random_game(players, seed, fairy)
    check_end(s)
    check_roundtrip(s)
    for snap in snaps:
        check_roundtrip(snap)
        # a loaded mid-game state plays on exactly like the original
        a, b = snap.clone(), load(dump(snap))
        rng_a, rng_b = random.Random(seed), random.Random(seed)
        for _ in range(60):
            if a.finished:
                break
            a.apply_action(rng_a.choice(a.legal_actions()))
            b.apply_action(rng_b.choice(b.legal_actions()))
        assert dump(a) == dump(b)
    check_replay(s, players, seed, fairy)


@pytest.mark.parametrize("players", PLAYERS)
def test_a_thousand_games_per_player_count(players):
    for seed in range(1000):
        s, _ = random_game(players, seed, fairy=seed % 3 == 0, check_every=53)
        check_end(s)
        if seed % 50 == 0:
            check_replay(s, players, seed, seed % 3 == 0)


def test_notation_moves_replay_through_the_apply_command():
    from meeple.core.apply import run_apply

    s, snaps = random_game(4, 11, True)
    start = snaps[0]
    # replaying the notated moves made after a snapshot reaches the same end
    done = len(start.moves)
    out = run_apply({"state": dump(start), "moves": s.moves[done:]})
    assert out["error"] is None
    assert out["state"] == dump(s) | {"rng": out["state"]["rng"]}
