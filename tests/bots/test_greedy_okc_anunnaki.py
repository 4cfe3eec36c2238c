"""The greedy (medium) bots of The Old King's Crown and Anunnaki: whole games
at every player count, legal answers to every decision, no peeking, and a
clear win over random on fixed seeds (deterministic: it cannot flake)."""

import random

import pytest

from meeple import games
from meeple.arena.match import play_game
from meeple.bots.base import observe
from meeple.bots.registry import greedy_class, make_bot
from tests.random_play import mid_game

GAMES = ("okc", "anunnaki")


@pytest.mark.parametrize("name", GAMES)
def test_greedy_is_the_medium_level(name):
    bot = make_bot("medium", seed=1, game=name)
    assert type(bot) is greedy_class(name) and bot.policy is games.get(name).heuristics.policy


@pytest.mark.parametrize("name", GAMES)
def test_greedy_completes_games_at_every_player_count(name):
    g = games.get(name)
    for players in range(g.min_players, g.max_players + 1):
        lineup = ["greedy"] + ["random"] * (players - 1)
        rec = play_game(name, lineup, seed=40 + players)  # every answer goes through apply_action (checked)
        assert rec["ok"], rec
        assert sum(rec["returns"]) == pytest.approx(1.0)


@pytest.mark.parametrize("name", GAMES)
def test_policy_answers_every_decision_legally(name):
    """Every seat plays the policy, at every player count: each answer is legal
    for the deciding seat (simultaneous decisions included), and the games end."""
    g = games.get(name)
    policy = games.get(name).heuristics.policy
    kinds = set()
    for players in range(g.min_players, g.max_players + 1):
        s = g.new_game(players, seed=70 + players)
        rng = random.Random(players)
        steps = 0
        while not s.is_terminal():
            d = s.decision()
            kinds.add(d.kind)
            a = policy(s, rng)
            assert a in s.legal_actions(d.seats[0]), (d.kind, a)
            s.apply_action(a, d.seats[0])
            steps += 1
            assert steps < 5000, "a greedy self-play game must end"
    assert len(kinds) >= 10, kinds


@pytest.mark.parametrize("name", GAMES)
def test_policy_is_deterministic_given_its_rng(name):
    g = games.get(name)
    policy = games.get(name).heuristics.policy
    picks = []
    for _ in range(2):
        s = g.new_game(2, seed=5)
        rng = random.Random(9)
        moves = []
        for _ in range(150):
            if s.is_terminal():
                break
            d = s.decision()
            a = policy(s, rng)
            moves.append(a)
            s.apply_action(a, d.seats[0])
        picks.append(moves)
    assert picks[0] == picks[1]


# the sample against random: fixed seeds, seats rotated; measured 19/20 (OKC)
# and 29/30 (Anunnaki) when written, random against random wins about half
BEAT_RANDOM = {"okc": (20, 16), "anunnaki": (12, 9)}


@pytest.mark.parametrize("name", GAMES)
def test_greedy_beats_random_on_fixed_seeds(name):
    games_n, need = BEAT_RANDOM[name]
    wins = 0.0
    for i in range(games_n):
        lineup = ["greedy", "random"] if i % 2 == 0 else ["random", "greedy"]
        rec = play_game(name, lineup, seed=9000 + i)
        assert rec["ok"], rec
        wins += rec["returns"][lineup.index("greedy")]
    assert wins >= need, f"greedy won {wins} of {games_n} against random (need {need})"


# ---------------------------------------------------------------- no peeking
def _okc_twin(s, seat, rng, own_deck=True):
    """Other seats' hand cards swapped with cards of their decks; the decks
    shuffled (the seat's own too, unless `own_deck` is False)."""
    t = s.clone()
    for o in range(t.players):
        if o != seat:
            hand, deck = t.hands[o], t.decks[o]
            for i in range(min(len(hand), len(deck))):
                hand[i], deck[i] = deck[i], hand[i]
    for o, d in enumerate(t.decks):
        if own_deck or o != seat:
            rng.shuffle(d)
    return t


def _anunnaki_twin(s, seat, rng, own_deck=True):
    """Another seat's hidden advanced weapon swapped with one of its pile; the
    contract deck shuffled."""
    from meeple.games.anunnaki.data import DATA

    t = s.clone()
    for o, sd in enumerate(t.seats):
        adv = [i for i, w in enumerate(sd["hand"]) if DATA.weapons[w]["kind"] == "advanced"]
        if o != seat and adv and sd["pile"]:
            i = adv[0]
            sd["hand"][i], sd["pile"][0] = sd["pile"][0], sd["hand"][i]
            break
    rng.shuffle(t.deck)
    return t


TWINS = {"okc": _okc_twin, "anunnaki": _anunnaki_twin}
NOPEEK_CASES = [
    ("okc", 2, 11, 40),
    ("okc", 3, 12, 120),
    ("okc", 4, 13, 200),
    ("anunnaki", 2, 11, 150),
    ("anunnaki", 3, 12, 300),
    ("anunnaki", 4, 13, 500),
]


@pytest.mark.parametrize("name,players,seed,steps", NOPEEK_CASES)
@pytest.mark.parametrize("spec", ["greedy", "ismcts:40"])
def test_same_view_same_move(name, players, seed, steps, spec):
    s = mid_game(name, players, seed, steps)
    assert not s.is_terminal()
    seat = s.decision().seats[0]
    twin = TWINS[name](s, seat, random.Random(seed))
    assert twin.to_json() != s.to_json(), "the twin must differ in hidden cards"
    assert twin.view(seat) == s.view(seat)
    a = make_bot(spec, seed=5, game=name).choose(observe(s, seat))
    b = make_bot(spec, seed=5, game=name).choose(observe(twin, seat))
    assert a == b
    assert a in s.legal_actions(seat)


@pytest.mark.parametrize("name", GAMES)
def test_policy_does_not_read_other_hands(name):
    """The policy itself (as ISMCTS calls it on a full state) answers the same
    whatever another seat holds: over a game's decisions, on the state and on
    its twin, with the same rng. (The seat's own deck order stays: a lookahead
    that draws sees the state's own draw, a chance outcome.)"""
    twin_of = TWINS[name]
    policy = games.get(name).heuristics.policy
    s = games.get(name).new_game(3, seed=21)
    rng = random.Random(3)
    checked = 0
    while not s.is_terminal() and checked < 120:
        d = s.decision()
        seat = d.seats[0]
        twin = twin_of(s, seat, random.Random(checked), own_deck=False)
        if twin.view(seat) == s.view(seat) and len(s.legal_actions(seat)) > 1:
            assert policy(s, random.Random(checked)) == policy(twin, random.Random(checked)), d.kind
            checked += 1
        s.apply_action(rng.choice(s.legal_actions(seat)), seat)
    assert checked >= 60
