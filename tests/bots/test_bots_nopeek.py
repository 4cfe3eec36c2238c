"""Bots see only their seat's view: same view, same seed -> same move."""

import random
import types

import pytest

from meeple.bots import ismcts
from meeple.bots.base import observe
from meeple.bots.registry import make_bot, parse_spec
from meeple.core.game import GameError
from meeple.games import ethnos
from meeple.games.ethnos.cards import DRAGON


def _mid_game(players, seed, steps):
    s = ethnos.new_game(players, seed=seed)
    rng = random.Random(seed)
    for _ in range(steps):
        if s.is_terminal():
            break
        s.apply_legal(rng.choice(s.legal_actions()))
    return s


def _hidden_twin(s, seat, rng):
    """A copy of `s` whose hidden cards differ but whose view for `seat` is equal."""
    t = s.clone()
    changed = False
    for o in range(t.players):
        if o == seat:
            continue
        hand = t.hands[o]
        for i, c in enumerate(hand):
            for j, d in enumerate(t.deck):
                if d != c and d != DRAGON:
                    hand[i], t.deck[j] = d, c
                    changed = True
                    break
            if changed:
                break
        if changed:
            break
    rng.shuffle(t.deck)
    changed = changed or t.deck != s.deck
    return t, changed


CASES = [(2, 11, 40), (2, 12, 90), (4, 13, 60), (4, 14, 150), (3, 15, 120), (4, 16, 300)]


@pytest.mark.parametrize("players,seed,steps", CASES)
@pytest.mark.parametrize("spec", ["greedy", "ismcts:150", "random"])
def test_same_view_same_move(players, seed, steps, spec):
    s = _mid_game(players, seed, steps)
    assert not s.is_terminal()
    seat = s.decision().seat
    twin, changed = _hidden_twin(s, seat, random.Random(seed))
    assert changed, "the twin must differ in hidden cards"
    assert twin.to_json() != s.to_json()
    assert twin.view(seat) == s.view(seat)
    a = make_bot(spec, seed=5).choose(observe(s, seat))
    b = make_bot(spec, seed=5).choose(observe(twin, seat))
    assert a == b
    assert a in s.legal_actions()


def test_ismcts_uses_its_seed():
    s = _mid_game(4, 21, 80)
    obs = observe(s)
    picks = {make_bot("ismcts:100", seed=k).choose(obs) for k in range(6)}
    assert picks <= set(obs.legal)


@pytest.mark.parametrize(
    "lineup", [["greedy", "random"], ["ismcts:20", "greedy", "random"], ["greedy", "greedy", "ismcts:10", "random"]]
)
def test_whole_games_are_legal(lineup):
    from meeple.arena.match import play_game

    rec = play_game("ethnos", lineup, seed=3)  # every action goes through apply_action (checked)
    assert rec["ok"], rec
    assert sum(rec["returns"]) == pytest.approx(1.0)


def test_greedy_every_decision_kind_over_many_games():
    from meeple.games.ethnos.bot import policy

    kinds = set()
    for g in range(20):
        s = ethnos.new_game(2 + g % 4, seed=100 + g, fairy=g % 2 == 0)
        rng = random.Random(g)
        while not s.is_terminal():
            kinds.add(s.kind)
            a = policy(s, rng)
            assert a in s.legal_actions(), (s.kind, a)
            s.apply_legal(a)
    assert {"turn", "band"} <= kinds


@pytest.mark.parametrize(
    "spec,msg",
    [
        ("alphazero", "unknown bot"),
        ("ismcts:fast", "bad ISMCTS budget"),
        ("greedy:1s", "takes no budget"),
        ("ismcts:0", "from 1"),
        ("ismcts:0s", "more than 0"),
        ("", "empty bot name"),
    ],
)
def test_registry_errors(spec, msg):
    with pytest.raises(GameError, match=msg):
        make_bot(spec)


def test_registry_specs():
    assert parse_spec("ismcts") == ("ismcts", {"seconds": 1.0})
    assert parse_spec("ismcts:0.5s") == ("ismcts", {"seconds": 0.5})
    assert parse_spec("ismcts:250ms") == ("ismcts", {"seconds": 0.25})
    assert parse_spec("ismcts:2000") == ("ismcts", {"iterations": 2000})
    assert parse_spec("easy")[0] == "random"
    assert parse_spec("medium")[0] == "greedy"
    assert parse_spec("hard") == ("ismcts", {"seconds": 1.0})
    with pytest.raises(GameError, match="unknown game"):
        make_bot("greedy", game="chess")


def test_ismcts_time_budget_is_kept(monkeypatch):
    """ "ismcts:0.2s" searches 0.2 s of its clock, read here from a clock of the
    test's own that moves on 1/1024 s at each reading (the search reads it
    every 8 simulations): it stops at the first reading past 0.2 s (204.8
    steps), or before when no other move can catch the leader."""
    step = 1 / 1024
    readings = iter(range(10**6))

    def tick() -> float:
        return next(readings) * step

    monkeypatch.setattr(ismcts, "time", types.SimpleNamespace(thread_time=tick, perf_counter=tick))
    s = _mid_game(4, 7, 150)
    bot = make_bot("ismcts:0.2s", seed=1)
    assert bot.seconds == 0.2 and bot.clock == "cpu"
    a = bot.choose(observe(s))
    assert a in s.legal_actions()
    spent = round(bot.last_seconds / step)  # readings of the clock, the start's excluded
    assert spent == bot.last_iterations // 8 + 1  # one per 8 simulations, and the last
    if bot.last_stopped_early:
        assert spent <= 205
    else:
        assert spent == 206 and bot.last_iterations == 205 * 8
    assert bot.last_iterations > 20


def test_bots_decide_between_ages():
    """The orc cash/keep decision comes after the third dragon (dragons == 3)."""
    found = 0
    for g in range(200):
        s = ethnos.new_game(4, seed=g, tribes=["orc", "dwarf", "elf", "giant", "troll", "wizard"])
        rng = random.Random(g)
        while not s.is_terminal():
            if s.kind == "orc":
                obs = observe(s)
                assert make_bot("greedy").choose(obs) in obs.legal
                assert make_bot("ismcts:30").choose(obs) in obs.legal
                found += 1
                break
            s.apply_legal(rng.choice(s.legal_actions()))
        if found >= 2:
            break
    assert found >= 2


def test_ismcts_is_game_agnostic():
    """ISMCTS plays another hosted game through the core interface and that
    game's own search helpers (the greedy bots of OKC and Anunnaki are tested
    in test_greedy_okc_anunnaki.py)."""
    from meeple.arena.match import play_game

    rec = play_game("okc", ["ismcts:4", "greedy", "random"], seed=2)
    assert rec["ok"], rec
