"""The secrecy boundary, and random play over many games keeping the invariants."""

from __future__ import annotations

import json
import random

import pytest

from meeple.games.anunnaki import dump, from_view, load, new_game
from meeple.games.anunnaki.data import DATA, MAX_PLAYERS
from meeple.games.anunnaki.view import determinize, view
from tests.games.anunnaki.helpers import game


def test_view_hides_what_a_seat_cannot_see():
    s = new_game(3, seed=2, first_game=True)
    s.seats[1]["pile"].remove("dagger")
    s.seats[1]["hand"].append("dagger")
    for seat in (0, None):
        v = view(s, seat)
        assert "rng" not in v
        assert set(v["contracts"]["deck"]) == {"?"}
        assert v["seats"][1]["hand"] == ["long_shield", "slingshot", "?"]
        assert set(v["seats"][1]["pile"]) == {"?"}
        assert set(v["artifacts"]["deck"]) == {"?"}
        for a in v["board"]["ancient"].values():
            assert a["tile"] == "?"
        for c in v["board"]["culture"]:
            assert c["up"] or c["token"] == "?"
    mine = view(s, 1)
    assert "dagger" in mine["seats"][1]["hand"] and "?" not in mine["seats"][1]["pile"]
    assert json.dumps(mine)


def test_face_up_things_are_public():
    s = game(2)
    s.anc["ph7"] = ["a4", True, False]
    s.cul[0] = ["k5", True]
    v = view(s, 1)
    assert v["board"]["ancient"]["ph7"]["tile"] == "a4" and v["board"]["culture"][0]["token"] == "k5"


@pytest.mark.parametrize("players", [2, 3, 4])
def test_determinize_and_from_view_agree_with_the_view(players):
    s = new_game(players, seed=players)
    r = random.Random(players)
    for step in range(400):
        if s.is_terminal():
            break
        if step % 40 == 0:
            for seat in range(players):
                v = view(s, seat)
                d = determinize(s, seat, random.Random(step))
                assert view(d, seat) == v
                f = from_view(v, seat, random.Random(step))
                assert view(f, seat) == v
                assert all(f.legal_actions(x) for x in f.dseats)
        d = s.decision()
        seat = d.seats[r.randrange(len(d.seats))]
        s.apply_action(r.choice(s.legal_actions(seat)), seat)


def _invariants(s):
    P = s.players
    for i, sd in enumerate(s.seats):
        assert all(x >= 0 for x in sd["res"]) and sd["mana"] >= 0
        assert 0 <= s.supply(i) <= DATA.setup["followers"]
        assert all(s.fol[h][i] >= 0 for h in s.fol)
        assert len(set(sd["cubes"])) == len(sd["cubes"]) <= DATA.setup["cubes"]
        assert DATA.dom_min <= sd["dom"] <= DATA.dom_max
        assert all(0 <= t < len(DATA.multipliers) for t in sd["tracks"])
        h = DATA.houses[s.houses[i]]
        cards = list(sd["hand"]) + list(sd["pile"])
        b = s.ctx.get("battle")
        if b:
            cards += b["cards"].get(str(i), []) + b["extra"].get(str(i), [])
        assert sorted(cards) == sorted(h["basic_weapons"] + h["advanced_weapons"]), (i, cards)
        built = len(s.settlements_of(i))
        assert built + sd["settle_left"] == DATA.setup["settlements"]
        assert set(sd["summoned"]) <= set(sd["gods_offer"])
        for g in sd["summoned"]:
            assert g in s.gods[i]
        if DATA.major[s.houses[i]]["basic"] != "odin_settlement_units":
            assert s.stl[s.lay.capital[i]] == i
    for hx in s.lay.hexes:
        for o in range(P):
            if s.lay.info[hx]["capital"] is not None and s.lay.info[hx]["capital"] != o:
                assert not s.has_units(hx, o)
        ex = s.exh.get(hx, [])
        info = s.lay.info[hx]
        assert info["capital"] is None or not ex
        assert len(ex) <= info["icons"]
    seen = [c[0] for c in s.cul if c] + [v[0] for v in s.anc.values()] + list(s.removed)
    assert len(seen) == len(set(seen))
    if not s.finished:
        d = s.decision()
        assert d is not None and all(s.legal_actions(x) for x in d.seats)


@pytest.mark.parametrize("players", [2, 3, 4])
def test_random_games_keep_invariants_round_trip_and_replay(players):
    for seed in range(12):
        s = new_game(players, seed=seed)
        r = random.Random(seed)
        n = 0
        while not s.is_terminal():
            d = s.decision()
            seat = d.seats[r.randrange(len(d.seats))]
            s.apply_action(r.choice(s.legal_actions(seat)), seat)
            n += 1
            if n % 25 == 0:
                _invariants(s)
                doc = dump(s)
                assert dump(load(json.loads(json.dumps(doc)))) == doc
        _invariants(s)
        assert s.finished and len(s.winners) == 1 and s.final is not None
        assert s.end_triggered
        turns = [sd["turns"] for sd in s.seats]
        assert len(set(turns)) == 1, turns
        best = max(s.scores())
        assert s.scores()[s.winners[0]] == best
        assert s.winners[0] == max(i for i in range(players) if s.scores()[i] == best)
        t = new_game(players, seed=seed)
        for m in s.moves:
            t.apply_move(m)
        assert dump(t) == dump(s)


def test_simulate_and_bench_commands():
    from meeple.core.bench import bench
    from meeple.core.simulate import simulate

    rep = simulate("anunnaki", 3, [2, 3, 4], seed=1)
    assert rep["errors"] == 0 and rep["games"] == 9
    b = bench("anunnaki", seconds=0.5)
    assert b["moves_per_s"] > 0 and b["players"] == MAX_PLAYERS


def test_ismcts_bot_plays_a_decision():
    from meeple.bots.base import observe
    from meeple.bots.registry import make_bot

    s = new_game(2, seed=4)
    bot = make_bot("ismcts", seed=1, game="anunnaki")
    bot.seconds, bot.iterations = None, 30
    for _ in range(6):
        obs = observe(s)
        a = bot.choose(obs)
        assert a in obs.legal
        s.apply_action(a, obs.seat)
