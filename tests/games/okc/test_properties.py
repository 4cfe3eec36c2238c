"""Random play over many games: invariants, round trips, replay."""

import random
from collections import Counter

import pytest

from meeple.games.okc import cards as C
from meeple.games.okc import data as D
from meeple.games.okc import dump, load, new_game


def faction_cards(s) -> Counter:
    c = Counter()
    for i in range(s.players):
        c.update(s.hands[i] + s.decks[i] + s.discards[i] + s.site[i] + s.hq[i])
        c.update(sp[1] for sp in s.boards[i] if sp is not None)
        if s.bids[i] is not None:
            c.update([s.bids[i]])
        if s.joust[i] is not None:
            c.update([s.joust[i]])
        c.update(s.pick[i][1:])
    c.update(s.lost)
    c.update(s.burned)
    for x in s.councils:
        c.update(x)
    for r in range(3):
        c.update(s.facedown[r])
        c.update(e[0] for e in s.active[r])
    return c


def check(s, box, ks_total):
    held = faction_cards(s)
    if s.kind == "council":
        held.update([s.darg[0]])  # the card being governed
    if s.kind == "space":
        held.update([s.darg[1]])  # the occupier being placed
    assert held == box, "faction cards created or lost"
    ks = (
        s.kdeck
        + s.kdiscard
        + [k for k in s.road if k is not None]
        + [sp[0] for b in s.boards for sp in b if sp is not None]
    )
    ks += [k for o in s.offer for k in o]
    ks += (
        s.kburned
        + [k for x in s.ksupply for k in x]
        + [x[1] for r in s.kregion for x in r]
        + [x[1] for r in s.kloc for x in r]
    )
    if s.kind in ("space", "koccupy", "kplace"):
        ks.append(s.darg[0])  # the card being placed on a board space
    assert len(ks) == len(set(ks)) == ks_total, "kingdom cards created or lost"
    for i in range(s.players):
        assert s.sup_board[i] + sum(s.sup_map[i]) + s.lost_sup[i] == D.SUPPORTERS
        assert D.MIN_HAND_SIZE <= s.hand_size[i] <= D.MAX_HAND_SIZE
        assert s.influence[i] >= 0 and s.lore[i] >= 0
        assert sum(s.tokens[i]) <= D.FACTION_TOKENS
        if s.kind not in ("trim", "necropolis", "necro_discard", "advanced") and not any(
            t[0] == "trim" for t in s.todo
        ):
            assert len(s.hands[i]) <= s.hsize(i)
    assert 0 <= s.favour_uses <= D.FAVOUR_USES
    if not s.finished:
        d = s.decision()
        assert d is not None and all(s.legal_actions(x) for x in d.seats)


def play(p, seed, every=7):
    s = new_game(p, seed=seed)
    box = faction_cards(s)
    rng = random.Random(seed)
    n = 0
    while not s.finished:
        d = s.decision()
        seat = rng.choice(d.seats)
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
        n += 1
        if n % every == 0:
            check(s, box, C.NK)
            doc = dump(s)
            assert load(doc) == s
    check(s, box, C.NK)
    return s


@pytest.mark.parametrize("p", [2, 3, 4])
def test_random_games_keep_invariants(p):
    for seed in range(40):
        s = play(p, seed)
        assert s.finished and s.round == s.rounds and len(s.winners) == 1
        w = s.winners[0]
        assert s.influence[w] == max(s.influence)
        assert s.decision() is None and s.legal_actions() == []


@pytest.mark.parametrize("p", [2, 3, 4])
def test_replay_from_seed_and_moves(p):
    for seed in range(10):
        s = play(p, 1000 + seed, every=10**9)
        r = new_game(p, seed=1000 + seed)
        for m in s.moves:
            r.apply_move(m)
        assert r == s


def test_skirmish_games():
    for seed in range(10):
        s = new_game(3, seed=seed, rounds=4)
        rng = random.Random(seed)
        while not s.finished:
            s.apply_legal(rng.choice(s.legal_actions()))
        assert s.round == 4


def test_advanced_setup_games():
    for p in (2, 3, 4):
        for seed in range(6):
            s = new_game(p, seed=seed, advanced=True)
            box = faction_cards(s)
            rng = random.Random(seed)
            while not s.finished:
                d = s.decision()
                seat = rng.choice(d.seats)
                s.apply_action(rng.choice(s.legal_actions(seat)), seat)
                check(s, box, C.NK)
            r = new_game(p, seed=seed, advanced=True)
            for m in s.moves:
                r.apply_move(m)
            assert r == s
