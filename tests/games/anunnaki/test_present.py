"""The Anunnaki presenter: every event in words (no fallback), every option of
every decision labelled, options only for a seat that must answer, a drawn
weapon named to its owner only, the ranking's tie-break, the lobby options."""

from __future__ import annotations

import random

import pytest

from meeple.core.game import GameError
from meeple.games.anunnaki import new_game
from meeple.games.anunnaki import present as pr

SEATS = [{"name": f"P{i}"} for i in range(4)]
KNOWN = {
    "creation",
    "gain_res",
    "pay_res",
    "exhaust",
    "follower",
    "follower_back",
    "market",
    "forced",
    "vp",
    "discard_god",
    "main",
    "cube",
    "end_trigger",
    "action",
    "move",
    "portal",
    "anu",
    "carry",
    "culture_up",
    "culture",
    "harvest",
    "dom_token",
    "settle",
    "contract",
    "weapon",
    "develop",
    "artifact",
    "mana",
    "summon",
    "fulfil",
    "pandora",
    "battle",
    "reveal",
    "helmet_win",
    "battle_won",
    "strength",
    "end",
    "culture_declined",
    "turn",
    "steal",
    "culture_taken",
    "reward",
    "follower_lost",
    "loki",
    "helmet",
    "composite",
}


@pytest.mark.parametrize("players, seed", [(2, 1), (3, 2), (4, 3)])
def test_random_games_in_words(players, seed):
    s = new_game(players, seed=seed)
    rng = random.Random(seed)
    kinds = set()
    while not s.is_terminal():
        d = s.decision()
        for v in [None, *range(players)]:
            out = pr.decision_for(s, v)
            assert out["kind"] == d.kind and out["prompt"]
            if v is None or v not in d.seats:
                assert "moves" not in out and "options" not in out
            # a seat's own secret weapon choice goes to that seat only
            assert ("chosen" in out) == (v is not None and str(v) in s.secret)
        seat = rng.choice(list(d.seats))
        out = pr.decision_for(s, seat)
        assert [o["move"] for o in out["options"]] == out["moves"]
        for o in out["options"]:
            assert o["label"] and "None" not in o["label"], (d.kind, o)
            if d.kind in ("main", "tile_pick", "develop"):
                assert "tile" in o
        kinds.add(d.kind)
        s.apply_move(rng.choice(out["moves"]))
    for ev in s.log():
        assert ev[0] in KNOWN, ev
        for v in [None, *range(players)]:
            t = pr.describe(ev, SEATS[:players], v)
            assert t["text"] and "None" not in t["text"], (ev, t)
            if ev[3] is not None and ev[3] != v:
                assert t["detail"] is None
                assert str(ev[2]) not in t["text"].replace("an advanced weapon", "")
    rank = pr.ranking(s)
    assert rank[0]["winner"] and rank[0]["seat"] == s.winners[0]
    assert [r["place"] for r in rank] == list(range(1, players + 1))
    sc = pr.scoring(s.log(), s)
    assert sc["total"] == s.scores()
    assert [sum(r["values"][i] for r in sc["rows"]) for i in range(players)] == s.scores()


def test_ranking_tie_goes_to_the_later_seat():
    s = new_game(3, seed=5)
    for sd in s.seats:
        sd["vp"] = 10
    s.seats[0]["vp"] = 12
    s.winners = [0]
    assert [r["seat"] for r in pr.ranking(s)] == [0, 2, 1]


def test_options():
    from meeple.games.anunnaki import SPEC

    assert SPEC.check_options(None) == {}
    assert SPEC.check_options({"houses": ["ellenys", "babylon"]}) == {"houses": ["ellenys", "babylon"]}
    for bad in ({"houses": ["x", "y"]}, {"houses": ["ellenys", "ellenys"]}, {"first_game": 1}, {"fairy": True}):
        with pytest.raises(GameError):
            SPEC.check_options(bad)


def test_meta_has_the_geometry():
    m = pr.meta()
    assert set(m["gaia"]) == {"2", "3", "4"}
    assert all(len(p["hexes"]) == 7 for p in m["planets"].values())
    assert len(m["star"]["spaces"]) == 15 and len(m["tiles"]) == 10


def test_an_answer_taken_for_a_seat_is_told_in_its_words():
    """The forced answer's words keep region names capitalized and name units,
    weapons and tiles ("place a follower in Pharaos 3", "the god Isis")."""
    seats = [{"name": f"P{i}"} for i in range(2)]

    def told(kind, move):
        return pr.describe(("forced", 0, (kind, move), 0), seats, 0)["text"].split("”: ", 1)[1]

    assert told("place_follower", "place ph3") == "place a follower in Pharaos 3"
    assert told("battle", "battle no2") == "battle in Norrenis 2"
    assert told("unit", "god isis") == "the god Isis"
    assert told("unit", "follower") == "a follower"
    assert told("unit", "major") == "their major god"
    assert told("weapon", "weapon dagger") == "the Dagger"
    assert told("develop", "develop 3") == "develop tile 3"
